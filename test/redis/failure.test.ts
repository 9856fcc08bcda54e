import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ERROR_CATALOGUE } from '../../src/shared/domain/errors.ts';
import {
  assertToolError,
  brief,
  LATEST_TOOL,
  LIST_TOOL,
  MODERN,
  RawMcp,
  SNAPSHOT,
  toolResult,
} from '../mcp/mcp-support.ts';
import type { Response } from '../support/http.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import {
  LATEST,
  LIST,
  OwnRedis,
  openTestClient,
  sleep,
  type TestRedisClient,
  timed,
  waitUntil,
} from './redis-support.ts';

/**
 * The quota store failing (decisions.md §5 "Store unavailable"): with its Redis killed,
 * frozen or busy, a counted request answers 503 rate_limit_unavailable at once (never a
 * hang, never fail open), everything else keeps working, and the service recovers by
 * itself when Redis returns. Each suite runs a redis-server of its own.
 */

const LEGACY = '2025-11-25';
/** "at once": the store bound is 250 ms; a counted request must answer well within 1 s. */
const FAST_MS = 1_000;
const UNAVAILABLE_BODY = {
  ok: false,
  error: 'rate_limit_unavailable',
  detail: ERROR_CATALOGUE.rate_limit_unavailable.detail,
};

type Kind = 'GET list' | 'GET latest' | 'HEAD list' | 'MCP list (2025)' | 'MCP latest (2026)';
const KINDS: readonly Kind[] = [
  'GET list',
  'MCP list (2025)',
  'GET latest',
  'MCP latest (2026)',
  'HEAD list',
];

function send(server: TestServer, kind: Kind): Promise<Response> {
  switch (kind) {
    case 'GET list':
      return server.get(LIST);
    case 'GET latest':
      return server.get(LATEST);
    case 'HEAD list':
      return server.get(LIST, { method: 'HEAD' });
    case 'MCP list (2025)':
      return new RawMcp(server.origin, LEGACY).call(LIST_TOOL, { pageSize: 1 });
    case 'MCP latest (2026)':
      return new RawMcp(server.origin, MODERN).call(LATEST_TOOL, {});
  }
}

const isMcp = (kind: Kind) => kind.startsWith('MCP');

function assertServed(kind: Kind, response: Response, label: string): void {
  if (isMcp(kind)) {
    const result = toolResult(response);
    assert.notEqual(result.isError, true, `${label}: ${brief(response)}`);
  } else {
    assert.equal(response.status, 200, `${label}: ${brief(response)}`);
  }
  assert.ok(response.headers['x-ratelimit-remaining'] !== undefined, `${label}: counted`);
}

function assertUnavailable(kind: Kind, response: Response, label: string): void {
  if (isMcp(kind)) {
    const error = assertToolError(toolResult(response), 'rate_limit_unavailable');
    assert.deepEqual(error, UNAVAILABLE_BODY, label);
    return;
  }
  assert.equal(response.status, 503, `${label}: ${brief(response)}`);
  assert.equal(response.headers['retry-after'], undefined, `${label}: not a rate_limited answer`);
  if (kind === 'HEAD list') return; // no body on HEAD
  assert.match(String(response.headers['content-type']), /^application\/json/, label);
  assert.deepEqual(response.json(), UNAVAILABLE_BODY, label);
}

const isUnavailable = (kind: Kind, response: Response): boolean => {
  try {
    assertUnavailable(kind, response, '');
    return true;
  } catch {
    return false;
  }
};

const isServed = (kind: Kind, response: Response): boolean => {
  try {
    assertServed(kind, response, '');
    return true;
  } catch {
    return false;
  }
};

/** Every counted kind, one after the other: each answers 503 rate_limit_unavailable fast. */
async function assertEveryCountedRequestUnavailable(
  server: TestServer,
  rounds: number,
  label: string,
) {
  for (let round = 0; round < rounds; round++) {
    for (const kind of KINDS) {
      const [response, ms] = await timed(() => send(server, kind));
      assertUnavailable(kind, response, `${label}, ${kind} #${round + 1}`);
      assert.ok(ms < FAST_MS, `${label}, ${kind} #${round + 1}: answered in ${ms.toFixed(0)} ms`);
    }
  }
}

/** `parallel` counted requests at once: all 503 rate_limit_unavailable, each fast. */
async function assertParallelUnavailable(server: TestServer, parallel: number, label: string) {
  const results = await Promise.all(
    Array.from({ length: parallel }, (_, i) => {
      const kind = KINDS[i % KINDS.length]!;
      return timed(() => send(server, kind)).then(([response, ms]) => ({ kind, response, ms }));
    }),
  );
  for (const [i, { kind, response, ms }] of results.entries()) {
    assertUnavailable(kind, response, `${label}, parallel ${kind} #${i + 1}`);
    assert.ok(ms < FAST_MS, `${label}, parallel ${kind} #${i + 1}: ${ms.toFixed(0)} ms`);
  }
}

async function assertOperationsWhileDown(server: TestServer, label: string): Promise<void> {
  const health = await server.get('/healthz');
  assert.equal(health.status, 200, `${label}: /healthz`);
  const metrics = await server.metrics();
  assert.equal(metrics.status, 200, `${label}: /metrics`);
  assert.match(String(metrics.headers['content-type']), /^text\/plain/);
  const [ready, ms] = await timed(() => server.get('/readyz'));
  assert.equal(ready.status, 503, `${label}: /readyz ${ready.text}`);
  assert.ok(ms < FAST_MS, `${label}: /readyz answered in ${ms.toFixed(0)} ms`);
  const tools = await new RawMcp(server.origin, LEGACY).send('tools/list');
  assert.equal(tools.status, 200, `${label}: MCP tools/list keeps working`);
  assert.equal(
    ((tools.json() as { result?: { tools?: unknown[] } }).result?.tools ?? []).length,
    2,
  );
}

/** Waits (bounded) until counted requests are served again; returns the time it took. */
async function waitForRecovery(server: TestServer, timeoutMs: number): Promise<number> {
  const took = await waitUntil(
    'counted requests served again',
    async () => {
      const [response, ms] = await timed(() => server.get(LIST));
      assert.ok(ms < FAST_MS, `a request during recovery took ${ms.toFixed(0)} ms`);
      return response.status === 200;
    },
    timeoutMs,
    100,
  );
  for (const kind of KINDS) assertServed(kind, await send(server, kind), `after recovery: ${kind}`);
  assert.equal((await server.get('/readyz')).status, 200, '/readyz after recovery');
  return took;
}

describe('a service whose Redis dies, freezes or blocks', () => {
  let redis: OwnRedis;
  let server: TestServer;

  before(async () => {
    redis = await OwnRedis.start();
    server = await startTestServer({
      snapshot: SNAPSHOT,
      env: {
        REDIS_URL: redis.url,
        RATE_LIMIT_MAX: '1000',
        RATE_LIMIT_WINDOW_SECONDS: '600',
      },
    });
  });
  after(async () => {
    await server?.close();
    await redis?.stop();
  });

  test('with Redis up, counted requests are served with rate-limit headers and /readyz is 200', async () => {
    for (const kind of KINDS) assertServed(kind, await send(server, kind), kind);
    const ready = await server.get('/readyz');
    assert.equal(ready.status, 200, ready.text);
  });

  test('Redis killed with SIGKILL mid-traffic: every counted request answers 503 rate_limit_unavailable within 1 s, never a hang', async () => {
    const log: { kind: Kind; response: Response; ms: number; afterKill: boolean }[] = [];
    let killed = false;
    let stop = false;
    const traffic = async (lane: number) => {
      for (let i = lane; !stop; i += 4) {
        const kind = KINDS[i % KINDS.length]!;
        const afterKill = killed;
        const [response, ms] = await timed(() => send(server, kind));
        log.push({ kind, response, ms, afterKill });
      }
    };
    const lanes = Promise.all([0, 1, 2, 3].map(traffic));
    await sleep(200);
    killed = true;
    await redis.kill();
    await sleep(600);
    stop = true;
    await lanes;

    assert.ok(
      log.some((entry) => !entry.afterKill),
      'traffic before the kill',
    );
    assert.ok(log.filter((entry) => entry.afterKill).length >= 4, 'traffic after the kill');
    for (const [i, { kind, response, ms }] of log.entries()) {
      assert.ok(ms < FAST_MS, `traffic #${i + 1} (${kind}) took ${ms.toFixed(0)} ms`);
      assert.ok(
        isServed(kind, response) || isUnavailable(kind, response),
        `traffic #${i + 1} (${kind}): served or rate_limit_unavailable, got ${response.status} ${brief(response)}`,
      );
    }
    const lastOfEachLane = log.slice(-4);
    for (const { kind, response } of lastOfEachLane) {
      assertUnavailable(kind, response, `traffic after the kill (${kind})`);
    }

    await assertEveryCountedRequestUnavailable(server, 2, 'Redis killed');
    await assertParallelUnavailable(server, 20, 'Redis killed');
  });

  test('with Redis dead, /healthz, /metrics and MCP tools/list stay 200 and /readyz turns 503', async () => {
    await assertOperationsWhileDown(server, 'Redis killed');
  });

  test('redis-server restarted on the same port: the service recovers by itself within a few seconds', async (t) => {
    await redis.start();
    const took = await waitForRecovery(server, 5_000);
    t.diagnostic(`recovered ${took} ms after redis-server answered again`);
    assert.ok(took < 5_000, `recovered in ${took} ms`);
  });

  test('Redis frozen with SIGSTOP: counted requests answer 503 rate_limit_unavailable within 1 s each, and it recovers after SIGCONT', async () => {
    redis.freeze();
    try {
      await assertEveryCountedRequestUnavailable(server, 2, 'Redis frozen');
      await assertParallelUnavailable(server, 20, 'Redis frozen');
      await assertOperationsWhileDown(server, 'Redis frozen');
    } finally {
      redis.thaw();
    }
    const took = await waitForRecovery(server, 5_000);
    assert.ok(took < 5_000, `recovered in ${took} ms`);
  });

  test('Redis blocked by DEBUG SLEEP 3 from another client: counted requests answer 503 within 1 s each, then it recovers', async () => {
    const other = await openTestClient(redis.url);
    try {
      const sleeping = other.sendCommand(['DEBUG', 'SLEEP', '3']);
      await sleep(50);
      const started = Date.now();
      await assertEveryCountedRequestUnavailable(server, 1, 'Redis in DEBUG SLEEP');
      await assertParallelUnavailable(server, 10, 'Redis in DEBUG SLEEP');
      const ready = await server.get('/readyz');
      assert.equal(ready.status, 503, `/readyz during DEBUG SLEEP: ${ready.text}`);
      assert.ok(Date.now() - started < 2_500, 'all of this happened while Redis slept');
      assert.equal(await sleeping, 'OK');
    } finally {
      await other.close().catch(() => other.destroy());
    }
    await waitForRecovery(server, 3_000);
  });
});

describe('requests answered 503 while Redis was frozen', () => {
  let redis: OwnRedis;
  let server: TestServer;
  before(async () => {
    redis = await OwnRedis.start();
    server = await startTestServer({
      snapshot: SNAPSHOT,
      env: { REDIS_URL: redis.url, RATE_LIMIT_MAX: '10', RATE_LIMIT_WINDOW_SECONDS: '600' },
    });
  });
  after(async () => {
    await server?.close();
    await redis?.stop();
  });

  test('are not counted once Redis thaws: only admitted requests use the quota', async () => {
    const first = await server.get(LIST);
    assert.equal(first.status, 200);
    assert.equal(first.headers['x-ratelimit-remaining'], '9');

    redis.freeze();
    try {
      for (let i = 0; i < 5; i++) {
        const response = await server.get(LIST);
        assertUnavailable('GET list', response, `while frozen #${i + 1}`);
      }
    } finally {
      redis.thaw();
    }
    await waitUntil(
      'served again',
      async () => (await server.get('/readyz')).status === 200,
      5_000,
    );
    await sleep(200); // let Redis work through whatever was queued while it was frozen
    const next = await server.get(LIST);
    assert.equal(next.status, 200, brief(next));
    assert.equal(
      next.headers['x-ratelimit-remaining'],
      '8',
      'one admitted request before, this one now: the five 503 answers must not have been recorded',
    );
  });
});

describe('a service started while its Redis is down', () => {
  let redis: OwnRedis;
  let server: TestServer | undefined;
  let client: TestRedisClient | undefined;
  before(async () => {
    redis = await OwnRedis.start();
    await redis.kill();
  });
  after(async () => {
    await server?.close();
    await client?.close().catch(() => undefined);
    await redis?.stop();
  });

  test('starts, answers 503 rate_limit_unavailable, and recovers when Redis comes up, without a restart', async () => {
    const started = Date.now();
    server = await startTestServer({
      snapshot: SNAPSHOT,
      env: { REDIS_URL: redis.url, RATE_LIMIT_MAX: '50', RATE_LIMIT_WINDOW_SECONDS: '600' },
    });
    assert.ok(Date.now() - started < 5_000, 'start-up does not wait long for Redis');
    assert.equal((await server.get('/healthz')).status, 200);
    await assertEveryCountedRequestUnavailable(server, 1, 'Redis down at start');
    await assertOperationsWhileDown(server, 'Redis down at start');

    await redis.start();
    await waitForRecovery(server, 5_000);
    client = await openTestClient(redis.url);
    const keys = await client.keys('reset-records:quota:*');
    assert.deepEqual(keys, ['reset-records:quota:{127.0.0.1}'], 'the default key prefix');
  });
});
