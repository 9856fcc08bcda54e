import ical, { ICalEventStatus, ICalEventTransparency } from 'ical-generator';
import type { ResetRecord } from '../../shared/domain/record.ts';
import { resetTimeOf } from '../answer/completion-index.ts';
import { DAY, wholeDayOf } from '../answer/words.js';
import { type PreparedRecord, recordOf } from '../query/prepared-record.ts';
import { CALENDAR_EVENTS, CALENDAR_PATH, EVENT_TEXT_CHARS, eventUid, recordPath } from './paths.ts';
import { eventSummary, plainText, recordFacts, sourceUrl } from './record-summary.ts';
import { revisedAt } from './record-times.ts';

/**
 * The iCalendar feed (RFC 5545, RFC 7986), built with ical-generator: one event per
 * schedule that has a window, whatever its state, so a subscribed event stays in place and
 * only its status changes (a fulfilled one says when it was confirmed), and one event per
 * completion, at the time of its reset. A window that is a whole day of the announcer's
 * calendar (or a UTC day) is an all-day event on that date. Building it costs about half a
 * millisecond per event (the library folds lines character by character), so the service
 * builds it off the main thread (calendar-renderer.ts).
 */

/** How often a calendar app should fetch again: cheap thanks to ETag and 304. */
export const REFRESH_SECONDS = 15 * 60;

/**
 * STATUS: a fulfilled schedule and a completion are CONFIRMED. Pending, unknown and
 * elapsed stay TENTATIVE: elapsed means the window passed without a confirmation, not that
 * the reset was cancelled (CANCELLED would make calendar apps strike it out or hide it,
 * claiming more than the record says). The summary carries the exact state.
 */
const STATUS: Record<NonNullable<ResetRecord['scheduleState']>, ICalEventStatus> = {
  pending: ICalEventStatus.TENTATIVE,
  unknown: ICalEventStatus.TENTATIVE,
  elapsed: ICalEventStatus.TENTATIVE,
  fulfilled: ICalEventStatus.CONFIRMED,
};

/**
 * SEQUENCE must grow with every significant revision (RFC 5545 §3.8.7.4), and the service
 * keeps no history: it is the state's place in the life of a schedule (pending, then
 * unknown or elapsed, then fulfilled, possibly late), so each step forward raises it.
 */
const SEQUENCE: Record<NonNullable<ResetRecord['scheduleState']>, number> = {
  pending: 0,
  unknown: 1,
  elapsed: 2,
  fulfilled: 3,
};

const SECOND = 1000;
/**
 * The last instant iCalendar can write: DATE-TIME has a four-digit year (RFC 5545
 * §3.3.4), so 9999-12-31T23:59:59Z. An inclusive end at 23:59:59.999 that day would
 * become the exclusive 10000-01-01T00:00:00Z, written `100000101T000000Z` (issue 16,
 * finding 12): it is held to this instant instead.
 */
export const LAST_WRITABLE_MS = Date.UTC(9999, 11, 31, 23, 59, 59);

/** When a row's event starts: a schedule's window, a completion's reset; null for none. */
function eventStart(row: PreparedRecord): number | null {
  if (row.isSchedule) return row.endMs === null ? null : row.startMs;
  return resetTimeOf(row);
}

/**
 * The rows that become events: schedules with a window and completions with a time, the
 * CALENDAR_EVENTS with the latest start, in the order of their start (then id). Linear
 * apart from sorting the starts as numbers, so a large snapshot costs little here.
 */
export function calendarRows(rows: readonly PreparedRecord[]): PreparedRecord[] {
  const candidates = rows.filter((row) => eventStart(row) !== null);
  let kept = candidates;
  if (candidates.length > CALENDAR_EVENTS) {
    const starts = Float64Array.from(candidates, (row) => eventStart(row)!).sort();
    const threshold = starts[starts.length - CALENDAR_EVENTS]!;
    kept = candidates.filter((row) => eventStart(row)! >= threshold);
  }
  const byStart = (a: PreparedRecord, b: PreparedRecord) =>
    eventStart(a)! - eventStart(b)! || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  return kept.sort(byStart).slice(-CALENDAR_EVENTS);
}

/** An all-day event's first and (exclusive) last date, as UTC midnights; null when timed. */
function allDay(record: ResetRecord, startMs: number, endMs: number): [Date, Date] | null {
  if (record.schedulePrecision !== 'date') return null;
  const whole = wholeDayOf(startMs, endMs);
  if (whole === null) return null;
  const first = Date.parse(`${whole.day}T00:00:00.000Z`);
  // A whole day ending the year 9999 has no writable next date: a timed event then.
  if (first + DAY > LAST_WRITABLE_MS) return null;
  return [new Date(first), new Date(first + DAY)];
}

export function buildCalendar(
  rows: readonly PreparedRecord[],
  generatedAt: string,
  baseUrl: string | undefined,
  siteName = 'Usage-limit resets',
): string {
  const generatedAtMs = Date.parse(generatedAt);
  const calendar = ical({
    name: siteName,
    description: `${siteName}: scheduled and completed resets and their state (times in UTC)`,
    prodId: { company: 'reset-records', product: 'calendar', language: 'EN' },
    ttl: REFRESH_SECONDS,
    // RFC 7986 SOURCE and URL are URIs, so absolute: only when the public address is known.
    ...(baseUrl !== undefined && { source: `${baseUrl}${CALENDAR_PATH}`, url: `${baseUrl}/` }),
  });

  for (const row of calendarRows(rows)) {
    const record = recordOf(row);
    const revised = new Date(revisedAt(row, generatedAtMs));
    const startMs = eventStart(row)!;
    const endMs = row.isSchedule ? row.endMs! : startMs;
    const start = Math.min(Math.floor(startMs / SECOND) * SECOND, LAST_WRITABLE_MS);
    // A window's DTEND is exclusive, so an inclusive end such as 23:59:59.999 becomes the
    // next full second, 00:00:00, up to the last instant iCalendar can write.
    const end = Math.min(Math.ceil(endMs / SECOND) * SECOND, LAST_WRITABLE_MS);
    const days = allDay(record, startMs, endMs);
    const state = record.scheduleState;
    calendar.createEvent({
      id: eventUid(record.id),
      sequence: state === null ? 0 : SEQUENCE[state],
      // No METHOD: DTSTAMP is then the last revision, like LAST-MODIFIED (RFC 5545 §3.8.7.2).
      stamp: revised,
      lastModified: revised,
      ...(days === null
        ? {
            start: new Date(start),
            // An exact time (and a completion) is a zero-length event: DTSTART without
            // DTEND (RFC 5545 §3.6.1); a DTEND equal to DTSTART is not allowed (§3.8.2.2),
            // and a made-up length would show an end the announcement never gave.
            end: end <= start ? null : new Date(end),
          }
        : { allDay: true, start: days[0], end: days[1] }),
      summary: eventSummary(record),
      description: eventDescription(record, baseUrl),
      status: state === null ? ICalEventStatus.CONFIRMED : STATUS[state],
      // A reset takes none of the subscriber's time: never shown as busy.
      transparency: ICalEventTransparency.TRANSPARENT,
      ...(baseUrl !== undefined && { url: `${baseUrl}${recordPath(record.id)}` }),
    });
  }
  return calendar.toString();
}

function eventDescription(record: ResetRecord, baseUrl: string | undefined): string {
  const lines: string[] = [];
  if (record.text !== null && record.text.trim() !== '') {
    lines.push(excerpt(plainText(record.text).replace(/\r\n?/g, '\n')), '');
  }
  for (const [label, value] of recordFacts(record)) lines.push(`${label}: ${value}`);
  const source = sourceUrl(record);
  if (source !== null) lines.push(`Source post: ${source}`);
  if (baseUrl !== undefined) lines.push(`Record: ${baseUrl}${recordPath(record.id)}`);
  return lines.join('\n');
}

/**
 * At most EVENT_TEXT_CHARS code points (a post can be 25,000 characters, and folding the
 * calendar's lines costs time per character), cut at a code point, never inside one.
 */
function excerpt(text: string): string {
  const points = Array.from(text);
  return points.length <= EVENT_TEXT_CHARS
    ? text
    : `${points.slice(0, EVENT_TEXT_CHARS).join('')}…`;
}
