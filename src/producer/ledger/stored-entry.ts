import {
  checkNewEntry,
  ENTRY_PAYLOADS,
  type Entry,
  type NewEntry,
  observedPostId,
} from './entry.ts';
import type { Decision } from './ledger.ts';

/**
 * What both stores share: an entry as a table row, and the steps of `transact` that do not
 * depend on the database (check, serialize, drop known posts, map rows back to entries).
 */

/** An entry's columns as stored; `payload` is the JSON text. */
export interface EntryRow {
  readonly at: string;
  readonly actor: string;
  readonly type: string;
  readonly reason: string | null;
  readonly payload: string;
}

/** A row to insert, with the post id it is unique by (only `post_observed` has one). */
export interface NewRow extends EntryRow {
  readonly postId: string | null;
}

/**
 * Text columns must come back as they went in. Both drivers silently change two kinds of
 * JavaScript strings: libsql cuts a string at U+0000 and both turn a lone surrogate into
 * U+FFFD (PostgreSQL refuses U+0000 outright). `checkNewEntry` lets them through in `reason`,
 * so the stores refuse them rather than store something else. Payload text is safe: it is
 * stored as JSON, which escapes both.
 */
const UNSTORABLE = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function storableText(field: string, value: string): string {
  if (UNSTORABLE.test(value)) {
    throw new Error(`${field}: contains U+0000 or a lone surrogate, which the ledger cannot store`);
  }
  return value;
}

/** Checks one entry and turns it into its row; throws, naming the field, when it is malformed. */
export function toRow(entry: NewEntry): NewRow {
  // checkNewEntry indexes ENTRY_PAYLOADS by the type; an unknown type would fail there with
  // a TypeError that names nothing ("… .parse is not a function").
  if (typeof entry?.type !== 'string' || !Object.hasOwn(ENTRY_PAYLOADS, entry.type)) {
    throw new Error(`type: unknown entry type ${JSON.stringify(entry?.type)}`);
  }
  const checked = checkNewEntry(entry);
  return {
    at: checked.at,
    actor: storableText('actor', checked.actor),
    type: checked.type,
    reason: checked.reason === null ? null : storableText('reason', checked.reason),
    payload: JSON.stringify(checked.payload),
    postId: observedPostId(checked),
  };
}

/**
 * Calls `decide` and prepares what it appends: every entry is checked before anything is
 * written, and a `post_observed` for a post already stored (or earlier in the same append)
 * is dropped, so `appended` reports only what is written and ids stay gapless. Errors from
 * `decide` propagate unchanged.
 */
export function decideRows<T>(
  entries: readonly Entry[],
  decide: (entries: readonly Entry[]) => Decision<T>,
): { rows: NewRow[]; result: T } {
  // Known post ids first: decide gets the array and could (wrongly) change it.
  const known = new Set<string>();
  for (const entry of entries) {
    const postId = observedPostId(entry);
    if (postId !== null) known.add(postId);
  }
  const decision = decide(entries);
  if (typeof (decision as unknown as PromiseLike<unknown>)?.then === 'function') {
    throw new TypeError('decide must return its decision synchronously, not a promise');
  }
  const rows = decision.append.map(toRow);
  const fresh = rows.filter((row) => {
    if (row.postId === null) return true;
    if (known.has(row.postId)) return false;
    known.add(row.postId);
    return true;
  });
  return { rows: fresh, result: decision.result };
}

/** A stored row back as an entry. Rows were checked when written; only the type is checked again. */
export function toEntry(id: number, row: EntryRow): Entry {
  if (!Number.isSafeInteger(id) || id < 1) throw new Error(`ledger entry id ${id} is out of range`);
  if (!Object.hasOwn(ENTRY_PAYLOADS, row.type)) {
    throw new Error(
      `ledger entry ${id} has type ${JSON.stringify(row.type)}, unknown to this program (written by a newer version?)`,
    );
  }
  return {
    id,
    type: row.type,
    at: row.at,
    actor: row.actor,
    reason: row.reason,
    payload: JSON.parse(row.payload),
  } as Entry;
}

/** Checks lease arguments, which go straight into SQL. */
export function checkLease(name: string, holder: string, nowMs?: number, untilMs?: number): void {
  for (const [field, value] of [
    ['name', name],
    ['holder', holder],
  ] as const) {
    if (typeof value !== 'string' || value.length === 0 || value.length > 200) {
      throw new TypeError(`lease ${field} must be a string of 1 to 200 characters`);
    }
    storableText(`lease ${field}`, value);
  }
  if (nowMs === undefined || untilMs === undefined) return;
  if (!Number.isSafeInteger(nowMs) || !Number.isSafeInteger(untilMs) || untilMs <= nowMs) {
    throw new RangeError('lease times must be integer milliseconds with untilMs after nowMs');
  }
}
