/**
 * Checks a success envelope `{ok, data, meta}` (HTTP body or MCP structuredContent)
 * against the snapshot it claims to come from: a generatedAt the soak published, every
 * record exactly as published, and, for `all` and `reset_scheduled`, only ids of that
 * snapshot's filter with the right total and page arithmetic (decisions.md §4).
 */
import { isTimestamp } from './contract.ts';
import { canonical, type SnapshotBook } from './snapshots.ts';

export type Kind = 'all' | 'reset_scheduled' | 'reset_completed';

export interface DataRequest {
  readonly endpoint: 'list' | 'latest';
  readonly kind: Kind;
  readonly page?: number;
  readonly pageSize?: number;
}

export interface ListPage {
  readonly items: { id: string }[];
  readonly page: number;
  readonly pageSize: number;
  readonly total: number;
  readonly totalPages: number;
  readonly hasNext: boolean;
}

export interface CheckedEnvelope {
  readonly generatedAt: string;
  /** The page, for list requests. */
  readonly page?: ListPage;
}

/** Returns the checked envelope, or a problem. */
export function checkEnvelope(
  value: unknown,
  request: DataRequest,
  book: SnapshotBook,
): CheckedEnvelope | string {
  const envelope = value as { ok?: unknown; data?: unknown; meta?: Record<string, unknown> };
  if (envelope?.ok !== true || envelope.meta === undefined || !('data' in envelope)) {
    return 'not a success envelope';
  }
  const { generatedAt, lastSuccessfulCheckAt } = envelope.meta;
  if (!isTimestamp(generatedAt)) return `meta.generatedAt ${generatedAt}`;
  if (lastSuccessfulCheckAt !== null && !isTimestamp(lastSuccessfulCheckAt)) {
    return `meta.lastSuccessfulCheckAt ${lastSuccessfulCheckAt}`;
  }
  const entry = book.get(generatedAt as string);
  if (entry === undefined) {
    return book.isRetired(generatedAt as string)
      ? `served generatedAt ${generatedAt}, replaced by 200 newer snapshots`
      : `served generatedAt ${generatedAt}, never published as valid`;
  }
  const expectedIds = request.kind === 'reset_completed' ? undefined : entry.ids[request.kind];

  const checkRecord = (record: unknown): string | undefined => {
    const id = (record as { id?: unknown })?.id;
    if (typeof id !== 'string') return 'record without id';
    const published = entry.records.get(id);
    if (published === undefined) return `record ${id} is not in snapshot ${generatedAt}`;
    if (canonical(record) !== published) return `record ${id} differs from the published one`;
    if (expectedIds !== undefined && !expectedIds.has(id)) {
      return `record ${id} does not belong to kind=${request.kind}`;
    }
    return undefined;
  };

  if (request.endpoint === 'latest') {
    if (envelope.data === null) {
      if (expectedIds !== undefined && expectedIds.size > 0) return 'latest is null';
      return { generatedAt: generatedAt as string };
    }
    return checkRecord(envelope.data) ?? { generatedAt: generatedAt as string };
  }

  const page = envelope.data as ListPage;
  if (!Array.isArray(page?.items)) return 'list without items';
  const requestedPage = request.page ?? 1;
  const pageSize = request.pageSize ?? 10;
  if (page.page !== requestedPage || page.pageSize !== pageSize) {
    return `page ${page.page}/pageSize ${page.pageSize}, asked ${requestedPage}/${pageSize}`;
  }
  if (expectedIds !== undefined && page.total !== expectedIds.size) {
    return `total ${page.total}, snapshot has ${expectedIds.size} for kind=${request.kind}`;
  }
  const totalPages = Math.ceil(page.total / pageSize);
  if (page.totalPages !== totalPages || page.hasNext !== requestedPage < totalPages) {
    return `totalPages ${page.totalPages}/hasNext ${page.hasNext} inconsistent with total ${page.total}`;
  }
  const expectedCount = Math.max(
    0,
    Math.min(pageSize, page.total - (requestedPage - 1) * pageSize),
  );
  if (page.items.length !== expectedCount) {
    return `${page.items.length} items on page ${requestedPage}, expected ${expectedCount}`;
  }
  for (const item of page.items) {
    const problem = checkRecord(item);
    if (problem !== undefined) return problem;
  }
  return { generatedAt: generatedAt as string, page };
}
