/** The further rows (14 to 19) in BENCHMARKS.md: one common table, then each row's own. */
import type { FurtherOutcome } from './further.ts';

const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');
const verdict = (met: boolean | undefined) => (met === undefined ? '' : met ? 'yes' : '**no**');

export function furtherSection(outcomes: readonly FurtherOutcome[]): string | undefined {
  if (outcomes.length === 0) return undefined;
  const sorted = [...outcomes].sort((a, b) => a.row.order - b.row.order);
  const parts = [
    '| # | row | result | details | target | met |',
    '| ---: | --- | --- | --- | --- | :---: |',
  ];
  for (const { row, result, details, met, error } of sorted) {
    parts.push(
      error === undefined
        ? `| ${row.order} | ${row.title} | **${cell(result ?? '')}** | ${cell(details ?? '')} | ${row.target} | ${verdict(met)} |`
        : `| ${row.order} | ${row.title} | failed | ${cell(error)} | ${row.target} | |`,
    );
  }
  for (const { row, table } of sorted) {
    if (table !== undefined) parts.push('', `Row ${row.order}, ${row.title}:`, '', table);
  }
  return parts.join('\n');
}

/** "How to read it" for rows 13 to 19. */
export const FURTHER_HOW_TO_READ = `- **Row 13, the quota in Redis**: row 2's requests and settings with \`REDIS_URL\` set to
  the local Redis (\`BENCH_REDIS_URL\` changes it), which puts the quota there (one sliding-log
  Lua script per counted request, \`src/service/quota/redis-store.ts\`), under a \`REDIS_KEY_PREFIX\`
  unique to the run whose keys are deleted afterwards. **Round trips per request** are counted
  by Redis itself: \`INFO commandstats\` read before and after each side of each round. Those
  counters also count the commands a Lua script runs inside Redis, which cost no round trip:
  the script's commands (read from the source) are counted apart, and the table shows every
  command per request. The bench's own INFO calls are left out; anything else talking to the
  same Redis is estimated from the bare server's round, when the service is idle, and
  subtracted pro rata ("other clients"). The divisor is the requests autocannon sent (those
  answered and the few in flight at the end of a round, which still reach Redis). The
  service follows a snapshot file, not Redis, so it polls nothing there.
- **Row 14, a snapshot swap every second**: the service follows \`SNAPSHOT_PATH\` (a stat every
  250 ms; a changed file is loaded in its snapshot worker, then swapped in). Each round loads
  the same service twice with row 1's requests: steady, then while the bench publishes a new
  1,000-record snapshot (a new \`generatedAt\`) every second the way \`reset-records publish\`
  does (\`publishToFile\`: a temporary file renamed over the target; in the bench's process,
  since the CLI's start-up would take a core every second). Before each publish the bench
  asks the service which snapshot it serves, which confirms the previous swap ("published /
  seen served"). Failures are non-2xx responses, errors and timeouts; the p99 is compared with
  the steady p99 of the same rounds.
- **Row 15, a 100,000-record snapshot**: the time from spawning the service to its first 200
  on \`/openapi/v1/records\` (it listens once its snapshot is loaded), and its RSS (\`VmRSS\`)
  then and 2 s later, against the file's size; the same with 1,000 records shows what start-up
  alone costs. The load steps are then timed one by one in a fresh process.
- **Row 16, the memory store at a million clients**: \`MemoryQuotaStore\` called directly in a
  fresh process (\`node --expose-gc\`), with the service's defaults (\`RATE_LIMIT_MAX\`,
  \`RATE_LIMIT_WINDOW_SECONDS\`, and the cap \`RATE_LIMIT_MEMORY_MAX_CLIENTS\`), fed distinct
  IPv4 keys as the quota gate makes them, all within one window so that only the cap bounds
  it. Heap and RSS are read after a full GC, at the cap and at the end; bounded means no more
  clients held than the cap and a heap at the end within 1.5× the heap at the cap (a Map keeps
  deleted entries' slots until it rehashes; growth with the clients would be many times it).
  The hits stop after 40 s if not done: the row then says how many clients it reached, and
  is not met, since it is about a million.
- **Rows 17 to 19, the producer**: a SQLite ledger of 100,000 entries written through the real
  ledger code (\`bench/perf/synthetic-ledger.ts\`: the real posts of the evaluation sets with
  fresh ids and times, classified by the real classifier, source checks and operator
  decisions between them). Row 17 times the pure \`build(entries, now)\` (first call, as a
  command makes it) and, beside it, the whole \`reset-records build --out\`. Row 18 is
  \`npm run bench:classify\` (the CLI on 10,000 real posts, start-up included, one core).
  Row 19 runs the real monitor round (\`runRound\`) over the same ledger with a stand-in source
  that finds nothing new, after a first round that published, so nothing is published again;
  the source call is timed apart.`;
