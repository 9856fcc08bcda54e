/**
 * `npm run bench:ops`: the public service's latency while the operator works (issue 16,
 * finding 5). A SQLite ledger of ENTRIES entries (bench/perf/synthetic-ledger.ts: real
 * posts, classified, with checks and operator decisions), `reset-records serve --monitor`
 * over it (the monitor publishing to a file every few seconds), then OPS `ops dismiss`
 * commands at once, each of its own record, while a client asks GET /healthz every 10 ms
 * on a fresh connection. Prints the latency of /healthz before and during the commands
 * (p50, p90, p99, max), and each command's exit status and time.
 *
 *   npm run bench:ops                                  # 100,000 entries, 10 commands
 *   npm run bench:ops -- --entries 20000 --ops 4
 *   npm run bench:ops -- --cli /other/checkout/bin/reset-records.js   # another version
 *
 * Everything runs on this machine: the numbers include the commands' own CPU (ten
 * processes starting and building at once on the cores the service uses).
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { build } from '../src/producer/build/build.ts';
import { DEFAULT_BUILD_SETTINGS } from '../src/producer/build/settings.ts';
import { createRulesClassifier } from '../src/producer/classify/rules-classifier.ts';
import { openLedger } from '../src/producer/ledger/open-ledger.ts';
import { syntheticLedger } from './perf/synthetic-ledger.ts';

const { values } = parseArgs({
  options: {
    entries: { type: 'string', default: '100000' },
    ops: { type: 'string', default: '10' },
    cli: { type: 'string', default: new URL('../bin/reset-records.js', import.meta.url).pathname },
    'keep-temp': { type: 'boolean', default: false },
  },
});
const ENTRIES = Number(values.entries);
const OPS = Number(values.ops);
const CLI = values.cli;
const POLL_EVERY_MS = 10;
const BASELINE_MS = 3_000;

const dir = await mkdtemp(join(tmpdir(), 'reset-records-bench-ops-'));
const ledgerPath = join(dir, 'ledger.db');
const snapshotPath = join(dir, 'snapshot.json');
const postsPath = join(dir, 'posts.jsonl');
const log = (line: string) => process.stderr.write(`bench:ops: ${line}\n`);

log(`writing a ledger of ${ENTRIES.toLocaleString('en')} entries in ${dir}`);
const now = Date.now();
const ledger = await openLedger(`sqlite:${ledgerPath}`, { create: true });
await ledger.transact(() => ({
  append: syntheticLedger(ENTRIES, now, createRulesClassifier()),
  result: undefined,
}));
const records = build(await ledger.entries(), now, DEFAULT_BUILD_SETTINGS).snapshot.records;
await ledger.close();
const targets = records
  .filter((record) => record.kind === 'reset_completed')
  .slice(-OPS)
  .map((record) => record.id);
if (targets.length < OPS) throw new Error(`only ${targets.length} records to dismiss`);
await writeFile(postsPath, '');

const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const env = {
  ...process.env,
  LEDGER_URL: `sqlite:${ledgerPath}`,
  SNAPSHOT_PATH: snapshotPath,
  MONITOR_SOURCE: `file:${postsPath}`,
  MONITOR_INTERVAL_SECONDS: '3',
  HOST: '127.0.0.1',
  PORT: String(port),
  METRICS_PORT: 'off',
  RATE_LIMIT: 'off',
  LOG_LEVEL: 'warn',
};
log(`starting serve --monitor (${CLI})`);
const box = spawn(process.execPath, [CLI, 'serve', '--monitor'], {
  env,
  stdio: ['ignore', 'ignore', 'inherit'],
});
try {
  await waitFor('/healthz', async () => (await healthz()).status === 200, 120_000);
  await waitFor('the first snapshot', async () => (await stat(snapshotPath)).size > 0, 120_000);
  await sleep(2_000); // the monitor's first rounds

  const samples: { at: number; ms: number; status: number }[] = [];
  let polling = true;
  const poller = (async () => {
    while (polling) {
      const at = performance.now();
      const { status } = await healthz().catch(() => ({ status: 0 }));
      samples.push({ at, ms: performance.now() - at, status });
      await sleep(POLL_EVERY_MS);
    }
  })();
  await sleep(BASELINE_MS);
  log(`running ${OPS} ops dismiss at once`);
  const opsStarted = performance.now();
  const results = await Promise.all(
    targets.map(async (id) => {
      const started = performance.now();
      const { code, stderr } = await runCli(['ops', 'dismiss', id, '--by', 'bench', '--json']);
      return { code, ms: performance.now() - started, stderr: stderr.trim().split('\n')[0] ?? '' };
    }),
  );
  const opsEnded = performance.now();
  await sleep(500);
  polling = false;
  await poller;

  const before = samples.filter((sample) => sample.at < opsStarted);
  const during = samples.filter((sample) => sample.at >= opsStarted && sample.at <= opsEnded);
  const report = {
    entries: ENTRIES,
    ops: OPS,
    cli: CLI,
    opsWallMs: Math.round(opsEnded - opsStarted),
    opsOk: results.filter((result) => result.code === 0).length,
    opsMs: results.map((result) => Math.round(result.ms)),
    opsErrors: results.filter((result) => result.code !== 0).map((result) => result.stderr),
    healthzBefore: summary(before),
    healthzDuring: summary(during),
  };
  console.log(JSON.stringify(report));
  log(
    `/healthz before: ${describe(report.healthzBefore)}; during the ${OPS} commands (${report.opsWallMs} ms): ${describe(report.healthzDuring)}; ops succeeded ${report.opsOk} of ${OPS}`,
  );
} finally {
  box.kill('SIGTERM');
  await new Promise((resolve) => box.once('exit', resolve));
  if (!values['keep-temp']) await rm(dir, { recursive: true, force: true });
}

function summary(samples: readonly { ms: number; status: number }[]) {
  const sorted = samples.map((sample) => sample.ms).sort((a, b) => a - b);
  const at = (q: number) =>
    round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!);
  return {
    requests: samples.length,
    failed: samples.filter((sample) => sample.status !== 200).length,
    p50: at(0.5),
    p90: at(0.9),
    p99: at(0.99),
    max: round(sorted.at(-1)!),
  };
}

function describe(s: ReturnType<typeof summary>): string {
  return `${s.requests} requests (${s.failed} failed), p50 ${s.p50} ms, p90 ${s.p90} ms, p99 ${s.p99} ms, max ${s.max} ms`;
}

function round(ms: number): number {
  return Math.round(ms * 10) / 10;
}

function healthz(): Promise<{ status: number }> {
  return new Promise((resolve, reject) => {
    const req = request(`${origin}/healthz`, { agent: false, timeout: 30_000 }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0 }));
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end();
  });
}

function runCli(args: string[]): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      env,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

async function waitFor(what: string, check: () => Promise<boolean>, ms: number): Promise<void> {
  const started = Date.now();
  while (Date.now() - started < ms) {
    if (await check().catch(() => false)) return;
    if (box.exitCode !== null) throw new Error(`serve --monitor exited (${box.exitCode})`);
    await sleep(100);
  }
  throw new Error(`not within ${ms} ms: ${what}`);
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (typeof address !== 'object' || address === null) throw new Error('no port');
  return address.port;
}
