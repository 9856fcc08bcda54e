// The words of the one answer (answer.md §1), shared by the server and the browser so that
// both say the same thing: the server calls them with a UTC clock (the pages as read
// without JavaScript, the feed and the calendar), the status page's script with a clock in
// the visitor's time zone. Plain JavaScript, so that the browser loads this very file
// (/assets/answer-words.js) without a build step; words.d.ts types it for the server.

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** answer.md §1: no successful source check for this long makes the data stale. */
export const STALE_AFTER_MS = 30 * HOUR;

/** The announcer's calendar (producer.md §2): a date-precision window is one of its days. */
export const ANNOUNCER_ZONE = 'America/Los_Angeles';
const DAY_ZONES = [
  { zone: ANNOUNCER_ZONE, label: 'Pacific time' },
  { zone: 'UTC', label: 'UTC' },
];

/** A deadline window ("by 8pm", "in the next hour") up to this long still names a time. */
export const KNOWN_TIME_SPAN_MS = 2 * HOUR;

const ESCAPES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for HTML content and attribute values. */
export function escapeHtml(text) {
  return String(text).replace(/[&<>"']/g, (char) => ESCAPES[char]);
}

// ---------------------------------------------------------------------------------------
// What was reset, and for whom

const PLAN_NAMES = {
  free: 'Free',
  go: 'Go',
  plus: 'Plus',
  pro: 'Pro',
  business: 'Business',
  enterprise: 'Enterprise',
  edu: 'Edu',
};
const WINDOW_NAMES = { five_hour: 'five-hour', weekly: 'weekly' };
const TYPE_NAMES = {
  global: 'global limits',
  banked: 'banked usage',
  global_and_banked: 'global limits and banked usage',
};

/** `a`, `a and b`, `a, b and c`. */
export function listWords(items) {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

const known = (ids) => ids.filter((id) => id !== 'unknown');

/** `all plans`, `Plus and Pro`, or null when the plans are unknown (unspecified). */
export function plansWords(plans) {
  const ids = known(plans);
  if (ids.includes('all')) return 'all plans';
  if (ids.length === 0) return null;
  return listWords(ids.map((id) => PLAN_NAMES[id] ?? id));
}

/** `five-hour and weekly windows`, `weekly window`, or null when unknown. */
export function windowsWords(windows) {
  const ids = known(windows);
  if (ids.length === 0) return null;
  return `${listWords(ids.map((id) => WINDOW_NAMES[id] ?? id))} window${ids.length === 1 ? '' : 's'}`;
}

export const typeWords = (resetType) => TYPE_NAMES[resetType] ?? resetType;

/** `global limits, all plans, five-hour and weekly windows`: what a reset touched, as known. */
export function whatWasReset(fact) {
  return [typeWords(fact.resetType), plansWords(fact.plans), windowsWords(fact.windows)]
    .filter((part) => part !== null)
    .join(', ');
}

/**
 * answer.md §1: the unqualified "limits were reset" is kept for a global reset of all (or
 * unspecified) plans; anything narrower is said as what it was.
 */
export function isFullReset(fact) {
  const plans = known(fact.plans);
  return fact.resetType !== 'banked' && (plans.length === 0 || plans.includes('all'));
}

/** `A banked reset for Pro`, `A global reset for Plus and Pro`, `A reset of global limits`. */
export function resetNoun(fact) {
  const kind =
    fact.resetType === 'banked'
      ? 'banked reset'
      : fact.resetType === 'global'
        ? 'global reset'
        : 'global and banked reset';
  const plans = plansWords(fact.plans);
  return `A ${kind}${plans === null || plans === 'all plans' ? '' : ` for ${plans}`}`;
}

// ---------------------------------------------------------------------------------------
// Days and times in one time zone

const pad = (value) => String(value).padStart(2, '0');

/** `YYYY-MM-DD` shifted by whole calendar days (pure date arithmetic: no clock change). */
export function shiftDayKey(key, days) {
  const [year, month, day] = key.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

const keyFormats = new Map();
/** The calendar day (YYYY-MM-DD) of an instant in `zone`. */
export function dayKeyIn(ms, zone) {
  if (zone === 'UTC' || zone === 'Etc/UTC') {
    // The server's zone, on every page it renders: the ISO string is the UTC calendar, and
    // much cheaper than formatToParts.
    const iso = new Date(ms).toISOString();
    return { day: iso.slice(0, 10), clock: iso.slice(11, 19) };
  }
  let format = keyFormats.get(zone);
  if (format === undefined) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hourCycle: 'h23',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    keyFormats.set(zone, format);
  }
  const parts = {};
  for (const part of format.formatToParts(ms)) parts[part.type] = part.value;
  return {
    day: `${parts.year}-${parts.month}-${parts.day}`,
    clock: `${parts.hour === '24' ? '00' : parts.hour}:${parts.minute}:${parts.second}`,
  };
}

/**
 * Days and times in one zone: the server's is UTC (and says so after every time), the
 * page's the visitor's. `locale` undefined is the visitor's own.
 */
export function createClock(zone, locale) {
  const time = new Intl.DateTimeFormat(locale, { timeZone: zone, timeStyle: 'short' });
  const dayName = new Intl.DateTimeFormat(locale, {
    timeZone: zone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
  });
  const resolved = time.resolvedOptions().timeZone;
  const utc = resolved === 'UTC' || resolved === 'Etc/UTC';
  const suffix = utc ? ' UTC' : '';
  const dayKey = (ms) => dayKeyIn(ms, resolved).day;
  return {
    zone: resolved,
    utc,
    /** After a span of times: nothing in UTC (each time says UTC), else ` your time`. */
    yours: utc ? '' : ' your time',
    dayKey,
    time: (ms) => `${time.format(ms)}${suffix}`,
    dayName: (ms) => dayName.format(ms),
    /** `today 19:28`, `yesterday 19:28`, `tomorrow 08:00`, `Tue 18 Nov 19:28` (UTC: `… UTC`). */
    when(ms, now) {
      const day = dayKey(ms);
      const today = dayKey(now);
      const named =
        day === today
          ? 'today'
          : day === shiftDayKey(today, -1)
            ? 'yesterday'
            : day === shiftDayKey(today, 1)
              ? 'tomorrow'
              : dayName.format(ms);
      return `${named} ${time.format(ms)}${suffix}`;
    },
  };
}

/** How long ago: `just now`, `12 min ago`, `5 h ago` (under two days), `3 days ago`. */
export function agoWords(ms) {
  if (ms < MINUTE) return 'just now';
  if (ms < HOUR) return `${Math.floor(ms / MINUTE)} min ago`;
  if (ms < 48 * HOUR) return `${Math.floor(ms / HOUR)} h ago`;
  return `${Math.floor(ms / DAY)} days ago`;
}

/** An age: `31 h` under two days, then `3 days` (the stale banner). */
export const ageWords = (ms) =>
  ms < 48 * HOUR ? `${Math.floor(ms / HOUR)} h` : `${Math.floor(ms / DAY)} days`;

/** Time left: `2 d 4 h`, `4 h 05 min`, `12 min 09 s` in the last hour, `9 s`; rounded up. */
export function countdownWords(ms) {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const days = Math.floor(total / 86400);
  const hours = Math.floor((total % 86400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  if (days > 0) return `${days} d ${hours} h`;
  if (hours > 0) return `${hours} h ${pad(minutes)} min`;
  if (minutes > 0) return `${minutes} min ${pad(seconds)} s`;
  return `${seconds} s`;
}

// ---------------------------------------------------------------------------------------
// When a schedule lands, in the words its precision allows

const wholeDays = new Map();
/** Windows remembered by wholeDayOf: a page asks about the same few windows again and again. */
const WHOLE_DAYS_MAX = 1000;

/** The zone whose calendar day a window is (the announcer's first), or null. */
export function wholeDayOf(startMs, endMs) {
  const key = `${startMs}/${endMs}`;
  const known = wholeDays.get(key);
  if (known !== undefined) return known;
  if (wholeDays.size >= WHOLE_DAYS_MAX) wholeDays.clear();
  const found = findWholeDay(startMs, endMs);
  wholeDays.set(key, found);
  return found;
}

function findWholeDay(startMs, endMs) {
  for (const { zone, label } of DAY_ZONES) {
    const start = dayKeyIn(startMs, zone);
    const end = dayKeyIn(endMs, zone);
    if (
      start.clock === '00:00:00' &&
      end.clock === '23:59:59' &&
      start.day === end.day &&
      startMs % 1000 === 0 &&
      endMs % 1000 === 999
    ) {
      return { zone, label, day: start.day };
    }
  }
  return null;
}

const dayNameFormats = new Map();
/** `Sat 21 Nov` of a `YYYY-MM-DD` day, whatever the zone it belongs to. */
export function dayKeyName(key, locale) {
  const [year, month, day] = key.split('-').map(Number);
  let format = dayNameFormats.get(locale);
  if (format === undefined) {
    format = new Intl.DateTimeFormat(locale, {
      timeZone: 'UTC',
      weekday: 'short',
      day: 'numeric',
      month: 'short',
    });
    dayNameFormats.set(locale, format);
  }
  return format.format(Date.UTC(year, month - 1, day, 12));
}

/** A schedule with a time of day to the minute: exact, or a deadline of at most two hours. */
export function isKnownTime(schedule, startMs, endMs) {
  return (
    schedule.precision === 'datetime' &&
    schedule.basis === 'explicit' &&
    endMs - startMs <= KNOWN_TIME_SPAN_MS
  );
}

/**
 * When an open schedule lands, with the precision it has (`schedule`: startAt, endAt,
 * precision, basis): a known time to the minute with a countdown; a whole day as the
 * announcer's day plus the span in the clock's zone, once, saying when it is open already;
 * any other window as a window. Never a countdown for a day.
 */
export function scheduleWords(schedule, now, clock, locale) {
  if (schedule.startAt === null || schedule.endAt === null) return 'no time announced';
  const start = Date.parse(schedule.startAt);
  const end = Date.parse(schedule.endAt);
  if (isKnownTime(schedule, start, end)) {
    if (start > now) return `${clock.when(start, now)}, in ${countdownWords(start - now)}`;
    if (start === end) return `${clock.when(start, now)}, now`;
    return `by ${clock.when(end, now)}, in ${countdownWords(end - now)}`;
  }
  const whole = schedule.precision === 'date' ? wholeDayOf(start, end) : null;
  if (whole !== null) {
    const named = `some time on ${dayKeyName(whole.day, locale)}, ${whole.label}`;
    if (now >= start) return `${named}: open now, until ${clock.when(end, now)}${clock.yours}`;
    return `${named} (${clock.when(start, now)} to ${clock.when(end, now)}${clock.yours})`;
  }
  const sameDay = clock.dayKey(start) === clock.dayKey(end);
  const until = sameDay ? clock.time(end) : clock.when(end, now);
  const open = now >= start ? ', open now' : '';
  const inferred = schedule.basis === 'explicit' ? '' : ' (inferred, not announced)';
  return `between ${clock.when(start, now)} and ${until}${open}${inferred}`;
}

// ---------------------------------------------------------------------------------------
// The verdict: was there a reset (today, in the clock's days), and the last one

const ICONS = { yes: '✓', partial: '◐', soon: '◷', no: '–', stale: '?' };

/**
 * The banner's verdict from the answer (the body of /status.json) at `now` in `clock`'s
 * days. Stale data overrides every verdict; a global reset of all plans today is "Yes";
 * a narrower reset today says what it was; the last reset is always stated with how long
 * ago it was, so that a day boundary never hides it.
 */
export function verdictOf(answer, now, clock) {
  const checked =
    answer.lastSuccessfulCheckAt === null ? null : Date.parse(answer.lastSuccessfulCheckAt);
  const today = clock.dayKey(now);
  const isToday = (fact) => fact !== null && clock.dayKey(Date.parse(fact.at)) === today;
  const last = answer.lastReset;
  const global = answer.lastGlobalReset;
  const lastLine =
    last === null
      ? 'Last reset: none recorded.'
      : `Last reset: ${agoWords(now - Date.parse(last.at))}, ${clock.when(Date.parse(last.at), now)}: ${whatWasReset(last)}.`;
  const globalLine =
    global === null || last === null || global.recordId === last.recordId
      ? null
      : `Last global reset: ${agoWords(now - Date.parse(global.at))}, ${clock.when(Date.parse(global.at), now)}: ${whatWasReset(global)}.`;

  let state;
  let headline;
  let short;
  if (checked === null || now - checked > STALE_AFTER_MS) {
    state = 'stale';
    const age = checked === null ? null : ageWords(now - checked);
    headline =
      age === null
        ? 'Unknown: no successful check of the source is recorded'
        : `Unknown: the data is ${age} old`;
    short = age === null ? 'Unknown: never checked' : `Unknown: data ${age} old`;
  } else if (isToday(global) && isFullReset(global)) {
    state = 'yes';
    headline = `Yes, limits were reset today at ${clock.time(Date.parse(global.at))}`;
    short = `Reset ${agoWords(now - Date.parse(global.at))}`;
  } else if (isToday(global) || isToday(last)) {
    state = 'partial';
    const fact = isToday(global) ? global : last;
    headline = `${resetNoun(fact)} today at ${clock.time(Date.parse(fact.at))}`;
    short = `${resetNoun(fact)} ${agoWords(now - Date.parse(fact.at))}`;
  } else {
    state = answer.next === null ? 'no' : 'soon';
    headline = 'No reset yet today';
    short =
      last === null
        ? 'No reset recorded'
        : `No reset today; last ${agoWords(now - Date.parse(last.at))}`;
  }
  return { state, icon: ICONS[state], headline, short, lastLine, globalLine };
}

// ---------------------------------------------------------------------------------------
// The last 90 days, one cell per day of the clock

export const HISTORY_DAYS = 90;

/**
 * The strip's cells, oldest first, today last: each day of `clock` with the resets in it
 * (`resets`: {recordId, at, resetType, plans, windows, path}, any order; `path` is the
 * record page's address, encoded by the server).
 */
export function stripDays(resets, now, clock, locale) {
  const byDay = new Map();
  for (const reset of resets) {
    const key = clock.dayKey(Date.parse(reset.at));
    const list = byDay.get(key) ?? [];
    list.push(reset);
    byDay.set(key, list);
  }
  const today = clock.dayKey(now);
  const days = [];
  for (let back = HISTORY_DAYS - 1; back >= 0; back--) {
    const key = shiftDayKey(today, -back);
    const dayResets = (byDay.get(key) ?? []).sort((a, b) => Date.parse(b.at) - Date.parse(a.at));
    const name = dayKeyName(key, locale);
    const label =
      dayResets.length === 0
        ? `${name}: no reset`
        : `${name}: ${dayResets.length === 1 ? '' : `${dayResets.length} resets, the last `}${whatWasReset(dayResets[0])}`;
    days.push({ key, label, resets: dayResets });
  }
  return days;
}

/** The strip's list items (the same markup from the server and from the page's script). */
export function stripHtml(days) {
  return days
    .map(({ key, label, resets }) => {
      if (resets.length === 0) {
        return `<li class="day" data-day="${key}"><span class="day-cell" title="${escapeHtml(label)}"><span class="visually-hidden">${escapeHtml(label)}</span></span></li>`;
      }
      const full = resets.some(isFullReset) ? ' day-full' : '';
      return `<li class="day day-reset${full}" data-day="${key}"><a class="day-cell" href="${escapeHtml(resets[0].path)}" title="${escapeHtml(label)}"><span class="visually-hidden">${escapeHtml(label)}</span></a></li>`;
    })
    .join('');
}
