/**
 * The in-memory quota store (src/service/quota/memory-store.ts) after 1,000,000 distinct clients
 * (row 16), measured in a fresh process that calls the store directly: a million HTTP
 * requests would take minutes and measure the HTTP path, not the store. The store gets
 * the service's defaults (src/service/config.ts: RATE_LIMIT_MAX, RATE_LIMIT_WINDOW_SECONDS and
 * the cap, RATE_LIMIT_MEMORY_MAX_CLIENTS) and the keys the quota gate gives it (IPv4
 * addresses in canonical text, as src/service/quota/client-key.ts makes them), all within one
 * window, so no client expires and the cap alone bounds the map.
 *
 * Usage (spawned by bench/perf/memory-store.ts):
 *   node --expose-gc --import tsx memory-store-probe.ts [CLIENTS]
 * Prints one JSON line.
 */
import { loadConfig } from '../../src/service/config.ts';
import { MemoryQuotaStore } from '../../src/service/quota/memory-store.ts';

const clients = Number(process.argv[2] ?? 1_000_000);
const gc = (globalThis as { gc?: () => void }).gc;
if (gc === undefined) throw new Error('run with --expose-gc');

/** Heap and RSS after a full collection: what stays, not what is waiting to be freed. */
const settled = () => {
  gc();
  const { rss, heapUsed } = process.memoryUsage();
  return { rss, heapUsed };
};

const { rateLimit } = loadConfig({});
const store = new MemoryQuotaStore({
  max: rateLimit.max,
  windowMs: rateLimit.windowSeconds * 1000,
  maxClients: rateLimit.memoryMaxClients,
  clock: Date.now,
});

/** The n-th client, 10.0.0.0 onwards: what clientKey() returns for an IPv4 address. */
const keyOf = (n: number) => `${10 + (n >>> 24)}.${(n >>> 16) & 255}.${(n >>> 8) & 255}.${n & 255}`;

/**
 * The hits stop here if not done: past its cap the store evicts a client per hit, and a
 * Map read from its front after many deletions can take tens of µs a hit (V8 skips the
 * deleted slots again each time), which would make this row alone take minutes.
 */
const DEADLINE_MS = 40_000;

const before = settled();
let atCap: { rss: number; heapUsed: number; clients: number; hitMs: number } | undefined;
const started = performance.now();
let hits = 0;
while (hits < clients) {
  // Checked every 1,000 hits: reading the clock costs more than a hit.
  const end = Math.min(clients, hits + 1_000);
  for (; hits < end; hits++) {
    store.hitNow(keyOf(hits));
    if (hits + 1 === rateLimit.memoryMaxClients) {
      const hitMs = performance.now() - started;
      atCap = { ...settled(), clients: hits + 1, hitMs };
    }
  }
  if (performance.now() - started > DEADLINE_MS) break;
}
const hitMs = performance.now() - started;
const after = settled();

console.log(
  JSON.stringify({
    clients: hits,
    asked: clients,
    deadlineMs: DEADLINE_MS,
    cap: rateLimit.memoryMaxClients,
    max: rateLimit.max,
    windowSeconds: rateLimit.windowSeconds,
    held: store.stats.clients,
    evictions: store.stats.evictions,
    before,
    atCap: atCap ?? null,
    after,
    hitMs,
  }),
);
