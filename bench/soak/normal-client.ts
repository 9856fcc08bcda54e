/**
 * The normal client (a worker process of its own): one request every ~100 ms, on a fixed
 * schedule whether or not earlier answers arrived (so a stall shows in the latencies
 * instead of silently slowing the client down), alternating GET /healthz and a data
 * request. Each request opens a fresh connection, as a new visitor would. Data requests
 * come from a rotating set of addresses, each used a few times, so the quota never
 * refuses this client; any answer but 200 is a failure.
 *
 * Run by bench/soak.ts; not meant to be started by hand.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { addressIn, BLOCKS } from './addresses.ts';
import { send, type Target } from './http-client.ts';
import { sleep } from './lifecycle.ts';
import { type StatusCounts, StatusTable } from './stats.ts';
import { runWorker, type WorkerConfig } from './worker-process.ts';

export interface NormalClientConfig extends WorkerConfig {
  readonly target: Target;
  readonly intervalMs: number;
}

export interface NormalClientResult {
  readonly latenciesMs: number[];
  readonly healthzMs: number[];
  readonly dataMs: number[];
  /** Time to establish the TCP connection, part of every latency above. */
  readonly connectMs: number[];
  readonly statuses: StatusCounts;
  readonly failures: string[];
  readonly failureCount: number;
  /** This worker's own event-loop delay p99 (ms): large values would mean the figures are ours. */
  readonly ownLoopDelayP99Ms: number;
}

const DATA_PATHS = [
  '/openapi/v1/records?pageSize=10',
  '/openapi/v1/records/latest',
  '/openapi/v1/records?kind=reset_scheduled&page=2&pageSize=5',
];
/** Counted requests per address: far below the quota of 20. */
const USES_PER_ADDRESS = 10;
/** At most this many requests in flight (a dead service must not pile up sockets). */
const MAX_IN_FLIGHT = 50;
const REQUEST_TIMEOUT_MS = 10_000;

async function main(config: NormalClientConfig, signal: AbortSignal): Promise<NormalClientResult> {
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const all: number[] = [];
  const healthz: number[] = [];
  const data: number[] = [];
  const connect: number[] = [];
  const statuses = new StatusTable();
  const failures: string[] = [];
  let failureCount = 0;
  let inFlight = 0;
  const pending = new Set<Promise<void>>();
  const started = Date.now();
  const maxRequests = Math.ceil(config.durationMs / config.intervalMs) + 1;

  for (let n = 0; n < maxRequests && !signal.aborted; n++) {
    const isData = n % 2 === 1;
    const dataIndex = (n - 1) / 2;
    const path = isData ? DATA_PATHS[dataIndex % DATA_PATHS.length]! : '/healthz';
    const localAddress = isData
      ? addressIn(BLOCKS.normalClient, Math.floor(dataIndex / USES_PER_ADDRESS))
      : addressIn(BLOCKS.normalClient, 60_000);
    if (inFlight >= MAX_IN_FLIGHT) {
      failureCount++;
      statuses.add('normal client', 'SKIPPED (50 in flight)');
    } else {
      inFlight++;
      const request = send(config.target, {
        path,
        localAddress,
        timeoutMs: REQUEST_TIMEOUT_MS,
      }).then((outcome) => {
        inFlight--;
        all.push(outcome.ms);
        // A connection never established counts with its whole time (the SYN went unanswered).
        connect.push(outcome.connectMs ?? outcome.ms);
        (isData ? data : healthz).push(outcome.ms);
        const status = outcome.ok ? outcome.status : outcome.error;
        statuses.add('normal client', status);
        if (!outcome.ok || outcome.status !== 200) {
          failureCount++;
          if (failures.length < 5) {
            const at = ((Date.now() - started) / 1000).toFixed(1);
            failures.push(`t=${at}s ${path}: ${status} after ${outcome.ms.toFixed(0)} ms`);
          }
        }
      });
      pending.add(request);
      request.then(() => pending.delete(request));
    }
    // Fixed schedule: the next request is due at started + (n + 1) * interval.
    const due = started + (n + 1) * config.intervalMs;
    await sleep(Math.max(0, due - Date.now()), signal);
  }
  await Promise.all(pending);
  loop.disable();
  return {
    latenciesMs: all,
    healthzMs: healthz,
    dataMs: data,
    connectMs: connect,
    statuses: statuses.counts,
    failures,
    failureCount,
    ownLoopDelayP99Ms: loop.percentile(99) / 1e6,
  };
}

runWorker(main);
