import type { ResetRecord } from '../../shared/domain/record.ts';
import { escapeHtml } from '../web/layout.ts';
import { durationText, utcDateTime, utcTime } from './format.ts';
import { hasKnownTime, type OpenSchedule } from './next-reset.ts';

/**
 * How a schedule's time is said, with the precision it has (issue 11): a known time to
 * the minute, a whole day as a day (never a countdown in seconds), an inferred window as a
 * window. A whole-day window is named in the zone whose calendar day it is (the announcer's
 * Pacific day, or a UTC day), so that a visitor elsewhere is told it spans two of their days.
 * The server writes UTC; /assets/status-page.js rewrites the same facts in the visitor's zone.
 */

export type WhenKind = 'known' | 'day' | 'window';

/** Zones whose calendar days a date-precision window may be (the announcer's first). */
const DAY_ZONES = [
  { zone: 'America/Los_Angeles', label: 'Pacific time' },
  { zone: 'UTC', label: 'UTC' },
] as const;

export interface DayOf {
  readonly zone: string;
  readonly label: string;
  /** e.g. `Fri 21 Nov 2026`. */
  readonly day: string;
}

const partsFormat = new Map<string, Intl.DateTimeFormat>();
function localParts(ms: number, zone: string) {
  let format = partsFormat.get(zone);
  if (format === undefined) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partsFormat.set(zone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(ms).map((part) => [part.type, part.value]));
  return {
    day: `${parts['weekday']} ${parts['day']} ${parts['month']} ${parts['year']}`,
    clock: `${parts['hour']}:${parts['minute']}:${parts['second']}`,
  };
}

/** The calendar day a date window is, and in which zone; null when it is no whole day. */
export function dayOf(startMs: number, endMs: number): DayOf | null {
  for (const { zone, label } of DAY_ZONES) {
    const start = localParts(startMs, zone);
    const end = localParts(endMs, zone);
    if (start.clock === '00:00:00' && end.clock === '23:59:59' && start.day === end.day)
      return { zone, label, day: start.day };
  }
  return null;
}

export function whenKind(schedule: OpenSchedule): WhenKind {
  if (hasKnownTime(schedule)) return 'known';
  return schedule.precision === 'date' ? 'day' : 'window';
}

/** Data attributes the client script reads to say the same in the visitor's zone. */
export function whenData(record: ResetRecord, kind: WhenKind): string {
  const window = record.scheduleWindow!;
  const attributes = [
    `data-start="${window.startAt}"`,
    `data-end="${window.endAt}"`,
    `data-when="${kind}"`,
  ];
  if (kind === 'window') attributes.push(`data-basis="${record.scheduleBasis ?? ''}"`);
  if (kind === 'day') {
    const day = dayOf(Date.parse(window.startAt), Date.parse(window.endAt));
    if (day !== null)
      attributes.push(
        `data-day="${escapeHtml(day.day)}"`,
        `data-day-zone="${day.zone}"`,
        `data-day-zone-label="${day.label}"`,
      );
  }
  return attributes.join(' ');
}

/** The server's (UTC) words for when a schedule lands. */
export function whenText(record: ResetRecord, kind: WhenKind, now: number): string {
  const window = record.scheduleWindow!;
  const startMs = Date.parse(window.startAt);
  const endMs = Date.parse(window.endAt);
  if (kind === 'known') {
    if (startMs > now)
      return `at ${utcDateTime(window.startAt)}, in ${durationText(startMs - now)}`;
    return startMs === endMs
      ? `at ${utcDateTime(window.startAt)}, now`
      : `by ${utcDateTime(window.endAt)} (in ${durationText(endMs - now)})`;
  }
  if (kind === 'day') {
    const day = dayOf(startMs, endMs);
    const name =
      day === null
        ? `the day from ${utcDateTime(window.startAt)} to ${utcDateTime(window.endAt)}`
        : `${day.day} (${day.label}: ${utcDateTime(window.startAt)} to ${utcTime(window.endAt)}${utcDay(endMs) === utcDay(startMs) ? '' : ' the next day'})`;
    return now >= startMs
      ? `some time today, ${name}; no time of day was given`
      : `some time on ${name}; no time of day was given`;
  }
  const inferred = record.scheduleBasis === 'explicit' ? '' : ' (inferred, not announced)';
  return `between ${utcDateTime(window.startAt)} and ${utcDateTime(window.endAt)}${inferred}`;
}

const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
