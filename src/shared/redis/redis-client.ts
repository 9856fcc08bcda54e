import { createClient } from '@redis/client';
import type { Logger } from 'pino';

export type RedisClient = ReturnType<typeof buildClient>;

/** A command slower than this fails (decisions.md §5: Redis not answering within 250 ms). */
export const REDIS_COMMAND_TIMEOUT_MS = 250;

/**
 * A node-redis client configured to fail fast rather than hang or queue: no offline
 * queue (a command while disconnected fails at once), a per-command timeout, and
 * reconnection in the background forever with a capped backoff. Connecting starts here
 * and is not awaited: the service starts, and answers 503 where Redis is needed, while
 * Redis is down.
 */
export function createRedisClient(url: string, logger: Logger, role: string): RedisClient {
  const client = buildClient(url);
  let down = false;
  client.on('error', (error: Error) => {
    if (!down)
      logger.warn(
        { role, err: error.message },
        'redis unavailable; reconnecting in the background',
      );
    down = true;
  });
  client.on('ready', () => {
    if (down) logger.info({ role }, 'redis available again');
    down = false;
  });
  client.connect().catch(() => {
    // Reported through the 'error' event; the reconnect strategy keeps trying.
  });
  return client;
}

/** Closes a client without waiting on a Redis that may be frozen or gone. */
export async function closeRedisClient(client: RedisClient): Promise<void> {
  if (!client.isOpen) return;
  await Promise.race([
    client.close().catch(() => undefined),
    new Promise((resolve) => setTimeout(resolve, 1_000).unref()),
  ]);
  if (client.isOpen) client.destroy();
}

function buildClient(url: string) {
  return createClient({
    url,
    disableOfflineQueue: true,
    commandOptions: { timeout: REDIS_COMMAND_TIMEOUT_MS },
    socket: {
      connectTimeout: 1_000,
      reconnectStrategy: (retries: number) => Math.min(50 * 2 ** retries, 1_000),
    },
  });
}
