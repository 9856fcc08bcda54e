/**
 * Rejects when `promise` has not settled within `ms`. Every call to a backing store goes
 * through this: node-redis's own command timeout does not cover a command already written
 * to a socket whose peer froze, and a request must never wait on a frozen store.
 */
export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
