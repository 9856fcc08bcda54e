/**
 * Throughput and latency of the service against the limit of the platform (issue 12):
 * for each row, the service (A) and a bare `node:http` server replaying the very same
 * response bytes (B), each in its own process, loaded alternately A B A B... by autocannon,
 * so the machine's drift cancels. Writes BENCHMARKS.md and prints the table.
 *
 * Usage:
 *   npm run bench                        # every row, then BENCHMARKS.md
 *   npm run bench -- --profile           # the same, plus CPU profiles ("Where the time goes")
 *   npm run bench:profile                # the profiles only (the rest of BENCHMARKS.md is kept)
 * Options: --rounds 4 --seconds 3 --connections 50 --warmup 2 --rows id,id
 *          --profile-seconds 5 --keep-profiles DIR --out BENCHMARKS.md --pin on|off
 * Row ids: records, records-quota, records-429, mcp, mcp-429, records-100k,
 * records-100k-deep, latest-all, latest-scheduled, latest-completed, mcp-legacy,
 * mcp-legacy-429, records-redis (local Redis; BENCH_REDIS_URL, default redis://127.0.0.1:6379), and the
 * further rows (bench/perf/further-rows.ts): snapshot-swap, snapshot-load-100k,
 * memory-store-1m, producer-build, producer-classify, producer-monitor.
 * With --rows, BENCHMARKS.md gets only those rows: add --out FILE to keep it.
 */
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { bodyText, type CapturedResponse, capture, differences } from './perf/capture.ts';
import { cpuMeter } from './perf/cpu.ts';
import { type FurtherOutcome, median } from './perf/further.ts';
import { FURTHER_ROWS, measureFurther } from './perf/further-rows.ts';
import { type LoadResult, load } from './perf/load.ts';
import { pinCpus, ROOT, type Running, startBare, startService, stop } from './perf/processes.ts';
import { type CpuProfile, summarize } from './perf/profile.ts';
import {
  consoleTable,
  document,
  PROFILE_END,
  PROFILE_START,
  type ProfileOutcome,
  profileSection,
  type Round,
  type RowOutcome,
} from './perf/report.ts';
import { GROUPS, type Group, type Row } from './perf/rows.ts';
import { syntheticSnapshot } from './synthetic-snapshot.ts';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '4' },
    seconds: { type: 'string', default: '3' },
    /** The old name of --seconds (README's examples). */
    duration: { type: 'string' },
    connections: { type: 'string', default: '50' },
    warmup: { type: 'string', default: '2' },
    rows: { type: 'string' },
    profile: { type: 'boolean', default: false },
    'profile-only': { type: 'boolean', default: false },
    'profile-seconds': { type: 'string', default: '5' },
    'keep-profiles': { type: 'string' },
    out: { type: 'string', default: 'BENCHMARKS.md' },
    pin: { type: 'string', default: 'on' },
  },
});
const settings = {
  rounds: Number(values.rounds),
  seconds: Number(values.duration ?? values.seconds),
  connections: Number(values.connections),
  warmupSeconds: Number(values.warmup),
  pinning: pinCpus(values.pin !== 'off'),
};
const profileSeconds = Number(values['profile-seconds']);
const profileOnly = values['profile-only'];
const measure = !profileOnly;
const profile = values.profile || profileOnly;
const wanted = values.rows === undefined ? undefined : new Set(values.rows.split(','));
const outPath = resolve(ROOT, values.out);

const log = (message: string) =>
  console.error(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const nowUs = () => Number(process.hrtime.bigint() / 1000n);

const perRequest = (cpuUs: number | undefined, result: LoadResult) =>
  cpuUs === undefined ? '?' : (cpuUs / result.requests).toFixed(0);

const selected = (group: Group, filter: (row: Row) => boolean) =>
  group.rows.filter((row) => (wanted === undefined || wanted.has(row.id)) && filter(row));

const known = new Set([
  ...GROUPS.flatMap((g) => g.rows.map((r) => r.id)),
  ...FURTHER_ROWS.map((r) => r.id),
]);
for (const id of wanted ?? [])
  if (!known.has(id)) throw new Error(`--rows: no row ${id} (rows: ${[...known].join(', ')})`);

const dir = await mkdtemp(join(tmpdir(), 'reset-records-bench-'));
const snapshots = new Map<number, string>();
async function snapshotPath(size: number): Promise<string> {
  let path = snapshots.get(size);
  if (path === undefined) {
    path = join(dir, `snapshot-${size}.json`);
    await writeFile(path, JSON.stringify(syntheticSnapshot(size, Date.now())));
    snapshots.set(size, path);
  }
  return path;
}

function checkCapture(row: Row, captured: CapturedResponse): void {
  const text = bodyText(captured);
  if (captured.status !== row.expectStatus)
    throw new Error(
      `expected HTTP ${row.expectStatus}, got ${captured.status}: ${text.slice(0, 200)}`,
    );
  if (row.expectBody !== undefined && !text.includes(row.expectBody))
    throw new Error(`body lacks ${row.expectBody}: ${text.slice(0, 200)}`);
  if (row.refuseBody !== undefined && text.includes(row.refuseBody))
    throw new Error(`body has ${row.refuseBody}: ${text.slice(0, 200)}`);
}

function checkLoad(side: string, row: Row, result: LoadResult): void {
  const others = Object.entries(result.statuses).filter(([s]) => Number(s) !== row.expectStatus);
  if (result.errors > 0 || result.timeouts > 0 || others.length > 0) {
    throw new Error(
      `${side}: ${result.errors} errors, ${result.timeouts} timeouts, statuses ${JSON.stringify(result.statuses)}`,
    );
  }
}

async function measureRow(service: Running, group: Group, row: Row): Promise<RowOutcome> {
  const captured = await capture(service.origin, row.shape, row.captureHeaders);
  checkCapture(row, captured);
  const bare = await startBare(captured, dir);
  try {
    const replayed = await capture(bare.origin, row.shape, row.captureHeaders);
    const diff = differences(captured, replayed);
    if (diff.length > 0) throw new Error(`bare server differs: ${diff.join('; ')}`);
    const options = {
      connections: settings.connections,
      seconds: settings.seconds,
      perRequestHeaders: row.perRequestHeaders,
    };
    const warm = { ...options, seconds: settings.warmupSeconds };
    if (settings.warmupSeconds > 0) {
      checkLoad('service warm-up', row, await load(service.origin, row.shape, warm));
      checkLoad('bare warm-up', row, await load(bare.origin, row.shape, warm));
    }
    // One side of a timed round, with what the group watches beside it (Redis's counters).
    // ... and the CPU time of the process under load (/proc), for µs per request.
    const side = async ({ origin, child }: Running) => {
      const finish = await group.watch?.();
      const cpu = await cpuMeter(child.pid);
      const result = await load(origin, row.shape, options);
      const cpuUs = await cpu();
      return { result, cpuUs, watched: await finish?.() };
    };
    const rounds: Round[] = [];
    for (let i = 0; i < settings.rounds; i++) {
      await sleep(300);
      const a = await side(service);
      checkLoad('service', row, a.result);
      await sleep(300);
      const b = await side(bare);
      checkLoad('bare', row, b.result);
      rounds.push({
        service: a.result,
        bare: b.result,
        ...(a.cpuUs !== undefined && b.cpuUs !== undefined
          ? { cpuUs: { service: a.cpuUs, bare: b.cpuUs } }
          : {}),
        ...(a.watched && b.watched ? { redis: { service: a.watched, bare: b.watched } } : {}),
      });
      const [sa, sb] = [a.result, b.result];
      log(
        `  round ${i + 1}: service ${Math.round(sa.rps)} req/s (p99 ${sa.p99.toFixed(2)} ms, ${perRequest(a.cpuUs, sa)} µs CPU), bare ${Math.round(sb.rps)} req/s (p99 ${sb.p99.toFixed(2)} ms, ${perRequest(b.cpuUs, sb)} µs CPU), ratio ${(sa.rps / sb.rps).toFixed(3)}`,
      );
    }
    return {
      row,
      group: group.name,
      rounds,
      bodyBytes: Buffer.from(captured.bodyBase64, 'base64').length,
      headerNames: captured.headers.map(([name]) => name),
    };
  } finally {
    await stop(bare);
  }
}

async function measureAll(): Promise<RowOutcome[]> {
  const outcomes: RowOutcome[] = [];
  for (const group of GROUPS) {
    const rows = selected(group, () => true);
    if (rows.length === 0) continue;
    log(`${group.name}: starting the service`);
    let service: Running | undefined;
    try {
      await group.setUp?.();
      service = await startService({
        snapshotPath: await snapshotPath(group.snapshotSize),
        env: group.env,
      });
      await group.prepare?.(service.origin);
    } catch (error) {
      for (const row of rows) outcomes.push({ row, group: group.name, error: String(error) });
      if (service) await stop(service);
      await tearDown(group);
      continue;
    }
    try {
      for (const row of rows) {
        log(`row ${row.order}: ${row.title}`);
        try {
          outcomes.push(await measureRow(service, group, row));
        } catch (error) {
          log(`  failed: ${(error as Error).message}`);
          outcomes.push({ row, group: group.name, error: (error as Error).message });
        }
      }
    } finally {
      await stop(service);
      await tearDown(group);
    }
  }
  return outcomes;
}

async function tearDown(group: Group): Promise<void> {
  try {
    await group.tearDown?.();
  } catch (error) {
    log(`  tear-down of ${group.name} failed: ${(error as Error).message}`);
  }
}

/** The main thread's profile (tsx's loader runs its hooks on workers, profiled apart). */
async function mainProfile(rowDir: string, pid: number | undefined): Promise<CpuProfile> {
  const mainThread = `.${pid}.0.`;
  const files = (await readdir(rowDir)).filter(
    (name) => name.endsWith('.cpuprofile') && name.includes(mainThread),
  );
  if (files.length !== 1)
    throw new Error(`expected one main-thread .cpuprofile in ${rowDir}, found ${files.length}`);
  return JSON.parse(await readFile(join(rowDir, files[0]!), 'utf8')) as CpuProfile;
}

/** Warm-up, then `profileSeconds` of load: the load window and the requests served. */
async function profiledLoad(origin: string, row: Row, side: string) {
  const options = { connections: settings.connections, perRequestHeaders: row.perRequestHeaders };
  await load(origin, row.shape, { ...options, seconds: Math.max(1, settings.warmupSeconds) });
  // Let the warm-up's connections close first: the service limits connections per address.
  await sleep(500);
  const startUs = nowUs();
  const result = await load(origin, row.shape, { ...options, seconds: profileSeconds });
  const window = { startUs, endUs: nowUs() };
  checkLoad(`${side} (profiled)`, row, result);
  log(`  ${side}: ${Math.round(result.rps)} req/s under the profiler`);
  return { window, requests: result.rps * profileSeconds };
}

async function profileRow(group: Group, row: Row, profileDir: string): Promise<ProfileOutcome> {
  const rowDir = join(profileDir, `row-${row.order}-${row.id}`);
  const bareDir = join(rowDir, 'bare');
  await mkdir(bareDir, { recursive: true });
  const service = await startService({
    snapshotPath: await snapshotPath(group.snapshotSize),
    env: group.env,
    cpuProfDir: rowDir,
  });
  let measured: Awaited<ReturnType<typeof profiledLoad>>;
  let captured: CapturedResponse;
  try {
    await group.prepare?.(service.origin);
    captured = await capture(service.origin, row.shape, row.captureHeaders);
    checkCapture(row, captured);
    measured = await profiledLoad(service.origin, row, 'service');
  } finally {
    await stop(service);
  }
  const summary = summarize(await mainProfile(rowDir, service.child.pid), measured.window);
  if (!summary.windowed) log('  warning: the load window could not be cut out of the profile');
  const outcome: ProfileOutcome = {
    row,
    seconds: profileSeconds,
    summary,
    requests: measured.requests,
  };
  if (!row.profileBare) return outcome;
  const bare = await startBare(captured, dir, bareDir);
  let bareMeasured: Awaited<ReturnType<typeof profiledLoad>>;
  try {
    bareMeasured = await profiledLoad(bare.origin, row, 'bare');
  } finally {
    await stop(bare);
  }
  return {
    ...outcome,
    bare: {
      summary: summarize(await mainProfile(bareDir, bare.child.pid), bareMeasured.window),
      requests: bareMeasured.requests,
    },
  };
}

async function profileAll(): Promise<ProfileOutcome[]> {
  const keep = values['keep-profiles'];
  const profileDir = keep === undefined ? join(dir, 'profiles') : resolve(keep);
  const outcomes: ProfileOutcome[] = [];
  for (const group of GROUPS) {
    for (const row of selected(group, (r) => r.profile)) {
      log(`profiling row ${row.order}: ${row.title}`);
      try {
        outcomes.push(await profileRow(group, row, profileDir));
      } catch (error) {
        log(`  failed: ${(error as Error).message}`);
        outcomes.push({ row, seconds: profileSeconds, error: (error as Error).message });
      }
    }
  }
  if (keep !== undefined) log(`profiles kept in ${profileDir}`);
  return outcomes;
}

/** The profile section of the existing BENCHMARKS.md, if any. */
async function existingProfileSection(): Promise<string | undefined> {
  const text = await readFile(outPath, 'utf8').catch(() => '');
  const start = text.indexOf(PROFILE_START);
  const end = text.indexOf(PROFILE_END);
  return start === -1 || end < start ? undefined : text.slice(start, end + PROFILE_END.length);
}

/** Rows 14 to 19 (bench/perf/further-rows.ts), after the load rows. */
async function measureFurtherRows(outcomes: readonly RowOutcome[]): Promise<FurtherOutcome[]> {
  const row1 = outcomes.find((o) => o.row.id === 'records');
  const row1P99 =
    row1 === undefined || 'error' in row1
      ? undefined
      : median(row1.rounds.map((r) => r.service.p99));
  return measureFurther(
    {
      dir,
      connections: settings.connections,
      seconds: settings.seconds,
      rounds: settings.rounds,
      warmupSeconds: settings.warmupSeconds,
      snapshotPath,
      log,
    },
    (row) => wanted === undefined || wanted.has(row.id),
    row1P99,
  );
}

const started = Date.now();
try {
  const outcomes = measure ? await measureAll() : [];
  const further = measure ? await measureFurtherRows(outcomes) : [];
  const profiles = profile ? await profileAll() : [];
  const profileText = profile
    ? profileSection(profiles, new Date().toISOString().slice(0, 10))
    : await existingProfileSection();
  if (measure) {
    await writeFile(outPath, document(outcomes, settings, profileText, further));
    console.log(`\n${consoleTable(outcomes, further)}`);
  } else {
    const text = await readFile(outPath, 'utf8').catch(() => undefined);
    const existing = await existingProfileSection();
    if (text === undefined || existing === undefined) {
      await writeFile(outPath, document([], settings, profileText));
    } else {
      await writeFile(outPath, text.replace(existing, profileText!));
    }
    console.log(`\n${profileText}`);
  }
  log(`wrote ${outPath} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
} finally {
  await rm(dir, { recursive: true, force: true });
}
