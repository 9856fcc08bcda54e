import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { completion, iso, snapshotOf } from '../support/records.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

/**
 * Finding 7: with TRUST_PROXY, the quota counts the forwarded client's IP address, never
 * the raw X-Forwarded-For text (decisions.md §1 proxies, §5 client key). A port a load
 * balancer appends must not buy a fresh quota per source port, and text that is not an
 * address counts as the trusted peer itself (the proxy), so junk cannot mint quotas or
 * grow the quota store.
 *
 * The test client connects from 127.0.0.1, which TRUST_PROXY=loopback trusts, so it acts
 * as the proxy and its X-Forwarded-For header is honoured.
 */

const LIST = '/openapi/v1/records';
const MAX = 1_000;
const NOW = Date.now();

describe('the quota key of a forwarded client', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({
      snapshot: snapshotOf([completion('100', { announcedAt: iso(NOW) })], NOW),
      env: { TRUST_PROXY: 'loopback', RATE_LIMIT_MAX: String(MAX) },
    });
  });
  after(() => server.close());

  /** Requests left to the client the proxy forwards as `forwardedFor` (none: the proxy's own). */
  const remainingFor = async (forwardedFor?: string): Promise<number> => {
    const headers = forwardedFor === undefined ? undefined : { 'x-forwarded-for': forwardedFor };
    const response = await server.get(LIST, { headers });
    assert.equal(response.status, 200, response.text);
    return Number(response.headers['x-ratelimit-remaining']);
  };

  test('counts a forwarded address as its own client', async () => {
    assert.equal(await remainingFor('198.51.100.7'), MAX - 1);
    assert.equal(await remainingFor('198.51.100.8'), MAX - 1);
  });

  test('shares one quota between 1.2.3.4:1, 1.2.3.4:2 and 1.2.3.4', async () => {
    assert.equal(await remainingFor('1.2.3.4:1'), MAX - 1);
    assert.equal(await remainingFor('1.2.3.4:2'), MAX - 2);
    assert.equal(await remainingFor('1.2.3.4'), MAX - 3);
    assert.equal(await remainingFor('203.0.113.9, 1.2.3.4:65535'), MAX - 4);
  });

  test('shares one quota between [2001:db8:1:2::1]:443 and another address of its /64', async () => {
    assert.equal(await remainingFor('[2001:db8:1:2::1]:443'), MAX - 1);
    assert.equal(await remainingFor('[2001:db8:1:2::99]:8443'), MAX - 2);
    assert.equal(await remainingFor('2001:db8:1:2::abcd'), MAX - 3);
  });

  test('counts junk, and over-long values, as the trusted peer itself: one shared key', async () => {
    const proxy = await remainingFor();
    const junk = [
      'junk',
      'unknown',
      '1.2.3.4:99999',
      `x${'y'.repeat(4_000)}`,
      `1.2.3.4:${'5'.repeat(2_000)}`,
      '[1.2.3.4]:80',
      '_hidden',
    ];
    for (const [index, value] of junk.entries()) {
      assert.equal(await remainingFor(value), proxy - index - 1, `X-Forwarded-For: ${value}`);
    }
    assert.equal(await remainingFor(), proxy - junk.length - 1);
  });
});
