/**
 * Row 15: a 100,000-record snapshot (bench/synthetic-snapshot.ts, about 65 MB): how long
 * the service takes from its start to its first 200 on /openapi/v1/records (it listens
 * only once the snapshot is loaded: src/service/server.ts), and its RSS once serving, against the
 * file's size. The same is measured with the 1,000-record snapshot, so the start-up of
 * Node, tsx and Fastify (and their memory) can be told apart from the snapshot's share.
 * The load steps alone (read, parse and validate, prepare, hand over to the main thread)
 * are timed in a fresh process by snapshot-load-probe.ts.
 */
import { stat } from 'node:fs/promises';
import { WORKER_IDLE_MS } from '../../src/service/snapshot/snapshot-loader.ts';
import {
  type FurtherContext,
  type FurtherOutcome,
  type FurtherRow,
  fmtMiB,
  fmtMs,
  runProbe,
} from './further.ts';
import { rssBytes, spawnService, stop } from './processes.ts';
import { LIST } from './rows.ts';

export const LOAD_ROW: FurtherRow = {
  id: 'snapshot-load-100k',
  order: 15,
  title: '100,000-record snapshot: load time and RSS',
  target: 'RSS ≤ 10× the file',
};

const LARGE = 100_000;
const SMALL = 1_000;
/** RSS is read again after this long: the snapshot worker has stopped by then (snapshot-loader.ts). */
const SETTLE_MS = WORKER_IDLE_MS + 1_000;

interface Started {
  readonly firstOkMs: number;
  readonly rssAtFirstOk: number;
  readonly rssSettled: number;
}

/** Starts the service on `snapshotPath`, polling the list until its first 200. */
async function startTimed(snapshotPath: string): Promise<Started> {
  const started = performance.now();
  const service = await spawnService({ snapshotPath, env: { RATE_LIMIT: 'off' } });
  try {
    for (;;) {
      if (service.child.exitCode !== null) throw new Error('the service exited');
      if (performance.now() - started > 120_000) throw new Error('no 200 after 120 s');
      const ok = await fetch(service.origin + LIST).then(
        async (response) => {
          await response.arrayBuffer();
          return response.status === 200;
        },
        () => false,
      );
      if (ok) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const firstOkMs = performance.now() - started;
    const rssAtFirstOk = (await rssBytes(service.child.pid)) ?? Number.NaN;
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const rssSettled = (await rssBytes(service.child.pid)) ?? Number.NaN;
    return { firstOkMs, rssAtFirstOk, rssSettled };
  } finally {
    await stop(service);
  }
}

interface Steps {
  readonly bytes: number;
  readonly records: number;
  readonly readMs: number;
  readonly validateMs: number;
  readonly prepareMs: number;
  readonly transferMs: number;
  readonly installMs: number;
}

export async function measureSnapshotLoad(context: FurtherContext): Promise<FurtherOutcome> {
  const largePath = await context.snapshotPath(LARGE);
  const bytes = (await stat(largePath)).size;
  const small = await startTimed(await context.snapshotPath(SMALL));
  const large = await startTimed(largePath);
  const steps = await runProbe<Steps>('snapshot-load-probe.ts', [largePath]);
  const rss = Math.max(large.rssAtFirstOk, large.rssSettled);
  const ratio = rss / bytes;
  // The service at rest with 1,000 records, its worker stopped: what is not the snapshot's.
  const smallRss = small.rssSettled;
  const table = [
    `| service started on | first 200 after (ms) | RSS at the first 200 | RSS ${SETTLE_MS / 1000} s later |`,
    '| --- | ---: | ---: | ---: |',
    `| ${SMALL.toLocaleString('en-US')} records | ${fmtMs(small.firstOkMs)} | ${fmtMiB(small.rssAtFirstOk)} | ${fmtMiB(small.rssSettled)} |`,
    `| ${LARGE.toLocaleString('en-US')} records (${fmtMiB(bytes)} file) | ${fmtMs(large.firstOkMs)} | ${fmtMiB(large.rssAtFirstOk)} | ${fmtMiB(large.rssSettled)} |`,
    '',
    `Load steps for ${steps.records.toLocaleString('en-US')} records, each once in a fresh process (the service's worker does the first three; the main thread the last two):`,
    '',
    '| read | parse and validate | prepare (sort, index) | hand-over to the main thread (structured clone) | PreparedSnapshot on the main thread |',
    '| ---: | ---: | ---: | ---: | ---: |',
    `| ${fmtMs(steps.readMs)} ms | ${fmtMs(steps.validateMs)} ms | ${fmtMs(steps.prepareMs)} ms | ${fmtMs(steps.transferMs)} ms | ${fmtMs(steps.installMs)} ms |`,
  ].join('\n');
  return {
    row: LOAD_ROW,
    result: `RSS ${fmtMiB(rss)} = ${ratio.toFixed(1)}× the ${fmtMiB(bytes)} file`,
    details: `first 200 after ${fmtMs(large.firstOkMs / 1000)} s (${fmtMs(small.firstOkMs / 1000)} s with 1,000 records); RSS at rest with 1,000 records ${fmtMiB(smallRss)}, so the snapshot's own share is ${fmtMiB(rss - smallRss)} = ${((rss - smallRss) / bytes).toFixed(1)}× the file; parse and validate ${fmtMs(steps.validateMs / 1000)} s`,
    met: ratio <= 10,
    table,
  };
}
