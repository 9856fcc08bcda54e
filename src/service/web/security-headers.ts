/**
 * Content-Security-Policy of the HTML pages (decisions.md §8): everything from this
 * origin, nothing inline, nothing from elsewhere (the pages must work offline).
 */
export const PAGE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');
