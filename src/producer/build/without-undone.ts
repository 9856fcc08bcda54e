import { type Entry, OPERATOR_TYPES } from '../ledger/entry.ts';

const UNDOABLE = new Set<string>(OPERATOR_TYPES);

/**
 * The entries in effect: every entry except the operator entries that an `undo` in effect
 * reverts, and the undos themselves. An undo can itself be undone (which brings its
 * target back), so they are resolved newest first: an undo is in effect unless a later
 * undo in effect reverts it. Only operator entries can be undone; an undo naming a
 * monitor entry (which `ops undo` refuses anyway) has no effect.
 */
export function withoutUndone(entries: readonly Entry[]): Entry[] {
  const undone = new Set<number>();
  for (let i = entries.length - 1; i >= 0; i--) {
    const entry = entries[i]!;
    if (entry.type === 'undo' && !undone.has(entry.id)) undone.add(entry.payload.entryId);
  }
  return entries.filter(
    (entry) => entry.type !== 'undo' && !(undone.has(entry.id) && UNDOABLE.has(entry.type)),
  );
}
