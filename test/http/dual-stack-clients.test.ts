import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { request } from '../support/http.ts';
import { completion, snapshotOf } from '../support/records.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

/**
 * A server listening on `::` sees IPv4 clients as IPv4-mapped IPv6 (::ffff:127.0.0.2).
 * Those must count as their IPv4 address, and an IPv6 client must have its own quota.
 */
describe('client keys on a dual-stack listener (HOST=::)', () => {
  let service: TestServer;
  let port: string;
  before(async () => {
    service = await startTestServer({
      snapshot: snapshotOf([completion('1')]),
      env: { HOST: '::', RATE_LIMIT_MAX: '2' },
    });
    port = new URL(service.origin).port;
  });
  after(() => service.close());

  const remaining = async (origin: string, localAddress?: string) => {
    const response = await request(
      origin,
      '/openapi/v1/records/latest',
      localAddress ? { localAddress } : {},
    );
    return [response.status, response.headers['x-ratelimit-remaining']];
  };

  test('an IPv4 client arriving as ::ffff:127.0.0.2 has one quota, separate from 127.0.0.3 and from ::1', async () => {
    const v4 = `http://127.0.0.1:${port}`;
    const v6 = `http://[::1]:${port}`;
    assert.deepEqual(await remaining(v4, '127.0.0.2'), [200, '1']);
    assert.deepEqual(await remaining(v4, '127.0.0.2'), [200, '0']);
    assert.deepEqual(await remaining(v4, '127.0.0.2'), [429, '0']);
    assert.deepEqual(await remaining(v4, '127.0.0.3'), [200, '1']);
    assert.deepEqual(await remaining(v6), [200, '1']);
    assert.deepEqual(await remaining(v6), [200, '0']);
    assert.deepEqual(await remaining(v6), [429, '0']);
  });
});
