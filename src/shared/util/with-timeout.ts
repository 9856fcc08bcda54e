/**
 * Rejects when `promise` has not settled within `ms`. Every call to a backing store goes
 * through this: node-redis's own command timeout does not cover a command already written
 * to a socket whose peer froze, and a request must never wait on a frozen store.
 *
 * The time measures the store, not this process: when the timer fires, the rejection waits
 * for the event loop's next poll for I/O (a `setImmediate`), so an answer that arrived while
 * the main thread was busy (a large snapshot's result being received, a long collection)
 * is read first and wins. Without that, a stall longer than `ms` failed every call in
 * flight though the store had answered in time: the timers of a loop iteration run before
 * its sockets are read.
 */
export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  let immediate: NodeJS.Immediate | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      immediate = setImmediate(() => reject(new Error(`${what} did not answer within ${ms} ms`)));
    }, ms);
  });
  return Promise.race([promise, timeout]).finally(() => {
    clearTimeout(timer);
    clearImmediate(immediate);
  });
}
