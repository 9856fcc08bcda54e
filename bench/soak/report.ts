/**
 * The summary printed at the end of a soak: what was sent and answered, what the attacks
 * did, the normal client's latencies, the service's memory, and one line per requirement
 * with its verdict. Returns whether every requirement passed.
 */
import type { AttackResult } from './attacks/main.ts';
import type { NormalClientResult } from './normal-client.ts';
import type { SoakOptions } from './options.ts';
import type { PaginationStats } from './pagination.ts';
import type { PublisherStats } from './publisher.ts';
import { VISIBLE_WITHIN_MS } from './publisher.ts';
import type { QuotaClientStats } from './quota-clients.ts';
import { type LogSummary, metricValue, type ProcessSample } from './service-process.ts';
import {
  type LatencySummary,
  type StatusCounts,
  summarize,
  summarizeReservoir,
  type ViolationRecord,
} from './stats.ts';

export interface SoakResults {
  readonly options: SoakOptions;
  readonly elapsedMs: number;
  /** Why the run stopped early, if it did (a signal, the service exiting). */
  readonly stoppedEarly: string | undefined;
  readonly statuses: StatusCounts;
  readonly violations: ViolationRecord;
  readonly quota: QuotaClientStats;
  readonly pagination: PaginationStats;
  readonly paginationAddresses: number;
  readonly publisher: PublisherStats;
  readonly visibility: LatencySummary;
  readonly attacks: AttackResult | undefined;
  readonly normal: NormalClientResult | undefined;
  readonly samples: readonly ProcessSample[];
  readonly serviceExitedEarly: string | undefined;
  readonly shutdown: { code: number | null; signal: string | null; ms: number } | undefined;
  readonly metricsText: string | undefined;
  /** CPU seconds used by the soak's own processes (they share the machine's cores with the service). */
  readonly loadGeneratorCpu: Record<string, number | undefined>;
  readonly serviceLog: LogSummary;
  /** Machine-wide TCP counters over the run (this machine serves only the soak's loopback traffic). */
  readonly listenQueue: { overflows: number; drops: number } | undefined;
}

/** A table in Markdown syntax, padded so it also reads well in a terminal. */
export function table(
  headers: string[],
  rows: string[][],
  rightAligned: (column: number) => boolean,
): string {
  const widths = headers.map((header, i) =>
    Math.max(header.length, ...rows.map((row) => (row[i] ?? '').length)),
  );
  const line = (cells: string[]) =>
    `| ${cells.map((cell, i) => (rightAligned(i) ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!))).join(' | ')} |`;
  const rule = `| ${widths.map((width, i) => (rightAligned(i) ? `${'-'.repeat(width - 1)}:` : '-'.repeat(width))).join(' | ')} |`;
  return [line(headers), rule, ...rows.map(line)].join('\n');
}

const ms = (value: number) => (value >= 100 ? value.toFixed(0) : value.toFixed(1));
const mib = (kib: number) => (kib / 1024).toFixed(1);
const seconds = (millis: number) => (millis / 1000).toFixed(1);
const count = (record: Record<string, number> | undefined) =>
  Object.entries(record ?? {})
    .map(([key, n]) => `${key}: ${n}`)
    .join(', ') || 'none';

function statusTable(counts: StatusCounts): string {
  const statuses = [...new Set(Object.values(counts).flatMap((row) => Object.keys(row)))];
  const numeric = statuses.filter((status) => /^\d+$/.test(status)).sort();
  const failures = statuses.filter((status) => !/^\d+$/.test(status)).sort();
  const columns = [...numeric, ...failures];
  const rows = Object.entries(counts)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([source, row]) => {
      const total = Object.values(row).reduce((sum, n) => sum + n, 0);
      return [source, ...columns.map((status) => String(row[status] ?? '')), String(total)];
    });
  const totals = columns.map((status) =>
    String(Object.values(counts).reduce((sum, row) => sum + (row[status] ?? 0), 0)),
  );
  const grand = Object.values(counts).reduce(
    (sum, row) => sum + Object.values(row).reduce((a, n) => a + n, 0),
    0,
  );
  rows.push(['all', ...totals, String(grand)]);
  return table(['source', ...columns, 'total'], rows, (i) => i > 0);
}

function attackRows(results: SoakResults): string[][] {
  const { attacks, publisher, options } = results;
  const rows: string[][] = [];
  const flood = attacks?.flood;
  if (flood) {
    rows.push([
      '(a) pipelining flood',
      `${options.floodConnections} connections (1 address each), ${flood.connections} opened, ${flood.requestsWritten.toLocaleString('en')} requests written, never read`,
      `${flood.cutByService} connections cut by the service; ${flood.connectFailures} connects failed; max ${flood.maxOpen} open`,
    ]);
  }
  const slow = attacks?.slowloris;
  if (slow) {
    const life = summarizeReservoir(slow.lifetimesMs);
    rows.push([
      '(b) slowloris',
      `${options.slowlorisConnections} connections, 1 header byte every ${seconds(options.slowlorisByteEveryMs)} s; ${slow.connections} opened, ${slow.bytesSent} bytes`,
      `ended by the service: ${count(slow.endings)}; lifetime p50 ${seconds(life.p50)} s, max ${seconds(life.max)} s; never cut: ${slow.survivedToEnd}`,
    ]);
  }
  const idle = attacks?.idle;
  if (idle) {
    const life = summarizeReservoir(idle.lifetimesMs);
    rows.push([
      '(c) idle connections',
      `${options.idleConnections} from ${idle.address}; ${idle.connections} opened`,
      `max ${idle.maxOpen} open at once, ${idle.openAtEnd} still open at the end; ${idle.cutByService} closed by the service (lifetime p50 ${seconds(life.p50)} s, max ${seconds(life.max)} s); connect failures: ${count(idle.connectFailures)}`,
    ]);
  }
  const deep = attacks?.deepNesting;
  if (deep) {
    const variants = Object.entries(deep.latenciesMs).map(([variant, values]) => {
      const s = summarizeReservoir(values);
      return `${variant} p50 ${ms(s.p50)} ms / max ${ms(s.max)} ms`;
    });
    rows.push([
      '(d) MCP 64 KiB nested bodies',
      `${deep.sent} bodies, ${options.deepNestingSenders} senders`,
      `${variants.join('; ')}; failures: ${count(deep.failures)}`,
    ]);
  }
  const xff = attacks?.forwardedFor;
  if (xff) {
    rows.push([
      '(e) junk X-Forwarded-For',
      `${xff.sent} requests, 25 per address`,
      `quota bypasses: ${xff.quotaBypasses}; 20 KB header refused 431: ${xff.oversizedRefused}`,
    ]);
  }
  const bad = Object.values(publisher.bad).reduce((sum, n) => sum + (n ?? 0), 0);
  rows.push([
    '(f) bad snapshot files',
    `${bad}: ${count(publisher.bad as Record<string, number>)}`,
    `last good snapshot still served after ${publisher.badKept} of ${bad}`,
  ]);
  return rows;
}

interface Requirement {
  readonly name: string;
  readonly result: string;
  readonly pass: boolean;
}

function requirements(results: SoakResults): Requirement[] {
  const { violations, options, normal, samples, statuses, visibility } = results;
  const n = (kind: string) => violations[kind]?.count ?? 0;
  const seen = (status: string) =>
    Object.values(statuses).reduce((sum, row) => sum + (row[status] ?? 0), 0);
  const list: Requirement[] = [];
  list.push({
    name: 'service up for the whole run',
    result: results.serviceExitedEarly ?? 'yes',
    pass: results.serviceExitedEarly === undefined,
  });
  list.push({
    name: "no 5xx but the contract's 503s",
    result: `${n('5xx')} other 5xx`,
    pass: n('5xx') === 0,
  });
  list.push({
    name: 'every error body a contract body',
    result: `${n('error body')} violations`,
    pass: n('error body') === 0,
  });
  const wanted = ['200', '304', '422', '429'];
  const missing = wanted.filter((status) => seen(status) === 0);
  list.push({
    name: '200, 304, 422 and 429 all occur',
    result: wanted.map((status) => `${status}: ${seen(status)}`).join(', '),
    pass: missing.length === 0,
  });
  list.push({
    name: 'quota exact (20 admitted, then refused)',
    result: `${n('quota')} violations`,
    pass: n('quota') === 0,
  });
  list.push({
    name: 'pagination: no id lost or duplicated',
    result: `${n('pagination')} violations in ${results.pagination.traversals} traversals`,
    pass: n('pagination') === 0,
  });
  const answers = n('mixed traffic: answer') + n('publish') + n('junk X-Forwarded-For');
  list.push({
    name: 'answers as the contract says',
    result: `${answers} violations`,
    pass: answers === 0,
  });
  list.push({
    name: `new snapshot served within ${VISIBLE_WITHIN_MS / 1000} s`,
    result: `${visibility.count} publishes, p50 ${ms(visibility.p50)} ms, max ${ms(visibility.max)} ms`,
    pass: visibility.count > 0 && visibility.max <= VISIBLE_WITHIN_MS,
  });
  const bad = Object.values(results.publisher.bad).reduce((sum, k) => sum + (k ?? 0), 0);
  list.push({
    name: 'last good snapshot kept after bad files',
    result: `${results.publisher.badKept}/${bad}`,
    pass: n('last good snapshot kept') === 0,
  });
  const latency = summarize(normal?.latenciesMs ?? []);
  list.push({
    name: `normal client p99 < ${options.p99LimitMs} ms`,
    result: normal ? `p99 ${ms(latency.p99)} ms` : 'no result',
    pass: normal !== undefined && latency.count > 0 && latency.p99 < options.p99LimitMs,
  });
  list.push({
    name: 'normal client: every request answered 200',
    result: normal ? `${normal.failureCount} failures of ${latency.count}` : 'no result',
    pass: normal !== undefined && normal.failureCount === 0,
  });
  const rss = rssFigures(samples, options.warmupMs);
  list.push({
    name: `RSS flat (end <= ${options.rssGrowthLimit} x after warm-up)`,
    result: rss
      ? `${mib(rss.warm.rssKiB)} -> ${mib(rss.end.rssKiB)} MiB (x${(rss.end.rssKiB / rss.warm.rssKiB).toFixed(2)})`
      : 'no samples',
    pass: rss !== undefined && rss.end.rssKiB <= options.rssGrowthLimit * rss.warm.rssKiB,
  });
  const shutdown = results.shutdown;
  list.push({
    name: 'SIGTERM: exit 0 within 15 s',
    result: shutdown
      ? `code ${shutdown.code}${shutdown.signal ? ` signal ${shutdown.signal}` : ''} in ${ms(shutdown.ms)} ms`
      : 'not stopped',
    pass: shutdown !== undefined && shutdown.code === 0 && shutdown.ms < 15_000,
  });
  return list;
}

function rssFigures(samples: readonly ProcessSample[], warmupMs: number) {
  if (samples.length === 0) return undefined;
  const start = samples[0]!;
  const end = samples[samples.length - 1]!;
  const warm = samples.find((sample) => sample.atSeconds * 1000 >= warmupMs) ?? end;
  const max = samples.reduce((a, b) => (b.rssKiB > a.rssKiB ? b : a));
  return { start, warm, end, max };
}

/** Prints the summary; returns true when every requirement passed. */
export function printSummary(results: SoakResults): boolean {
  const { options, normal, samples, pagination, publisher, quota } = results;
  const out: string[] = [];
  out.push('');
  out.push(
    `## Soak summary: ${seconds(results.elapsedMs)} s of ${seconds(options.durationMs)} s, seed ${options.seed}, Node ${process.version}`,
  );
  if (results.stoppedEarly) out.push(`\nSTOPPED EARLY: ${results.stoppedEarly}`);

  out.push('\n### Requests by status (failures: no HTTP answer)\n');
  out.push(statusTable(results.statuses));
  out.push(
    `\nMixed clients: ${quota.sessions} sessions (${quota.sessionsOverQuota} past the quota, ${quota.sessionsUnverifiable} unverifiable after a network failure), ${quota.requests} requests; MCP tool results: ${count(quota.mcpOutcomes)}.`,
  );
  out.push(
    `Pagination: ${pagination.traversals} traversals (${pagination.viaMcp} via MCP): ${pagination.singleSnapshot} within one snapshot, ${pagination.straddled} across a publish, ${pagination.aborted} cut short; ${pagination.pages} pages from ${results.paginationAddresses} addresses.`,
  );
  out.push(
    `Publishing: ${publisher.valid} valid snapshots (${publisher.viaCli} through the CLI), served after p50 ${ms(results.visibility.p50)} ms, max ${ms(results.visibility.max)} ms.`,
  );

  out.push('\n### Attacks replayed (background load, whole run)\n');
  out.push(table(['attack', 'replayed', 'what the service did'], attackRows(results), () => false));

  out.push(
    '\n### Normal client (one request every ' +
      `${options.normalIntervalMs} ms, fresh connection each)\n`,
  );
  if (normal) {
    const rows = [
      ['all', summarize(normal.latenciesMs)],
      ['GET /healthz', summarize(normal.healthzMs)],
      ['data endpoints', summarize(normal.dataMs)],
      ['(of which TCP connect)', summarize(normal.connectMs)],
    ] as const;
    out.push(
      table(
        ['requests', 'count', 'p50 ms', 'p90 ms', 'p99 ms', 'max ms'],
        rows.map(([name, s]) => [
          name,
          String(s.count),
          ms(s.p50),
          ms(s.p90),
          ms(s.p99),
          ms(s.max),
        ]),
        (i) => i > 0,
      ),
    );
    out.push(
      `\nFailures: ${normal.failureCount}${normal.failures.length ? ` (${normal.failures.join('; ')})` : ''}. The client's own event-loop delay p99: ${ms(normal.ownLoopDelayP99Ms)} ms.`,
    );
  } else {
    out.push('no result from the normal client');
  }

  out.push('\n### Service process\n');
  const rss = rssFigures(samples, options.warmupMs);
  if (rss) {
    const cpu =
      samples.length > 1 && rss.end.atSeconds > rss.start.atSeconds
        ? (
            ((rss.end.cpuSeconds - rss.start.cpuSeconds) /
              (rss.end.atSeconds - rss.start.atSeconds)) *
            100
          ).toFixed(0)
        : '?';
    const maxFiles = Math.max(...samples.map((sample) => sample.openFiles));
    out.push(
      table(
        [
          'RSS start',
          `after warm-up (${seconds(rss.warm.atSeconds * 1000)} s)`,
          'end',
          'max',
          'CPU (avg)',
          'open files (max)',
        ],
        [
          [
            `${mib(rss.start.rssKiB)} MiB`,
            `${mib(rss.warm.rssKiB)} MiB`,
            `${mib(rss.end.rssKiB)} MiB`,
            `${mib(rss.max.rssKiB)} MiB (t=${rss.max.atSeconds.toFixed(0)} s)`,
            `${cpu} %`,
            String(maxFiles),
          ],
        ],
        () => false,
      ),
    );
    out.push(
      `\nSamples (t s: RSS MiB): ${samples.map((s) => `${s.atSeconds.toFixed(0)}: ${mib(s.rssKiB)}`).join(', ')}`,
    );
  }
  if (results.listenQueue) {
    out.push(
      `Connections dropped because the accept queue was full (kernel ListenOverflows / ListenDrops, whole machine): ${results.listenQueue.overflows} / ${results.listenQueue.drops}. A dropped SYN is retried by the client after 1, 3, 7 s...`,
    );
  }
  const own = Object.entries(results.loadGeneratorCpu).map(
    ([name, cpu]) => `${name} ${cpu === undefined ? '?' : `${cpu.toFixed(1)} s`}`,
  );
  out.push(
    `Load generator CPU over ${seconds(results.elapsedMs)} s (same machine): ${own.join(', ')}.`,
  );
  if (results.metricsText) {
    const picks = [
      'snapshot_rejections_total',
      'quota_rejections_total',
      'quota_memory_clients',
      'quota_memory_evictions_total',
    ]
      .map((name) => [name, metricValue(results.metricsText!, name)] as const)
      .filter(([, value]) => value !== undefined)
      .map(([name, value]) => `${name} ${value}`);
    const connectionLines = results.metricsText
      .split('\n')
      .filter((line) => !line.startsWith('#') && /connection/i.test(line))
      .slice(0, 8);
    out.push(
      `Metrics at the end: ${[...picks, ...connectionLines].join('; ') || 'none of interest'}`,
    );
  }

  const log = results.serviceLog;
  out.push(
    `Service log (LOG_LEVEL=warn): ${count(log.lines)}${log.errors.length ? `; first errors: ${log.errors.join(' | ')}` : ''}`,
  );

  const list = requirements(results);
  out.push('\n### Requirements\n');
  out.push(
    table(
      ['requirement', 'measured', 'verdict'],
      list.map((r) => [r.name, r.result, r.pass ? 'PASS' : 'FAIL']),
      () => false,
    ),
  );
  const kinds = Object.entries(results.violations);
  if (kinds.length > 0) {
    out.push('\n### Violations (first examples)\n');
    for (const [kind, { count: n, samples: examples }] of kinds) {
      out.push(`- ${kind}: ${n}`);
      for (const example of examples) out.push(`    - ${example}`);
    }
  }
  const failed = list.filter((r) => !r.pass).length;
  out.push(
    `\nRESULT: ${failed === 0 && !results.stoppedEarly ? 'PASS' : 'FAIL'} (${failed} of ${list.length} requirements failed${results.stoppedEarly ? ', run stopped early' : ''})`,
  );
  console.log(out.join('\n'));
  return failed === 0 && !results.stoppedEarly;
}
