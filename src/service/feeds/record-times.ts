import { resetTimeOf } from '../answer/completion-index.ts';
import type { PreparedRecord } from '../query/prepared-record.ts';

/**
 * The times the subscriptions give a record, read from the record itself (never from the
 * clock or from an earlier snapshot, which a restarted service does not have), so the same
 * published record always gets the same times and the feed and calendar stay byte-identical
 * across restarts and re-publications of unchanged data.
 */

/**
 * When the record happened, which orders the feed: a completion's reset (answer.md §1:
 * completedAt ?? effectiveAt ?? announcedAt, as every surface says it), a schedule's
 * announcement. Null when the record holds none of them.
 */
export function recordTime(row: PreparedRecord): number | null {
  if (row.isSchedule) return row.announcedMs;
  return resetTimeOf(row);
}

/**
 * When the record's published form last changed: its announcement, and for a schedule
 * the instant of its state: a fulfilled one changed at completedAt, an elapsed one when
 * its window ended. So Atom `updated` and iCalendar LAST-MODIFIED move exactly when the
 * state does. Capped at generatedAt (nothing published can have changed after the snapshot
 * was made); a record with no time at all falls back to generatedAt itself.
 */
export function revisedAt(row: PreparedRecord, generatedAtMs: number): number {
  const known = changeTimes(row).filter((time): time is number => time !== null);
  return known.length === 0 ? generatedAtMs : Math.min(Math.max(...known), generatedAtMs);
}

function changeTimes(row: PreparedRecord): (number | null)[] {
  if (!row.isSchedule) return [row.announcedMs, row.effectiveMs, row.completedMs];
  switch (row.state) {
    case 'fulfilled':
      return [row.announcedMs, row.completedMs];
    case 'elapsed':
      return [row.announcedMs, row.endMs];
    default:
      return [row.announcedMs];
  }
}

/** Newest first by `recordTime` (records without one last), then by id: a total order. */
export function compareNewest(a: PreparedRecord, b: PreparedRecord): number {
  const at = recordTime(a);
  const bt = recordTime(b);
  if (at !== bt) {
    if (at === null) return 1;
    if (bt === null) return -1;
    return bt - at;
  }
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}
