import type { ResetRecord } from '../domain/record.ts';
import { HOUR } from './format.ts';

/** Constants and the cached model shared by the status page's renderer and sections. */

/** A last successful check older than this makes freshness unknown rather than fresh. */
export const STALE_AFTER_MS = 30 * HOUR;
/** Rows of the `all` view shown under "Latest records" (its first page). */
export const LATEST_RECORDS = 8;
/** Completion records offered to the "today" decision and listed under it. */
export const LATEST_COMPLETIONS = 5;

/** The parts of the page that depend only on (snapshot version, view epoch). */
export interface Fragments {
  readonly key: string;
  readonly completionTimes: readonly number[];
  readonly completionsHtml: string;
  readonly next: NextSchedule | null;
  readonly undatedOpen: number;
  readonly nextDetailsHtml: string;
  readonly recordsHtml: string;
  readonly total: number;
}

export interface NextSchedule {
  readonly record: ResetRecord;
  readonly startMs: number;
  readonly endMs: number;
}
