import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, test } from 'node:test';
import { pino } from 'pino';
import { ConfigError, loadProducerConfig } from '../../src/producer/config.ts';
import type { Post } from '../../src/producer/ledger/post.ts';
import type { SourceCheck } from '../../src/producer/monitor/post-source.ts';
import { createXSource, type XSourceOptions } from '../../src/producer/sources/x-source.ts';
import { freePort } from '../support/process.ts';
import { type ApiTweet, type ApiUser, XStandIn } from './support/x-stand-in.ts';

/**
 * The X source (producer.md §6) against a local stand-in of the X API v2: what it asks,
 * what it makes of the answers, how it waits and gives up, and that the bearer token
 * never shows.
 */

const TOKEN = 'AAAAAAAAAAAAAAAAAAAAAtest%2Bbearer%3Dtoken5f1c9e';
const T0 = Date.parse('2026-11-20T12:00:00.000Z');

const TIBO: ApiUser = { id: '1000000001', name: 'Tibo', username: 'thsottiaux' };
const DEVS: ApiUser = { id: '1000000002', name: 'OpenAI Developers', username: 'OpenAIDevs' };
const OTHER: ApiUser = { id: '1000000003', name: 'Someone', username: 'someone' };

const LONG_TEXT = `Weekly limits reset for everyone tomorrow. ${'Here is why, at length. '.repeat(20)}`;
const PARENT_LONG_TEXT = `Will the weekly limits reset soon? ${'I keep hitting them. '.repeat(20)}`;

/** A plain post, a long one, a reply to someone else's long post, a quote. */
const PLAIN: ApiTweet = {
  id: '1900000000000000101',
  text: 'Banked usage has been reset.',
  author_id: TIBO.id,
  created_at: '2026-11-20T10:00:00.000Z',
  conversation_id: '1900000000000000101',
};
const LONG: ApiTweet = {
  id: '1900000000000000102',
  text: `${LONG_TEXT.slice(0, 270)}… https://t.co/abc`,
  note_tweet: { text: LONG_TEXT },
  author_id: TIBO.id,
  created_at: '2026-11-20T10:05:00.000Z',
  conversation_id: '1900000000000000102',
};
const PARENT: ApiTweet = {
  id: '1900000000000000050',
  text: `${PARENT_LONG_TEXT.slice(0, 270)}…`,
  note_tweet: { text: PARENT_LONG_TEXT },
  author_id: OTHER.id,
  created_at: '2026-11-20T09:00:00.000Z',
  conversation_id: '1900000000000000050',
};
const REPLY: ApiTweet = {
  id: '1900000000000000103',
  text: '@someone Yes: tomorrow, at 10am PT.',
  author_id: TIBO.id,
  created_at: '2026-11-20T10:10:00.000Z',
  conversation_id: PARENT.id,
  in_reply_to_user_id: OTHER.id,
  referenced_tweets: [{ type: 'replied_to', id: PARENT.id }],
};
const QUOTED: ApiTweet = {
  id: '1900000000000000060',
  text: 'Codex usage limits are changing.',
  author_id: OTHER.id,
  created_at: '2026-11-20T09:30:00.000Z',
  conversation_id: '1900000000000000060',
};
const QUOTE: ApiTweet = {
  id: '1900000000000000104',
  text: 'And we reset them for everyone. https://t.co/q',
  author_id: TIBO.id,
  created_at: '2026-11-20T10:15:00.000Z',
  conversation_id: '1900000000000000104',
  referenced_tweets: [{ type: 'quoted', id: QUOTED.id }],
};

/** The posts the source makes of those four. */
const PLAIN_POST: Post = {
  id: PLAIN.id,
  handle: 'thsottiaux',
  createdAt: '2026-11-20T10:00:00.000Z',
  text: 'Banked usage has been reset.',
  conversationId: PLAIN.id,
};
const LONG_POST: Post = {
  id: LONG.id,
  handle: 'thsottiaux',
  createdAt: '2026-11-20T10:05:00.000Z',
  text: LONG_TEXT,
  conversationId: LONG.id,
};
const REPLY_POST: Post = {
  id: REPLY.id,
  handle: 'thsottiaux',
  createdAt: '2026-11-20T10:10:00.000Z',
  text: '@someone Yes: tomorrow, at 10am PT.',
  inReplyToId: PARENT.id,
  conversationId: PARENT.id,
  parentText: PARENT_LONG_TEXT,
  parentHandle: 'someone',
};
const QUOTE_POST: Post = {
  id: QUOTE.id,
  handle: 'thsottiaux',
  createdAt: '2026-11-20T10:15:00.000Z',
  text: 'And we reset them for everyone. https://t.co/q',
  quotedId: QUOTED.id,
  conversationId: QUOTE.id,
  quotedText: 'Codex usage limits are changing.',
  quotedHandle: 'someone',
};

/** `count` plain posts of `user`, ids `first`, `first + 1`…, a minute apart. */
function posts(user: ApiUser, first: bigint, count: number): ApiTweet[] {
  return Array.from({ length: count }, (_, i) => ({
    id: String(first + BigInt(i)),
    text: `post ${i}`,
    author_id: user.id,
    created_at: new Date(T0 - (count - i) * 60_000).toISOString(),
    conversation_id: String(first + BigInt(i)),
  }));
}

const TIMELINE = /^\/2\/users\/\d+\/tweets$/;
const LOOKUP = /^\/2\/users\/by\/username\//;

describe('the X source', () => {
  let x: XStandIn;
  let sleeps: number[];
  let logLines: string[];

  beforeEach(async () => {
    x = await XStandIn.start(TOKEN);
    sleeps = [];
    logLines = [];
  });
  afterEach(() => x.close());

  function source(options: Partial<XSourceOptions> = {}) {
    return createXSource({
      bearerToken: TOKEN,
      handles: ['thsottiaux'],
      baseUrl: x.origin,
      logger: pino({ level: 'trace' }, { write: (line: string) => void logLines.push(line) }),
      sleep: async (ms) => {
        sleeps.push(ms);
      },
      clock: () => T0,
      ...options,
    });
  }

  /** The token is in no log line and no message; `also` are more texts to search. */
  function assertNoToken(...also: string[]) {
    for (const text of [...logLines, ...also])
      assert.ok(!text.includes(TOKEN) && !text.includes('Bearer'), `the token shows in: ${text}`);
  }

  /** The error a check throws. */
  async function failure(check: Promise<SourceCheck>): Promise<Error> {
    try {
      await check;
    } catch (error) {
      assert.ok(error instanceof Error);
      return error;
    }
    assert.fail('the check succeeded');
  }

  test('asks for the user once per handle, and for every field and expansion the posts need', async () => {
    x.addUser(TIBO, [PLAIN]);
    x.addUser(DEVS, posts(DEVS, 1900000000000000200n, 1));
    const xs = source({ handles: ['thsottiaux', 'OpenAIDevs'] });
    assert.equal(xs.name, 'x:thsottiaux,OpenAIDevs');
    await xs.check(null);
    await xs.check(PLAIN.id);
    await xs.check('1900000000000000200');

    assert.deepEqual(
      x.requestsTo(LOOKUP).map((request) => request.path),
      ['/2/users/by/username/thsottiaux', '/2/users/by/username/OpenAIDevs'],
    );
    const timelines = x.requestsTo(TIMELINE);
    assert.equal(timelines.length, 6);
    assert.deepEqual(timelines[0]!.query, {
      max_results: '100',
      'tweet.fields':
        'created_at,note_tweet,referenced_tweets,conversation_id,in_reply_to_user_id,author_id',
      expansions: 'referenced_tweets.id,referenced_tweets.id.author_id',
      'user.fields': 'username',
      exclude: 'retweets',
    });
    assert.deepEqual(
      timelines.map((request) => [request.path, request.query['since_id']]),
      [
        ['/2/users/1000000001/tweets', undefined],
        ['/2/users/1000000002/tweets', undefined],
        ['/2/users/1000000001/tweets', PLAIN.id],
        ['/2/users/1000000002/tweets', PLAIN.id],
        ['/2/users/1000000001/tweets', '1900000000000000200'],
        ['/2/users/1000000002/tweets', '1900000000000000200'],
      ],
    );
    for (const request of x.requests)
      assert.equal(request.headers.authorization, `Bearer ${TOKEN}`);
    assertNoToken();
  });

  test('returns the posts newer than the cursor, oldest first', async () => {
    x.addUser(TIBO, [QUOTE, PLAIN, LONG, REPLY]);
    x.addReferenced([PARENT, QUOTED]);
    x.addUser(OTHER);
    const check = await source().check(PLAIN.id);
    assert.deepEqual(check, {
      posts: [LONG_POST, REPLY_POST, QUOTE_POST],
      problems: [],
    });
  });

  test('a long post gives its note text; a reply its parent, its text and author; a quote the quoted text and author', async () => {
    x.addUser(TIBO, [PLAIN, LONG, REPLY, QUOTE]);
    x.addUser(OTHER);
    x.addReferenced([PARENT, QUOTED]);
    const check = await source().check(null);
    assert.deepEqual(check.posts, [PLAIN_POST, LONG_POST, REPLY_POST, QUOTE_POST]);
  });

  test("a reply in the author's own thread names him as the parent's author", async () => {
    const selfReply: ApiTweet = {
      id: '1900000000000000105',
      text: 'Will be there by EOD PST.',
      author_id: TIBO.id,
      created_at: '2026-11-20T10:20:00.000Z',
      conversation_id: PLAIN.id,
      in_reply_to_user_id: TIBO.id,
      referenced_tweets: [{ type: 'replied_to', id: PLAIN.id }],
    };
    x.addUser(TIBO, [PLAIN, selfReply]);
    const check = await source().check(PLAIN.id);
    assert.deepEqual(check.posts, [
      {
        id: selfReply.id,
        handle: 'thsottiaux',
        createdAt: '2026-11-20T10:20:00.000Z',
        text: 'Will be there by EOD PST.',
        inReplyToId: PLAIN.id,
        conversationId: PLAIN.id,
        parentText: PLAIN.text,
        parentHandle: 'thsottiaux',
      },
    ]);
  });

  test('a reply whose parent X did not include has no parentText nor parentHandle', async () => {
    x.addUser(TIBO, [REPLY]); // PARENT is unknown to the stand-in (deleted, protected…)
    const check = await source().check(null);
    const { parentText: _, parentHandle: __, ...withoutParent } = REPLY_POST;
    assert.deepEqual(check.posts, [withoutParent]);
  });

  test('nothing new: no posts', async () => {
    x.addUser(TIBO, [PLAIN]);
    assert.deepEqual(await source().check(PLAIN.id), { posts: [], problems: [] });
  });

  test('follows next_token: 250 new posts come in 3 pages', async () => {
    const all = posts(TIBO, 1900000000000001000n, 250);
    x.addUser(TIBO, all);
    const check = await source().check('1900000000000000999');
    const timelines = x.requestsTo(TIMELINE);
    assert.deepEqual(
      timelines.map((request) => request.query['pagination_token']),
      [undefined, 'stand-in-page-1', 'stand-in-page-2'],
    );
    for (const request of timelines) assert.equal(request.query['since_id'], '1900000000000000999');
    assert.deepEqual(
      check.posts.map((post) => post.id),
      all.map((tweet) => tweet.id),
    );
  });

  test('the first check (no cursor) reads at most maxPages pages: the newest posts', async () => {
    const all = posts(TIBO, 1900000000000001000n, 250);
    x.addUser(TIBO, all);
    const check = await source({ maxPages: 2 }).check(null);
    assert.equal(x.requestsTo(TIMELINE).length, 2);
    assert.deepEqual(
      check.posts.map((post) => post.id),
      all.slice(50).map((tweet) => tweet.id),
    );
  });

  test('ids compare as numbers: a shorter id is older', async () => {
    x.addUser(TIBO, [
      { ...PLAIN, id: '999999999999999999' },
      { ...PLAIN, id: '1000000000000000000' },
    ]);
    const check = await source().check(null);
    assert.deepEqual(
      check.posts.map((post) => post.id),
      ['999999999999999999', '1000000000000000000'],
    );
  });

  test('a post that is not a valid Post is a problem, not a failure', async () => {
    const { created_at: _, ...undated } = { ...PLAIN, id: '1900000000000000105' };
    x.addUser(TIBO, [PLAIN, { ...PLAIN, id: '19000000000000001x4' }, undated]);
    const check = await source().check(null);
    assert.deepEqual(check, {
      posts: [PLAIN_POST],
      // In the order X listed them (the stand-in puts the malformed id first).
      problems: [
        'X post "19000000000000001x4" of @thsottiaux: id: a post id is 1 to 25 digits',
        'X post "1900000000000000105" of @thsottiaux: createdAt: Invalid input: expected string, received undefined',
      ],
    });
  });

  test('on 429, waits until x-rate-limit-reset, then goes on', async () => {
    x.addUser(TIBO, [PLAIN]);
    x.failNext(429, 1, { 'x-rate-limit-reset': String(T0 / 1000 + 90) });
    const check = await source().check(null);
    assert.deepEqual(sleeps, [90_000]);
    assert.deepEqual(check.posts, [PLAIN_POST]);
    assert.equal(x.requestsTo(LOOKUP).length, 2, 'the lookup was tried again');
    assertNoToken();
  });

  test('on 429 with a reset more than 15 minutes away, the check fails and says why', async () => {
    x.addUser(TIBO, [PLAIN]);
    x.failNext(429, 1, { 'x-rate-limit-reset': String(T0 / 1000 + 3600) });
    const error = await failure(source().check(null));
    assert.equal(
      error.message,
      'X answered 429 (rate limit) to GET /2/users/by/username/thsottiaux: the rate limit resets in 60 min, longer than the 15 min a check waits',
    );
    assert.deepEqual(sleeps, []);
  });

  test('on 503 twice, backs off 1 s then 2 s, then goes on', async () => {
    x.addUser(TIBO, [PLAIN]);
    const xs = source();
    await xs.check(null); // the handle is resolved: the failures hit the timeline
    x.failNext(503, 2);
    const check = await xs.check(null);
    assert.deepEqual(sleeps, [1_000, 2_000]);
    assert.deepEqual(check.posts, [PLAIN_POST]);
  });

  test('on 503 every time, gives up after 1 s, 2 s and 4 s: the message names the status and the path, not the token', async () => {
    x.addUser(TIBO, [PLAIN]);
    const xs = source();
    await xs.check(null);
    x.failNext(503, Infinity);
    const error = await failure(xs.check(PLAIN.id));
    assert.equal(
      error.message,
      'X answered 503 to GET /2/users/1000000001/tweets, still after 3 retries',
    );
    assert.deepEqual(sleeps, [1_000, 2_000, 4_000]);
    assert.equal(logLines.filter((line) => line.includes('X request failed')).length, 3);
    assertNoToken(error.message, String(error.stack));
  });

  test('X unreachable: backs off, then fails naming the endpoint and the network error', async () => {
    const port = await freePort(); // nothing listens there
    const error = await failure(source({ baseUrl: `http://127.0.0.1:${port}` }).check(null));
    assert.equal(
      error.message,
      'X could not be reached for GET /2/users/by/username/thsottiaux (ECONNREFUSED), still after 3 retries',
    );
    assert.deepEqual(sleeps, [1_000, 2_000, 4_000]);
    assertNoToken(error.message);
  });

  test('401: fails at once, saying X rejected the bearer token', async () => {
    x.addUser(TIBO, [PLAIN]);
    const wrong = 'wrong-token-0123456789';
    const error = await failure(source({ bearerToken: wrong }).check(null));
    assert.equal(
      error.message,
      'X rejected the bearer token (401) on GET /2/users/by/username/thsottiaux',
    );
    assert.deepEqual(sleeps, []);
    assert.ok(!error.message.includes(wrong));
    assert.ok(!logLines.some((line) => line.includes(wrong)));
  });

  test('403: fails at once, saying the app has no access', async () => {
    x.addUser(TIBO, [PLAIN]);
    x.failNext(403, 1);
    const error = await failure(source().check(null));
    assert.equal(
      error.message,
      "X refused GET /2/users/by/username/thsottiaux (403): the bearer token's app has no access to it",
    );
    assert.deepEqual(sleeps, []);
  });

  test('a handle X does not know fails the check, naming it', async () => {
    x.addUser(TIBO, [PLAIN]);
    const error = await failure(source({ handles: ['thsottiaux', 'nosuchuser'] }).check(null));
    assert.equal(error.message, 'X has no user @nosuchuser (GET /2/users/by/username/nosuchuser)');
  });

  test('a failed lookup is tried again at the next check (only a success is kept)', async () => {
    x.addUser(TIBO, [PLAIN]);
    const xs = source();
    x.failNext(401, 1);
    await failure(xs.check(null));
    assert.deepEqual((await xs.check(null)).posts, [PLAIN_POST]);
    assert.equal(x.requestsTo(LOOKUP).length, 2);
  });

  test('X repeating the token in an error (a proxy might) is masked in the message', async () => {
    x.addUser(TIBO, [PLAIN]);
    x.failNext(400, 1, {}, `Invalid token: ${TOKEN}`);
    const error = await failure(source().check(null));
    assert.equal(
      error.message,
      'X answered 400 to GET /2/users/by/username/thsottiaux: Bad Request: Invalid token: ***',
    );
    assertNoToken(error.message);
  });
});

describe('the X settings', () => {
  test('X_BEARER_TOKEN turns the X source on, with X_HANDLES and X_API_BASE_URL', () => {
    assert.equal(loadProducerConfig({}).x, undefined);
    assert.deepEqual(loadProducerConfig({ X_BEARER_TOKEN: TOKEN }).x, {
      bearerToken: TOKEN,
      handles: ['thsottiaux'],
      baseUrl: 'https://api.x.com',
    });
    assert.deepEqual(
      loadProducerConfig({
        X_BEARER_TOKEN: TOKEN,
        X_HANDLES: ' thsottiaux , OpenAIDevs,openaidevs,',
        X_API_BASE_URL: 'http://127.0.0.1:8089/x-api/',
      }).x,
      {
        bearerToken: TOKEN,
        handles: ['thsottiaux', 'OpenAIDevs'],
        baseUrl: 'http://127.0.0.1:8089/x-api',
      },
    );
    assert.ok(Object.isFrozen(loadProducerConfig({ X_BEARER_TOKEN: TOKEN }).x));
  });

  for (const [env, variable] of [
    [{ X_BEARER_TOKEN: `${TOKEN}\n` }, 'X_BEARER_TOKEN'],
    [{ X_BEARER_TOKEN: `Bearer ${TOKEN}` }, 'X_BEARER_TOKEN'],
    [{ X_HANDLES: '@thsottiaux' }, 'X_HANDLES'],
    [{ X_HANDLES: 'a_handle_much_too_long' }, 'X_HANDLES'],
    [{ X_HANDLES: ' , ' }, 'X_HANDLES'],
    [{ X_API_BASE_URL: 'ftp://api.x.com' }, 'X_API_BASE_URL'],
    [{ X_API_BASE_URL: 'api.x.com' }, 'X_API_BASE_URL'],
    [{ X_API_BASE_URL: 'https://user:pass@api.x.com' }, 'X_API_BASE_URL'],
    [{ X_API_BASE_URL: 'https://api.x.com/?a=b' }, 'X_API_BASE_URL'],
  ] as const) {
    test(`${JSON.stringify(env)} is refused, naming ${variable} and never the token`, () => {
      assert.throws(
        () => loadProducerConfig(Object.assign({ X_BEARER_TOKEN: TOKEN }, env)),
        (error: unknown) =>
          error instanceof ConfigError &&
          error.problems.some((p) => p.includes(variable)) &&
          !error.message.includes(TOKEN),
      );
    });
  }
});
