import type { ResetRecord } from '../../shared/domain/record.ts';
import { isInProgress, isOpen } from '../query/classify.ts';
import { type PreparedRecord, recordOf } from '../query/prepared-record.ts';
import type { PreparedSnapshot } from '../query/prepared-snapshot.ts';
import { completionIndex, firstAtOrBefore, type TimedCompletion } from './completion-index.ts';
import { type ResetFact, type ScheduleFact, STALE_AFTER_MS } from './words.js';

/**
 * The one answer (answer.md §1) to "was there a reset?" and "when is the next one?", from
 * the prepared snapshot at `now`: every surface (the status page, /status.json, the record
 * pages, the feed and the calendar) says what this computes. A pure function of the
 * snapshot and the instant; it changes only at the instants `validUntil` names.
 */

export type { ResetFact, ScheduleFact } from './words.js';

/** An open schedule with what its words need beyond /status.json's fields. */
export interface OpenSchedule extends ScheduleFact {
  readonly basis: ResetRecord['scheduleBasis'];
  readonly record: ResetRecord;
}

export interface Answer {
  readonly generatedAt: string;
  readonly lastSuccessfulCheckAt: string | null;
  readonly stale: boolean;
  /** The completion with the latest reset time not after `now`. */
  readonly lastReset: ResetFact | null;
  /** The same among global resets (`global`, `global_and_banked`). */
  readonly lastGlobalReset: ResetFact | null;
  /** `open[0]`: the earliest window start; schedules without a window come last. */
  readonly next: OpenSchedule | null;
  /** Every open schedule in the one order of §1 (the API's pinned order). */
  readonly open: readonly OpenSchedule[];
  /** Identifies this answer within its snapshot: same key, same answer. */
  readonly key: string;
  /** First instant (epoch ms) at which the answer may change without a new snapshot, or null. */
  readonly validUntil: number | null;
}

/** Which answer `now` falls in, and until when: cheap (two binary searches), no record read. */
export function answerEpoch(
  snapshot: PreparedSnapshot,
  now: number,
): { key: string; validUntil: number | null; stale: boolean } {
  const views = snapshot.viewsAt(now);
  const { all } = completionIndex(snapshot);
  const later = firstAtOrBefore(all, now); // completions not yet happened at `now`
  const checked = snapshot.meta.lastSuccessfulCheckAt;
  const checkedMs = checked === null ? null : Date.parse(checked);
  const stale = checkedMs === null || now - checkedMs > STALE_AFTER_MS;
  const changes: number[] = [];
  if (views.validUntil !== null) changes.push(views.validUntil);
  if (later > 0) changes.push(all[later - 1]!.ms); // the next completion's time comes
  if (!stale) changes.push(checkedMs! + STALE_AFTER_MS + 1);
  return {
    key: `${snapshot.version}.${views.epoch}.${later}.${stale ? 's' : 'f'}`,
    validUntil: changes.length === 0 ? null : Math.min(...changes),
    stale,
  };
}

export function computeAnswer(snapshot: PreparedSnapshot, now: number): Answer {
  const epoch = answerEpoch(snapshot, now);
  const index = completionIndex(snapshot);
  const lastOf = (list: readonly TimedCompletion[]) => {
    const completion = list[firstAtOrBefore(list, now)];
    return completion === undefined ? null : resetFact(completion);
  };
  const open: OpenSchedule[] = [];
  // The pinned block of `all` is exactly §1's order: window start, end, no window last, id.
  for (const row of snapshot.viewsAt(now).rows.all) {
    if (!isOpen(row, now)) break;
    open.push(openSchedule(row, now));
  }
  return {
    generatedAt: snapshot.meta.generatedAt,
    lastSuccessfulCheckAt: snapshot.meta.lastSuccessfulCheckAt,
    stale: epoch.stale,
    lastReset: lastOf(index.all),
    lastGlobalReset: lastOf(index.global),
    next: open[0] ?? null,
    open,
    key: epoch.key,
    validUntil: epoch.validUntil,
  };
}

const scopeOf = (record: ResetRecord) => ({
  resetType: record.resetType,
  plans: record.scope?.plans ?? ['unknown'],
  windows: record.scope?.windows ?? ['unknown'],
});

function resetFact({ row, ms }: TimedCompletion): ResetFact {
  const record = recordOf(row);
  return { recordId: row.id, at: new Date(ms).toISOString(), ...scopeOf(record) };
}

function openSchedule(row: PreparedRecord, now: number): OpenSchedule {
  const record = recordOf(row);
  return {
    recordId: row.id,
    ...scopeOf(record),
    precision: record.schedulePrecision,
    startAt: record.scheduleWindow?.startAt ?? null,
    endAt: record.scheduleWindow?.endAt ?? null,
    inProgress: isInProgress(row, now),
    basis: record.scheduleBasis,
    record,
  };
}
