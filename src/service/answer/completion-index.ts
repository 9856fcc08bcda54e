import { compareRest } from '../query/order.ts';
import type { PreparedRecord } from '../query/prepared-record.ts';
import type { PreparedSnapshot } from '../query/prepared-snapshot.ts';

/**
 * The completions of a snapshot by when each reset happened (answer.md §1:
 * `completedAt ?? effectiveAt ?? announcedAt`), newest first, built once per snapshot.
 * "The last reset at `now`" is then a binary search: the first completion whose time is
 * not after `now` (a completion dated later has not happened yet when asked at `now`).
 */

export interface TimedCompletion {
  readonly row: PreparedRecord;
  readonly ms: number;
  readonly global: boolean;
}

export interface CompletionIndex {
  /** Every completion with a time, newest first; ties in the API's order (compareRest). */
  readonly all: readonly TimedCompletion[];
  /** The global ones (`global` or `global_and_banked`), in the same order. */
  readonly global: readonly TimedCompletion[];
}

/** When a completion's reset happened (answer.md §1), or null when the record has no time. */
export const resetTimeOf = (row: PreparedRecord): number | null =>
  row.completedMs ?? row.effectiveMs ?? row.announcedMs;

const indices = new WeakMap<PreparedSnapshot, CompletionIndex>();

export function completionIndex(snapshot: PreparedSnapshot): CompletionIndex {
  const cached = indices.get(snapshot);
  if (cached !== undefined) return cached;
  const all: TimedCompletion[] = [];
  for (const row of snapshot.completions) {
    const ms = resetTimeOf(row);
    if (ms === null) continue; // a reset at an unknown time is no "last reset"
    all.push({ row, ms, global: row.resetType !== 'banked' });
  }
  all.sort((a, b) => b.ms - a.ms || compareRest(a.row, b.row));
  const index = { all, global: all.filter((completion) => completion.global) };
  indices.set(snapshot, index);
  return index;
}

/** Index of the first completion at or before `now` (= how many are dated after it). */
export function firstAtOrBefore(list: readonly TimedCompletion[], now: number): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (list[mid]!.ms > now) low = mid + 1;
    else high = mid;
  }
  return low;
}
