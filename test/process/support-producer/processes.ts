import assert from 'node:assert/strict';
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { PRODUCER_VARIABLES } from '../../../src/producer/config.ts';
import type { Entry } from '../../../src/producer/ledger/entry.ts';
import { openLedger } from '../../../src/producer/ledger/open-ledger.ts';
import { request } from '../../support/http.ts';
import { cleanEnv, ROOT } from '../../support/process.ts';

/**
 * The producer's commands, the service and the monitor as real processes
 * (`node bin/reset-records.js …`), for the process tests of producer.md §5.
 */

/**
 * The producer's variables, and those of the X source and the classifier to come: removed
 * from the environment a test inherits, so that an operator's shell (LEDGER_URL, OPERATOR…)
 * can never reach the ledger or the decisions of a test.
 */
const PRODUCER_ENV = [
  ...PRODUCER_VARIABLES,
  'X_BEARER_TOKEN',
  'X_HANDLES',
  'X_API_BASE_URL',
  'REVIEW_BELOW',
  'SCHEDULE_TIME_ZONE',
];

/** `cleanEnv` (no service variable, a free metrics port) without any producer variable either. */
export function producerEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const base = cleanEnv({});
  for (const name of PRODUCER_ENV) delete base[name];
  return { ...base, LOG_LEVEL: 'silent', ...env };
}

export interface Run {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** How long one command may take before it is killed (a CLI run takes about a second). */
const RUN_LIMIT_MS = 30_000;

/**
 * `node bin/reset-records.js ...args` with `producerEnv(env)`; `input` is written to its
 * standard input (closed at once otherwise, as in a script without a pipe).
 */
export function run(args: string[], env: Record<string, string>, input?: string): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['bin/reset-records.js', ...args], {
      cwd: ROOT,
      env: producerEnv(env),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    child.stdin.on('error', () => {}); // a command that never reads its input
    child.stdin.end(input ?? '');
    const timer = setTimeout(() => child.kill('SIGKILL'), RUN_LIMIT_MS);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** Asserts a run's exit status, with what it printed in the message. */
export function assertExit(result: Run, code: number, what: string): void {
  assert.equal(
    result.code,
    code,
    `${what}: exit ${result.code}\nstdout: ${result.stdout}\nstderr: ${result.stderr}`,
  );
}

/** The one JSON object a writing `ops … --json` prints. */
export interface OpsResult {
  readonly action: string;
  readonly entryId: number;
  readonly at: string;
  readonly actor: string;
  readonly recordIds: string[];
  readonly changes: unknown[];
}

/** Runs a writing `ops` command with `--json`, expecting exit 0; returns what it printed. */
export async function ops(args: string[], env: Record<string, string>): Promise<OpsResult> {
  const result = await run(['ops', ...args, '--json'], env);
  assertExit(result, 0, `ops ${args.join(' ')}`);
  const lines = result.stdout.trim().split('\n');
  assert.equal(lines.length, 1, `one JSON line from ops ${args[0]}: ${result.stdout}`);
  return JSON.parse(lines[0]!) as OpsResult;
}

/** A long-running process (serve, monitor), its output kept. */
export class LongRunning {
  readonly child: ChildProcess;
  #stdout = '';
  #stderr = '';
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;

  constructor(args: string[], env: Record<string, string>) {
    this.child = spawn(process.execPath, ['bin/reset-records.js', ...args], {
      cwd: ROOT,
      env: producerEnv(env),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      this.#stdout += chunk;
    });
    this.child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
      this.#stderr += chunk;
    });
    this.exited = new Promise((resolve) => {
      this.child.on('exit', (code, signal) => resolve({ code, signal }));
    });
  }

  get stdout(): string {
    return this.#stdout;
  }

  get stderr(): string {
    return this.#stderr;
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Waits for the process to end by itself (SIGKILL after `ms`). */
  async exitWithin(ms: number): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
    const timer = setTimeout(() => this.child.kill('SIGKILL'), ms);
    try {
      return await this.exited;
    } finally {
      clearTimeout(timer);
    }
  }

  /** SIGTERM, then the exit (SIGKILL after `ms`): asserts a clean exit 0. */
  async terminate(what: string, ms = 10_000): Promise<void> {
    this.child.kill('SIGTERM');
    const { code, signal } = await this.exitWithin(ms);
    assert.equal(signal, null, `${what} was killed (${signal}): ${this.stderr}`);
    assert.equal(
      code,
      0,
      `${what} exited ${code}:\nstdout: ${this.stdout}\nstderr: ${this.stderr}`,
    );
  }

  /** For `after` hooks: whatever is still running is killed. */
  kill(): void {
    if (this.running) this.child.kill('SIGKILL');
  }
}

/** A fresh temporary directory for one test, and its removal. */
export async function tempDir(label: string): Promise<{ dir: string; remove(): Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), `reset-records-${label}-`));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** A post as a line of a JSON-lines posts file (producer.md §5). */
export interface PostLine {
  readonly id: string;
  readonly handle: string;
  readonly createdAt: string;
  readonly text: string;
}

export const jsonLines = (posts: readonly (PostLine | string)[]): string =>
  posts.map((post) => (typeof post === 'string' ? post : JSON.stringify(post))).join('\n') + '\n';

/**
 * Creates the ledger at `url`, as `ledger-init` does (in this process: a CLI run costs a
 * second): no command but `ledger-init` creates one.
 */
export async function createLedger(url: string): Promise<void> {
  await (await openLedger(url, { create: true })).close();
}

/** Every entry of the ledger at `url`, read by this process (the store's own reading). */
export async function ledgerEntries(url: string): Promise<Entry[]> {
  const ledger = await openLedger(url);
  try {
    return await ledger.entries();
  } finally {
    await ledger.close();
  }
}

/**
 * Whether the bytes of a SQLite file or of its write-ahead log hold `needle`, read by
 * another process. Never by this one once it has had the file open through libsql: libsql
 * 0.5's close() lets go of the file only when its statements are garbage-collected, and a
 * descriptor of the file opened and closed here drops every POSIX lock this process's
 * SQLite holds on it (SQLite's "How To Corrupt An SQLite Database File", 2.2), after which
 * the next writer's checkpoint corrupted the ledger (seen in CI on Node 24).
 */
export async function sqliteFilesHold(file: string, needle: string): Promise<boolean> {
  const script = `const { existsSync, readFileSync } = require('node:fs');
const [file, needle] = process.argv.slice(1);
const held = [file, file + '-wal'].some((path) => existsSync(path) && readFileSync(path).includes(needle));
process.stdout.write(held ? 'held' : 'not held');`;
  const { stdout } = await promisify(execFile)(process.execPath, ['-e', script, file, needle]);
  assert.match(stdout, /^(?:not )?held$/);
  return stdout === 'held';
}

/**
 * Polls `check` every 50 ms until it returns something other than undefined; fails after
 * `timeoutMs` naming `what` and the last value seen. Returns the value and the time taken.
 */
export async function until<T>(
  what: string,
  check: () => Promise<T | undefined>,
  timeoutMs: number,
  describeLast: () => string = () => '',
): Promise<{ value: T; ms: number }> {
  const started = Date.now();
  let lastError: unknown;
  while (Date.now() - started < timeoutMs) {
    try {
      const value = await check();
      if (value !== undefined) return { value, ms: Date.now() - started };
    } catch (error) {
      lastError = error; // e.g. not listening yet
    }
    await sleep(50);
  }
  const last = describeLast();
  throw new assert.AssertionError({
    message:
      `not within ${timeoutMs} ms: ${what}` +
      (last === '' ? '' : `\nlast seen: ${last}`) +
      (lastError === undefined ? '' : `\nlast error: ${(lastError as Error).message}`),
  });
}

/** A published record as the API returns it (the fields these tests read). */
export interface ApiRecord {
  readonly id: string;
  readonly kind: string;
  readonly scheduleState: string | null;
  readonly completionRecordId: string | null;
  readonly fulfillmentOrigin: string | null;
  readonly relatedRecordIds: string[];
  readonly [field: string]: unknown;
}

export interface ApiList {
  readonly items: ApiRecord[];
  readonly meta: { generatedAt: string; lastSuccessfulCheckAt: string | null };
}

/** GET /openapi/v1/records?kind=KIND (one page of 10: these tests publish fewer records). */
export async function listRecords(origin: string, kind: string): Promise<ApiList> {
  const response = await request(origin, `/openapi/v1/records?kind=${kind}&pageSize=10`);
  assert.equal(response.status, 200, response.text);
  const body = response.json() as {
    data: { items: ApiRecord[]; total: number };
    meta: ApiList['meta'];
  };
  assert.equal(body.data.total, body.data.items.length, 'one page holds every record');
  return { items: body.data.items, meta: body.meta };
}

/** Resolves once GET /healthz answers 200. */
export async function healthy(origin: string, timeoutMs: number, what: LongRunning) {
  await until(
    'the service answers /healthz',
    async () => {
      if (!what.running) throw new Error(`the process ended: ${what.stderr}`);
      return (await request(origin, '/healthz')).status === 200 ? true : undefined;
    },
    timeoutMs,
    () => what.stderr,
  );
}
