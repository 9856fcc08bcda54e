import type { ResetRecord } from '../../src/shared/domain/record.ts';
import type { SnapshotFile } from '../../src/shared/domain/snapshot.ts';

/** Builders for valid records, so each test states only what it is about. */

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;
export const iso = (ms: number) => new Date(ms).toISOString();

const BASE = {
  resetType: 'global',
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
} as const satisfies Partial<ResetRecord>;

const sourceFor = (id: string): ResetRecord['source'] =>
  /^\d+$/.test(id)
    ? {
        origin: 'x',
        postId: id,
        handle: 'resetwatch',
        url: `https://x.com/resetwatch/status/${id}`,
      }
    : { origin: 'operator', postId: null, handle: null, url: null };

/** A schedule; `window` as [startMs, endMs]. A fulfilled schedule gets completedAt/fulfillmentOrigin defaults. */
export function schedule(
  id: string,
  state: NonNullable<ResetRecord['scheduleState']>,
  window: [number, number] | null,
  fields: Partial<ResetRecord> = {},
): ResetRecord {
  return {
    ...BASE,
    id,
    kind: 'reset_scheduled',
    source: sourceFor(id),
    schedulePrecision: 'datetime',
    scheduleBasis: 'explicit',
    scheduleWindow: window === null ? null : { startAt: iso(window[0]), endAt: iso(window[1]) },
    scheduleState: state,
    ...(state === 'fulfilled' && window !== null
      ? { completedAt: iso(window[0]), fulfillmentOrigin: 'auto' as const }
      : {}),
    ...fields,
  };
}

export function completion(id: string, fields: Partial<ResetRecord> = {}): ResetRecord {
  const manual = id.startsWith('manual:');
  return {
    ...BASE,
    id,
    kind: 'reset_completed',
    source: sourceFor(id),
    ...(manual ? { fulfillmentOrigin: 'manual' as const } : {}),
    ...fields,
  };
}

export function snapshotOf(records: ResetRecord[], generatedAtMs = Date.now()): SnapshotFile {
  return {
    generatedAt: iso(generatedAtMs),
    lastSuccessfulCheckAt: iso(generatedAtMs - 60_000),
    records,
  };
}
