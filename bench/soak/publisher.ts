/**
 * The publisher: a new valid snapshot every few seconds (generated here, with varying
 * ids and contents), published the way operators do: through the project's CLI
 * (`node bin/reset-records.js publish FILE`) every few publishes, and otherwise with the
 * CLI's own atomic write (temporary file + rename, src/shared/snapshot/publish-file.ts), which
 * costs no process start on a 2-core machine. Every few ticks it publishes a bad file
 * instead (bad-snapshots.ts).
 *
 * After each publish an observer polls GET /openapi/v1/records/latest: a valid snapshot
 * must be served within 1 s (decisions.md §2); after a bad one, the last good snapshot
 * must still be served and /readyz stay 200.
 */
import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { SnapshotFile } from '../../src/shared/domain/snapshot.ts';
import { publishToFile } from '../../src/shared/snapshot/publish-file.ts';
import { validateSnapshotText } from '../../src/shared/snapshot/validate.ts';
import { BLOCKS, BudgetedAddresses } from './addresses.ts';
import { BAD_KINDS, type BadKind, publishBad } from './bad-snapshots.ts';
import { checkHttpError, isForbidden5xx, QUOTA_LIMIT } from './contract.ts';
import { checkEnvelope } from './data-answers.ts';
import { send, type Target } from './http-client.ts';
import { type Lifecycle, sleep } from './lifecycle.ts';
import { ROOT, serviceEnv } from './service-process.ts';
import { generateSnapshot, type SnapshotBook } from './snapshots.ts';
import { Latencies, type Random, type StatusTable, type Violations } from './stats.ts';

export interface PublisherOptions {
  readonly snapshotPath: string;
  /** A scratch directory for files to publish. */
  readonly dir: string;
  readonly book: SnapshotBook;
  readonly random: Random;
  readonly statuses: StatusTable;
  readonly violations: Violations;
  readonly lifecycle: Lifecycle;
  readonly durationMs: number;
  readonly intervalMs: number;
  /** Every n-th valid publish goes through the CLI (0: never, after the first). */
  readonly cliEvery: number;
  /** Every n-th tick publishes a bad file (0: never). */
  readonly badEvery: number;
}

export interface PublisherStats {
  valid: number;
  viaCli: number;
  bad: Partial<Record<BadKind, number>>;
  /** Bad publishes after which the last good snapshot was still served. */
  badKept: number;
}

/** The contract's bound on serving a newly published snapshot (decisions.md §2). */
export const VISIBLE_WITHIN_MS = 1_000;
/** How long the observer waits for a new snapshot before calling it lost. */
const OBSERVE_FOR_MS = 5_000;
const POLL_EVERY_MS = 50;
/** After a bad publish: long enough for several checks of the file (every 250 ms). */
const BAD_SETTLE_MS = 1_200;
const CLI_TIMEOUT_MS = 60_000;

export class Publisher {
  readonly stats: PublisherStats = { valid: 0, viaCli: 0, bad: {}, badKept: 0 };
  /** Milliseconds from the end of each valid publish until the service served it. */
  readonly visibility = new Latencies();
  private readonly addresses = new BudgetedAddresses(BLOCKS.publishObserver, QUOTA_LIMIT);
  private serial = 0;
  private lastValid: SnapshotFile | undefined;
  private lastGeneratedMs = 0;
  private target: Target = { host: '127.0.0.1', port: 0 };

  private readonly options: PublisherOptions;

  constructor(options: PublisherOptions) {
    this.options = options;
  }

  /** The first snapshot, through the CLI, before the service starts. */
  async publishInitial(): Promise<void> {
    await this.publishValid(true, false);
  }

  /** Publishes every interval until the duration ends, checking each publish on `target`. */
  async run(target: Target): Promise<void> {
    this.target = target;
    const { lifecycle, durationMs, intervalMs, badEvery } = this.options;
    const started = Date.now();
    const maxTicks = Math.ceil(durationMs / intervalMs);
    let badIndex = 0;
    for (let tick = 1; tick <= maxTicks && !lifecycle.stopping; tick++) {
      await sleep(Math.max(0, started + tick * intervalMs - Date.now()), lifecycle.signal);
      if (lifecycle.stopping || Date.now() - started >= durationMs) break;
      try {
        if (badEvery > 0 && tick % badEvery === 0) {
          await this.publishBadAndCheck(BAD_KINDS[badIndex++ % BAD_KINDS.length]!);
        } else {
          const { cliEvery } = this.options;
          await this.publishValid(cliEvery > 0 && (this.stats.valid + 1) % cliEvery === 0, true);
        }
      } catch (error) {
        this.options.violations.add('publish', (error as Error).message);
      }
    }
  }

  private async publishValid(viaCli: boolean, observe: boolean): Promise<void> {
    const { book, random, snapshotPath, dir } = this.options;
    const nowMs = Math.max(Date.now(), this.lastGeneratedMs + 1);
    this.lastGeneratedMs = nowMs;
    const snapshot = generateSnapshot(++this.serial, nowMs, random);
    const text = JSON.stringify(snapshot);
    const validation = validateSnapshotText(text);
    if (!validation.ok) {
      throw new Error(
        `soak bug: generated an invalid snapshot: ${JSON.stringify(validation.problems[0])}`,
      );
    }
    book.add(snapshot); // known before the service can serve it
    if (viaCli) {
      const file = join(dir, `snapshot-${this.serial}.json`);
      await writeFile(file, text);
      await this.runCli(file);
      this.stats.viaCli++;
    } else {
      await publishToFile(snapshotPath, text);
    }
    this.stats.valid++;
    book.lastGood = snapshot.generatedAt;
    this.lastValid = snapshot;
    if (observe) await this.observeValid(snapshot.generatedAt);
  }

  private runCli(file: string): Promise<void> {
    const { snapshotPath, lifecycle } = this.options;
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, ['bin/reset-records.js', 'publish', file], {
        cwd: ROOT,
        env: serviceEnv({ SNAPSHOT_PATH: snapshotPath, LOG_LEVEL: 'silent' }),
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      lifecycle.adopt(child);
      let stderr = '';
      child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
        stderr += chunk;
      });
      const timer = setTimeout(() => child.kill('SIGKILL'), CLI_TIMEOUT_MS);
      child.once('error', reject);
      child.once('close', (code) => {
        clearTimeout(timer);
        if (code === 0) resolve();
        else reject(new Error(`reset-records publish exited ${code}: ${stderr.trim()}`));
      });
    });
  }

  /** Polls until the service serves `generatedAt`; records how long that took. */
  private async observeValid(generatedAt: string): Promise<void> {
    const started = performance.now();
    for (let i = 0; i * POLL_EVERY_MS < OBSERVE_FOR_MS && !this.options.lifecycle.stopping; i++) {
      if ((await this.servedGeneratedAt()) === generatedAt) {
        this.visibility.add(performance.now() - started);
        return;
      }
      await sleep(POLL_EVERY_MS, this.options.lifecycle.signal);
    }
    if (this.options.lifecycle.stopping) return;
    this.visibility.add(performance.now() - started);
    this.options.violations.add(
      'publish',
      `snapshot ${generatedAt} not served within ${OBSERVE_FOR_MS} ms`,
    );
  }

  private async publishBadAndCheck(kind: BadKind): Promise<void> {
    const { snapshotPath, dir, book, violations, statuses, lifecycle } = this.options;
    const target = this.target;
    if (this.lastValid === undefined) return;
    await publishBad(kind, snapshotPath, dir, this.lastValid);
    this.stats.bad[kind] = (this.stats.bad[kind] ?? 0) + 1;
    await sleep(BAD_SETTLE_MS, lifecycle.signal);
    if (lifecycle.stopping) return;
    const served = await this.servedGeneratedAt();
    const ready = await send(target, { path: '/readyz' });
    statuses.add('publish observer', ready.ok ? ready.status : ready.error);
    if (served === book.lastGood && ready.ok && ready.status === 200) {
      this.stats.badKept++;
    } else {
      violations.add(
        'last good snapshot kept',
        `after "${kind}": served ${served}, last good ${book.lastGood}, /readyz ${ready.ok ? ready.status : ready.error}`,
      );
    }
  }

  /** The generatedAt the service serves now (undefined on any failure, which is counted). */
  private async servedGeneratedAt(): Promise<string | undefined> {
    const { statuses, violations, book } = this.options;
    const reply = await send(this.target, {
      path: '/openapi/v1/records/latest',
      localAddress: this.addresses.take(),
    });
    if (!reply.ok) {
      statuses.add('publish observer', reply.error);
      return undefined;
    }
    statuses.add('publish observer', reply.status);
    if (isForbidden5xx(reply)) violations.add('5xx', `publish observer: HTTP ${reply.status}`);
    if (reply.status !== 200) {
      const problem = checkHttpError(reply);
      if (problem !== undefined) violations.add('error body', `publish observer: ${problem}`);
      if (reply.status === 429)
        violations.add('quota', 'publish observer refused within its quota');
      return undefined;
    }
    try {
      const checked = checkEnvelope(
        JSON.parse(reply.body),
        { endpoint: 'latest', kind: 'all' },
        book,
      );
      if (typeof checked === 'string') {
        violations.add('publish', `latest: ${checked}`);
        return undefined;
      }
      return checked.generatedAt;
    } catch {
      violations.add('publish', 'latest: body is not JSON');
      return undefined;
    }
  }
}
