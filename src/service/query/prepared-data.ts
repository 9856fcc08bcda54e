import { createHash } from 'node:crypto';
import type { Meta } from '../../shared/domain/envelope.ts';
import type { SnapshotFile } from '../../shared/domain/snapshot.ts';
import { changeInstants } from './classify.ts';
import { comparePinned, compareRest, compareScheduled } from './order.ts';
import { type PreparedRecord, prepareRecord } from './prepared-record.ts';

/** The fixed orders of a snapshot, as indices into `rows`. */
export interface Orders {
  /** Every schedule, in `reset_scheduled` order. */
  readonly scheduled: Int32Array;
  /** Completions, in rest order. */
  readonly completions: Int32Array;
  /** Rows never pinned (completions and non-pending schedules, fulfilled excluded), rest order. */
  readonly staticRest: Int32Array;
  /** Pending schedules, in pinned order. */
  readonly pending: Int32Array;
  /** Pending schedules, in rest order (where they go once stale). */
  readonly pendingByRest: Int32Array;
}

/**
 * Everything a validated snapshot needs to answer queries, as plain data: every sort done
 * once. It is built off the main thread (snapshot/snapshot-worker.ts) and copied back, so a
 * large snapshot never stalls the requests being served.
 */
export interface PreparedData {
  readonly meta: Meta;
  /** Content hash: part of every ETag, changes with any change of the published data. */
  readonly version: string;
  readonly rows: readonly PreparedRecord[];
  readonly orders: Orders;
  /** The instants at which a pending schedule starts or stops being open or in progress. */
  readonly instants: readonly number[];
}

export function prepareSnapshotData(snapshot: SnapshotFile): PreparedData {
  const meta = {
    generatedAt: snapshot.generatedAt,
    lastSuccessfulCheckAt: snapshot.lastSuccessfulCheckAt,
  };
  const rows = snapshot.records.map(prepareRecord);
  const indices = rows.map((_, index) => index);
  const where = (keep: (row: PreparedRecord) => boolean) => indices.filter((i) => keep(rows[i]!));
  const sorted = (selected: number[], compare: (a: PreparedRecord, b: PreparedRecord) => number) =>
    Int32Array.from(selected.sort((a, b) => compare(rows[a]!, rows[b]!)));
  const pending = where((row) => row.isSchedule && row.state === 'pending');

  return {
    meta,
    version: hashRows(JSON.stringify(meta), rows),
    rows,
    orders: {
      scheduled: sorted(
        where((row) => row.isSchedule),
        compareScheduled,
      ),
      completions: sorted(
        where((row) => !row.isSchedule),
        compareRest,
      ),
      staticRest: sorted(
        where((row) => !row.isSchedule || (row.state !== 'pending' && row.state !== 'fulfilled')),
        compareRest,
      ),
      pending: sorted([...pending], comparePinned),
      pendingByRest: sorted([...pending], compareRest),
    },
    instants: changeInstants(rows),
  };
}

function hashRows(metaJson: string, rows: readonly PreparedRecord[]): string {
  const hash = createHash('sha256').update(metaJson);
  for (const row of rows) hash.update('\n').update(row.json);
  return hash.digest('base64url').slice(0, 16);
}
