import { createHash } from 'node:crypto';
import type { KindFilter, Meta } from '../domain/envelope.ts';
import type { SnapshotFile } from '../domain/snapshot.ts';
import { changeInstants, isInProgress, isOpen } from './classify.ts';
import { comparePinned, compareRest, compareScheduled, mergeSorted } from './order.ts';
import { type PreparedRecord, prepareRecord } from './prepared-record.ts';

/** The rows of every filter, in order, valid for every request time inside one epoch. */
export interface Views {
  /** Index of the interval between change instants that these views belong to. */
  readonly epoch: number;
  /** First instant (epoch ms) at which these views stop being valid, or null if never. */
  readonly validUntil: number | null;
  readonly rows: Readonly<Record<KindFilter, readonly PreparedRecord[]>>;
}

/**
 * A validated snapshot made ready to answer queries in O(pageSize + log n):
 * every sort is done here, once per snapshot; the only time-dependent part, which
 * pending schedules are open or in progress, changes at known instants, so the views
 * are rebuilt at most once per such instant (`viewsAt`).
 */
export class PreparedSnapshot {
  readonly meta: Meta;
  readonly metaJson: string;
  readonly recordCount: number;
  readonly generatedAtMs: number;
  /** Content hash: part of every ETag, changes with any change of the published data. */
  readonly version: string;

  readonly #scheduled: readonly PreparedRecord[];
  /** Rows that are never pinned: completions and non-pending schedules, fulfilled excluded. */
  readonly #staticRest: readonly PreparedRecord[];
  readonly #completions: readonly PreparedRecord[];
  /** Pending schedules, in pinned order. */
  readonly #pending: readonly PreparedRecord[];
  /** Pending schedules, in rest order (where they go once stale). */
  readonly #pendingByRest: readonly PreparedRecord[];
  readonly #instants: readonly number[];
  #cached: Views | undefined;

  constructor(snapshot: SnapshotFile, version?: string) {
    this.meta = Object.freeze({
      generatedAt: snapshot.generatedAt,
      lastSuccessfulCheckAt: snapshot.lastSuccessfulCheckAt,
    });
    this.metaJson = JSON.stringify(this.meta);
    this.recordCount = snapshot.records.length;
    this.generatedAtMs = Date.parse(snapshot.generatedAt);

    const rows = snapshot.records.map(prepareRecord);
    this.version = version ?? hashRows(this.metaJson, rows);
    const schedules = rows.filter((row) => row.isSchedule);
    const pending = schedules.filter((row) => row.state === 'pending');

    this.#scheduled = [...schedules].sort(compareScheduled);
    this.#completions = rows.filter((row) => !row.isSchedule).sort(compareRest);
    this.#staticRest = rows
      .filter((row) => !row.isSchedule || (row.state !== 'pending' && row.state !== 'fulfilled'))
      .sort(compareRest);
    this.#pending = [...pending].sort(comparePinned);
    this.#pendingByRest = [...pending].sort(compareRest);
    this.#instants = changeInstants(rows);
  }

  /** The views for request time `now` (epoch ms): cached while `now` stays in one epoch. */
  viewsAt(now: number): Views {
    const epoch = countAtOrBefore(this.#instants, now);
    const cached = this.#cached;
    if (cached !== undefined && cached.epoch === epoch) return cached;
    const views = this.#buildViews(epoch, now);
    this.#cached = views;
    return views;
  }

  #buildViews(epoch: number, now: number): Views {
    const open = this.#pending.filter((row) => isOpen(row, now));
    const stale = this.#pendingByRest.filter((row) => !isOpen(row, now));
    const inProgress = open.filter((row) => isInProgress(row, now));
    return Object.freeze({
      epoch,
      validUntil: this.#instants[epoch] ?? null,
      rows: Object.freeze({
        all: [...open, ...mergeSorted(this.#staticRest, stale, compareRest)],
        reset_scheduled: this.#scheduled,
        reset_completed: [...inProgress, ...this.#completions],
      }),
    });
  }
}

/** Number of sorted `instants` that are <= now (binary search). */
function countAtOrBefore(instants: readonly number[], now: number): number {
  let low = 0;
  let high = instants.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (instants[mid]! <= now) low = mid + 1;
    else high = mid;
  }
  return low;
}

function hashRows(metaJson: string, rows: readonly PreparedRecord[]): string {
  const hash = createHash('sha256').update(metaJson);
  for (const row of rows) hash.update('\n').update(row.json);
  return hash.digest('base64url').slice(0, 16);
}
