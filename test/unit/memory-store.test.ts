import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { MemoryQuotaStore } from '../../src/service/quota/memory-store.ts';

/** decisions.md §5: exact sliding log, refusals not recorded; §8: bounded memory. */

const WINDOW_MS = 3_600_000;
const T0 = Date.parse('2026-11-20T12:00:00.000Z');

function storeWith(options: { max?: number; windowMs?: number; maxClients?: number } = {}) {
  let now = T0;
  const store = new MemoryQuotaStore({
    max: options.max ?? 20,
    windowMs: options.windowMs ?? WINDOW_MS,
    maxClients: options.maxClients ?? 1000,
    clock: () => now,
  });
  return {
    store,
    at(ms: number) {
      now = ms;
      return store;
    },
  };
}

describe('MemoryQuotaStore sliding log', () => {
  test('admits 20 requests in a window with remaining counting down, and refuses the 21st', () => {
    const { at } = storeWith();
    for (let i = 0; i < 20; i++) {
      const decision = at(T0 + i * 1000).hitNow('a');
      assert.deepEqual(decision, {
        admitted: true,
        limit: 20,
        remaining: 19 - i,
        resetAtMs: T0 + WINDOW_MS,
        retryAfterSeconds: null,
      });
    }
    assert.deepEqual(at(T0 + 20_000).hitNow('a'), {
      admitted: false,
      limit: 20,
      remaining: 0,
      resetAtMs: T0 + WINDOW_MS,
      retryAfterSeconds: WINDOW_MS / 1000 - 20,
    });
  });

  test('the first request of a client resets one window later and leaves max - 1', () => {
    const { at } = storeWith();
    assert.deepEqual(at(T0 + 123).hitNow('a'), {
      admitted: true,
      limit: 20,
      remaining: 19,
      resetAtMs: T0 + 123 + WINDOW_MS,
      retryAfterSeconds: null,
    });
  });

  test('a slot frees exactly when the oldest admitted request is windowMs old', () => {
    const { at } = storeWith();
    at(T0).hitNow('a');
    for (let i = 1; i < 20; i++) at(T0 + 60_000).hitNow('a');
    assert.equal(at(T0 + WINDOW_MS - 1).hitNow('a').admitted, false, 'one ms before: still full');
    const freed = at(T0 + WINDOW_MS).hitNow('a');
    assert.equal(freed.admitted, true, 'at t0 + window the oldest request is out');
    assert.equal(freed.remaining, 0);
    assert.equal(freed.resetAtMs, T0 + 60_000 + WINDOW_MS, 'the next oldest now sets the reset');
    assert.equal(at(T0 + WINDOW_MS).hitNow('a').admitted, false, 'and only one slot freed');
  });

  test('refused requests are not recorded: after a burst of refusals the quota frees on schedule', () => {
    const { at } = storeWith();
    for (let i = 0; i < 20; i++) assert.equal(at(T0).hitNow('a').admitted, true);
    for (let i = 1; i <= 500; i++) {
      assert.equal(at(T0 + i * 7000).hitNow('a').admitted, false);
    }
    const decision = at(T0 + WINDOW_MS).hitNow('a');
    assert.deepEqual(decision, {
      admitted: true,
      limit: 20,
      remaining: 19,
      resetAtMs: T0 + 2 * WINDOW_MS,
      retryAfterSeconds: null,
    });
  });

  test('retryAfter is the time until the oldest request leaves, rounded up to whole seconds', () => {
    const { at } = storeWith({ max: 2 });
    at(T0).hitNow('a');
    at(T0 + 10).hitNow('a');
    const cases: [number, number][] = [
      [T0 + 10, 3600],
      [T0 + 500, 3600], // 3599.5 s → 3600
      [T0 + 1000, 3599],
      [T0 + 1001, 3599], // 3598.999 s → 3599
      [T0 + WINDOW_MS - 1000, 1],
      [T0 + WINDOW_MS - 999, 1],
      [T0 + WINDOW_MS - 1, 1], // 1 ms → at least 1
    ];
    for (const [now, seconds] of cases) {
      const decision = at(now).hitNow('a');
      assert.equal(decision.admitted, false);
      assert.equal(decision.retryAfterSeconds, seconds, `at t0+${now - T0} ms`);
      assert.equal(decision.resetAtMs, T0 + WINDOW_MS);
      assert.equal(decision.remaining, 0);
    }
  });

  test('clients have independent logs', () => {
    const { at } = storeWith({ max: 1 });
    assert.equal(at(T0).hitNow('a').admitted, true);
    assert.equal(at(T0).hitNow('a').admitted, false);
    assert.equal(at(T0).hitNow('b').admitted, true);
    assert.equal(at(T0).hitNow('b').admitted, false);
  });

  test('the asynchronous hit gives the same decision as hitNow', async () => {
    const { store, at } = storeWith({ max: 1 });
    at(T0);
    assert.deepEqual(await store.hit('a'), {
      admitted: true,
      limit: 1,
      remaining: 0,
      resetAtMs: T0 + WINDOW_MS,
      retryAfterSeconds: null,
    });
    assert.deepEqual(await at(T0 + 1500).hit('a'), {
      admitted: false,
      limit: 1,
      remaining: 0,
      resetAtMs: T0 + WINDOW_MS,
      retryAfterSeconds: 3599,
    });
    assert.equal(await store.isReady(), true);
  });

  test('for any sequence of request times the store agrees with a naive sliding log', () => {
    const windowMs = 10_000;
    const max = 5;
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 4000 }), fc.constantFrom('a', 'b')), {
          maxLength: 80,
        }),
        (steps) => {
          const { at } = storeWith({ max, windowMs });
          const logs: Record<string, number[]> = { a: [], b: [] };
          let now = T0;
          for (const [advance, key] of steps) {
            now += advance;
            const log = logs[key]!;
            const live = log.filter((t) => t > now - windowMs);
            const admitted = live.length < max;
            if (admitted) live.push(now);
            logs[key] = live;
            const oldest = live[0] ?? now;
            assert.deepEqual(at(now).hitNow(key), {
              admitted,
              limit: max,
              remaining: max - live.length,
              resetAtMs: oldest + windowMs,
              retryAfterSeconds: admitted
                ? null
                : Math.max(1, Math.ceil((oldest + windowMs - now) / 1000)),
            });
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('MemoryQuotaStore memory bounds', () => {
  test('beyond maxClients the least recently seen client is evicted and counted', () => {
    const { store, at } = storeWith({ max: 1, maxClients: 3 });
    at(T0).hitNow('a');
    at(T0 + 1).hitNow('b');
    at(T0 + 2).hitNow('c');
    at(T0 + 3).hitNow('a'); // refused, but seen: b is now the least recently seen
    assert.deepEqual(store.stats, { clients: 3, evictions: 0 });
    at(T0 + 4).hitNow('d'); // evicts b
    assert.deepEqual(store.stats, { clients: 3, evictions: 1 });
    // c and a are still remembered (refused); order of recency is now d, c, a.
    assert.equal(at(T0 + 5).hitNow('c').admitted, false);
    assert.equal(at(T0 + 6).hitNow('a').admitted, false);
    assert.deepEqual(store.stats, { clients: 3, evictions: 1 });
    // b was forgotten: admitted again, which evicts d (least recently seen now).
    assert.equal(at(T0 + 7).hitNow('b').admitted, true);
    assert.deepEqual(store.stats, { clients: 3, evictions: 2 });
    assert.equal(at(T0 + 8).hitNow('d').admitted, true, 'd was the one evicted');
    assert.deepEqual(store.stats, { clients: 3, evictions: 3 });
  });

  test('clients idle for a whole window are swept, and stats.clients shrinks', () => {
    const windowMs = 1000;
    const { store, at } = storeWith({ windowMs });
    for (const key of ['k1', 'k2', 'k3', 'k4', 'k5']) at(T0).hitNow(key);
    assert.deepEqual(store.stats, { clients: 5, evictions: 0 });
    at(T0 + windowMs - 1).hitNow('x');
    assert.equal(store.stats.clients, 6, 'nobody is idle for a whole window yet');
    at(T0 + windowMs).hitNow('x');
    assert.ok(store.stats.clients < 6, `some idle clients swept (${store.stats.clients} left)`);
    for (let i = 0; i < 10; i++) at(T0 + windowMs).hitNow('x');
    assert.deepEqual(
      store.stats,
      { clients: 1, evictions: 0 },
      'only x is left; sweeping is no eviction',
    );
  });

  test('sweeping never forgets a client whose log still counts', () => {
    const windowMs = 1000;
    const { store, at } = storeWith({ max: 1, windowMs });
    at(T0).hitNow('old');
    at(T0 + 500).hitNow('busy');
    for (let i = 0; i < 10; i++) at(T0 + 999 + i).hitNow(`new${i}`);
    assert.equal(store.stats.clients, 11, 'old swept at t0 + window, busy kept');
    assert.equal(at(T0 + 1499).hitNow('busy').admitted, false);
    assert.equal(at(T0 + 1500).hitNow('busy').admitted, true);
  });

  test('with 10 000 distinct clients and a cap of 100 the store never holds more than 100', () => {
    const { store, at } = storeWith({ maxClients: 100 });
    for (let i = 0; i < 10_000; i++) {
      at(T0 + i).hitNow(`client-${i}`);
      assert.ok(store.stats.clients <= 100);
    }
    assert.deepEqual(store.stats, { clients: 100, evictions: 9_900 });
    // The 100 most recent clients are the ones kept.
    const { store: probe, at: probeAt } = storeWith({ max: 1, maxClients: 100 });
    for (let i = 0; i < 10_000; i++) probeAt(T0 + i).hitNow(`client-${i}`);
    assert.equal(probeAt(T0 + 10_000).hitNow('client-9999').admitted, false);
    assert.equal(probeAt(T0 + 10_001).hitNow('client-9900').admitted, false);
    assert.equal(probeAt(T0 + 10_002).hitNow('client-0').admitted, true);
    assert.equal(probe.stats.clients, 100);
  });

  test('close forgets every client', async () => {
    const { store, at } = storeWith({ max: 1 });
    at(T0).hitNow('a');
    await store.close();
    assert.equal(store.stats.clients, 0);
    assert.equal(at(T0).hitNow('a').admitted, true);
  });
});
