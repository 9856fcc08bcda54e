import { LRUCache } from 'lru-cache';

/**
 * How many subscription changes (POST or DELETE /push/subscriptions) one address may make:
 * `max` per rolling `windowMs`, apart from the data quota (subscribing never spends it).
 * Kept in memory per instance, for at most `maxAddresses` addresses (the least recently
 * seen forgotten first): the bound is on abuse, not an exact count across instances.
 */
export interface ChangeLimiter {
  /** Counts a change; 0 when allowed, else the seconds until the next one would be. */
  take(address: string, nowMs: number): number;
}

export function createChangeLimiter(options: {
  readonly max: number;
  readonly windowMs: number;
  readonly maxAddresses?: number;
}): ChangeLimiter {
  const seen = new LRUCache<string, number[]>({ max: options.maxAddresses ?? 10_000 });
  return {
    take(address, nowMs) {
      const times = (seen.get(address) ?? []).filter((at) => at > nowMs - options.windowMs);
      if (times.length >= options.max) {
        seen.set(address, times);
        return Math.max(1, Math.ceil((times[0]! + options.windowMs - nowMs) / 1000));
      }
      times.push(nowMs);
      seen.set(address, times);
      return 0;
    },
  };
}
