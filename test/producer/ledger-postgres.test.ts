import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { openLedger } from '../../src/producer/ledger/open-ledger.ts';
import { POSTGRES_SCHEMA_VERSION } from '../../src/producer/ledger/postgres-schema.ts';
import { ledgerContract } from './ledger-contract.ts';
import { dismiss } from './support/entries.ts';
import { createDatabase, sql, type TestDatabase } from './support/postgres.ts';
import { assertConsistentWrites, Child, twoWriters } from './support/processes.ts';

/** The PostgreSQL store: the shared contract, then what only a server store has. */

let db: TestDatabase;
before(async () => {
  db = await createDatabase('ledger');
});
after(async () => {
  await db?.drop();
});

/** Drops the ledger's tables, so the next open creates them as on first use. */
const resetSchema = () =>
  sql(db.url, 'DROP TABLE IF EXISTS entries, entry_sequence, leases, deliveries, ledger_schema');

ledgerContract('PostgreSQL', async () => {
  await resetSchema();
  const ledger = await openLedger(db.url, { create: true });
  return {
    ledger,
    reopen: () => openLedger(db.url, { create: true }),
    cleanup: () => ledger.close(),
  };
});

describe('PostgreSQL ledger database', () => {
  test('the schema is created on first use, at the current version, payload as json', async () => {
    await resetSchema();
    await (await openLedger(db.url.replace(/^postgres:/, 'postgresql:'), { create: true })).close();
    const version = await sql(db.url, 'SELECT version FROM ledger_schema');
    assert.deepEqual(version.rows, [{ version: POSTGRES_SCHEMA_VERSION }]);
    const columns = await sql(
      db.url,
      `SELECT column_name, data_type FROM information_schema.columns
       WHERE table_name = 'entries' ORDER BY ordinal_position`,
    );
    assert.deepEqual(
      columns.rows.map((row) => `${row.column_name} ${row.data_type}`),
      [
        'id bigint',
        'at text',
        'actor text',
        'type text',
        'reason text',
        'payload json',
        'post_id text',
      ],
    );
  });

  test('a database without the ledger is refused unless asked to create it, and nothing is created', async () => {
    await resetSchema();
    await assert.rejects(openLedger(db.url), (error: Error) => {
      assert.equal(error.name, 'LedgerMissingError');
      assert.match(
        error.message,
        /^no ledger in the PostgreSQL database postgres:\/\/.+ \(LEDGER_URL\): create it once with `reset-records ledger-init`/,
      );
      return true;
    });
    const tables = await sql(db.url, "SELECT to_regclass('ledger_schema') AS t");
    assert.deepEqual(tables.rows, [{ t: null }]);
    await (await openLedger(db.url, { create: true })).close();
    await (await openLedger(db.url)).close();
  });

  test('a database written by a newer schema version is refused, untouched', async () => {
    await resetSchema();
    await (await openLedger(db.url, { create: true })).close();
    await sql(db.url, 'UPDATE ledger_schema SET version = 99');
    await assert.rejects(openLedger(db.url, { create: true }), /schema version is 99, newer than/);
    const version = await sql(db.url, 'SELECT version FROM ledger_schema');
    assert.deepEqual(version.rows, [{ version: 99 }]);
    await resetSchema();
  });

  test('errors never show the password of LEDGER_URL', async () => {
    const url = 'postgres://postgres:Sup3r-Secret-Pw@127.0.0.1:1/nowhere';
    await assert.rejects(openLedger(url, { create: true }), (error: Error) => {
      const everything = `${error.message} ${error.stack} ${JSON.stringify(error)} ${String(error.cause)}`;
      assert.doesNotMatch(everything, /Sup3r-Secret-Pw/);
      assert.match(
        error.message,
        /cannot open the PostgreSQL ledger postgres:\/\/\*\*\*:\*\*\*@127\.0\.0\.1:1\/nowhere/,
      );
      return true;
    });
    await assert.rejects(
      openLedger('postgres://user:Sup3r-Secret-Pw@[bad/x', { create: true }),
      (error: Error) => {
        assert.doesNotMatch(`${error.message} ${JSON.stringify(error)}`, /Sup3r-Secret-Pw/);
        assert.match(error.message, /LEDGER_URL/);
        return true;
      },
    );
  });
});

describe('PostgreSQL ledger across processes', () => {
  test('two processes, 200 transacts each, on a new database: 400 entries, ids 1..400, consistent', async (t) => {
    // Its own database: both processes create the schema at the same moment.
    const race = await createDatabase('race');
    try {
      await twoWriters(race.url, 200);
      const ledger = await openLedger(race.url, { create: true });
      try {
        const switches = assertConsistentWrites(await ledger.entries(), 200);
        t.diagnostic(`the writer changed ${switches} times along the ids`);
      } finally {
        await ledger.close();
      }
    } finally {
      await race.drop();
    }
  });

  test('a process killed inside decide, holding the write lock, leaves the ledger as before', async () => {
    await resetSchema();
    const ledger = await openLedger(db.url, { create: true });
    try {
      await ledger.transact(() => ({ append: [dismiss('before')], result: null }));
      const child = new Child('ledger-crash.ts', [db.url, 'in-decide']);
      assert.equal((await child.exited).signal, 'SIGKILL', child.stderr);
      const { appended } = await ledger.transact(() => ({ append: [dismiss('after')], result: 0 }));
      assert.deepStrictEqual(appended, [{ ...dismiss('after'), id: 2 }]);
      assert.deepEqual(
        (await ledger.entries()).map((entry) => entry.id),
        [1, 2],
      );
    } finally {
      await ledger.close();
    }
  });

  test('a process killed after the first insert of a three-entry append leaves no part of it', async () => {
    await resetSchema();
    const ledger = await openLedger(db.url, { create: true });
    try {
      await ledger.transact(() => ({ append: [dismiss('before')], result: null }));
      // The second insert (actor `stall`) sleeps in a trigger, after the first one was made.
      await sql(
        db.url,
        `CREATE OR REPLACE FUNCTION stall() RETURNS trigger LANGUAGE plpgsql AS
           $$ BEGIN PERFORM pg_sleep(4); RETURN NEW; END $$;
         CREATE TRIGGER stall BEFORE INSERT ON entries
           FOR EACH ROW WHEN (NEW.actor = 'stall') EXECUTE FUNCTION stall();`,
      );
      const child = new Child('ledger-crash.ts', [db.url, 'mid-append']);
      await child.waitForLine('deciding');
      await waitUntil(async () => {
        const sleeping = await sql(
          db.url,
          `SELECT count(*)::int AS n FROM pg_stat_activity
           WHERE datname = $1 AND wait_event = 'PgSleep'`,
          [db.name],
        );
        return sleeping.rows[0]?.n === 1;
      });
      child.process.kill('SIGKILL');
      assert.equal((await child.exited).signal, 'SIGKILL');
      assert.doesNotMatch(child.stdout, /committed/);
      // The server finishes the sleep, finds the client gone and rolls back; this write
      // waits for that (the lock) and then continues the ids without a gap.
      const { appended } = await ledger.transact(() => ({ append: [dismiss('after')], result: 0 }));
      assert.deepStrictEqual(appended, [{ ...dismiss('after'), id: 2 }]);
      assert.deepStrictEqual(await ledger.entries(), [
        { ...dismiss('before'), id: 1 },
        { ...dismiss('after'), id: 2 },
      ]);
      await sql(db.url, 'DROP TRIGGER stall ON entries; DROP FUNCTION stall()');
    } finally {
      await ledger.close();
    }
  });
});

async function waitUntil(condition: () => Promise<boolean>, limitMs = 10_000): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
