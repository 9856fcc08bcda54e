import assert from 'node:assert/strict';
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Entry } from '../../../src/producer/ledger/entry.ts';

/** Child processes for the ledger's concurrency and crash tests. */

const SUPPORT = fileURLToPath(new URL('./', import.meta.url));
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** This environment without what the test runner sets for its own children. */
function childEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env['NODE_TEST_CONTEXT'];
  delete env['NODE_OPTIONS'];
  return env;
}

export class Child {
  readonly process: ChildProcessWithoutNullStreams;
  stdout = '';
  stderr = '';
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;

  /** `node --import tsx test/producer/support/SCRIPT ...args`; killed after `limitMs`. */
  constructor(script: string, args: readonly string[], limitMs = 60_000) {
    this.process = spawn(process.execPath, ['--import', 'tsx', `${SUPPORT}${script}`, ...args], {
      cwd: ROOT,
      env: childEnv(),
    });
    this.process.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      this.stdout += chunk;
    });
    this.process.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      this.stderr += chunk;
    });
    const timer = setTimeout(() => this.process.kill('SIGKILL'), limitMs);
    this.exited = new Promise((resolve) => {
      this.process.on('close', (code, signal) => {
        clearTimeout(timer);
        resolve({ code, signal });
      });
    });
  }

  /** Resolves once `line` is printed; rejects if the process ends first. */
  async waitForLine(line: string): Promise<void> {
    const printed = () => this.stdout.split('\n').includes(line);
    let ended = false;
    void this.exited.then(() => {
      ended = true;
    });
    while (!printed()) {
      if (ended) throw new Error(`the child ended before printing "${line}": ${this.stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  /** Waits for a clean exit, with the child's stderr in the failure message. */
  async succeeded(): Promise<void> {
    const { code, signal } = await this.exited;
    assert.equal(code, 0, `exit ${code} ${signal ?? ''}: ${this.stderr}`);
  }
}

/**
 * Two writer processes on one ledger, opened at the same moment, then started together,
 * each making `perWriter` transacts that append one entry recording the count it saw.
 */
export async function twoWriters(url: string, perWriter: number): Promise<void> {
  const writers = ['writer-a', 'writer-b'].map(
    (label) => new Child('ledger-worker.ts', [url, label, String(perWriter)]),
  );
  await Promise.all(writers.map((writer) => writer.waitForLine('ready')));
  for (const writer of writers) writer.process.stdin.end('go\n');
  await Promise.all(writers.map((writer) => writer.succeeded()));
}

/**
 * What the two writers must leave: exactly 2 × perWriter entries, ids 1..n without gaps,
 * each recording that its writer saw exactly the entries before it, and each writer's
 * entries all there. Returns how many times the writer changed along the ids.
 */
export function assertConsistentWrites(entries: readonly Entry[], perWriter: number): number {
  const total = 2 * perWriter;
  assert.equal(entries.length, total);
  assert.deepEqual(
    entries.map((entry) => entry.id),
    Array.from({ length: total }, (_, index) => index + 1),
  );
  const seen = entries.map((entry) =>
    entry.type === 'source_checked' ? entry.payload.newPosts : -1,
  );
  assert.deepEqual(seen, [...Array(total).keys()]);
  const sources = entries.map((entry) =>
    entry.type === 'source_checked' ? entry.payload.source : '',
  );
  assert.equal(sources.filter((source) => source === 'writer-a').length, perWriter);
  assert.equal(sources.filter((source) => source === 'writer-b').length, perWriter);
  return sources.filter((source, index) => index > 0 && source !== sources[index - 1]).length;
}
