import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Entry } from '../../src/producer/ledger/entry.ts';
import type { Post } from '../../src/producer/ledger/post.ts';
import { type ApiTweet, type ApiUser, XStandIn } from '../producer/support/x-stand-in.ts';
import {
  assertExit,
  createLedger,
  jsonLines,
  ledgerEntries,
  type Run,
  run,
  sqliteFilesHold,
  tempDir,
} from './support-producer/processes.ts';

/**
 * `reset-records monitor --once` reading X (producer.md §6) as a real process, against a
 * local stand-in of the X API v2 (X_API_BASE_URL): what it stores, the cursor it sends
 * next time, a failed check, and the bearer token nowhere in its output or its ledger.
 */

const TOKEN = 'AAAAAAAAAAAAAAAAAAAAAprocess%2Btest%3Dtoken77e0';
const TIBO: ApiUser = { id: '1000000001', name: 'Tibo', username: 'thsottiaux' };
const LONG_TEXT = `Weekly limits reset for everyone tomorrow. ${'More on why. '.repeat(30)}`;

const FIRST: ApiTweet[] = [
  {
    id: '1900000000000000101',
    text: 'Banked usage has been reset.',
    created_at: '2025-03-10T10:00:00.000Z',
    conversation_id: '1900000000000000101',
  },
  {
    id: '1900000000000000102',
    text: `${LONG_TEXT.slice(0, 270)}… https://t.co/a`,
    note_tweet: { text: LONG_TEXT },
    created_at: '2025-03-10T11:00:00.000Z',
    conversation_id: '1900000000000000102',
  },
  {
    id: '1900000000000000103',
    text: '@thsottiaux At 10am PT.',
    created_at: '2025-03-10T11:05:00.000Z',
    conversation_id: '1900000000000000102',
    referenced_tweets: [{ type: 'replied_to', id: '1900000000000000102' }],
  },
];
const LATER: ApiTweet = {
  id: '1900000000000000104',
  text: 'Nice weather today.',
  created_at: '2025-03-11T09:00:00.000Z',
  conversation_id: '1900000000000000104',
};

const FIRST_POSTS: Post[] = [
  {
    id: '1900000000000000101',
    handle: 'thsottiaux',
    createdAt: '2025-03-10T10:00:00.000Z',
    text: 'Banked usage has been reset.',
    conversationId: '1900000000000000101',
  },
  {
    id: '1900000000000000102',
    handle: 'thsottiaux',
    createdAt: '2025-03-10T11:00:00.000Z',
    text: LONG_TEXT,
    conversationId: '1900000000000000102',
  },
  {
    id: '1900000000000000103',
    handle: 'thsottiaux',
    createdAt: '2025-03-10T11:05:00.000Z',
    text: '@thsottiaux At 10am PT.',
    inReplyToId: '1900000000000000102',
    conversationId: '1900000000000000102',
    parentText: LONG_TEXT,
  },
];

const TIMELINE = /^\/2\/users\/\d+\/tweets$/;

const observed = (entries: Entry[]) =>
  entries.flatMap((entry) => (entry.type === 'post_observed' ? [entry.payload.post] : []));
const checks = (entries: Entry[]) =>
  entries.flatMap((entry) =>
    entry.type === 'source_checked' ? [{ ...entry.payload, at: entry.at }] : [],
  );

describe('monitor --once with the X source', { concurrency: false }, () => {
  let x: XStandIn;
  let dir: string;
  let remove: () => Promise<void>;
  let env: Record<string, string>;
  let ledgerUrl: string;
  let snapshotPath: string;
  before(async () => {
    x = await XStandIn.start(TOKEN);
    x.addUser(TIBO, FIRST);
    ({ dir, remove } = await tempDir('monitor-x'));
    ledgerUrl = `sqlite:${join(dir, 'ledger.db')}`;
    await createLedger(ledgerUrl);
    snapshotPath = join(dir, 'snapshot.json');
    env = {
      LEDGER_URL: ledgerUrl,
      SNAPSHOT_PATH: snapshotPath,
      X_BEARER_TOKEN: TOKEN,
      X_API_BASE_URL: x.origin,
      LOG_LEVEL: 'info', // the log is searched for the token too
    };
  });
  after(async () => {
    await x.close();
    await remove();
  });

  /** Neither the output nor the ledger's file (nor its write-ahead log) holds the token. */
  async function assertTokenNowhere(result: Run, what: string) {
    assert.ok(!result.stdout.includes(TOKEN), `${what}: the token is on stdout`);
    assert.ok(!result.stderr.includes(TOKEN), `${what}: the token is on stderr`);
    const held = await sqliteFilesHold(join(dir, 'ledger.db'), TOKEN);
    assert.equal(held, false, `${what}: the token is in the ledger`);
  }

  async function lastSuccessfulCheckAt(): Promise<string | null> {
    const built = await run(['build'], env);
    assertExit(built, 0, 'build');
    return (JSON.parse(built.stdout) as { lastSuccessfulCheckAt: string | null })
      .lastSuccessfulCheckAt;
  }

  test('the first check stores every post (full text of long posts, replies with their parent) and publishes', async () => {
    const result = await run(['monitor', '--once'], env);
    assertExit(result, 0, 'monitor --once');
    await assertTokenNowhere(result, 'monitor --once');

    const [timeline] = x.requestsTo(TIMELINE);
    assert.equal(timeline?.query['since_id'], undefined, 'no cursor yet');
    const entries = await ledgerEntries(ledgerUrl);
    assert.deepEqual(observed(entries), FIRST_POSTS);
    const [check] = checks(entries);
    assert.deepEqual(
      { ...check, at: undefined },
      {
        source: 'x:thsottiaux',
        ok: true,
        cursor: '1900000000000000103',
        error: null,
        newPosts: 3,
        at: undefined,
      },
    );
    const snapshot = JSON.parse(await readFile(snapshotPath, 'utf8')) as {
      lastSuccessfulCheckAt: string | null;
    };
    assert.equal(snapshot.lastSuccessfulCheckAt, check!.at);
    assert.equal(await lastSuccessfulCheckAt(), check!.at);
  });

  test('the next check sends since_id = the newest post stored, and stores only the new post', async () => {
    x.addTweets(TIBO.id, [LATER]);
    const before = x.requests.length;
    const result = await run(['monitor', '--once'], env);
    assertExit(result, 0, 'the second monitor --once');
    await assertTokenNowhere(result, 'the second monitor --once');

    const requests = x.requests.slice(before);
    assert.deepEqual(
      requests.map((request) => [request.path, request.query['since_id']]),
      [
        ['/2/users/by/username/thsottiaux', undefined], // a new process resolves the handle again
        ['/2/users/1000000001/tweets', '1900000000000000103'],
      ],
    );
    const entries = await ledgerEntries(ledgerUrl);
    assert.deepEqual(
      observed(entries).map((post) => post.id),
      [...FIRST_POSTS.map((post) => post.id), LATER.id],
    );
    const last = checks(entries).at(-1)!;
    assert.equal(last.ok, true);
    assert.equal(last.cursor, LATER.id);
    assert.equal(last.newPosts, 1);
  });

  test('X answering 503 every time: backs off, exits 1, records the failure; lastSuccessfulCheckAt stays', async () => {
    const before = checks(await ledgerEntries(ledgerUrl)).at(-1)!;
    x.failNext(503, Infinity);
    try {
      const started = Date.now();
      const result = await run(['monitor', '--once'], env);
      assertExit(result, 1, 'monitor --once with X down');
      assert.ok(Date.now() - started >= 7_000, 'it backed off 1 s, 2 s and 4 s');
      await assertTokenNowhere(result, 'monitor --once with X down');
      assert.match(result.stdout, /X request failed; trying again/);

      const failed = checks(await ledgerEntries(ledgerUrl)).at(-1)!;
      assert.deepEqual(
        { ...failed, at: undefined },
        {
          source: 'x:thsottiaux',
          ok: false,
          cursor: LATER.id,
          error: 'X answered 503 to GET /2/users/by/username/thsottiaux, still after 3 retries',
          newPosts: 0,
          at: undefined,
        },
      );
      assert.equal(await lastSuccessfulCheckAt(), before.at);
      // `--once` publishes what the ledger holds (a new process has published nothing yet).
      const snapshot = JSON.parse(await readFile(snapshotPath, 'utf8')) as {
        lastSuccessfulCheckAt: string | null;
      };
      assert.equal(snapshot.lastSuccessfulCheckAt, before.at);
    } finally {
      x.recover();
    }
  });

  test('a wrong token: exits 1 at once, the check says X rejected the bearer token', async () => {
    const wrong = 'wrong-token-for-this-test-31337';
    const result = await run(['monitor', '--once'], { ...env, X_BEARER_TOKEN: wrong });
    assertExit(result, 1, 'monitor --once with a wrong token');
    assert.ok(!`${result.stdout}${result.stderr}`.includes(wrong), 'the wrong token shows');
    const failed = checks(await ledgerEntries(ledgerUrl)).at(-1)!;
    assert.equal(
      failed.error,
      'X rejected the bearer token (401) on GET /2/users/by/username/thsottiaux',
    );
  });

  test('MONITOR_SOURCE=file:… wins over X_BEARER_TOKEN', async () => {
    const own = await tempDir('monitor-x-file');
    try {
      const posts = join(own.dir, 'posts.jsonl');
      await writeFile(posts, jsonLines([]));
      await createLedger(`sqlite:${join(own.dir, 'ledger.db')}`);
      const before = x.requests.length;
      const result = await run(['monitor', '--once'], {
        ...env,
        LEDGER_URL: `sqlite:${join(own.dir, 'ledger.db')}`,
        SNAPSHOT_PATH: join(own.dir, 'snapshot.json'),
        MONITOR_SOURCE: `file:${posts}`,
      });
      assertExit(result, 0, 'monitor --once with both sources');
      assert.equal(x.requests.length, before, 'X was not asked');
      const [check] = checks(await ledgerEntries(`sqlite:${join(own.dir, 'ledger.db')}`));
      assert.equal(check?.source, `file:${posts}`);
    } finally {
      await own.remove();
    }
  });
});
