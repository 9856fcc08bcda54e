import assert from 'node:assert/strict';
import { createECDH, randomBytes } from 'node:crypto';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import {
  endpointProblem,
  isPublicAddress,
} from '../../src/service/follow/push/endpoint-address.ts';
import { firstProblem, subscribeBody } from '../../src/service/follow/push/subscription.ts';

/**
 * What POST /push/subscriptions accepts (follow/push/subscription.ts): exactly a Push API
 * subscription with a P-256 key on the curve and a 16-byte secret, an https endpoint on a
 * public host, one to four distinct topics; and the addresses a push may go to.
 */

const b64 = (bytes: Buffer) => bytes.toString('base64url');
const ua = createECDH('prime256v1');
ua.generateKeys();
const p256dh = b64(ua.getPublicKey());
const auth = b64(randomBytes(16));
const endpoint = 'https://fcm.googleapis.com/fcm/send/abc:def';
const valid = {
  subscription: { endpoint, expirationTime: null, keys: { p256dh, auth } },
  topics: ['global_reset'],
};

const check = (body: unknown, allowPrivate = false) => {
  const result = subscribeBody(allowPrivate).safeParse(body);
  return result.success ? 'ok' : firstProblem(result.error);
};
const withSubscription = (changes: Record<string, unknown>) => ({
  ...valid,
  subscription: { ...valid.subscription, ...changes },
});
const withKeys = (changes: Record<string, unknown>) =>
  withSubscription({ keys: { p256dh, auth, ...changes } });

describe('push subscription bodies', () => {
  test('a browser subscription with topics is accepted, topics in the catalogue order', () => {
    const result = subscribeBody(false).parse({
      ...valid,
      topics: ['window_soon', 'global_reset'],
    });
    assert.deepEqual(result.topics, ['global_reset', 'window_soon']);
    assert.equal(result.subscription.keys.p256dh, p256dh);
    assert.equal(check(withSubscription({ expirationTime: undefined })), 'ok');
  });

  test('each wrong part is named', () => {
    assert.equal(check({}), 'subscription must be an object of endpoint, expirationTime and keys');
    assert.equal(check([]), 'the body must be an object of subscription and topics');
    assert.equal(
      check({ ...valid, extra: 1 }),
      'the body must be an object of subscription and topics',
    );
    assert.equal(check({ ...valid, topics: [] }), 'topics must name at least one topic');
    assert.equal(
      check({ ...valid, topics: ['global_reset', 'global_reset'] }),
      'topics must not repeat',
    );
    assert.equal(
      check({ ...valid, topics: ['everything'] }),
      'each topic is one of global_reset, any_reset, schedule, window_soon',
    );
    assert.equal(
      check(withSubscription({ endpoint: 'http://push.example.com/x' })),
      'subscription.endpoint must be an https:// URL',
    );
    assert.equal(
      check(withSubscription({ endpoint: 'https://user:pw@push.example.com/x' })),
      'subscription.endpoint must not hold credentials',
    );
    assert.equal(
      check(withSubscription({ endpoint: `https://push.example.com/${'a'.repeat(2000)}` })),
      'subscription.endpoint is longer than 2000',
    );
    assert.equal(
      check(withKeys({ p256dh: b64(randomBytes(65)) })),
      'subscription.keys.p256dh must be the base64url of a P-256 public key (65 bytes)',
    );
    assert.equal(
      check(withKeys({ auth: b64(randomBytes(15)) })),
      'subscription.keys.auth must be the base64url of 16 bytes',
    );
    assert.equal(
      check(withKeys({ auth: 'not base64!' })),
      'subscription.keys.auth must be the base64url of 16 bytes',
    );
  });

  test('a point off the curve is refused though it has the right size and prefix', () => {
    const off = ua.getPublicKey();
    off[64] = off[64]! ^ 1;
    assert.match(check(withKeys({ p256dh: b64(off) })), /P-256 public key/);
  });

  test('never throws, whatever the body', () => {
    fc.assert(
      fc.property(fc.anything({ withNullPrototype: true, withBigInt: true }), (body) => {
        assert.equal(typeof check(body), 'string');
        assert.equal(typeof check({ subscription: body, topics: ['schedule'] }), 'string');
      }),
      { numRuns: 1000 },
    );
  });
});

describe('push endpoint addresses', () => {
  const refused = [
    'https://127.0.0.1/x',
    'https://10.1.2.3/x',
    'https://192.168.0.1/x',
    'https://169.254.169.254/latest/meta-data',
    'https://[::1]/x',
    'https://[fd00::1]/x',
    'https://[fe80::1]/x',
    'https://[::ffff:127.0.0.1]/x',
    'https://0.0.0.0/x',
    'https://localhost/x',
    'https://push.localhost/x',
    'https://printer.local/x',
    'https://metadata.google.internal/x',
    'https://intranet/x',
    'https://push.example.com:8443/x',
    'https://8.8.8.8/x',
  ];
  for (const url of refused) {
    test(`refuses ${url}`, () => assert.notEqual(endpointProblem(url, false), null));
  }
  test('accepts the push services browsers use', () => {
    for (const url of [
      'https://fcm.googleapis.com/fcm/send/x',
      'https://updates.push.services.mozilla.com/wpush/v2/x',
      'https://web.push.apple.com/QG9',
      'https://wns2-par02p.notify.windows.com/w/?token=x',
    ])
      assert.equal(endpointProblem(url, false), null, url);
  });
  test('allows loopback http only when private endpoints are allowed (tests)', () => {
    assert.equal(endpointProblem('http://127.0.0.1:4000/push/x', true), null);
    assert.notEqual(endpointProblem('http://127.0.0.1:4000/push/x', false), null);
    assert.notEqual(endpointProblem('ftp://127.0.0.1/x', true), null);
  });
  test('public and non-public addresses', () => {
    assert.equal(isPublicAddress('142.250.74.110'), true);
    assert.equal(isPublicAddress('2a00:1450:4007:80a::200a'), true);
    for (const address of [
      '127.0.0.1',
      '10.0.0.1',
      '172.16.0.1',
      '100.64.0.1',
      '::1',
      'fc00::1',
      '::ffff:10.0.0.1',
      '224.0.0.1',
      'nonsense',
    ])
      assert.equal(isPublicAddress(address), false, address);
  });
});
