// Whether an `Accept` header asks for HTML before JSON, as a browser's does
// (`text/html,application/xhtml+xml,...,*/*;q=0.8`) and an API client's does not (`*/*`,
// `application/json`, or none). HTML must be named, as `text/html` or
// `application/xhtml+xml`, with a quality above zero and above JSON's, where JSON counts
// `application/json`, `application/*` and `*/*`; a tie is JSON, so a client that accepts both
// keeps the API's format. Parameters other than `q` are ignored; an unreadable `q` counts as
// 1, the default (RFC 9110 §12.4.2).
export function prefersHtml(accept: string | undefined): boolean {
  if (accept === undefined) return false;
  let html = 0;
  let json = 0;
  for (const range of accept.split(',')) {
    const [type = '', ...parameters] = range.split(';').map((part) => part.trim().toLowerCase());
    const q = quality(parameters);
    if (type === 'text/html' || type === 'application/xhtml+xml') html = Math.max(html, q);
    else if (type === 'application/json' || type === 'application/*' || type === '*/*') {
      json = Math.max(json, q);
    }
  }
  return html > 0 && html > json;
}

function quality(parameters: readonly string[]): number {
  for (const parameter of parameters) {
    const match = /^q\s*=\s*([0-9.]+)$/.exec(parameter);
    if (match === null) continue;
    const value = Number(match[1]);
    return Number.isFinite(value) ? Math.min(Math.max(value, 0), 1) : 1;
  }
  return 1;
}
