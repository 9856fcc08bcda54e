import type { ParsedComponents } from 'chrono-node';
// The English parser alone: chrono-node's main entry loads every language (267 modules, half
// a CLI command's start), and `parse` there is this one.
import * as chrono from 'chrono-node/en';
import { DateTime } from 'luxon';
import { hourlyZone } from './zone.ts';

/**
 * When a scheduled reset lands, from the words of the post (producer.md §2, "Times" and
 * "Windows"). chrono-node finds clock times, days and weekdays; the calendar is done here,
 * with luxon, on the Pacific calendar of the post's time (SCHEDULE_TIME_ZONE): chrono
 * knows offsets, not IANA zones, and takes "PST" in summer literally, while the announcer
 * means the local time of the day. Deadlines, parts of the day and vague cues are this
 * file's own rules, in the order of the table in producer.md §2.
 */

export interface When {
  readonly precision: 'date' | 'datetime';
  readonly basis: 'explicit' | 'contextual_inference';
  readonly startMs: number;
  readonly endMs: number;
  /** Set only when the text states the landing time itself ("at 6pm PT"). */
  readonly effectiveMs: number | null;
  /** The words the window comes from, for the reasons shown to the operator. */
  readonly cue: string;
}

export interface WhenFound {
  readonly when: When;
  /** Reasons to hold the post: a cutoff time, a range, several times, a time already past. */
  readonly doubts: readonly string[];
  /**
   * A clock time with no day that had passed that day, read as the next day's ("at 9am"
   * written at 10am): ahead only for a verb of the future (rules-2.11.0).
   */
  readonly rolledOver?: boolean;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** "before the weekend", "by the weekend" (a deadline); "this weekend", "over the weekend". */
const WEEKEND = /\b(?:(before|by) the weekend|(?:this|over the|on the) weekend)\b/;

/** Vague cues and the hours their window lasts from the post's time (README: classifier). */
export const VAGUE_CUES: readonly (readonly [RegExp, number, string])[] = [
  [
    // "reset at the top of the hour" (rules-2.13.79).
    // "resetting everyone's codex limits in a sec" (rules-2.13.89).
    /\b(?:shortly|momentarily|in a moment|in a (?:sec|second)|in a few (?:seconds|secs|minutes|mins)|imminent(?:ly)?|any minute|(?:at )?the top of the hour)\b/,
    1,
    'shortly',
  ],
  // Not a journey: "on the way back to the hotel" (rules-2.13.106).
  [
    /\b(?:in a (?:little )?bit|incoming|inbound|on its way|on the way(?! (?:back|home|to|from|over|out|in|there)\b))\b/,
    2,
    'in a bit / incoming',
  ],
  // "right after lunch" (rules-2.11.0); "by lunch today PT" (rules-2.13.89).
  [/\b(?:after|by|before) lunch\b/, 4, 'after lunch'],
  // "within the next couple of hours" (rules-2.13.11).
  [/\b(?:in|within) (?:the next )?a? ?couple (?:of )?hours\b/, 3, 'in a couple of hours'],
  [/\b(?:in|within) (?:the next )?a? ?few hours\b/, 6, 'in a few hours'],
  // Not "5 hours later": after a duration, later than another event (rules-2.11.0).
  [
    // "I'll post when it's live": it is not yet (rules-2.11.0).
    // Nor "a saved reset in your bank for later": when it is spent (rules-2.13.9).
    /\b(?:soon|(?<!\d ?(?:h|hrs?|hours?|mins?|minutes?|days?) |\b(?:for|use|using|spend|save|saved|keep) (?:it |them |one )?)later|when i'm back|when i am back|when i land|when it(?:'s| is) (?:live|through|done|out))\b/,
    12,
    'soon / later',
  ],
];
/** No cue at all: the window a schedule gets from the post's time. */
export const DEFAULT_HOURS = 24;
export const NO_TIME_CUE = 'no time named';

const PARTS_OF_DAY: readonly (readonly [RegExp, number, number, string])[] = [
  [/\bthis morning\b|\btomorrow morning\b/, 6, 12, 'morning'],
  [/\bthis afternoon\b|\btomorrow afternoon\b/, 12, 18, 'afternoon'],
  [/\bthis evening\b|\btonight\b|\btomorrow (?:evening|night)\b/, 18, 24, 'evening'],
];

const NUMBER_WORDS: Record<string, number> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  twelve: 12,
  'a couple of': 2,
  'a couple': 2,
  'a few': 3,
  few: 3,
  // "over the next half hour", "in half an hour" (rules-2.11.0).
  half: 0.5,
  'half an': 0.5,
};
const AMOUNT = String.raw`(\d{1,3}|an?|one|two|three|four|five|six|twelve|a couple(?: of)?|a few|half(?: an)?)`;
const UNIT = '(minutes?|mins?|hours?|hrs?|h|days?)';
const unitMs = (unit: string) =>
  unit.startsWith('d') ? 24 * HOUR_MS : unit.startsWith('m') ? 60_000 : HOUR_MS;
const amountOf = (word: string) => NUMBER_WORDS[word] ?? Number(word);

const WITHIN = new RegExp(
  String.raw`\b(?:within(?: the)? next|within|in (?:the )?next|in the coming|over (?:the )?next|give (?:us|me|it)|in under|in less than)(?: the next)? (?:~ ?|roughly |about |around |approximately )?${AMOUNT}? ?(?:more )?${UNIT}\b`,
);
const WITHIN_THE_HOUR = /\bwithin the hour\b|\bin the next hour\b/;
const IN_AMOUNT = new RegExp(String.raw`\bin ${AMOUNT} ?${UNIT}\b`);
/** "t-minus 3 hours", "24h until every plan gets …": a countdown, read as "in" (rules-2.13.84). */
const COUNTDOWN = new RegExp(
  String.raw`\bt ?-? ?minus ${AMOUNT} ?${UNIT}\b|\b${AMOUNT} ?${UNIT} (?:until|till|til|to go)\b`,
);
/** "in about two hours", "in ~ 3 hours": an approximate time, vague (rules-2.4.0). */
const IN_ABOUT = new RegExp(
  String.raw`\bin (?:about|around|roughly|approximately|approx\.?|~) ?${AMOUNT} ?${UNIT}\b`,
);
export const ABOUT_CUE = 'in about …';
const BY_END_OF_DAY =
  /\bbefore the day (?:ends|is out|is over)\b|\b(?:by |lands? |landing |before )?(?:the )?(?:(?:end|close) of (?:the )?(?:day|business)|(?:end|close) of today)\b|\bby (?:eod|close of business|cob|midnight(?: tonight| today)?|tonight)\b|\beod(?: today)?\b/;
/** Who joined or paid by a time: "everyone who signed up starting Monday". */
const SIGNUP_WORDS =
  'signed up|sign up|subscribed|subscribe|joined|created|upgraded|purchased|registered';
const SIGNED_UP = new RegExp(String.raw`\b(?:${SIGNUP_WORDS})\b`);
/**
 * Words before a time that make it a cutoff or a reference, not the landing time; not across
 * the reset named after them: "everyone who subscribed before monday gets a reset tomorrow"
 * (rules-2.13.47); nor across a colon that opens what is said of it: "one more reset before
 * the freeze: friday morning" (rules-2.13.73).
 */
/**
 * "starting" after what it starts: "resetting 5h + weekly for everyone …, starting 9pm CET"
 * (rules-2.13.48), "rolling out the banked reset to business and edu starting tomorrow"
 * (rules-2.13.86), "limits reset + 2x usage all weekend starting friday 12am PT"
 * (rules-2.13.87): when it starts, not a cutoff of who gets it.
 */
const STARTS_IT =
  /\bre-?set(?:s|ting)?\b[^.!?;,]{0,60}, starting $|\b(?:rolling|going) out\b[^.!?]{0,60} starting $|\bre-?sets? \+ (?:[\w-]+ ){0,5}starting $/;
const CUTOFF_BEFORE = new RegExp(
  String.raw`\b(?:before|prior to|${SIGNUP_WORDS}|as of|since|until|till|through|starting)\b(?:(?!re-?set|: )[^.!?]){0,24}$`,
);
/**
 * "lands before", "resetting before", "getting reset before standup tomorrow": before a time,
 * or an event of that time, the verb of the reset makes it a deadline (rules-2.13.18).
 */
const ARRIVAL_BEFORE =
  /\b(?:lands?|landing|arrives?|arriving|goes live|go live|live|out|re-?set|re-?setting|re-?sets) before (?:(?:the|your|our) )?(?:(?!before\b)[\w-]+ ){0,2}$/;
/**
 * A zone other than the Pacific named with a time; an ISO 8601 time's own zone too,
 * "2026-11-20t17:00z" or "…t17:00+01:00", read before as a Pacific clock (rules-2.13.71).
 */
const OTHER_ZONE =
  /\b(?:utc|gmt|et|est|edt|ct|cst|cdt|cet|cest|bst|ist|jst)\b|\dt\d\d:\d\d(?::\d\d(?:\.\d+)?)?(?:z|[+-]\d\d:?\d\d)\b/;

/**
 * When `text` says a reset lands, read on the calendar of the post's time. Remembered for
 * one post's time (the post being read), at most MAX_CACHED texts: the rules ask about the
 * same text several times while reading one post (its announcement, a reply, the tense),
 * and chrono costs some 300 µs a sentence. A new post's time starts afresh, so no post is
 * read faster because of another.
 */
export function scheduleWhen(text: string, announcedMs: number, zone: string): WhenFound {
  const key = `${announcedMs} ${zone}`;
  if (whenCache.key !== key || whenCache.found.size >= MAX_CACHED) {
    whenCache = { key, found: new Map() };
  }
  const known = whenCache.found.get(text);
  if (known !== undefined) return known;
  const found = readWhen(text, announcedMs, zone);
  whenCache.found.set(text, found);
  return found;
}

/**
 * "if you don't see it yet give it 15 min": how long it takes to show, not the reset's time
 * (rules-2.13.85).
 */
const TILL_IT_SHOWS =
  /\bif (?:you|u) (?:don't|do not|can't|still don't) see (?:it|them|yours|the [\w-]+)(?: yet)?,? (?:just )?give it\b[^.!?]*/g;

let whenCache = { key: '', found: new Map<string, WhenFound>() };
const MAX_CACHED = 64;

function readWhen(given: string, announcedMs: number, zone: string): WhenFound {
  // "to make up for this morning's outage": a time's possessive names the time of another
  // event; "tonight's reset" is the reset's own (rules-2.12.0). So does a relative clause
  // of the past: "for everyone who used codex this week" (rules-2.13.16).
  // "as promised on Tuesday, we are resetting everyone's limits today": the promise's time
  // (rules-2.13.2).
  const posted = DateTime.fromMillis(announcedMs, { zone: hourlyZone(zone) });
  // "me at 10am on a thursday": any Thursday, not a date (rules-2.13.2).
  const text = withMonths(
    withHolidays(given, posted)
      // "this arvo": this afternoon, in Australian; "by lunch today": by lunch (rules-2.13.89).
      .replace(/\barvo\b/g, 'afternoon')
      .replace(/\b((?:after|by|before) lunch) today\b/g, '$1')
      .replace(OTHER_EVENTS_TIME, ' ')
      .replace(PROMISE_TIME, ' ')
      .replace(ANY_WEEKDAY, ' ')
      .replace(EXPIRY_TIME, ' ')
      .replace(ROLLOUT_TIME, ' ')
      .replace(TILL_IT_SHOWS, ' '),
    posted,
  );
  const endOfDay = (day: DateTime) => day.endOf('day').toMillis();
  const doubts: string[] = [];
  const window = (
    precision: When['precision'],
    basis: When['basis'],
    startMs: number,
    endMs: number,
    effectiveMs: number | null,
    cue: string,
  ): WhenFound => ({ when: { precision, basis, startMs, endMs, effectiveMs, cue }, doubts });
  // "by 8pm" posted at 8:05pm: the deadline had passed. The window cannot end before it
  // starts, so it is the post's instant, and the post is held for the operator.
  const deadline = (endMs: number, cue: string): WhenFound => {
    if (endMs >= announcedMs) return window('datetime', 'explicit', announcedMs, endMs, null, cue);
    doubts.push('the deadline named had passed when the post was written');
    return window('datetime', 'explicit', announcedMs, announcedMs, null, cue);
  };

  // A deadline: [the post's time, the deadline].
  const byEndOfDay = BY_END_OF_DAY.exec(text);
  if (byEndOfDay) {
    return window('datetime', 'explicit', announcedMs, endOfDay(posted), null, byEndOfDay[0]);
  }
  // "by end of the week", "end of week": a deadline, the last day of the Pacific week
  // (rules-2.13.10).
  const byEndOfWeek = /\b(?:by |before )?(?:the )?end of (?:the |this )?week\b/.exec(text);
  if (byEndOfWeek) return deadline(endOfDay(posted.endOf('week')), byEndOfWeek[0]);
  if (WITHIN_THE_HOUR.test(text)) {
    return window(
      'datetime',
      'explicit',
      announcedMs,
      announcedMs + HOUR_MS,
      null,
      'within the hour',
    );
  }
  const within = WITHIN.exec(text);
  if (within) {
    const amount = within[1] === undefined ? 1 : amountOf(within[1]);
    const end = announcedMs + amount * unitMs(within[2]!);
    return window('datetime', 'explicit', announcedMs, end, null, within[0]);
  }
  // About a time: from the post to twice the amount.
  const inAbout = IN_ABOUT.exec(text);
  if (inAbout) {
    const span = 2 * amountOf(inAbout[1]!) * unitMs(inAbout[2]!);
    return window(
      'datetime',
      'contextual_inference',
      announcedMs,
      announcedMs + span,
      null,
      ABOUT_CUE,
    );
  }
  const inAmount = IN_AMOUNT.exec(text);
  if (inAmount && !/\bin a few\b|\bin a couple\b/.test(inAmount[0])) {
    const at = announcedMs + amountOf(inAmount[1]!) * unitMs(inAmount[2]!);
    return window('datetime', 'explicit', at, at, at, inAmount[0]);
  }
  const countdown = COUNTDOWN.exec(text);
  if (countdown) {
    const amount = countdown[1] ?? countdown[3]!;
    const at = announcedMs + amountOf(amount) * unitMs(countdown[2] ?? countdown[4]!);
    return window('datetime', 'explicit', at, at, at, countdown[0]);
  }

  // Clock times, days and weekdays (chrono), on the Pacific calendar.
  const stated = statedTimes(text.replace(/\bduring the day\b/g, 'today'), posted, doubts);
  const days = stated.filter((time) => !time.hasHour);
  // "tomorrow (Fri, Nov 20) around 9am PT": a clock time of the day named apart from it, the
  // first such day it is still ahead on (rules-2.11.0); with no day named, a time already
  // past is the next day's, in doubt.
  const found = stated.find((time) => time.hasHour);
  const onDay = (day: StatedTime, local: NonNullable<StatedTime['local']>) =>
    DateTime.fromMillis(day.ms, { zone: posted.zone }).set(local).toMillis();
  // "Heads up for Monday: … scheduled for 10am PT": a clock time with no day of its own
  // belongs to the day named, even when it is still ahead today (rules-2.13.2).
  const local = found?.local ?? null;
  const ahead = local === null ? undefined : days.find((day) => onDay(day, local) >= announcedMs);
  const clock =
    found !== undefined && local !== null && ahead !== undefined
      ? { ...found, ms: onDay(ahead, local), rolledOver: false }
      : found;
  const moved = clock !== found;
  for (const time of stated) {
    if (time.rolledOver && !(moved && time === found))
      doubts.push(`"${time.text}" had passed that day: read as the next day's`);
  }
  if (clock) {
    if (stated.filter((time) => time.hasHour && time !== found && time.ms !== clock.ms).length > 0)
      doubts.push('several times are named');
    if (clock.by) return deadline(clock.ms, clock.text);
    if (clock.ms < announcedMs) doubts.push('the time named had passed when the post was written');
    return {
      ...window('datetime', 'explicit', clock.ms, clock.ms, clock.ms, clock.text),
      rolledOver: clock.rolledOver,
    };
  }

  // A part of the day (from the post's time, when that is later).
  const tomorrow = /\btomorrow\b/.test(text);
  for (const [pattern, from, to, name] of PARTS_OF_DAY) {
    const found = pattern.exec(text);
    if (!found) continue;
    const day = (tomorrow ? posted.plus({ days: 1 }) : posted).startOf('day');
    const start = Math.max(day.set({ hour: from }).toMillis(), announcedMs);
    const end = to === 24 ? endOfDay(day) : day.set({ hour: to }).toMillis();
    if (end > start) return window('datetime', 'contextual_inference', start, end, null, name);
  }
  // "before the weekend": by the end of Friday; "this weekend": Saturday and Sunday
  // (rules-2.11.0).
  const weekend = WEEKEND.exec(text);
  if (weekend !== null && posted.weekday <= 5) {
    const saturday = posted.startOf('week').plus({ days: 5 });
    if (weekend[1] !== undefined) return deadline(saturday.toMillis() - 1, weekend[0]);
    return window(
      'datetime',
      'contextual_inference',
      saturday.toMillis(),
      endOfDay(saturday.plus({ days: 1 })),
      null,
      weekend[0],
    );
  }
  if (/\blater today\b/.test(text)) {
    return window(
      'datetime',
      'contextual_inference',
      announcedMs,
      endOfDay(posted),
      null,
      'later today',
    );
  }

  // A week: "next week" is the next Pacific Monday to Sunday; "this week", up to Sunday.
  if (/\bnext week\b/.test(text)) {
    const monday = posted.startOf('week').plus({ weeks: 1 });
    return window(
      'datetime',
      'contextual_inference',
      monday.toMillis(),
      endOfDay(monday.plus({ days: 6 })),
      null,
      'next week',
    );
  }
  if (/\b(?:later )?this week\b/.test(text)) {
    return window(
      'datetime',
      'contextual_inference',
      announcedMs,
      endOfDay(posted.endOf('week')),
      null,
      'this week',
    );
  }

  // A day: that Pacific day, whole.
  const day = stated.find((time) => !time.hasHour);
  if (day) {
    const date = DateTime.fromMillis(day.ms, { zone: hourlyZone(zone) }).startOf('day');
    if (day.by) return deadline(endOfDay(date), day.text);
    return window('date', 'explicit', date.toMillis(), endOfDay(date), null, day.text);
  }

  for (const [pattern, hours, name] of VAGUE_CUES) {
    if (pattern.test(text)) {
      return window(
        'datetime',
        'contextual_inference',
        announcedMs,
        announcedMs + hours * HOUR_MS,
        null,
        name,
      );
    }
  }
  return window(
    'datetime',
    'contextual_inference',
    announcedMs,
    announcedMs + DEFAULT_HOURS * HOUR_MS,
    null,
    NO_TIME_CUE,
  );
}

interface StatedTime {
  readonly ms: number;
  /** A time of day that had passed that day, moved to the next. */
  readonly rolledOver: boolean;
  /** Its hour and minute on the Pacific clock, when it has no day of its own. */
  readonly local: { readonly hour: number; readonly minute: number } | null;
  readonly hasHour: boolean;
  /** "by 8pm", "by Monday": a deadline rather than the landing time. */
  readonly by: boolean;
  readonly text: string;
}

/**
 * "midnight tonight", "tonight at midnight", "midnight UTC tonight", "midnight today"; "00:00
 * UTC tonight", "12am tonight" (rules-2.13.36).
 */
const MIDNIGHT_TONIGHT =
  /\b(?:tonight at (?:midnight|00:00|12 ?am|12:00 ?am)(?: (utc|gmt|pt|pst|pdt|et|est|edt|ct|cst|cdt|mt|mst|mdt|cet|cest|bst))?|(?:midnight|00:00|12 ?am|12:00 ?am)(?: (utc|gmt|pt|pst|pdt|et|est|edt|ct|cst|cdt|mt|mst|mdt|cet|cest|bst))? (?:tonight|today))(?!\w)/g;

/** A weekday's incident: "Wednesday's hiccup", "monday's outage". */
const INCIDENT_OF_DAY =
  /^'s (?:[\w-]+ )?(?:hiccup|outage|incident|bug|downtime|mess|issues?|problems?|breakage|meltdown|fire|double-?metering|metering|overcharg\w*)\b/;

/** A day named with a time: "tomorrow", "tonight", "friday". */
const DAY_NAMED = /\b(?:today|tomorrow|tonight|(?:mon|tues|wednes|thurs|fri|satur|sun)day)\b/;

/** chrono's findings, read on the Pacific calendar; cutoffs, ranges and durations left out. */
/** A move from one time to another: "moves from today to", "pushed from 9am to". */
const MOVED_FROM =
  /\b(mov(?:es|ed|ing|e)|push(?:es|ed|ing)?|shift(?:s|ed|ing)?|delay(?:s|ed|ing)?|slip(?:s|ped)?) from [^.!?,\n]{1,30}? to\b/g;
/** A day gone by, then "around" a time: "last night around", "yesterday ~". */
const GONE_DAY_AROUND =
  /\b(last night|yesterday(?: (?:morning|afternoon|evening))?) (?:around|about|approx\.?|roughly|~) ?(?=\d)/g;

function statedTimes(text: string, posted: DateTime, doubts: string[]): StatedTime[] {
  const prepared = text
    // "back at 0% used": a share, not a time of day (rules-2.12.2).
    .replace(/\b\d{1,3}(?:\.\d+)? ?%/g, ' ')
    // "should be back at 0", "at 0 used": an amount, not midnight (rules-2.13.55).
    .replace(
      /\b(?:back|usage|sitting|down|meter|counter)s? (?:at|to) 0\b(?![:.]\d| ?(?:am|pm)\b)/g,
      ' ',
    )
    // "Nov 24: full usage reset …": a date heading's colon, not a clock's (rules-2.13.56).
    .replace(
      /(?<=\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]* \d{1,2}(?:st|nd|rd|th)?):(?=\s|$)/g,
      ' ',
    )
    // "1/2 of you", "2/3 of plans": a fraction, not a date (rules-2.13.23).
    .replace(/\b\d{1,2}\/\d{1,2}(?= of\b)/g, ' ')
    // "between 8 and 10am PT": a range of times, as "8-10am PT" is; chrono reads only its
    // end (rules-2.13.74).
    .replace(BETWEEN_CLOCKS, '$1-$2')
    // "last night around 23:00 PT": the day gone by owns the clock time after it, as "last
    // night at 23:00" is read (rules-2.13.103).
    .replace(GONE_DAY_AROUND, '$1 at ')
    // "moves from today to monday 8am PT": where it was is no range; it goes to the second
    // (rules-2.13.105).
    .replace(MOVED_FROM, '$1 to')
    .replace(/\b(1[3-9]|2[0-3])(?::00)? ?pm\b/g, '$1:00') // "14pm" is 14:00
    // chrono reads "midnight tonight" as noon today: it is the midnight that ends today, the
    // next one, as "midnight" alone is read (rules-2.12.0).
    .replace(MIDNIGHT_TONIGHT, (_match, after?: string, before?: string) => {
      const zone = after ?? before;
      return zone === undefined ? 'midnight' : `midnight ${zone}`;
    });
  const results = chrono.parse(
    prepared,
    { instant: posted.toJSDate(), timezone: posted.offset },
    { forwardDate: true },
  );
  const times: StatedTime[] = [];
  for (const result of results) {
    const words = result.text;
    // Durations ("45 minutes", "1m", "3 days"), not times of day.
    if (/\d\s*(?:m|h|d|w|mins?|minutes?|hours?|hrs?|days?|weeks?)\b|next hour|\bago\b/.test(words))
      continue;
    if (!/\d|today|tomorrow|tonight|midnight|noon|day\b/.test(words)) continue;
    const before = prepared.slice(Math.max(0, result.index - 40), result.index);
    // "9:00 AM Pacific (17:00 UTC / 18:00 CET)": the same time in other zones (rules-2.11.0);
    // "tomorrow at 10am PT, which is 19:00 CET" (rules-2.13.17).
    if (times.length > 0 && /(?:[(/]|\bwhich is|\bthat's|\bi\.e\.|\baka|=) ?$/.test(before)) {
      // "reset at 6pm CET / 9am PT tomorrow": a day named with the second only is the first's
      // too; the second, whole, is read instead (rules-2.13.50).
      if (!(DAY_NAMED.test(words) && !DAY_NAMED.test(times.at(-1)!.text))) continue;
      times.pop();
    }
    // "1:10pm: usage limits reset for all users": a line of a timeline, stamped with the
    // clock time it happened at, not a time ahead ("Tomorrow: a full reset" is one) (rules-2.10.0).
    const stamp =
      /\d/.test(words) &&
      // "10am PT tomorrow: global reset …" names a time ahead (rules-2.12.2); so does a day
      // named short: "sat 21 nov, 08:00 CET: codex usage meters wiped …" (rules-2.13.71).
      !/\b(?:tomorrow|tonight|(?:mon|tues|wednes|thurs|fri|satur|sun)day|mon|tue|tues|wed|weds|thu|thur|thurs|fri|sat|sun)\b|\d{1,2}\/\d{1,2}/.test(
        words,
      ) &&
      /(?:^|\n)\s*$/.test(before) &&
      prepared.slice(result.index + words.length).startsWith(':');
    if (stamp) continue;
    // "10am PT and i'm already announcing things: limits reset at noon today": a post opening
    // on the clock time it is written at, not the reset's (rules-2.13.84).
    if (
      /(?:^|\n)\s*$/.test(before) &&
      /^ and (?:i|we|i'm|we're|it's)\b/.test(prepared.slice(result.index + words.length)) &&
      result.start.date().getTime() <= posted.toMillis()
    )
      continue;
    // "after Wednesday's hiccup": the day of an incident told of, gone by (rules-2.13.24).
    if (
      /day$/.test(words) &&
      INCIDENT_OF_DAY.test(
        prepared.slice(result.index + words.length, result.index + words.length + 30),
      )
    )
      continue;
    // "lands before midnight": a deadline of the reset's own verb, not a cutoff (rules-2.10.0).
    const deadlineBefore = ARRIVAL_BEFORE.test(before);
    // "Starting next Tuesday, every user gets…": a sentence that opens on it names the start.
    // "everyone gets one banked reset starting tomorrow": when the reset named is had from,
    // not a cutoff of who gets it (rules-2.13.36).
    // "resetting 5h + weekly for everyone over the next few hours, starting 9pm CET": a
    // clause of its own after the reset's, when it starts (STARTS_IT).
    const opensOnStart =
      /^(?:.*[.!?:\n] ?)?starting $/.test(before) ||
      (!SIGNED_UP.test(before) &&
        (/\bre-?sets?(?: [\w-]+){0,2} starting $/.test(before) ||
          (/ starting $/.test(before) &&
            STARTS_IT.test(prepared.slice(Math.max(0, result.index - 90), result.index)))));
    if (!deadlineBefore && !opensOnStart && CUTOFF_BEFORE.test(before)) {
      doubts.push(`"${words}" reads as a cutoff, not the landing time`);
      continue;
    }
    // "2-4pm PT today", "between 8 and 10am": a range of times is doubted, and its start is
    // still when (ahead, or gone by) the reset is said to come (rules-2.13.74).
    if (result.end !== null && result.end !== undefined)
      doubts.push(`"${words}" is a range of times`);
    const start = result.start;
    // "capacity was rough on Tuesday" written on Thursday: last Tuesday, a past event's day,
    // not next week's (rules-2.11.0).
    if (
      start.isCertain('weekday') &&
      !start.isCertain('day') &&
      !start.isCertain('hour') &&
      /\b(?:was|were|had|did)\b[^,.;:!?]*$/.test(before) &&
      start.date().getTime() - posted.toMillis() >= 4 * DAY_MS
    )
      continue;
    // "## shipped (v0.63 / Nov 18)" written on the 19th: a day of the month gone by, not
    // next year's, which chrono's forward dating makes it (rules-2.13.16).
    if (
      start.isCertain('day') &&
      start.isCertain('month') &&
      !start.isCertain('year') &&
      start.date().getTime() - posted.toMillis() > 300 * DAY_MS
    ) {
      doubts.push(`${DAY_GONE_BY}: "${words}"`);
      continue;
    }
    const hasHour = start.isCertain('hour');
    const hasDay =
      start.isCertain('day') || start.isCertain('weekday') || /today|tomorrow|tonight/.test(words);
    if (!hasHour && !hasDay) continue;
    const otherZone = OTHER_ZONE.test(words) && start.isCertain('timezoneOffset');
    let ms = otherZone ? start.date().getTime() : pacificMillis(posted, start, hasHour);
    // "half past midnight UTC tonight", "1am tonight": an hour of the small hours said with
    // "tonight" is the night's, after midnight, not the morning gone by (rules-2.13.70).
    if (
      hasHour &&
      /\btonight\b/.test(words) &&
      (start.get('hour') ?? 12) < 6 &&
      ms < posted.toMillis()
    )
      ms += DAY_MS;
    let rolledOver = false;
    // "at 18:00 CET" written at 10am Pacific (09:00 there): chrono moved it a day on.
    if (hasHour && !hasDay && otherZone && ms - DAY_MS >= posted.startOf('day').toMillis())
      rolledOver = true;
    if (hasHour && !hasDay && !otherZone) {
      // A time of day with no day named is its next occurrence on the Pacific clock. chrono
      // forward-dates it too, but with the offset it read ("PST" in summer is an hour off
      // the Pacific clock), which can pick the wrong day near that hour.
      const today = pacificMillis(posted, start, true, 0, posted);
      ms = today >= posted.toMillis() ? today : pacificMillis(posted, start, true, 1, posted);
      // "before midnight" means the coming one: no doubt when it is the next day's 00:00.
      if (ms !== today && !/\bmidnight\b/.test(words)) rolledOver = true;
    }
    const local =
      hasHour && !hasDay && !otherZone
        ? { hour: start.get('hour') ?? 0, minute: start.get('minute') ?? 0 }
        : null;
    times.push({
      ms,
      rolledOver,
      local,
      hasHour,
      by: deadlineBefore || /\bby $/.test(before),
      text: words,
    });
  }
  return times;
}

/**
 * The components chrono read, as local time of the schedule's zone on that date (or on
 * the day of `onDayOf`), `daysLater` days on.
 */
function pacificMillis(
  posted: DateTime,
  start: ParsedComponents,
  hasHour: boolean,
  daysLater = 0,
  onDayOf?: DateTime,
): number {
  const date = DateTime.fromObject(
    {
      year: onDayOf?.year ?? start.get('year') ?? posted.year,
      month: onDayOf?.month ?? start.get('month') ?? posted.month,
      day: onDayOf?.day ?? start.get('day') ?? posted.day,
    },
    { zone: posted.zone },
  ).plus({ days: daysLater });
  const local = DateTime.fromObject(
    {
      year: date.year,
      month: date.month,
      day: date.day,
      hour: hasHour ? (start.get('hour') ?? 0) : 0,
      minute: hasHour ? (start.get('minute') ?? 0) : 0,
    },
    { zone: posted.zone },
  );
  // The night clocks fall back, the hour from 1 to 2 am happens twice: it means its first
  // occurrence (daylight time), as Temporal's "compatible" disambiguation does.
  const earlier = local.minus({ hours: 1 });
  const repeated =
    earlier.day === local.day && earlier.hour === local.hour && earlier.minute === local.minute;
  return (repeated ? earlier : local).toMillis();
}

const PART_NAMES = new Set(PARTS_OF_DAY.map(([, , , name]) => name));
const VAGUE_NAMES = new Set([...VAGUE_CUES.map(([, , name]) => name), ABOUT_CUE]);

/** Every cue scheduleWhen reads has one of these words (a test keeps the two in step). */
export const TIME_HINT =
  /\d(?::\d\d)? ?(?:am|pm)\b|\d:\d\d|\b(?:in|within|next|over|at|by|around|under|than) ~? ?\d|\d ?(?:h|hrs?|hours?|mins?|minutes?|days?|weeks?)\b|\d(?:st|nd|rd|th)\b|\d\/\d|day\b|tonight|tomorrow|midnight|noon|week|hour|minute|\bmins?\b|\bhrs?\b|\bh\b|\beod\b|\bcob\b|close of business|end of|morning|afternoon|arvo|evening|night|soon|later|shortly|moment|imminent|in a (?:little )?bit|in a sec|incoming|inbound|on (?:its|the) way|in a (?:few|couple)|when i(?:'m| am)? (?:back|land)|(?:after|by|before) lunch|when it(?:'s| is) (?:live|through|done|out)|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\b|thanksgiving|christmas|xmas|new year's/;

/**
 * Does `text` name a time after the post, and how firmly? `explicit`: a day, a clock time,
 * a deadline, a part of a day, next week; `vague`: soon, in a bit, in a few hours; null:
 * no time, or only the day of the post ("today"). The tense rules use it: "resetting
 * tomorrow morning" is coming, "resetting" alone is under way.
 */
/** A time's possessive before another noun than a reset: "this morning's outage". */
const OTHER_EVENTS_TIME =
  /\b(?:(?:this|last|yesterday) )?(?<!\bnext )(?:morning|afternoon|evening|night|yesterday|week|weekend|month)'s (?!(?:[\w-]+ ){0,2}re-?set)[\w-]+|\b(?:who|that) (?:used|hit|ran|burned|burnt|maxed|lost|was|were|got) (?:[\w-]+ ){0,3}?(?:this|last) (?:week|weekend|month|morning|night)\b|\b(?:ate|used|burned|burnt|cost|took|wasted|lost|double-counted|overcharged)\b[^.!?,;]{0,40}?\b(?:this|last) (?:week|weekend|month|morning|night)\b/g;

/** "Tue 24": a weekday and a day of the month, with no month. */
const WEEKDAY_DATE =
  /\b(mon|tue|wed|thu|fri|sat|sun)[a-z]* (?:the )?(\d{1,2})(?:st|nd|rd|th)?\b(?! ?(?:[:/.-]\d|am\b|pm\b|h\b|hours?\b|min|(?:of )?(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)))/g;
const WEEKDAY_NUMBER: Readonly<Record<string, number>> = {
  mon: 1,
  tue: 2,
  wed: 3,
  thu: 4,
  fri: 5,
  sat: 6,
  sun: 7,
};

/** "on the 24th", "by the 1st": a day of the month without the month. */
const ORDINAL_DAY =
  /\b(on|by) the ([1-9]|[12]\d|3[01])(?:st|nd|rd|th)\b(?! (?:of )?(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec))/g;

/**
 * "Tue 24 — usage limit reset": chrono reads no date in a weekday and a day of the month
 * without the month; the month is the first, from the post's on, in which that day falls on
 * that weekday (rules-2.13.3). Left as written when none of the next two does.
 */
function withMonths(given: string, posted: DateTime): string {
  // "drops into accounts on the 24th": a day of the month alone, after "on" or "by", still
  // ahead in the post's month, is that day (rules-2.13.73). A day gone by is left unread: "we
  // reset limits on the 12th" is this month's, not the next; so is "till the 23rd", a cutoff.
  // Said after "on", a day gone by is this month's: "the reset we did on the 3rd" is dated,
  // and so recalled (rules-2.13.84).
  const text = given.includes('the ')
    ? given.replace(ORDINAL_DAY, (whole, before: string, day: string) => {
        const date = posted.set({ day: Number(day) });
        if (date.day !== Number(day)) return whole;
        if (date < posted.startOf('day') && before !== 'on') return whole;
        return `${before} ${date.toFormat('LLLL')} ${Number(day)}`;
      })
    : given;
  return text.replace(WEEKDAY_DATE, (whole, weekday: string, day: string) => {
    for (let months = 0; months < 2; months++) {
      const month = posted.startOf('month').plus({ months });
      const date = month.set({ day: Number(day) });
      if (
        date.month === month.month &&
        date.weekday === WEEKDAY_NUMBER[weekday] &&
        date >= posted.startOf('day')
      )
        return `${weekday} ${date.toFormat('LLLL')} ${Number(day)}`;
    }
    return whole;
  });
}

/** A holiday named for its day: "thanksgiving morning", "christmas eve", "new year's day". */
const HOLIDAY =
  /\b(?<!\b(?:before|after|over|until|till|since|during|through) (?:the )?)(thanksgiving|black friday|cyber monday|christmas eve|christmas|xmas|new year's eve|new year's)(?: day)?\b(?! (?:week|weekend|break|holidays?|sale|party|dinner)\b)/g;

/** A day named otherwise than by a holiday. */
const OTHER_DAY = /\b(?:today|tonight|tomorrow|(?:mon|tues|wednes|thurs|fri|satur|sun)day)\b/;

/** The month and day of each holiday of a fixed date. */
const HOLIDAY_DATES: Readonly<Record<string, readonly [number, number]>> = {
  'christmas eve': [12, 24],
  christmas: [12, 25],
  xmas: [12, 25],
  "new year's eve": [12, 31],
  "new year's": [1, 1],
};

/**
 * "reset thanksgiving morning": chrono knows no holidays; each is its date, the first one on
 * or after the post's day (rules-2.13.36). Thanksgiving is the fourth Thursday of November
 * (the United States' own, as the announcer's); Black Friday and Cyber Monday follow it
 * (rules-2.13.86). Not "before thanksgiving" ("wednesday
 * before thanksgiving" is chrono's next Wednesday), "over christmas" or "thanksgiving week":
 * a deadline or a span, left to the words around it as before.
 */
function withHolidays(text: string, posted: DateTime): string {
  if (!/thanksgiving|black friday|cyber monday|christmas|xmas|new year's/.test(text)) return text;
  return text.replace(HOLIDAY, (whole: string, name: string, at: number) => {
    // "so the new year's reset happens early: this saturday": the holiday names the reset,
    // another day its time (rules-2.13.95).
    if (
      /^(?:'s)? re-?set\b/.test(text.slice(at + whole.length)) &&
      OTHER_DAY.test(text.replace(whole, ''))
    )
      return whole;
    const on = (year: number) => {
      const first = DateTime.fromObject({ year, month: 11, day: 1 }, { zone: posted.zone });
      const thanksgiving = first.plus({ days: ((4 - first.weekday + 7) % 7) + 21 });
      if (name === 'thanksgiving') return thanksgiving;
      // The day after it, and the Monday after (rules-2.13.86).
      if (name === 'black friday') return thanksgiving.plus({ days: 1 });
      if (name === 'cyber monday') return thanksgiving.plus({ days: 4 });
      const [month, day] = HOLIDAY_DATES[name]!;
      return DateTime.fromObject({ year, month, day }, { zone: posted.zone });
    };
    const thisYear = on(posted.year);
    const date = thisYear >= posted.startOf('day') ? thisYear : on(posted.year + 1);
    return date.toFormat('LLLL d yyyy');
  });
}

/**
 * When a banked reset expires, or must be used by: "a banked reset today, it expires in 30
 * days" lands today (rules-2.13.7).
 */
const EXPIRY_TIME =
  /\b(?:expir(?:e|es|ed|ing|y)|valid (?:until|till|through)|good (?:until|till|through)|use it (?:by|before|within))\b[^.!?,;]*|\b(?:\d+|thirty|sixty|ninety|a few|a couple of) (?:days|weeks|months) to (?:spend|use|redeem|claim) (?:it|them|one)\b/g;
/**
 * How long a rollout under way takes: "rolling out over the next hour" is under way now,
 * not a time ahead (rules-2.13.11).
 */
const ROLLOUT_TIME =
  /\b(?:rolling out|rolls out|propagating|landing|going out) over the (?:next|coming) [^.!?,;]*/g;

/** A weekday with "a": "on a thursday", any one of them. */
const ANY_WEEKDAY = /\b(?:on )?an? (?:mon|tues|wednes|thurs|fri|satur|sun)day\b/g;
/** When something was said: "as promised on Tuesday", "as announced last week". */
const PROMISE_TIME =
  /\bas (?:promised|announced|mentioned|teased|said|planned|discussed)(?: (?:on|last|earlier|yesterday|this) ?[\w-]*(?: (?:morning|afternoon|evening|night|week))?)?/g;

export function timeAhead(
  text: string,
  announcedMs: number,
  zone: string,
): 'explicit' | 'vague' | null {
  // Most sentences have no word of time at all: chrono is not asked about them.
  if (!TIME_HINT.test(text)) return null;
  return readAhead(text, announcedMs, zone); // its chrono reading is remembered per post
}

/**
 * Does `text` name a clock time of the post's day that had passed when it was written
 * ("Limits wiped at 9am PT" at 10am)? For a reset named without a verb, that is when it
 * happened (rules-2.11.0).
 */
export function timePassedToday(text: string, announcedMs: number, zone: string): boolean {
  if (!TIME_HINT.test(text)) return false;
  return scheduleWhen(text, announcedMs, zone).rolledOver === true;
}

/** Do two instants fall on the same day of the schedule's zone? */
const sameDay = (a: number, b: number, zone: string) =>
  DateTime.fromMillis(a, { zone: hourlyZone(zone) }).hasSame(
    DateTime.fromMillis(b, { zone: hourlyZone(zone) }),
    'day',
  );

/** "between 8 and 10am", "between 2:30 and 4pm": two clock times, the first without its half. */
const BETWEEN_CLOCKS = /\bbetween (\d{1,2}(?::\d\d)?) and (\d{1,2}(?::\d\d)? ?(?:am|pm))\b/g;

/** "as of 9am PT": the clock time something took effect (a cutoff for chrono's reading). */
const AS_OF_CLOCK = /\bas of (?=\d{1,2}(?::\d\d)? ?(?:am|pm|a\.m\.|p\.m\.)?\b)/g;

/**
 * Does `text` say a reset named without a verb took effect at a clock time of the post's day
 * gone by ("limits refilled across the board as of 9am PT" at 10am)? Then it is done
 * (rules-2.13.47); "as of 2pm" at 10am stays a cutoff, not a time ahead.
 */
export function tookEffectToday(text: string, announcedMs: number, zone: string): boolean {
  if (!/\bas of \d/.test(text)) return false;
  const { when, rolledOver } = scheduleWhen(text.replace(AS_OF_CLOCK, 'at '), announcedMs, zone);
  // A clock time gone by today; or "as of 9:47am PT, 19/11/2026", today's date said with it
  // (rules-2.13.74).
  return (
    rolledOver === true ||
    (when.basis === 'explicit' &&
      when.precision === 'datetime' &&
      when.startMs <= announcedMs &&
      sameDay(when.startMs, announcedMs, zone))
  );
}

/**
 * Does `text` name a firm time that starts after the post ("tomorrow", "at 6pm" written at
 * 10am)? Not "this morning" written at 10am, nor a vague time. For a bare "we reset", whose
 * form is past or present alike: with such a time it is the present of a schedule
 * ("Tomorrow we reset usage limits"), rules-2.4.0.
 */
/** A month's name, or a day and month in figures: "nov 18", "11/18". */
const MONTH_DAY_HINT =
  /\bon the \d{1,2}(?:st|nd|rd|th)\b|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.? \d|\b\d{1,2}(?:st|nd|rd|th)? (?:of )?(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)|\b\d{1,2}\/\d{1,2}\b/;
/** The doubt of a day of the month gone by. */
const DAY_GONE_BY = 'a day of the month gone by';

/**
 * Does `text` name a day of the month gone by ("on Nov 18" written on the 19th)? A done
 * reset dated so is recalled, or announced late: the operator says which (rules-2.13.16).
 */
export function namesDayGoneBy(text: string, announcedMs: number, zone: string): boolean {
  // Only a month's name or a numeric date can be one: chrono is not asked otherwise.
  if (!MONTH_DAY_HINT.test(text)) return false;
  return scheduleWhen(text, announcedMs, zone).doubts.some((d) => d.startsWith(DAY_GONE_BY));
}

export function timeStartsAfter(text: string, announcedMs: number, zone: string): boolean {
  if (!TIME_HINT.test(text)) return false;
  const { when, rolledOver } = scheduleWhen(text, announcedMs, zone);
  return (
    when.cue !== NO_TIME_CUE &&
    !VAGUE_NAMES.has(when.cue) &&
    when.startMs > announcedMs &&
    rolledOver !== true
  );
}

function readAhead(text: string, announcedMs: number, zone: string): 'explicit' | 'vague' | null {
  const { when } = scheduleWhen(text, announcedMs, zone);
  if (when.cue === NO_TIME_CUE) return null;
  if (VAGUE_NAMES.has(when.cue)) return 'vague';
  // A whole day that has begun when the post is written is today: not ahead.
  if (when.precision === 'date' && when.startMs <= announcedMs) return null;
  // Nor "at 10am" written at 10:00: that instant is now (rules-2.13.2).
  if (when.precision === 'datetime' && when.endMs <= announcedMs) return null;
  // Nor "this morning" written at 10am: that part of the day has begun (rules-2.11.0).
  // ("tonight" at 8pm is still ahead: the night has not come.)
  if (
    PART_NAMES.has(when.cue) &&
    when.startMs <= announcedMs &&
    /\bthis (?:morning|afternoon)\b/.test(text) &&
    !/\btomorrow\b/.test(text)
  )
    return null;
  return 'explicit';
}
