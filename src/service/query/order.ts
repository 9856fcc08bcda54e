import { compareIds } from '../../shared/domain/ids.ts';
import type { PreparedRecord } from './prepared-record.ts';

/** Orderings of decisions.md §4, as comparators over prepared rows. */

/** Ascending, nulls after every value. */
function ascNullsLast(a: number | null, b: number | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a - b;
}

/** Descending, nulls after every value. */
function descNullsLast(a: number | null, b: number | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return b - a;
}

/** The pinned block: window.startAt asc, then window.endAt asc, null windows last, then id asc. */
export function comparePinned(a: PreparedRecord, b: PreparedRecord): number {
  return (
    ascNullsLast(a.startMs, b.startMs) || ascNullsLast(a.endMs, b.endMs) || compareIds(a.id, b.id)
  );
}

const primaryInstant = (row: PreparedRecord): number | null =>
  row.announcedMs ?? row.completedMs ?? row.effectiveMs;

/** Everything after the pinned block: (announcedAt ?? completedAt ?? effectiveAt), completedAt, effectiveAt, id; all descending. */
export function compareRest(a: PreparedRecord, b: PreparedRecord): number {
  return (
    descNullsLast(primaryInstant(a), primaryInstant(b)) ||
    descNullsLast(a.completedMs, b.completedMs) ||
    descNullsLast(a.effectiveMs, b.effectiveMs) ||
    compareIds(b.id, a.id)
  );
}

/** `reset_scheduled`: (effectiveAt ?? window.startAt), announcedAt, id; all descending. */
export function compareScheduled(a: PreparedRecord, b: PreparedRecord): number {
  return (
    descNullsLast(a.effectiveMs ?? a.startMs, b.effectiveMs ?? b.startMs) ||
    descNullsLast(a.announcedMs, b.announcedMs) ||
    compareIds(b.id, a.id)
  );
}

/** Merges two lists already sorted by `compare` into one sorted list. */
export function mergeSorted<T>(
  a: readonly T[],
  b: readonly T[],
  compare: (x: T, y: T) => number,
): T[] {
  const out: T[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    out.push(compare(a[i]!, b[j]!) <= 0 ? a[i++]! : b[j++]!);
  }
  while (i < a.length) out.push(a[i++]!);
  while (j < b.length) out.push(b[j++]!);
  return out;
}
