import type { PreparedRecord } from './prepared-record.ts';

/**
 * decisions.md §4 definitions. `now` is the request time in epoch milliseconds.
 * - open: pending and (no window, or window.endAt >= now)
 * - in progress: open, with a window, and window.startAt <= now
 */
export function isOpen(row: PreparedRecord, now: number): boolean {
  return row.isSchedule && row.state === 'pending' && (row.endMs === null || row.endMs >= now);
}

export function isInProgress(row: PreparedRecord, now: number): boolean {
  return isOpen(row, now) && row.startMs !== null && row.startMs <= now;
}

/**
 * The instants at which `isOpen` or `isInProgress` of some row changes value: a pending
 * schedule starts being in progress at startAt and stops being open 1 ms after endAt.
 * Between two consecutive instants every filter's answer is constant.
 */
export function changeInstants(rows: readonly PreparedRecord[]): number[] {
  const instants = new Set<number>();
  for (const row of rows) {
    if (!row.isSchedule || row.state !== 'pending' || row.startMs === null || row.endMs === null) {
      continue;
    }
    instants.add(row.startMs);
    instants.add(row.endMs + 1);
  }
  return [...instants].sort((a, b) => a - b);
}
