/**
 * What the further rows of issue 12 (14 to 19: snapshot swap, load and memory, the memory
 * store at a million clients, the producer) share: they are not "service against the bare
 * server" rows, so each reports its own figures, one line in a common table, and, where
 * more than one figure matters, a table of its own.
 */
import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { cleanEnv, ROOT, spawnNode } from './processes.ts';

export interface FurtherRow {
  readonly id: string;
  readonly order: number;
  readonly title: string;
  /** The issue's target, as written there. */
  readonly target: string;
}

export interface FurtherOutcome {
  readonly row: FurtherRow;
  /** The figure the target is about, formatted. */
  readonly result?: string;
  /** What it is compared with, and other figures worth a glance. */
  readonly details?: string;
  /** Whether the target is met; undefined when the row has no target. */
  readonly met?: boolean;
  /** A markdown table of its own (per round, per step...), under the common table. */
  readonly table?: string;
  readonly error?: string;
}

/** What the further rows get from bench/run.ts. */
export interface FurtherContext {
  /** A temporary directory, deleted at the end of the run. */
  readonly dir: string;
  readonly connections: number;
  readonly seconds: number;
  readonly rounds: number;
  readonly warmupSeconds: number;
  /** The synthetic snapshot file of `size` records (written once per run). */
  snapshotPath(size: number): Promise<string>;
  log(message: string): void;
}

export const fmtMs = (n: number) => (n < 10 ? n.toFixed(2) : n < 100 ? n.toFixed(1) : n.toFixed(0));
export const fmtMiB = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MiB`;
export const fmtInt = (n: number) => Math.round(n).toLocaleString('en-US');

export const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/**
 * Runs a probe script (bench/perf/*-probe.ts) in its own Node process, on the server's core
 * when pinned, and returns the JSON object it prints as its last line of output. A probe
 * measures inside a fresh process, so nothing of the bench's own heap or JIT counts.
 */
export function runProbe<T>(
  script: string,
  args: readonly string[],
  options: { readonly nodeFlags?: readonly string[]; readonly env?: Record<string, string> } = {},
): Promise<T> {
  const child: ChildProcess = spawnNode(
    [...(options.nodeFlags ?? []), '--import', 'tsx', join(ROOT, 'bench/perf', script), ...args],
    { cwd: ROOT, env: cleanEnv(options.env ?? {}), stdio: ['ignore', 'pipe', 'pipe'] },
  );
  return new Promise<T>((resolve, reject) => {
    let out = '';
    let err = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.stderr!.on('data', (chunk: Buffer) => {
      err += chunk.toString();
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      const last = out.trimEnd().split('\n').at(-1) ?? '';
      if (code !== 0) reject(new Error(`${script} exited ${code}: ${err.trim().slice(-500)}`));
      else {
        try {
          resolve(JSON.parse(last) as T);
        } catch {
          reject(new Error(`${script} printed no JSON result: ${last.slice(0, 200)}`));
        }
      }
    });
  });
}
