import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Response } from '../support/http.ts';
import { completion, HOUR, iso, schedule, snapshotOf } from '../support/records.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

/**
 * The exact sliding-log quota over real HTTP (service.md § Limits, decisions.md §5).
 * Time is an injected clock: no test sleeps.
 */

const T0 = Date.parse('2026-11-20T12:00:00.000Z');
const LIST = '/openapi/v1/records';
const LATEST = '/openapi/v1/records/latest';
const RATE_HEADERS = [
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'x-ratelimit-window',
  'x-ratelimit-reset',
];

const SNAPSHOT = snapshotOf(
  [
    schedule('1001', 'pending', [T0 + 2 * HOUR, T0 + 2 * HOUR]),
    completion('1000', { announcedAt: iso(T0 - HOUR), effectiveAt: iso(T0 - HOUR) }),
  ],
  T0 - 60_000,
);

/** A test server whose clock is `clock.now`, moved by the test. */
async function serverWithClock(
  env: Record<string, string> = {},
  snapshot: typeof SNAPSHOT | null = SNAPSHOT,
): Promise<{ server: TestServer; clock: { now: number } }> {
  const clock = { now: T0 };
  const server = await startTestServer({ snapshot, env, clock: () => clock.now });
  return { server, clock };
}

function rateHeaders(response: Response) {
  return {
    limit: response.headers['x-ratelimit-limit'],
    remaining: response.headers['x-ratelimit-remaining'],
    window: response.headers['x-ratelimit-window'],
    reset: response.headers['x-ratelimit-reset'],
  };
}

function assertRateLimited(response: Response, retryAfter: number): void {
  assert.equal(response.status, 429);
  assert.match(String(response.headers['content-type']), /^application\/json/);
  const body = response.json() as Record<string, unknown>;
  assert.equal(typeof body['detail'], 'string');
  assert.notEqual(body['detail'], '');
  assert.deepEqual(body, {
    ok: false,
    error: 'rate_limited',
    detail: body['detail'],
    retryAfter,
  });
  assert.equal(response.headers['retry-after'], String(retryAfter));
}

async function sequential(count: number, send: (index: number) => Promise<Response>) {
  const responses: Response[] = [];
  for (let i = 0; i < count; i++) responses.push(await send(i));
  return responses;
}

describe('the default quota of 20 requests per rolling 3600 s', () => {
  test('admits exactly 20 requests, counting X-RateLimit-Remaining down from 19 to 0, then answers 429', async () => {
    const { server, clock } = await serverWithClock();
    try {
      const responses = await sequential(20, (i) => {
        clock.now = T0 + i * 1000;
        return server.get(LIST);
      });
      responses.forEach((response, i) => {
        assert.equal(response.status, 200, `request ${i + 1}`);
        assert.deepEqual(
          rateHeaders(response),
          {
            limit: '20',
            remaining: String(19 - i),
            window: '3600',
            reset: '2026-11-20T13:00:00.000Z',
          },
          `request ${i + 1}`,
        );
        assert.equal(response.headers['retry-after'], undefined, 'Retry-After only on 429');
      });

      clock.now = T0 + 20_000;
      const refused = await server.get(LIST);
      assertRateLimited(refused, 3580);
      assert.deepEqual(rateHeaders(refused), {
        limit: '20',
        remaining: '0',
        window: '3600',
        reset: '2026-11-20T13:00:00.000Z',
      });
    } finally {
      await server.close();
    }
  });

  test('X-RateLimit-Reset names the moment the oldest counted request leaves the window, in the millisecond timestamp format', async () => {
    const { server, clock } = await serverWithClock();
    try {
      clock.now = T0 + 123;
      const first = await server.get(LIST);
      clock.now = T0 + 45_678;
      const second = await server.get(LIST);
      assert.equal(first.headers['x-ratelimit-reset'], '2026-11-20T13:00:00.123Z');
      assert.equal(second.headers['x-ratelimit-reset'], '2026-11-20T13:00:00.123Z');
      assert.match(
        String(second.headers['x-ratelimit-reset']),
        /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/,
      );
    } finally {
      await server.close();
    }
  });

  test('Retry-After and retryAfter give the seconds until the oldest request leaves the window, rounded up', async () => {
    const { server, clock } = await serverWithClock();
    try {
      await sequential(20, () => server.get(LIST));
      clock.now = T0 + 20_250; // 3579.75 s before T0 + 3600 s
      assertRateLimited(await server.get(LIST), 3580);
      clock.now = T0 + 3_600_000 - 1; // 1 ms before the slot frees
      assertRateLimited(await server.get(LIST), 1);
    } finally {
      await server.close();
    }
  });

  test('refused requests are not recorded: once the oldest request leaves the window exactly one slot is free', async () => {
    const { server, clock } = await serverWithClock();
    try {
      await sequential(20, (i) => {
        clock.now = T0 + i * 1000;
        return server.get(LIST);
      });
      // Many refusals inside the window; if they were recorded, nothing would ever free up.
      for (let i = 0; i < 10; i++) {
        clock.now = T0 + 30_000 + i * 60_000;
        assert.equal((await server.get(LIST)).status, 429);
      }

      clock.now = T0 + 3_600_000; // the request of T0 leaves the window
      const freed = await server.get(LIST);
      assert.equal(freed.status, 200);
      assert.deepEqual(rateHeaders(freed), {
        limit: '20',
        remaining: '0',
        window: '3600',
        reset: '2026-11-20T13:00:01.000Z', // now the request of T0 + 1 s is the oldest
      });
      const onlyOne = await server.get(LIST);
      assertRateLimited(onlyOne, 1);

      clock.now = T0 + 3_601_000; // the request of T0 + 1 s leaves too
      assert.equal((await server.get(LIST)).status, 200);
      assert.equal((await server.get(LIST)).status, 429);
    } finally {
      await server.close();
    }
  });

  test('/records and /records/latest share one quota', async () => {
    const { server } = await serverWithClock();
    try {
      const responses = await sequential(20, (i) => server.get(i % 2 === 0 ? LIST : LATEST));
      assert.deepEqual(
        responses.map((response) => response.headers['x-ratelimit-remaining']),
        Array.from({ length: 20 }, (_, i) => String(19 - i)),
      );
      assert.equal((await server.get(LATEST)).status, 429);
      assert.equal((await server.get(LIST)).status, 429);
    } finally {
      await server.close();
    }
  });

  test('a 422 invalid_query counts against the quota and carries the rate-limit headers', async () => {
    const { server } = await serverWithClock();
    try {
      const responses = await sequential(20, (i) =>
        server.get(i % 2 === 0 ? `${LIST}?pageSize=11` : `${LATEST}?page=1`),
      );
      responses.forEach((response, i) => {
        assert.equal(response.status, 422, `request ${i + 1}`);
        assert.equal((response.json() as { error: string }).error, 'invalid_query');
        assert.equal(response.headers['x-ratelimit-remaining'], String(19 - i));
        assert.equal(response.headers['x-ratelimit-limit'], '20');
      });
      const refused = await server.get(LIST);
      assertRateLimited(refused, 3600);
    } finally {
      await server.close();
    }
  });

  test('the quota is checked before the query is validated, so an invalid query over the quota gets 429', async () => {
    const { server } = await serverWithClock();
    try {
      await sequential(20, () => server.get(LIST));
      assertRateLimited(await server.get(`${LIST}?nonsense=1`), 3600);
    } finally {
      await server.close();
    }
  });

  test('a 503 data_unavailable counts against the quota and carries the rate-limit headers', async () => {
    const { server } = await serverWithClock({}, null);
    try {
      const responses = await sequential(20, (i) => server.get(i % 2 === 0 ? LIST : LATEST));
      responses.forEach((response, i) => {
        assert.equal(response.status, 503, `request ${i + 1}`);
        assert.equal((response.json() as { error: string }).error, 'data_unavailable');
        assert.equal(response.headers['x-ratelimit-remaining'], String(19 - i));
        assert.equal(response.headers['x-ratelimit-reset'], '2026-11-20T13:00:00.000Z');
      });
      assertRateLimited(await server.get(LATEST), 3600);
    } finally {
      await server.close();
    }
  });

  test('HEAD requests and conditional 304 answers on the data endpoints count against the quota', async () => {
    const { server } = await serverWithClock();
    try {
      const first = await server.get(LIST);
      assert.equal(first.headers['x-ratelimit-remaining'], '19');
      const head = await server.get(LIST, { method: 'HEAD' });
      assert.equal(head.status, 200);
      assert.equal(head.headers['x-ratelimit-remaining'], '18');
      const etag = String(first.headers['etag']);
      const notModified = await server.get(LIST, { headers: { 'if-none-match': etag } });
      assert.equal(notModified.status, 304);
      assert.equal(notModified.headers['x-ratelimit-remaining'], '17');
    } finally {
      await server.close();
    }
  });

  test('404, 405, OPTIONS preflight, /healthz and /readyz do not count against the quota', async () => {
    const { server } = await serverWithClock();
    try {
      for (let i = 0; i < 25; i++) {
        const uncounted = await Promise.all([
          server.get('/openapi/v1/nothing-here'),
          server.get(`${LIST}/extra`),
          server.get(LIST, { method: 'POST' }),
          server.get(LATEST, { method: 'DELETE' }),
          server.get(LIST, {
            method: 'OPTIONS',
            headers: {
              origin: 'https://example.org',
              'access-control-request-method': 'GET',
            },
          }),
          server.get('/healthz'),
          server.get('/readyz'),
        ]);
        assert.deepEqual(
          uncounted.map((response) => response.status),
          [404, 404, 405, 405, 204, 200, 200],
        );
      }
      const counted = await server.get(LIST);
      assert.equal(counted.status, 200);
      assert.equal(counted.headers['x-ratelimit-remaining'], '19');
    } finally {
      await server.close();
    }
  });
});

describe('quota under concurrency', () => {
  test('20 parallel requests from one client with RATE_LIMIT_MAX=5 admit exactly 5 and refuse 15', async () => {
    const { server } = await serverWithClock({ RATE_LIMIT_MAX: '5' });
    try {
      const responses = await Promise.all(
        Array.from({ length: 20 }, (_, i) => server.get(i % 2 === 0 ? LIST : LATEST)),
      );
      const admitted = responses.filter((response) => response.status === 200);
      const refused = responses.filter((response) => response.status === 429);
      assert.equal(admitted.length, 5);
      assert.equal(refused.length, 15);
      assert.deepEqual(
        admitted.map((response) => response.headers['x-ratelimit-remaining']).sort(),
        ['0', '1', '2', '3', '4'],
      );
      for (const response of refused) assertRateLimited(response, 3600);
    } finally {
      await server.close();
    }
  });
});

describe('quota keys: one client per IP address', () => {
  test('127.0.0.1, 127.0.0.2 and 127.0.0.3 have separate quotas', async () => {
    const { server } = await serverWithClock({ RATE_LIMIT_MAX: '2' });
    try {
      const from = (localAddress: string) => server.get(LIST, { localAddress });
      assert.equal((await from('127.0.0.1')).headers['x-ratelimit-remaining'], '1');
      assert.equal((await from('127.0.0.1')).headers['x-ratelimit-remaining'], '0');
      assert.equal((await from('127.0.0.1')).status, 429);

      const second = await from('127.0.0.2');
      assert.equal(second.status, 200);
      assert.equal(second.headers['x-ratelimit-remaining'], '1');
      assert.equal((await from('127.0.0.2')).status, 200);
      assert.equal((await from('127.0.0.2')).status, 429);

      const third = await from('127.0.0.3');
      assert.equal(third.status, 200);
      assert.equal(third.headers['x-ratelimit-remaining'], '1');
    } finally {
      await server.close();
    }
  });

  test('without TRUST_PROXY a spoofed X-Forwarded-For gains nothing', async () => {
    const { server } = await serverWithClock({ RATE_LIMIT_MAX: '2' });
    try {
      const spoof = (forwardedFor: string, localAddress = '127.0.0.1') =>
        server.get(LIST, { localAddress, headers: { 'x-forwarded-for': forwardedFor } });
      assert.equal((await spoof('198.51.100.1')).headers['x-ratelimit-remaining'], '1');
      assert.equal((await spoof('198.51.100.2')).headers['x-ratelimit-remaining'], '0');
      assert.equal((await spoof('198.51.100.3')).status, 429);
      assert.equal((await spoof('198.51.100.4, 127.0.0.1')).status, 429);
      // and a different peer is not charged for the address it names
      const other = await spoof('127.0.0.1', '127.0.0.2');
      assert.equal(other.status, 200);
      assert.equal(other.headers['x-ratelimit-remaining'], '1');
    } finally {
      await server.close();
    }
  });

  test('with TRUST_PROXY=127.0.0.1 the X-Forwarded-For client is keyed, walking right to left past trusted hops', async () => {
    const { server } = await serverWithClock({ RATE_LIMIT_MAX: '2', TRUST_PROXY: '127.0.0.1' });
    try {
      const via = (forwardedFor: string) =>
        server.get(LIST, {
          localAddress: '127.0.0.1',
          headers: { 'x-forwarded-for': forwardedFor },
        });
      const a = await via('203.0.113.7, 127.0.0.1');
      assert.equal(a.status, 200);
      assert.equal(a.headers['x-ratelimit-remaining'], '1');
      const b = await via('203.0.113.7');
      assert.equal(b.headers['x-ratelimit-remaining'], '0', 'same client 203.0.113.7');
      assert.equal((await via('203.0.113.7, 127.0.0.1, 127.0.0.1')).status, 429);

      const other = await via('203.0.113.8');
      assert.equal(other.status, 200, 'another client behind the same proxy');
      assert.equal(other.headers['x-ratelimit-remaining'], '1');

      // a leftmost spoofed entry before an untrusted hop is ignored: the client is 203.0.113.9
      const spoofed = await via('203.0.113.7, 203.0.113.9');
      assert.equal(spoofed.status, 200);
      assert.equal(spoofed.headers['x-ratelimit-remaining'], '1');

      const proxyItself = await server.get(LIST, { localAddress: '127.0.0.1' });
      assert.equal(proxyItself.status, 200, 'the proxy without the header is its own client');
      assert.equal(proxyItself.headers['x-ratelimit-remaining'], '1');
    } finally {
      await server.close();
    }
  });

  test('with TRUST_PROXY=127.0.0.1 a peer not in the list (127.0.0.2) cannot use X-Forwarded-For', async () => {
    const { server } = await serverWithClock({ RATE_LIMIT_MAX: '2', TRUST_PROXY: '127.0.0.1' });
    try {
      const fromUntrusted = (forwardedFor: string) =>
        server.get(LIST, {
          localAddress: '127.0.0.2',
          headers: { 'x-forwarded-for': forwardedFor },
        });
      assert.equal((await fromUntrusted('203.0.113.10')).headers['x-ratelimit-remaining'], '1');
      assert.equal((await fromUntrusted('203.0.113.11')).headers['x-ratelimit-remaining'], '0');
      assert.equal((await fromUntrusted('203.0.113.12')).status, 429);

      // 203.0.113.10 was never charged: through the trusted proxy it still has a full quota
      const viaProxy = await server.get(LIST, {
        localAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': '203.0.113.10' },
      });
      assert.equal(viaProxy.headers['x-ratelimit-remaining'], '1');
    } finally {
      await server.close();
    }
  });
});

describe('quota settings', () => {
  test('RATE_LIMIT=off sends no X-RateLimit headers and never answers 429', async () => {
    const { server } = await serverWithClock({ RATE_LIMIT: 'off' });
    try {
      const responses = await sequential(30, (i) => server.get(i % 2 === 0 ? LIST : LATEST));
      for (const response of responses) {
        assert.equal(response.status, 200);
        for (const header of [...RATE_HEADERS, 'retry-after']) {
          assert.equal(response.headers[header], undefined, header);
        }
      }
      const invalid = await server.get(`${LIST}?page=0`);
      assert.equal(invalid.status, 422);
      for (const header of RATE_HEADERS) assert.equal(invalid.headers[header], undefined, header);
    } finally {
      await server.close();
    }
  });

  test('RATE_LIMIT_MAX and RATE_LIMIT_WINDOW_SECONDS are honoured', async () => {
    const { server, clock } = await serverWithClock({
      RATE_LIMIT_MAX: '3',
      RATE_LIMIT_WINDOW_SECONDS: '60',
    });
    try {
      const responses = await sequential(3, (i) => {
        clock.now = T0 + i * 10_000;
        return server.get(LIST);
      });
      assert.deepEqual(
        responses.map((response) => rateHeaders(response)),
        ['2', '1', '0'].map((remaining) => ({
          limit: '3',
          remaining,
          window: '60',
          reset: '2026-11-20T12:01:00.000Z',
        })),
      );
      clock.now = T0 + 30_000;
      const refused = await server.get(LIST);
      assertRateLimited(refused, 30);
      assert.equal(refused.headers['x-ratelimit-limit'], '3');
      assert.equal(refused.headers['x-ratelimit-window'], '60');

      clock.now = T0 + 60_000;
      const freed = await server.get(LIST);
      assert.equal(freed.status, 200);
      assert.equal(freed.headers['x-ratelimit-reset'], '2026-11-20T12:01:10.000Z');
    } finally {
      await server.close();
    }
  });
});
