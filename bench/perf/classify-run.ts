/**
 * `reset-records classify` on `count` posts, the way producer.md §5 runs it (a process
 * reading a JSON-lines file, one line out per post), pinned to one core with `taskset`
 * when the machine has it. Issue 10's bound: under 5 s for 10,000 posts. The posts are the
 * real ones of the evaluation sets, cycled with fresh ids, so every rule is exercised in
 * the proportions real posts have; the in-process figure (the classifier alone, no
 * start-up, no I/O) is measured beside it. Used by `npm run bench:classify` and row 18.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EVAL_SET, HOLDOUT_SET, readEvalSet } from '../../eval/evaluate.ts';
import { createRulesClassifier } from '../../src/producer/classify/rules-classifier.ts';
import type { Post } from '../../src/producer/ledger/post.ts';
import { ROOT } from './processes.ts';

export const CLASSIFY_BOUND_MS = 5_000;

export interface ClassifyFigures {
  readonly posts: number;
  /** Distinct real texts the posts cycle through. */
  readonly distinct: number;
  readonly pinned: boolean;
  /** The CLI, start-up included. */
  readonly processMs: number;
  /** The classifier alone, in this process, after a warm-up. */
  readonly inProcessMs: number;
}

export async function measureClassify(count: number): Promise<ClassifyFigures> {
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
    const command = pinned ? 'taskset' : process.execPath;
    const args = [
      ...(pinned ? ['-c', '0', process.execPath] : []),
      join(ROOT, 'bin/reset-records.js'),
      'classify',
      file,
    ];
    const started = performance.now();
    const run = spawnSync(command, args, { maxBuffer: 1024 * 1024 * 1024, encoding: 'utf8' });
    const processMs = performance.now() - started;
    if (run.status !== 0) throw new Error(`classify exited ${run.status}: ${run.stderr}`);
    const lines = run.stdout.trimEnd().split('\n').length;
    if (lines !== count) throw new Error(`classify printed ${lines} lines for ${count} posts`);

    const classify = createRulesClassifier();
    for (const post of posts.slice(0, 500)) classify(post); // warm up
    const inStarted = performance.now();
    for (const post of posts) classify(post);
    const inProcessMs = performance.now() - inStarted;
    return { posts: count, distinct: real.length, pinned, processMs, inProcessMs };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
