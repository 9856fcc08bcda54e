import type { ResetRecord } from '../src/shared/domain/record.ts';
import type { SnapshotFile } from '../src/shared/domain/snapshot.ts';

const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

/**
 * A valid snapshot of `size` records around `nowMs`: mostly history (completions and
 * elapsed or fulfilled schedules), a few pending schedules so the pinned block and the
 * time-dependent views are exercised.
 */
export function syntheticSnapshot(size: number, nowMs: number): SnapshotFile {
  const records: ResetRecord[] = [];
  for (let i = 0; i < size; i++) {
    const id = String(1_900_000_000_000_000_000n + BigInt(i));
    const at = nowMs - (size - i) * HOUR;
    const common = {
      id,
      resetType: 'global' as const,
      announcedAt: iso(at),
      effectiveAt: iso(at + HOUR),
      text: `Synthetic record ${i}: limits reset for all plans.`,
      confidence: 0.9,
      scope: { plans: ['all'], windows: ['five_hour'] },
      source: {
        origin: 'x' as const,
        postId: id,
        handle: 'resetwatch',
        url: `https://x.com/resetwatch/status/${id}`,
      },
      completedAt: null,
      completionRecordId: null,
      fulfillmentOrigin: null,
      relatedRecordIds: [],
    };
    const pending = i >= size - 5;
    if (i % 2 === 0 && !pending) {
      records.push({
        ...common,
        kind: 'reset_completed',
        schedulePrecision: null,
        scheduleBasis: null,
        scheduleWindow: null,
        scheduleState: null,
      });
    } else {
      const start = pending ? nowMs + (i - size + 6) * HOUR : at + HOUR;
      records.push({
        ...common,
        kind: 'reset_scheduled',
        schedulePrecision: 'datetime',
        scheduleBasis: 'explicit',
        scheduleWindow: { startAt: iso(start), endAt: iso(start) },
        scheduleState: pending ? 'pending' : i % 3 === 0 ? 'fulfilled' : 'elapsed',
        ...(i % 3 === 0 && !pending
          ? { completedAt: iso(start), fulfillmentOrigin: 'auto' as const }
          : {}),
      });
    }
  }
  return { generatedAt: iso(nowMs), lastSuccessfulCheckAt: iso(nowMs - 60_000), records };
}
