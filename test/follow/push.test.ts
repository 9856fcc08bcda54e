import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { pino } from 'pino';
import { openFollowStore } from '../../src/service/follow/store/open-follow-store.ts';
import type { ResetRecord } from '../../src/shared/domain/record.ts';
import {
  deleteKeys,
  openTestClient,
  SHARED_REDIS_URL,
  sleep,
  uniquePrefix,
} from '../redis/redis-support.ts';
import { type PushStandin, startPushStandin } from '../support/push-standin.ts';
import { completion, HOUR, iso, schedule, snapshotOf } from '../support/records.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { testVapidKeys } from '../support/vapid.ts';

/**
 * Web Push end to end: the real service with VAPID keys, its /push/* endpoints, and the
 * notifications it sends when a snapshot shows something new, received by a stand-in push
 * service that verifies the VAPID JWT and decrypts each message (RFC 8291) with the keys
 * of the "browser" that subscribed.
 */

const vapid = testVapidKeys();
const NOW = Date.now();
const OLD = completion('1900000000000000001', { completedAt: iso(NOW - 5 * HOUR) });
const BANKED = completion('1900000000000000002', {
  resetType: 'banked',
  completedAt: iso(NOW - 60_000),
  scope: { plans: ['pro'], windows: ['unknown'] },
});
const GLOBAL = completion('1900000000000000004', {
  completedAt: iso(NOW - 30_000),
  scope: { plans: ['all'], windows: ['five_hour'] },
});
const SCHEDULED: ResetRecord = schedule(
  '1900000000000000003',
  'pending',
  [NOW + 5 * HOUR, NOW + 5 * HOUR],
  {
    announcedAt: iso(NOW - 30_000),
    scope: { plans: ['all'], windows: ['weekly'] },
  },
);

const json = (body: unknown) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});
const logger = pino({ level: 'silent' });

describe('web push', () => {
  let standin: PushStandin;
  let dir: string;
  const servers: TestServer[] = [];
  const env = (extra: Record<string, string> = {}) => ({
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    VAPID_SUBJECT: vapid.subject,
    PUSH_STORE_URL: `sqlite:${join(dir, `push-${servers.length}.db`)}`,
    PUSH_ALLOW_PRIVATE_ENDPOINTS: '1',
    ...extra,
  });
  const start = async (extra: Record<string, string> = {}, records = [OLD]) => {
    const server = await startTestServer({ snapshot: snapshotOf(records, NOW), env: env(extra) });
    servers.push(server);
    return server;
  };

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'push-'));
    standin = await startPushStandin({ vapidPublicKey: vapid.publicKey });
  });
  after(async () => {
    for (const server of servers) await server.close();
    await standin.close();
    await rm(dir, { recursive: true, force: true });
  });

  test('without VAPID keys there is no push: 404 and no store', async () => {
    const server = await startTestServer({ snapshot: snapshotOf([OLD], NOW) });
    servers.push(server);
    assert.equal((await server.get('/push/key')).status, 404);
    const posted = await server.get('/push/subscriptions', json({}));
    assert.equal(posted.status, 404);
    assert.deepEqual(posted.json(), {
      ok: false,
      error: 'not_found',
      detail: 'No resource at /push/subscriptions.',
    });
  });

  test('a store that is down never holds the service: data served, subscriptions 503 until it opens', async () => {
    const started = Date.now();
    const server = await start({ PUSH_STORE_URL: 'redis://127.0.0.1:1' });
    assert.ok(Date.now() - started < 4_000, 'start-up waits 2 s at most for the store');
    assert.equal((await server.get('/openapi/v1/records')).status, 200);
    assert.equal((await server.get('/push/key')).status, 200);
    const refused = await server.get(
      '/push/subscriptions',
      json({ subscription: standin.subscribe().subscription, topics: ['schedule'] }),
    );
    assert.equal(refused.status, 503);
    assert.equal(refused.headers['retry-after'], '60');
    assert.deepEqual(refused.json(), {
      ok: false,
      error: 'store_unavailable',
      detail: 'Subscriptions cannot be changed right now.',
      retryAfter: 60,
    });
  });

  test('GET /push/key gives the public key and the topics, uncounted', async () => {
    const server = await start();
    const key = await server.get('/push/key');
    assert.equal(key.status, 200);
    assert.equal(key.headers['content-type'], 'application/json; charset=utf-8');
    assert.equal(key.headers['cache-control'], 'public, max-age=3600');
    assert.equal(key.headers['x-ratelimit-limit'], undefined);
    assert.deepEqual(key.json(), {
      publicKey: vapid.publicKey,
      topics: ['global_reset', 'any_reset', 'schedule', 'window_soon'],
    });
  });

  test('subscribe, replace, unsubscribe; refusals are clear and never spend the data quota', async () => {
    const server = await start({ PUSH_MAX_SUBSCRIPTIONS: '2' });
    const a = standin.subscribe();
    const created = await server.get(
      '/push/subscriptions',
      json({ subscription: a.subscription, topics: ['schedule', 'global_reset'] }),
    );
    assert.equal(created.status, 201);
    assert.deepEqual(created.json(), { topics: ['global_reset', 'schedule'] });
    assert.equal(created.headers['cache-control'], 'no-store');
    const replaced = await server.get(
      '/push/subscriptions',
      json({ subscription: a.subscription, topics: ['any_reset'] }),
    );
    assert.equal(replaced.status, 200);

    const refused = async (
      options: Parameters<TestServer['get']>[1],
      status: number,
      detail: string | RegExp,
    ) => {
      const answer = await server.get('/push/subscriptions', {
        ...options,
        localAddress: '127.0.0.9',
      });
      assert.equal(answer.status, status, answer.text);
      const body = answer.json() as { ok: boolean; error: string; detail: string };
      assert.equal(body.ok, false);
      assert.equal(body.error, 'invalid_request');
      if (typeof detail === 'string') assert.equal(body.detail, detail);
      else assert.match(body.detail, detail);
    };
    await refused(
      { ...json({}), body: '{"__proto__":{"polluted":true}}' },
      400,
      'the body is not valid JSON (a __proto__ or constructor.prototype key counts as not valid)',
    );
    await refused(
      { ...json({}), body: '{"subscription":' },
      400,
      'the body is not valid JSON (a __proto__ or constructor.prototype key counts as not valid)',
    );
    await refused(
      { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'x' },
      415,
      'the body must be application/json',
    );
    await refused({ ...json({ x: 'y'.repeat(5000) }) }, 413, 'the body is larger than 4096 bytes');
    await refused(
      json({ subscription: { ...a.subscription, endpoint: 'ftp://x/y' }, topics: ['schedule'] }),
      400,
      'subscription.endpoint must be an https:// URL',
    );

    // The cap: a third subscription is refused with 503 and Retry-After; replacing still works.
    const b = standin.subscribe();
    assert.equal(
      (
        await server.get(
          '/push/subscriptions',
          json({ subscription: b.subscription, topics: ['schedule'] }),
        )
      ).status,
      201,
    );
    const full = await server.get(
      '/push/subscriptions',
      json({ subscription: standin.subscribe().subscription, topics: ['schedule'] }),
    );
    assert.equal(full.status, 503);
    assert.equal(full.headers['retry-after'], '3600');
    assert.deepEqual(full.json(), {
      ok: false,
      error: 'subscriptions_full',
      detail: 'This service holds as many subscriptions as it can; try again later.',
      retryAfter: 3600,
    });

    const removal = JSON.stringify({ endpoint: b.subscription.endpoint });
    const removed = await server.get('/push/subscriptions', {
      method: 'DELETE',
      // Node's client sends a DELETE's body only with its length said (fetch does so itself).
      headers: {
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(removal)),
      },
      body: removal,
    });
    assert.equal(removed.status, 204, removed.text);
    assert.equal(removed.text, '');

    // Ten changes per address per ten minutes: the eleventh is 429 with Retry-After.
    const address = { localAddress: '127.0.0.7' };
    let status = 0;
    let count = 0;
    while (status !== 429 && count < 20) {
      const answer = await server.get('/push/subscriptions', {
        ...json({ subscription: a.subscription, topics: ['schedule'] }),
        ...address,
      });
      status = answer.status;
      count++;
      if (status === 429) {
        assert.ok(Number(answer.headers['retry-after']) > 0);
        assert.equal((answer.json() as { error: string }).error, 'rate_limited');
      }
    }
    assert.equal(count, 11);
    // The data quota of that address is untouched.
    const data = await server.get('/openapi/v1/records', address);
    assert.equal(data.status, 200);
    assert.equal(data.headers['x-ratelimit-remaining'], '19');
  });

  test('a new snapshot notifies each subscriber of what they chose, once, decrypted as sent', async () => {
    const server = await start();
    const globalOnly = standin.subscribe('global-only');
    const anyReset = standin.subscribe('any-reset');
    const schedules = standin.subscribe('schedules');
    for (const [who, topics] of [
      [globalOnly, ['global_reset']],
      [anyReset, ['any_reset', 'global_reset']],
      [schedules, ['schedule']],
    ] as const) {
      const answer = await server.get(
        '/push/subscriptions',
        json({ subscription: who.subscription, topics }),
      );
      assert.equal(answer.status, 201);
    }
    const before = standin.received.length;
    await server.publish(snapshotOf([OLD, BANKED, SCHEDULED], NOW));
    await standin.waitFor(before + 2, 10_000);
    await sleep(300);
    const got = standin.received.slice(before);
    assert.deepEqual(got.map((push) => push.name).sort(), ['any-reset', 'schedules']);
    const banked = got.find((push) => push.name === 'any-reset')!;
    const { body, ...rest } = banked.json as { body: string };
    assert.deepEqual(rest, {
      title: 'A banked reset for Pro happened',
      url: `/records/${BANKED.id}`,
      tag: `record-${BANKED.id}`,
      event: 'reset_completed',
    });
    assert.match(body, /^Banked usage, Pro, (just now|1 min ago) \(today \d\d:\d\d UTC\)\.$/);
    assert.equal(banked.vapid.publicKey, vapid.publicKey);
    assert.equal(banked.vapid.subject, vapid.subject);
    assert.equal(banked.headers.urgency, 'high');
    const scheduled = got.find((push) => push.name === 'schedules')!;
    assert.equal((scheduled.json as { title: string }).title, 'A reset is scheduled');
    assert.equal((scheduled.json as { event: string }).event, 'reset_scheduled');

    // A global reset: both who chose it, each once although one chose two matching topics.
    await server.publish(snapshotOf([OLD, BANKED, SCHEDULED, GLOBAL], NOW));
    await standin.waitFor(before + 4, 10_000);
    await sleep(300);
    assert.deepEqual(
      standin.received
        .slice(before + 2)
        .map((push) => push.name)
        .sort(),
      ['any-reset', 'global-only'],
    );
    const metrics = (await server.metrics()).text;
    assert.match(metrics, /^follow_events_total 3$/m);
    assert.match(metrics, /^push_messages_total\{outcome="sent"\} 4$/m);
    assert.match(metrics, /^push_messages_total\{outcome="failed"\} 0$/m);
  });

  test('a subscription the push service says is gone (410) is removed', async () => {
    const server = await start();
    const gone = standin.subscribe('gone');
    await server.get(
      '/push/subscriptions',
      json({ subscription: gone.subscription, topics: ['any_reset'] }),
    );
    standin.respondWith('gone', 410);
    const store = await openFollowStore(`sqlite:${join(dir, `push-${servers.length - 1}.db`)}`, {
      logger,
    });
    try {
      assert.equal(await store.countSubscriptions(), 1);
      await server.publish(snapshotOf([OLD, BANKED], NOW));
      await standin.waitForRejected(1, 10_000);
      const started = Date.now();
      while ((await store.countSubscriptions()) !== 0 && Date.now() - started < 5_000)
        await sleep(50);
      assert.equal(await store.countSubscriptions(), 0);
    } finally {
      await store.close();
    }
  });

  test('two instances sharing a Redis store send each event to each subscriber once', async () => {
    const prefix = uniquePrefix('push');
    const redis = await openTestClient(SHARED_REDIS_URL);
    try {
      const extra = {
        PUSH_STORE_URL: SHARED_REDIS_URL,
        REDIS_URL: SHARED_REDIS_URL,
        REDIS_KEY_PREFIX: prefix,
      };
      const [a, b] = await Promise.all([start(extra), start(extra)]);
      const names = ['r1', 'r2', 'r3'];
      for (const name of names) {
        const server = name === 'r2' ? b : a;
        const answer = await server.get(
          '/push/subscriptions',
          json({ subscription: standin.subscribe(name).subscription, topics: ['any_reset'] }),
        );
        assert.equal(answer.status, 201);
      }
      await sleep(200);
      const before = standin.received.length;
      const next = snapshotOf([OLD, BANKED, GLOBAL], NOW);
      await Promise.all([a.publish(next), b.publish(next)]);
      await standin.waitFor(before + 6, 10_000);
      await sleep(500);
      const got = standin.received.slice(before);
      assert.equal(got.length, 6, 'two events, three subscribers, once each');
      for (const name of names) assert.equal(got.filter((push) => push.name === name).length, 2);
    } finally {
      await deleteKeys(redis, prefix);
      await redis.close();
    }
  });
});
