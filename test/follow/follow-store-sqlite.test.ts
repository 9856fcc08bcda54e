import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import Database from 'libsql';
import { pino } from 'pino';
import type { FollowStore } from '../../src/service/follow/store/follow-store.ts';
import {
  DEFAULT_PUSH_STORE_URL,
  openFollowStore,
  sqlitePath,
} from '../../src/service/follow/store/open-follow-store.ts';
import { followStoreSuite } from './follow-store-suite.ts';

/** The SQLite follow store: the shared suite on a new file per test, then the URL forms. */

const ROOT = mkdtempSync(join(tmpdir(), 'follow-store-sqlite-'));
after(() => rmSync(ROOT, { recursive: true, force: true }));
const logger = pino({ level: 'silent' });

let counter = 0;
/** A file path not used before, in a directory that does not exist yet. */
const freshPath = () => join(ROOT, `case-${++counter}`, 'nested', 'push.db');

/** A plain connection to look into the file. */
function inspect<T>(path: string, fn: (db: Database.Database) => T): T {
  const db = new Database(path, { timeout: 5_000 });
  try {
    return fn(db);
  } finally {
    db.close();
  }
}

followStoreSuite(
  'SQLite',
  async () => {
    const path = freshPath();
    const url = `sqlite:${path}`;
    const opened: FollowStore[] = [];
    const openStore = async () => {
      const store = await openFollowStore(url, { logger });
      opened.push(store);
      return store;
    };
    return {
      store: await openStore(),
      openAnother: openStore,
      url,
      storedClaims: async () =>
        inspect(path, (db) => {
          const row = db.prepare('SELECT count(*) FROM follow_claims').raw(true).get();
          return Number((row as [number])[0]);
        }),
      cleanup: async () => {
        for (const store of opened) await store.close();
      },
    };
  },
  { prunesClaims: true },
);

describe('SQLite follow store: PUSH_STORE_URL', () => {
  it('defaults to ./data/push.db and reads every SQLite form as a path', () => {
    assert.equal(DEFAULT_PUSH_STORE_URL, 'sqlite:./data/push.db');
    assert.equal(sqlitePath('sqlite:./data/push.db'), './data/push.db');
    assert.equal(sqlitePath('sqlite:/var/lib/rr/push.db'), '/var/lib/rr/push.db');
    assert.equal(sqlitePath('file:relative/push.db'), 'relative/push.db');
    assert.equal(sqlitePath('file:///var/lib/rr/push%20db.db'), '/var/lib/rr/push db.db');
    assert.equal(sqlitePath('./push.db'), './push.db');
    assert.equal(sqlitePath('/abs/push.db'), '/abs/push.db');
  });

  it('refuses anything else with an error naming PUSH_STORE_URL and only the scheme', async () => {
    const cases: [string, string][] = [
      ['', 'an empty value'],
      ['sqlite:', 'a value starting with "sqlite:"'],
      ['sqlite://host/push.db', 'a value starting with "sqlite://"'],
      ['mysql://user:s3cret@db/push', 'a value starting with "mysql://"'],
      ['http://user:s3cret@example.net/', 'a value starting with "http://"'],
      ['file://remote-host/push.db', 'a value starting with "file://"'],
    ];
    for (const [url, described] of cases) {
      await assert.rejects(openFollowStore(url, { logger }), (error: Error) => {
        assert.match(error.message, /^PUSH_STORE_URL must be sqlite:PATH/);
        assert.ok(error.message.endsWith(`; got ${described}`), error.message);
        assert.equal(error.message.includes('s3cret'), false);
        return true;
      });
    }
  });

  it('opens each form, creating the directories, and labels the store by its path', async () => {
    const base = join(ROOT, `forms-${++counter}`);
    const forms = [
      `sqlite:${join(base, 'a', 'push.db')}`,
      `file:${join(base, 'b', 'push.db')}`,
      pathToFileURL(join(base, 'c d', 'push.db')).href,
      join(base, 'e', 'push.db'),
    ];
    const labels = [
      `sqlite:${join(base, 'a', 'push.db')}`,
      `sqlite:${join(base, 'b', 'push.db')}`,
      `sqlite:${join(base, 'c d', 'push.db')}`,
      `sqlite:${join(base, 'e', 'push.db')}`,
    ];
    for (const [index, url] of forms.entries()) {
      const store = await openFollowStore(url, { logger });
      try {
        assert.equal(store.label, labels[index]);
        await store.markPrimed(1);
      } finally {
        await store.close();
      }
      const path = labels[index]!.slice('sqlite:'.length);
      const primed = inspect(path, (db) =>
        db.prepare("SELECT at_ms FROM follow_state WHERE name = 'primed'").raw(true).get(),
      );
      assert.deepEqual(primed, [1]);
    }
  });

  it('refuses a file whose follow tables are newer than this program', async () => {
    const path = freshPath();
    await (await openFollowStore(`sqlite:${path}`, { logger })).close();
    inspect(path, (db) => db.exec('UPDATE follow_schema SET version = 99'));
    await assert.rejects(
      openFollowStore(`sqlite:${path}`, { logger }),
      new RegExp(
        `^Error: cannot open the SQLite follow store ${path}: its follow tables are version 99, newer than this program's 1`,
      ),
    );
  });
});
