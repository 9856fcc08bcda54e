/**
 * A timer that fires this much later than asked means the event loop was stalled (a large
 * snapshot's result being received, a long collection): the store is then given GRACE_MS
 * of a running loop before the call fails.
 */
const STALL_SLACK_MS = 10;
const GRACE_MS = 25;

/**
 * Rejects when `promise` has not settled within `ms`. Every call to a backing store goes
 * through this: node-redis's own command timeout does not cover a command already written
 * to a socket whose peer froze, and a request must never wait on a frozen store.
 *
 * The time measures the store, not this process. The timers of a loop iteration run before
 * its sockets are read, and node-redis writes a command in a later phase than the call
 * (setImmediate), so after a stall longer than `ms` the timer would fail a call whose answer
 * is already in the socket, or whose command was only written when the stall ended. So at
 * the deadline the rejection waits for the next poll for I/O (a `setImmediate`), and, when
 * the timer fired late, GRACE_MS more: still bounded, at `ms` plus the stall plus 25 ms.
 */
export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  let immediate: NodeJS.Immediate | undefined;
  const timeout = new Promise<never>((_, reject) => {
    const fail = () => reject(new Error(`${what} did not answer within ${ms} ms`));
    const due = performance.now() + ms;
    timer = setTimeout(() => {
      if (performance.now() - due > STALL_SLACK_MS) timer = setTimeout(fail, GRACE_MS);
      else immediate = setImmediate(fail);
    }, ms);
  });
  return Promise.race([promise, timeout]).finally(() => {
    clearTimeout(timer);
    clearImmediate(immediate);
  });
}
