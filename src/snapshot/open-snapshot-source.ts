import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { RedisClient } from '../redis/redis-client.ts';
import { buildDemoSnapshot } from './demo.ts';
import { watchSnapshotFile } from './file-watcher.ts';
import { watchRedisSnapshot } from './redis-watcher.ts';
import type { SnapshotStore } from './snapshot-store.ts';

/** Something that keeps feeding `store` until stopped. */
export interface SnapshotSource {
  stop(): Promise<void>;
}

/**
 * Where the served snapshot comes from (decisions.md §1): the Redis key when
 * SNAPSHOT_REDIS_KEY is set, else the SNAPSHOT_PATH file, else the bundled demo
 * generated relative to `now`. Resolves once a first read has been attempted.
 */
export async function openSnapshotSource(
  config: Config,
  store: SnapshotStore,
  logger: Logger,
  now: number,
  redis: { client: RedisClient; subscriber: RedisClient } | undefined,
): Promise<SnapshotSource> {
  if (config.snapshotRedisKey !== undefined && redis !== undefined) {
    const watcher = watchRedisSnapshot(
      redis.client,
      redis.subscriber,
      config.snapshotRedisKey,
      store,
      logger,
    );
    await watcher.ready;
    return watcher;
  }
  if (config.snapshotPath !== undefined) {
    const watcher = watchSnapshotFile(config.snapshotPath, store, logger);
    await watcher.ready;
    return { stop: async () => watcher.stop() };
  }
  store.offer(JSON.stringify(buildDemoSnapshot(now)), 'bundled demo');
  return { stop: async () => undefined };
}
