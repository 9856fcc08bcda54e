import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Response } from '../support/http.ts';
import { completion, DAY, HOUR, iso, schedule, snapshotOf } from '../support/records.ts';
import { startTestServer, type TestServer, waitFor } from '../support/server.ts';

/**
 * The manners of a real public API (service.md § Endpoints rule 3, decisions.md §6 and §8):
 * JSON 404/405, CORS, ETag and If-None-Match, Cache-Control bounded by the next change,
 * nosniff, no X-Powered-By, error bodies without extra keys.
 */

const LIST = '/openapi/v1/records';
const LATEST = '/openapi/v1/records/latest';
const DATA_PATHS = [LIST, LATEST];
const NOW = Date.now();

const RECORDS = [
  schedule('100', 'pending', [NOW + DAY, NOW + DAY + HOUR], {
    announcedAt: iso(NOW - HOUR),
    effectiveAt: iso(NOW + DAY),
  }),
  completion('200', { announcedAt: iso(NOW - DAY), effectiveAt: iso(NOW - DAY) }),
  completion('201', { announcedAt: iso(NOW - 2 * DAY), effectiveAt: iso(NOW - 2 * DAY) }),
];

const remaining = (response: Response) => {
  const value = response.headers['x-ratelimit-remaining'];
  assert.equal(typeof value, 'string', 'x-ratelimit-remaining present');
  return Number(value);
};

function assertErrorBody(response: Response, status: number, error: string): void {
  assert.equal(response.status, status, response.text);
  assert.equal(response.headers['content-type'], 'application/json; charset=utf-8');
  const body = response.json() as Record<string, unknown>;
  assert.deepEqual(Object.keys(body).sort(), ['detail', 'error', 'ok']);
  assert.equal(body.ok, false);
  assert.equal(body.error, error);
  assert.equal(typeof body.detail, 'string');
}

/** Data responses carry this client's quota headers, so they are `private` (see conditional.ts). */
const maxAge = (response: Response) => {
  const match = /^private, max-age=(\d+)$/.exec(String(response.headers['cache-control']));
  assert.ok(match, `cache-control ${response.headers['cache-control']}`);
  return Number(match[1]);
};

const listOf = (header: string | string[] | undefined) =>
  String(header)
    .split(',')
    .map((item) => item.trim().toLowerCase())
    .filter(Boolean);

describe('protocol manners of the HTTP API', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({
      snapshot: snapshotOf(RECORDS, NOW),
      env: { RATE_LIMIT_MAX: '1000' },
    });
  });
  after(() => server.close());

  for (const path of [
    '/nope',
    '/openapi/v1/records/',
    '/openapi/v2/records',
    '/openapi/v1/records/latest/',
    '/openapi/v1/Records',
    '/openapi/v1/records/123',
    '/openapi/v1',
  ]) {
    test(`answers GET ${path} with a JSON 404 not_found`, async () => {
      const response = await server.get(path);
      assertErrorBody(response, 404, 'not_found');
      assert.equal(response.headers['cache-control'], 'no-store');
      assert.equal(response.headers['x-ratelimit-remaining'], undefined);
    });
  }

  for (const path of DATA_PATHS) {
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
      test(`answers ${method} ${path} with a JSON 405 and an Allow header naming GET and HEAD`, async () => {
        const response = await server.get(path, { method });
        assertErrorBody(response, 405, 'method_not_allowed');
        assert.equal(response.headers['cache-control'], 'no-store');
        const allow = listOf(response.headers.allow);
        assert.ok(allow.includes('get'), `Allow: ${response.headers.allow}`);
        assert.ok(allow.includes('head'), `Allow: ${response.headers.allow}`);
        for (const refused of ['post', 'put', 'delete', 'patch'])
          assert.ok(!allow.includes(refused));
        assert.equal(response.headers['x-ratelimit-remaining'], undefined);
      });
    }

    test(`answers a POST to ${path} with a malformed JSON body as 405, not as a body error`, async () => {
      const response = await server.get(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"kind":',
      });
      assertErrorBody(response, 405, 'method_not_allowed');
    });
  }

  test('does not count 404 and 405 answers against the quota', async () => {
    const before = remaining(await server.get(LIST));
    await server.get('/nope');
    await server.get('/openapi/v1/records/');
    await server.get(LIST, { method: 'POST' });
    await server.get(LATEST, { method: 'DELETE' });
    await server.get(LIST, { method: 'PUT', headers: { 'content-type': 'text/plain' }, body: 'x' });
    const afterwards = remaining(await server.get(LIST));
    assert.equal(afterwards, before - 1);
  });

  for (const path of DATA_PATHS) {
    test(`allows any origin on ${path} and exposes the rate-limit headers and Retry-After`, async () => {
      const response = await server.get(path, { headers: { origin: 'https://example.org' } });
      assert.equal(response.status, 200);
      assert.equal(response.headers['access-control-allow-origin'], '*');
      const exposed = listOf(response.headers['access-control-expose-headers']);
      for (const name of [
        'x-ratelimit-limit',
        'x-ratelimit-remaining',
        'x-ratelimit-window',
        'x-ratelimit-reset',
        'retry-after',
      ]) {
        assert.ok(exposed.includes(name), `${name} exposed: ${exposed.join(', ')}`);
      }
    });

    test(`answers a CORS preflight for ${path} with 204 without counting it`, async () => {
      const before = remaining(await server.get(path));
      const preflight = await server.get(path, {
        method: 'OPTIONS',
        headers: {
          origin: 'https://example.org',
          'access-control-request-method': 'GET',
        },
      });
      assert.equal(preflight.status, 204);
      assert.equal(preflight.text, '');
      assert.equal(preflight.headers['access-control-allow-origin'], '*');
      assert.ok(listOf(preflight.headers['access-control-allow-methods']).includes('get'));
      assert.equal(preflight.headers['x-ratelimit-remaining'], undefined);
      const afterwards = remaining(await server.get(path));
      assert.equal(afterwards, before - 1);
    });
  }

  test('sends X-Content-Type-Options nosniff on a CORS preflight answer too', async () => {
    const preflight = await server.get(LIST, {
      method: 'OPTIONS',
      headers: { origin: 'https://example.org', 'access-control-request-method': 'GET' },
    });
    assert.equal(preflight.status, 204);
    assert.equal(preflight.headers['x-content-type-options'], 'nosniff');
    assert.equal(preflight.headers['x-powered-by'], undefined);
  });

  test('answers a plain OPTIONS request to an unknown path with a JSON 404', async () => {
    const response = await server.get('/nope', { method: 'OPTIONS' });
    assertErrorBody(response, 404, 'not_found');
  });

  test('allows any origin on error answers of the API too', async () => {
    const response = await server.get(`${LIST}?page=0`, {
      headers: { origin: 'https://example.org' },
    });
    assert.equal(response.status, 422);
    assert.equal(response.headers['access-control-allow-origin'], '*');
  });

  test('sends a quoted ETag that stays the same for the same answer', async () => {
    const first = await server.get(`${LIST}?kind=all&page=1&pageSize=2`);
    const second = await server.get(`${LIST}?kind=all&page=1&pageSize=2`);
    const etag = first.headers.etag;
    assert.match(String(etag), /^(W\/)?"[\x21\x23-\x7e]+"$/);
    assert.equal(second.headers.etag, etag);
    assert.equal(second.text, first.text);
  });

  test('sends different ETags for a different page, page size, kind or endpoint', async () => {
    const etags = new Set<string>();
    const targets = [
      `${LIST}?kind=all&page=1&pageSize=2`,
      `${LIST}?kind=all&page=2&pageSize=2`,
      `${LIST}?kind=all&page=1&pageSize=3`,
      `${LIST}?kind=reset_completed&page=1&pageSize=2`,
      `${LIST}?kind=reset_scheduled&page=1&pageSize=2`,
      `${LATEST}?kind=all`,
      `${LATEST}?kind=reset_completed`,
    ];
    for (const target of targets) {
      const response = await server.get(target);
      assert.equal(response.status, 200);
      etags.add(String(response.headers.etag));
    }
    assert.equal(etags.size, targets.length);
  });

  test('answers If-None-Match with the current ETag by 304 without a body, still counted', async () => {
    const target = `${LIST}?kind=all&pageSize=2`;
    const fresh = await server.get(target);
    const etag = String(fresh.headers.etag);
    const notModified = await server.get(target, { headers: { 'if-none-match': etag } });
    assert.equal(notModified.status, 304);
    assert.equal(notModified.text, '');
    assert.equal(notModified.headers.etag, etag);
    assert.equal(maxAge(notModified), maxAge(fresh));
    assert.equal(remaining(notModified), remaining(fresh) - 1);
    assert.equal(notModified.headers['x-content-type-options'], 'nosniff');
  });

  test('matches weak, listed and * forms of If-None-Match', async () => {
    const target = `${LATEST}?kind=reset_completed`;
    const etag = String((await server.get(target)).headers.etag);
    const bare = etag.replace(/^W\//, '');
    for (const header of [
      `W/${bare}`,
      `"something-else", ${etag}`,
      `"a",${bare} , "b"`,
      `W/"a", W/${bare}`,
      '*',
    ]) {
      const response = await server.get(target, { headers: { 'if-none-match': header } });
      assert.equal(response.status, 304, `If-None-Match: ${header}`);
      assert.equal(response.text, '');
    }
  });

  test('answers 200 with the body when If-None-Match names another ETag', async () => {
    const target = `${LATEST}?kind=reset_completed`;
    const etag = String((await server.get(`${LATEST}?kind=all`)).headers.etag);
    for (const header of [etag, '"nope"', 'W/"nope"']) {
      const response = await server.get(target, { headers: { 'if-none-match': header } });
      assert.equal(response.status, 200, `If-None-Match: ${header}`);
      assert.notEqual(response.text, '');
    }
  });

  test('sends Cache-Control private with a max-age no longer than the default cap of 30 s', async () => {
    for (const target of [`${LIST}?kind=all`, `${LIST}?kind=reset_scheduled`, LATEST]) {
      const age = maxAge(await server.get(target));
      assert.ok(age <= 30, `${target}: max-age=${age}`);
    }
  });

  test('marks error answers no-store', async () => {
    const answers = [
      await server.get(`${LIST}?page=0`),
      await server.get(`${LATEST}?page=1`),
      await server.get('/nope'),
      await server.get(LIST, { method: 'DELETE' }),
    ];
    for (const response of answers) {
      assert.ok(response.status >= 400);
      assert.equal(response.headers['cache-control'], 'no-store', `status ${response.status}`);
      assert.equal(response.headers.etag, undefined, `no ETag on status ${response.status}`);
    }
  });

  test('sends X-Content-Type-Options nosniff and no X-Powered-By on every kind of answer', async () => {
    const answers = [
      await server.get(LIST),
      await server.get(LATEST),
      await server.get(LIST, { method: 'HEAD' }),
      await server.get(`${LIST}?pageSize=11`),
      await server.get('/nope'),
      await server.get(LIST, { method: 'PATCH' }),
      await server.get('/healthz'),
      await server.get('/readyz'),
    ];
    for (const response of answers) {
      assert.equal(response.headers['x-content-type-options'], 'nosniff', `${response.status}`);
      assert.equal(response.headers['x-powered-by'], undefined);
    }
    assert.deepEqual(
      answers.map((response) => response.status),
      [200, 200, 200, 422, 404, 405, 200, 200],
    );
  });

  test('changes the ETag of the same request when a new snapshot is published', async () => {
    const target = `${LIST}?kind=all&pageSize=2`;
    const before = await server.get(target);
    await server.publish(
      snapshotOf(
        [...RECORDS, completion('202', { announcedAt: iso(NOW), effectiveAt: iso(NOW) })],
        NOW + 1,
      ),
    );
    await waitFor(
      async () => (await server.get(target)).headers.etag !== before.headers.etag,
      3000,
    );
    const afterwards = await server.get(target, {
      headers: { 'if-none-match': String(before.headers.etag) },
    });
    assert.equal(afterwards.status, 200, 'the old ETag no longer matches');
    assert.notEqual(afterwards.text, before.text);
  });
});

describe('Cache-Control max-age near a window boundary', () => {
  let server: TestServer;
  let now = NOW;
  const staleBoundary = NOW + 10 * HOUR; // endAt + 1 ms of the pending schedule 300
  const startBoundary = NOW + 20 * HOUR; // startAt of the pending schedule 301

  before(async () => {
    server = await startTestServer({
      snapshot: snapshotOf(
        [
          schedule('300', 'pending', [NOW - HOUR, staleBoundary - 1], {
            announcedAt: iso(NOW - 2 * HOUR),
          }),
          schedule('301', 'pending', [startBoundary, startBoundary + HOUR], {
            announcedAt: iso(NOW - 3 * HOUR),
          }),
          completion('302', { announcedAt: iso(NOW - DAY), effectiveAt: iso(NOW - DAY) }),
        ],
        NOW,
      ),
      env: { RATE_LIMIT_MAX: '1000' },
      clock: () => now,
    });
  });
  after(() => server.close());

  for (const path of [`${LIST}?kind=all`, `${LIST}?kind=reset_completed`, LATEST]) {
    test(`keeps max-age of ${path} within the 7 s left before a pending window closes`, async () => {
      now = staleBoundary - 7000;
      const age = maxAge(await server.get(path));
      assert.ok(age <= 7, `max-age=${age}`);
    });
  }

  test('keeps max-age within the 3.5 s left before a pending window starts', async () => {
    now = startBoundary - 3500;
    const age = maxAge(await server.get(`${LIST}?kind=reset_completed`));
    assert.ok(age <= 3, `max-age=${age}`);
  });

  test('never lets a cached answer outlive the change it would miss', async () => {
    now = staleBoundary - 2500;
    const before = await server.get(`${LIST}?kind=all`);
    const age = maxAge(before);
    now += age * 1000;
    const later = await server.get(`${LIST}?kind=all`);
    assert.equal(later.text, before.text, `the answer changed within max-age=${age}`);
    now = staleBoundary;
    const changed = await server.get(`${LIST}?kind=all`);
    assert.notEqual(changed.text, before.text);
    assert.notEqual(changed.headers.etag, before.headers.etag);
  });

  test('caps max-age at 30 s by default when no boundary is near', async () => {
    now = NOW;
    const age = maxAge(await server.get(`${LIST}?kind=all`));
    assert.ok(age <= 30, `max-age=${age}`);
  });
});

describe('Cache-Control with CACHE_MAX_AGE_SECONDS=5', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({
      snapshot: snapshotOf(RECORDS, NOW),
      env: { CACHE_MAX_AGE_SECONDS: '5' },
    });
  });
  after(() => server.close());

  test('never sends a max-age above the configured cap', async () => {
    for (const target of [LIST, `${LIST}?kind=reset_scheduled`, LATEST]) {
      const age = maxAge(await server.get(target));
      assert.ok(age <= 5, `${target}: max-age=${age}`);
    }
  });
});

describe('error manners when the quota is exhausted', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({
      snapshot: snapshotOf(RECORDS, NOW),
      env: { RATE_LIMIT_MAX: '1' },
    });
  });
  after(() => server.close());

  test('answers 429 with no-store, nosniff, CORS and a body of exactly ok, error, detail, retryAfter', async () => {
    assert.equal((await server.get(LIST)).status, 200);
    const response = await server.get(LIST, { headers: { origin: 'https://example.org' } });
    assert.equal(response.status, 429);
    assert.equal(response.headers['content-type'], 'application/json; charset=utf-8');
    assert.equal(response.headers['cache-control'], 'no-store');
    assert.equal(response.headers['x-content-type-options'], 'nosniff');
    assert.equal(response.headers['access-control-allow-origin'], '*');
    assert.equal(response.headers['x-powered-by'], undefined);
    const body = response.json() as Record<string, unknown>;
    assert.deepEqual(Object.keys(body).sort(), ['detail', 'error', 'ok', 'retryAfter']);
    assert.equal(body.ok, false);
    assert.equal(body.error, 'rate_limited');
    assert.equal(String(body.retryAfter), response.headers['retry-after']);
  });
});
