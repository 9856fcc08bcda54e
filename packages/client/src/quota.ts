/**
 * The quota as the service reports it on every counted answer (service.md § Limits):
 * X-RateLimit-Limit, -Remaining, -Window and -Reset. Absent when limiting is disabled.
 */
export interface Quota {
  /** Requests allowed in the sliding window. */
  readonly limit: number;
  /** Requests left after this one. */
  readonly remaining: number;
  /** The window's length in seconds. */
  readonly windowSeconds: number;
  /** When the oldest counted request leaves the window (one more request is then allowed). */
  readonly resetAt: string;
}

const INTEGER = /^\d{1,15}$/;

/** The quota of a response's headers, or null when they are absent or malformed. */
export function quotaOf(headers: Headers): Quota | null {
  const limit = headers.get('x-ratelimit-limit');
  const remaining = headers.get('x-ratelimit-remaining');
  const window = headers.get('x-ratelimit-window');
  const reset = headers.get('x-ratelimit-reset');
  if (limit === null || remaining === null || window === null || reset === null) return null;
  if (!INTEGER.test(limit) || !INTEGER.test(remaining) || !INTEGER.test(window)) return null;
  if (!Number.isFinite(Date.parse(reset))) return null;
  return {
    limit: Number(limit),
    remaining: Number(remaining),
    windowSeconds: Number(window),
    resetAt: new Date(Date.parse(reset)).toISOString(),
  };
}

/**
 * Retry-After in whole seconds (RFC 9110 §10.2.3: delay-seconds or an HTTP date), else
 * the body's `retryAfter`, else 1 (the contract always sends it; a stand-in might not).
 */
export function retryAfterSecondsOf(
  header: string | null,
  bodyValue: unknown,
  nowMs: number,
): number {
  if (header !== null) {
    const trimmed = header.trim();
    if (INTEGER.test(trimmed)) return Math.max(1, Number(trimmed));
    const date = Date.parse(trimmed);
    if (Number.isFinite(date)) return Math.max(1, Math.ceil((date - nowMs) / 1000));
  }
  if (typeof bodyValue === 'number' && Number.isSafeInteger(bodyValue) && bodyValue >= 1) {
    return bodyValue;
  }
  return 1;
}
