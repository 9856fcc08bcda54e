/** Command-line options of `npm run soak`. */
import { parseArgs } from 'node:util';

export const USAGE = `npm run soak [-- options]

A bounded soak of the real service on loopback: mixed HTTP and MCP traffic from many
client addresses, a pagination checker, a snapshot publisher, a normal client measuring
latency, and attacks as background load. Prints a summary; exits 1 if a requirement failed.

Options (defaults in brackets):
  --duration SECONDS            length of the run [300]
  --seed N                      random seed, to replay a run's traffic [time-based]
  --publish-interval SECONDS    a new snapshot every SECONDS [3]
  --cli-every N                 every N-th valid publish goes through the CLI [10]
  --bad-every N                 every N-th publish is a bad file (0: none) [5]
  --sessions-per-second N       new quota-bound clients per second [4]
  --normal-interval-ms MS       the normal client's request interval [100]
  --flood-connections N         (a) pipelining flood connections [100]
  --slowloris-connections N     (b) slowloris connections [200]
  --slowloris-byte-every SECONDS  (b) one header byte every SECONDS [3]
  --idle-connections N          (c) idle connections from one address [3000]
  --deep-nesting-senders N      (d) concurrent senders of 64 KiB nested MCP bodies [2]
  --xff-interval-ms MS          (e) one junk X-Forwarded-For request every MS [200]
  --no-attacks                  no attacks (a)-(e) (a baseline); bad snapshots still run
  --p99-limit-ms MS             normal-client p99 requirement [100]
  --rss-growth-limit RATIO      RSS at the end / RSS after warm-up, at most [1.5]
  --warmup SECONDS              RSS reference taken after this [min(60, duration / 4)]
  --keep-temp                   keep the temporary directory (service log, snapshots)
  --help                        show this help`;

export interface SoakOptions {
  readonly durationMs: number;
  readonly seed: number;
  readonly publishIntervalMs: number;
  readonly cliEvery: number;
  readonly badEvery: number;
  readonly sessionsPerSecond: number;
  readonly normalIntervalMs: number;
  readonly floodConnections: number;
  readonly slowlorisConnections: number;
  readonly slowlorisByteEveryMs: number;
  readonly idleConnections: number;
  readonly deepNestingSenders: number;
  readonly forwardedForEveryMs: number;
  readonly p99LimitMs: number;
  readonly rssGrowthLimit: number;
  readonly warmupMs: number;
  readonly keepTemp: boolean;
}

export class UsageError extends Error {}

/** Parses the arguments; throws UsageError on anything it does not understand. */
export function parseOptions(argv: string[]): SoakOptions | 'help' {
  const string = { type: 'string' } as const;
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        duration: string,
        seed: string,
        'publish-interval': string,
        'cli-every': string,
        'bad-every': string,
        'sessions-per-second': string,
        'normal-interval-ms': string,
        'flood-connections': string,
        'slowloris-connections': string,
        'slowloris-byte-every': string,
        'idle-connections': string,
        'deep-nesting-senders': string,
        'xff-interval-ms': string,
        'no-attacks': { type: 'boolean' },
        'p99-limit-ms': string,
        'rss-growth-limit': string,
        warmup: string,
        'keep-temp': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (values['help']) return 'help';

  const number = (name: string, fallback: number, min: number, max: number): number => {
    const raw = values[name];
    if (raw === undefined) return fallback;
    const value = Number(raw);
    if (
      typeof raw !== 'string' ||
      raw.trim() === '' ||
      !Number.isFinite(value) ||
      value < min ||
      value > max
    ) {
      throw new UsageError(`--${name} must be a number from ${min} to ${max}`);
    }
    return value;
  };
  const attacks = !values['no-attacks'];
  const durationSeconds = number('duration', 300, 10, 7 * 24 * 3600);
  return {
    durationMs: durationSeconds * 1000,
    seed: Math.floor(number('seed', Date.now() % 1_000_000_007, 0, 2 ** 32 - 1)),
    publishIntervalMs: number('publish-interval', 3, 0.5, 3600) * 1000,
    cliEvery: Math.floor(number('cli-every', 10, 0, 1_000_000)),
    badEvery: Math.floor(number('bad-every', 5, 0, 1_000_000)),
    // At most 18/s: each session takes a fresh address of a 65,024-address block, which must
    // not come round again within the quota's hour.
    sessionsPerSecond: number('sessions-per-second', 4, 0.1, 18),
    normalIntervalMs: number('normal-interval-ms', 100, 10, 60_000),
    floodConnections: attacks ? Math.floor(number('flood-connections', 100, 0, 1000)) : 0,
    slowlorisConnections: attacks ? Math.floor(number('slowloris-connections', 200, 0, 5000)) : 0,
    slowlorisByteEveryMs: number('slowloris-byte-every', 3, 0.1, 60) * 1000,
    idleConnections: attacks ? Math.floor(number('idle-connections', 3000, 0, 10_000)) : 0,
    deepNestingSenders: attacks ? Math.floor(number('deep-nesting-senders', 2, 0, 16)) : 0,
    forwardedForEveryMs: attacks ? number('xff-interval-ms', 200, 10, 60_000) : 0,
    p99LimitMs: number('p99-limit-ms', 100, 1, 60_000),
    rssGrowthLimit: number('rss-growth-limit', 1.5, 1, 100),
    warmupMs: number('warmup', Math.min(60, durationSeconds / 4), 0, durationSeconds) * 1000,
    keepTemp: values['keep-temp'] === true,
  };
}
