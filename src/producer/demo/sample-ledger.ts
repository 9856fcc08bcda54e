import type { SnapshotFile } from '../../shared/domain/snapshot.ts';
import { formatTimestamp } from '../../shared/domain/timestamp.ts';
import { build } from '../build/build.ts';
import { DEFAULT_BUILD_SETTINGS } from '../build/settings.ts';
import type { ClassifiedReset, Entry, NewEntry } from '../ledger/entry.ts';

/**
 * The bundled sample ledger behind `npm start` without SNAPSHOT_PATH: posts as the monitor
 * stores them (with their stored classifications), and an operator's day of decisions,
 * all at times relative to `nowMs`. The demo snapshot is `build()` of these entries, the
 * same code that builds production snapshots, and it shows every record shape and state:
 * schedules pending (an exact time ahead, a whole day in progress, one without a window),
 * elapsed, unknown, and fulfilled automatically, by a link and by a manual completion;
 * completions from posts, an operator note and a manual completion. Behind the scenes it
 * also holds a post waiting in the review queue, a dismissed post and an undone dismissal.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const HANDLE = 'resetwatch';
const CLASSIFIER = 'sample-1.0.0';

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
  const at = (offsetMs: number) =>
    formatTimestamp(Math.floor((nowMs + offsetMs) / MINUTE) * MINUTE);
  const dayStart = Math.floor(nowMs / DAY) * DAY;
  const civilDay = (dayOffset: number) => ({
    startAt: formatTimestamp(dayStart + dayOffset * DAY),
    endAt: formatTimestamp(dayStart + (dayOffset + 1) * DAY - 1),
  });
  const exact = (offsetMs: number) => ({ startAt: at(offsetMs), endAt: at(offsetMs) });

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
  observe(
    '1989000000000000321',
    -10 * DAY,
    'Resetting limits tomorrow morning.',
    reset({
      kind: 'reset_scheduled',
      resetType: 'global',
      effectiveAt: at(-9 * DAY),
      confidence: 0.9,
      scope: { plans: ['all'], windows: ['five_hour'] },
      schedulePrecision: 'datetime',
      scheduleBasis: 'explicit',
      scheduleWindow: exact(-9 * DAY),
    }),
    false,
  );
  operator(-9 * DAY + 3 * HOUR, 'Confirmed in the product; no post announced it.', {
    type: 'complete',
    payload: {
      recordId: 'manual:reset-9-days-ago',
      scheduleIds: ['1989000000000000321'],
      completedAt: at(-9 * DAY + 2 * HOUR),
      resetType: 'global',
    },
  });
  operator(-8 * DAY, 'Heard on a community call.', {
    type: 'note',
    payload: {
      recordId: 'op_weekend_notice',
      kind: 'reset_scheduled',
      resetType: 'global',
      announcedAt: at(-8 * DAY),
      effectiveAt: null,
      text: 'Operator note: a weekend reset was expected but never confirmed.',
      scope: null,
      schedulePrecision: 'date',
      scheduleBasis: 'contextual_inference',
      scheduleWindow: civilDay(-6),
      post: null,
    },
  });
  observe(
    '1989500000000000001',
    -7 * DAY,
    'Weekly limits reset for Plus and Pro on Thursday.',
    reset({
      kind: 'reset_scheduled',
      resetType: 'global',
      confidence: 0.9,
      scope: { plans: ['plus', 'pro'], windows: ['weekly'] },
      schedulePrecision: 'date',
      scheduleBasis: 'explicit',
      scheduleWindow: civilDay(-6),
    }),
    false,
  );
  observe(
    '1989600000000000002',
    -4 * DAY,
    'The Thursday reset finally went out today, sorry for the delay.',
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
  observe(
    '1990000000000000500',
    -5 * DAY,
    'Banked limits are planned to reset yesterday-ish; details to follow.',
    reset({
      kind: 'reset_scheduled',
      resetType: 'banked',
      confidence: 0.55,
      scope: { plans: ['pro'], windows: ['weekly'] },
      schedulePrecision: 'date',
      scheduleBasis: 'explicit',
      scheduleWindow: civilDay(-1),
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
  observe(
    '1990400000000000013',
    -3 * DAY,
    'We will reset usage limits the day after tomorrow.',
    reset({
      kind: 'reset_scheduled',
      resetType: 'global',
      effectiveAt: at(-2 * DAY),
      confidence: 0.88,
      scope: { plans: ['all'], windows: ['weekly'] },
      schedulePrecision: 'datetime',
      scheduleBasis: 'explicit',
      scheduleWindow: exact(-2 * DAY),
    }),
    false,
  );
  observe(
    '1990500000000000042',
    -2 * DAY,
    'Limits have been reset for everyone. Enjoy!',
    reset({
      kind: 'reset_completed',
      resetType: 'global',
      effectiveAt: at(-2 * DAY),
      confidence: 0.98,
      scope: { plans: ['all'], windows: ['five_hour', 'weekly'] },
    }),
    false,
  );
  operator(-2 * DAY + HOUR, 'Wrong record.', {
    type: 'dismiss',
    payload: { recordId: '987654321' },
  });
  operator(-2 * DAY + 2 * HOUR, 'Dismissed the wrong record by mistake.', {
    type: 'undo',
    payload: { entryId: 0 },
  }); // id set below
  observe(
    '1990900000000000077',
    -20 * HOUR,
    'Banked usage should be restored some time today.',
    reset({
      kind: 'reset_scheduled',
      resetType: 'banked',
      confidence: 0.6,
      scope: { plans: ['plus', 'pro'], windows: ['unknown'] },
      schedulePrecision: 'date',
      scheduleBasis: 'contextual_inference',
      scheduleWindow: civilDay(0),
    }),
    true,
  );
  operator(-19 * HOUR, 'Checked with support: it is today.', {
    type: 'accept',
    payload: { postId: '1990900000000000077', corrections: {} },
  });
  observe(
    '1991000000000000101',
    -2 * HOUR,
    'Heads up: usage limits for all plans reset in about five hours.',
    reset({
      kind: 'reset_scheduled',
      resetType: 'global',
      effectiveAt: at(5 * HOUR),
      confidence: 0.93,
      scope: { plans: ['all'], windows: ['five_hour', 'weekly'] },
      schedulePrecision: 'datetime',
      scheduleBasis: 'explicit',
      scheduleWindow: exact(5 * HOUR),
    }),
    false,
  );
  observe(
    '1991000000000000150',
    -90 * MINUTE,
    'Some of you asked about a reset. Not today.',
    reset({ kind: 'reset_scheduled', resetType: 'global', confidence: 0.45 }),
    true,
  );
  operator(-30 * MINUTE, 'No date given yet.', {
    type: 'note',
    payload: {
      recordId: 'op_next_maintenance',
      kind: 'reset_scheduled',
      resetType: 'global_and_banked',
      announcedAt: at(-30 * MINUTE),
      effectiveAt: null,
      text: 'A reset is expected after the next maintenance; no date has been given.',
      scope: { plans: ['unknown'], windows: ['unknown'] },
      schedulePrecision: null,
      scheduleBasis: 'contextual_inference',
      scheduleWindow: null,
      post: null,
    },
  });
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

  const numbered = entries.map((entry, index) => ({ ...entry, id: index + 1 }) as Entry);
  // The undo reverts the dismissal just before it.
  const undo = numbered.find((entry) => entry.type === 'undo')!;
  (undo.payload as { entryId: number }).entryId = undo.id - 1;
  return numbered;
}

/** The demo snapshot: the sample ledger built at `nowMs`. */
export function sampleSnapshot(nowMs: number): SnapshotFile {
  return build(sampleLedger(nowMs), nowMs, DEFAULT_BUILD_SETTINGS).snapshot;
}
