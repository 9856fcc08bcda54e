import type { Logger } from 'pino';
import type { SnapshotFile } from '../../shared/domain/snapshot.ts';
import type { RedisClient } from '../../shared/redis/redis-client.ts';
import type { Config } from '../config.ts';
import { PreparedSnapshot } from '../query/prepared-snapshot.ts';
import { watchSnapshotFile } from './file-watcher.ts';
import { watchRedisSnapshot } from './redis-watcher.ts';
import type { SnapshotStore } from './snapshot-store.ts';

/** Something that keeps feeding `store` until stopped. */
export interface SnapshotSource {
  stop(): Promise<void>;
}

/**
 * Where the served snapshot comes from (decisions.md §1): the Redis key when
 * SNAPSHOT_REDIS_KEY is set, else the SNAPSHOT_PATH file, else the demo snapshot given
 * (the producer's sample ledger, built by the CLI), else nothing (data_unavailable). Resolves once a first read has been attempted.
 */
export async function openSnapshotSource(
  config: Config,
  store: SnapshotStore,
  logger: Logger,
  demo: SnapshotFile | undefined,
  redis: { client: RedisClient; subscriber: RedisClient } | undefined,
): Promise<SnapshotSource> {
  if (config.snapshotRedisKey !== undefined && redis !== undefined) {
    const watcher = watchRedisSnapshot(
      redis.client,
      redis.subscriber,
      config.snapshotRedisKey,
      store,
      config.snapshotMaxBytes,
      logger,
    );
    await watcher.ready;
    return watcher;
  }
  if (config.snapshotPath !== undefined) {
    const watcher = watchSnapshotFile(config.snapshotPath, store, config.snapshotMaxBytes, logger);
    await watcher.ready;
    return watcher;
  }
  if (demo !== undefined) store.install(PreparedSnapshot.of(demo), 'bundled demo');
  return { stop: async () => undefined };
}
