import type { ResetRecord } from './generated/types.ts';

/**
 * The rules of the one answer (answer.md §1), as pure functions over records read from the
 * API: which schedules are open, in which order, and which completion is the last reset.
 * They are what `/status.json` computes on the server (test/client/select.test.ts checks
 * them against the service's own module on random snapshots).
 */

/** A pending schedule whose window has not ended (or that has none), at `nowMs`. */
export interface OpenSchedule {
  readonly record: ResetRecord;
  /** The window has started (and, being open, not ended). */
  readonly inProgress: boolean;
}

/** A completion and when the reset happened (`completedAt ?? effectiveAt ?? announcedAt`). */
export interface LastReset {
  readonly record: ResetRecord;
  readonly at: string;
}

const DIGITS = /^\d+$/;

/** Record ids compare as integers when both are all digits, else by UTF-16 code units. */
export function compareIds(a: string, b: string): number {
  if (DIGITS.test(a) && DIGITS.test(b)) {
    const x = a.replace(/^0+(?=\d)/, '');
    const y = b.replace(/^0+(?=\d)/, '');
    if (x.length !== y.length) return x.length - y.length;
    if (x !== y) return x < y ? -1 : 1;
  }
  return a < b ? -1 : a > b ? 1 : 0;
}

export function isOpen(record: ResetRecord, nowMs: number): boolean {
  if (record.kind !== 'reset_scheduled' || record.scheduleState !== 'pending') return false;
  return record.scheduleWindow === null || Date.parse(record.scheduleWindow.endAt) >= nowMs;
}

/** Earliest window start, then end; schedules without a window last; then the smaller id. */
export function compareOpen(a: ResetRecord, b: ResetRecord): number {
  const wa = a.scheduleWindow;
  const wb = b.scheduleWindow;
  if (wa !== null && wb !== null) {
    const byStart = Date.parse(wa.startAt) - Date.parse(wb.startAt);
    if (byStart !== 0) return byStart;
    const byEnd = Date.parse(wa.endAt) - Date.parse(wb.endAt);
    if (byEnd !== 0) return byEnd;
  } else if (wa !== wb) {
    return wa === null ? 1 : -1;
  }
  return compareIds(a.id, b.id);
}

/** Every open schedule among `records` at `nowMs`, next first. */
export function openSchedules(records: Iterable<ResetRecord>, nowMs: number): OpenSchedule[] {
  const open: ResetRecord[] = [];
  for (const record of records) if (isOpen(record, nowMs)) open.push(record);
  return open.sort(compareOpen).map((record) => ({
    record,
    inProgress:
      record.scheduleWindow !== null && Date.parse(record.scheduleWindow.startAt) <= nowMs,
  }));
}

export function resetTimeOf(record: ResetRecord): string | null {
  return record.completedAt ?? record.effectiveAt ?? record.announcedAt;
}

const isGlobal = (record: ResetRecord) => record.resetType !== 'banked';

/**
 * The completion with the latest reset time not after `nowMs` (a completion dated later has
 * not happened yet); on a tie the first in the order given, which is the API's order when
 * `records` come from its pages. `global`: among global resets only.
 */
export function lastResetOf(
  records: Iterable<ResetRecord>,
  nowMs: number,
  global = false,
): LastReset | null {
  let best: LastReset | null = null;
  let bestMs = Number.NEGATIVE_INFINITY;
  for (const record of records) {
    if (record.kind !== 'reset_completed' || (global && !isGlobal(record))) continue;
    const at = resetTimeOf(record);
    if (at === null) continue;
    const ms = Date.parse(at);
    if (ms <= nowMs && ms > bestMs) {
      best = { record, at };
      bestMs = ms;
    }
  }
  return best;
}
