import type { Logger } from 'pino';

/**
 * Trying a request to X again (producer.md §6): after a 429, wait until the rate limit's
 * window resets (`x-rate-limit-reset`); after a 5xx or a network error, back off
 * exponentially; anything else (401, 403, 400…) fails at once, as trying again would not
 * help. A check that gives up throws, and the monitor records the failed check.
 */

/** The waits before the 1st, 2nd and 3rd retry after a 5xx or a network error. */
export const BACK_OFF_MS: readonly number[] = [1_000, 2_000, 4_000];

/**
 * The longest a check waits for a rate limit to reset: X's windows are 15 minutes, so a
 * longer wait means a daily cap, better reported than slept through.
 */
export const MAX_RATE_LIMIT_WAIT_MS = 15 * 60_000;

/** Waits for a rate limit per request; a 429 after that is a failure. */
const MAX_RATE_LIMIT_WAITS = 3;

/** A reset already past (clocks differ) still waits this long before trying again. */
const MIN_RATE_LIMIT_WAIT_MS = 1_000;

/** What a failed attempt means for the next one. */
export type Failure =
  /** 429: try again at `resetAt` (epoch ms), or after the back-off when X did not say when. */
  | { readonly retry: 'at-reset'; readonly resetAt: number | null; readonly message: string }
  /** 5xx or a network error: try again after the back-off. */
  | { readonly retry: 'back-off'; readonly message: string }
  /** Trying again would not help. */
  | { readonly retry: 'never'; readonly message: string };

export interface Pacing {
  /** Waits `ms`; rejects at once when `signal` is aborted. */
  readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  readonly clock: () => number;
  readonly logger: Logger;
  /** Date.now() ms: a wait that would end later is not begun, the request gives up instead. */
  readonly deadline?: number | undefined;
  readonly signal?: AbortSignal | undefined;
}

/**
 * `attempt()`, tried again as `failureOf` says; throws an Error with the last failure's
 * message (which names the status and the endpoint, never a secret) when it gives up.
 */
export async function withRetries<T>(
  endpoint: string,
  attempt: () => Promise<T>,
  failureOf: (error: unknown) => Failure,
  pacing: Pacing,
): Promise<T> {
  let backOffs = 0;
  let rateLimitWaits = 0;
  for (;;) {
    let failure: Failure;
    try {
      return await attempt();
    } catch (error) {
      failure = failureOf(error);
    }
    let waitMs: number;
    if (failure.retry === 'never') throw new Error(failure.message);
    if (failure.retry === 'at-reset' && failure.resetAt !== null) {
      if (rateLimitWaits === MAX_RATE_LIMIT_WAITS)
        throw new Error(`${failure.message}, still after ${MAX_RATE_LIMIT_WAITS} waits`);
      waitMs = Math.max(failure.resetAt - pacing.clock(), MIN_RATE_LIMIT_WAIT_MS);
      if (waitMs > MAX_RATE_LIMIT_WAIT_MS) {
        throw new Error(
          `${failure.message}: the rate limit resets in ${Math.ceil(waitMs / 60_000)} min, ` +
            `longer than the ${MAX_RATE_LIMIT_WAIT_MS / 60_000} min a check waits`,
        );
      }
      rateLimitWaits++;
    } else {
      const next = BACK_OFF_MS[backOffs];
      if (next === undefined)
        throw new Error(`${failure.message}, still after ${BACK_OFF_MS.length} retries`);
      waitMs = next;
      backOffs++;
    }
    if (pacing.deadline !== undefined && Date.now() + waitMs >= pacing.deadline) {
      throw new Error(
        `${failure.message}; trying again in ${Math.ceil(waitMs / 1000)} s would pass the check's deadline`,
      );
    }
    pacing.logger.warn(
      { source: 'x', endpoint, problem: failure.message, waitMs },
      'X request failed; trying again',
    );
    await pacing.sleep(waitMs, pacing.signal);
  }
}
