import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createDatabase, type TestDatabase } from '../producer/support/postgres.ts';
import { cli } from '../support/process.ts';

/** Moving a ledger from SQLite to PostgreSQL (README § Moving from SQLite to PostgreSQL). */

const POSTS = [
  {
    id: '100',
    handle: 'a',
    createdAt: '2026-11-20T10:00:00Z',
    text: 'Limits have been reset for everyone',
  },
  {
    id: '101',
    handle: 'a',
    createdAt: '2026-11-20T11:00:00Z',
    text: 'We will reset limits tomorrow',
  },
];
const NOW = '2026-11-20T12:00:00.000Z';

describe('reset-records ledger-copy', () => {
  let dir: string;
  let database: TestDatabase;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'reset-records-ledger-copy-'));
    database = await createDatabase('copy');
    await writeFile(join(dir, 'posts.jsonl'), POSTS.map((post) => JSON.stringify(post)).join('\n'));
  });
  after(async () => {
    await database.drop();
    await rm(dir, { recursive: true, force: true });
  });

  test('copies every entry with its id, both ledgers build the same bytes, and a second copy is refused', async () => {
    // REVIEW_BELOW=1: the post is held, so that the operator accepts it (an operator entry to copy).
    const sqlite = {
      LEDGER_URL: `sqlite:${join(dir, 'ledger.db')}`,
      OPERATOR: 'alice',
      REVIEW_BELOW: '1',
    };
    assert.equal((await cli(['ledger-init'], sqlite)).code, 0);
    assert.equal((await cli(['ingest', join(dir, 'posts.jsonl')], sqlite)).code, 0);
    assert.equal((await cli(['ops', 'accept', '100', '--reason', 'seen'], sqlite)).code, 0);

    const copy = await cli(['ledger-copy', database.url], sqlite);
    assert.equal(copy.code, 0, copy.stderr);
    assert.equal(copy.stdout.trim(), 'Copied 5 of 5 entries, same ids.');

    const fromSqlite = await cli(['build', '--now', NOW], sqlite);
    const fromPostgres = await cli(['build', '--now', NOW], { LEDGER_URL: database.url });
    assert.equal(fromSqlite.code, 0, fromSqlite.stderr);
    assert.equal(fromPostgres.stdout, fromSqlite.stdout);
    assert.equal((JSON.parse(fromSqlite.stdout) as { records: unknown[] }).records.length, 1);

    const again = await cli(['ledger-copy', database.url], sqlite);
    assert.equal(again.code, 1);
    assert.match(again.stderr, /the target ledger is not empty \(5 entries\)/);
  });
});
