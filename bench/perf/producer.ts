/**
 * The producer rows: 17, `build` of a 100,000-entry ledger; 18, `classify` of 10,000 posts
 * (the same measure as `npm run bench:classify`); 19, a monitor round with nothing new over
 * that ledger. Rows 17 and 19 share one ledger, written by producer-probe.ts.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { CLASSIFY_BOUND_MS, measureClassify } from './classify-run.ts';
import {
  type FurtherContext,
  type FurtherOutcome,
  type FurtherRow,
  fmtInt,
  fmtMs,
  runProbe,
} from './further.ts';

export const BUILD_ROW: FurtherRow = {
  id: 'producer-build',
  order: 17,
  title: 'producer: `build` of a 100,000-entry ledger (SQLite)',
  target: '',
};
export const CLASSIFY_ROW: FurtherRow = {
  id: 'producer-classify',
  order: 18,
  title: 'producer: `classify` of 10,000 posts (the CLI, one core)',
  target: '< 5 s',
};
export const MONITOR_ROW: FurtherRow = {
  id: 'producer-monitor',
  order: 19,
  title: 'producer: a monitor round with nothing new, 100,000-entry ledger',
  target: '< 200 ms + the source call',
};

const LEDGER_ENTRIES = 100_000;
const CLASSIFY_POSTS = 10_000;
const MONITOR_BOUND_MS = 200;

interface ProducerProbe {
  readonly entries: number;
  readonly mix: { readonly posts: number; readonly checks: number; readonly operator: number };
  readonly records: number;
  readonly omitted: number;
  readonly generateMs: number;
  readonly writeMs: number;
  readonly readMs: number;
  readonly buildColdMs: number;
  readonly buildWarmMs: number;
  readonly cliMs: number;
  readonly firstRoundMs: number;
  readonly roundMs: readonly number[];
  readonly roundMedianMs: number;
  readonly sourceMedianMs: number;
  readonly publishedAgain: number;
  readonly entriesAfter: number;
}

export async function measureClassifyRow(): Promise<FurtherOutcome> {
  const figures = await measureClassify(CLASSIFY_POSTS);
  return {
    row: CLASSIFY_ROW,
    result: `${fmtMs(figures.processMs / 1000)} s`,
    details: `${fmtInt(figures.posts)} real posts (${figures.distinct} distinct texts, cycled), start-up included, ${figures.pinned ? 'pinned to one core' : 'not pinned (no taskset)'}, the fastest of ${figures.runs.map((run) => `${fmtMs(run.processMs / 1000)} s (reference loop ${run.referenceMs.toFixed(0)} ms)`).join(', ')}; the classifier alone ${fmtMs(figures.inProcessMs / 1000)} s (${((figures.inProcessMs * 1000) / figures.posts).toFixed(0)} µs a post)`,
    met: figures.processMs < CLASSIFY_BOUND_MS,
  };
}

/** Rows 17 and 19 from one probe run; `wanted` says which to report. */
export async function measureLedgerRows(
  context: FurtherContext,
  wanted: (row: FurtherRow) => boolean,
): Promise<FurtherOutcome[]> {
  const dir = join(context.dir, 'producer');
  await mkdir(dir, { recursive: true });
  const probe = await runProbe<ProducerProbe>('producer-probe.ts', [dir, String(LEDGER_ENTRIES)]);
  const ledger = `${fmtInt(probe.entries)} entries: ${fmtInt(probe.mix.posts)} posts observed and as many classifications, ${fmtInt(probe.mix.checks)} source checks, ${fmtInt(probe.mix.operator)} operator entries`;
  const outcomes: FurtherOutcome[] = [];
  if (wanted(BUILD_ROW)) {
    outcomes.push({
      row: BUILD_ROW,
      result: `${fmtMs(probe.buildColdMs / 1000)} s`,
      details: `the pure build, first call (warm: ${fmtMs(probe.buildWarmMs / 1000)} s); ${fmtInt(probe.records)} records (${probe.omitted} left out as invalid); reading the ledger ${fmtMs(probe.readMs)} ms; \`reset-records build --out\` whole, start-up included: ${fmtMs(probe.cliMs / 1000)} s`,
      table: [
        `The ledger (${ledger}):`,
        '',
        '| generate (classify included) | write (one transaction) | read all entries | build, first call | build, warm | `reset-records build --out` |',
        '| ---: | ---: | ---: | ---: | ---: | ---: |',
        `| ${fmtMs(probe.generateMs)} ms | ${fmtMs(probe.writeMs)} ms | ${fmtMs(probe.readMs)} ms | ${fmtMs(probe.buildColdMs)} ms | ${fmtMs(probe.buildWarmMs)} ms | ${fmtMs(probe.cliMs)} ms |`,
      ].join('\n'),
    });
  }
  if (wanted(MONITOR_ROW)) {
    const own = probe.roundMedianMs - probe.sourceMedianMs;
    outcomes.push({
      row: MONITOR_ROW,
      result: `${fmtMs(own)} ms + ${fmtMs(probe.sourceMedianMs)} ms source`,
      details: `median of ${probe.roundMs.length} rounds (${probe.roundMs.map(fmtMs).join(', ')} ms), nothing published again (${probe.publishedAgain} did); the first round of the process, which reads the whole ledger (${fmtMs(probe.readMs)} ms), builds (${fmtMs(probe.buildWarmMs)} ms) and publishes, ${fmtMs(probe.firstRoundMs)} ms; later rounds read only the entries appended since, and reuse the last build when nothing but their own check was appended and no schedule changes state`,
      met: own < MONITOR_BOUND_MS,
    });
  }
  return outcomes;
}
