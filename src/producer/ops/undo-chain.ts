import type { Entry } from '../ledger/entry.ts';

/**
 * For each entry that an undo in effect reverts, the id of that undo: the same rule as the
 * build's withoutUndone (newest first, an undo counts unless a later undo in effect
 * reverts it), kept here because the operator needs to know which undo did it.
 * test/producer/ops-undo-chain.test.ts checks the two agree.
 */
export function undoneBy(entries: readonly Entry[]): Map<number, number> {
  const by = new Map<number, number>();
  for (let i = entries.length - 1; i >= 0; i--) {
    const entry = entries[i]!;
    if (entry.type === 'undo' && !by.has(entry.id) && !by.has(entry.payload.entryId)) {
      by.set(entry.payload.entryId, entry.id);
    }
  }
  return by;
}
