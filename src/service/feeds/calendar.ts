import ical, { ICalEventStatus, ICalEventTransparency } from 'ical-generator';
import type { ResetRecord } from '../../shared/domain/record.ts';
import { type PreparedRecord, recordOf } from '../query/prepared-record.ts';
import { CALENDAR_EVENTS, CALENDAR_PATH, EVENT_TEXT_CHARS, eventUid, recordPath } from './paths.ts';
import { eventSummary, plainText, recordFacts, sourceUrl } from './record-summary.ts';
import { revisedAt } from './record-times.ts';

/**
 * The iCalendar feed (RFC 5545, RFC 7986) of scheduled resets, built with ical-generator:
 * one event per schedule that has a window, whatever its state, so a subscribed event
 * stays in place and only its status changes. Completions are no events: they are not
 * announced ahead, and their time is in the Atom feed.
 */

const NAME = 'Usage-limit resets';
const DESCRIPTION = 'Scheduled usage-limit resets and their state (times in UTC)';
/** How often a calendar app should fetch again: cheap thanks to ETag and 304. */
export const REFRESH_SECONDS = 15 * 60;

/**
 * STATUS: only a fulfilled schedule is CONFIRMED. Pending, unknown and elapsed stay
 * TENTATIVE: elapsed means the window passed without a confirmation, not that the reset
 * was cancelled (CANCELLED would make calendar apps strike it out or hide it, claiming
 * more than the record says). The summary carries the exact state.
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

export function buildCalendar(
  rows: readonly PreparedRecord[],
  generatedAt: string,
  baseUrl: string | undefined,
): string {
  const generatedAtMs = Date.parse(generatedAt);
  const calendar = ical({
    name: NAME,
    description: DESCRIPTION,
    prodId: { company: 'reset-records', product: 'calendar', language: 'EN' },
    ttl: REFRESH_SECONDS,
    // RFC 7986 SOURCE and URL are URIs, so absolute: only when the public address is known.
    ...(baseUrl !== undefined && { source: `${baseUrl}${CALENDAR_PATH}`, url: `${baseUrl}/` }),
  });

  for (const row of windowedSchedules(rows)) {
    const record = recordOf(row);
    const state = record.scheduleState ?? 'unknown';
    const revised = new Date(revisedAt(row, generatedAtMs));
    const start = Math.floor(row.startMs! / SECOND) * SECOND;
    calendar.createEvent({
      id: eventUid(record.id),
      sequence: SEQUENCE[state],
      // No METHOD: DTSTAMP is then the last revision, like LAST-MODIFIED (RFC 5545 §3.8.7.2).
      stamp: revised,
      lastModified: revised,
      start: new Date(start),
      // An exact time (startAt = endAt) is a zero-length event: DTSTART without DTEND
      // (RFC 5545 §3.6.1); a DTEND equal to DTSTART is not allowed (§3.8.2.2), and a made-up
      // length would show an end the announcement never gave. A window's DTEND is exclusive,
      // so an inclusive end such as 23:59:59.999 becomes the next full second, 00:00:00.
      end: row.startMs === row.endMs ? null : new Date(Math.ceil(row.endMs! / SECOND) * SECOND),
      summary: eventSummary(record),
      description: eventDescription(record, baseUrl),
      status: STATUS[state],
      // A reset takes none of the subscriber's time: never shown as busy.
      transparency: ICalEventTransparency.TRANSPARENT,
      ...(baseUrl !== undefined && { url: `${baseUrl}${recordPath(record.id)}` }),
    });
  }
  return calendar.toString();
}

/** Schedules with a window, the most recent CALENDAR_EVENTS, in window order. */
function windowedSchedules(rows: readonly PreparedRecord[]): PreparedRecord[] {
  const byStart = (a: PreparedRecord, b: PreparedRecord) =>
    a.startMs! - b.startMs! || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  return rows
    .filter((row) => row.isSchedule && row.startMs !== null && row.endMs !== null)
    .sort(byStart)
    .slice(-CALENDAR_EVENTS);
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
