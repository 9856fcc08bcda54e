import type { Logger } from 'pino';
import type { RedisClient } from '../../shared/redis/redis-client.ts';
import type { Config } from '../config.ts';
import { MemoryQuotaStore } from './memory-store.ts';
import { createDisabledGate, createQuotaGate, type QuotaGate } from './quota-gate.ts';
import type { QuotaStore } from './quota-store.ts';
import { RedisQuotaStore } from './redis-store.ts';

export interface Quota {
  readonly gate: QuotaGate;
  /** Undefined with RATE_LIMIT=off. */
  readonly store: QuotaStore | undefined;
  /** Set when the quota lives in this process (for its metrics). */
  readonly memoryStore: MemoryQuotaStore | undefined;
}

/** The quota of decisions.md §5: off, in memory (one process), or in Redis (shared). */
export function openQuota(
  config: Config,
  logger: Logger,
  clock: () => number,
  redis: RedisClient | undefined,
): Quota {
  const { rateLimit } = config;
  if (!rateLimit.enabled)
    return { gate: createDisabledGate(), store: undefined, memoryStore: undefined };
  const settings = { max: rateLimit.max, windowMs: rateLimit.windowSeconds * 1000 };
  const memoryStore =
    redis === undefined
      ? new MemoryQuotaStore({ ...settings, maxClients: rateLimit.memoryMaxClients, clock })
      : undefined;
  const store =
    memoryStore ??
    new RedisQuotaStore({
      ...settings,
      client: redis!,
      keyPrefix: config.redisKeyPrefix,
      timeoutMs: rateLimit.storeTimeoutMs,
    });
  const gate = createQuotaGate({
    store,
    windowSeconds: rateLimit.windowSeconds,
    logger,
  });
  return { gate, store, memoryStore };
}
