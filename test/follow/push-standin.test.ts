import assert from 'node:assert/strict';
import {
  createCipheriv,
  createECDH,
  createPrivateKey,
  hkdfSync,
  randomBytes,
  sign,
} from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import webpush, { type RequestDetails } from 'web-push';
import { type PushStandin, startPushStandin } from '../support/push-standin.ts';
import { testVapidKeys } from '../support/vapid.ts';

/**
 * The push stand-in against the library the service sends with (web-push 3.6.7): what
 * web-push builds is accepted and decrypted to the exact payload, and each thing a real push
 * service refuses (a token not signed by k, an expired or too distant exp, another aud, a
 * body altered on the way, a body over 4096 bytes, missing or malformed headers) is refused
 * with the status a real service answers and recorded with its reason.
 *
 * web-push's sendNotification always speaks TLS (https.request), so the messages are built
 * with generateRequestDetails and sent here with fetch, as the service's sender does.
 */

const VAPID = testVapidKeys();
const OTHER_VAPID = testVapidKeys();
/** The stand-in's clock, fixed: `at` is exact, and web-push's 12-hour exp is ahead of it. */
const NOW = Date.now();

type Details = Pick<RequestDetails, 'endpoint' | 'headers' | 'body'>;

interface Change {
  /** Headers to set (a string) or leave out (null), by web-push's spelling of the name. */
  readonly headers?: Readonly<Record<string, string | null>>;
  readonly body?: Buffer;
  readonly endpoint?: string;
}

/** POSTs what web-push built (changed as told); fetch sets Content-Length itself. */
async function post(details: Details, change: Change = {}) {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(details.headers)) {
    if (name !== 'Content-Length') headers[name] = String(value);
  }
  for (const [name, value] of Object.entries(change.headers ?? {})) {
    if (value === null) delete headers[name];
    else headers[name] = value;
  }
  const body = change.body ?? details.body;
  const response = await fetch(change.endpoint ?? details.endpoint, {
    method: 'POST',
    headers,
    body: body === null ? null : new Uint8Array(body),
    signal: AbortSignal.timeout(10_000),
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

type Subscription = ReturnType<PushStandin['subscribe']>['subscription'];

const build = (
  subscription: Subscription,
  payload: string | undefined,
  options: webpush.RequestOptions = {},
): Details =>
  webpush.generateRequestDetails(subscription, payload, {
    vapidDetails: VAPID,
    TTL: 60,
    ...options,
  });

/** web-push's Authorization for `audience`, with an exp of its choosing when given. */
const authorization = (audience: string, expiration?: number, keys = VAPID) =>
  webpush.getVapidHeaders(
    audience,
    keys.subject,
    keys.publicKey,
    keys.privateKey,
    'aes128gcm',
    expiration,
  ).Authorization;

/** A JWT signed with `keys` (ES256, r || s), for claims and headers web-push would not make. */
function signJwt(claims: object, keys = VAPID, header: object = { typ: 'JWT', alg: 'ES256' }) {
  const point = Buffer.from(keys.publicKey, 'base64url');
  const key = createPrivateKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      d: keys.privateKey,
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const signed = `${encode(header)}.${encode(claims)}`;
  const signature = sign('sha256', Buffer.from(signed), { key, dsaEncoding: 'ieee-p1363' });
  return `vapid t=${signed}.${signature.toString('base64url')}, k=${keys.publicKey}`;
}

/**
 * One aes128gcm record to a subscription, with the padded plaintext and rs as given: for the
 * malformed bodies web-push never makes (its records are well formed: it is what the
 * accepted messages are proven with).
 */
function craftBody(subscription: Subscription, padded: Buffer, recordSize?: number): Buffer {
  const sender = createECDH('prime256v1');
  const senderPublic = sender.generateKeys();
  const uaPublic = Buffer.from(subscription.keys.p256dh, 'base64url');
  const salt = randomBytes(16);
  const derive = (ikm: Buffer, derivedSalt: Buffer, info: string | Buffer, length: number) =>
    Buffer.from(hkdfSync('sha256', ikm, derivedSalt, info, length));
  const ikm = derive(
    sender.computeSecret(uaPublic),
    Buffer.from(subscription.keys.auth, 'base64url'),
    Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, senderPublic]),
    32,
  );
  const cipher = createCipheriv(
    'aes-128-gcm',
    derive(ikm, salt, 'Content-Encoding: aes128gcm\0', 16),
    derive(ikm, salt, 'Content-Encoding: nonce\0', 12),
  );
  const record = Buffer.concat([cipher.update(padded), cipher.final(), cipher.getAuthTag()]);
  const header = Buffer.alloc(21);
  salt.copy(header);
  header.writeUInt32BE(recordSize ?? 4096, 16);
  header[20] = 65;
  return Buffer.concat([header, senderPublic, record]);
}

describe('the push stand-in with web-push 3.6.7', () => {
  let standin: PushStandin;
  before(async () => {
    standin = await startPushStandin({ now: () => NOW });
  });
  after(() => standin.close());

  /** The rejections recorded for `name` since `from`, as [status, reason]. */
  const rejectionsOf = (name: string | null, from = 0) =>
    standin.rejected
      .slice(from)
      .filter((r) => r.name === name)
      .map((r) => [r.status, r.reason]);

  test('a message web-push builds arrives with 201, a Location, and the exact payload decrypted', async () => {
    const { subscription, name } = standin.subscribe('first');
    assert.equal(name, 'first');
    assert.equal(subscription.endpoint, standin.endpointFor('first'));
    assert.match(subscription.endpoint, /^http:\/\/127\.0\.0\.1:\d+\/push\/[A-Za-z0-9_-]{22}$/);
    assert.equal(subscription.expirationTime, null);
    assert.equal(Buffer.from(subscription.keys.p256dh, 'base64url').length, 65);
    assert.equal(Buffer.from(subscription.keys.p256dh, 'base64url')[0], 0x04);
    assert.equal(Buffer.from(subscription.keys.auth, 'base64url').length, 16);
    assert.doesNotMatch(subscription.keys.p256dh + subscription.keys.auth, /[=+/]/);

    const payload = JSON.stringify({ title: 'Reset: all users 🎉', body: 'à 18:00 UTC' });
    const before = standin.received.length;
    const details = build(subscription, payload, { urgency: 'high', topic: 'reset-global' });
    const answer = await post(details);
    assert.equal(answer.status, 201);
    assert.equal(answer.text, '');
    assert.match(answer.headers.get('location') ?? '', /^http:\/\/127\.0\.0\.1:\d+\/message\/\d+$/);
    assert.ok(answer.headers.get('location')!.startsWith(standin.origin));
    assert.equal(answer.headers.get('ttl'), '60');

    assert.equal(standin.received.length, before + 1);
    const pushed = standin.received.at(-1)!;
    assert.deepEqual(pushed, {
      name: 'first',
      endpoint: subscription.endpoint,
      headers: { ttl: 60, urgency: 'high', topic: 'reset-global' },
      vapid: {
        subject: 'mailto:ops@example.com',
        publicKey: VAPID.publicKey,
        expiresAt: pushed.vapid.expiresAt,
      },
      payload,
      json: { title: 'Reset: all users 🎉', body: 'à 18:00 UTC' },
      at: NOW,
    });
    // web-push signs for 12 hours from its own clock.
    const twelveHours = Math.floor(Date.now() / 1000) + 12 * 3600;
    assert.ok(Math.abs(pushed.vapid.expiresAt - twelveHours) <= 60);
  });

  test('a push without a payload is accepted with an empty payload, and a long TTL is cut to 28 days', async () => {
    const { subscription } = standin.subscribe('empty');
    const details = build(subscription, undefined, { TTL: 90 * 86400 });
    assert.equal(details.headers['Content-Encoding'], undefined);
    const answer = await post(details);
    assert.equal(answer.status, 201);
    assert.equal(answer.headers.get('ttl'), String(28 * 86400));
    const pushed = standin.received.at(-1)!;
    assert.equal(pushed.name, 'empty');
    assert.equal(pushed.payload, '');
    assert.equal(pushed.json, undefined);
    assert.equal(pushed.headers.ttl, 90 * 86400);
  });

  test("web-push's own sendNotification cannot reach an http:// endpoint: it always speaks TLS", async () => {
    const { subscription } = standin.subscribe('tls');
    await assert.rejects(
      webpush.sendNotification(subscription, 'x', { vapidDetails: VAPID, TTL: 60 }),
      (error: NodeJS.ErrnoException) => error.code === 'EPROTO',
    );
    assert.deepEqual(rejectionsOf('tls'), []);
    assert.equal(
      standin.received.some((r) => r.name === 'tls'),
      false,
    );
  });

  test('a JWT presented with a k that did not sign it is refused 401', async () => {
    const { subscription } = standin.subscribe('wrong-k');
    const details = build(subscription, 'hello');
    const swapped = String(details.headers['Authorization']).replace(
      /k=[A-Za-z0-9_-]+$/,
      `k=${OTHER_VAPID.publicKey}`,
    );
    assert.notEqual(swapped, details.headers['Authorization']);
    const answer = await post(details, { headers: { Authorization: swapped } });
    assert.equal(answer.status, 401);
    assert.deepEqual(JSON.parse(answer.text), {
      code: 401,
      error: 'Unauthorized',
      message: 'the JWT is not signed by k',
    });
    assert.deepEqual(rejectionsOf('wrong-k'), [[401, 'the JWT is not signed by k']]);
  });

  test('no Authorization, another scheme, or a k that is no P-256 point: 401', async () => {
    const { subscription } = standin.subscribe('no-auth');
    const details = build(subscription, 'hello');
    const notAPoint = `B${'A'.repeat(86)}`; // 65 bytes, 0x04 then zeros: not on the curve
    const withBadK = String(details.headers['Authorization']).replace(
      /k=[A-Za-z0-9_-]+$/,
      `k=${notAPoint}`,
    );
    assert.equal((await post(details, { headers: { Authorization: null } })).status, 401);
    const webPushScheme = String(details.headers['Authorization']).replace(/^vapid t=/, 'WebPush ');
    assert.equal((await post(details, { headers: { Authorization: webPushScheme } })).status, 401);
    assert.equal((await post(details, { headers: { Authorization: withBadK } })).status, 401);
    assert.deepEqual(rejectionsOf('no-auth'), [
      [401, 'no Authorization header'],
      [401, 'the Authorization scheme is not vapid'],
      [401, 'k is not an uncompressed P-256 public key'],
    ]);
  });

  test('an expired JWT, one expiring more than 24 hours ahead, and another aud are refused 401', async () => {
    const { subscription } = standin.subscribe('claims');
    const details = build(subscription, 'hello');
    const nowSeconds = Math.floor(NOW / 1000);
    const expired = authorization(standin.origin, nowSeconds - 1);
    const atNow = authorization(standin.origin, nowSeconds);
    const elsewhere = authorization('https://updates.push.services.mozilla.com');
    assert.equal((await post(details, { headers: { Authorization: expired } })).status, 401);
    assert.equal((await post(details, { headers: { Authorization: atNow } })).status, 401);
    assert.equal((await post(details, { headers: { Authorization: elsewhere } })).status, 401);
    assert.deepEqual(rejectionsOf('claims'), [
      [401, `the JWT expired (exp ${nowSeconds - 1})`],
      [401, `the JWT expired (exp ${nowSeconds})`],
      [401, `aud "https://updates.push.services.mozilla.com" is not ${standin.origin}`],
    ]);
    // A second later than exp, by the service's clock, the same token is accepted.
    assert.equal(
      (
        await post(details, {
          headers: { Authorization: authorization(standin.origin, nowSeconds + 1) },
        })
      ).status,
      201,
    );

    // web-push's 12-hour token, seen by push services whose clocks are 13 hours off.
    const fast = await startPushStandin({ now: () => Date.now() + 13 * 3600_000 });
    const slow = await startPushStandin({ now: () => Date.now() - 13 * 3600_000 });
    try {
      const onFast = build(fast.subscribe('x').subscription, 'hello');
      const onSlow = build(slow.subscribe('x').subscription, 'hello');
      assert.equal((await post(onFast)).status, 401);
      assert.equal((await post(onSlow)).status, 401);
      assert.match(fast.rejected[0]!.reason, /^the JWT expired \(exp \d+\)$/);
      assert.match(slow.rejected[0]!.reason, /^exp \d+ is more than 24 hours ahead$/);
      assert.deepEqual([fast.received.length, slow.received.length], [0, 0]);
    } finally {
      await Promise.all([fast.close(), slow.close()]);
    }
  });

  test('a subscription restricted to one application server key refuses another with 403', async () => {
    const restricted = await startPushStandin({ vapidPublicKey: VAPID.publicKey });
    try {
      const { subscription } = restricted.subscribe('restricted');
      const ours = await post(build(subscription, 'ours'));
      const theirs = await post(build(subscription, 'theirs', { vapidDetails: OTHER_VAPID }));
      assert.deepEqual([ours.status, theirs.status], [201, 403]);
      assert.deepEqual(
        restricted.received.map((r) => r.payload),
        ['ours'],
      );
      assert.deepEqual(
        restricted.rejected.map((r) => [r.status, r.reason]),
        [[403, 'k is not the key this subscription is restricted to']],
      );
    } finally {
      await restricted.close();
    }
  });

  test('a body altered by one byte, or encrypted for another subscription, does not decrypt: 400', async () => {
    const { subscription } = standin.subscribe('tampered');
    const other = standin.subscribe('other-keys');
    const details = build(subscription, 'the reset is at 18:00');
    const body = details.body!;
    const lastByte = Buffer.from(body);
    lastByte[lastByte.length - 1]! ^= 0x01;
    const saltByte = Buffer.from(body);
    saltByte[0]! ^= 0x80;
    const cipherByte = Buffer.from(body);
    cipherByte[86]! ^= 0xff;
    for (const altered of [lastByte, saltByte, cipherByte]) {
      assert.equal((await post(details, { body: altered })).status, 400);
    }
    const forOther = build(other.subscription, 'for another', {});
    assert.equal((await post(forOther, { endpoint: subscription.endpoint })).status, 400);
    const failure = 'decrypt: the record does not authenticate (wrong keys, or altered on the way)';
    assert.deepEqual(rejectionsOf('tampered'), [
      [400, failure],
      [400, failure],
      [400, failure],
      [400, failure],
    ]);
    // Unaltered, the same request goes through.
    assert.equal((await post(details)).status, 201);
    assert.equal(standin.received.at(-1)!.payload, 'the reset is at 18:00');
  });

  test("padding is stripped to the last record's delimiter; another delimiter, no delimiter, or more than one record: 400", async () => {
    const { subscription } = standin.subscribe('records');
    const details = build(subscription, 'unused');
    const text = Buffer.from('{"padded":true}');
    const zeros = Buffer.alloc(40);
    const padded = Buffer.concat([text, Buffer.from([2]), zeros]);
    const cases: [Buffer, number][] = [
      [craftBody(subscription, padded), 201],
      [craftBody(subscription, Buffer.concat([text, Buffer.from([1]), zeros])), 400],
      [craftBody(subscription, Buffer.concat([text, zeros])), 400],
      [craftBody(subscription, Buffer.alloc(8)), 400],
      // rs is the record's length (15 + 1 + 40 + 16 bytes): not greater, so not one record.
      [craftBody(subscription, padded, 72), 400],
      [craftBody(subscription, padded, 73), 201],
    ];
    for (const [body, status] of cases)
      assert.equal((await post(details, { body })).status, status);
    const keyless = craftBody(subscription, padded);
    keyless[20] = 0;
    assert.equal((await post(details, { body: keyless })).status, 400);
    assert.equal((await post(details, { body: Buffer.alloc(20) })).status, 400);

    assert.deepEqual(
      standin.received.filter((r) => r.name === 'records').map((r) => r.json),
      [{ padded: true }, { padded: true }],
    );
    assert.deepEqual(rejectionsOf('records'), [
      [400, 'decrypt: the padding delimiter is 1, not 2 (the last record)'],
      [400, 'decrypt: the padding delimiter is 125, not 2 (the last record)'],
      [400, 'decrypt: the record holds only zeros: no padding delimiter'],
      [400, 'decrypt: the record (72 bytes) does not fit rs 72: not a single record'],
      [400, "decrypt: keyid is 0 bytes, not the sender's 65-byte public key"],
      [400, 'decrypt: the body (20 bytes) is shorter than its header'],
    ]);
  });

  test('a JWT with another alg or typ, a sub that is no contact, or an exp that is no integer: 401', async () => {
    const { subscription } = standin.subscribe('jwt');
    const details = build(subscription, 'hello');
    const claims = { aud: standin.origin, exp: Math.floor(NOW / 1000) + 3600, sub: VAPID.subject };
    const tokens = [
      signJwt(claims),
      signJwt({ ...claims, sub: 'https://example.com/contact' }),
      signJwt(claims, VAPID, { alg: 'ES256' }),
      signJwt(claims, VAPID, { typ: 'JWT', alg: 'ES384' }),
      signJwt(claims, VAPID, { typ: 'JOSE', alg: 'ES256' }),
      signJwt({ ...claims, sub: 'http://example.com/contact' }),
      signJwt({ ...claims, sub: 'ops@example.com' }),
      signJwt({ ...claims, sub: undefined }),
      signJwt({ ...claims, exp: claims.exp + 0.5 }),
      signJwt({ ...claims, exp: String(claims.exp) }),
      `vapid k=${VAPID.publicKey}`,
      `vapid t=a.b.c, t=a.b.c, k=${VAPID.publicKey}`,
    ];
    const statuses = [];
    for (const token of tokens) {
      statuses.push((await post(details, { headers: { Authorization: token } })).status);
    }
    assert.deepEqual(statuses, [201, 201, 201, 401, 401, 401, 401, 401, 401, 401, 401, 401]);
    assert.deepEqual(
      standin.received.filter((r) => r.name === 'jwt').map((r) => r.vapid.subject),
      [VAPID.subject, 'https://example.com/contact', VAPID.subject],
    );
    assert.deepEqual(rejectionsOf('jwt'), [
      [401, "the JWT's alg is not ES256"],
      [401, "the JWT's typ is not JWT"],
      [401, 'sub "http://example.com/contact" is not a mailto: or https: URL'],
      [401, 'sub "ops@example.com" is not a mailto: or https: URL'],
      [401, 'sub undefined is not a mailto: or https: URL'],
      [401, 'exp is not an integer'],
      [401, 'exp is not an integer'],
      [401, 'the vapid authorization has no t'],
      [401, 'the vapid parameter t is repeated'],
    ]);
  });

  test('TTL missing or malformed, a bad Urgency or Topic: 400; the aesgcm draft: 415', async () => {
    const { subscription } = standin.subscribe('headers');
    const details = build(subscription, 'hello');
    const cases: [Change, number][] = [
      [{ headers: { TTL: null } }, 400],
      [{ headers: { TTL: '-1' } }, 400],
      [{ headers: { TTL: '1.5' } }, 400],
      [{ headers: { Urgency: 'urgent' } }, 400],
      [{ headers: { Topic: 'a'.repeat(33) } }, 400],
      [{ headers: { Topic: 'not/base64url' } }, 400],
      [{ headers: { 'Content-Encoding': null } }, 400],
    ];
    for (const [change, status] of cases)
      assert.equal((await post(details, change)).status, status);
    const legacy = build(subscription, 'hello', { contentEncoding: 'aesgcm' });
    assert.equal((await post(legacy)).status, 415);
    assert.deepEqual(rejectionsOf('headers'), [
      [400, 'no TTL header'],
      [400, 'TTL "-1" is not delta-seconds'],
      [400, 'TTL "1.5" is not delta-seconds'],
      [400, 'Urgency "urgent" is not very-low, low, normal or high'],
      [400, `Topic "${'a'.repeat(33)}" is not 1 to 32 base64url characters`],
      [400, 'Topic "not/base64url" is not 1 to 32 base64url characters'],
      [400, 'a body without Content-Encoding'],
      [415, 'Content-Encoding "aesgcm" is not aes128gcm'],
    ]);
  });

  test('an unknown endpoint, and a forgotten subscription, answer 404', async () => {
    const { subscription } = standin.subscribe('gone');
    const details = build(subscription, 'hello');
    const unknown = `${standin.origin}/push/${'x'.repeat(22)}`;
    assert.equal((await post(details, { endpoint: unknown })).status, 404);
    standin.forget('gone');
    assert.equal((await post(details)).status, 404);
    assert.throws(() => standin.endpointFor('gone'), /no subscription named gone/);
    assert.deepEqual(rejectionsOf(null).slice(-2), [
      [404, 'no such subscription'],
      [404, 'no such subscription'],
    ]);
    assert.deepEqual(
      standin.rejected.slice(-2).map((r) => r.endpoint),
      [unknown, subscription.endpoint],
    );
  });

  test('respondWith: 410 for a gone subscription, 429 with Retry-After then accepted, a slow answer', async () => {
    const { subscription: gone } = standin.subscribe('expired');
    standin.respondWith('expired', 410);
    assert.equal((await post(build(gone, 'hello'))).status, 410);
    assert.deepEqual(rejectionsOf('expired'), [[410, 'answered 410 as told (respondWith)']]);
    standin.respondWith('expired', null);
    assert.equal((await post(build(gone, 'back'))).status, 201);

    const { subscription: busy } = standin.subscribe('busy');
    const seen: number[] = [];
    standin.respondWith('busy', (request) => {
      seen.push(request.attempt);
      assert.equal(request.endpoint, busy.endpoint);
      assert.equal(request.headers['ttl'], '60');
      return request.attempt <= 2 ? { status: 429, headers: { 'retry-after': '7' } } : undefined;
    });
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await post(build(busy, `try ${i + 1}`)));
    assert.deepEqual(
      answers.map((a) => [a.status, a.headers.get('retry-after')]),
      [
        [429, '7'],
        [429, '7'],
        [201, null],
      ],
    );
    assert.deepEqual(seen, [1, 2, 3]);
    assert.equal(standin.received.at(-1)!.payload, 'try 3');

    const { subscription: slow } = standin.subscribe('slow');
    standin.respondWith('slow', async () => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      return undefined;
    });
    const started = performance.now();
    assert.equal((await post(build(slow, 'late'))).status, 201);
    assert.ok(performance.now() - started >= 290);
  });

  test('a 3,993-byte payload (a 4,096-byte body) arrives; one byte more is refused 413 by the stand-in, not by web-push', async () => {
    const { subscription } = standin.subscribe('large');
    const largest = 'r'.repeat(3993);
    const fits = build(subscription, largest);
    assert.equal(fits.body!.length, 4096);
    assert.equal((await post(fits)).status, 201);
    assert.equal(standin.received.at(-1)!.payload, largest);

    // web-push builds these without complaint: the refusal is the push service's.
    const over = build(subscription, 'r'.repeat(3994));
    const fourThousand = build(subscription, 'r'.repeat(4000));
    assert.equal(over.body!.length, 4097);
    assert.equal(fourThousand.body!.length, 4103);
    assert.equal((await post(over)).status, 413);
    assert.equal((await post(fourThousand)).status, 413);
    assert.deepEqual(rejectionsOf('large'), [
      [413, 'the body is over 4096 bytes'],
      [413, 'the body is over 4096 bytes'],
    ]);
  });

  test('a body far over the cap is not read to its end: the connection is dropped (status 0)', async () => {
    const { subscription } = standin.subscribe('flood');
    const details = build(subscription, 'hello');
    const before = standin.rejected.length;
    await assert.rejects(post(details, { body: Buffer.alloc(2 * 1024 * 1024, 1) }));
    await standin.waitForRejected(before + 1, 5_000);
    assert.deepEqual(rejectionsOf('flood'), [
      [0, `the body ran over ${4096 + 1024 * 1024} bytes: dropped`],
    ]);
  });

  test('200 messages to 200 subscriptions at once are each decrypted to their own payload', async () => {
    const many = await startPushStandin();
    try {
      const subscribers = Array.from({ length: 200 }, (_, i) => many.subscribe(`many-${i}`));
      const requests = subscribers.map(({ subscription, name }) =>
        build(subscription, JSON.stringify({ to: name, text: `reset ${name}` })),
      );
      const started = performance.now();
      const answers = await Promise.all(requests.map((details) => post(details)));
      const received = await many.waitFor(200, 10_000);
      const ms = performance.now() - started;
      assert.deepEqual(
        answers.map((a) => a.status),
        Array(200).fill(201),
      );
      assert.equal(new Set(answers.map((a) => a.headers.get('location'))).size, 200);
      assert.equal(received.length, 200);
      for (const pushed of received) {
        assert.deepEqual(pushed.json, { to: pushed.name, text: `reset ${pushed.name}` });
        assert.equal(pushed.endpoint, many.endpointFor(pushed.name));
      }
      assert.deepEqual(received.map((r) => r.name).sort(), subscribers.map((s) => s.name).sort());
      assert.deepEqual(many.counts(), { accepted: 200, rejected: 0, dropped: 0 });
      assert.ok(ms < 10_000, `200 pushes took ${Math.round(ms)} ms`);
    } finally {
      await many.close();
    }
  });

  test('bounded: past maxStored pushes are counted, not kept; waitFor says what came when it gives up', async () => {
    const small = await startPushStandin({ maxStored: 2 });
    try {
      const { subscription } = small.subscribe();
      assert.equal(small.endpointFor('subscriber-1'), subscription.endpoint);
      assert.throws(() => small.subscribe('subscriber-1'), /subscriber-1 is already subscribed/);
      for (const text of ['one', 'two', 'three']) {
        assert.equal((await post(build(subscription, text))).status, 201);
      }
      assert.deepEqual(
        small.received.map((r) => r.payload),
        ['one', 'two'],
      );
      assert.deepEqual(small.counts(), { accepted: 3, rejected: 0, dropped: 1 });
      assert.equal((await small.waitFor(3, 1_000)).length, 2);

      small.respondWith('subscriber-1', 410);
      for (const text of ['four', 'five', 'six']) {
        assert.equal((await post(build(subscription, text))).status, 410);
      }
      assert.equal(small.rejected.length, 2);
      assert.deepEqual(small.counts(), { accepted: 3, rejected: 3, dropped: 2 });
      const gone = '410 subscriber-1: answered 410 as told (respondWith)';
      await assert.rejects(small.waitFor(4, 100), {
        message: `push stand-in: 3 received, not 4, in 100 ms (3 accepted, 3 rejected; last rejected: ${gone}; ${gone})`,
      });
      const pending = small.waitFor(5, 10_000);
      await small.close();
      await assert.rejects(pending, { message: 'push stand-in: closed' });
    } finally {
      await small.close().catch(() => {});
    }
  });
});
