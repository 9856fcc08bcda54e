import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { completion, iso, snapshotOf } from '../support/records.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

/**
 * Finding 12: a data response carrying this client's X-RateLimit-* headers must not be
 * stored by a shared cache, which would serve one client's quota to the next: with the
 * quota on it is `Cache-Control: private, max-age=N`. With RATE_LIMIT=off the response is
 * the same for every client and stays `public` (decisions.md §8). Errors stay `no-store`.
 * No snapshot record has a window, so max-age is the cap (CACHE_MAX_AGE_SECONDS, 30 s).
 */

const DATA_PATHS = ['/openapi/v1/records', '/openapi/v1/records/latest'];
const NOW = Date.parse('2026-11-20T12:00:00.000Z');
const SNAPSHOT = snapshotOf([completion('100', { announcedAt: iso(NOW - 60_000) })], NOW);

describe('Cache-Control of data responses with the quota on', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({
      snapshot: SNAPSHOT,
      env: { RATE_LIMIT_MAX: '6' },
      clock: () => NOW,
    });
  });
  after(() => server.close());

  for (const path of DATA_PATHS) {
    test(`200 and 304 of ${path} are private, max-age=30`, async () => {
      const fresh = await server.get(path);
      assert.equal(fresh.status, 200);
      assert.ok(fresh.headers['x-ratelimit-remaining'], 'per-client headers present');
      assert.equal(fresh.headers['cache-control'], 'private, max-age=30');

      const etag = String(fresh.headers.etag);
      const notModified = await server.get(path, { headers: { 'if-none-match': etag } });
      assert.equal(notModified.status, 304);
      assert.equal(notModified.headers.etag, etag);
      assert.equal(notModified.headers['cache-control'], 'private, max-age=30');
    });
  }

  test('422 and 429 stay no-store', async () => {
    const invalid = await server.get('/openapi/v1/records?page=0');
    assert.equal(invalid.status, 422);
    assert.equal(invalid.headers['cache-control'], 'no-store');
    let limited = invalid;
    while (limited.status !== 429) limited = await server.get(DATA_PATHS[0]!);
    assert.equal(limited.headers['cache-control'], 'no-store');
  });
});

describe('Cache-Control of data responses with RATE_LIMIT=off', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({
      snapshot: SNAPSHOT,
      env: { RATE_LIMIT: 'off' },
      clock: () => NOW,
    });
  });
  after(() => server.close());

  for (const path of DATA_PATHS) {
    test(`200 and 304 of ${path} carry no per-client header and stay public, max-age=30`, async () => {
      const fresh = await server.get(path);
      assert.equal(fresh.status, 200);
      assert.equal(fresh.headers['x-ratelimit-remaining'], undefined);
      assert.equal(fresh.headers['cache-control'], 'public, max-age=30');
      const headers = { 'if-none-match': String(fresh.headers.etag) };
      const notModified = await server.get(path, { headers });
      assert.equal(notModified.status, 304);
      assert.equal(notModified.headers['cache-control'], 'public, max-age=30');
    });
  }
});
