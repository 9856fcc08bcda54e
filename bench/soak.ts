/**
 * Soak test of the real service, bounded in time, entirely on loopback.
 *
 * Starts the service (`src/main.ts serve`, default quota) in its own process, then for
 * `--duration` seconds runs, all at once:
 *   - mixed HTTP and MCP traffic from many client addresses (127.10.x.y), each within or
 *     past its quota, every answer checked (bench/soak/quota-clients.ts);
 *   - a pagination checker that must never lose or repeat an id (pagination.ts);
 *   - a publisher of new snapshots every few seconds, and of bad files now and then
 *     (publisher.ts, bad-snapshots.ts);
 *   - a normal client measuring latency, in its own process (normal-client.ts);
 *   - attacks as background load, in their own process (attacks/);
 * while sampling the service's RSS every 10 s. Prints a summary (bench/soak/report.ts)
 * and exits 0 when every requirement passed, 1 otherwise, 130 when interrupted, 2 on a
 * usage error. Ctrl-C stops the run, still prints the summary and always cleans up.
 *
 * Usage: npm run soak [-- --duration SECONDS ...]   (npm run soak -- --help)
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AttackConfig, AttackResult } from './soak/attacks/main.ts';
import { Lifecycle, sleep } from './soak/lifecycle.ts';
import type { NormalClientConfig, NormalClientResult } from './soak/normal-client.ts';
import { parseOptions, type SoakOptions, USAGE, UsageError } from './soak/options.ts';
import { PaginationChecker } from './soak/pagination.ts';
import { Publisher } from './soak/publisher.ts';
import { QuotaClients } from './soak/quota-clients.ts';
import { printSummary } from './soak/report.ts';
import {
  listenQueueCounters,
  type ProcessSample,
  ServiceProcess,
  summarizeLog,
} from './soak/service-process.ts';
import { SnapshotBook } from './soak/snapshots.ts';
import { Random, StatusTable, Violations } from './soak/stats.ts';
import { startWorker } from './soak/worker-process.ts';

const SAMPLE_EVERY_MS = 10_000;
/** After the duration: how long the whole soak may take to wind down, report and clean up. */
const WIND_DOWN_MS = 180_000;

async function soak(options: SoakOptions, lifecycle: Lifecycle): Promise<boolean> {
  const dir = await mkdtemp(join(tmpdir(), 'reset-records-soak-'));
  lifecycle.defer('remove the temporary directory', async () => {
    if (options.keepTemp) console.error(`soak: kept ${dir}`);
    else await rm(dir, { recursive: true, force: true });
  });
  const snapshotPath = join(dir, 'snapshot.json');
  const book = new SnapshotBook();
  const random = new Random(options.seed);
  const statuses = new StatusTable();
  const violations = new Violations();
  const { durationMs } = options;

  console.error(
    `soak: ${durationMs / 1000} s, seed ${options.seed}, Node ${process.version}; temporary files in ${dir}`,
  );
  const publisher = new Publisher({
    snapshotPath,
    dir,
    book,
    random,
    statuses,
    violations,
    lifecycle,
    durationMs,
    intervalMs: options.publishIntervalMs,
    cliEvery: options.cliEvery,
    badEvery: options.badEvery,
  });
  await publisher.publishInitial(); // through the CLI, before the service starts

  const service = await ServiceProcess.start(snapshotPath, join(dir, 'service.log'), lifecycle);
  const target = service.target;
  let serviceExitedEarly: string | undefined;
  let stoppingService = false;
  service.child.once('exit', (code, signal) => {
    // Ctrl-C reaches the whole process group, the service included: not a failure of its own.
    if (stoppingService || lifecycle.stopReason?.startsWith('SIG')) return;
    serviceExitedEarly = `exited during the run (code ${code}, signal ${signal}); log: ${service.logPath}`;
    lifecycle.stop('the service exited');
  });
  console.error(`soak: service pid ${service.child.pid} on ${service.origin}`);

  // RSS, CPU and open files of the service: now, every 10 s, and at the end.
  const started = Date.now();
  const cpuAtStart = process.cpuUsage();
  const samples: ProcessSample[] = [];
  const takeSample = async () => {
    const sample = await service.sample((Date.now() - started) / 1000);
    if (sample) samples.push(sample);
    return sample;
  };
  await takeSample();
  const queueAtStart = await listenQueueCounters();
  const loadDone = new AbortController();
  const sampling = (async () => {
    const stop = AbortSignal.any([loadDone.signal, lifecycle.signal]);
    for (let i = 1; i <= Math.ceil(durationMs / SAMPLE_EVERY_MS) && !stop.aborted; i++) {
      await sleep(started + i * SAMPLE_EVERY_MS - Date.now(), stop);
      if (stop.aborted) break;
      const sample = await takeSample();
      const sent = Object.values(statuses.counts).reduce(
        (sum, row) => sum + Object.values(row).reduce((a, n) => a + n, 0),
        0,
      );
      if (sample) {
        console.error(
          `soak: t=${sample.atSeconds.toFixed(0)} s  RSS ${(sample.rssKiB / 1024).toFixed(1)} MiB  CPU ${sample.cpuSeconds.toFixed(1)} s  open files ${sample.openFiles}  checked answers ${sent}`,
        );
      }
    }
  })();

  const normalClient = startWorker<NormalClientConfig, NormalClientResult>(
    'bench/soak/normal-client.ts',
    { durationMs, target, intervalMs: options.normalIntervalMs },
    lifecycle,
  );
  const attacker = startWorker<AttackConfig, AttackResult>(
    'bench/soak/attacks/main.ts',
    {
      durationMs,
      target,
      seed: options.seed,
      floodConnections: options.floodConnections,
      slowlorisConnections: options.slowlorisConnections,
      slowlorisByteEveryMs: options.slowlorisByteEveryMs,
      idleConnections: options.idleConnections,
      deepNestingSenders: options.deepNestingSenders,
      forwardedForEveryMs: options.forwardedForEveryMs,
    },
    lifecycle,
  );
  lifecycle.signal.addEventListener('abort', () => {
    normalClient.stop();
    attacker.stop();
  });

  const quotaClients = new QuotaClients({
    target,
    book,
    random,
    statuses,
    violations,
    signal: lifecycle.signal,
    durationMs,
    sessionsPerSecond: options.sessionsPerSecond,
  });
  const pagination = new PaginationChecker({
    target,
    book,
    statuses,
    violations,
    signal: lifecycle.signal,
    durationMs,
    pauseMs: 300,
  });
  await Promise.all([publisher.run(target), quotaClients.run(), pagination.run()]);
  const [normal, attacks] = await Promise.all([normalClient.result, attacker.result]);
  loadDone.abort();
  await sampling;
  await takeSample();
  const elapsedMs = Date.now() - started;
  const queueAtEnd = await listenQueueCounters();
  const listenQueue =
    queueAtStart && queueAtEnd
      ? {
          overflows: queueAtEnd.overflows - queueAtStart.overflows,
          drops: queueAtEnd.drops - queueAtStart.drops,
        }
      : undefined;
  const cpu = process.cpuUsage(cpuAtStart);

  const metricsText = service.running ? await service.metrics() : undefined;
  stoppingService = true;
  const shutdown = serviceExitedEarly === undefined ? await service.stop() : undefined;
  await new Promise((resolve) => setTimeout(resolve, 100)); // let the log stream flush
  const serviceLog = await summarizeLog(service.logPath);

  if (normal) statuses.merge(normal.statuses);
  if (attacks) {
    statuses.merge(attacks.statuses);
    violations.merge(attacks.violations);
  }
  return printSummary({
    options,
    elapsedMs,
    stoppedEarly: lifecycle.stopReason,
    statuses: statuses.counts,
    violations: violations.byKind,
    quota: quotaClients.stats,
    pagination: pagination.stats,
    paginationAddresses: pagination.addressesUsed,
    publisher: publisher.stats,
    visibility: publisher.visibility.summary(),
    attacks,
    normal,
    samples,
    serviceExitedEarly,
    shutdown,
    metricsText,
    serviceLog,
    listenQueue,
    loadGeneratorCpu: {
      'soak (traffic, checkers, publisher)': (cpu.user + cpu.system) / 1e6,
      attacker: attacker.cpuSeconds(),
      'normal client': normalClient.cpuSeconds(),
    },
  });
}

let options: SoakOptions | 'help';
try {
  options = parseOptions(process.argv.slice(2));
} catch (error) {
  if (!(error instanceof UsageError)) throw error;
  console.error(`soak: ${error.message}\n\n${USAGE}`);
  process.exit(2);
}
if (options === 'help') {
  console.log(USAGE);
  process.exit(0);
}

const lifecycle = new Lifecycle();
lifecycle.install(options.durationMs + WIND_DOWN_MS);
let exitCode = 1;
try {
  const passed = await soak(options, lifecycle);
  exitCode = lifecycle.stopReason?.startsWith('SIG') ? 130 : passed ? 0 : 1;
} catch (error) {
  console.error(`soak: failed: ${(error as Error).stack ?? error}`);
  exitCode = lifecycle.stopReason?.startsWith('SIG') ? 130 : 1;
} finally {
  await lifecycle.cleanup();
}
process.exit(exitCode);
