import autocannon from 'autocannon';
import type { RequestShape } from './capture.ts';

/** Distinct requests per round when they vary (e.g. 256 client addresses). */
const REQUEST_POOL = 256;

export interface LoadOptions {
  readonly connections: number;
  readonly seconds: number;
  /** Headers varied per request (a new X-Forwarded-For...): a pool of REQUEST_POOL is drawn per round. */
  readonly perRequestHeaders?: (() => Record<string, string>) | undefined;
}

export interface LoadResult {
  /** Responses per second over the round (completed responses ÷ measured duration). */
  readonly rps: number;
  /** Responses completed in the round (every status). */
  readonly requests: number;
  /**
   * Requests written in the round: the completed ones plus those in flight when it ended
   * (at most one per connection), which the server still handles. The divisor of a count
   * taken on the server's side (row 13's Redis calls).
   */
  readonly sent: number;
  readonly p50: number;
  readonly p99: number;
  readonly statuses: Readonly<Record<string, number>>;
  readonly errors: number;
  readonly timeouts: number;
}

const percentile = (sorted: Float64Array, q: number): number =>
  sorted.length === 0
    ? Number.NaN
    : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

/**
 * One autocannon round against `origin`. Latencies are taken from autocannon's own
 * per-response timings (float milliseconds, every status), not its histogram, which
 * keeps whole milliseconds only and would report every p50 here as 0 or 1.
 */
export async function load(
  origin: string,
  shape: RequestShape,
  options: LoadOptions,
): Promise<LoadResult> {
  const { perRequestHeaders } = options;
  let done!: (result: autocannon.Result) => void;
  let failed!: (error: unknown) => void;
  const finished = new Promise<autocannon.Result>((resolve, reject) => {
    done = resolve;
    failed = reject;
  });
  const cannonOptions: autocannon.Options = {
    url: origin + shape.path,
    connections: options.connections,
    duration: options.seconds,
    pipelining: 1,
    method: shape.method,
    headers: { ...shape.headers },
    ...(shape.body === undefined ? {} : { body: shape.body }),
    // A pool of requests built before the round (autocannon then cycles through it on each
    // connection): building each request in setupRequest would make the load generator,
    // not the server, the limit of the bare side.
    ...(perRequestHeaders === undefined
      ? {}
      : {
          requests: Array.from({ length: REQUEST_POOL }, () => ({
            headers: { ...shape.headers, ...perRequestHeaders() },
          })),
        }),
  };
  const tracker = autocannon(cannonOptions, (error, result) =>
    error ? failed(error) : done(result),
  );
  let latencies = new Float64Array(1 << 16);
  let count = 0;
  tracker.on('response', (_client, _status, _bytes, responseTime: number) => {
    if (count === latencies.length) {
      const grown = new Float64Array(latencies.length * 2);
      grown.set(latencies);
      latencies = grown;
    }
    latencies[count++] = responseTime;
  });
  const result = await finished;
  const sorted = latencies.subarray(0, count).sort();
  const statuses: Record<string, number> = {};
  for (const [status, { count: n }] of Object.entries(result.statusCodeStats ?? {}))
    statuses[status] = n ?? 0;
  return {
    rps: result.requests.total / result.duration,
    requests: result.requests.total,
    sent: result.requests.sent,
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
    statuses,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}
