import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Entry } from '../../src/producer/ledger/entry.ts';
import { EntryCache } from '../../src/producer/ledger/entry-cache.ts';

/** What a ledger store keeps of the entries it read (src/producer/ledger/entry-cache.ts). */

const entry = (id: number, at = '2026-11-20T12:00:00.000Z') => ({ id, at }) as unknown as Entry;
const ids = (entries: readonly Entry[] | undefined) => entries?.map((each) => each.id);

/** A cache whose warnings are kept. */
function cache() {
  const warnings: string[] = [];
  return { cache: new EntryCache((message) => warnings.push(message)), warnings };
}

test('each read adds the newer entries; two reads of the same range do not double them', () => {
  const { cache: read, warnings } = cache();
  assert.equal(read.readFrom, 0);
  assert.deepEqual(ids(read.absorb(0, [entry(1), entry(2)])), [1, 2]);
  assert.equal(read.lastId, 2);
  assert.equal(read.readFrom, 2);
  // Two reads in flight from 2: one brings 2 and 3, the other 2, 3 and 4.
  assert.deepEqual(ids(read.absorb(2, [entry(2), entry(3)])), [1, 2, 3]);
  assert.deepEqual(ids(read.absorb(2, [entry(2), entry(3), entry(4)])), [1, 2, 3, 4]);
  assert.deepEqual(ids(read.absorb(4, [entry(4)])), [1, 2, 3, 4]);
  assert.deepEqual(warnings, []);
  assert.equal(read.rewinds, 0);
});

test('every call returns a new array: a caller changing it changes nothing held', () => {
  const { cache: read } = cache();
  const first = read.absorb(0, [entry(1)])!;
  first.pop();
  assert.deepEqual(ids(read.absorb(1, [entry(1)])), [1]);
});

test('a ledger that ends before the last entry held went backwards: all is dropped, loudly', () => {
  const { cache: read, warnings } = cache();
  read.absorb(0, [entry(1), entry(2), entry(3)]);
  assert.equal(read.absorb(3, []), undefined);
  assert.equal(read.lastId, 0);
  assert.equal(read.readFrom, 0);
  assert.equal(read.rewinds, 1);
  assert.deepEqual(warnings, [
    'the ledger went backwards: entry 3 is gone (a backup restored?); it is read again from the start (3 entries were held)',
  ]);
  assert.deepEqual(ids(read.absorb(0, [entry(1), entry(2)])), [1, 2]);
});

test('a ledger whose entry at the last id held changed went backwards too', () => {
  const { cache: read, warnings } = cache();
  read.absorb(0, [entry(1), entry(2)]);
  // Restored, then someone appended: id 2 is another entry now.
  assert.equal(read.absorb(2, [entry(2, '2026-11-20T13:00:00.000Z'), entry(3)]), undefined);
  assert.equal(warnings.length, 1);
  assert.match(warnings[0]!, /entry 2 is not the one read before/);
});
