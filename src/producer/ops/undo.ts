import { withoutUndone } from '../build/without-undone.ts';
import { type Entry, type NewEntry, OPERATOR_TYPES } from '../ledger/entry.ts';
import { type OpsContext, operatorEntry } from './context.ts';
import { withAppended } from './preview.ts';
import { OpsRefusal } from './refusal.ts';
import { undoneBy } from './undo-chain.ts';

export interface UndoRequest {
  readonly entryId: number;
}

const UNDOABLE = new Set<string>(OPERATOR_TYPES);

/**
 * `ops undo ENTRY_ID`: reverts one operator entry, as if it had not been made. Undoing an
 * undo brings its target back into effect (as the build reads undos). Refused when the
 * entry is already undone, and when undoing it would change no entry's effect: an undo
 * of an undo whose target has since been undone again, for one.
 */
export function undo(
  entries: readonly Entry[],
  request: UndoRequest,
  context: OpsContext,
): NewEntry {
  const { entryId } = request;
  const target = entries.find((entry) => entry.id === entryId);
  if (target === undefined) throw new OpsRefusal(`unknown entry ${entryId}`);
  if (!UNDOABLE.has(target.type)) {
    throw new OpsRefusal(
      `entry ${entryId} (${target.type}) is not an operator entry: only operator entries can be undone`,
    );
  }
  const undone = undoneBy(entries);
  const by = undone.get(entryId);
  if (by !== undefined) throw new OpsRefusal(`entry ${entryId} is already undone (by entry ${by})`);

  const entry = operatorEntry('undo', { entryId }, context);
  const after = withAppended(entries, entry);
  if (sameIds(withoutUndone(entries), withoutUndone(after))) {
    throw new OpsRefusal(`undoing entry ${entryId} would change nothing${why(target, after)}`);
  }
  return entry;
}

/**
 * Why undoing an undo changes nothing: what it reverted stays undone by another undo, or
 * (an undo of an undo) what comes back into effect reverts an entry another undo already
 * reverts. Found by following the chain one or two steps, as an operator would.
 */
function why(target: Entry, after: readonly Entry[]): string {
  if (target.type !== 'undo') return '';
  const undone = undoneBy(after);
  const inner = target.payload.entryId;
  const stillBy = undone.get(inner);
  if (stillBy !== undefined) return `: entry ${inner} stays undone by entry ${stillBy}`;
  const back = after.find((entry) => entry.id === inner);
  if (back?.type !== 'undo') return '';
  const anywayBy = undone.get(back.payload.entryId);
  return anywayBy === undefined
    ? ''
    : `: entry ${back.payload.entryId} is undone by entry ${anywayBy} anyway`;
}

const sameIds = (a: readonly Entry[], b: readonly Entry[]) =>
  a.length === b.length && a.every((entry, i) => entry.id === b[i]!.id);
