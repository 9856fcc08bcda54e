/** Headers a browser may read on a cross-origin response (decisions.md §8). */
export const EXPOSED_HEADERS = [
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
  'X-RateLimit-Window',
  'X-RateLimit-Reset',
  'Retry-After',
  'ETag',
  'Mcp-Session-Id',
];
/** The value of Access-Control-Expose-Headers on every response. */
export const EXPOSED_HEADER_LIST = EXPOSED_HEADERS.join(', ');
