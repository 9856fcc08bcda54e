import type { Logger } from 'pino';
import type { FollowStore } from './follow-store.ts';

/**
 * The follow store as the service holds it: opened in the background, so that a store that
 * is down when the service starts (PostgreSQL restarting, Redis unreachable) never stops or
 * delays the data surfaces. Until it opens, every call fails with `StoreUnavailable` (the
 * push routes answer 503, the follower tries again later); opening is retried after 1 s,
 * doubling to a minute, each failure logged; `onOpen` runs once it is open.
 */
export class StoreUnavailable extends Error {
  constructor(label: string) {
    super(`the follow store ${label} is not open yet`);
    this.name = 'StoreUnavailable';
  }
}

const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 60_000;

export interface DeferredStore extends FollowStore {
  /** Resolves when the first opening has succeeded or failed, or after `timeoutMs`. */
  firstAttempt(timeoutMs: number): Promise<void>;
}

export function deferredStore(options: {
  readonly label: string;
  readonly open: () => Promise<FollowStore>;
  readonly logger: Logger;
  readonly onOpen?: () => void;
}): DeferredStore {
  let store: FollowStore | undefined;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  let waitMs = FIRST_RETRY_MS;

  let settleFirst: () => void = () => {};
  const first = new Promise<void>((resolve) => {
    settleFirst = resolve;
  });
  const tryOpen = () => {
    void options
      .open()
      .then(async (opened) => {
        if (closed) return opened.close();
        store = opened;
        options.logger.info({ store: options.label }, 'follow store open');
        options.onOpen?.();
      })
      .catch((error: unknown) => {
        options.logger.error(
          { store: options.label, err: (error as Error).message, retryInMs: waitMs },
          'follow store cannot be opened; push and broadcasts wait for it',
        );
        if (closed) return;
        timer = setTimeout(tryOpen, waitMs);
        timer.unref();
        waitMs = Math.min(MAX_RETRY_MS, waitMs * 2);
      })
      .finally(() => settleFirst());
  };
  tryOpen();

  const open = (): FollowStore => {
    if (store === undefined) throw new StoreUnavailable(options.label);
    return store;
  };
  return {
    label: options.label,
    async firstAttempt(timeoutMs) {
      let timeout: NodeJS.Timeout | undefined;
      await Promise.race([
        first,
        new Promise<void>((resolve) => {
          timeout = setTimeout(resolve, timeoutMs);
        }),
      ]);
      clearTimeout(timeout);
    },
    saveSubscription: async (...args) => open().saveSubscription(...args),
    removeSubscription: async (endpoint) => open().removeSubscription(endpoint),
    countSubscriptions: async () => open().countSubscriptions(),
    subscribersOf: async (...args) => open().subscribersOf(...args),
    claimEvent: async (...args) => open().claimEvent(...args),
    isPrimed: async () => open().isPrimed(),
    markPrimed: async (nowMs) => open().markPrimed(nowMs),
    async close() {
      // An opening under way is not waited for (a store that is down could hold the stop for
      // seconds): if it succeeds after this, it is closed at once (above).
      closed = true;
      clearTimeout(timer);
      await store?.close();
      store = undefined;
    },
  };
}
