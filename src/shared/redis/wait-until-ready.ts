import type { RedisClient } from './redis-client.ts';

/** Resolves true once `client` is connected, or false after `timeoutMs`; never rejects. */
export function waitUntilReady(client: RedisClient, timeoutMs: number): Promise<boolean> {
  if (client.isReady) return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = (ready: boolean) => {
      clearTimeout(timer);
      client.off('ready', onReady);
      resolve(ready);
    };
    const onReady = () => done(true);
    const timer = setTimeout(() => done(false), timeoutMs);
    client.on('ready', onReady);
  });
}
