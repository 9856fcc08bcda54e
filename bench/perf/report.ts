/** BENCHMARKS.md and the console table, from the measured rows and profiles. */
import { execFileSync } from 'node:child_process';
import { cpus, loadavg, totalmem } from 'node:os';
import type { FurtherOutcome } from './further.ts';
import { FURTHER_HOW_TO_READ, furtherSection } from './further-report.ts';
import type { LoadResult } from './load.ts';
import { GC, IDLE, type ProfileSummary } from './profile.ts';
import type { RedisFigures } from './redis-quota.ts';
import { redisTable } from './redis-report.ts';
import type { Row } from './rows.ts';

export interface Round {
  readonly service: LoadResult;
  readonly bare: LoadResult;
  /** Redis's command counters over each side (row 13). */
  readonly redis?: { readonly service: RedisFigures; readonly bare: RedisFigures };
  /** CPU time each process used over its side of the round (/proc, bench/perf/cpu.ts), µs. */
  readonly cpuUs?: { readonly service: number; readonly bare: number };
}

export type RowOutcome =
  | {
      readonly row: Row;
      readonly group: string;
      readonly rounds: readonly Round[];
      /** Size of the replayed response: header block (without Date...) + body. */
      readonly bodyBytes: number;
      readonly headerNames: readonly string[];
    }
  | { readonly row: Row; readonly group: string; readonly error: string };

export interface ProfileOutcome {
  readonly row: Row;
  readonly seconds: number;
  readonly summary?: ProfileSummary;
  /** Requests served in the profiled window. */
  readonly requests?: number;
  /** The bare server's profile under the same load, for reference. */
  readonly bare?: { readonly summary: ProfileSummary; readonly requests: number };
  readonly error?: string;
}

export interface RunSettings {
  readonly connections: number;
  readonly seconds: number;
  readonly rounds: number;
  readonly warmupSeconds: number;
  /** How the processes were placed on the cores. */
  readonly pinning: string;
}

export const PROFILE_START = '<!-- profile:start -->';
export const PROFILE_END = '<!-- profile:end -->';

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const ratios = (rounds: readonly Round[]) => rounds.map((r) => r.service.rps / r.bare.rps);
const fmtRps = (n: number) => Math.round(n).toLocaleString('en-US');
const fmtMs = (n: number) => (n < 10 ? n.toFixed(2) : n.toFixed(1));
const fmtRatio = (n: number) => n.toFixed(2);
/** Median CPU µs per request of one side over the rounds, or '' without /proc. */
const cpuPerRequest = (rounds: readonly Round[], side: 'service' | 'bare'): number | undefined => {
  const each = rounds.flatMap((r) =>
    r.cpuUs === undefined || r[side].requests === 0 ? [] : [r.cpuUs[side] / r[side].requests],
  );
  return each.length === 0 ? undefined : median(each);
};
const fmtCpu = (n: number | undefined) => (n === undefined ? '' : n.toFixed(0));

export function machine(): string {
  const cores = cpus();
  let commit = 'unknown';
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--', 'src'], {
      encoding: 'utf8',
    }).trim();
    if (dirty !== '') commit += ' (src/ modified)';
  } catch {}
  return [
    `- CPU: ${cores[0]?.model.trim() ?? 'unknown'}, ${cores.length} cores (os.cpus()), ${(totalmem() / 2 ** 30).toFixed(1)} GiB RAM`,
    `- Node ${process.version}, ${process.platform}/${process.arch}`,
    `- Date: ${new Date().toISOString()}`,
    `- Commit: ${commit}`,
    `- Load average when the report was written (1, 5, 15 min): ${loadavg()
      .map((n) => n.toFixed(2))
      .join(', ')} (the machine may be shared: compare ratios and CPU µs per request)`,
  ].join('\n');
}

export function resultsTable(outcomes: readonly RowOutcome[]): string {
  const lines = [
    '| # | row | ratio (median) | min–max | CPU µs a request: service / bare | service req/s | bare req/s | service p50 / p99 ms | bare p50 / p99 ms | target |',
    '| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  const sorted = [...outcomes].sort((a, b) => a.row.order - b.row.order);
  for (const outcome of sorted) {
    const { row } = outcome;
    if ('error' in outcome) {
      lines.push(
        `| ${row.order} | ${row.title} | failed | | | | | | | ${row.target} |`,
        `| | ↳ ${outcome.error.replaceAll('|', '\\|').replaceAll('\n', ' ')} | | | | | | | | |`,
      );
      continue;
    }
    const rs = ratios(outcome.rounds);
    const svc = outcome.rounds.map((r) => r.service);
    const bare = outcome.rounds.map((r) => r.bare);
    lines.push(
      `| ${row.order} | ${row.title} | **${fmtRatio(median(rs))}** | ${fmtRatio(Math.min(...rs))}–${fmtRatio(Math.max(...rs))} | ${fmtCpu(cpuPerRequest(outcome.rounds, 'service'))} / ${fmtCpu(cpuPerRequest(outcome.rounds, 'bare'))} | ${fmtRps(median(svc.map((s) => s.rps)))} | ${fmtRps(median(bare.map((s) => s.rps)))} | ${fmtMs(median(svc.map((s) => s.p50)))} / ${fmtMs(median(svc.map((s) => s.p99)))} | ${fmtMs(median(bare.map((s) => s.p50)))} / ${fmtMs(median(bare.map((s) => s.p99)))} | ${row.target} |`,
    );
    if (row.id === 'records') {
      const p99 = svc.map((s) => s.p99);
      lines.push(
        `| 6 | p99 latency at 50 connections, row 1 (same runs) | **${fmtMs(median(p99))} ms** | ${fmtMs(Math.min(...p99))}–${fmtMs(Math.max(...p99))} ms | | | | | bare p99 ${fmtMs(median(bare.map((s) => s.p99)))} ms (÷ ${(median(p99) / median(bare.map((s) => s.p99))).toFixed(2)}) | ≤ 2× bare |`,
      );
    }
  }
  return lines.join('\n');
}

/** Size rows: their ratio against the 1,000-record row's ratio. */
export function sizeTable(outcomes: readonly RowOutcome[]): string | undefined {
  const byId = new Map(outcomes.map((o) => [o.row.id, o]));
  const lines: string[] = [];
  for (const outcome of outcomes) {
    const other = outcome.row.compareWith && byId.get(outcome.row.compareWith);
    if (!other || 'error' in outcome || 'error' in other) continue;
    const mine = median(ratios(outcome.rounds));
    const theirs = median(ratios(other.rounds));
    lines.push(
      `| ${outcome.row.order} | ${outcome.row.title} | ${fmtRatio(mine)} | ${fmtRatio(theirs)} | **${(mine / theirs).toFixed(2)}** | ${outcome.row.target} |`,
    );
  }
  if (lines.length === 0) return undefined;
  return [
    '| # | row | ratio | row 1 ratio (1,000 records) | ÷ row 1 | target |',
    '| ---: | --- | ---: | ---: | ---: | ---: |',
    ...lines,
  ].join('\n');
}

export function consoleTable(
  outcomes: readonly RowOutcome[],
  further: readonly FurtherOutcome[],
): string {
  const size = sizeTable(outcomes);
  const redis = redisTable(outcomes);
  const rest = furtherSection(further);
  return [outcomes.length === 0 ? undefined : resultsTable(outcomes), size, redis, rest]
    .filter((part) => part !== undefined)
    .join('\n\n');
}

function roundDetails(outcomes: readonly RowOutcome[]): string {
  const lines = [
    '| # | service req/s per round | bare req/s per round | ratio per round | CPU µs a request per round: service / bare |',
    '| ---: | --- | --- | --- | --- |',
  ];
  for (const outcome of [...outcomes].sort((a, b) => a.row.order - b.row.order)) {
    if ('error' in outcome) continue;
    lines.push(
      `| ${outcome.row.order} | ${outcome.rounds.map((r) => fmtRps(r.service.rps)).join(', ')} | ${outcome.rounds.map((r) => fmtRps(r.bare.rps)).join(', ')} | ${ratios(outcome.rounds).map(fmtRatio).join(', ')} | ${outcome.rounds.map((r) => (r.cpuUs === undefined ? '?' : `${fmtCpu(r.cpuUs.service / r.service.requests)} / ${fmtCpu(r.cpuUs.bare / r.bare.requests)}`)).join(', ')} |`,
    );
  }
  return lines.join('\n');
}

function replayedBytes(outcomes: readonly RowOutcome[]): string {
  const lines = [
    '| # | status | body bytes | headers replayed (besides Date, Connection, Keep-Alive) |',
    '| ---: | ---: | ---: | --- |',
  ];
  for (const outcome of [...outcomes].sort((a, b) => a.row.order - b.row.order)) {
    if ('error' in outcome) continue;
    lines.push(
      `| ${outcome.row.order} | ${outcome.row.expectStatus} | ${outcome.bodyBytes} | ${outcome.headerNames.join(', ')} |`,
    );
  }
  return lines.join('\n');
}

export function profileSection(profiles: readonly ProfileOutcome[], date: string): string {
  const parts = [
    PROFILE_START,
    '## Where the time goes',
    '',
    `CPU profiles (\`node --cpu-prof\`, about 1 ms sampling) of the service's main thread under each profiled row's load, ${date}.`,
    'Self time summed over the samples taken while autocannon ran (start-up and shutdown cut',
    'out), grouped into buckets by file; a native function without a file (a builtin such as',
    '`JSON.stringify`, a C++ binding) counts in the bucket of the JavaScript function that',
    "called it (so a log line's `writeString` counts in node internals, under `fs.writeSync`),",
    'except the socket writes of the responses (`writev`), counted apart. **µs per request** = the',
    "bucket's time ÷ the requests served in the window: it compares across rows and with the",
    'bare server, profiled the same way for rows 1 and 3 (same bytes, same load). "idle" is',
    'time the process waited for the network. The profiler itself slows the service a little.',
    'Raw profiles go to a temporary directory, deleted at the end (`--keep-profiles DIR` keeps',
    'them). Regenerate this section alone with `npm run bench:profile`.',
  ];
  const perRequest = (ms: number, requests: number | undefined) =>
    requests === undefined || requests === 0 ? '' : ((ms * 1000) / requests).toFixed(1);
  for (const { row, seconds, summary, requests, bare, error } of [...profiles].sort(
    (a, b) => a.row.order - b.row.order,
  )) {
    parts.push('', `### Row ${row.order}: ${row.title}`, '');
    if (summary === undefined) {
      parts.push(`Profile failed: ${error ?? 'unknown error'}`);
      continue;
    }
    const total = summary.totalMs;
    const idle = summary.buckets.find((b) => b.name === IDLE)?.ms ?? 0;
    const gc = summary.buckets.find((b) => b.name === GC)?.ms ?? 0;
    const rps =
      requests === undefined ? '' : `${Math.round(requests / seconds)} req/s under the profiler, `;
    const busyUs = perRequest(total - idle, requests);
    let line = `${seconds} s of load, ${rps}${(total / 1000).toFixed(2)} s of samples${summary.windowed ? '' : ' (whole process: the load window could not be cut out)'}; busy ${((100 * (total - idle)) / total).toFixed(0)} % (${busyUs} µs of CPU per request), GC ${((100 * gc) / total).toFixed(1)} %.`;
    if (bare !== undefined) {
      const bareIdle = bare.summary.buckets.find((b) => b.name === IDLE)?.ms ?? 0;
      line += ` Bare server: ${Math.round(bare.requests / seconds)} req/s, busy ${((100 * (bare.summary.totalMs - bareIdle)) / bare.summary.totalMs).toFixed(0)} %, ${perRequest(bare.summary.totalMs - bareIdle, bare.requests)} µs of CPU per request.`;
    }
    parts.push(line, '');
    const bareBuckets = new Map(bare?.summary.buckets.map((b) => [b.name, b.ms]) ?? []);
    parts.push(
      `| bucket | self ms | % of samples | µs per request |${bare ? ' bare server µs per request |' : ''}`,
      `| --- | ---: | ---: | ---: |${bare ? ' ---: |' : ''}`,
    );
    const shown = summary.buckets.filter((b) => (100 * b.ms) / total >= 0.5);
    for (const bucket of shown) {
      const bareCell = bare
        ? ` ${bucket.name === IDLE ? '' : perRequest(bareBuckets.get(bucket.name) ?? 0, bare.requests)} |`
        : '';
      parts.push(
        `| ${bucket.name} | ${bucket.ms.toFixed(0)} | ${((100 * bucket.ms) / total).toFixed(1)} | ${bucket.name === IDLE ? '' : perRequest(bucket.ms, requests)} |${bareCell}`,
      );
    }
    parts.push(
      '',
      '| top functions (self time) | bucket | % of samples | µs per request |',
      '| --- | --- | ---: | ---: |',
    );
    for (const fn of summary.functions.filter((f) => f.bucket !== IDLE).slice(0, 15)) {
      parts.push(
        `| \`${fn.name.replaceAll('|', '\\|')}\` | ${fn.bucket} | ${((100 * fn.ms) / total).toFixed(1)} | ${perRequest(fn.ms, requests)} |`,
      );
    }
  }
  parts.push(PROFILE_END);
  return parts.join('\n');
}

export function document(
  outcomes: readonly RowOutcome[],
  settings: RunSettings,
  profileText: string | undefined,
  further: readonly FurtherOutcome[] = [],
): string {
  const size = sizeTable(outcomes);
  const redis = redisTable(outcomes);
  const rest = furtherSection(further);
  return `# Benchmarks

Generated by \`npm run bench\` (\`bench/run.ts\`, \`bench/perf/\`); do not edit by hand.
The targets and the method are those of issues 12 and 22.

## Machine

${machine()}
- Load: autocannon ${settings.connections} connections, pipelining 1, ${settings.seconds} s per round, ${settings.rounds} rounds per side (A B A B...), ${settings.warmupSeconds} s warm-up per side first
- CPU pinning (taskset): ${settings.pinning}

## Results

${resultsTable(outcomes)}
${size === undefined ? '' : `\nSnapshot size and page depth (the cost of a request must not depend on either):\n\n${size}\n`}${redis === undefined ? '' : `\nThe quota in Redis (row 13): how often the service goes to Redis per request, counted by Redis itself:\n\n${redis}\n`}${rest === undefined ? '' : `\n## Further rows\n\nSnapshots swapped under load, a large snapshot's load and memory, the memory quota store at a million clients, the producer: each measured its own way (see below), not against the bare server.\n\n${rest}\n`}
## How to read it

- **The baseline is the platform's limit, not another endpoint.** For every row, the
  service's response is captured once (status, every header it sends, body). A bare
  \`node:http\` server in its own process (\`bench/perf/bare-server.ts\`) then answers every
  request with exactly those bytes: the same header names in the same order and case,
  the same body, with Node adding Date, Connection and Keep-Alive itself as it does for the
  service. Before each row the bench checks the bare server's answer against the capture
  (identical but for Date). The bare server does no work beyond HTTP parsing and writing:
  the ratio is the share of the platform's throughput the service keeps.
- **ratio** = service req/s ÷ bare req/s of the round run right after it (A B A B...),
  so the machine's drift cancels; the median over rounds, and min–max across rounds (the
  spread is the noise: two rows whose ranges overlap are not different).
- **CPU µs a request** = the CPU time (user + system, every thread) the process used
  during its side of a round, read from \`/proc/<pid>/stat\` before and after the load
  (10 ms resolution: over 1 % of a 3 s round), ÷ the responses it completed; the median over
  rounds. Unlike req/s and, partly, the ratio, it hardly depends on what else the machine
  runs, so two machines compare on it even where their ratios differ.
- **req/s** and **p50 / p99** are medians over rounds of each side; latencies are
  per-response timings from autocannon (every status, float milliseconds) at
  ${settings.connections} connections, so at saturation p50 ≈ connections ÷ req/s.
- The service runs as in production (\`node --import tsx src/main.ts serve\`,
  \`LOG_LEVEL=info\`: one JSON log line per request, written to stdout, here /dev/null;
  \`METRICS_PORT=off\`, so /metrics is not scraped but the per-request metrics are still
  recorded), on a synthetic snapshot (\`bench/synthetic-snapshot.ts\`) of 1,000 records
  unless the row says otherwise. Page 1 is the default page of 10 records.
- **Quota rows**: row 2 runs with \`RATE_LIMIT=on\`, \`RATE_LIMIT_MAX=1000000\`,
  \`TRUST_PROXY=127.0.0.1\` and \`X-Forwarded-For\` addresses (10.x.y.z) drawn from a pool of
  256 new addresses per round, each connection cycling through them: every request is
  counted and admitted, about 1,300 clients by the end of the row. (A new address
  built per request with autocannon's \`setupRequest\` made the load generator the limit:
  the bare side fell from about 35,000 to 19,000 req/s and the ratio rose to 0.43, above
  row 1's.) The bare server gets the same requests. Rows 3, 5 and 20 run with
  \`RATE_LIMIT_MAX=1\` and the one client (127.0.0.1) over its quota before the first
  round; the bare server replays the 429 (or the MCP error result), \`Retry-After\` and
  \`X-RateLimit-*\` included.
- **MCP rows** send the same request as before (\`tools/call list_reset_records\`,
  \`pageSize: 10\`, revision 2026-07-28 with its \`Mcp-Method\`/\`Mcp-Name\` headers and
  \`_meta\`; rows 12 and 20 the 2025-11-25 revision, as the v1 SDK sends it), the bare server
  replaying the JSON-RPC answer.
${FURTHER_HOW_TO_READ}
- The load generator shares the 2 cores with the service: one each. A bare-server figure
  is therefore partly a measure of autocannon itself; the ratio is comparable between runs
  on the same machine, the req/s are not comparable across machines.

Per round (service, bare, ratio), to judge the noise:

${roundDetails(outcomes)}

What each bare server replayed:

${replayedBytes(outcomes)}

${profileText ?? `${PROFILE_START}\n## Where the time goes\n\nNot profiled yet: run \`npm run bench:profile\` (or \`npm run bench -- --profile\`).\n${PROFILE_END}`}
`;
}
