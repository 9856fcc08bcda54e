import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import Database from 'libsql';
import { openLedger } from '../../src/producer/ledger/open-ledger.ts';
import { SQLITE_SCHEMA_VERSION, userVersion } from '../../src/producer/ledger/sqlite-schema.ts';
import { ledgerContract } from './ledger-contract.ts';
import { dismiss } from './support/entries.ts';
import { assertConsistentWrites, Child, twoWriters } from './support/processes.ts';

/** The SQLite store: the shared contract, then what only a file store has. */

const ROOT = mkdtempSync(join(tmpdir(), 'ledger-sqlite-'));
after(() => rmSync(ROOT, { recursive: true, force: true }));

let counter = 0;
/** A ledger file path not used before, in a directory that does not exist yet. */
const freshPath = () => join(ROOT, `case-${++counter}`, 'nested', 'ledger.db');

ledgerContract('SQLite', async () => {
  const url = `sqlite:${freshPath()}`;
  const ledger = await openLedger(url, { create: true });
  return { ledger, reopen: () => openLedger(url, { create: true }), cleanup: () => ledger.close() };
});

/** A plain connection to inspect or tamper with the file, as an operator might. */
function inspect<T>(path: string, fn: (db: Database.Database) => T): T {
  const db = new Database(path, { timeout: 5_000 });
  try {
    return fn(db);
  } finally {
    db.close();
  }
}

describe('SQLite ledger file', () => {
  test('sqlite:PATH is relative to the current directory; directories and file are created', async () => {
    const base = join(ROOT, `relative-${++counter}`);
    const previous = process.cwd();
    process.chdir(ROOT);
    try {
      const ledger = await openLedger(`sqlite:./relative-${counter}/data/ledger.db`, {
        create: true,
      });
      await ledger.close();
    } finally {
      process.chdir(previous);
    }
    assert.equal(existsSync(join(base, 'data', 'ledger.db')), true);
  });

  test('the file is in WAL mode, at the current schema version, with the expected tables', async () => {
    const path = freshPath();
    const ledger = await openLedger(`sqlite:${path}`, { create: true });
    await ledger.close();
    inspect(path, (db) => {
      assert.deepEqual(db.prepare('PRAGMA journal_mode').raw(true).get(), ['wal']);
      assert.equal(userVersion(db), SQLITE_SCHEMA_VERSION);
      const tables = db
        .prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
        .raw(true)
        .all()
        .map((row) => (row as string[])[0]);
      assert.deepEqual(tables, ['deliveries', 'entries', 'leases', 'sqlite_sequence']);
    });
  });

  test('a file written by a newer schema version is refused, untouched', async () => {
    const path = freshPath();
    await (await openLedger(`sqlite:${path}`, { create: true })).close();
    inspect(path, (db) => db.exec('PRAGMA user_version = 99'));
    await assert.rejects(
      openLedger(`sqlite:${path}`, { create: true }),
      /schema version is 99, newer than/,
    );
    inspect(path, (db) => assert.equal(userVersion(db), 99));
  });

  test('a file that is not a ledger database is refused with its path', async () => {
    const path = join(ROOT, 'not-a-db.txt');
    writeFileSync(path, 'hello, this is not SQLite '.repeat(100));
    await assert.rejects(openLedger(`sqlite:${path}`, { create: true }), (error: Error) =>
      error.message.startsWith(`cannot open the SQLite ledger ${path}:`),
    );
  });
});

describe('SQLite ledger across processes', () => {
  test('two processes, 200 transacts each, on a new file: 400 entries, ids 1..400, consistent', async (t) => {
    const path = freshPath();
    await twoWriters(`sqlite:${path}`, 200);
    const ledger = await openLedger(`sqlite:${path}`, { create: true });
    try {
      const switches = assertConsistentWrites(await ledger.entries(), 200);
      t.diagnostic(`the writer changed ${switches} times along the ids`);
    } finally {
      await ledger.close();
    }
  });

  test('a process killed inside decide, holding the write lock, leaves the ledger as before', async () => {
    const url = `sqlite:${freshPath()}`;
    const ledger = await openLedger(url, { create: true });
    try {
      await ledger.transact(() => ({ append: [dismiss('before')], result: null }));
      const child = new Child('ledger-crash.ts', [url, 'in-decide']);
      assert.equal((await child.exited).signal, 'SIGKILL', child.stderr);
      // The lock died with the process: this write does not wait for the busy timeout.
      const started = Date.now();
      const { appended } = await ledger.transact(() => ({ append: [dismiss('after')], result: 0 }));
      assert.ok(Date.now() - started < 1_000);
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
    const path = freshPath();
    const url = `sqlite:${path}`;
    const ledger = await openLedger(url, { create: true });
    try {
      await ledger.transact(() => ({ append: [dismiss('before')], result: null }));
      // A trigger that keeps the second insert (actor `stall`) busy for minutes, so the
      // process is surely between its first and its last insert when it is killed.
      inspect(path, (db) =>
        db.exec(`
          CREATE TABLE stall_rows (x INTEGER);
          WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 3000)
            INSERT INTO stall_rows SELECT x FROM n;
          CREATE TRIGGER stall AFTER INSERT ON entries WHEN NEW.actor = 'stall' BEGIN
            SELECT max(a.x * b.x + c.x) FROM stall_rows a, stall_rows b, stall_rows c;
          END;
        `),
      );
      const child = new Child('ledger-crash.ts', [url, 'mid-append']);
      await child.waitForLine('deciding');
      await new Promise((resolve) => setTimeout(resolve, 300));
      child.process.kill('SIGKILL');
      assert.equal((await child.exited).signal, 'SIGKILL');
      assert.doesNotMatch(child.stdout, /committed/);
      inspect(path, (db) => db.exec('DROP TRIGGER stall; DROP TABLE stall_rows;'));
      assert.deepStrictEqual(await ledger.entries(), [{ ...dismiss('before'), id: 1 }]);
      const { appended } = await ledger.transact(() => ({ append: [dismiss('after')], result: 0 }));
      assert.deepStrictEqual(appended, [{ ...dismiss('after'), id: 2 }]);
    } finally {
      await ledger.close();
    }
  });
});

describe('LEDGER_URL', () => {
  const refused = [
    '',
    'sqlite:',
    'sqlite://./data/ledger.db',
    'file:./data/ledger.db',
    './data/ledger.db',
    'mysql://admin:hunter2secret@db.example/ledger',
    'redis://:hunter2secret@127.0.0.1:6379',
    'admin:hunter2secret@db.example',
  ];
  for (const url of refused) {
    test(`refuses ${JSON.stringify(url)}, naming LEDGER_URL and the accepted forms`, async () => {
      await assert.rejects(openLedger(url, { create: true }), (error: Error) => {
        assert.match(error.message, /^LEDGER_URL must be sqlite:PATH/);
        assert.match(error.message, /postgres:\/\//);
        assert.match(error.message, /sqlite:\.\/data\/ledger\.db/);
        assert.doesNotMatch(error.message, /hunter2secret/);
        return true;
      });
    });
  }
});
