import assert from 'node:assert/strict';
import type { ServerResponse } from 'node:http';
import { afterEach, beforeEach, describe, test } from 'node:test';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { pino } from 'pino';
import type { SourceCheck } from '../../src/producer/monitor/post-source.ts';
import { MAX_ANSWER_BYTES } from '../../src/producer/sources/x/x-api.ts';
import { createXSource, type XSourceOptions } from '../../src/producer/sources/x-source.ts';
import { type ApiTweet, type ApiUser, XStandIn } from './support/x-stand-in.ts';

/**
 * The X source against a hostile or broken X (docs/producer.md, "X source limits"): every
 * answer's bytes are bounded as sent and once inflated, every request has a total deadline
 * (not an idle timeout), a stop ends the request under way, and a redirect is a failure.
 * Each breach is a failed check with a clear message; the process goes on.
 */

const TOKEN = 'AAAAAAAAAAAAAAAAAAAAAlimits%2Btest%3Dtoken1d2e';
const TIBO: ApiUser = { id: '1000000001', name: 'Tibo', username: 'thsottiaux' };
const PLAIN: ApiTweet = {
  id: '1900000000000000101',
  text: 'Banked usage has been reset.',
  author_id: TIBO.id,
  created_at: '2026-11-20T10:00:00.000Z',
  conversation_id: '1900000000000000101',
};
const LOOKUP = 'GET /2/users/by/username/thsottiaux';
const MIB = 1024 * 1024;

/** A multi-member gzip body of `members` × 16 MiB of zeros: about 16 KiB sent per 16 MiB. */
function gzipBomb(members: number): Buffer {
  const member = gzipSync(Buffer.alloc(16 * MIB), { level: 9 });
  return Buffer.concat(Array.from({ length: members }, () => member));
}

/** Headers, then one byte every `everyMs`, never ending (until the client goes). */
function drip(everyMs: number) {
  return (response: ServerResponse) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.write('{');
    const timer = setInterval(() => response.write(' '), everyMs);
    response.on('close', () => clearInterval(timer));
  };
}

describe('the X source under a hostile X', () => {
  let x: XStandIn;
  let sleeps: number[];

  beforeEach(async () => {
    x = await XStandIn.start(TOKEN);
    x.addUser(TIBO, [PLAIN]);
    sleeps = [];
  });
  afterEach(() => x.close());

  function source(options: Partial<XSourceOptions> = {}) {
    return createXSource({
      bearerToken: TOKEN,
      handles: ['thsottiaux'],
      baseUrl: x.origin,
      logger: pino({ level: 'silent' }),
      sleep: async (ms) => {
        sleeps.push(ms);
      },
      ...options,
    });
  }

  async function failure(check: Promise<SourceCheck>): Promise<Error> {
    try {
      await check;
    } catch (error) {
      assert.ok(error instanceof Error);
      return error;
    }
    assert.fail('the check succeeded');
  }

  test('a gzip bomb (1 MiB that inflates to 1 GiB) fails the check at 8 MiB inflated, without retries, and the heap stays small', async () => {
    const bomb = gzipBomb(64);
    assert.ok(bomb.length < 1.5 * MIB, `${bomb.length} bytes sent`);
    x.answerNextWith((response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
      response.end(bomb);
    });
    const before = process.memoryUsage().rss;
    const error = await failure(source().check(null));
    assert.equal(
      error.message,
      `X's answer to ${LOOKUP} was refused: the answer inflates to more than 8 MiB`,
    );
    assert.deepEqual(sleeps, [], 'not tried again');
    assert.equal(x.requests.length, 1);
    const grown = process.memoryUsage().rss - before;
    assert.ok(grown < 256 * MIB, `RSS grew by ${Math.round(grown / MIB)} MiB`);
  });

  test('a brotli and a deflate bomb are refused the same way', async () => {
    for (const [encoding, body] of [
      ['br', brotliCompressSync(Buffer.alloc(64 * MIB))],
      ['deflate', deflateSync(Buffer.alloc(64 * MIB))],
    ] as const) {
      x.answerNextWith((response) => {
        response.writeHead(200, { 'content-encoding': encoding });
        response.end(body);
      });
      const error = await failure(source().check(null));
      assert.equal(
        error.message,
        `X's answer to ${LOOKUP} was refused: the answer inflates to more than 8 MiB`,
        encoding,
      );
    }
  });

  test('a plain answer over 8 MiB is refused: with its length declared, before reading it; chunked, once 8 MiB are in', async () => {
    const big = Buffer.alloc(MAX_ANSWER_BYTES + 1, 0x20);
    x.answerNextWith((response) => {
      response.writeHead(200, { 'content-length': String(big.length) });
      response.end(big);
    });
    assert.equal(
      (await failure(source().check(null))).message,
      `X's answer to ${LOOKUP} was refused: the answer would be more than 8 MiB`,
    );
    x.answerNextWith((response) => {
      response.writeHead(200, { 'content-type': 'application/json' }); // chunked
      for (let i = 0; i < 9; i++) response.write(Buffer.alloc(MIB, 0x20));
      response.end();
    });
    assert.equal(
      (await failure(source().check(null))).message,
      `X's answer to ${LOOKUP} was refused: the answer is more than 8 MiB`,
    );
    assert.deepEqual(sleeps, []);
  });

  test('an answer of exactly 8 MiB, gzipped, is read', async () => {
    const json = JSON.stringify({ data: { id: TIBO.id, username: TIBO.username } });
    const padded = json + ' '.repeat(MAX_ANSWER_BYTES - json.length);
    x.answerNextWith((response) => {
      response.writeHead(200, { 'content-encoding': 'gzip' });
      response.end(gzipSync(padded));
    });
    const check = await source().check(null);
    assert.deepEqual(
      check.posts.map((post) => post.id),
      [PLAIN.id],
    );
  });

  test('gzip, deflate and brotli answers are inflated; what the source asks for says so', async () => {
    for (const [encoding, encode] of [
      ['gzip', gzipSync],
      ['deflate', deflateSync],
      ['br', brotliCompressSync],
    ] as const) {
      x.answerNextWith((response, request) => {
        const { status, body } = x.answerOf(request);
        response.writeHead(status, { 'content-encoding': encoding });
        response.end(encode(body));
      }, 2);
      const check = await source().check(null);
      assert.deepEqual(
        check.posts.map((post) => post.id),
        [PLAIN.id],
        encoding,
      );
    }
    assert.equal(x.requests[0]?.headers['accept-encoding'], 'gzip, deflate, br');
  });

  test('an encoding not asked for, or a body that does not decode as said, is a failure tried again', async () => {
    x.answerNextWith((response) => {
      response.writeHead(200, { 'content-encoding': 'zstd' });
      response.end('{}');
    }, Infinity);
    assert.equal(
      (await failure(source().check(null))).message,
      `X's answer to ${LOOKUP} was unreadable: the answer has a content encoding we did not ask for, still after 3 retries`,
    );
    x.recover();
    x.answerNextWith((response) => {
      response.writeHead(200, { 'content-encoding': 'gzip' });
      response.end('not gzip at all');
    }, Infinity);
    assert.equal(
      (await failure(source().check(null))).message,
      `X's answer to ${LOOKUP} was unreadable: the answer does not decode as its content encoding says, still after 3 retries`,
    );
  });

  test('one byte every 5 s: each request ends at its total deadline, and the check fails within the check deadline', async () => {
    x.answerNextWith(drip(5_000), Infinity);
    const started = Date.now();
    const error = await failure(
      source({ requestDeadlineMs: 1_000 }).check(null, { deadline: started + 2_500 }),
    );
    const took = Date.now() - started;
    assert.equal(
      error.message,
      `X gave ${LOOKUP} no complete answer within 1 s; trying again in 2 s would pass the check's deadline`,
    );
    assert.ok(took >= 1_900 && took < 2_500, `failed within the check's 2.5 s: took ${took} ms`);
    assert.equal(x.requests.length, 2, 'ended at 1 s, then at 2 s; a third wait would pass 2.5 s');
  });

  test('the deadline is total, not an idle timeout: an answer that drips a byte every 100 ms still ends at 1 s', async () => {
    x.answerNextWith(drip(100), Infinity);
    const started = Date.now();
    const error = await failure(source({ requestDeadlineMs: 1_000 }).check(null));
    const took = Date.now() - started;
    assert.equal(
      error.message,
      `X gave ${LOOKUP} no complete answer within 1 s, still after 3 retries`,
    );
    assert.ok(took >= 3_900 && took < 6_000, `4 attempts of 1 s took ${took} ms`);
  });

  test('a stop aborts the request under way at once, and the check says the monitor stopped', async () => {
    x.answerNextWith(drip(5_000), Infinity);
    const stop = new AbortController();
    const started = Date.now();
    setTimeout(() => stop.abort(new Error('the monitor stopped during the check')), 300);
    const error = await failure(source().check(null, { signal: stop.signal }));
    const took = Date.now() - started;
    assert.equal(error.message, 'the monitor stopped during the check');
    assert.ok(took < 1_500, `took ${took} ms`);
    assert.equal(x.requests.length, 1);
    assert.deepEqual(sleeps, []);
  });

  test('a stop during a rate-limit wait ends the wait at once', async () => {
    x.failNext(429, 1, { 'x-rate-limit-reset': String(Math.ceil(Date.now() / 1000) + 600) });
    const stop = new AbortController();
    setTimeout(() => stop.abort(new Error('the monitor stopped during the check')), 200);
    const started = Date.now();
    const error = await failure(
      createXSource({
        bearerToken: TOKEN,
        handles: ['thsottiaux'],
        baseUrl: x.origin,
        logger: pino({ level: 'silent' }),
        // the real sleep: ten minutes unless stopped
      }).check(null, { signal: stop.signal }),
    );
    assert.equal(error.message, 'the monitor stopped during the check');
    assert.ok(Date.now() - started < 1_500);
  });

  test('a page of 1,000 items: the first 100 are read (here, each a problem), the rest are not, and that is said once', async () => {
    x.answerNextWith((response, request) => {
      if (request.path.endsWith('/tweets')) {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ data: Array.from({ length: 1_000 }, () => ({})) }));
      } else {
        const { status, body } = x.answerOf(request);
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(body);
      }
    }, 2);
    const check = await source().check(null);
    assert.equal(check.posts.length, 0);
    assert.equal(check.problems.length, 101);
    assert.equal(
      check.problems[0],
      'X sent 1000 posts in one page of @thsottiaux; only the first 100 were read',
    );
  });

  test('all the answers of one check together are bounded too: paging past the budget fails the check', async () => {
    const long = 'x'.repeat(2_000);
    x.addTweets(
      TIBO.id,
      Array.from({ length: 250 }, (_, i) => ({
        ...PLAIN,
        id: String(1900000000000001000n + BigInt(i)),
        text: long,
      })),
    );
    const error = await failure(
      source({ maxAnswerBytes: 512 * 1024, maxCheckBytes: 300 * 1024 }).check(PLAIN.id),
    );
    assert.equal(
      error.message,
      `X's answer to GET /2/users/1000000001/tweets was refused: the answers of this check are more than ${300 * 1024} bytes in all`,
    );
    assert.equal(x.requestsTo(/tweets$/).length, 2, 'two pages of about 200 KiB');
    assert.deepEqual(sleeps, []);
  });

  test("X's problem text is quoted without control, bidi or lone surrogate characters", async () => {
    x.failNext(400, 1, {}, 'bad\u001b]0;pwned\u0007 \u202eevil\r\nforged \ud800end');
    assert.equal(
      (await failure(source().check(null))).message,
      `X answered 400 to ${LOOKUP}: Bad Request: bad ]0;pwned   evil  forged  end`,
    );
  });

  for (const status of [301, 302, 303, 307, 308]) {
    test(`a ${status} is a failed check, not followed`, async () => {
      x.answerNextWith((response) => {
        response.writeHead(status, { location: `${x.origin}/elsewhere` });
        response.end();
      });
      const error = await failure(source().check(null));
      assert.equal(error.message, `X answered ${status} (a redirect, not followed) to ${LOOKUP}`);
      assert.equal(x.requestsTo(/elsewhere/).length, 0);
      assert.deepEqual(sleeps, []);
    });
  }

  test('a 200 that is not JSON, or a connection cut mid-answer, is tried again and then fails', async () => {
    x.answerNextWith((response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"data": ');
    }, Infinity);
    assert.equal(
      (await failure(source().check(null))).message,
      `X's answer to ${LOOKUP} was cut or unreadable, still after 3 retries`,
    );
    x.recover();
    x.answerNextWith((response) => {
      response.writeHead(200, { 'content-length': '1000' });
      response.write('{"data": {');
      setTimeout(() => response.destroy(), 20);
    }, Infinity);
    assert.match(
      (await failure(source().check(null))).message,
      /^X could not be reached for GET \/2\/users\/by\/username\/thsottiaux \((ECONNRESET|[^)]+)\), still after 3 retries$/,
    );
  });
});
