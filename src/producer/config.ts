import { z } from 'zod';
import { integer } from '../config.ts';
import type { BuildSettings } from './build/settings.ts';

/**
 * The producer's settings (producer.md), read from the environment once, validated and
 * frozen, like the service's (src/config.ts). Publishing reuses the service's own
 * settings (SNAPSHOT_PATH, REDIS_URL, SNAPSHOT_REDIS_KEY, SNAPSHOT_MAX_BYTES), read there.
 */

const hours = (name: string, max: number) =>
  z
    .string()
    .regex(/^\d+(\.\d+)?$/, `${name} must be a number of hours`)
    .transform(Number)
    .pipe(
      z.number().min(0, `${name} must be at least 0`).max(max, `${name} must be at most ${max}`),
    );

/** Seconds, a whole number within bounds (the service's own helper). */
const seconds = integer;

const ProducerEnv = z.object({
  LEDGER_URL: z.string().min(1).default('sqlite:./data/ledger.db'),
  OPERATOR: z
    .string()
    .regex(/^[A-Za-z0-9_.@-]{1,64}$/, 'OPERATOR must be 1 to 64 of A-Z a-z 0-9 _ . @ -')
    .optional(),
  MONITOR_SOURCE: z
    .string()
    .regex(/^file:.+/, 'MONITOR_SOURCE must be file:PATH (a JSON-lines file of posts)')
    .optional(),
  MONITOR_INTERVAL_SECONDS: seconds('MONITOR_INTERVAL_SECONDS', 1, 86_400).default(300),
  PUBLISH_HEARTBEAT_SECONDS: seconds('PUBLISH_HEARTBEAT_SECONDS', 1, 86_400).default(900),
  UNKNOWN_AFTER_HOURS: hours('UNKNOWN_AFTER_HOURS', 24 * 365).default(72),
  LATE_LINK_HOURS: hours('LATE_LINK_HOURS', 24 * 365).default(24),
});

/** Every environment variable the producer reads (the README's table lists each one). */
export const PRODUCER_VARIABLES = Object.keys(ProducerEnv.shape);

export interface ProducerConfig {
  readonly ledgerUrl: string;
  /** The actor of operator commands when `--by` is not given. */
  readonly operator: string | undefined;
  /** `file:PATH`; the X source (X_BEARER_TOKEN) comes with the producer's part 2. */
  readonly monitorSource: string | undefined;
  readonly monitorIntervalSeconds: number;
  readonly publishHeartbeatSeconds: number;
  readonly build: BuildSettings;
}

export class ProducerConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ProducerConfigError';
  }
}

export function loadProducerConfig(
  env: Record<string, string | undefined> = process.env,
): ProducerConfig {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = ProducerEnv.safeParse(present);
  if (!parsed.success)
    throw new ProducerConfigError(parsed.error.issues.map((issue) => issue.message));
  const e = parsed.data;
  return Object.freeze({
    ledgerUrl: e.LEDGER_URL,
    operator: e.OPERATOR,
    monitorSource: e.MONITOR_SOURCE,
    monitorIntervalSeconds: e.MONITOR_INTERVAL_SECONDS,
    publishHeartbeatSeconds: e.PUBLISH_HEARTBEAT_SECONDS,
    build: Object.freeze({
      unknownAfterHours: e.UNKNOWN_AFTER_HOURS,
      lateLinkHours: e.LATE_LINK_HOURS,
    }),
  });
}
