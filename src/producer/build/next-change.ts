import type { SnapshotFile } from '../../shared/domain/snapshot.ts';
import type { BuildSettings } from './settings.ts';

const HOUR = 3_600_000;

/**
 * The first instant after `now` at which building again would change a schedule's state
 * without any new entry: a pending window ends (pending → elapsed), or a windowless
 * schedule reaches UNKNOWN_AFTER_HOURS (pending → unknown). Null when nothing is pending.
 * The monitor republishes then, so the service never shows a stale "pending".
 */
export function nextStateChange(
  snapshot: SnapshotFile,
  now: number,
  settings: BuildSettings,
): number | null {
  let next: number | null = null;
  for (const record of snapshot.records) {
    if (record.scheduleState !== 'pending') continue;
    const at =
      record.scheduleWindow !== null
        ? Date.parse(record.scheduleWindow.endAt) + 1
        : record.announcedAt === null
          ? null
          : Date.parse(record.announcedAt) + settings.unknownAfterHours * HOUR + 1;
    if (at !== null && at > now && (next === null || at < next)) next = at;
  }
  return next;
}
