/**
 * `npm run bench:classify`: `reset-records classify` on 10,000 real posts, one core
 * (bench/perf/classify-run.ts says how). Issue 10's bound: under 5 s, for the fastest of
 * the runs. `npm run bench` reports the same as row 18.
 *
 * Usage: npm run bench:classify [-- --posts 10000] [-- --runs 3]
 */
import { parseArgs } from 'node:util';
import { CLASSIFY_BOUND_MS, measureClassify } from './perf/classify-run.ts';

const { values } = parseArgs({
  options: {
    posts: { type: 'string', default: '10000' },
    runs: { type: 'string', default: '3' },
  },
});
const figures = await measureClassify(Number(values.posts), Math.max(1, Number(values.runs)));
const seconds = (ms: number) => (ms / 1000).toFixed(2);

console.log(
  `classify of ${figures.posts} real posts (${figures.distinct} distinct texts, cycled):`,
);
for (const run of figures.runs)
  console.log(
    `  the CLI, ${run.core === null ? 'not pinned (no taskset)' : `pinned to core ${run.core}`}: ${seconds(run.processMs)} s (the reference loop: ${run.referenceMs.toFixed(0)} ms)`,
  );
console.log(
  `  the fastest: ${seconds(figures.processMs)} s (bound ${CLASSIFY_BOUND_MS / 1000} s, start-up included)`,
);
console.log(
  `  the classifier in process: ${seconds(figures.inProcessMs)} s, ${((figures.inProcessMs * 1000) / figures.posts).toFixed(0)} µs a post`,
);
if (figures.processMs >= CLASSIFY_BOUND_MS) {
  console.error(`over the bound of ${CLASSIFY_BOUND_MS / 1000} s`);
  process.exitCode = 1;
}
