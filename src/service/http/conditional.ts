/**
 * Conditional-request helpers (decisions.md §8): a strong ETag per exact body, and a
 * max-age that never outlives the answer (the next instant a window boundary changes it,
 * capped so a newly published snapshot is picked up by caches soon enough).
 */

export function etagFor(tag: string): string {
  return `"${tag}"`;
}

/** RFC 9110 §13.1.2: weak comparison; `*` matches any current representation. */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((candidate) => {
    const trimmed = candidate.trim();
    return (trimmed.startsWith('W/') ? trimmed.slice(2) : trimmed) === etag;
  });
}

/**
 * Who may store a response: `public` lets shared caches (proxies, CDNs) serve it to anyone,
 * so it is only for responses identical for every client. A response carrying per-client
 * headers (X-RateLimit-*: this client's remaining quota) must be `private`, or a shared
 * cache would hand one client's quota headers to others (RFC 9111 §5.2.2.7).
 */
export type CacheScope = 'public' | 'private';

export function cacheControl(
  nowMs: number,
  validUntil: number | null,
  capSeconds: number,
  scope: CacheScope = 'public',
): string {
  const untilChange = validUntil === null ? capSeconds : Math.floor((validUntil - nowMs) / 1000);
  return `${scope}, max-age=${Math.max(0, Math.min(capSeconds, untilChange))}`;
}
