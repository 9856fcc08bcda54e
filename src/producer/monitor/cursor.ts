import { compareIds } from '../../shared/domain/ids.ts';

/**
 * The monitor's cursor (X's `since_id`, docs/producer.md "The cursor"): the newest post id
 * the ledger stores, as recorded by the last successful check, or as the operator set it
 * (`ops cursor --reset`). It moves only over posts actually stored, never over a post that
 * was skipped or refused, and only to a plausible id: one X could have given out by now.
 */

/** X's ids are positive signed 64-bit integers (snowflakes), written in decimal. */
const INT64_MAX = 2n ** 63n - 1n;

/** A snowflake's first 41 bits are ms since this instant (2010-11-04T01:42:54.657Z). */
const SNOWFLAKE_EPOCH_MS = 1_288_834_974_657n;

/** An id whose snowflake time is later than now plus this is implausibly far ahead. */
export const CURSOR_AHEAD_MS = 24 * 60 * 60_000;

/** The `source` of a `source_checked` entry that the operator wrote to set the cursor. */
export const CURSOR_RESET_SOURCE = 'ops:cursor-reset';

/** Why `id` cannot be a cursor at `now`, or null when it can. */
export function implausibleCursor(id: string, now: number): string | null {
  if (!/^\d{1,19}$/.test(id)) return 'not 1 to 19 decimal digits';
  const value = BigInt(id);
  if (value === 0n) return 'zero';
  if (value > INT64_MAX) return 'beyond a 64-bit id';
  const minted = Number((value >> 22n) + SNOWFLAKE_EPOCH_MS);
  if (minted > now + CURSOR_AHEAD_MS)
    return `made at ${new Date(minted).toISOString()}, later than now`;
  return null;
}

interface CheckEntry {
  readonly type: string;
  readonly payload: unknown;
}
interface CheckPayload {
  readonly source: string;
  readonly ok: boolean;
  readonly cursor: string | null;
}

/**
 * The cursor the next check reads from: that of the last successful check or operator
 * reset, skipping a recorded cursor that is not plausible (a ledger written before the
 * check existed), so that one bad id cannot blind the monitor.
 */
export function currentCursor(entries: readonly CheckEntry[], now: number): string | null {
  for (let i = entries.length - 1; i >= 0; i--) {
    const entry = entries[i]!;
    if (entry.type !== 'source_checked') continue;
    const { source, ok, cursor } = entry.payload as CheckPayload;
    if (source === CURSOR_RESET_SOURCE) {
      if (cursor === null || implausibleCursor(cursor, now) === null) return cursor;
      continue;
    }
    if (!ok || cursor === null) continue;
    if (implausibleCursor(cursor, now) === null) return cursor;
  }
  return null;
}

/** The cursor moved over the ids of posts just stored (or found stored): the newest plausible one. */
export function advancedCursor(
  since: string | null,
  storedIds: Iterable<string>,
  now: number,
): string | null {
  let cursor = since;
  for (const id of storedIds) {
    if (implausibleCursor(id, now) !== null) continue;
    if (cursor === null || compareIds(id, cursor) > 0) cursor = id;
  }
  return cursor;
}
