/**
 * The producer rows (17 and 19) in a fresh process: a SQLite ledger of ENTRIES entries
 * (synthetic-ledger.ts) written through the real ledger code, then
 *   - the pure build of it (`build(entries, now)`), timed cold (the first call, as the CLI
 *     and a monitor round make it) and warm (a second call), and the whole
 *     `reset-records build --out` command as an operator runs it;
 *   - rounds of the real monitor (`runRound`) over that ledger with a stand-in source that
 *     finds nothing new (the source call itself is timed apart: about nothing here), after
 *     a first round that publishes, so the timed rounds publish nothing (records unchanged,
 *     heartbeat not due), as most rounds of a real monitor.
 *
 * Usage (spawned by bench/perf/producer.ts): node --import tsx producer-probe.ts DIR ENTRIES
 * Prints one JSON line.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { build } from '../../src/producer/build/build.ts';
import { DEFAULT_BUILD_SETTINGS } from '../../src/producer/build/settings.ts';
import { createRulesClassifier } from '../../src/producer/classify/rules-classifier.ts';
import { openLedger } from '../../src/producer/ledger/open-ledger.ts';
import type { PostSource } from '../../src/producer/monitor/post-source.ts';
import {
  type LastBuild,
  type MonitorDeps,
  type Published,
  runRound,
} from '../../src/producer/monitor/round.ts';
import { createLogger } from '../../src/shared/logger.ts';
import { mixOf, syntheticLedger } from './synthetic-ledger.ts';

const [dir, count] = process.argv.slice(2);
if (dir === undefined || count === undefined)
  throw new Error('usage: producer-probe.ts DIR ENTRIES');
const total = Number(count);
const ROOT = new URL('../../', import.meta.url).pathname;
const MONITOR_ROUNDS = 3;

const since = (started: number) => performance.now() - started;
const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1]!;
};

const ledgerPath = join(dir, 'ledger.db');
const ledger = await openLedger(`sqlite:${ledgerPath}`, { create: true });
const now = Date.now();

let started = performance.now();
const generated = syntheticLedger(total, now, createRulesClassifier());
const generateMs = since(started);
started = performance.now();
await ledger.transact(() => ({ append: generated, result: undefined }));
const writeMs = since(started);

started = performance.now();
const entries = await ledger.entries();
const readMs = since(started);
const builds: number[] = [];
let built: ReturnType<typeof build> | undefined;
for (let i = 0; i < 2; i++) {
  started = performance.now();
  built = build(entries, now, DEFAULT_BUILD_SETTINGS);
  builds.push(since(started));
}

// The command as an operator runs it: start-up, read, build, write the file.
started = performance.now();
const cli = spawnSync(
  process.execPath,
  [join(ROOT, 'bin/reset-records.js'), 'build', '--out', join(dir, 'built.json')],
  { env: { ...process.env, LEDGER_URL: `sqlite:${ledgerPath}` }, encoding: 'utf8' },
);
const cliMs = since(started);
if (cli.status !== 0) throw new Error(`reset-records build exited ${cli.status}: ${cli.stderr}`);

// The monitor: a source that finds nothing new, its call timed apart.
const sourceMs: number[] = [];
const source: PostSource = {
  name: 'bench:nothing-new',
  async check(cursor) {
    const t = performance.now();
    const found = { posts: [], cursor, problems: [] };
    sourceMs.push(since(t));
    return found;
  },
};
const deps: MonitorDeps = {
  ledger,
  source,
  classify: createRulesClassifier(),
  target: { kind: 'file', path: join(dir, 'snapshot.json'), maxBytes: 128 * 1024 * 1024 },
  settings: DEFAULT_BUILD_SETTINGS,
  clock: Date.now,
  logger: createLogger('silent'),
  holder: 'bench',
  leaseMs: 15_000,
  heartbeatMs: 900_000,
};
started = performance.now();
// As the monitor does (src/producer/monitor/monitor.ts): each round gets the last one's build.
const first = await runRound(deps, null);
let last: Published | null = first.published;
let lastBuild: LastBuild | undefined = first.built;
const firstRoundMs = since(started);
const rounds: number[] = [];
let publishedAgain = 0;
for (let i = 0; i < MONITOR_ROUNDS; i++) {
  started = performance.now();
  const outcome = await runRound(deps, last, lastBuild);
  rounds.push(since(started));
  if (outcome.published !== last) publishedAgain++;
  last = outcome.published;
  lastBuild = outcome.built ?? lastBuild;
}
const entriesAfter = (await ledger.entries()).length;
await ledger.close();

console.log(
  JSON.stringify({
    entries: entries.length,
    mix: mixOf(total),
    records: built!.snapshot.records.length,
    omitted: built!.omitted.length,
    generateMs,
    writeMs,
    readMs,
    buildColdMs: builds[0],
    buildWarmMs: builds[1],
    cliMs,
    firstRoundMs,
    roundMs: rounds,
    roundMedianMs: median(rounds),
    sourceMedianMs: median(sourceMs.slice(1)),
    publishedAgain,
    entriesAfter,
  }),
);
