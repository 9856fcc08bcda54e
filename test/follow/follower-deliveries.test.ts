import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { pino } from 'pino';
import { createFollower } from '../../src/service/follow/follower.ts';
import { createPushFanOut } from '../../src/service/follow/push/fan-out.ts';
import { openFollowStore } from '../../src/service/follow/store/open-follow-store.ts';
import { PreparedSnapshot } from '../../src/service/query/prepared-snapshot.ts';
import { type PushStandin, startPushStandin } from '../support/push-standin.ts';
import { completion, iso, snapshotOf } from '../support/records.ts';
import { testVapidKeys } from '../support/vapid.ts';

/**
 * The follower's deliveries (follow/follower.ts) with the real fan-out, a real SQLite store
 * and the stand-in push service: more events at once than deliveries may run wait in line
 * (none is dropped), and at shutdown the deliveries under way finish within the drain time,
 * while one that would not is cut short in time.
 */

const logger = pino({ level: 'silent' });
const vapid = testVapidKeys();
const NOW = Date.now();
const EMPTY = PreparedSnapshot.of(snapshotOf([], NOW));
/** Six completions of the last hour: six events, more than the four deliveries at once. */
const SIX = PreparedSnapshot.of(
  snapshotOf(
    Array.from({ length: 6 }, (_, i) =>
      completion(`190000000000000010${i}`, { completedAt: iso(NOW - 60_000 * (i + 1)) }),
    ),
    NOW,
  ),
);
const ONE = PreparedSnapshot.of(
  snapshotOf([completion('1900000000000000200', { completedAt: iso(NOW - 1000) })], NOW),
);
const slowly = (ms: number) => async () => {
  await new Promise((resolve) => setTimeout(resolve, ms));
  return undefined; // then checked and accepted as usual
};

describe('follower deliveries', () => {
  let standin: PushStandin;
  let dir: string;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'follower-'));
    standin = await startPushStandin({ vapidPublicKey: vapid.publicKey });
  });
  after(async () => {
    await standin.close();
    await rm(dir, { recursive: true, force: true });
  });

  /** A primed follower (the store took the empty snapshot as told) with `names` subscribed. */
  async function follower(name: string, names: string[], drainMs?: number) {
    const store = await openFollowStore(`sqlite:${join(dir, `${name}.db`)}`, { logger });
    for (const subscriber of names) {
      const { subscription } = standin.subscribe(subscriber);
      await store.saveSubscription(
        { endpoint: subscription.endpoint, ...subscription.keys },
        ['any_reset'],
        NOW,
        1_000,
      );
    }
    let current = EMPTY;
    const fanOut = createPushFanOut({
      store,
      vapid,
      site: { name: 'Resets', baseUrl: undefined },
      logger,
      allowPrivate: true,
    });
    const made = createFollower({
      current: () => current,
      store,
      fanOut,
      broadcaster: undefined,
      logger,
      ...(drainMs === undefined ? {} : { drainMs }),
    });
    await made.evaluate(); // primes the store
    return {
      follower: made,
      publish: (snapshot: PreparedSnapshot) => {
        current = snapshot;
        return made.evaluate();
      },
    };
  }

  test('six events at once: four delivered at a time, the other two wait their turn; all six reach the subscriber', async () => {
    const { follower: made, publish } = await follower('six', ['six']);
    standin.respondWith('six', slowly(200));
    const before = standin.received.length;
    try {
      await publish(SIX);
      const received = await standin.waitFor(before + 6, 10_000);
      const ids = received
        .slice(before)
        .filter((push) => push.name === 'six')
        .map((push) => (push.json as { tag: string }).tag)
        .sort();
      assert.deepEqual(
        ids,
        Array.from({ length: 6 }, (_, i) => `record-190000000000000010${i}`),
      );
    } finally {
      await made.close();
    }
  });

  test('shutdown lets a delivery under way finish within the drain time', async () => {
    const { follower: made, publish } = await follower('drain', ['drain-1', 'drain-2'], 5_000);
    for (const name of ['drain-1', 'drain-2']) standin.respondWith(name, slowly(500));
    const before = standin.received.length;
    await publish(ONE);
    const started = Date.now();
    await made.close();
    const tookMs = Date.now() - started;
    const names = standin.received
      .slice(before)
      .map((push) => push.name)
      .sort();
    assert.deepEqual(names, ['drain-1', 'drain-2']);
    assert.ok(tookMs >= 300 && tookMs < 5_000, `close took ${tookMs} ms`);
  });

  test('shutdown cuts short a delivery that would outlast the drain time', async () => {
    const { follower: made, publish } = await follower('stuck', ['stuck'], 300);
    standin.respondWith('stuck', slowly(60_000));
    await publish(ONE);
    const started = Date.now();
    await made.close();
    const tookMs = Date.now() - started;
    assert.ok(tookMs >= 250 && tookMs < 2_000, `close took ${tookMs} ms`);
  });
});
