import type { Logger } from 'pino';
import { ApiError } from '../../shared/domain/errors.ts';
import { formatTimestamp } from '../../shared/domain/timestamp.ts';
import { clientKey } from './client-key.ts';
import type { QuotaDecision, QuotaStore } from './quota-store.ts';

/** The one quota gate in front of both HTTP data endpoints and both MCP query tools. */

export type Admission =
  | { readonly admitted: true; readonly headers: Readonly<Record<string, string>> }
  | {
      readonly admitted: false;
      readonly headers: Readonly<Record<string, string>>;
      readonly error: ApiError;
    };

export interface QuotaGate {
  /**
   * Counts one request of the client at `address` (called only when the gate counts, so a
   * disabled gate never parses an address). Answers synchronously when the store does.
   */
  admit(address: () => string): Admission | Promise<Admission>;
  readonly stats: { readonly rejections: number; readonly storeFailures: number };
}

const ADMITTED_WITHOUT_LIMIT: Admission = Object.freeze({
  admitted: true,
  headers: Object.freeze({}),
});

/** With RATE_LIMIT=off: everything is admitted and no rate-limit header is sent. */
export function createDisabledGate(): QuotaGate {
  return { admit: () => ADMITTED_WITHOUT_LIMIT, stats: { rejections: 0, storeFailures: 0 } };
}

export interface GateOptions {
  readonly store: QuotaStore;
  readonly windowSeconds: number;
  readonly logger: Logger;
}

export function createQuotaGate({ store, windowSeconds, logger }: GateOptions): QuotaGate {
  const stats = { rejections: 0, storeFailures: 0 };
  let lastWarning = 0;
  const windowHeader = String(windowSeconds);
  // A client over its quota gets the same refusal, byte for byte, until its reset time or
  // its Retry-After changes (once a second): the last one is kept and answered again, so
  // that refusing costs less than serving.
  let lastRefusalKey = '';
  let lastRefusal: Admission | undefined;

  const headersFor = (decision: QuotaDecision): Record<string, string> => ({
    'x-ratelimit-limit': String(decision.limit),
    'x-ratelimit-remaining': String(decision.remaining),
    'x-ratelimit-window': windowHeader,
    'x-ratelimit-reset': formatTimestamp(decision.resetAtMs),
  });

  const refusal = (decision: QuotaDecision): Admission => {
    const retryAfter = decision.retryAfterSeconds ?? 1;
    const key = `${decision.limit} ${decision.resetAtMs} ${retryAfter}`;
    if (key === lastRefusalKey && lastRefusal !== undefined) return lastRefusal;
    lastRefusalKey = key;
    lastRefusal = Object.freeze({
      admitted: false,
      headers: Object.freeze({ ...headersFor(decision), 'retry-after': String(retryAfter) }),
      error: new ApiError(
        'rate_limited',
        `Quota of ${decision.limit} requests per ${windowSeconds} s exceeded. Retry after ${retryAfter} s.`,
        retryAfter,
      ),
    });
    return lastRefusal;
  };

  const decided = (decision: QuotaDecision): Admission => {
    if (decision.admitted) return { admitted: true, headers: headersFor(decision) };
    stats.rejections++;
    return refusal(decision);
  };

  const failed = (error: unknown): Admission => {
    stats.storeFailures++;
    const now = Date.now();
    if (now - lastWarning >= 1_000) {
      // At most one line a second: an outage must not multiply the log volume.
      lastWarning = now;
      logger.warn(
        { err: (error as Error).message, failures: stats.storeFailures },
        'quota store unavailable; refusing counted requests',
      );
    }
    return { admitted: false, headers: {}, error: new ApiError('rate_limit_unavailable') };
  };

  return {
    stats,
    admit(address) {
      let decision: QuotaDecision | Promise<QuotaDecision>;
      try {
        decision = store.hit(clientKey(address()));
      } catch (error) {
        return failed(error);
      }
      return decision instanceof Promise ? decision.then(decided, failed) : decided(decision);
    },
  };
}
