import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { PreparedSnapshot } from '../../src/service/query/prepared-snapshot.ts';
import { TagCache } from '../../src/service/query/tag-cache.ts';
import { validateSnapshot } from '../../src/shared/snapshot/validate.ts';
import { completion, snapshotOf } from '../support/records.ts';

/** The cache of encoded answers by tag (src/service/query/tag-cache.ts): per snapshot, bounded in bytes. */

const prepared = (id: string): PreparedSnapshot => {
  const validation = validateSnapshot(snapshotOf([completion(id)]));
  assert.ok(validation.ok);
  return PreparedSnapshot.of(validation.snapshot);
};

test('the same tag gives the value made the first time; a new snapshot starts afresh', () => {
  const cache = new TagCache<string>(1_000, (value) => value.length);
  const first = prepared('1');
  let made = 0;
  const make = (value: string) => () => {
    made++;
    return value;
  };
  assert.equal(cache.get(first, 'a', make('A')), 'A');
  assert.equal(cache.get(first, 'a', make('other')), 'A');
  assert.equal(made, 1);
  const second = prepared('2');
  assert.equal(cache.get(second, 'a', make('B')), 'B', 'another snapshot: made again');
  assert.equal(cache.bytes, 1);
});

test('never holds more than its bound, whatever the sizes and tags (property)', () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 1, max: 200 }),
      fc.array(fc.tuple(fc.integer({ min: 0, max: 30 }), fc.integer({ min: 0, max: 300 })), {
        maxLength: 200,
      }),
      (bound, requests) => {
        const cache = new TagCache<string>(bound, (value) => value.length);
        const snapshot = prepared('1');
        for (const [tag, size] of requests) {
          const value = cache.get(snapshot, `t${tag}`, () => 'x'.repeat(size));
          assert.ok(value.length === size || cache.bytes <= bound);
          assert.ok(cache.bytes <= bound, `${cache.bytes} > ${bound}`);
        }
      },
    ),
  );
});
