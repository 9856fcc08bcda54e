import assert from 'node:assert/strict';
import { after, before, describe, type TestContext, test } from 'node:test';
import {
  assertToolError,
  brief,
  LATEST_TOOL,
  LIST_TOOL,
  MODERN,
  RawMcp,
  rateHeaders,
  SNAPSHOT,
  toolResult,
} from '../mcp/mcp-support.ts';
import type { Response } from '../support/http.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import {
  deleteKeys,
  LATEST,
  LIST,
  openTestClient,
  redisTimeMs,
  SHARED_REDIS_URL,
  sleep,
  type TestRedisClient,
  uniquePrefix,
  waitUntil,
} from './redis-support.ts';

/**
 * The quota in a real, shared Redis (decisions.md §1 "shared store", §5): two service
 * instances with the same REDIS_URL and REDIS_KEY_PREFIX keep one exact sliding log per
 * client, on Redis's clock. Every test has its own key prefix and deletes its keys.
 */

const LEGACY = '2025-11-25';
const TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

let redis: TestRedisClient;
before(async () => {
  redis = await openTestClient(SHARED_REDIS_URL);
});
after(async () => {
  await redis?.close();
});

interface Pair {
  readonly a: TestServer;
  readonly b: TestServer;
  readonly prefix: string;
  /** The Redis key of a client's sliding log. */
  keyOf(address: string): string;
}

/** Two instances sharing one Redis and one key prefix; closed and cleaned up after the test. */
async function startPair(t: TestContext, env: Record<string, string>): Promise<Pair> {
  const prefix = uniquePrefix('quota');
  t.after(() => deleteKeys(redis, prefix));
  const shared = { REDIS_URL: SHARED_REDIS_URL, REDIS_KEY_PREFIX: prefix, ...env };
  const a = await startTestServer({ snapshot: SNAPSHOT, env: shared });
  t.after(() => a.close());
  const b = await startTestServer({ snapshot: SNAPSHOT, env: shared });
  t.after(() => b.close());
  return { a, b, prefix, keyOf: (address) => `${prefix}quota:{${address}}` };
}

type Via = 'http' | 'mcp';
interface Sent {
  readonly via: Via;
  readonly response: Response;
}

/** A counted request over HTTP (alternating the two data endpoints) or an MCP tools/call. */
async function counted(server: TestServer, via: Via, address: string, i: number): Promise<Sent> {
  if (via === 'http') {
    return {
      via,
      response: await server.get(i % 2 === 0 ? LIST : LATEST, { localAddress: address }),
    };
  }
  const mcp = new RawMcp(server.origin, i % 2 === 0 ? LEGACY : MODERN, address);
  const response = await (i % 2 === 0
    ? mcp.call(LIST_TOOL, { pageSize: 1 })
    : mcp.call(LATEST_TOOL, {}));
  return { via, response };
}

function assertAdmitted({ via, response }: Sent, label: string): void {
  if (via === 'http') {
    assert.equal(response.status, 200, `${label}: ${brief(response)}`);
    assert.equal(response.headers['retry-after'], undefined, `${label}: Retry-After only on 429`);
    return;
  }
  const result = toolResult(response);
  assert.notEqual(result.isError, true, `${label}: ${brief(response)}`);
  assert.equal((result.structuredContent as { ok?: unknown }).ok, true, label);
}

/** Asserts a refusal and returns its retryAfter (HTTP: Retry-After header = body). */
function assertRefused({ via, response }: Sent, label: string): number {
  if (via === 'http') {
    assert.equal(response.status, 429, `${label}: ${brief(response)}`);
    const body = response.json() as Record<string, unknown>;
    assert.equal(typeof body['detail'], 'string', label);
    assert.deepEqual(
      body,
      { ok: false, error: 'rate_limited', detail: body['detail'], retryAfter: body['retryAfter'] },
      label,
    );
    assert.equal(response.headers['retry-after'], String(body['retryAfter']), label);
    return body['retryAfter'] as number;
  }
  const error = assertToolError(toolResult(response), 'rate_limited');
  return error.retryAfter!;
}

const isAdmitted = ({ via, response }: Sent) =>
  via === 'http' ? response.status === 200 : toolResult(response).isError !== true;

/** Window of possible Retry-After values for a refusal sent between Redis times `from` and `to`. */
function retryAfterRange(resetMs: number, from: number, to: number): [number, number] {
  return [Math.ceil((resetMs - to) / 1000), Math.ceil((resetMs - from) / 1000)];
}

function assertWithin(value: number, [low, high]: [number, number], label: string): void {
  assert.ok(value >= low && value <= high, `${label}: ${value} not in [${low}, ${high}]`);
}

describe('two instances share one quota per client through Redis', () => {
  test('alternating HTTP requests and MCP tool calls across both instances admit exactly RATE_LIMIT_MAX=6 with exact headers', async (t) => {
    const { a, b, keyOf } = await startPair(t, {
      RATE_LIMIT_MAX: '6',
      RATE_LIMIT_WINDOW_SECONDS: '60',
    });
    const address = '127.0.0.1';
    const plan: [TestServer, Via][] = [
      [a, 'http'],
      [b, 'mcp'],
      [b, 'http'],
      [a, 'mcp'],
      [a, 'http'],
      [b, 'mcp'],
    ];

    const beforeFirst = await redisTimeMs(redis);
    const first = await counted(a, 'http', address, 0);
    const afterFirst = await redisTimeMs(redis);
    const reset = String(first.response.headers['x-ratelimit-reset']);
    assert.match(reset, TIMESTAMP);
    const resetMs = Date.parse(reset);
    assert.ok(
      resetMs >= beforeFirst + 60_000 && resetMs <= afterFirst + 60_000,
      `X-RateLimit-Reset ${reset} is the first request's Redis time + 60 s, in [${new Date(beforeFirst + 60_000).toISOString()}, ${new Date(afterFirst + 60_000).toISOString()}]`,
    );

    const admitted = [first];
    for (let i = 1; i < plan.length; i++) {
      const [server, via] = plan[i]!;
      admitted.push(await counted(server, via, address, i));
    }
    admitted.forEach((sent, i) => {
      const label = `request ${i + 1} (${sent.via} on instance ${plan[i]![0] === a ? 'a' : 'b'})`;
      assertAdmitted(sent, label);
      assert.deepEqual(
        rateHeaders(sent.response),
        { limit: '6', remaining: String(5 - i), window: '60', reset },
        label,
      );
    });

    for (const [i, [server, via]] of plan.slice(0, 4).entries()) {
      const label = `refusal ${i + 1} (${via})`;
      const from = await redisTimeMs(redis);
      const refused = await counted(server, via, address, i);
      const to = await redisTimeMs(redis);
      const retryAfter = assertRefused(refused, label);
      assert.ok(Number.isInteger(retryAfter) && retryAfter >= 1, label);
      assertWithin(retryAfter, retryAfterRange(resetMs, from, to), `${label}: retryAfter`);
      assert.deepEqual(
        rateHeaders(refused.response),
        { limit: '6', remaining: '0', window: '60', reset },
        label,
      );
    }

    const key = keyOf(address);
    assert.equal(await redis.type(key), 'zset');
    const members = await redis.zRangeWithScores(key, 0, -1);
    assert.equal(members.length, 6, 'the six admitted requests, none of the refused');
    assert.equal(members[0]!.score, resetMs - 60_000, 'the oldest score is the first admission');
    assert.equal(new Set(members.map((member) => member.value)).size, 6, 'unique members');
    const ttl = await redis.pTTL(key);
    assert.ok(ttl > 0 && ttl <= 60_000, `PTTL ${ttl} within (0, 60000]`);
  });

  test('another client address keeps its own quota while the first is exhausted', async (t) => {
    const { a, b, keyOf } = await startPair(t, {
      RATE_LIMIT_MAX: '2',
      RATE_LIMIT_WINDOW_SECONDS: '60',
    });
    assertAdmitted(await counted(a, 'http', '127.0.0.2', 0), '127.0.0.2 #1');
    assertAdmitted(await counted(b, 'mcp', '127.0.0.2', 1), '127.0.0.2 #2');
    assertRefused(await counted(a, 'mcp', '127.0.0.2', 0), '127.0.0.2 #3');
    assertRefused(await counted(b, 'http', '127.0.0.2', 1), '127.0.0.2 #4');

    const other = await counted(b, 'http', '127.0.0.3', 0);
    assertAdmitted(other, '127.0.0.3 #1');
    assert.equal(other.response.headers['x-ratelimit-remaining'], '1');
    const otherMcp = await counted(a, 'mcp', '127.0.0.3', 1);
    assertAdmitted(otherMcp, '127.0.0.3 #2');
    assert.equal(otherMcp.response.headers['x-ratelimit-remaining'], '0');

    assert.equal(await redis.zCard(keyOf('127.0.0.2')), 2);
    assert.equal(await redis.zCard(keyOf('127.0.0.3')), 2);
  });
});

describe('the shared quota under concurrent load', () => {
  test('30 parallel requests per address from 127.0.0.2..127.0.0.5 over both instances admit exactly RATE_LIMIT_MAX=7 per address', async (t) => {
    const { a, b, keyOf } = await startPair(t, {
      RATE_LIMIT_MAX: '7',
      RATE_LIMIT_WINDOW_SECONDS: '60',
    });
    const addresses = ['127.0.0.2', '127.0.0.3', '127.0.0.4', '127.0.0.5'];
    const routes: [TestServer, Via][] = [
      [a, 'http'],
      [b, 'http'],
      [a, 'mcp'],
      [b, 'mcp'],
    ];
    const all = await Promise.all(
      addresses.map((address) =>
        Promise.all(
          Array.from({ length: 30 }, (_, i) => {
            const [server, via] = routes[i % routes.length]!;
            return counted(server, via, address, Math.floor(i / routes.length));
          }),
        ),
      ),
    );

    for (const [n, address] of addresses.entries()) {
      const sent = all[n]!;
      const unavailable = sent.filter(
        ({ response }) =>
          response.status === 503 || response.text.includes('rate_limit_unavailable'),
      );
      assert.equal(unavailable.length, 0, `${address}: no 503 rate_limit_unavailable under load`);
      const admitted = sent.filter(isAdmitted);
      const refused = sent.filter((one) => !isAdmitted(one));
      assert.equal(admitted.length, 7, `${address}: exactly the quota is admitted`);
      assert.equal(refused.length, 23, address);
      assert.deepEqual(
        admitted.map(({ response }) => response.headers['x-ratelimit-remaining']).sort(),
        ['0', '1', '2', '3', '4', '5', '6'],
        `${address}: each remaining count exactly once`,
      );
      for (const one of refused) {
        assertRefused(one, address);
        assert.equal(one.response.headers['x-ratelimit-remaining'], '0', address);
      }
      const resets = new Set(sent.map(({ response }) => response.headers['x-ratelimit-reset']));
      assert.equal(resets.size, 1, `${address}: one oldest request, one Reset: ${[...resets]}`);

      const key = keyOf(address);
      assert.equal(await redis.zCard(key), 7, `${address}: the log holds the admitted only`);
      const ttl = await redis.pTTL(key);
      assert.ok(ttl > 0 && ttl <= 60_000, `${address}: PTTL ${ttl} within (0, 60000]`);
    }
  });
});

describe('the shared sliding log on Redis time', () => {
  test('refused requests are not recorded: a slot frees exactly when the oldest admitted request leaves the 2 s window', async (t) => {
    const { a, b, keyOf } = await startPair(t, {
      RATE_LIMIT_MAX: '2',
      RATE_LIMIT_WINDOW_SECONDS: '2',
    });
    const address = '127.0.0.6';
    const key = keyOf(address);

    const first = await counted(a, 'http', address, 0);
    assertAdmitted(first, 'first');
    const resetFirst = String(first.response.headers['x-ratelimit-reset']);
    await sleep(300);
    const second = await counted(b, 'mcp', address, 0);
    assertAdmitted(second, 'second');
    assert.deepEqual(rateHeaders(second.response), {
      limit: '2',
      remaining: '0',
      window: '2',
      reset: resetFirst,
    });
    const scores = (await redis.zRangeWithScores(key, 0, -1)).map((member) => member.score);
    assert.equal(scores.length, 2);
    assert.equal(new Date(scores[0]! + 2000).toISOString(), resetFirst);
    const resetFirstMs = Date.parse(resetFirst);
    const resetSecond = new Date(scores[1]! + 2000).toISOString();

    // Refusals over the next second, on both instances; none of them may enter the log.
    for (let i = 0; i < 8; i++) {
      const [server, via]: [TestServer, Via] = i % 2 === 0 ? [b, 'http'] : [a, 'mcp'];
      assertRefused(await counted(server, via, address, i), `refusal ${i + 1}`);
      assert.equal(await redis.zCard(key), 2, `after refusal ${i + 1}`);
      await sleep(100);
    }

    // Just before the oldest leaves: still refused, retry after 1 s (rounded up).
    await waitUntil(
      'Redis time near the reset',
      async () => (await redisTimeMs(redis)) >= resetFirstMs - 200,
      3_000,
      10,
    );
    const justBefore = await counted(a, 'http', address, 0);
    assert.equal(assertRefused(justBefore, 'just before the reset'), 1);

    await waitUntil(
      'Redis time past the reset',
      async () => (await redisTimeMs(redis)) >= resetFirstMs,
      3_000,
      5,
    );
    const freed = await counted(b, 'http', address, 1);
    assertAdmitted(freed, 'the freed slot');
    assert.deepEqual(rateHeaders(freed.response), {
      limit: '2',
      remaining: '0',
      window: '2',
      reset: resetSecond,
    });
    const onlyOne = await counted(a, 'mcp', address, 1);
    assert.equal(assertRefused(onlyOne, 'one slot only'), 1);

    assert.equal(await redis.zCard(key), 2, 'at most RATE_LIMIT_MAX members');
    const ttl = await redis.pTTL(key);
    assert.ok(ttl > 0 && ttl <= 2_000, `PTTL ${ttl} within (0, 2000]`);
  });
});
