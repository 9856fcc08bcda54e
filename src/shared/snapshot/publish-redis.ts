import { createHash } from 'node:crypto';
import type { RedisClient } from '../redis/redis-client.ts';
import { snapshotChannel, snapshotVersionKey } from './redis-keys.ts';

/**
 * Publishes a (validated) snapshot text to Redis atomically: the snapshot and its version
 * are written in one MULTI/EXEC, then every instance is told on the channel. Instances
 * that miss the message see the new version when they next poll it.
 */
export async function publishToRedis(
  client: RedisClient,
  key: string,
  text: string,
): Promise<string> {
  const version = createHash('sha256').update(text).digest('base64url').slice(0, 22);
  await client
    .multi()
    .set(key, text)
    .set(snapshotVersionKey(key), version)
    .publish(snapshotChannel(key), version)
    .exec();
  return version;
}
