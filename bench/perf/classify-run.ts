/**
 * `reset-records classify` on `count` posts, the way producer.md §5 runs it (a process
 * reading a JSON-lines file, one line out per post), pinned to one core with `taskset`
 * when the machine has it. Issue 10's bound: under 5 s for 10,000 posts. The posts are the
 * real ones of the evaluation sets, cycled with fresh ids, so every rule is exercised in
 * the proportions real posts have; the in-process figure (the classifier alone, no
 * start-up, no I/O) is measured beside it. Used by `npm run bench:classify` and row 18.
 *
 * The CLI runs `runs` times, pinned to each core in turn, and the fastest run is the
 * figure: on a shared virtual machine one core's speed moves by up to 2× from one minute
 * to the next, and such noise only ever adds time. Before each run a fixed reference
 * loop (REFERENCE_LOOP) is timed on the same core, so that a slow run can be told from a
 * slow core, and figures taken on different days can be compared (docs/classifier.md,
 * "Speed").
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { EVAL_SET, HOLDOUT_SET, readEvalSet } from '../../eval/evaluate.ts';
import { createRulesClassifier } from '../../src/producer/classify/rules-classifier.ts';
import type { Post } from '../../src/producer/ledger/post.ts';
import { ROOT } from './processes.ts';

export const CLASSIFY_BOUND_MS = 5_000;

export interface ClassifyRun {
  /** The core it was pinned to; null when not pinned. */
  readonly core: number | null;
  /** The CLI, start-up included. */
  readonly processMs: number;
  /** REFERENCE_LOOP on the same core just before. */
  readonly referenceMs: number;
}

export interface ClassifyFigures {
  readonly posts: number;
  /** Distinct real texts the posts cycle through. */
  readonly distinct: number;
  readonly pinned: boolean;
  /** The fastest run of the CLI, start-up included. */
  readonly processMs: number;
  readonly runs: readonly ClassifyRun[];
  /** The classifier alone, in this process, after a warm-up. */
  readonly inProcessMs: number;
}

/**
 * A fixed piece of work of the kind the classifier does (regular expressions replacing in
 * short lower-case text), timed in a process of its own: its time says how fast the core
 * is at that moment. About 0.1 s on the machines the bound was set on.
 */
const REFERENCE_LOOP = `const re = /\\b(?:reset|limits?|usage)\\b/g;
const text = "we have reset everyone's usage limits for codex today and tomorrow at 9am pt ".repeat(3);
let n = 0;
const started = performance.now();
for (let i = 0; i < 200000; i++) n += text.replace(re, 'x').length;
console.log(performance.now() - started, n);`;

export async function measureClassify(count: number, runs = 3): Promise<ClassifyFigures> {
  const real = [...readEvalSet(EVAL_SET), ...readEvalSet(HOLDOUT_SET)].map((item) => item.post);
  const posts: Post[] = Array.from({ length: count }, (_, index) => ({
    ...real[index % real.length]!,
    id: String(2_000_000_000_000_000_000n + BigInt(index)),
  }));

  const dir = await mkdtemp(join(tmpdir(), 'bench-classify-'));
  try {
    const file = join(dir, 'posts.jsonl');
    await writeFile(file, `${posts.map((post) => JSON.stringify(post)).join('\n')}\n`);

    const pinned = spawnSync('taskset', ['--version']).status === 0;
    const cores = pinned ? availableParallelism() : 1;
    const measured: ClassifyRun[] = [];
    for (let index = 0; index < runs; index++) {
      const core = pinned ? index % cores : null;
      const onCore = (args: string[]) =>
        spawnSync(
          core === null ? process.execPath : 'taskset',
          [...(core === null ? [] : ['-c', String(core), process.execPath]), ...args],
          { maxBuffer: 1024 * 1024 * 1024, encoding: 'utf8' },
        );
      const reference = onCore(['-e', REFERENCE_LOOP]);
      const referenceMs = Number(reference.stdout.split(' ')[0]);
      const started = performance.now();
      const run = onCore([join(ROOT, 'bin/reset-records.js'), 'classify', file]);
      const processMs = performance.now() - started;
      if (run.status !== 0) throw new Error(`classify exited ${run.status}: ${run.stderr}`);
      const lines = run.stdout.trimEnd().split('\n').length;
      if (lines !== count) throw new Error(`classify printed ${lines} lines for ${count} posts`);
      measured.push({ core, processMs, referenceMs });
    }
    const processMs = Math.min(...measured.map((run) => run.processMs));

    const classify = createRulesClassifier();
    for (const post of posts.slice(0, 500)) classify(post); // warm up
    const inStarted = performance.now();
    for (const post of posts) classify(post);
    const inProcessMs = performance.now() - inStarted;
    return {
      posts: count,
      distinct: real.length,
      pinned,
      processMs,
      runs: measured,
      inProcessMs,
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
