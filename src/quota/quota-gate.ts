import type { Logger } from 'pino';
import { ApiError } from '../domain/errors.ts';
import { formatTimestamp } from '../domain/timestamp.ts';
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
  admit(address: string): Promise<Admission>;
  readonly stats: { readonly rejections: number; readonly storeFailures: number };
}

const ADMITTED_WITHOUT_LIMIT: Admission = Object.freeze({
  admitted: true,
  headers: Object.freeze({}),
});

/** With RATE_LIMIT=off: everything is admitted and no rate-limit header is sent. */
export function createDisabledGate(): QuotaGate {
  return { admit: async () => ADMITTED_WITHOUT_LIMIT, stats: { rejections: 0, storeFailures: 0 } };
}

export interface GateOptions {
  readonly store: QuotaStore;
  readonly windowSeconds: number;
  readonly logger: Logger;
}

export function createQuotaGate({
  store,
  windowSeconds,

  logger,
}: GateOptions): QuotaGate {
  const stats = { rejections: 0, storeFailures: 0 };
  let lastWarning = 0;
  const windowHeader = String(windowSeconds);

  const headersFor = (decision: QuotaDecision): Record<string, string> => ({
    'x-ratelimit-limit': String(decision.limit),
    'x-ratelimit-remaining': String(decision.remaining),
    'x-ratelimit-window': windowHeader,
    'x-ratelimit-reset': formatTimestamp(decision.resetAtMs),
  });

  return {
    stats,
    async admit(address) {
      let decision: QuotaDecision;
      try {
        decision = await store.hit(clientKey(address));
      } catch (error) {
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
      }
      const headers = headersFor(decision);
      if (decision.admitted) return { admitted: true, headers };
      stats.rejections++;
      const retryAfter = decision.retryAfterSeconds ?? 1;
      return {
        admitted: false,
        headers: { ...headers, 'retry-after': String(retryAfter) },
        error: new ApiError(
          'rate_limited',
          `Quota of ${decision.limit} requests per ${windowSeconds} s exceeded. Retry after ${retryAfter} s.`,
          retryAfter,
        ),
      };
    },
  };
}
