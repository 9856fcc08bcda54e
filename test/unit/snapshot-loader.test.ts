import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  createSnapshotLoader,
  INLINE_MAX_BYTES,
} from '../../src/service/snapshot/snapshot-loader.ts';
import { completion, iso, snapshotOf } from '../support/records.ts';

/**
 * The snapshot worker starts on the first load over INLINE_MAX_BYTES, serves the loads
 * that follow, and stops once it has been idle for `idleMs`, so its heap (several times
 * the snapshot's size) does not stay with the service between publishes; after a very
 * large load it stops at once.
 */

const NOW = Date.parse('2026-11-20T12:00:00.000Z');
const MAX_BYTES = 16 * 2 ** 20;
const IDLE_MS = 300;

function input(count: number, first: number) {
  const records = Array.from({ length: count }, (_, i) =>
    completion(String(first + i), { announcedAt: iso(NOW - i * 60_000), text: 'x'.repeat(200) }),
  );
  const text = JSON.stringify(snapshotOf(records, NOW));
  return { text, origin: 'test', bytes: Buffer.byteLength(text), maxBytes: MAX_BYTES };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test('a small snapshot loads on the main thread: no worker is started', async () => {
  const loader = createSnapshotLoader(MAX_BYTES, { idleMs: IDLE_MS });
  const small = input(10, 1_000);
  assert.ok(small.bytes <= INLINE_MAX_BYTES);
  const outcome = await loader.load(small);
  assert.equal(outcome.ok, true);
  assert.equal(loader.workerRunning, false);
  await loader.close();
});

test('the worker loads a large snapshot, serves the next ones, and stops when idle', async () => {
  const loader = createSnapshotLoader(MAX_BYTES, { idleMs: IDLE_MS });
  try {
    const first = input(2_000, 10_000);
    assert.ok(first.bytes > INLINE_MAX_BYTES);
    const outcome = await loader.load(first);
    assert.ok(outcome.ok);
    assert.equal(outcome.data.rows.length, 2_000);
    assert.equal(loader.workerRunning, true, 'running right after the load');

    // Loads queued back to back, then one inside the idle time: the same worker throughout.
    const [second, third] = await Promise.all([
      loader.load(input(2_000, 20_000)),
      loader.load(input(2_001, 30_000)),
    ]);
    assert.ok(second.ok && third.ok);
    assert.equal(third.data.rows.length, 2_001);
    await sleep(IDLE_MS / 3);
    assert.equal(loader.workerRunning, true, 'not yet idle for long enough');
    assert.ok((await loader.load(input(2_000, 40_000))).ok);

    await sleep(IDLE_MS * 3);
    assert.equal(loader.workerRunning, false, 'stopped once idle');

    // A load after that starts a worker again.
    const again = await loader.load(input(2_002, 50_000));
    assert.ok(again.ok);
    assert.equal(again.data.rows.length, 2_002);
    assert.equal(loader.workerRunning, true);
  } finally {
    await loader.close();
  }
  assert.equal(loader.workerRunning, false, 'close() stops it');
});

test('after a load over retireAtOnceBytes the worker stops at once', async () => {
  const loader = createSnapshotLoader(MAX_BYTES, { idleMs: 60_000, retireAtOnceBytes: 1_000_000 });
  try {
    const below = input(1_000, 10_000);
    assert.ok(below.bytes > INLINE_MAX_BYTES && below.bytes <= 1_000_000);
    assert.ok((await loader.load(below)).ok);
    await sleep(50);
    assert.equal(loader.workerRunning, true, 'kept for the idle time');
    const above = input(2_000, 20_000);
    assert.ok(above.bytes > 1_000_000);
    const outcome = await loader.load(above);
    assert.ok(outcome.ok);
    assert.equal(outcome.data.rows.length, 2_000, 'the result arrives whole');
    await sleep(0);
    assert.equal(loader.workerRunning, false, 'stopped as soon as it handed over');
  } finally {
    await loader.close();
  }
});
