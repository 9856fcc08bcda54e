import { RateLimitError, ResetRecordsError } from './errors.ts';
import type { KindFilter, ListEnvelope, Meta, ResetRecord } from './generated/types.ts';

/**
 * Reading every page of a filter (service.md: "follow hasNext … deduplicate by id"), and
 * what was read when it had to stop early.
 */

export type FetchPage = (page: number) => Promise<ListEnvelope>;

/** One page as `pages()` yields it: only the records not seen on an earlier page. */
export interface RecordsPage {
  readonly page: number;
  readonly pageSize: number;
  readonly total: number;
  readonly totalPages: number;
  readonly hasNext: boolean;
  readonly meta: Meta;
  /** This page's records whose id was not on an earlier page, in the API's order. */
  readonly items: ResetRecord[];
  /** How many records of this page had been seen already (moved by a new snapshot). */
  readonly duplicates: number;
}

/** Follows hasNext from page 1, deduplicating by id; at most `maxPages` requests. */
export async function* walkPages(
  fetchPage: FetchPage,
  maxPages: number,
): AsyncGenerator<RecordsPage> {
  const seen = new Set<string>();
  for (let page = 1; ; page++) {
    if (page > maxPages) {
      throw new ResetRecordsError('page_limit', `more than maxPages (${maxPages}) pages`);
    }
    const { data, meta } = await fetchPage(page);
    const items: ResetRecord[] = [];
    for (const record of data.items) {
      if (seen.has(record.id)) continue; // on an earlier page, or earlier on this one
      seen.add(record.id);
      items.push(record);
    }
    yield {
      page: data.page,
      pageSize: data.pageSize,
      total: data.total,
      totalPages: data.totalPages,
      hasNext: data.hasNext,
      meta,
      items,
      duplicates: data.items.length - items.length,
    };
    if (!data.hasNext) return;
  }
}

/** Why a reading stopped before the last page. */
export type StopReason =
  | { readonly reason: 'rate_limited'; readonly retryAfterSeconds: number }
  | { readonly reason: 'page_limit'; readonly maxPages: number }
  | { readonly reason: 'snapshot_changed' };

/** The range a reading covered. */
export interface CheckedRange {
  readonly kind: KindFilter;
  readonly pageSize: number;
  /** Pages read, from page 1: pages 1 to `pagesRead` (of the last reading, after a restart). */
  readonly pagesRead: number;
  /** totalPages as the last page read said (null when none was read). */
  readonly totalPages: number | null;
  /** Distinct records read. */
  readonly recordsRead: number;
  /** `total` as the last page read said (null when none was read). */
  readonly total: number | null;
  /** The snapshot the pages came from. */
  readonly generatedAt: string | null;
  /** Requests made, restarts included. */
  readonly requests: number;
}

export interface Reading {
  /** Distinct records in the API's order. */
  readonly records: ResetRecord[];
  /** Every page was read, from one snapshot. */
  readonly complete: boolean;
  readonly stopped: StopReason | null;
  readonly checked: CheckedRange;
  readonly meta: Meta | null;
}

/**
 * Reads every page of `kind` from one snapshot. When the snapshot changes mid-way (a
 * record may then move across the page being read and be missed), it starts again from
 * page 1, at most `maxRestarts` times. It stops early, and says so, when the quota refuses
 * (a RateLimitError that the transport would not wait for), at `maxPages` requests, or when
 * the snapshot keeps changing; a refusal before the first page is thrown (nothing to say).
 */
export async function readAll(
  kind: KindFilter,
  pageSize: number,
  fetchPage: FetchPage,
  limits: { readonly maxPages: number; readonly maxRestarts: number },
): Promise<Reading> {
  let requests = 0;
  let restarts = 0;
  for (;;) {
    const seen = new Map<string, ResetRecord>();
    let last: ListEnvelope | null = null;
    let pagesRead = 0;
    const reading = (stopped: StopReason | null): Reading => ({
      records: [...seen.values()],
      complete: stopped === null,
      stopped,
      checked: {
        kind,
        pageSize,
        pagesRead,
        totalPages: last?.data.totalPages ?? null,
        recordsRead: seen.size,
        total: last?.data.total ?? null,
        generatedAt: last?.meta.generatedAt ?? null,
        requests,
      },
      meta: last?.meta ?? null,
    });
    for (let page = 1; ; page++) {
      if (requests >= limits.maxPages)
        return reading({ reason: 'page_limit', maxPages: limits.maxPages });
      let envelope: ListEnvelope;
      try {
        requests++;
        envelope = await fetchPage(page);
      } catch (error) {
        if (error instanceof RateLimitError && pagesRead > 0) {
          return reading({ reason: 'rate_limited', retryAfterSeconds: error.retryAfterSeconds });
        }
        throw error;
      }
      if (last !== null && envelope.meta.generatedAt !== last.meta.generatedAt) {
        if (restarts >= limits.maxRestarts) return reading({ reason: 'snapshot_changed' });
        restarts++;
        break; // read again from page 1, this snapshot only
      }
      last = envelope;
      pagesRead++;
      for (const record of envelope.data.items)
        if (!seen.has(record.id)) seen.set(record.id, record);
      if (!envelope.data.hasNext) return reading(null);
    }
  }
}

/** One sentence on what was read, and, when incomplete, that the answer is not the overall one. */
export function describeReading(reading: Reading, what: string): string {
  const c = reading.checked;
  const of = c.generatedAt === null ? '' : ` of the snapshot generated at ${c.generatedAt}`;
  if (reading.complete) {
    return `Read all ${c.pagesRead} page${c.pagesRead === 1 ? '' : 's'} of ${c.kind} (${c.recordsRead} records)${of}.`;
  }
  const why =
    reading.stopped?.reason === 'rate_limited'
      ? `the quota is spent (retry after ${reading.stopped.retryAfterSeconds} s)`
      : reading.stopped?.reason === 'page_limit'
        ? `the limit of ${reading.stopped.maxPages} requests was reached`
        : 'the snapshot changed while it was read';
  const range =
    c.pagesRead === 0
      ? `Stopped before reading a page of ${c.kind}`
      : `Stopped after page ${c.pagesRead} of ${c.totalPages} of ${c.kind} ` +
        `(${c.recordsRead} of ${c.total} records${of})`;
  return `${range}: ${why}. This is ${what} among the records checked, not necessarily the overall one.`;
}
