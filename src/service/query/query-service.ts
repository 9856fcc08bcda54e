import type { KindFilter, ListPage, Meta } from '../../shared/domain/envelope.ts';
import type { ResetRecord } from '../../shared/domain/record.ts';
import type { ListQuery } from './params.ts';
import { recordOf } from './prepared-record.ts';
import type { PreparedSnapshot } from './prepared-snapshot.ts';

/**
 * The one query service behind both the HTTP API and the MCP tools. Pure functions of
 * (snapshot, query, now): the same inputs give the same answer, byte for byte.
 */

export interface QueryAnswer<T> {
  /** The success envelope `{ok:true,data,meta}` as a JSON string, assembled from cached parts when read. */
  readonly json: string;
  /** The same envelope as an object (for MCP structuredContent). */
  envelope(): { ok: true; data: T; meta: Meta };
  /** Identifies this exact body: same tag, same bytes. */
  readonly tag: string;
  /** First instant (epoch ms) at which the answer may change without a new snapshot, or null. */
  readonly validUntil: number | null;
}

export function listRecords(
  snapshot: PreparedSnapshot,
  query: ListQuery,
  now: number,
): QueryAnswer<ListPage> {
  const { kind, page, pageSize } = query;
  const views = snapshot.viewsAt(now);
  const rows = views.rows[kind];
  const total = rows.length;
  const totalPages = Math.ceil(total / pageSize);
  const items = page > totalPages ? [] : rows.slice((page - 1) * pageSize, page * pageSize);
  const hasNext = page < totalPages;
  const pageFields = `"page":${page},"pageSize":${pageSize},"total":${total},"totalPages":${totalPages},"hasNext":${hasNext}`;
  return {
    // A getter: a caller that already holds these bytes by tag (body-cache.ts) never builds them.
    get json() {
      return `{"ok":true,"data":{"items":[${items.map((row) => row.json).join(',')}],${pageFields}},"meta":${snapshot.metaJson}}`;
    },
    envelope: () => ({
      ok: true,
      data: { items: items.map(recordOf), page, pageSize, total, totalPages, hasNext },
      meta: snapshot.meta,
    }),
    tag: `${snapshot.version}.${views.epoch}.l.${kind}.${page}.${pageSize}`,
    validUntil: views.validUntil,
  };
}

export function latestRecord(
  snapshot: PreparedSnapshot,
  kind: KindFilter,
  now: number,
): QueryAnswer<ResetRecord | null> {
  const views = snapshot.viewsAt(now);
  const first = views.rows[kind][0];
  return {
    get json() {
      return `{"ok":true,"data":${first?.json ?? 'null'},"meta":${snapshot.metaJson}}`;
    },
    envelope: () => ({
      ok: true,
      data: first === undefined ? null : recordOf(first),
      meta: snapshot.meta,
    }),
    tag: `${snapshot.version}.${views.epoch}.1.${kind}`,
    validUntil: views.validUntil,
  };
}
