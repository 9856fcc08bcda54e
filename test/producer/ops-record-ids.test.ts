import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { timeOrderedToken } from '../../src/producer/ops/record-ids.ts';
import { A, dayLedger, ops, opsOk } from './support/ops-fixtures.ts';

/** New `op_`/`manual:` ids: time-ordered, in the payload's alphabet, never reused. */

const recordIds = async (ledger: ReturnType<typeof dayLedger>) =>
  (await ledger.entries()).flatMap((entry) =>
    entry.type === 'note' || entry.type === 'complete' ? [entry.payload.recordId] : [],
  );

/** Hands out the given tokens in turn. */
const sequence = (...tokens: string[]) => {
  let next = 0;
  return () => tokens[next++ % tokens.length]!;
};

const NOTE = ['note', '--kind', 'reset_completed', '--reset-type', 'global'];

describe('record ids', () => {
  test('tokens sort as their times do, and are 14 lowercase Crockford base32 characters', () => {
    const time = fc.integer({ min: 0, max: 2 ** 48 - 1 });
    fc.assert(
      fc.property(time, time, (t1, t2) => {
        const [a, b] = [timeOrderedToken(t1), timeOrderedToken(t2)];
        assert.match(a, /^[0-9a-hjkmnp-tv-z]{14}$/);
        assert.equal(
          Math.sign(a.slice(0, 10).localeCompare(b.slice(0, 10), 'en')),
          Math.sign(t1 - t2),
        );
      }),
    );
  });

  test('an id already made is not made again, even once its record was undone', async () => {
    const ledger = dayLedger();
    const newId = sequence('one', 'one', 'two', 'one', 'two', 'three');
    await opsOk(ledger, NOTE, { newId });
    await opsOk(ledger, ['undo', '16'], { newId });
    await opsOk(ledger, NOTE, { newId });
    await opsOk(ledger, ['complete', '--schedules', A, '--reset-type', 'global'], { newId });
    assert.deepEqual(await recordIds(ledger), ['op_one', 'op_two', 'manual:one']);
    await opsOk(ledger, NOTE, { newId });
    assert.deepEqual(await recordIds(ledger), ['op_one', 'op_two', 'manual:one', 'op_three']);
  });

  test('a generator that only repeats itself is a bug, not a refusal: thrown, nothing appended', async () => {
    const ledger = dayLedger();
    await opsOk(ledger, NOTE, { newId: sequence('same') });
    const count = (await ledger.entries()).length;
    await assert.rejects(
      ops(ledger, NOTE, { newId: sequence('same') }),
      /drew 8 op_ ids that were all taken: the id generator is broken/,
    );
    assert.equal((await ledger.entries()).length, count);
  });
});
