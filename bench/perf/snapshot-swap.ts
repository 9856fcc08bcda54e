/**
 * Row 14: row 1's load while a new snapshot is published every second. The service
 * follows SNAPSHOT_PATH by polling its metadata every 250 ms and loads a changed file in
 * its snapshot worker (src/service/snapshot/file-watcher.ts, snapshot-loader.ts: the 1,000-record
 * file, about 650 kB, is over the 256 kB loaded inline), then swaps the prepared snapshot
 * in on the main thread. Publishing is what `reset-records publish` does after its
 * validation: `publishToFile`, a temporary file renamed over the target. It runs in the
 * bench's process rather than as the CLI, whose start-up (about a second of CPU for tsx)
 * would take a core away from the service or the load generator every second.
 *
 * Each round loads the same service twice, steady then swapping, so the p99 compared
 * is the steady p99 of the same process, minutes apart at most (row 1's own p99 is shown
 * beside it when row 1 ran in the same run).
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { publishToFile } from '../../src/shared/snapshot/publish-file.ts';
import { syntheticSnapshot } from '../synthetic-snapshot.ts';
import {
  type FurtherContext,
  type FurtherOutcome,
  type FurtherRow,
  fmtMs,
  median,
} from './further.ts';
import { type LoadResult, load } from './load.ts';
import { startService, stop } from './processes.ts';
import { LIST } from './rows.ts';

export const SWAP_ROW: FurtherRow = {
  id: 'snapshot-swap',
  order: 14,
  title: "a new snapshot published every second during row 1's load",
  target: 'no error; p99 ≤ 2× steady',
};

const RECORDS = 1_000;
const SWAP_EVERY_MS = 1_000;

/** Non-2xx responses, errors and timeouts of a round. */
const failures = (result: LoadResult) =>
  result.errors +
  result.timeouts +
  Object.entries(result.statuses)
    .filter(([status]) => !status.startsWith('2'))
    .reduce((sum, [, n]) => sum + n, 0);

async function servedGeneratedAt(origin: string): Promise<string | undefined> {
  const response = await fetch(origin + LIST).catch(() => undefined);
  if (response === undefined || !response.ok) return undefined;
  const body = (await response.json()) as { meta?: { generatedAt?: string } };
  return body.meta?.generatedAt;
}

/**
 * Publishes a new snapshot now and every second until stopped. Before each publish it
 * asks the service which snapshot it serves: the previous one confirms that swap.
 * The texts are made before the round, so the load generator's core only writes files.
 */
function startPublisher(
  origin: string,
  path: string,
  texts: readonly { at: string; text: string }[],
) {
  let published = 0;
  let confirmed = 0;
  let last: string | undefined;
  let busy: Promise<void> = Promise.resolve();
  const tick = () => {
    busy = busy.then(async () => {
      if (last !== undefined && (await servedGeneratedAt(origin)) === last) confirmed++;
      const next = texts[published];
      if (next === undefined) return;
      await publishToFile(path, next.text);
      last = next.at;
      published++;
    });
  };
  tick();
  const timer = setInterval(tick, SWAP_EVERY_MS);
  return {
    /** Stops publishing; waits (up to 2 s) for the service to serve the last one published. */
    async stop(): Promise<{ published: number; confirmed: number }> {
      clearInterval(timer);
      await busy;
      for (let i = 0; i < 20 && last !== undefined; i++) {
        if ((await servedGeneratedAt(origin)) === last) {
          confirmed++;
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return { published, confirmed };
    },
  };
}

/** Distinct snapshots (a new generatedAt each) for one swapping round. */
function snapshotTexts(count: number): { at: string; text: string }[] {
  const base = Date.now();
  return Array.from({ length: count }, (_, i) => {
    const snapshot = syntheticSnapshot(RECORDS, base + i * 1_000 + 1);
    return { at: snapshot.generatedAt, text: JSON.stringify(snapshot) };
  });
}

interface SwapRound {
  readonly steady: LoadResult;
  readonly swapping: LoadResult;
  readonly published: number;
  readonly confirmed: number;
}

export async function measureSnapshotSwap(
  context: FurtherContext,
  row1P99: number | undefined,
): Promise<FurtherOutcome> {
  const dir = join(context.dir, 'swap');
  await mkdir(dir, { recursive: true });
  const path = join(dir, 'snapshot.json');
  await publishToFile(path, JSON.stringify(syntheticSnapshot(RECORDS, Date.now())));
  const service = await startService({ snapshotPath: path, env: { RATE_LIMIT: 'off' } });
  const options = { connections: context.connections, seconds: context.seconds };
  const shape = { method: 'GET' as const, path: LIST };
  const rounds: SwapRound[] = [];
  try {
    if (context.warmupSeconds > 0)
      await load(service.origin, shape, { ...options, seconds: context.warmupSeconds });
    for (let i = 0; i < context.rounds; i++) {
      await new Promise((resolve) => setTimeout(resolve, 300));
      const steady = await load(service.origin, shape, options);
      const texts = snapshotTexts(Math.ceil((context.seconds * 1000) / SWAP_EVERY_MS) + 1);
      await new Promise((resolve) => setTimeout(resolve, 300));
      const publisher = startPublisher(service.origin, path, texts);
      const swapping = await load(service.origin, shape, options);
      const { published, confirmed } = await publisher.stop();
      rounds.push({ steady, swapping, published, confirmed });
      context.log(
        `  round ${i + 1}: steady ${Math.round(steady.rps)} req/s p99 ${fmtMs(steady.p99)} ms; swapping ${Math.round(swapping.rps)} req/s p99 ${fmtMs(swapping.p99)} ms, ${confirmed}/${published} swaps served, ${failures(swapping)} failures`,
      );
    }
  } finally {
    await stop(service);
  }
  return swapOutcome(rounds, row1P99);
}

function swapOutcome(rounds: readonly SwapRound[], row1P99: number | undefined): FurtherOutcome {
  const steadyP99 = median(rounds.map((r) => r.steady.p99));
  const swapP99 = median(rounds.map((r) => r.swapping.p99));
  const failed = rounds.reduce((sum, r) => sum + failures(r.swapping), 0);
  const published = rounds.reduce((sum, r) => sum + r.published, 0);
  const confirmed = rounds.reduce((sum, r) => sum + r.confirmed, 0);
  const factor = swapP99 / steadyP99;
  const table = [
    '| round | steady req/s | steady p50 / p99 ms | swapping req/s | swapping p50 / p99 ms | snapshots published / seen served | non-2xx, errors, timeouts |',
    '| ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rounds.map(
      (r, i) =>
        `| ${i + 1} | ${Math.round(r.steady.rps).toLocaleString('en-US')} | ${fmtMs(r.steady.p50)} / ${fmtMs(r.steady.p99)} | ${Math.round(r.swapping.rps).toLocaleString('en-US')} | ${fmtMs(r.swapping.p50)} / ${fmtMs(r.swapping.p99)} | ${r.published} / ${r.confirmed} | ${failures(r.swapping)} |`,
    ),
  ].join('\n');
  return {
    row: SWAP_ROW,
    result: `p99 ${fmtMs(swapP99)} ms = ${factor.toFixed(2)}× steady; ${failed} failures`,
    details: `steady p99 ${fmtMs(steadyP99)} ms (same service, same rounds)${row1P99 === undefined ? '' : `, row 1 p99 ${fmtMs(row1P99)} ms`}; ${Math.round(median(rounds.map((r) => r.swapping.rps))).toLocaleString('en-US')} req/s swapping vs ${Math.round(median(rounds.map((r) => r.steady.rps))).toLocaleString('en-US')} steady; ${confirmed} of ${published} snapshots seen served`,
    met: failed === 0 && factor <= 2 && confirmed === published,
    table,
  };
}
