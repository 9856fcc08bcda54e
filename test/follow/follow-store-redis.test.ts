import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { pino } from 'pino';
import type { FollowStore } from '../../src/service/follow/store/follow-store.ts';
import { RedisFollowStore } from '../../src/service/follow/store/redis-follow-store.ts';
import {
  deleteKeys,
  openTestClient,
  SHARED_REDIS_URL,
  type TestRedisClient,
  uniquePrefix,
} from '../redis/redis-support.ts';
import { freePort } from '../support/process.ts';
import { followStoreSuite } from './follow-store-suite.ts';

/**
 * The Redis follow store: the shared suite under a key prefix of its own per test (its keys
 * deleted after), then what only Redis has: keys that expire, and a Redis that is not there.
 */

const logger = pino({ level: 'silent' });
let client: TestRedisClient;
before(async () => {
  client = await openTestClient(SHARED_REDIS_URL);
});
after(async () => {
  await client?.close();
});

/** Keys under `prefix`, without it, sorted. */
async function keysUnder(prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const batch of client.scanIterator({ MATCH: `${prefix}*`, COUNT: 500 })) {
    keys.push(...batch.map((key) => key.slice(prefix.length)));
  }
  return keys.sort();
}

/** A store (and more on the same keys) under a new prefix; closes them and deletes the keys. */
async function fixture() {
  const prefix = uniquePrefix('follow');
  const opened: FollowStore[] = [];
  const openStore = async () => {
    // Each call's bound is 2 s by default (the product's, unchanged); on a loaded two-core box
    // running the whole suite a call of the 2,500-subscriber paging test once took longer (a
    // CI run), so the suite's own calls get 10 s.
    const store = await RedisFollowStore.open(SHARED_REDIS_URL, {
      logger,
      keyPrefix: prefix,
      callTimeoutMs: 10_000,
    });
    opened.push(store);
    return store;
  };
  return {
    prefix,
    store: await openStore(),
    openAnother: openStore,
    url: SHARED_REDIS_URL,
    redisKeyPrefix: prefix,
    cleanup: async () => {
      for (const store of opened) await store.close();
      await deleteKeys(client, prefix);
    },
  };
}

followStoreSuite('Redis', fixture, { prunesClaims: false });

describe('Redis follow store', () => {
  it('keeps every key under its prefix: a hash per subscription, a set per topic', async () => {
    const { store, prefix, cleanup } = await fixture();
    try {
      assert.equal(store.label, SHARED_REDIS_URL);
      const endpoint = 'https://push.example.net/keys';
      await store.saveSubscription({ endpoint, p256dh: 'p', auth: 'a' }, ['schedule'], 5, 10);
      await store.claimEvent('reset_completed:r1', 5, 60_000);
      await store.markPrimed(5);
      const page = await store.subscribersOf('schedule', null, 10);
      const id = page.subscriptions[0]?.id;
      assert.deepEqual(await keysUnder(prefix), [
        'claim:reset_completed:r1',
        'primed',
        `sub:${id}`,
        'subs',
        'topic:schedule',
      ]);
      assert.deepEqual(
        { ...(await client.hGetAll(`${prefix}sub:${id}`)) },
        { createdAt: '5', endpoint, p256dh: 'p', auth: 'a', topics: 'schedule' },
      );
      await store.saveSubscription({ endpoint, p256dh: 'p', auth: 'a' }, ['any_reset'], 6, 10);
      assert.deepEqual(await client.zRange(`${prefix}topic:schedule`, 0, -1), []);
      assert.deepEqual(await client.zRange(`${prefix}topic:any_reset`, 0, -1), [id]);
      assert.equal(await store.removeSubscription(endpoint), true);
      assert.deepEqual(await keysUnder(prefix), ['claim:reset_completed:r1', 'primed']);
    } finally {
      await cleanup();
    }
  });

  it('lets a claim key expire after keepMs of Redis time', async () => {
    const { store, prefix, cleanup } = await fixture();
    try {
      assert.equal(await store.claimEvent('short', Date.now(), 150), true);
      const ttl = await client.pTTL(`${prefix}claim:short`);
      assert.ok(ttl > 0 && ttl <= 150, `PTTL ${ttl}`);
      assert.equal(await store.claimEvent('long', Date.now(), 3_600_000), true);
      const longTtl = await client.pTTL(`${prefix}claim:long`);
      assert.ok(longTtl > 3_590_000 && longTtl <= 3_600_000, `PTTL ${longTtl}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
      assert.equal(await client.exists(`${prefix}claim:short`), 0);
    } finally {
      await cleanup();
    }
  });

  it('says so when no Redis answers, within the time it was given', async () => {
    const port = await freePort();
    const started = performance.now();
    await assert.rejects(
      RedisFollowStore.open(`redis://user:pw-s3cret@127.0.0.1:${port}`, {
        logger,
        readyTimeoutMs: 300,
      }),
      (error: Error) => {
        assert.equal(
          error.message,
          `cannot open the Redis follow store redis://***:***@127.0.0.1:${port}: no connection within 300 ms`,
        );
        return true;
      },
    );
    const took = performance.now() - started;
    assert.ok(took >= 290 && took < 2_500, `${took} ms`);
  });
});
