/**
 * Row 16: the in-memory quota store after 1,000,000 distinct clients (memory-store-probe.ts
 * does the measuring). Bounded means: the store holds no more clients than its cap, and its
 * heap stops growing with the clients once the cap is reached (the heap after a million
 * clients within GROWTH_TOLERANCE of the heap at the cap).
 */
import { type FurtherOutcome, type FurtherRow, fmtInt, fmtMiB, runProbe } from './further.ts';

export const MEMORY_STORE_ROW: FurtherRow = {
  id: 'memory-store-1m',
  order: 16,
  title: 'memory quota store after 1,000,000 distinct clients',
  target: 'bounded by the cap',
};

interface Memory {
  readonly rss: number;
  readonly heapUsed: number;
}

interface Probe {
  /** Clients that hit the store: `asked`, unless the probe's deadline came first. */
  readonly clients: number;
  readonly asked: number;
  readonly deadlineMs: number;
  readonly cap: number;
  readonly max: number;
  readonly windowSeconds: number;
  readonly held: number;
  readonly evictions: number;
  readonly before: Memory;
  readonly atCap: (Memory & { readonly clients: number; readonly hitMs: number }) | null;
  readonly after: Memory;
  readonly hitMs: number;
}

/**
 * Past the cap the heap may still grow a little: a Map keeps deleted entries' slots until
 * it rehashes, and may double its table once. Growth proportional to the clients would be
 * several times the heap at the cap (here 10× more clients than the cap).
 */
const GROWTH_TOLERANCE = 0.5;

export async function measureMemoryStore(): Promise<FurtherOutcome> {
  const probe = await runProbe<Probe>('memory-store-probe.ts', ['1000000'], {
    nodeFlags: ['--expose-gc'],
  });
  const storeHeap = probe.after.heapUsed - probe.before.heapUsed;
  const capHeap = probe.atCap === null ? undefined : probe.atCap.heapUsed - probe.before.heapUsed;
  const grewAfterCap =
    capHeap === undefined ? undefined : (storeHeap - capHeap) / Math.max(capHeap, 1);
  const bounded =
    probe.held <= probe.cap && grewAfterCap !== undefined && grewAfterCap <= GROWTH_TOLERANCE;
  const past = probe.atCap === null ? undefined : probe.clients - probe.atCap.clients;
  const perHit = (ms: number, hits: number) => `${((ms * 1000) / hits).toFixed(2)} µs`;
  const speed =
    probe.atCap === null || past === undefined || past === 0
      ? `${perHit(probe.hitMs, probe.clients)} a hit`
      : `${perHit(probe.atCap.hitMs, probe.atCap.clients)} a hit up to the cap, ${perHit(probe.hitMs - probe.atCap.hitMs, past)} past it (one eviction each)`;
  const stopped =
    probe.clients < probe.asked
      ? `; stopped at the probe's ${probe.deadlineMs / 1000} s limit after ${fmtInt(probe.clients)} of ${fmtInt(probe.asked)} clients`
      : '';
  const table = [
    '| after | clients held | evictions | RSS | heap used by the store (after a full GC) |',
    '| --- | ---: | ---: | ---: | ---: |',
    `| start (empty store) | 0 | 0 | ${fmtMiB(probe.before.rss)} | 0 MiB (heap ${fmtMiB(probe.before.heapUsed)}) |`,
    ...(probe.atCap === null
      ? []
      : [
          `| ${fmtInt(probe.atCap.clients)} clients (the cap) | ${fmtInt(probe.atCap.clients)} | 0 | ${fmtMiB(probe.atCap.rss)} | ${fmtMiB(capHeap!)} |`,
        ]),
    `| ${fmtInt(probe.clients)} clients | ${fmtInt(probe.held)} | ${fmtInt(probe.evictions)} | ${fmtMiB(probe.after.rss)} | ${fmtMiB(storeHeap)} |`,
  ].join('\n');
  return {
    row: MEMORY_STORE_ROW,
    result: `RSS ${fmtMiB(probe.after.rss)}, ${fmtInt(probe.held)} clients held (cap ${fmtInt(probe.cap)})${probe.clients < probe.asked ? ` after ${fmtInt(probe.clients)} clients` : ''}`,
    details: `${bounded ? 'bounded' : '**not bounded**'}: store heap ${fmtMiB(storeHeap)} at the end vs ${capHeap === undefined ? '?' : fmtMiB(capHeap)} at the cap${grewAfterCap === undefined ? '' : ` (+${(100 * grewAfterCap).toFixed(0)} %)`} (${capHeap === undefined ? '?' : Math.round(capHeap / probe.cap).toLocaleString('en-US')} bytes a client); ${speed}${stopped}; defaults RATE_LIMIT_MAX=${probe.max}, window ${probe.windowSeconds} s`,
    // The row is about a million clients: one cut short by the deadline is not met.
    met: bounded && probe.clients === probe.asked,
    table,
  };
}
