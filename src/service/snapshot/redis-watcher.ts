import type { Logger } from 'pino';
import { REDIS_COMMAND_TIMEOUT_MS, type RedisClient } from '../../shared/redis/redis-client.ts';
import { tooLarge } from '../../shared/snapshot/read-snapshot-file.ts';
import { snapshotChannel, snapshotVersionKey } from '../../shared/snapshot/redis-keys.ts';
import { withTimeout } from '../../shared/util/with-timeout.ts';
import type { SnapshotStore } from './snapshot-store.ts';

/** A snapshot may be megabytes: its read gets longer than a quota call. */
const SNAPSHOT_READ_TIMEOUT_MS = 2_000;

export interface RedisWatcher {
  /** Resolves after the first read attempt (successful or not). */
  readonly ready: Promise<void>;
  stop(): Promise<void>;
}

/**
 * Follows the snapshot published at `key` (decisions.md §1): a message on the channel
 * triggers an immediate reload; polling the small version key every `intervalMs` is the
 * fallback for messages missed while disconnected. While Redis is unreachable, the last
 * good snapshot keeps serving; an invalid one, or one over SNAPSHOT_MAX_BYTES (checked
 * with STRLEN before it is read), is refused by the store like a bad file.
 */
export function watchRedisSnapshot(
  client: RedisClient,
  subscriber: RedisClient,
  key: string,
  store: SnapshotStore,
  maxBytes: number,
  logger: Logger,
  intervalMs = 250,
): RedisWatcher {
  const versionKey = snapshotVersionKey(key);
  const origin = `redis ${key}`;
  let loadedVersion: string | null | undefined;
  let running = false;
  let stopped = false;
  /** The key holds a hash, a list…: said once at warn (an operator's mistake), not per poll. */
  let wrongType = false;

  const reload = async () => {
    if (running || stopped) return;
    running = true;
    try {
      const version = await withTimeout(client.get(versionKey), REDIS_COMMAND_TIMEOUT_MS, 'redis');
      if (version === loadedVersion && store.current !== null) return;
      // The size first: a value over the limit is refused without being read.
      const bytes = await withTimeout(client.strLen(key), REDIS_COMMAND_TIMEOUT_MS, 'redis');
      if (bytes > maxBytes) {
        store.reject(origin, [tooLarge(origin, bytes, maxBytes).message]);
        loadedVersion = version;
        return;
      }
      const text = await withTimeout(client.get(key), SNAPSHOT_READ_TIMEOUT_MS, 'redis');
      if (text === null) return; // nothing published yet: data_unavailable
      await store.load({ text, origin, bytes, maxBytes }, origin);
      loadedVersion = version;
      wrongType = false;
    } catch (error) {
      const message = (error as Error).message;
      if (message.startsWith('WRONGTYPE')) {
        if (!wrongType) {
          logger.warn(
            { key, err: message },
            'the snapshot key holds another type than a string (publish writes a string); keeping the current snapshot',
          );
        }
        wrongType = true;
        return;
      }
      logger.debug(
        { err: (error as Error).message },
        'snapshot not read from redis; keeping the current one',
      );
    } finally {
      running = false;
    }
  };

  const timer = setInterval(reload, intervalMs);
  timer.unref();
  // Subscribe once connected (no offline queue); node-redis itself resubscribes after
  // later reconnects. Until then, and whenever a message is missed, polling covers.
  let subscribed = false;
  const subscribe = () => {
    if (subscribed || stopped) return;
    subscribed = true;
    subscriber
      .subscribe(snapshotChannel(key), () => void reload())
      .catch(() => {
        subscribed = false;
      });
  };
  subscriber.on('ready', subscribe);
  if (subscriber.isReady) subscribe();

  return {
    ready: reload(),
    async stop() {
      stopped = true;
      clearInterval(timer);
      subscriber.off('ready', subscribe);
    },
  };
}
