import { computeAnswer } from '../answer/answer.ts';
import { completionIndex, firstAtOrBefore } from '../answer/completion-index.ts';
import { HOUR } from '../answer/words.js';
import { recordOf } from '../query/prepared-record.ts';
import type { PreparedSnapshot } from '../query/prepared-snapshot.ts';
import type { FollowEvent, FollowTopic } from './topics.ts';

/**
 * What a snapshot has to tell followers at an instant: a pure function of the snapshot and
 * `now`, the same on every instance, so that the event ids (the keys that make each event
 * sent once, store/follow-store.ts `claimEvent`) agree everywhere without any instance
 * remembering the snapshot before. Which of these were already sent is the store's business.
 *
 * - a completion whose reset happened within `RECENT_MS` before `now` (one dated later has
 *   not happened yet; an older one added to the history today is not news);
 * - every open schedule, keyed by its window: a new window for the same record is a move;
 * - a window that opens within the hour (`window_soon`), once per window start.
 */

/** How old a reset may be and still be announced when a snapshot first shows it. */
export const RECENT_MS = 24 * HOUR;
/** How long before a window opens `window_soon` is told. */
export const SOON_MS = HOUR;
/** At most this many events from one snapshot at one instant (a backfill is not news). */
export const MAX_EVENTS = 50;

export function followEvents(snapshot: PreparedSnapshot, now: number): FollowEvent[] {
  const events: FollowEvent[] = [];
  const { all } = completionIndex(snapshot);
  for (let i = firstAtOrBefore(all, now); i < all.length; i++) {
    const completion = all[i]!;
    if (completion.ms < now - RECENT_MS) break; // newest first: the rest are older
    const topics: FollowTopic[] = completion.global ? ['global_reset', 'any_reset'] : ['any_reset'];
    events.push({
      id: `reset_completed:${completion.row.id}`,
      type: 'reset_completed',
      topics,
      record: recordOf(completion.row),
      at: new Date(completion.ms).toISOString(),
    });
  }
  for (const schedule of computeAnswer(snapshot, now).open) {
    const { record, startAt } = schedule;
    events.push({
      id: scheduleEventId(record.id, startAt),
      type: 'reset_scheduled',
      topics: ['schedule'],
      record,
      at: record.announcedAt ?? snapshot.meta.generatedAt,
    });
    if (startAt === null || schedule.inProgress) continue;
    const startMs = Date.parse(startAt);
    if (startMs - SOON_MS <= now && now < startMs) {
      events.push({
        id: `window_soon:${record.id}:${startAt}`,
        type: 'window_soon',
        topics: ['window_soon'],
        record,
        at: new Date(startMs - SOON_MS).toISOString(),
      });
    }
  }
  return events.slice(0, MAX_EVENTS);
}

/** The key of one window of a schedule: `reset_scheduled:<id>:<startAt|none>`. */
export function scheduleEventId(recordId: string, startAt: string | null): string {
  return `reset_scheduled:${recordId}:${startAt ?? 'none'}`;
}

/** The key that says a schedule was announced at all, whatever its window. */
export function firstScheduleEventId(recordId: string): string {
  return `reset_scheduled:${recordId}`;
}

/**
 * The next instant after `now` at which `followEvents` may give a new event without a new
 * snapshot: a completion's time coming, or a window coming within the hour. Null: none.
 */
export function nextEventInstant(snapshot: PreparedSnapshot, now: number): number | null {
  let next: number | null = null;
  const consider = (ms: number) => {
    if (ms > now && (next === null || ms < next)) next = ms;
  };
  const { all } = completionIndex(snapshot);
  const later = firstAtOrBefore(all, now);
  if (later > 0) consider(all[later - 1]!.ms);
  for (const schedule of computeAnswer(snapshot, now).open) {
    if (schedule.startAt !== null) consider(Date.parse(schedule.startAt) - SOON_MS);
  }
  return next;
}
