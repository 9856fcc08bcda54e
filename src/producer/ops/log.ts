import type { Entry } from '../ledger/entry.ts';
import { OPERATOR_TYPES } from '../ledger/entry.ts';
import { entriesById, namedRecordIds, summarize } from './describe-entry.ts';
import { undoneBy } from './undo-chain.ts';

/** One line of `ops log`. */
export interface LogRow {
  readonly entryId: number;
  readonly at: string;
  readonly actor: string;
  /** The entry's type: accept, correct, note, complete, link, unlink, dismiss, restore, undo… */
  readonly action: string;
  /** The entry in a few words: `link 123 to manual:…`, `undo entry 12: dismiss 123`. */
  readonly summary: string;
  readonly reason: string | null;
  /** The records it names (an undo: its target's). */
  readonly recordIds: readonly string[];
  /** The undo in effect that reverts it, or null while it is in effect. */
  readonly undoneBy: number | null;
  /** The entry's payload, whole: what exactly was done. */
  readonly payload: Entry['payload'];
}

const OPERATOR = new Set<string>(OPERATOR_TYPES);

/** `ops log [--limit N]`: the operator's entries, newest first (the monitor's are left out). */
export function logRows(entries: readonly Entry[], limit: number): LogRow[] {
  const byId = entriesById(entries);
  const undone = undoneBy(entries);
  return entries
    .filter((entry) => OPERATOR.has(entry.type))
    .reverse()
    .slice(0, limit)
    .map((entry) => ({
      entryId: entry.id,
      at: entry.at,
      actor: entry.actor,
      action: entry.type,
      summary: summarize(entry, byId),
      reason: entry.reason,
      recordIds: namedRecordIds(entry, byId),
      undoneBy: undone.get(entry.id) ?? null,
      payload: entry.payload,
    }));
}

export function formatLog(rows: readonly LogRow[]): string[] {
  if (rows.length === 0) return ['No operator entries yet.'];
  return rows.map(
    (row) =>
      `${row.entryId}  ${row.at}  ${row.actor}  ${row.summary}` +
      (row.undoneBy === null ? '' : `  [undone by entry ${row.undoneBy}]`) +
      (row.reason === null ? '' : `  reason: ${row.reason}`),
  );
}
