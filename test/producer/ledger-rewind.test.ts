import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import Database from 'libsql';
import type { NewEntry } from '../../src/producer/ledger/entry.ts';
import type { Ledger } from '../../src/producer/ledger/ledger.ts';
import { openLedger } from '../../src/producer/ledger/open-ledger.ts';
import { checked, observed } from './support/entries.ts';
import { createDatabase, sql, type TestDatabase } from './support/postgres.ts';

/**
 * Issue 16, finding 7, on both stores: a ledger taken back under an open store (a backup
 * restored: entries gone, or other entries under the same ids) is noticed on the next read,
 * which returns what the ledger holds now, with a LedgerWentBackwards warning.
 */

interface Store {
  readonly url: string;
  /** Keeps the first `keep` entries, as a backup taken then and restored would. */
  readonly restore: (keep: number) => Promise<void>;
}

const append = (ledger: Ledger, entries: readonly NewEntry[]) =>
  ledger.transact(() => ({ append: entries, result: null }));

/** The warnings this process emits while `body` runs. */
async function warningsDuring(body: () => Promise<void>): Promise<string[]> {
  const seen: string[] = [];
  const listener = (warning: Error) => {
    if (warning.name === 'LedgerWentBackwards') seen.push(warning.message);
  };
  process.on('warning', listener);
  try {
    await body();
    await new Promise((resolve) => setImmediate(resolve)); // warnings are emitted on the next tick
  } finally {
    process.off('warning', listener);
  }
  return seen;
}

function rewindSuite(name: string, store: () => Promise<Store>) {
  describe(`${name}: a ledger that went backwards`, { concurrency: false }, () => {
    test('entries gone: the next read returns the ledger as it is now, and warns', async () => {
      const { url, restore } = await store();
      const ledger = await openLedger(url, { create: true });
      try {
        await append(ledger, [observed('1'), observed('2'), observed('3')]);
        assert.equal((await ledger.entries()).length, 3);
        await restore(1);
        let entries: readonly { id: number }[] = [];
        const warnings = await warningsDuring(async () => {
          entries = await ledger.entries();
        });
        assert.deepEqual(
          entries.map((entry) => entry.id),
          [1],
        );
        assert.deepEqual(warnings, [
          'the ledger went backwards: entry 3 is gone (a backup restored?); it is read again from the start (3 entries were held)',
        ]);
        // And writes go on from there, decided on the ledger as it is.
        const { result } = await ledger.transact((all) => ({
          append: [checked('file:x', all.length)],
          result: all.length,
        }));
        assert.equal(result, 1);
      } finally {
        await ledger.close();
      }
    });

    test('other entries under the same ids: noticed too', async () => {
      const { url, restore } = await store();
      const ledger = await openLedger(url, { create: true });
      const other = await openLedger(url);
      try {
        await append(ledger, [observed('1'), observed('2')]);
        assert.equal((await ledger.entries()).length, 2);
        await restore(1);
        await append(other, [observed('9')]); // id 2 again, another post
        let posts: string[] = [];
        const warnings = await warningsDuring(async () => {
          posts = (await ledger.entries()).map((entry) =>
            entry.type === 'post_observed' ? entry.payload.post.id : '',
          );
        });
        assert.deepEqual(posts, ['1', '9']);
        assert.deepEqual(warnings, [
          'the ledger went backwards: entry 2 is not the one read before (a backup restored?); it is read again from the start',
        ]);
      } finally {
        await ledger.close();
        await other.close();
      }
    });
  });
}

let dir: string;
let counter = 0;
let database: TestDatabase;
before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'reset-records-ledger-rewind-'));
  database = await createDatabase('ledger_rewind');
});
after(async () => {
  await rm(dir, { recursive: true, force: true });
  await database?.drop();
});

rewindSuite('SQLite', async () => {
  const file = join(dir, `ledger-${++counter}.db`);
  return {
    url: `sqlite:${file}`,
    restore: async (keep) => {
      const db = new Database(file, { timeout: 5_000 });
      db.exec('BEGIN IMMEDIATE');
      db.prepare('DELETE FROM entries WHERE id > ?').run(keep);
      db.prepare("UPDATE sqlite_sequence SET seq = ? WHERE name = 'entries'").run(keep);
      db.exec('COMMIT');
      db.close();
    },
  };
});

rewindSuite('PostgreSQL', async () => {
  // One database: each test starts from no ledger.
  await sql(database.url, 'DROP SCHEMA public CASCADE; CREATE SCHEMA public');
  return {
    url: database.url,
    restore: async (keep) => {
      await sql(database.url, 'DELETE FROM entries WHERE id > $1', [keep]);
      await sql(database.url, 'UPDATE entry_sequence SET last_id = $1', [keep]);
    },
  };
});
