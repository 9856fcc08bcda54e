/**
 * The wait a 429 or 503 asks for. `Retry-After` is delta-seconds or an HTTP date (RFC 9110
 * §10.2.3); Discord and Telegram also say it in the JSON body (see their channels).
 */

/** `Retry-After` in milliseconds from `nowMs`, or null when absent or unreadable. */
export function retryAfterHeaderMs(value: string | null, nowMs: number): number | null {
  if (value === null) return null;
  const trimmed = value.trim();
  if (/^\d{1,9}(\.\d+)?$/.test(trimmed)) return Math.ceil(Number(trimmed) * 1000);
  if (!/[A-Za-z]/.test(trimmed)) return null;
  const at = Date.parse(trimmed);
  return Number.isFinite(at) ? Math.max(0, at - nowMs) : null;
}

/** A number of seconds from a JSON body (`retry_after`), in milliseconds, or null. */
export function secondsMs(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 && value < 1e9
    ? Math.ceil(value * 1000)
    : null;
}
