import type { PublishTarget } from '../../shared/config/publish-settings.ts';
import type { SnapshotFile } from '../../shared/domain/snapshot.ts';
import { createLogger } from '../../shared/logger.ts';
import { closeRedisClient, createRedisClient } from '../../shared/redis/redis-client.ts';
import { waitUntilReady } from '../../shared/redis/wait-until-ready.ts';
import { publishToFile } from '../../shared/snapshot/publish-file.ts';
import { publishToRedis } from '../../shared/snapshot/publish-redis.ts';
import { tooLarge } from '../../shared/snapshot/read-snapshot-file.ts';
import { describeProblems, validateSnapshot } from '../../shared/snapshot/validate.ts';
import { liveFile, liveRedis, type PublishGuard, refuseWrongPublish } from './guard.ts';

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
  /** Given: the live snapshot is read first, and a publish that looks wrong refused (guard.ts). */
  guard?: PublishGuard,
): Promise<void> {
  const checked = validateSnapshot(snapshot);
  if (!checked.ok)
    throw new Error(`the built snapshot is invalid: ${describeProblems(checked).join('; ')}`);
  const text = `${JSON.stringify(snapshot)}\n`;
  const bytes = Buffer.byteLength(text);
  if (bytes > target.maxBytes) throw tooLarge('the built snapshot', bytes, target.maxBytes);
  if (target.kind === 'file') {
    if (guard !== undefined) refuseWrongPublish(snapshot, await liveFile(target), guard, target);
    return publishToFile(target.path, text);
  }
  const client = createRedisClient(target.url, createLogger('silent'), 'publish');
  try {
    if (!(await waitUntilReady(client, REDIS_WAIT_MS))) throw new Error('Redis is unreachable');
    if (guard !== undefined) {
      refuseWrongPublish(snapshot, await liveRedis(client, target), guard, target);
    }
    await publishToRedis(client, target.key, text);
  } finally {
    await closeRedisClient(client);
  }
}
