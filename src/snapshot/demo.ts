import type { ResetRecord } from '../domain/record.ts';
import type { SnapshotFile } from '../domain/snapshot.ts';
import { formatTimestamp } from '../domain/timestamp.ts';

/**
 * The bundled demo snapshot, generated from this template relative to `now` so that a
 * newcomer running `npm start` sees a live picture: an open schedule pinned first, a
 * date-level schedule in progress today, and history with every record shape (x posts,
 * `op_` notes, `manual:` completions, every schedule state, both precisions, null fields).
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const HANDLE = 'resetwatch';

const BLANK: Omit<ResetRecord, 'id' | 'kind' | 'resetType' | 'source'> = {
  announcedAt: null,
  effectiveAt: null,
  text: null,
  confidence: null,
  scope: null,
  schedulePrecision: null,
  scheduleBasis: null,
  scheduleWindow: null,
  scheduleState: null,
  completedAt: null,
  completionRecordId: null,
  fulfillmentOrigin: null,
  relatedRecordIds: [],
};

const post = (postId: string) => ({
  origin: 'x' as const,
  postId,
  handle: HANDLE,
  url: `https://x.com/${HANDLE}/status/${postId}`,
});

export function buildDemoSnapshot(nowMs: number): SnapshotFile {
  const at = (offsetMs: number) =>
    formatTimestamp(Math.floor((nowMs + offsetMs) / MINUTE) * MINUTE);
  const dayStart = Math.floor(nowMs / DAY) * DAY;
  const civilDay = (dayOffset: number) => ({
    startAt: formatTimestamp(dayStart + dayOffset * DAY),
    endAt: formatTimestamp(dayStart + (dayOffset + 1) * DAY - 1),
  });
  const exact = (offsetMs: number) => ({ startAt: at(offsetMs), endAt: at(offsetMs) });

  const records: ResetRecord[] = [
    {
      ...BLANK,
      id: '1991000000000000101',
      kind: 'reset_scheduled',
      resetType: 'global',
      announcedAt: at(-2 * HOUR),
      effectiveAt: at(5 * HOUR),
      text: 'Heads up: usage limits for all plans reset in about five hours.',
      confidence: 0.93,
      scope: { plans: ['all'], windows: ['five_hour', 'weekly'] },
      source: post('1991000000000000101'),
      schedulePrecision: 'datetime',
      scheduleBasis: 'explicit',
      scheduleWindow: exact(5 * HOUR),
      scheduleState: 'pending',
    },
    {
      ...BLANK,
      id: '1990900000000000077',
      kind: 'reset_scheduled',
      resetType: 'banked',
      announcedAt: at(-20 * HOUR),
      text: 'Banked usage should be restored some time today.',
      confidence: 0.6,
      scope: { plans: ['pro', 'max'], windows: ['unknown'] },
      source: post('1990900000000000077'),
      schedulePrecision: 'date',
      scheduleBasis: 'contextual_inference',
      scheduleWindow: civilDay(0),
      scheduleState: 'pending',
    },
    {
      ...BLANK,
      id: 'op_next_maintenance',
      kind: 'reset_scheduled',
      resetType: 'global_and_banked',
      announcedAt: at(-30 * MINUTE),
      text: 'A reset is expected after the next maintenance; no date has been given.',
      scope: { plans: ['unknown'], windows: ['unknown'] },
      source: { origin: 'operator', postId: null, handle: null, url: null },
      schedulePrecision: null,
      scheduleBasis: 'contextual_inference',
      scheduleState: 'pending',
    },
    {
      ...BLANK,
      id: '1990500000000000042',
      kind: 'reset_completed',
      resetType: 'global',
      announcedAt: at(-2 * DAY),
      effectiveAt: at(-2 * DAY),
      text: 'Limits have been reset for everyone. Enjoy!',
      confidence: 0.98,
      scope: { plans: ['all'], windows: ['five_hour', 'weekly'] },
      source: post('1990500000000000042'),
      relatedRecordIds: ['1990400000000000013'],
    },
    {
      ...BLANK,
      id: '1990400000000000013',
      kind: 'reset_scheduled',
      resetType: 'global',
      announcedAt: at(-3 * DAY),
      effectiveAt: at(-2 * DAY),
      text: 'We will reset usage limits the day after tomorrow.',
      confidence: 0.88,
      scope: { plans: ['all'], windows: ['weekly'] },
      source: post('1990400000000000013'),
      schedulePrecision: 'datetime',
      scheduleBasis: 'explicit',
      scheduleWindow: exact(-2 * DAY),
      scheduleState: 'fulfilled',
      completedAt: at(-2 * DAY),
      completionRecordId: '1990500000000000042',
      fulfillmentOrigin: 'auto',
    },
    {
      ...BLANK,
      id: '1990000000000000500',
      kind: 'reset_scheduled',
      resetType: 'banked',
      announcedAt: at(-5 * DAY),
      text: 'Banked limits are planned to reset yesterday-ish; details to follow.',
      confidence: 0.55,
      scope: { plans: ['max'], windows: ['weekly'] },
      source: post('1990000000000000500'),
      schedulePrecision: 'date',
      scheduleBasis: 'explicit',
      scheduleWindow: civilDay(-1),
      scheduleState: 'pending',
    },
    {
      ...BLANK,
      id: 'op_weekend_notice',
      kind: 'reset_scheduled',
      resetType: 'global',
      announcedAt: at(-8 * DAY),
      text: 'Operator note: a weekend reset was expected but never confirmed.',
      confidence: 0.4,
      source: { origin: 'operator', postId: null, handle: null, url: null },
      schedulePrecision: 'date',
      scheduleBasis: 'contextual_inference',
      scheduleWindow: civilDay(-6),
      scheduleState: 'elapsed',
    },
    {
      ...BLANK,
      id: '1989000000000000321',
      kind: 'reset_scheduled',
      resetType: 'global',
      announcedAt: at(-10 * DAY),
      effectiveAt: at(-9 * DAY),
      text: 'Resetting limits tomorrow morning.',
      confidence: 0.9,
      scope: { plans: ['all'], windows: ['five_hour'] },
      source: post('1989000000000000321'),
      schedulePrecision: 'datetime',
      scheduleBasis: 'explicit',
      scheduleWindow: exact(-9 * DAY),
      scheduleState: 'fulfilled',
      completedAt: at(-9 * DAY + 2 * HOUR),
      completionRecordId: 'manual:reset-9-days-ago',
      fulfillmentOrigin: 'manual',
    },
    {
      ...BLANK,
      id: 'manual:reset-9-days-ago',
      kind: 'reset_completed',
      resetType: 'global',
      effectiveAt: at(-9 * DAY + 2 * HOUR),
      source: { origin: 'operator', postId: null, handle: null, url: null },
      completedAt: at(-9 * DAY + 2 * HOUR),
      fulfillmentOrigin: 'manual',
      relatedRecordIds: ['1989000000000000321'],
    },
    {
      ...BLANK,
      id: '1988000000000000777',
      kind: 'reset_scheduled',
      resetType: 'global_and_banked',
      announcedAt: at(-14 * DAY),
      text: 'Something about limits soon?',
      confidence: 0.2,
      scope: { plans: ['unknown'], windows: ['unknown'] },
      source: post('1988000000000000777'),
      scheduleState: 'unknown',
    },
    {
      ...BLANK,
      id: '987654321',
      kind: 'reset_completed',
      resetType: 'banked',
      announcedAt: at(-20 * DAY),
      effectiveAt: at(-20 * DAY),
      text: 'Banked usage reset done.',
      source: post('987654321'),
    },
  ];

  return { generatedAt: at(0), lastSuccessfulCheckAt: at(-MINUTE), records };
}
