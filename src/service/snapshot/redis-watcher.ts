import type { Logger } from 'pino';
import { REDIS_COMMAND_TIMEOUT_MS, type RedisClient } from '../../shared/redis/redis-client.ts';
import { tooLarge } from '../../shared/snapshot/read-snapshot-file.ts';
import { snapshotChannel, snapshotVersionKey } from '../../shared/snapshot/redis-keys.ts';
import { withTimeout } from '../../shared/util/with-timeout.ts';
import type { SnapshotStore } from './snapshot-store.ts';

/**
 * A snapshot may be tens of megabytes: its read may take BASE_MS plus its size at
 * MIN_BYTES_PER_SECOND (1 MiB/s: 20 MB over a 4 MB/s link is well within; a link slower
 * than that is a fault). A read still going at its deadline is cut by resetting the
 * reader's connection, which also ends the transfer.
 */
export const SNAPSHOT_READ = Object.freeze({ baseMs: 2_000, minBytesPerSecond: 1024 * 1024 });

/** How long reading a snapshot of `bytes` may take. */
export function snapshotReadDeadlineMs(
  bytes: number,
  read: { readonly baseMs: number; readonly minBytesPerSecond: number } = SNAPSHOT_READ,
): number {
  return read.baseMs + Math.ceil((Math.max(0, bytes) / read.minBytesPerSecond) * 1000);
}

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
 *
 * `reader` is this watcher's own connection (issue 16, finding 6): a snapshot of megabytes
 * on the quota's connection would hold every quota call queued behind it. One read at a
 * time: no command is sent while the last one is still on its way, a timeout included
 * (the read's deadline resets the connection, which ends it); after a read cut so, the
 * next waits as long as that deadline.
 */
export function watchRedisSnapshot(
  reader: RedisClient,
  subscriber: RedisClient,
  key: string,
  store: SnapshotStore,
  maxBytes: number,
  logger: Logger,
  intervalMs = 250,
  read: { readonly baseMs: number; readonly minBytesPerSecond: number } = SNAPSHOT_READ,
): RedisWatcher {
  const versionKey = snapshotVersionKey(key);
  const origin = `redis ${key}`;
  let loadedVersion: string | null | undefined;
  let running = false;
  let stopped = false;
  /** The key holds a hash, a list…: said once at warn (an operator's mistake), not per poll. */
  let wrongType = false;
  /** After a read cut at its deadline, no read before this (epoch ms). */
  let notBefore = 0;

  /**
   * `command` on the reader, settled within `ms`: at the deadline the connection is reset
   * (node-redis cannot withdraw a command already sent), which rejects the command, so
   * `running` ends only when nothing of this read is left on the wire.
   */
  const bounded = async <T>(command: Promise<T>, ms: number, what: string): Promise<T> => {
    try {
      return await withTimeout(command, ms, what);
    } catch (error) {
      if (!/did not answer within/.test((error as Error).message)) throw error;
      resetReader();
      await command.catch(() => undefined); // rejected by the reset
      throw error;
    }
  };
  const resetReader = () => {
    reader.destroy();
    if (!stopped) reader.connect().catch(() => undefined); // reconnects in the background
  };

  const reload = async () => {
    if (running || stopped || Date.now() < notBefore) return;
    running = true;
    try {
      const version = await bounded(reader.get(versionKey), REDIS_COMMAND_TIMEOUT_MS, 'redis');
      if (version === loadedVersion && store.current !== null) return;
      // The size first: a value over the limit is refused without being read.
      const bytes = await bounded(reader.strLen(key), REDIS_COMMAND_TIMEOUT_MS, 'redis');
      if (bytes > maxBytes) {
        store.reject(origin, [tooLarge(origin, bytes, maxBytes).message]);
        loadedVersion = version;
        return;
      }
      const deadlineMs = snapshotReadDeadlineMs(bytes, read);
      let text: string | null;
      try {
        text = await bounded(reader.get(key), deadlineMs, 'redis');
      } catch (error) {
        if (!/did not answer within/.test((error as Error).message)) throw error;
        notBefore = Date.now() + deadlineMs;
        logger.warn(
          { bytes, deadlineMs, err: (error as Error).message },
          'snapshot not read from redis within its deadline; keeping the current one',
        );
        return;
      }
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
