import type { ResetRecord } from '../../shared/domain/record.ts';
import { dayKeyName, whatWasReset, wholeDayOf } from '../answer/words.js';

/**
 * A record in words, for the feed and the calendar: a title a person understands at a
 * glance and the facts behind it. Every string returned here is plain text that is safe in
 * XML 1.0 and in iCalendar TEXT (see `plainText`); the callers escape it for their format.
 */

type ScheduleState = NonNullable<ResetRecord['scheduleState']>;

const LIMITS: Record<ResetRecord['resetType'], string> = {
  global: 'global limits',
  banked: 'banked limits',
  global_and_banked: 'global and banked limits',
};

/** service.md § States: elapsed does not mean completed, so it says so. */
const STATES: Record<ScheduleState, string> = {
  pending: 'pending',
  elapsed: 'elapsed, not confirmed',
  fulfilled: 'fulfilled',
  unknown: 'state unknown',
};

const PRECISIONS: Record<NonNullable<ResetRecord['schedulePrecision']>, string> = {
  date: 'a day, no time of day (the announced day, as a UTC window)',
  datetime: 'time of day',
};

const CONFIRMED_BY: Record<NonNullable<ResetRecord['fulfillmentOrigin']>, string> = {
  auto: 'matched automatically',
  link: 'linked to a completion',
  manual: 'confirmed by the operator',
};

/**
 * Removes what neither XML 1.0 (§2.2 Char) nor iCalendar TEXT (RFC 5545 §3.3.11) can carry:
 * control characters other than tab and line breaks, U+FFFE/U+FFFF and lone surrogates. Post
 * texts come from a social platform and could hold any of them; one would make the whole
 * document unparseable for every subscriber.
 */
export function plainText(text: string): string {
  return text.replace(
    // biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point
    /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g,
    '',
  );
}

/** `2026-11-21 18:00 UTC`: every timestamp of the contract is UTC with milliseconds. */
export const utcMinute = (timestamp: string) =>
  `${timestamp.slice(0, 10)} ${timestamp.slice(11, 16)} UTC`;

export const stateLabel = (state: ScheduleState) => STATES[state];

/** Scope ids without `unknown` (service.md: "unspecified", so no fact to state). */
const known = (ids: readonly string[]) => ids.filter((id) => id !== 'unknown');

/** `all plans`, `plans pro, max`, or null when the plans are unknown. */
function plansLabel(scope: ResetRecord['scope']): string | null {
  const plans = known(scope?.plans ?? []);
  if (plans.includes('all')) return 'all plans';
  if (plans.length === 0) return null;
  return `${plans.length === 1 ? 'plan' : 'plans'} ${plans.join(', ')}`;
}

/** `for 2026-11-21 18:00 UTC`, `between 2026-11-21 18:00 and 20:00 UTC`, `for Sat 21 Nov 2026, Pacific time`. */
function scheduleWhen(
  window: ResetRecord['scheduleWindow'],
  precision: ResetRecord['schedulePrecision'],
): string {
  if (window === null) return 'with no announced time';
  const { startAt, endAt } = window;
  const whole = precision === 'date' ? wholeDayOf(Date.parse(startAt), Date.parse(endAt)) : null;
  if (whole !== null)
    return `for ${dayKeyName(whole.day, 'en-GB')} ${whole.day.slice(0, 4)}, ${whole.label}`;
  if (startAt === endAt) return `for ${utcMinute(startAt)}`;
  const sameDay = startAt.slice(0, 10) === endAt.slice(0, 10);
  const end = sameDay ? endAt.slice(11, 16) : `${endAt.slice(0, 10)} ${endAt.slice(11, 16)}`;
  return `between ${startAt.slice(0, 10)} ${startAt.slice(11, 16)} and ${end} UTC`;
}

/** When a completion's reset happened (answer.md §1), or null. */
export const resetAt = (record: ResetRecord) =>
  record.completedAt ?? record.effectiveAt ?? record.announcedAt;

/** What a record's reset touches, in the answer's words: `global limits, all plans`. */
export const whatOf = (record: ResetRecord) =>
  whatWasReset({
    resetType: record.resetType,
    plans: record.scope?.plans ?? ['unknown'],
    windows: record.scope?.windows ?? ['unknown'],
  });

/** A schedule's state, with when it was confirmed once it is fulfilled. */
function stateWords(record: ResetRecord): string {
  const state = STATES[record.scheduleState!];
  return record.scheduleState === 'fulfilled' && record.completedAt !== null
    ? `${state}, confirmed ${utcMinute(record.completedAt)}`
    : state;
}

/**
 * The feed entry's title, with the time and what was reset: "Reset completed 2026-11-21
 * 05:30 UTC: global limits, all plans", "Reset scheduled for 2026-11-21 18:00 UTC: global
 * limits (pending)".
 */
export function recordTitle(record: ResetRecord): string {
  if (record.scheduleState === null) {
    const at = resetAt(record);
    return plainText(
      `Reset completed${at === null ? ', time unknown' : ` ${utcMinute(at)}`}: ${whatOf(record)}`,
    );
  }
  return plainText(
    `Reset scheduled ${scheduleWhen(record.scheduleWindow, record.schedulePrecision)}: ${whatOf(record)} (${stateWords(record)})`,
  );
}

/**
 * The calendar event's summary, short enough for a day view: "Reset expected: global
 * limits, all plans", "Reset confirmed 05:30 UTC: banked usage", "Reset: global limits".
 */
export function eventSummary(record: ResetRecord): string {
  const what = whatOf(record);
  if (record.scheduleState === null) return plainText(`Reset: ${what}`);
  switch (record.scheduleState) {
    case 'fulfilled':
      return plainText(
        `Reset confirmed${record.completedAt === null ? '' : ` ${utcMinute(record.completedAt)}`}: ${what}`,
      );
    case 'pending':
      return plainText(`Reset expected: ${what}`);
    case 'elapsed':
      return plainText(`Reset not confirmed (elapsed): ${what}`);
    default:
      return plainText(`Reset (state unknown): ${what}`);
  }
}

/** The record's facts as label and value, in reading order; unknown ones are left out. */
export function recordFacts(record: ResetRecord): [label: string, value: string][] {
  const facts: [string, string | null][] = [
    ['Kind', record.kind === 'reset_completed' ? 'completed reset' : 'scheduled reset'],
    ['Limits', LIMITS[record.resetType]],
    ['Plans', plansLabel(record.scope)],
    ['Quota windows', known(record.scope?.windows ?? []).join(', ') || null],
    ['State', record.scheduleState && STATES[record.scheduleState]],
    [
      'Window',
      record.scheduleWindow &&
        scheduleWhen(record.scheduleWindow, record.schedulePrecision).replace(/^for /, ''),
    ],
    ['Precision', record.schedulePrecision && PRECISIONS[record.schedulePrecision]],
    ['Reset at', record.effectiveAt && utcMinute(record.effectiveAt)],
    ['Completed at', record.completedAt && utcMinute(record.completedAt)],
    ['Confirmation', record.fulfillmentOrigin && CONFIRMED_BY[record.fulfillmentOrigin]],
    ['Announced at', record.announcedAt && utcMinute(record.announcedAt)],
    ['Confidence', record.confidence === null ? null : `${Math.round(record.confidence * 100)} %`],
    ['Source', sourceLabel(record.source)],
    ['Completion record', record.completionRecordId],
    ['Related records', record.relatedRecordIds.join(', ') || null],
    ['Record id', record.id],
  ];
  return facts
    .filter((fact): fact is [string, string] => fact[1] !== null)
    .map(([label, value]) => [label, plainText(value)]);
}

function sourceLabel(source: ResetRecord['source']): string {
  if (source.origin === 'x') return source.handle ? `@${source.handle} on X` : 'post on X';
  return 'operator note';
}

/** The source post's address when it is an http(s) URL, normalized; anything else is dropped. */
export function sourceUrl(record: ResetRecord): string | null {
  if (record.source.url === null) return null;
  try {
    const url = new URL(record.source.url);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}
