import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Entry } from '../../src/producer/ledger/entry.ts';
import { EntryCache } from '../../src/producer/ledger/entry-cache.ts';

/** What a ledger store keeps of the entries it read (src/producer/ledger/entry-cache.ts). */

const entry = (id: number) => ({ id, at: '2026-11-20T12:00:00.000Z' }) as unknown as Entry;
const ids = (entries: readonly Entry[]) => entries.map((each) => each.id);

test('each read adds the newer entries; two reads of the same range do not double them', () => {
  const cache = new EntryCache();
  assert.equal(cache.lastId, 0);
  assert.deepEqual(ids(cache.extend([entry(1), entry(2)])), [1, 2]);
  assert.equal(cache.lastId, 2);
  // Two reads in flight from lastId 2: one brings 3, the other 3 and 4.
  assert.deepEqual(ids(cache.extend([entry(3)])), [1, 2, 3]);
  assert.deepEqual(ids(cache.extend([entry(3), entry(4)])), [1, 2, 3, 4]);
  assert.deepEqual(ids(cache.extend([])), [1, 2, 3, 4]);
});

test('every call returns a new array: a caller changing it changes nothing held', () => {
  const cache = new EntryCache();
  const first = cache.extend([entry(1)]);
  first.pop();
  assert.deepEqual(ids(cache.extend([])), [1]);
});
