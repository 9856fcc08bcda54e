import { DateTime } from 'luxon';
import type { SnapshotFile } from '../../shared/domain/snapshot.ts';
import { formatTimestamp } from '../../shared/domain/timestamp.ts';
import { build } from '../build/build.ts';
import { DEFAULT_BUILD_SETTINGS } from '../build/settings.ts';
import type { ClassifiedReset, Entry, NewEntry } from '../ledger/entry.ts';

/**
 * The bundled sample ledger behind `npm start` without SNAPSHOT_PATH: posts as the monitor
 * stores them (with their stored classifications), and an operator's days of decisions,
 * all at times relative to `nowMs`. The demo snapshot is `build()` of these entries, the
 * same code that builds production snapshots, and it shows every record shape and state:
 * schedules pending (a whole Pacific day in progress, an exact time later), elapsed,
 * unknown (one without a window), and fulfilled automatically, by a link and by a manual
 * completion; completions from posts, a banked one for one plan, and a manual completion.
 * Behind the scenes it also holds a post waiting in the review queue, a dismissed post and
 * an undone dismissal.
 *
 * Every text says what its dates are: a day is named by its weekday on the announcer's
 * (Pacific) calendar, as the classifier reads it, and a date window is that Pacific day.
 * Over its first day the demo's banner shows the verdicts in turn: a global reset of all
 * plans two minutes before the start ("Yes", green, until the visitor's midnight), then
 * "No reset yet today" while resets are still scheduled (the Pacific day in progress, the
 * exact time five hours after the start), then with nothing scheduled once both passed.
 * Which of the last two a visitor sees depends on where their midnight falls.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const HANDLE = 'resetwatch';
const CLASSIFIER = 'sample-1.0.0';
/** The announcer's calendar (producer.md §2). */
const PACIFIC = 'America/Los_Angeles';

const reset = (fields: Partial<ClassifiedReset> & Pick<ClassifiedReset, 'kind' | 'resetType'>) => ({
  effectiveAt: null,
  confidence: null,
  scope: null,
  schedulePrecision: null,
  scheduleBasis: null,
  scheduleWindow: null,
  ...fields,
});

export function sampleLedger(nowMs: number): Entry[] {
  const minute = (ms: number) => Math.floor(ms / MINUTE) * MINUTE;
  const at = (offsetMs: number) => formatTimestamp(minute(nowMs + offsetMs));
  const pacific = (offsetMs: number) =>
    DateTime.fromMillis(minute(nowMs + offsetMs), { zone: PACIFIC });
  /** The Pacific day of `offsetMs` shifted by `days`: its window and its weekday's name. */
  const pacificDay = (offsetMs: number, days = 0) => {
    const day = pacific(offsetMs).startOf('day').plus({ days });
    return {
      window: {
        startAt: formatTimestamp(day.toMillis()),
        endAt: formatTimestamp(day.endOf('day').toMillis()),
      },
      weekday: day.toFormat('cccc'),
    };
  };
  const exact = (ms: number) => ({ startAt: formatTimestamp(ms), endAt: formatTimestamp(ms) });
  const clock = (ms: number) => DateTime.fromMillis(ms, { zone: PACIFIC }).toFormat('h:mm a');

  const entries: NewEntry[] = [];
  const observe = (
    id: string,
    offsetMs: number,
    text: string,
    classified: ClassifiedReset | null,
    review: boolean,
  ) => {
    const time = at(offsetMs);
    entries.push(
      {
        type: 'post_observed',
        at: time,
        actor: 'monitor',
        reason: null,
        payload: { post: { id, handle: HANDLE, createdAt: time, text } },
      },
      {
        type: 'post_classified',
        at: time,
        actor: 'monitor',
        reason: null,
        payload: {
          postId: id,
          classification: {
            classifier: CLASSIFIER,
            reset: classified,
            review,
            reasons: review ? ['confidence below REVIEW_BELOW'] : [],
          },
        },
      },
    );
  };
  const operator = (
    offsetMs: number,
    reason: string | null,
    entry: Pick<NewEntry, 'type' | 'payload'>,
  ) => entries.push({ ...entry, at: at(offsetMs), actor: 'alice', reason } as NewEntry);

  observe(
    '987654321',
    -20 * DAY,
    'Banked usage reset done.',
    reset({ kind: 'reset_completed', resetType: 'banked', effectiveAt: at(-20 * DAY) }),
    false,
  );
  observe(
    '1988000000000000777',
    -14 * DAY,
    'Something about limits soon?',
    reset({
      kind: 'reset_scheduled',
      resetType: 'global_and_banked',
      confidence: 0.2,
      scope: { plans: ['unknown'], windows: ['unknown'] },
    }),
    true,
  );
  operator(-14 * DAY + HOUR, 'Vague, but keep it visible as a possible reset.', {
    type: 'accept',
    payload: { postId: '1988000000000000777', corrections: {} },
  });
  // "Tomorrow morning": 9 AM Pacific on the next Pacific day; confirmed by hand.
  const morning = pacific(-10 * DAY)
    .startOf('day')
    .plus({ days: 1, hours: 9 })
    .toMillis();
  observe(
    '1989000000000000321',
    -10 * DAY,
    'Resetting limits tomorrow morning, 9 AM PT.',
    reset({
      kind: 'reset_scheduled',
      resetType: 'global',
      effectiveAt: formatTimestamp(morning),
      confidence: 0.9,
      scope: { plans: ['all'], windows: ['five_hour'] },
      schedulePrecision: 'datetime',
      scheduleBasis: 'explicit',
      scheduleWindow: exact(morning),
    }),
    false,
  );
  operator(morning - nowMs + 3 * HOUR, 'Confirmed in the product; no post announced it.', {
    type: 'complete',
    payload: {
      recordId: 'manual:reset-9-days-ago',
      scheduleIds: ['1989000000000000321'],
      completedAt: formatTimestamp(morning + 2 * HOUR),
      resetType: 'global',
    },
  });
  // An operator's note, on a Thursday, for that Saturday, which passed unconfirmed: the
  // last Saturday a week or more before the start, far from every completion post.
  const saturday = pacificDay(-7 * DAY, -((pacific(-7 * DAY).weekday + 1) % 7));
  const thursday = Date.parse(saturday.window.startAt) - 2 * DAY + 10 * HOUR - nowMs;
  operator(thursday, 'Heard on a community call.', {
    type: 'note',
    payload: {
      recordId: 'op_weekend_notice',
      kind: 'reset_scheduled',
      resetType: 'global',
      announcedAt: at(thursday),
      effectiveAt: null,
      text: `Operator note: a reset is expected on ${saturday.weekday} (heard on a community call).`,
      scope: null,
      schedulePrecision: 'date',
      scheduleBasis: 'contextual_inference',
      scheduleWindow: saturday.window,
      post: null,
    },
  });
  // A weekly reset announced for the next day, which went out two days late.
  const weekly = pacificDay(-7 * DAY, 1);
  observe(
    '1989500000000000001',
    -7 * DAY,
    `Weekly limits reset for Plus and Pro on ${weekly.weekday}.`,
    reset({
      kind: 'reset_scheduled',
      resetType: 'global',
      confidence: 0.9,
      scope: { plans: ['plus', 'pro'], windows: ['weekly'] },
      schedulePrecision: 'date',
      scheduleBasis: 'explicit',
      scheduleWindow: weekly.window,
    }),
    false,
  );
  observe(
    '1989600000000000002',
    -4 * DAY,
    `The ${weekly.weekday} reset finally went out today, sorry for the delay.`,
    reset({
      kind: 'reset_completed',
      resetType: 'global',
      confidence: 0.95,
      scope: { plans: ['plus', 'pro'], windows: ['weekly'] },
    }),
    false,
  );
  operator(-4 * DAY + HOUR, 'Two days late, past LATE_LINK_HOURS: linked by hand.', {
    type: 'link',
    payload: { scheduleId: '1989500000000000001', completionId: '1989600000000000002' },
  });
  // Banked usage for Pro, announced for a day that passed unconfirmed.
  const banked = pacificDay(-5 * DAY, 3);
  observe(
    '1990000000000000500',
    -5 * DAY,
    `Banked limits for Pro are planned to reset on ${banked.weekday}; details to follow.`,
    reset({
      kind: 'reset_scheduled',
      resetType: 'banked',
      confidence: 0.55,
      scope: { plans: ['pro'], windows: ['weekly'] },
      schedulePrecision: 'date',
      scheduleBasis: 'explicit',
      scheduleWindow: banked.window,
    }),
    true,
  );
  operator(-5 * DAY + HOUR, null, {
    type: 'accept',
    payload: { postId: '1990000000000000500', corrections: {} },
  });
  observe(
    '1990100000000000003',
    -4 * DAY,
    'lol imagine if we reset everyone right now',
    reset({ kind: 'reset_completed', resetType: 'global', confidence: 0.7 }),
    true,
  );
  operator(-4 * DAY + 2 * HOUR, 'A joke, not an announcement.', {
    type: 'dismiss',
    payload: { recordId: '1990100000000000003' },
  });
  operator(-3 * DAY, 'Wrong record.', {
    type: 'dismiss',
    payload: { recordId: '987654321' },
  });
  operator(-3 * DAY + HOUR, 'Dismissed the wrong record by mistake.', {
    type: 'undo',
    payload: { entryId: 0 },
  }); // id set below
  observe(
    '1990300000000000009',
    -2 * DAY,
    'Banked usage for Pro has been reset.',
    reset({
      kind: 'reset_completed',
      resetType: 'banked',
      confidence: 0.9,
      scope: { plans: ['pro'], windows: ['unknown'] },
    }),
    false,
  );
  // A note with no date, announced 12 days ago: past UNKNOWN_AFTER_HOURS, no completion
  // post in the three days after it, so its state is unknown.
  operator(-12 * DAY, 'No date given yet.', {
    type: 'note',
    payload: {
      recordId: 'op_next_maintenance',
      kind: 'reset_scheduled',
      resetType: 'global_and_banked',
      announcedAt: at(-12 * DAY),
      effectiveAt: null,
      text: 'A reset is expected after the next maintenance; no date has been given.',
      scope: { plans: ['unknown'], windows: ['unknown'] },
      schedulePrecision: null,
      scheduleBasis: 'contextual_inference',
      scheduleWindow: null,
      post: null,
    },
  });
  // Banked usage for Plus and Pro some time on the Pacific day of the start: announced the
  // evening before ("tomorrow"), in progress when the demo starts.
  const today = pacificDay(0);
  const eve = Date.parse(today.window.startAt) - 6 * HOUR - nowMs;
  observe(
    '1990900000000000077',
    eve,
    `Banked usage for Plus and Pro should be restored some time tomorrow (${today.weekday}).`,
    reset({
      kind: 'reset_scheduled',
      resetType: 'banked',
      confidence: 0.6,
      scope: { plans: ['plus', 'pro'], windows: ['unknown'] },
      schedulePrecision: 'date',
      scheduleBasis: 'explicit',
      scheduleWindow: today.window,
    }),
    true,
  );
  operator(eve + 20 * MINUTE, 'Checked with support: it is that day.', {
    type: 'accept',
    payload: { postId: '1990900000000000077', corrections: {} },
  });
  // A global reset announced an hour ahead, done two minutes before the start.
  const done = minute(nowMs - 2 * MINUTE);
  observe(
    '1991000000000000013',
    -62 * MINUTE,
    `We will reset usage limits for everyone at ${clock(done)} PT.`,
    reset({
      kind: 'reset_scheduled',
      resetType: 'global',
      effectiveAt: formatTimestamp(done),
      confidence: 0.88,
      scope: { plans: ['all'], windows: ['weekly'] },
      schedulePrecision: 'datetime',
      scheduleBasis: 'explicit',
      scheduleWindow: exact(done),
    }),
    false,
  );
  observe(
    '1991000000000000042',
    -2 * MINUTE,
    'Limits have been reset for everyone. Enjoy!',
    reset({
      kind: 'reset_completed',
      resetType: 'global',
      confidence: 0.98,
      scope: { plans: ['all'], windows: ['five_hour', 'weekly'] },
    }),
    false,
  );
  observe(
    '1991000000000000101',
    -MINUTE,
    `Heads up: five-hour limits for all plans reset again in about five hours, at ${clock(minute(nowMs + 5 * HOUR))} PT.`,
    reset({
      kind: 'reset_scheduled',
      resetType: 'global',
      effectiveAt: at(5 * HOUR),
      confidence: 0.93,
      scope: { plans: ['all'], windows: ['five_hour'] },
      schedulePrecision: 'datetime',
      scheduleBasis: 'explicit',
      scheduleWindow: exact(minute(nowMs + 5 * HOUR)),
    }),
    false,
  );
  observe(
    '1991000000000000150',
    -MINUTE,
    'Some of you asked about another reset. Not today.',
    reset({ kind: 'reset_scheduled', resetType: 'global', confidence: 0.45 }),
    true,
  );
  entries.push({
    type: 'source_checked',
    at: at(-MINUTE),
    actor: 'monitor',
    reason: null,
    payload: {
      source: 'sample',
      ok: true,
      cursor: '1991000000000000150',
      error: null,
      newPosts: 0,
    },
  });

  // The ledger is in time order, as the monitor and the operator append it.
  const ordered = [...entries].sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  const numbered = ordered.map((entry, index) => ({ ...entry, id: index + 1 }) as Entry);
  // The undo reverts the dismissal of 987654321.
  const undo = numbered.find((entry) => entry.type === 'undo')!;
  const dismissal = numbered.find(
    (entry) =>
      entry.type === 'dismiss' && (entry.payload as { recordId: string }).recordId === '987654321',
  )!;
  (undo.payload as { entryId: number }).entryId = dismissal.id;
  return numbered;
}

/** The demo snapshot: the sample ledger built at `nowMs`. */
export function sampleSnapshot(nowMs: number): SnapshotFile {
  return build(sampleLedger(nowMs), nowMs, DEFAULT_BUILD_SETTINGS).snapshot;
}
