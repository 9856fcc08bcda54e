import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { describe, it } from 'node:test';
import type {
  FollowStore,
  PushSubscriptionKeys,
  StoredSubscription,
} from '../../src/service/follow/store/follow-store.ts';
import { FOLLOW_TOPICS, type FollowTopic } from '../../src/service/follow/topics.ts';
import { ROOT } from '../support/process.ts';

/**
 * What every follow store must do (follow-store.ts: one interface, three stores). Each
 * store's test file calls `followStoreSuite` with a function that makes empty storage and
 * a store on it; the tests run one after another, each on storage of its own.
 */

export interface FollowStoreFixture {
  readonly store: FollowStore;
  /** Another store on the same storage, with its own connection (closed by cleanup). */
  openAnother(): Promise<FollowStore>;
  /** The storage as PUSH_STORE_URL names it (and a Redis key prefix), for a child process. */
  readonly url: string;
  readonly redisKeyPrefix?: string;
  /** The SQL stores: how many claim rows the storage holds (expired ones included). */
  readonly storedClaims?: () => Promise<number>;
  cleanup(): Promise<void>;
}

/** 2026-01-01T00:00:00Z. */
const T0 = 1_767_225_600_000;
const MAX = 100_000;
const KEYS = { p256dh: `B${'p'.repeat(86)}`, auth: 'a'.repeat(22) } as const;

const endpointOf = (n: number | string) => `https://push.example.net/send/${n}`;
const subscription = (
  n: number | string,
  keys: { p256dh: string; auth: string } = KEYS,
): PushSubscriptionKeys => ({
  endpoint: endpointOf(n),
  ...keys,
});
/** Computed here, not with the store's helper: the id is part of the contract. */
const idOf = (endpoint: string) =>
  createHash('sha256').update(endpoint).digest('base64url').slice(0, 22);
/** Byte order, which every store pages in (ids are ASCII). */
const byId = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

interface Walk {
  readonly ids: string[];
  readonly pageSizes: number[];
  readonly subscriptions: StoredSubscription[];
}

/** Every page of `topic`, following `next`; at most 100 pages. */
async function walk(store: FollowStore, topic: FollowTopic, limit: number): Promise<Walk> {
  const result: Walk = { ids: [], pageSizes: [], subscriptions: [] };
  let after: string | null = null;
  for (let page = 0; page < 100; page++) {
    const { subscriptions, next } = await store.subscribersOf(topic, after, limit);
    result.pageSizes.push(subscriptions.length);
    result.subscriptions.push(...subscriptions);
    result.ids.push(...subscriptions.map((each) => each.id));
    if (next === null) return result;
    assert.equal(next, subscriptions.at(-1)?.id, 'next is the page’s last id');
    after = next;
  }
  throw new Error('more than 100 pages');
}

/** Saves `count` new subscriptions numbered from `from` with `topics`, 50 at a time. */
async function saveMany(
  store: FollowStore,
  count: number,
  topics: (n: number) => FollowTopic[],
  from = 0,
): Promise<void> {
  for (let start = from; start < from + count; start += 50) {
    const batch = Array.from({ length: Math.min(50, from + count - start) }, (_, i) => start + i);
    const outcomes = await Promise.all(
      batch.map((n) => store.saveSubscription(subscription(n), topics(n), T0 + n, MAX)),
    );
    assert.deepEqual(new Set(outcomes), new Set(['created']));
  }
}

export interface SuiteOptions {
  /**
   * The store deletes expired claims itself (the SQL stores; the fixture then gives
   * `storedClaims`). Redis keys expire by themselves: its own file tests that.
   */
  readonly prunesClaims: boolean;
}

export function followStoreSuite(
  name: string,
  open: () => Promise<FollowStoreFixture>,
  { prunesClaims }: SuiteOptions,
): void {
  /** A fresh store for `body`; cleaned up whatever happens. */
  const withStore = (body: (fixture: FollowStoreFixture) => Promise<void>) => async () => {
    const fixture = await open();
    try {
      await body(fixture);
    } finally {
      await fixture.cleanup();
    }
  };

  describe(`follow store: ${name}`, () => {
    it(
      'creates, reads back, updates and removes a subscription by its endpoint',
      withStore(async ({ store }) => {
        const endpoint = endpointOf('one');
        assert.equal(await store.countSubscriptions(), 0);
        assert.equal(
          await store.saveSubscription(subscription('one'), ['global_reset', 'schedule'], T0, MAX),
          'created',
        );
        assert.equal(await store.countSubscriptions(), 1);
        const created: StoredSubscription = {
          id: idOf(endpoint),
          endpoint,
          p256dh: KEYS.p256dh,
          auth: KEYS.auth,
          topics: ['global_reset', 'schedule'],
          createdAt: T0,
        };
        assert.deepEqual(await store.subscribersOf('global_reset', null, 10), {
          subscriptions: [created],
          next: null,
        });
        assert.deepEqual(await store.subscribersOf('schedule', null, 10), {
          subscriptions: [created],
          next: null,
        });
        assert.deepEqual(await store.subscribersOf('any_reset', null, 10), {
          subscriptions: [],
          next: null,
        });

        // The same endpoint again: keys and topics replaced, createdAt kept, still one.
        const newKeys = { p256dh: `B${'q'.repeat(86)}`, auth: 'b'.repeat(22) };
        assert.equal(
          await store.saveSubscription(
            subscription('one', newKeys),
            ['any_reset'],
            T0 + 60_000,
            MAX,
          ),
          'updated',
        );
        assert.equal(await store.countSubscriptions(), 1);
        const updated = { ...created, ...newKeys, topics: ['any_reset'] };
        assert.deepEqual(await store.subscribersOf('any_reset', null, 10), {
          subscriptions: [updated],
          next: null,
        });
        for (const gone of ['global_reset', 'schedule'] as const) {
          assert.deepEqual((await store.subscribersOf(gone, null, 10)).subscriptions, []);
        }

        assert.equal(await store.removeSubscription(endpointOf('other')), false);
        assert.equal(await store.countSubscriptions(), 1);
        assert.equal(await store.removeSubscription(endpoint), true);
        assert.equal(await store.removeSubscription(endpoint), false);
        assert.equal(await store.countSubscriptions(), 0);
        assert.deepEqual(await store.subscribersOf('any_reset', null, 10), {
          subscriptions: [],
          next: null,
        });
        // Saved again after removal: new, with the new time.
        assert.equal(
          await store.saveSubscription(subscription('one'), ['window_soon'], T0 + 1, MAX),
          'created',
        );
        const again = (await store.subscribersOf('window_soon', null, 10)).subscriptions;
        assert.deepEqual(
          again.map((each) => [each.id, each.createdAt]),
          [[idOf(endpoint), T0 + 1]],
        );
      }),
    );

    it(
      'stores topics once each, in the list’s order, and no topic at all',
      withStore(async ({ store }) => {
        await store.saveSubscription(
          subscription('dup'),
          ['window_soon', 'global_reset', 'window_soon', 'global_reset'],
          T0,
          MAX,
        );
        await store.saveSubscription(subscription('none'), [], T0, MAX);
        assert.equal(await store.countSubscriptions(), 2);
        const [stored] = (await store.subscribersOf('window_soon', null, 10)).subscriptions;
        assert.deepEqual(stored?.topics, ['global_reset', 'window_soon']);
        for (const topic of FOLLOW_TOPICS) {
          const ids = (await store.subscribersOf(topic, null, 10)).subscriptions.map((s) => s.id);
          assert.equal(ids.includes(idOf(endpointOf('none'))), false, topic);
        }
      }),
    );

    it(
      'answers full for a new subscription at the cap, and still updates one',
      withStore(async ({ store }) => {
        for (const n of [1, 2, 3]) {
          assert.equal(
            await store.saveSubscription(subscription(n), ['schedule'], T0, 3),
            'created',
          );
        }
        assert.equal(await store.saveSubscription(subscription(4), ['schedule'], T0, 3), 'full');
        assert.equal(await store.countSubscriptions(), 3);
        const listed = (await store.subscribersOf('schedule', null, 10)).subscriptions;
        assert.deepEqual(
          listed.map((each) => each.endpoint).sort(),
          [1, 2, 3].map(endpointOf).sort(),
        );
        // An update at the cap (and over it, if the cap was lowered) is not refused.
        assert.equal(
          await store.saveSubscription(subscription(2), ['any_reset'], T0, 3),
          'updated',
        );
        assert.equal(
          await store.saveSubscription(subscription(3), ['any_reset'], T0, 1),
          'updated',
        );
        assert.deepEqual(
          (await store.subscribersOf('any_reset', null, 10)).subscriptions
            .map((each) => each.endpoint)
            .sort(),
          [endpointOf(2), endpointOf(3)].sort(),
        );
        assert.equal(await store.removeSubscription(endpointOf(1)), true);
        assert.equal(await store.saveSubscription(subscription(4), ['schedule'], T0, 3), 'created');
        assert.equal(await store.saveSubscription(subscription(5), ['schedule'], T0, 3), 'full');
        assert.equal(await store.countSubscriptions(), 3);
        assert.equal(await store.saveSubscription(subscription(6), ['schedule'], T0, 0), 'full');
      }),
    );

    it(
      'keeps the cap exact when two instances save 40 new subscriptions at once (cap 25)',
      withStore(async ({ store, openAnother }) => {
        const other = await openAnother();
        const outcomes = await Promise.all(
          Array.from({ length: 40 }, (_, n) =>
            (n % 2 === 0 ? store : other).saveSubscription(
              subscription(n),
              ['global_reset'],
              T0,
              25,
            ),
          ),
        );
        assert.equal(outcomes.filter((outcome) => outcome === 'created').length, 25);
        assert.equal(outcomes.filter((outcome) => outcome === 'full').length, 15);
        assert.equal(await store.countSubscriptions(), 25);
        assert.equal(await other.countSubscriptions(), 25);
        const listed = await walk(other, 'global_reset', 1000);
        const expected = outcomes.flatMap((outcome, n) =>
          outcome === 'created' ? [idOf(endpointOf(n))] : [],
        );
        assert.deepEqual(listed.ids, expected.sort(byId));
      }),
    );

    it(
      'gives each topic exactly its subscribers, in id order',
      withStore(async ({ store }) => {
        // n's topics: the FOLLOW_TOPICS whose bit is set in n (0 to 15: every combination).
        const topicsOf = (n: number) => FOLLOW_TOPICS.filter((_, bit) => (n & (1 << bit)) !== 0);
        await saveMany(store, 32, (n) => topicsOf(n % 16));
        for (const [bit, topic] of FOLLOW_TOPICS.entries()) {
          const expected = Array.from({ length: 32 }, (_, n) => n)
            .filter((n) => (n & (1 << bit)) !== 0)
            .map((n) => idOf(endpointOf(n)))
            .sort(byId);
          const listed = await walk(store, topic, 5);
          assert.deepEqual(listed.ids, expected, topic);
          assert.deepEqual(listed.pageSizes, [5, 5, 5, 1], topic);
          for (const each of listed.subscriptions) {
            const n = Number(each.endpoint.slice(endpointOf('').length));
            assert.deepEqual(each.topics, topicsOf(n % 16));
            assert.equal(each.createdAt, T0 + n);
          }
        }
      }),
    );

    it(
      'pages 2,500 subscribers by 1,000: every one exactly once, in id order',
      withStore(async ({ store }) => {
        // Every other one also chooses `schedule`, so the pages skip rows of other topics.
        await saveMany(store, 2_500, (n) =>
          n % 2 === 0 ? ['any_reset'] : ['any_reset', 'schedule'],
        );
        assert.equal(await store.countSubscriptions(), 2_500);
        const expected = Array.from({ length: 2_500 }, (_, n) => idOf(endpointOf(n))).sort(byId);
        const listed = await walk(store, 'any_reset', 1_000);
        assert.deepEqual(listed.pageSizes, [1_000, 1_000, 500]);
        assert.deepEqual(listed.ids, expected);
        // More than 1,000 asked: 1,000 given.
        for (const limit of [1_001, 5_000, Number.POSITIVE_INFINITY]) {
          const page = await store.subscribersOf('any_reset', null, limit);
          assert.deepEqual(
            [page.subscriptions.length, page.next],
            [1_000, expected[999]],
            String(limit),
          );
        }
        const odd = await walk(store, 'schedule', 1_000);
        assert.deepEqual(odd.pageSizes, [1_000, 250]);
        assert.deepEqual(
          odd.ids,
          Array.from({ length: 1_250 }, (_, i) => idOf(endpointOf(2 * i + 1))).sort(byId),
        );
      }),
    );

    it(
      'takes a page size under 1 as 1, and ends with next null on an exact last page',
      withStore(async ({ store }) => {
        await saveMany(store, 3, () => ['schedule']);
        const ids = [0, 1, 2].map((n) => idOf(endpointOf(n))).sort(byId);
        for (const limit of [0, -5, 0.5, Number.NaN]) {
          const page = await store.subscribersOf('schedule', null, limit);
          assert.deepEqual(
            [page.subscriptions.map((each) => each.id), page.next],
            [[ids[0]], ids[0]],
            String(limit),
          );
        }
        const second = await store.subscribersOf('schedule', ids[0]!, 1);
        assert.deepEqual(
          [second.subscriptions.map((each) => each.id), second.next],
          [[ids[1]], ids[1]],
        );
        const exact = await store.subscribersOf('schedule', ids[0]!, 2);
        assert.deepEqual(
          [exact.subscriptions.map((each) => each.id), exact.next],
          [ids.slice(1), null],
        );
        const past = await store.subscribersOf('schedule', ids[2]!, 1);
        assert.deepEqual(past, { subscriptions: [], next: null });
      }),
    );

    it(
      'claims an event once, and every event for itself',
      withStore(async ({ store }) => {
        assert.equal(await store.claimEvent('reset_completed:r1', T0, 60_000), true);
        assert.equal(await store.claimEvent('reset_completed:r1', T0, 60_000), false);
        assert.equal(await store.claimEvent('reset_completed:r1', T0 + 1_000, 60_000), false);
        assert.equal(await store.claimEvent('reset_completed:r2', T0, 60_000), true);
        assert.equal(await store.claimEvent('reset_completed:r', T0, 60_000), true);
      }),
    );

    it(
      'gives exactly one of two instances each of 50 claims they race for',
      withStore(async ({ store, openAnother }) => {
        const other = await openAnother();
        const ids = Array.from({ length: 50 }, (_, n) => `window_soon:rec-${n}:${T0}`);
        // Both asked for every id, at once; who asks first alternates.
        const results = await Promise.all(
          ids.map(async (id, n) => {
            const [first, second] = n % 2 === 0 ? [store, other] : [other, store];
            const asked = [
              first.claimEvent(id, T0, 3_600_000),
              second.claimEvent(id, T0, 3_600_000),
            ];
            return (await Promise.all(asked)).filter(Boolean).length;
          }),
        );
        assert.deepEqual(
          results,
          ids.map(() => 1),
        );
        for (const id of ids) {
          assert.equal(await store.claimEvent(id, T0 + 2, 3_600_000), false);
          assert.equal(await other.claimEvent(id, T0 + 2, 3_600_000), false);
        }
      }),
    );

    it(
      'keeps a claim keepMs, then may give it again (by the clock it is given)',
      withStore(async ({ store, openAnother }) => {
        const keep = 60_000;
        assert.equal(await store.claimEvent('e', T0, keep), true);
        assert.equal(await store.claimEvent('e', T0 + keep - 1, keep), false);
        const other = await openAnother();
        assert.equal(await other.claimEvent('e', T0 + keep - 1, keep), false);
        // Its time is up: taken over, and kept again for keepMs from then.
        assert.equal(await other.claimEvent('e', T0 + keep, keep), true);
        assert.equal(await store.claimEvent('e', T0 + keep, keep), false);
        assert.equal(await store.claimEvent('e', T0 + 2 * keep - 1, keep), false);
        assert.equal(await store.claimEvent('e', T0 + 2 * keep + 5, keep), true);
      }),
    );

    // Only where the store deletes them itself (Redis keys expire: its own file tests that).
    if (prunesClaims) {
      it(
        'deletes expired claims now and then, never a live one',
        withStore(async ({ store, openAnother, storedClaims }) => {
          assert.ok(storedClaims, 'a store that prunes claims gives storedClaims');
          // A new instance deletes expired claims on its first claim.
          for (let n = 0; n < 30; n++)
            assert.equal(await store.claimEvent(`old-${n}`, T0, 1_000), true);
          assert.equal(await store.claimEvent('live', T0, 3_600_000), true);
          assert.equal(await storedClaims(), 31);
          const other = await openAnother();
          assert.equal(await other.claimEvent('new', T0 + 2_000, 1_000), true);
          assert.equal(await storedClaims(), 2);
          assert.equal(await other.claimEvent('live', T0 + 2_000, 1_000), false);
          // The first instance again, a minute on by its clock: it deletes `new` (expired).
          assert.equal(await store.claimEvent('later', T0 + 61_000, 1_000), true);
          assert.equal(await storedClaims(), 2);
          assert.equal(await store.claimEvent('live', T0 + 61_000, 1_000), false);
        }),
      );
    }

    it(
      'remembers being primed, also for another instance after closing',
      withStore(async ({ store, openAnother }) => {
        assert.equal(await store.isPrimed(), false);
        const other = await openAnother();
        assert.equal(await other.isPrimed(), false);
        await store.markPrimed(T0);
        await store.markPrimed(T0 + 1);
        assert.equal(await store.isPrimed(), true);
        assert.equal(await other.isPrimed(), true);
        await store.close();
        await other.close();
        const reopened = await openAnother();
        assert.equal(await reopened.isPrimed(), true);
      }),
    );

    it(
      'takes 2,000-character endpoints and 400-character event ids, and refuses longer',
      withStore(async ({ store }) => {
        const base = 'https://push.example.net/';
        const long = `${base}${'x'.repeat(2_000 - base.length)}`;
        const longer = `${long}y`;
        assert.equal(long.length, 2_000);
        const keys = { p256dh: KEYS.p256dh, auth: KEYS.auth };
        assert.equal(
          await store.saveSubscription({ endpoint: long, ...keys }, ['schedule'], T0, MAX),
          'created',
        );
        assert.deepEqual(
          (await store.subscribersOf('schedule', null, 10)).subscriptions.map((each) => [
            each.id,
            each.endpoint,
          ]),
          [[idOf(long), long]],
        );
        await assert.rejects(
          store.saveSubscription({ endpoint: longer, ...keys }, ['schedule'], T0, MAX),
          RangeError,
        );
        await assert.rejects(store.removeSubscription(longer), RangeError);
        assert.equal(await store.removeSubscription(long), true);

        const eventId = `reset_scheduled:${'r'.repeat(400 - 'reset_scheduled:'.length)}`;
        assert.equal(eventId.length, 400);
        assert.equal(await store.claimEvent(eventId, T0, 60_000), true);
        assert.equal(await store.claimEvent(eventId, T0, 60_000), false);
        assert.equal(await store.claimEvent(eventId.slice(0, 399), T0, 60_000), true);
        await assert.rejects(store.claimEvent(`${eventId}x`, T0, 60_000), RangeError);
        await assert.rejects(store.claimEvent('', T0, 60_000), RangeError);
        await assert.rejects(store.claimEvent('e', T0, 0), RangeError);
        await assert.rejects(store.claimEvent('e', Number.NaN, 10), RangeError);
      }),
    );

    it(
      'refuses calls once closed; closing twice is fine',
      withStore(async ({ store }) => {
        await store.close();
        await store.close();
        await assert.rejects(store.countSubscriptions(), /the follow store is closed/);
        await assert.rejects(store.claimEvent('e', T0, 1_000), /the follow store is closed/);
        await assert.rejects(
          store.saveSubscription(subscription(1), ['schedule'], T0, MAX),
          /the follow store is closed/,
        );
      }),
    );

    it(
      'leaves nothing open after close: a process that used it exits by itself',
      withStore(async ({ url, redisKeyPrefix }) => {
        const started = performance.now();
        const args = ['--import', 'tsx', 'test/follow/support/use-and-close.ts', url];
        if (redisKeyPrefix !== undefined) args.push(redisKeyPrefix);
        const child = spawn(process.execPath, args, {
          cwd: ROOT,
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let output = '';
        child.stdout.on('data', (chunk: Buffer) => {
          output += chunk.toString('utf8');
        });
        child.stderr.on('data', (chunk: Buffer) => {
          output += chunk.toString('utf8');
        });
        const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
        const [code, signal] = await new Promise<[number | null, string | null]>((resolve) =>
          child.once('close', (exitCode, exitSignal) => resolve([exitCode, exitSignal])),
        );
        clearTimeout(timer);
        assert.deepEqual([code, signal, output], [0, null, 'done\n']);
        assert.ok(performance.now() - started < 15_000);
      }),
    );
  });
}
