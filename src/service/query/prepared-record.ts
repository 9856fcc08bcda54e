import type { ResetRecord } from '../../shared/domain/record.ts';

/**
 * A record with everything the query engine needs precomputed once per snapshot:
 * instants as epoch milliseconds and the record's JSON, so that answering a request
 * never re-parses a timestamp or re-serializes a record. Plain data only: it is built in
 * the snapshot worker and copied to the main thread.
 */
export interface PreparedRecord {
  readonly json: string;
  readonly id: string;
  readonly isSchedule: boolean;
  readonly resetType: ResetRecord['resetType'];
  readonly state: ResetRecord['scheduleState'];
  readonly announcedMs: number | null;
  readonly completedMs: number | null;
  readonly effectiveMs: number | null;
  readonly startMs: number | null;
  readonly endMs: number | null;
}

const toMs = (timestamp: string | null): number | null =>
  timestamp === null ? null : Date.parse(timestamp);

export function prepareRecord(record: ResetRecord): PreparedRecord {
  return {
    json: JSON.stringify(record),
    id: record.id,
    isSchedule: record.kind === 'reset_scheduled',
    resetType: record.resetType,
    state: record.scheduleState,
    announcedMs: toMs(record.announcedAt),
    completedMs: toMs(record.completedAt),
    effectiveMs: toMs(record.effectiveAt),
    startMs: toMs(record.scheduleWindow?.startAt ?? null),
    endMs: toMs(record.scheduleWindow?.endAt ?? null),
  };
}

/** The record itself, for the few places that need fields (a page of MCP results, the status page). */
export const recordOf = (row: PreparedRecord): ResetRecord => JSON.parse(row.json) as ResetRecord;
