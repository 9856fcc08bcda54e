import { createHash, randomBytes } from 'node:crypto';
import type { RedisClient } from '../../shared/redis/redis-client.ts';
import { withTimeout } from '../../shared/util/with-timeout.ts';
import { decide, type QuotaDecision, type QuotaSettings, type QuotaStore } from './quota-store.ts';

/**
 * The exact sliding log in Redis, shared by every instance (decisions.md §5).
 * One sorted set per client (score = admission time in ms, member unique per request),
 * updated by one Lua script per request, so the check-and-record is atomic across
 * instances; the time is Redis's own (TIME), so instance clocks cannot disagree. The key
 * expires a window after its last admission. One key per script call: compatible with
 * Redis Cluster (the client key sits in a hash tag).
 */
const SLIDING_LOG = `
local key = KEYS[1]
local max = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
local count = redis.call('ZCARD', key)
local admitted = 0
if count < max then
  redis.call('ZADD', key, now, ARGV[3])
  redis.call('PEXPIRE', key, window)
  count = count + 1
  admitted = 1
end
local oldest = now
local first = redis.call('ZRANGE', key, 0, 0, 'WITHSCORES')
if first[2] then oldest = tonumber(first[2]) end
return {admitted, count, oldest, now}
`;
const SLIDING_LOG_SHA = createHash('sha1').update(SLIDING_LOG).digest('hex');

/**
 * Calls waiting on Redis at once, at most. A frozen Redis answers nothing while requests
 * keep coming; past this many, a call fails at once instead of queueing one more command.
 */
const MAX_IN_FLIGHT = 1_000;

export interface RedisStoreOptions extends QuotaSettings {
  readonly client: RedisClient;
  readonly keyPrefix: string;
  /** A call slower than this fails (and is taken back if it runs later). */
  readonly timeoutMs: number;
}

export class RedisQuotaStore implements QuotaStore {
  readonly #options: RedisStoreOptions;
  /** Makes every request's member unique across instances and restarts. */
  readonly #instance = randomBytes(6).toString('base64url');
  #sequence = 0;
  #inFlight = 0;

  constructor(options: RedisStoreOptions) {
    this.#options = options;
  }

  async hit(key: string): Promise<QuotaDecision> {
    if (this.#inFlight >= MAX_IN_FLIGHT) throw new Error('too many quota calls waiting on redis');
    this.#inFlight++;
    try {
      return await this.#hit(key);
    } finally {
      this.#inFlight--;
    }
  }

  async #hit(key: string): Promise<QuotaDecision> {
    const redisKey = `${this.#options.keyPrefix}quota:{${key}}`;
    const member = `${this.#instance}:${this.#sequence++}`;
    const attempt = this.#runScript(redisKey, member);
    try {
      return await withTimeout(attempt, this.#options.timeoutMs, 'redis');
    } catch (error) {
      // The request is answered 503 and must not count. But a script already written to
      // a frozen Redis still runs when Redis wakes up (even if the client gave up on its
      // reply): once the call settles, take its entry back with a ZREM on the same
      // connection, which Redis runs after the script; a no-op if the script refused the
      // request or never ran.
      void attempt
        .catch(() => undefined)
        .then(() => this.#options.client.zRem(redisKey, member))
        .catch(() => undefined);
      throw error;
    }
  }

  async #runScript(redisKey: string, member: string): Promise<QuotaDecision> {
    const { client, max, windowMs } = this.#options;
    const call = { keys: [redisKey], arguments: [String(max), String(windowMs), member] };
    let reply: unknown;
    try {
      reply = await client.evalSha(SLIDING_LOG_SHA, call);
    } catch (error) {
      if (!String((error as Error).message).startsWith('NOSCRIPT')) throw error;
      reply = await client.eval(SLIDING_LOG, call); // loads the script for the next EVALSHA
    }
    const [admitted, count, oldest, now] = reply as [number, number, number, number];
    return decide(this.#options, admitted === 1, count, oldest, now);
  }

  async isReady(): Promise<boolean> {
    try {
      const pong = await withTimeout(this.#options.client.ping(), this.#options.timeoutMs, 'redis');
      return pong === 'PONG';
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    // The shared client is closed by its owner.
  }
}
