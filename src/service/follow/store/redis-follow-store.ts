import { createHash } from 'node:crypto';
import type { Logger } from 'pino';
import {
  closeRedisClient,
  createRedisClient,
  type RedisClient,
} from '../../../shared/redis/redis-client.ts';
import { waitUntilReady } from '../../../shared/redis/wait-until-ready.ts';
import { redactUrl } from '../../../shared/util/redact-url.ts';
import { withTimeout } from '../../../shared/util/with-timeout.ts';
import { FOLLOW_TOPICS, type FollowTopic } from '../topics.ts';
import type {
  FollowStore,
  PushSubscriptionKeys,
  SaveOutcome,
  StoredSubscription,
  SubscriberPage,
} from './follow-store.ts';
import {
  checkClaim,
  checkEndpoint,
  checkMaxSubscriptions,
  checkSubscription,
  checkTime,
  pageOf,
  pageSize,
  topicsOf,
  topicsText,
  toSubscription,
} from './stored-fields.ts';
import { subscriptionId } from './subscription-id.ts';

/**
 * The follow store in Redis, for several instances that already share one. Under a prefix
 * (`reset-records:push:` by default): a hash per subscription (`sub:<id>`), a sorted set of
 * every id (`subs`, its ZCARD the count) and one per topic (`topic:<topic>`), all scores 0,
 * so ZRANGE … BYLEX pages by id in byte order, stable and bounded, as the SQL stores do.
 * Saving and removing are each one Lua script, atomic: the cap check and the insert cannot
 * race, and the hash and the sets never disagree. A claim is a key `claim:<event id>`
 * holding its end time, set by a script that refuses while a claim's end (by the caller's
 * clock, as in the SQL stores) is ahead and takes over one that is past; the key expires
 * after keepMs of Redis's own time, so claims never pile up. The primed flag is `primed`.
 */

export const DEFAULT_REDIS_KEY_PREFIX = 'reset-records:push:';

/** Calls waiting on Redis at once, at most: past this many a call fails at once. */
const MAX_IN_FLIGHT = 1_000;

interface Script {
  readonly source: string;
  readonly sha: string;
}

function script(source: string): Script {
  return { source, sha: createHash('sha1').update(source).digest('hex') };
}

/**
 * KEYS: the subscription's hash, the set of all, then one set per topic (FOLLOW_TOPICS).
 * ARGV: id, endpoint, p256dh, auth, topics text, createdAt, max, then '1' or '0' per topic.
 */
const SAVE = script(`
local existed = redis.call('EXISTS', KEYS[1]) == 1
if not existed then
  if redis.call('ZCARD', KEYS[2]) >= tonumber(ARGV[7]) then return 'full' end
  redis.call('HSET', KEYS[1], 'createdAt', ARGV[6])
  redis.call('ZADD', KEYS[2], 0, ARGV[1])
end
redis.call('HSET', KEYS[1], 'endpoint', ARGV[2], 'p256dh', ARGV[3], 'auth', ARGV[4], 'topics', ARGV[5])
for i = 3, #KEYS do
  if ARGV[i + 5] == '1' then
    redis.call('ZADD', KEYS[i], 0, ARGV[1])
  else
    redis.call('ZREM', KEYS[i], ARGV[1])
  end
end
if existed then return 'updated' end
return 'created'
`);

/** KEYS as SAVE's; ARGV: id, endpoint. 1 when it was there (and is now gone), else 0. */
const REMOVE = script(`
if redis.call('HGET', KEYS[1], 'endpoint') ~= ARGV[2] then return 0 end
redis.call('DEL', KEYS[1])
for i = 2, #KEYS do redis.call('ZREM', KEYS[i], ARGV[1]) end
return 1
`);

/** KEYS: the claim. ARGV: now, until (now + keep), keep. 1 when claimed, else 0. */
const CLAIM = script(`
local held = redis.call('GET', KEYS[1])
if held and tonumber(held) > tonumber(ARGV[1]) then return 0 end
redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3])
return 1
`);

export interface RedisFollowStoreOptions {
  readonly logger: Logger;
  readonly keyPrefix?: string;
  /** How long `open` waits for the first connection (default 5 s). */
  readonly readyTimeoutMs?: number;
  /** A call slower than this fails (default 2 s): a frozen Redis is never waited on. */
  readonly callTimeoutMs?: number;
}

export class RedisFollowStore implements FollowStore {
  readonly label: string;
  readonly #client: RedisClient;
  readonly #prefix: string;
  readonly #callTimeoutMs: number;
  #inFlight = 0;
  #closed = false;

  /** Connects (waiting for the first connection, bounded); its own client, closed by close(). */
  static async open(url: string, options: RedisFollowStoreOptions): Promise<RedisFollowStore> {
    const { logger, readyTimeoutMs = 5_000, callTimeoutMs = 2_000 } = options;
    const client = createRedisClient(url, logger, 'follow-store');
    if (!(await waitUntilReady(client, readyTimeoutMs))) {
      await closeRedisClient(client);
      throw new Error(
        `cannot open the Redis follow store ${redactUrl(url)}: no connection within ${readyTimeoutMs} ms`,
      );
    }
    return new RedisFollowStore(
      client,
      redactUrl(url),
      options.keyPrefix ?? DEFAULT_REDIS_KEY_PREFIX,
      callTimeoutMs,
    );
  }

  private constructor(client: RedisClient, label: string, prefix: string, callTimeoutMs: number) {
    this.#client = client;
    this.label = label;
    this.#prefix = prefix;
    this.#callTimeoutMs = callTimeoutMs;
  }

  async saveSubscription(
    subscription: PushSubscriptionKeys,
    topics: readonly FollowTopic[],
    nowMs: number,
    maxSubscriptions: number,
  ): Promise<SaveOutcome> {
    checkSubscription(subscription);
    checkTime(nowMs);
    checkMaxSubscriptions(maxSubscriptions);
    const id = subscriptionId(subscription.endpoint);
    const text = topicsText(topics);
    const chosen = topicsOf(text);
    const reply = await this.#call(() =>
      this.#run(SAVE, this.#subscriptionKeys(id), [
        id,
        subscription.endpoint,
        subscription.p256dh,
        subscription.auth,
        text,
        String(nowMs),
        String(maxSubscriptions),
        ...FOLLOW_TOPICS.map((topic) => (chosen.includes(topic) ? '1' : '0')),
      ]),
    );
    if (reply === 'created' || reply === 'updated' || reply === 'full') return reply;
    throw new Error(`unexpected reply from the save script: ${String(reply)}`);
  }

  async removeSubscription(endpoint: string): Promise<boolean> {
    checkEndpoint(endpoint);
    const id = subscriptionId(endpoint);
    const reply = await this.#call(() =>
      this.#run(REMOVE, this.#subscriptionKeys(id), [id, endpoint]),
    );
    return reply === 1;
  }

  async countSubscriptions(): Promise<number> {
    return this.#call(() => this.#client.zCard(`${this.#prefix}subs`));
  }

  async subscribersOf(
    topic: FollowTopic,
    after: string | null,
    limit: number,
  ): Promise<SubscriberPage> {
    const size = pageSize(limit);
    return this.#call(async () => {
      const ids = await this.#client.zRange(
        `${this.#prefix}topic:${topic}`,
        after === null ? '-' : `(${after}`,
        '+',
        { BY: 'LEX', LIMIT: { offset: 0, count: size + 1 } },
      );
      // Sent together (node-redis pipelines them): one round trip for the page.
      const hashes = await Promise.all(
        ids.slice(0, size).map((id) => this.#client.hGetAll(`${this.#prefix}sub:${id}`)),
      );
      const subscriptions: StoredSubscription[] = [];
      hashes.forEach((hash, index) => {
        const id = ids[index];
        // Removed since the ids were read: left out.
        if (id === undefined || hash['endpoint'] === undefined) return;
        subscriptions.push(
          toSubscription({
            id,
            endpoint: hash['endpoint'],
            p256dh: hash['p256dh'] ?? '',
            auth: hash['auth'] ?? '',
            topics: hash['topics'] ?? '',
            created_at: hash['createdAt'] ?? 0,
          }),
        );
      });
      return pageOf(ids, size, subscriptions);
    });
  }

  async claimEvent(eventId: string, nowMs: number, keepMs: number): Promise<boolean> {
    checkClaim(eventId, nowMs, keepMs);
    const reply = await this.#call(() =>
      this.#run(
        CLAIM,
        [`${this.#prefix}claim:${eventId}`],
        [String(nowMs), String(nowMs + keepMs), String(keepMs)],
      ),
    );
    return reply === 1;
  }

  async isPrimed(): Promise<boolean> {
    return (await this.#call(() => this.#client.exists(`${this.#prefix}primed`))) === 1;
  }

  async markPrimed(nowMs: number): Promise<void> {
    checkTime(nowMs);
    await this.#call(() => this.#client.set(`${this.#prefix}primed`, String(nowMs), { NX: true }));
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await closeRedisClient(this.#client);
  }

  #subscriptionKeys(id: string): string[] {
    return [
      `${this.#prefix}sub:${id}`,
      `${this.#prefix}subs`,
      ...FOLLOW_TOPICS.map((topic) => `${this.#prefix}topic:${topic}`),
    ];
  }

  /** `fn`, bounded in time and in how many run at once. */
  async #call<T>(fn: () => Promise<T>): Promise<T> {
    if (this.#closed) throw new Error('the follow store is closed');
    if (this.#inFlight >= MAX_IN_FLIGHT) throw new Error('too many follow store calls waiting');
    this.#inFlight++;
    try {
      return await withTimeout(fn(), this.#callTimeoutMs, 'redis (follow store)');
    } finally {
      this.#inFlight--;
    }
  }

  /** EVALSHA, and EVAL (which loads the script for the next time) when Redis lacks it. */
  async #run(script: Script, keys: string[], args: string[]): Promise<unknown> {
    const call = { keys, arguments: args };
    try {
      return await this.#client.evalSha(script.sha, call);
    } catch (error) {
      if (!String((error as Error).message).startsWith('NOSCRIPT')) throw error;
      return this.#client.eval(script.source, call);
    }
  }
}
