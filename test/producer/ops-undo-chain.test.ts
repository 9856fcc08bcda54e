import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { withoutUndone } from '../../src/producer/build/without-undone.ts';
import { type Entry, OPERATOR_TYPES } from '../../src/producer/ledger/entry.ts';
import { undoneBy } from '../../src/producer/ops/undo-chain.ts';

/**
 * The operator's view of undos (which undo reverts which entry) must be the build's: an
 * entry leaves the build exactly when `undoneBy` names an undo for it (and it is an
 * operator entry). Ledgers here are any mix of monitor entries, operator entries and undos
 * of any earlier entry, chains of undos included, which `ops undo` alone would not write.
 */

const UNDOABLE = new Set<string>(OPERATOR_TYPES);

const ledger = fc
  .array(fc.oneof(fc.constant('monitor'), fc.constant('dismiss'), fc.nat(), fc.nat()), {
    maxLength: 30,
  })
  .map((kinds) =>
    kinds.map((kind, i): Entry => {
      const common = { id: i + 1, at: '2026-11-20T12:00:00.000Z', reason: null };
      if (kind === 'monitor') {
        const payload = { source: 'file:x', ok: true, cursor: null, error: null, newPosts: 0 };
        return { ...common, actor: 'monitor', type: 'source_checked', payload };
      }
      if (kind === 'dismiss')
        return { ...common, actor: 'ann', type: 'dismiss', payload: { recordId: 'x' } };
      if (i === 0) return { ...common, actor: 'ann', type: 'dismiss', payload: { recordId: 'x' } };
      // An undo of any earlier entry: an operator's, the monitor's, or another undo.
      return { ...common, actor: 'ann', type: 'undo', payload: { entryId: (kind % i) + 1 } };
    }),
  );

describe('undoneBy agrees with the build', () => {
  test('an entry is out of the build exactly when an undo in effect reverts it', () => {
    fc.assert(
      fc.property(ledger, (entries) => {
        const kept = new Set(withoutUndone(entries).map((entry) => entry.id));
        const undone = undoneBy(entries);
        for (const entry of entries) {
          if (entry.type === 'undo') continue; // never in the build's output
          assert.equal(kept.has(entry.id), !(undone.has(entry.id) && UNDOABLE.has(entry.type)));
        }
        for (const [target, by] of undone) {
          const undo = entries[by - 1]!;
          assert.ok(undo.type === 'undo' && undo.payload.entryId === target);
          assert.equal(undone.has(by), false, 'the undo that reverts an entry is itself in effect');
        }
      }),
      { numRuns: 500 },
    );
  });
});
