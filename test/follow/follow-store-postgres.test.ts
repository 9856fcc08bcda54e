import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { pino } from 'pino';
import type { FollowStore } from '../../src/service/follow/store/follow-store.ts';
import { openFollowStore } from '../../src/service/follow/store/open-follow-store.ts';
import { createDatabase, sql, type TestDatabase } from '../producer/support/postgres.ts';
import { followStoreSuite } from './follow-store-suite.ts';

/**
 * The PostgreSQL follow store: the shared suite in a database of this file's own (its
 * tables dropped before each test, so each open creates them as on first use), then what
 * only a server store has.
 */

let db: TestDatabase;
before(async () => {
  db = await createDatabase('follow');
  // Commits that do not wait for their WAL to reach the disk: the suite saves some 3,500
  // subscriptions, one transaction each, and a crash of the server is not what it tests.
  await sql(db.url, `ALTER DATABASE ${db.name} SET synchronous_commit = off`);
});
after(async () => {
  await db?.drop();
});
const logger = pino({ level: 'silent' });

/** Drops the store's tables and function, so that the next open creates them as on first use. */
const dropTables = () =>
  sql(
    db.url,
    `DROP TABLE IF EXISTS follow_topics, follow_subscriptions, follow_claims, follow_state, follow_schema;
     DROP FUNCTION IF EXISTS follow_save`,
  );

followStoreSuite(
  'PostgreSQL',
  async () => {
    await dropTables();
    const opened: FollowStore[] = [];
    const openStore = async () => {
      const store = await openFollowStore(db.url, { logger });
      opened.push(store);
      return store;
    };
    return {
      store: await openStore(),
      openAnother: openStore,
      url: db.url,
      storedClaims: async () =>
        Number((await sql(db.url, 'SELECT count(*) AS n FROM follow_claims')).rows[0].n),
      cleanup: async () => {
        for (const store of opened) await store.close();
      },
    };
  },
  { prunesClaims: true },
);

describe('PostgreSQL follow store', () => {
  it('creates its tables once when several instances open a new database at once', async () => {
    await dropTables();
    const stores = await Promise.all(
      Array.from({ length: 4 }, () => openFollowStore(`postgresql${db.url.slice(8)}`, { logger })),
    );
    try {
      const { rows } = await sql(db.url, 'SELECT version FROM follow_schema');
      assert.deepEqual(rows, [{ version: 1 }]);
      assert.equal(stores[0]!.label, db.url.replace('postgres://postgres@', 'postgresql://***@'));
    } finally {
      for (const store of stores) await store.close();
    }
  });

  it('pages in byte order whatever the database collation (ids are COLLATE "C")', async () => {
    const { rows } = await sql(
      db.url,
      `SELECT c.collation_name FROM information_schema.columns c
       WHERE c.table_name IN ('follow_subscriptions', 'follow_topics')
         AND c.column_name IN ('id', 'subscription_id') ORDER BY c.table_name`,
    );
    assert.deepEqual(rows, [{ collation_name: 'C' }, { collation_name: 'C' }]);
  });

  it('refuses tables newer than this program', async () => {
    await dropTables();
    await (await openFollowStore(db.url, { logger })).close();
    await sql(db.url, 'UPDATE follow_schema SET version = 99');
    await assert.rejects(
      openFollowStore(db.url, { logger }),
      /^Error: cannot open the PostgreSQL follow store postgres:\/\/\*\*\*@127\.0\.0\.1:5432\/\w+: its follow tables are version 99, newer than this program's 1: run a newer reset-records$/,
    );
    await dropTables();
  });

  it('says which store it cannot open, never with the password', async () => {
    const url = new URL(db.url);
    url.password = 'pw-s3cret';
    url.pathname = '/reset_records_test_no_such_database';
    await assert.rejects(openFollowStore(url.toString(), { logger }), (error: Error) => {
      assert.match(
        error.message,
        /^cannot open the PostgreSQL follow store postgres:\/\/\*\*\*:\*\*\*@127\.0\.0\.1:5432\/reset_records_test_no_such_database: database "reset_records_test_no_such_database" does not exist$/,
      );
      assert.equal(JSON.stringify(error).includes('s3cret'), false);
      assert.equal(String(error.stack).includes('s3cret'), false);
      return true;
    });
  });
});
