import type { PreparedSnapshot } from '../query/prepared-snapshot.ts';
import { createJobWorker, type JobWorker, LatestOnly } from '../workers/job-worker.ts';
import { calendarRows } from './calendar.ts';

/**
 * The calendar of a snapshot, rendered off the main thread (issue 16, finding 14): with
 * ical-generator a calendar of 500 events costs 0.25 to 1 s of CPU, which on the main
 * thread stalled every request once per new snapshot. Here the main thread only picks the
 * rows (a linear pass) and hands their JSON to a worker; requests for the calendar wait
 * for the render without blocking anyone else, and however fast snapshots change, at most
 * one render runs and one waits (LatestOnly).
 */

export interface CalendarJob {
  /** The records that become events, as JSON. */
  readonly records: readonly string[];
  readonly generatedAt: string;
  readonly baseUrl: string | undefined;
  readonly siteName: string;
}

/** A render that takes longer than this fails (the worker is replaced); the next request retries. */
export const CALENDAR_RENDER_TIMEOUT_MS = 30_000;
/** The worker stops this long after its last render: snapshots come minutes apart. */
export const CALENDAR_WORKER_IDLE_MS = 10_000;

export interface CalendarRenderer {
  render(snapshot: PreparedSnapshot): Promise<string>;
  readonly workerRunning: boolean;
  close(): Promise<void>;
}

export function createCalendarRenderer(options: {
  readonly baseUrl: string | undefined;
  readonly siteName: string;
}): CalendarRenderer {
  const worker: JobWorker<CalendarJob, string> = createJobWorker({
    entry: new URL('./calendar-worker-entry.mjs', import.meta.url),
    idleMs: CALENDAR_WORKER_IDLE_MS,
    timeoutMs: CALENDAR_RENDER_TIMEOUT_MS,
    heapMb: 128,
    name: 'calendar worker',
  });
  const latest = new LatestOnly<string>();
  return {
    render(snapshot) {
      return latest.get(snapshot.version, () =>
        worker.run({
          records: calendarRows(snapshot.records).map((row) => row.json),
          generatedAt: snapshot.meta.generatedAt,
          baseUrl: options.baseUrl,
          siteName: options.siteName,
        }),
      );
    },
    get workerRunning() {
      return worker.running;
    },
    close: () => worker.close(),
  };
}
