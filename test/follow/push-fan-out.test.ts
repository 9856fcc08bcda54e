import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { pino } from 'pino';
import { followEvents } from '../../src/service/follow/events.ts';
import { createPushFanOut } from '../../src/service/follow/push/fan-out.ts';
import type { FollowStore } from '../../src/service/follow/store/follow-store.ts';
import { openFollowStore } from '../../src/service/follow/store/open-follow-store.ts';
import { PreparedSnapshot } from '../../src/service/query/prepared-snapshot.ts';
import { type PushStandin, startPushStandin } from '../support/push-standin.ts';
import { completion, iso, snapshotOf } from '../support/records.ts';
import { testVapidKeys } from '../support/vapid.ts';

/**
 * The fan-out's bounds and retries (follow/push/fan-out.ts), against the stand-in push
 * service over real HTTP and a real SQLite store: never more requests at once than its
 * concurrency, a 429 tried again after its Retry-After, a 5xx after a back-off, a push
 * service that keeps failing given up after the attempts allowed, a gone one removed.
 */

const logger = pino({ level: 'silent' });
const vapid = testVapidKeys();
const NOW = Date.now();
const [EVENT] = followEvents(
  PreparedSnapshot.of(
    snapshotOf([completion('1900000000000000009', { completedAt: iso(NOW - 1000) })], NOW),
  ),
  NOW,
);

describe('push fan-out', () => {
  let standin: PushStandin;
  let store: FollowStore;
  let dir: string;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'fan-out-'));
    standin = await startPushStandin({ vapidPublicKey: vapid.publicKey });
  });
  after(async () => {
    await standin.close();
    await rm(dir, { recursive: true, force: true });
  });

  const fresh = async (name: string, subscribers: number, prefix: string) => {
    store = await openFollowStore(`sqlite:${join(dir, `${name}.db`)}`, { logger });
    for (let i = 0; i < subscribers; i++) {
      const { subscription } = standin.subscribe(`${prefix}${i}`);
      await store.saveSubscription(
        { endpoint: subscription.endpoint, ...subscription.keys },
        ['any_reset'],
        NOW,
        1_000,
      );
    }
    return createPushFanOut({
      store,
      vapid,
      site: { name: 'Resets', baseUrl: undefined },
      logger,
      allowPrivate: true,
      concurrency: 8,
    });
  };

  test('never more requests at once than its concurrency', async () => {
    const fanOut = await fresh('bound', 40, 'b');
    let open = 0;
    let most = 0;
    for (let i = 0; i < 40; i++)
      standin.respondWith(`b${i}`, async () => {
        open++;
        most = Math.max(most, open);
        await new Promise((resolve) => setTimeout(resolve, 30));
        open--;
        return undefined; // then checked and accepted as usual
      });
    try {
      const report = await fanOut.deliver(EVENT!);
      assert.equal(report.sent, 40);
      assert.equal(report.subscribers, 40);
      assert.equal(most, 8);
    } finally {
      fanOut.close();
      await store.close();
    }
  });

  test('429 waits for Retry-After, 5xx backs off, a service that keeps failing is given up, a gone one removed', async () => {
    const fanOut = await fresh('retries', 4, 'r');
    const asked: number[] = [];
    standin.respondWith('r0', (request) =>
      request.attempt === 1 ? { status: 429, headers: { 'retry-after': '1' } } : undefined,
    );
    standin.respondWith('r1', (request) => (request.attempt === 1 ? { status: 502 } : undefined));
    standin.respondWith('r2', () => {
      asked.push(Date.now());
      return { status: 500 };
    });
    standin.respondWith('r3', 410);
    try {
      const started = Date.now();
      const before = standin.received.length;
      const report = await fanOut.deliver(EVENT!);
      assert.deepEqual(
        { sent: report.sent, gone: report.gone, failed: report.failed },
        { sent: 2, gone: 1, failed: 1 },
      );
      const got = standin.received.slice(before);
      assert.deepEqual(got.map((push) => push.name).sort(), ['r0', 'r1']);
      assert.ok(got.find((push) => push.name === 'r0')!.at - started >= 1_000, 'after Retry-After');
      assert.equal(asked.length, 3, 'three attempts in all');
      assert.equal(await store.countSubscriptions(), 3, 'the gone one removed');
    } finally {
      fanOut.close();
      await store.close();
    }
  });

  test('closed while it reads its first page: it sends nothing and ends at once, not after a request timeout', async () => {
    const fanOut = await fresh('closed', 3, 'c');
    const before = standin.received.length + standin.rejected.length;
    try {
      const started = Date.now();
      const delivering = fanOut.deliver(EVENT!);
      fanOut.close();
      const report = await delivering;
      assert.ok(Date.now() - started < 2_000, `it took ${Date.now() - started} ms`);
      assert.equal(report.sent, 0);
      assert.equal(standin.received.length + standin.rejected.length, before);
    } finally {
      await store.close();
    }
  });
});
