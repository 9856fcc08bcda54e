import { DateTime, IANAZone } from 'luxon';
import { formatTimestamp, isTimestamp } from '../../shared/domain/timestamp.ts';
import { OpsRefusal } from './refusal.ts';

/**
 * Times as the operator types them in `ops` (issue 19), read strictly and echoed back in
 * UTC before anything is written:
 *
 * - the contract's form, `2026-11-26T18:00:00.000Z`, and other ISO 8601 instants with `Z` or
 *   an offset (`2026-11-26T18:00Z`, `2026-11-26T10:00-08:00`);
 * - `now`, and `now` moved by `-2h`, `+30m`, `-1h30m`, `-2d` (units d, h, m, s);
 * - a clock time with its zone and day: `18:00 PT`, `6pm PT today`, `6:30 pm PT tomorrow`,
 *   `yesterday 23:50 PT`, `2026-11-26 18:00 America/Los_Angeles`, `2026-11-26 18:00 UTC`.
 *
 * "PT", "PST", "PDT" and "Pacific" all mean the local time of SCHEDULE_TIME_ZONE on that
 * date, as in the classifier (the announcer writes "PST" in summer); "UTC", "GMT" and "Z"
 * mean UTC; any IANA name means that zone. A time without a day is today's, and "today",
 * "tomorrow", "yesterday" are counted on the calendar of the zone named.
 *
 * Refused, with one line saying why: a clock time without a zone; an abbreviation other than
 * those (is "CST" China or Central?); a time that happens twice because clocks fall back (the
 * message names both instants) or not at all because they spring forward; a date without a
 * time, unless the command takes a whole day (`allowDate`); anything else.
 *
 * Hand-written rather than chrono-node: chrono reads "PST" in summer as UTC−8, an hour off
 * the announcer's clock, picks one of a repeated hour without saying so, and reads what it
 * can of a string ("6pm PT tmorrow" is 6pm today): an operator's typo must be refused, not
 * half read. The calendar is luxon's.
 */

export interface HumanTimeOptions {
  /** The current instant (epoch ms): the base of "now", "-2h", "today". */
  readonly now: number;
  /** SCHEDULE_TIME_ZONE: what "PT" means. */
  readonly zone: string;
  /** The option as typed (`--at`), for messages. */
  readonly name?: string;
  /** Take a date without a time as that whole day (for a window); refused otherwise. */
  readonly allowDate?: boolean;
}

export interface HumanTime {
  readonly ms: number;
  /** The instant in the contract's format. */
  readonly utc: string;
  /** A date taken as a whole day: the day's last millisecond (`ms` is its first). */
  readonly dayEndMs: number | null;
  /** The line to print before anything is written: what was typed, in UTC and in Pacific time. */
  readonly echo: string;
}

export const MAX_INPUT_CHARS = 100;
/** "-400d" and beyond are typos rather than intentions. */
const MAX_OFFSET_MS = 366 * 86_400_000;

const PACIFIC_WORDS = new Set(['pt', 'pst', 'pdt', 'pacific']);
const UTC_WORDS = new Set(['utc', 'gmt', 'z']);
const DAY_WORDS: Record<string, number> = { yesterday: -1, today: 0, tomorrow: 1 };

const ISO_INSTANT =
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})$/i;
const RELATIVE = /^(?:now\s*)?([+-])\s*((?:\d{1,6}\s*[dhms]\s*)+)$/i;
const DATE = String.raw`(\d{4})-(\d{2})-(\d{2})`;
const CLOCK = String.raw`(\d{1,2})(?::(\d{2}))?(?::(\d{2}))?\s*(am|pm)?`;
const ZONE = '([A-Za-z][A-Za-z0-9_+-]*(?:/[A-Za-z0-9_+-]+)*)';
const DAY = '(today|tomorrow|yesterday)';
/** `2026-11-26 18:00 PT`, `18:00 PT`, `6pm PT tomorrow`, `tomorrow 6pm PT`. */
const WITH_DATE = new RegExp(`^${DATE}\\s+${CLOCK}\\s+${ZONE}$`, 'i');
const WITH_DAY_AFTER = new RegExp(`^${CLOCK}\\s+${ZONE}(?:\\s+${DAY})?$`, 'i');
const WITH_DAY_BEFORE = new RegExp(`^${DAY}\\s+${CLOCK}\\s+${ZONE}$`, 'i');
const DATE_ONLY = new RegExp(`^(?:${DATE}|${DAY})(?:\\s+${ZONE})?$`, 'i');
const CLOCK_ONLY = new RegExp(`^(?:${DAY}\\s+)?${CLOCK}(?:\\s+${DAY})?$`, 'i');

export function parseHumanTime(input: string, options: HumanTimeOptions): HumanTime {
  const typed = input.trim().replace(/\s+/g, ' ');
  const shown = JSON.stringify(typed.length <= 60 ? typed : `${typed.slice(0, 59)}…`);
  const what = options.name === undefined ? shown : `${options.name} ${shown}`;
  const refuse = (why: string): never => {
    throw new OpsRefusal(`${what} ${why}`);
  };
  if (typed.length > MAX_INPUT_CHARS) refuse(`is longer than ${MAX_INPUT_CHARS} characters`);
  if (typed === '')
    refuse('is empty: give a time, like 2026-11-26T18:00:00.000Z or "6pm PT today"');

  const instant = (ms: number, dayEndMs: number | null = null): HumanTime => {
    const utc = formatTimestamp(ms);
    const pacific = DateTime.fromMillis(ms, { zone: options.zone })
      .setLocale('en-US')
      .toFormat('ccc d LLL yyyy HH:mm:ss ZZZZ');
    const day = dayEndMs === null ? '' : ` to ${formatTimestamp(dayEndMs)} (the whole day)`;
    return { ms, utc, dayEndMs, echo: `${what} is ${utc}${day} (${pacific})` };
  };

  if (isTimestamp(typed)) return instant(Date.parse(typed));
  if (ISO_INSTANT.test(typed)) {
    const parsed = DateTime.fromISO(typed, { setZone: true });
    if (!parsed.isValid) refuse('is not a real date and time');
    return instant(parsed.toMillis());
  }
  const lower = typed.toLowerCase();
  if (lower === 'now') return instant(options.now);

  const relative = RELATIVE.exec(typed);
  if (relative) {
    let total = 0;
    for (const [, amount, unit] of relative[2]!.matchAll(/(\d+)\s*([dhms])/gi))
      total += Number(amount) * UNIT_MS[unit!.toLowerCase()]!;
    if (total > MAX_OFFSET_MS) refuse('moves more than 366 days from now');
    return instant(options.now + (relative[1] === '-' ? -total : total));
  }

  let match = WITH_DATE.exec(typed);
  if (match) {
    const [, year, month, day, hour, minute, second, meridiem, zoneWord] = match;
    const zone = zoneOf(zoneWord!, options.zone, refuse);
    const date = { year: Number(year), month: Number(month), day: Number(day) };
    return instant(
      wallInstant(date, clockOf(hour!, minute, second, meridiem, refuse), zone, refuse),
    );
  }
  match = WITH_DAY_AFTER.exec(typed) ?? WITH_DAY_BEFORE.exec(typed);
  if (match) {
    const before = WITH_DAY_BEFORE.test(typed);
    const [dayWord, hour, minute, second, meridiem, zoneWord] = before
      ? match.slice(1)
      : [match[6], ...match.slice(1, 6)];
    const zone = zoneOf(zoneWord!, options.zone, refuse);
    const today = DateTime.fromMillis(options.now, { zone }).plus({
      days: DAY_WORDS[(dayWord ?? 'today').toLowerCase()]!,
    });
    const date = { year: today.year, month: today.month, day: today.day };
    return instant(
      wallInstant(date, clockOf(hour!, minute, second, meridiem, refuse), zone, refuse),
    );
  }
  match = DATE_ONLY.exec(typed);
  if (match) {
    const [, year, month, day, dayWord, zoneWord] = match;
    const zone = zoneWord === undefined ? options.zone : zoneOf(zoneWord, options.zone, refuse);
    if (!options.allowDate)
      refuse(
        `is a date without a time: add one, like "${year === undefined ? `6pm PT ${dayWord}` : `${year}-${month}-${day} 18:00 PT`}"`,
      );
    const start =
      year === undefined
        ? DateTime.fromMillis(options.now, { zone })
            .plus({ days: DAY_WORDS[dayWord!.toLowerCase()]! })
            .startOf('day')
        : DateTime.fromObject(
            { year: Number(year), month: Number(month), day: Number(day) },
            { zone },
          );
    if (!start.isValid) refuse('is not a real date');
    return instant(start.toMillis(), start.endOf('day').toMillis());
  }
  if (CLOCK_ONLY.test(typed))
    refuse(`has no time zone: add one, like "${typed} PT" (${options.zone}) or "${typed} UTC"`);
  return refuse(
    'is not a time this command reads: use 2026-11-26T18:00:00.000Z, now, -2h, "6pm PT today", "18:00 PT tomorrow" or "2026-11-26 18:00 America/Los_Angeles"',
  );
}

const UNIT_MS: Record<string, number> = { d: 86_400_000, h: 3_600_000, m: 60_000, s: 1_000 };

interface Clock {
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
}

/** `18:00`, `18:00:30`, `6pm`, `6:30 pm`: a 12-hour time needs 1 to 12, a 24-hour one 0 to 23. */
function clockOf(
  hourText: string,
  minuteText: string | undefined,
  secondText: string | undefined,
  meridiem: string | undefined,
  refuse: (why: string) => never,
): Clock {
  const hour = Number(hourText);
  const minute = minuteText === undefined ? 0 : Number(minuteText);
  const second = secondText === undefined ? 0 : Number(secondText);
  if (meridiem === undefined && minuteText === undefined)
    refuse('has an hour without minutes or am/pm: write 18:00 or 6pm');
  if (minute > 59 || second > 59) refuse('has minutes or seconds past 59');
  if (meridiem === undefined) {
    if (hour > 23) refuse('has an hour past 23');
    return { hour, minute, second };
  }
  if (hour < 1 || hour > 12) refuse('has a 12-hour time whose hour is not 1 to 12');
  const pm = meridiem.toLowerCase() === 'pm';
  return { hour: (hour % 12) + (pm ? 12 : 0), minute, second };
}

function zoneOf(word: string, scheduleZone: string, refuse: (why: string) => never): string {
  const lower = word.toLowerCase();
  if (PACIFIC_WORDS.has(lower)) return scheduleZone;
  if (UTC_WORDS.has(lower)) return 'UTC';
  // Area/Location names only: ICU also takes abbreviations ("EST") whose meaning is not one
  // zone's local time.
  if (word.includes('/') && IANAZone.isValidZone(word)) return word;
  return refuse(
    `names a zone this command does not read ("${word.slice(0, 40)}"): use PT, UTC or an IANA name like America/New_York`,
  );
}

/**
 * The instant a wall-clock time names in `zone`: none when clocks spring forward over it,
 * two when they fall back over it (both refused: the operator must say which), else one.
 */
function wallInstant(
  date: { year: number; month: number; day: number },
  clock: Clock,
  zone: string,
  refuse: (why: string) => never,
): number {
  if (!DateTime.fromObject(date, { zone: 'UTC' }).isValid) refuse('is not a real date');
  const asUtc = Date.UTC(
    date.year,
    date.month - 1,
    date.day,
    clock.hour,
    clock.minute,
    clock.second,
  );
  const iana = IANAZone.create(zone);
  const offsets = new Set([-36, 0, 36].map((hours) => iana.offset(asUtc + hours * 3_600_000)));
  const found = [...offsets]
    .map((offset) => asUtc - offset * 60_000)
    .filter((ms) => {
      const local = DateTime.fromMillis(ms, { zone });
      return (
        local.year === date.year &&
        local.month === date.month &&
        local.day === date.day &&
        local.hour === clock.hour &&
        local.minute === clock.minute &&
        local.second === clock.second
      );
    })
    .sort((a, b) => a - b);
  const abbreviation = (ms: number) =>
    DateTime.fromMillis(ms, { zone }).setLocale('en-US').toFormat('ZZZZ');
  if (found.length === 0)
    refuse(
      `does not exist: clocks in ${zone} spring forward over it that night; give the time in UTC`,
    );
  if (found.length > 1) {
    const [first, second] = found as [number, number];
    refuse(
      `happens twice (clocks in ${zone} fall back that night): ${formatTimestamp(first)} (${abbreviation(first)}) or ${formatTimestamp(second)} (${abbreviation(second)}); give the one meant in UTC`,
    );
  }
  return found[0]!;
}
