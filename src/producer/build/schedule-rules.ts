import type { ResetRecord } from '../../shared/domain/record.ts';
import type { Draft } from './draft-records.ts';
import type { BuildSettings } from './settings.ts';

/**
 * The state rules of producer.md §3, one per function, for a schedule that no completion
 * fulfils. `now` and every instant are epoch milliseconds.
 */

const HOUR = 3_600_000;

/** Pending while its window has not ended: now <= scheduleWindow.endAt. */
export const isPendingByWindow = (record: ResetRecord, now: number): boolean =>
  record.scheduleWindow !== null && now <= Date.parse(record.scheduleWindow.endAt);

/** With no window: pending for UNKNOWN_AFTER_HOURS after it was announced. */
export const isPendingWithoutWindow = (draft: Draft, now: number, settings: BuildSettings) =>
  draft.record.scheduleWindow === null &&
  draft.announcedMs !== null &&
  now <= draft.announcedMs + settings.unknownAfterHours * HOUR;

/** Elapsed: it had a window, and the window passed without a confirmed completion. */
export const isElapsed = (record: ResetRecord, now: number): boolean =>
  record.scheduleWindow !== null && now > Date.parse(record.scheduleWindow.endAt);

/** The state of a schedule no completion fulfils: pending, elapsed or unknown. */
export function stateByTime(
  draft: Draft,
  now: number,
  settings: BuildSettings,
): 'pending' | 'elapsed' | 'unknown' {
  if (isPendingByWindow(draft.record, now) || isPendingWithoutWindow(draft, now, settings))
    return 'pending';
  return isElapsed(draft.record, now) ? 'elapsed' : 'unknown';
}

/** `global_and_banked` covers both kinds; otherwise the reset types must be equal. */
export const resetTypesMatch = (a: ResetRecord['resetType'], b: ResetRecord['resetType']) =>
  a === b || a === 'global_and_banked' || b === 'global_and_banked';

/**
 * Automatic linking (§3): a completion post fulfils a schedule announced before it, of a
 * compatible reset type, when it lands within the schedule's window widened by
 * LATE_LINK_HOURS on both sides (announced resets often land hours late, sometimes a
 * little early); a schedule without a window, while it is still pending at the
 * completion's time (UNKNOWN_AFTER_HOURS after its announcement).
 */
export function canAutoLink(schedule: Draft, completion: Draft, settings: BuildSettings): boolean {
  if (!completion.autoLinks || completion.completedAt === null) return false;
  if (schedule.announcedMs === null) return false;
  const at = Date.parse(completion.completedAt);
  if (!(schedule.announcedMs < at)) return false;
  if (!resetTypesMatch(schedule.record.resetType, completion.record.resetType)) return false;
  const window = schedule.record.scheduleWindow;
  if (window === null) return isPendingWithoutWindow(schedule, at, settings);
  const slack = settings.lateLinkHours * HOUR;
  return at >= Date.parse(window.startAt) - slack && at <= Date.parse(window.endAt) + slack;
}

/**
 * The instants between which a completion may fulfil `schedule` (inclusive), or null when
 * none can: every completion `canAutoLink` accepts lands in it, so a search over
 * completions sorted by time only has to look there.
 */
export function autoLinkRange(schedule: Draft, settings: BuildSettings): [number, number] | null {
  if (schedule.announcedMs === null) return null;
  const window = schedule.record.scheduleWindow;
  if (window === null) {
    return [schedule.announcedMs, schedule.announcedMs + settings.unknownAfterHours * HOUR];
  }
  const slack = settings.lateLinkHours * HOUR;
  return [
    Math.max(schedule.announcedMs, Date.parse(window.startAt) - slack),
    Date.parse(window.endAt) + slack,
  ];
}
