import type { ResetRecord } from '../../shared/domain/record.ts';
import { HOUR } from './format.ts';
import type { WhenKind } from './schedule-when.ts';

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
  /** Completion instants (epoch ms) of the latest completions, newest first. */
  readonly completionTimes: readonly number[];
  readonly completionsHtml: string;
  /** The next reset and the other open schedules with a window, in the order people mean. */
  readonly next: OpenRecord | null;
  readonly others: readonly OpenRecord[];
  readonly undatedOpen: number;
  readonly nextDetailsHtml: string;
  readonly historyHtml: string;
  readonly recordsHtml: string;
  readonly total: number;
}

export interface OpenRecord {
  readonly record: ResetRecord;
  readonly kind: WhenKind;
}
