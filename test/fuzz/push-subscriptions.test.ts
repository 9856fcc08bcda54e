import assert from 'node:assert/strict';
import { createECDH, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import fc from 'fast-check';
import { pino } from 'pino';
import { openFollowStore } from '../../src/service/follow/store/open-follow-store.ts';
import { request } from '../support/http.ts';
import { completion, snapshotOf } from '../support/records.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { testVapidKeys } from '../support/vapid.ts';

/**
 * Fuzzing POST and DELETE /push/subscriptions on one real server (10,000 cases): valid
 * subscriptions, subscriptions with one part broken in one of many ways, any JSON, bytes
 * that are not JSON, other content types, oversized bodies, from many client addresses.
 * Each case's answer is checked against what its generator made: a valid one is 201 or 200
 * (or 429 when its address made too many changes, 503 once the cap is reached), a broken one
 * exactly 400 naming the broken part, and every error the push API's JSON shape; never a 500,
 * a stack trace, or an answer later than a bound. Afterwards the store holds at most the
 * cap and the service still answers.
 */

const RUNS = 625;
const BATCH = 16; // 625 × 16 = 10,000 cases
const BOUND_MS = 3_000;
const CAP = 300;
const LEAK = /\n\s+at \S|file:\/\/|node_modules|\/src\/[\w/-]+\.ts\b|\.[cm]?[jt]s:\d+:\d+/;
const TOPICS = ['global_reset', 'any_reset', 'schedule', 'window_soon'] as const;

/** A few real browser key pairs (making one per case would only test node:crypto). */
const KEYS = Array.from({ length: 8 }, () => {
  const ecdh = createECDH('prime256v1');
  return {
    p256dh: ecdh.generateKeys().toString('base64url'),
    auth: randomBytes(16).toString('base64url'),
  };
});
const offCurve = (() => {
  const point = Buffer.from(KEYS[0]!.p256dh, 'base64url');
  point[64] = point[64]! ^ 1;
  return point.toString('base64url');
})();

/** A body being broken on purpose: any part may become anything. */
// biome-ignore lint/suspicious/noExplicitAny: the point is to write where no type allows
type Loose = Record<string, any>;

type Case = {
  readonly method: 'POST' | 'DELETE';
  readonly contentType: string | null;
  readonly body: string;
  readonly expect: 'stored' | 'removed' | { status: number; detail?: RegExp };
  readonly address: string;
};

const address = fc
  .tuple(fc.integer({ min: 1, max: 254 }), fc.integer({ min: 1, max: 254 }))
  .map(([a, b]) => `127.0.${a}.${b}`);
const token = fc.string({
  unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789-_:'),
  minLength: 1,
  maxLength: 60,
});
const host = fc.constantFrom(
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  'web.push.apple.com',
  'wns2-par02p.notify.windows.com',
);
const endpoint = fc.tuple(host, token).map(([name, path]) => `https://${name}/send/${path}`);
const topics = fc
  .subarray([...TOPICS], { minLength: 1 })
  .chain((chosen) => fc.shuffledSubarray(chosen, { minLength: chosen.length }));
const keys = fc.constantFrom(...KEYS);
const valid = fc.record({
  endpoint,
  keys,
  topics,
  expiration: fc.constantFrom(null, undefined, 1_900_000_000_000),
});

/** One part broken, and what the answer must name. */
const broken: fc.Arbitrary<[(body: Loose) => void, RegExp]> = fc.oneof(
  fc.constantFrom<[(body: Loose) => void, RegExp]>(
    [
      (b) => {
        b.subscription.keys.p256dh = offCurve;
      },
      /p256dh/,
    ],
    [
      (b) => {
        b.subscription.keys.p256dh = randomBytes(33).toString('base64url');
      },
      /p256dh/,
    ],
    [
      (b) => {
        b.subscription.keys.p256dh = '!!!';
      },
      /p256dh/,
    ],
    [
      (b) => {
        b.subscription.keys.auth = randomBytes(12).toString('base64url');
      },
      /auth/,
    ],
    [
      (b) => {
        b.subscription.keys.auth = 7;
      },
      /auth/,
    ],
    [
      (b) => {
        delete b.subscription.keys;
      },
      /keys/,
    ],
    [
      (b) => {
        b.subscription.keys.extra = 'x';
      },
      /keys/,
    ],
    [
      (b) => {
        b.subscription.endpoint = 'http://fcm.googleapis.com/x';
      },
      /https/,
    ],
    [
      (b) => {
        b.subscription.endpoint = 'https://10.0.0.8/x';
      },
      /private|loopback/,
    ],
    [
      (b) => {
        b.subscription.endpoint = 'https://169.254.169.254/latest';
      },
      /private|loopback/,
    ],
    [
      (b) => {
        b.subscription.endpoint = 'https://[::1]/x';
      },
      /private|loopback/,
    ],
    [
      (b) => {
        b.subscription.endpoint = 'https://localhost/x';
      },
      /public host/,
    ],
    [
      (b) => {
        b.subscription.endpoint = 'https://fcm.googleapis.com:8443/x';
      },
      /port/,
    ],
    [
      (b) => {
        b.subscription.endpoint = 'https://u:p@fcm.googleapis.com/x';
      },
      /credentials/,
    ],
    [
      (b) => {
        b.subscription.endpoint = `https://fcm.googleapis.com/${'a'.repeat(2001)}`;
      },
      /longer/,
    ],
    [
      (b) => {
        b.subscription.endpoint = 'not a url';
      },
      /URL/,
    ],
    [
      (b) => {
        b.subscription.endpoint = null;
      },
      /endpoint/,
    ],
    [
      (b) => {
        b.topics = [];
      },
      /at least one/,
    ],
    [
      (b) => {
        b.topics = ['global_reset', 'global_reset'];
      },
      /repeat/,
    ],
    [
      (b) => {
        b.topics = ['everything'];
      },
      /topic/,
    ],
    [
      (b) => {
        b.topics = 'global_reset';
      },
      /topics/,
    ],
    [
      (b) => {
        b.subscription.expirationTime = 'soon';
      },
      /expirationTime|subscription/,
    ],
    [
      (b) => {
        b.extra = true;
      },
      /body/,
    ],
    [
      (b) => {
        delete b.subscription;
      },
      /subscription/,
    ],
  ),
  fc.jsonValue().map((value): [(body: Loose) => void, RegExp] => [
    (b) => {
      b.subscription.keys.auth = value;
    },
    /auth|__proto__ or constructor/,
  ]),
);

const caseOf: fc.Arbitrary<Case> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.tuple(valid, address).map(
      ([v, from]): Case => ({
        method: 'POST',
        contentType: 'application/json',
        body: JSON.stringify({
          subscription: {
            endpoint: v.endpoint,
            ...(v.expiration === undefined ? {} : { expirationTime: v.expiration }),
            keys: v.keys,
          },
          topics: v.topics,
        }),
        expect: 'stored',
        address: from,
      }),
    ),
  },
  {
    weight: 4,
    arbitrary: fc.tuple(valid, broken, address).map(([v, [breakIt, detail], from]): Case => {
      const body: Loose = {
        subscription: { endpoint: v.endpoint, expirationTime: null, keys: { ...v.keys } },
        topics: v.topics,
      };
      breakIt(body);
      const text = JSON.stringify(body);
      return {
        method: 'POST',
        contentType: 'application/json',
        body: text,
        expect: text.length > 4096 ? { status: 413 } : { status: 400, detail },
        address: from,
      };
    }),
  },
  {
    weight: 1,
    arbitrary: fc.tuple(endpoint, address).map(
      ([e, from]): Case => ({
        method: 'DELETE',
        contentType: 'application/json',
        body: JSON.stringify({ endpoint: e }),
        expect: 'removed',
        address: from,
      }),
    ),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.jsonValue(), fc.constantFrom<'POST' | 'DELETE'>('POST', 'DELETE'), address)
      .map(([value, method, from]): Case => {
        const text = JSON.stringify(value) ?? 'null';
        return {
          method,
          contentType: 'application/json',
          body: text,
          expect: text.length > 4096 ? { status: 413 } : { status: 400 },
          address: from,
        };
      }),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(
        fc.string({ maxLength: 200 }),
        fc.constantFrom(
          'text/plain',
          'application/x-www-form-urlencoded',
          'multipart/form-data; boundary=x',
          'application/jsonx',
          null,
        ),
        address,
      )
      .map(
        ([text, type, from]): Case => ({
          method: 'POST',
          contentType: type,
          body: text,
          expect: { status: 415 },
          address: from,
        }),
      ),
  },
  {
    weight: 1,
    arbitrary: fc.tuple(fc.string({ maxLength: 300 }), address).map(([text, from]): Case => {
      let json = true;
      try {
        JSON.parse(text);
      } catch {
        json = false;
      }
      return {
        method: 'POST',
        contentType: 'application/json',
        body: text,
        expect: json ? { status: 400 } : { status: 400, detail: /JSON|body/ },
        address: from,
      };
    }),
  },
  {
    weight: 1,
    arbitrary: fc.tuple(fc.integer({ min: 4097, max: 100_000 }), address).map(
      ([size, from]): Case => ({
        method: 'POST',
        contentType: 'application/json',
        body: `{"x":"${'a'.repeat(size)}"}`,
        expect: { status: 413 },
        address: from,
      }),
    ),
  },
);

describe('fuzz: POST and DELETE /push/subscriptions', () => {
  let server: TestServer;
  let dir: string;
  const tally = new Map<number, number>();

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'fuzz-push-'));
    const vapid = testVapidKeys();
    server = await startTestServer({
      snapshot: snapshotOf([completion('1900000000000000001')]),
      env: {
        VAPID_PUBLIC_KEY: vapid.publicKey,
        VAPID_PRIVATE_KEY: vapid.privateKey,
        VAPID_SUBJECT: vapid.subject,
        PUSH_STORE_URL: `sqlite:${join(dir, 'push.db')}`,
        PUSH_MAX_SUBSCRIPTIONS: String(CAP),
      },
    });
  });
  after(async () => {
    await server.close();
    await rm(dir, { recursive: true, force: true });
  });

  test('every answer is the one its case calls for, in time, in the push API’s shape', async (t) => {
    await fc.assert(
      fc.asyncProperty(fc.array(caseOf, { minLength: BATCH, maxLength: BATCH }), async (cases) => {
        await Promise.all(
          cases.map(async (c) => {
            const started = performance.now();
            const headers: Record<string, string> = {
              'content-length': String(Buffer.byteLength(c.body)),
            };
            if (c.contentType !== null) headers['content-type'] = c.contentType;
            const answer = await request(server.origin, '/push/subscriptions', {
              method: c.method,
              headers,
              body: c.body,
              localAddress: c.address,
            });
            const elapsed = performance.now() - started;
            tally.set(answer.status, (tally.get(answer.status) ?? 0) + 1);
            const where = `${c.method} ${c.contentType} ${c.body.slice(0, 300)} → ${answer.status} ${answer.text.slice(0, 300)}`;
            assert.ok(elapsed < BOUND_MS, `${where}: ${elapsed} ms`);
            assert.ok(!LEAK.test(answer.text), where);
            if (answer.status === 429 || answer.status === 503) {
              assert.ok(c.expect === 'stored' || c.expect === 'removed', where);
              assert.ok(Number(answer.headers['retry-after']) > 0, where);
              assert.equal(
                (answer.json() as { error: string }).error,
                answer.status === 429 ? 'rate_limited' : 'subscriptions_full',
                where,
              );
              return;
            }
            if (c.expect === 'stored') {
              assert.ok(answer.status === 201 || answer.status === 200, where);
              return;
            }
            if (c.expect === 'removed') {
              assert.equal(answer.status, 204, where);
              return;
            }
            assert.equal(answer.status, c.expect.status, where);
            const body = answer.json() as { ok: boolean; error: string; detail: string };
            assert.deepEqual(Object.keys(body), ['ok', 'error', 'detail'], where);
            assert.equal(body.ok, false);
            assert.equal(body.error, 'invalid_request', where);
            if (c.expect.detail !== undefined) assert.match(body.detail, c.expect.detail, where);
          }),
        );
      }),
      { numRuns: RUNS, includeErrorInReport: true },
    );
    const store = await openFollowStore(`sqlite:${join(dir, 'push.db')}`, {
      logger: pino({ level: 'silent' }),
    });
    try {
      assert.ok((await store.countSubscriptions()) <= CAP);
    } finally {
      await store.close();
    }
    assert.equal((await server.get('/healthz')).status, 200);
    const total = [...tally.values()].reduce((sum, count) => sum + count, 0);
    t.diagnostic(`${total} subscription requests: ${JSON.stringify(Object.fromEntries(tally))}`);
    // The generators reached every outcome.
    for (const status of [200, 201, 204, 400, 413, 415, 503])
      assert.ok((tally.get(status) ?? 0) > 0, `no ${status} in ${JSON.stringify([...tally])}`);
  });
});
