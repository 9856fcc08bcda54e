import type { Config } from '../../config.ts';
import type { SnapshotFile } from '../../domain/snapshot.ts';
import { createLogger } from '../../observability/logger.ts';
import { closeRedisClient, createRedisClient } from '../../redis/redis-client.ts';
import { waitUntilReady } from '../../redis/wait-until-ready.ts';
import { publishToFile } from '../../snapshot/publish-file.ts';
import { publishToRedis } from '../../snapshot/publish-redis.ts';
import { tooLarge } from '../../snapshot/read-snapshot-file.ts';
import { describeProblems, validateSnapshot } from '../../snapshot/validate.ts';

/** Where snapshots go: the service's own settings (SNAPSHOT_PATH, or REDIS_URL + SNAPSHOT_REDIS_KEY). */
export type PublishTarget =
  | { readonly kind: 'file'; readonly path: string; readonly maxBytes: number }
  | {
      readonly kind: 'redis';
      readonly url: string;
      readonly key: string;
      readonly maxBytes: number;
    };

export function publishTargetOf(config: Config): PublishTarget | undefined {
  if (config.snapshotRedisKey !== undefined && config.redisUrl !== undefined) {
    return {
      kind: 'redis',
      url: config.redisUrl,
      key: config.snapshotRedisKey,
      maxBytes: config.snapshotMaxBytes,
    };
  }
  if (config.snapshotPath !== undefined) {
    return { kind: 'file', path: config.snapshotPath, maxBytes: config.snapshotMaxBytes };
  }
  return undefined;
}

export const describeTarget = (target: PublishTarget) =>
  target.kind === 'file' ? target.path : `Redis key ${target.key}`;

/** How long publishing waits for Redis before giving up. */
const REDIS_WAIT_MS = 5_000;

/**
 * Publishes a built snapshot the way `reset-records publish` does, atomically: checked
 * again against the service's own validation and size limit first, so the producer can
 * never publish what the service would refuse.
 */
export async function publishSnapshot(
  snapshot: SnapshotFile,
  target: PublishTarget,
): Promise<void> {
  const checked = validateSnapshot(snapshot);
  if (!checked.ok)
    throw new Error(`the built snapshot is invalid: ${describeProblems(checked).join('; ')}`);
  const text = `${JSON.stringify(snapshot)}\n`;
  const bytes = Buffer.byteLength(text);
  if (bytes > target.maxBytes) throw tooLarge('the built snapshot', bytes, target.maxBytes);
  if (target.kind === 'file') return publishToFile(target.path, text);
  const client = createRedisClient(target.url, createLogger('silent'), 'publish');
  try {
    if (!(await waitUntilReady(client, REDIS_WAIT_MS))) throw new Error('Redis is unreachable');
    await publishToRedis(client, target.key, text);
  } finally {
    await closeRedisClient(client);
  }
}
