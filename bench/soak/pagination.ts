/**
 * The pagination checker: pages through kind=all and kind=reset_scheduled with
 * pageSize 10, by HTTP and (one traversal in four) by the MCP list tool, while new
 * snapshots keep arriving. Each page is checked against the snapshot its meta.generatedAt
 * names (data-answers.ts); then, within the pages of one traversal that carry the same
 * generatedAt, no id may appear twice, and when those pages are the whole traversal their
 * ids must be exactly that snapshot's set for the filter: nothing lost, nothing extra.
 *
 * The quota is 20 per hour per address, so every page comes from an address with quota
 * left (BudgetedAddresses): in effect an unlimited client, which must never see a 429.
 */
import { BLOCKS, BudgetedAddresses } from './addresses.ts';
import { checkHttpError, isForbidden5xx, QUOTA_LIMIT } from './contract.ts';
import {
  type CheckedEnvelope,
  checkEnvelope,
  type DataRequest,
  type ListPage,
} from './data-answers.ts';
import { send, type Target } from './http-client.ts';
import { sleep } from './lifecycle.ts';
import { LIST_TOOL, readToolReply, toolCall } from './mcp.ts';
import type { CheckedKind, SnapshotBook } from './snapshots.ts';
import type { StatusTable, Violations } from './stats.ts';

export interface PaginationOptions {
  readonly target: Target;
  readonly book: SnapshotBook;
  readonly statuses: StatusTable;
  readonly violations: Violations;
  readonly signal: AbortSignal;
  readonly durationMs: number;
  /** Pause between two traversals of one loop. */
  readonly pauseMs: number;
}

export interface PaginationStats {
  traversals: number;
  /** Traversals whose pages all came from one snapshot: checked for lost ids too. */
  singleSnapshot: number;
  /** Traversals that saw a new snapshot midway: checked for duplicates per snapshot. */
  straddled: number;
  /** Traversals cut short by a failed request. */
  aborted: number;
  pages: number;
  viaMcp: number;
}

const PAGE_SIZE = 10;
/** No snapshot the soak publishes has more than 10 pages; this bounds a runaway loop. */
const MAX_PAGES = 30;

export class PaginationChecker {
  readonly stats: PaginationStats = {
    traversals: 0,
    singleSnapshot: 0,
    straddled: 0,
    aborted: 0,
    pages: 0,
    viaMcp: 0,
  };
  private readonly addresses = new BudgetedAddresses(BLOCKS.pagination, QUOTA_LIMIT);

  private readonly options: PaginationOptions;

  constructor(options: PaginationOptions) {
    this.options = options;
  }

  get addressesUsed(): number {
    return this.addresses.addressesUsed;
  }

  async run(): Promise<void> {
    await Promise.all((['all', 'reset_scheduled'] as const).map((kind) => this.loop(kind)));
  }

  private async loop(kind: CheckedKind): Promise<void> {
    const { signal, durationMs, pauseMs } = this.options;
    const started = Date.now();
    const maxTraversals = Math.ceil(durationMs / pauseMs) + 1;
    for (
      let n = 0;
      n < maxTraversals && !signal.aborted && Date.now() - started < durationMs;
      n++
    ) {
      await this.traverse(kind, n % 4 === 3);
      await sleep(pauseMs, signal);
    }
  }

  private async traverse(kind: CheckedKind, viaMcp: boolean): Promise<void> {
    const { violations, book, signal } = this.options;
    this.stats.traversals++;
    if (viaMcp) this.stats.viaMcp++;
    const pages: { generatedAt: string; page: ListPage }[] = [];
    for (let page = 1; page <= MAX_PAGES && !signal.aborted; page++) {
      const fetched = await this.fetchPage(
        { endpoint: 'list', kind, page, pageSize: PAGE_SIZE },
        viaMcp,
      );
      if (fetched === undefined) {
        this.stats.aborted++;
        return;
      }
      this.stats.pages++;
      pages.push({ generatedAt: fetched.generatedAt, page: fetched.page! });
      if (!fetched.page!.hasNext) break;
    }
    if (pages.at(-1)?.page.hasNext !== false) {
      this.stats.aborted++; // stopped midway by the end of the run
      return;
    }

    const groups = new Map<string, typeof pages>();
    for (const entry of pages) {
      const group = groups.get(entry.generatedAt) ?? [];
      group.push(entry);
      groups.set(entry.generatedAt, group);
    }
    if (groups.size === 1) this.stats.singleSnapshot++;
    else this.stats.straddled++;
    for (const [generatedAt, group] of groups) {
      const seen = new Set<string>();
      for (const { page } of group) {
        for (const { id } of page.items) {
          if (seen.has(id)) {
            violations.add(
              'pagination',
              `kind=${kind} ${generatedAt}: id ${id} twice (page ${page.page})`,
            );
          }
          seen.add(id);
        }
      }
      if (groups.size !== 1) continue;
      const expected = book.get(generatedAt)?.ids[kind];
      if (expected === undefined) continue; // already reported by checkEnvelope
      const lost = [...expected].filter((id) => !seen.has(id));
      if (lost.length > 0 || seen.size !== expected.size) {
        violations.add(
          'pagination',
          `kind=${kind} ${generatedAt}: ${lost.length} id(s) lost (${lost.slice(0, 3).join(', ')}), ${seen.size} seen of ${expected.size}`,
        );
      }
    }
  }

  /** One checked page, or undefined when the request failed or was refused. */
  private async fetchPage(
    request: DataRequest,
    viaMcp: boolean,
  ): Promise<CheckedEnvelope | undefined> {
    const { target, statuses, violations, book } = this.options;
    const source = viaMcp ? 'pagination MCP' : 'pagination HTTP';
    const spec = viaMcp
      ? toolCall(
          LIST_TOOL,
          JSON.stringify({ kind: request.kind, page: request.page, pageSize: request.pageSize }),
        )
      : {
          path: `/openapi/v1/records?kind=${request.kind}&page=${request.page}&pageSize=${request.pageSize}`,
        };
    const reply = await send(target, { ...spec, localAddress: this.addresses.take() });
    if (!reply.ok) {
      statuses.add(source, reply.error);
      return undefined;
    }
    statuses.add(source, reply.status);
    const label = `${source} kind=${request.kind} page=${request.page}`;
    if (isForbidden5xx(reply)) violations.add('5xx', `${label}: HTTP ${reply.status}`);
    let envelope: unknown;
    if (viaMcp) {
      const result = readToolReply(reply);
      if (result.kind === 'problem') {
        violations.add('pagination', `${label}: ${result.problem}`);
        return undefined;
      }
      if (result.kind === 'tool-error') {
        if (result.error.error === 'rate_limited')
          violations.add('quota', `${label}: refused within its quota`);
        else if (result.error.error !== 'rate_limit_unavailable') {
          violations.add('pagination', `${label}: tool error ${result.error.error}`);
        }
        return undefined;
      }
      envelope = result.envelope;
    } else {
      if (reply.status !== 200) {
        const problem = checkHttpError(reply);
        if (problem !== undefined) violations.add('error body', `${label}: ${problem}`);
        if (reply.status === 429) violations.add('quota', `${label}: refused within its quota`);
        else if (reply.status !== 503)
          violations.add('pagination', `${label}: HTTP ${reply.status}`);
        return undefined;
      }
      try {
        envelope = JSON.parse(reply.body);
      } catch {
        violations.add('pagination', `${label}: body is not JSON`);
        return undefined;
      }
    }
    const checked = checkEnvelope(envelope, request, book);
    if (typeof checked === 'string') {
      violations.add('pagination', `${label}: ${checked}`);
      return undefined;
    }
    return checked;
  }
}
