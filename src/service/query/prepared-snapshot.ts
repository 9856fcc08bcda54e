import type { KindFilter, Meta } from '../../shared/domain/envelope.ts';
import type { SnapshotFile } from '../../shared/domain/snapshot.ts';
import { isInProgress, isOpen } from './classify.ts';
import { compareRest, mergeSorted } from './order.ts';
import { type PreparedData, prepareSnapshotData } from './prepared-data.ts';
import type { PreparedRecord } from './prepared-record.ts';

/** The rows of every filter, in order, valid for every request time inside one epoch. */
export interface Views {
  /** Index of the interval between change instants that these views belong to. */
  readonly epoch: number;
  /** First instant (epoch ms) at which these views stop being valid, or null if never. */
  readonly validUntil: number | null;
  readonly rows: Readonly<Record<KindFilter, readonly PreparedRecord[]>>;
}

/**
 * A validated snapshot made ready to answer queries in O(pageSize + log n): every sort
 * was done once (prepared-data.ts); the only time-dependent part, which pending schedules
 * are open or in progress, changes at known instants, so the views are rebuilt at most
 * once per such instant (`viewsAt`).
 */
export class PreparedSnapshot {
  readonly meta: Meta;
  readonly metaJson: string;
  readonly recordCount: number;
  readonly generatedAtMs: number;
  /** Content hash: part of every ETag, changes with any change of the published data. */
  readonly version: string;

  readonly #scheduled: readonly PreparedRecord[];
  readonly #staticRest: readonly PreparedRecord[];
  readonly #completions: readonly PreparedRecord[];
  readonly #pending: readonly PreparedRecord[];
  readonly #pendingByRest: readonly PreparedRecord[];
  readonly #instants: readonly number[];
  readonly #rows: readonly PreparedRecord[];
  #cached: Views | undefined;
  #byId: Map<string, PreparedRecord> | undefined;

  /** Prepares a snapshot on the calling thread (the demo, tests); large ones go through the worker. */
  static of(snapshot: SnapshotFile): PreparedSnapshot {
    return new PreparedSnapshot(prepareSnapshotData(snapshot));
  }

  constructor(data: PreparedData) {
    this.meta = Object.freeze({ ...data.meta });
    this.metaJson = JSON.stringify(this.meta);
    this.recordCount = data.rows.length;
    this.generatedAtMs = Date.parse(data.meta.generatedAt);
    this.version = data.version;
    const { rows, orders } = data;
    const pick = (order: Int32Array) => Array.from(order, (index) => rows[index]!);
    this.#scheduled = pick(orders.scheduled);
    this.#completions = pick(orders.completions);
    this.#staticRest = pick(orders.staticRest);
    this.#pending = pick(orders.pending);
    this.#pendingByRest = pick(orders.pendingByRest);
    this.#instants = data.instants;
    this.#rows = rows;
  }

  /** Every record, in the snapshot's order (the history page groups them by day). */
  get records(): readonly PreparedRecord[] {
    return this.#rows;
  }

  /** Every completion, newest first in the API's order (the answer's index starts here). */
  get completions(): readonly PreparedRecord[] {
    return this.#completions;
  }

  /** One record by id (the status page's record pages); the index is built on first use. */
  find(id: string): PreparedRecord | undefined {
    this.#byId ??= new Map(this.#rows.map((row) => [row.id, row]));
    return this.#byId.get(id);
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
