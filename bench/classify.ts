/**
 * `npm run bench:classify`: `reset-records classify` on 10,000 real posts, one core
 * (bench/perf/classify-run.ts says how). Issue 10's bound: under 5 s. `npm run bench`
 * reports the same as row 18.
 *
 * Usage: npm run bench:classify [-- --posts 10000]
 */
import { parseArgs } from 'node:util';
import { CLASSIFY_BOUND_MS, measureClassify } from './perf/classify-run.ts';

const { values } = parseArgs({ options: { posts: { type: 'string', default: '10000' } } });
const figures = await measureClassify(Number(values.posts));

console.log(
  `classify of ${figures.posts} real posts (${figures.distinct} distinct texts, cycled):`,
);
console.log(
  `  the CLI, ${figures.pinned ? 'pinned to one core' : 'not pinned (no taskset)'}: ${(figures.processMs / 1000).toFixed(2)} s (bound ${CLASSIFY_BOUND_MS / 1000} s, start-up included)`,
);
console.log(
  `  the classifier in process: ${(figures.inProcessMs / 1000).toFixed(2)} s, ${((figures.inProcessMs * 1000) / figures.posts).toFixed(0)} µs a post`,
);
if (figures.processMs >= CLASSIFY_BOUND_MS) {
  console.error(`over the bound of ${CLASSIFY_BOUND_MS / 1000} s`);
  process.exitCode = 1;
}
