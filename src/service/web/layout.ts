/**
 * The frame shared by the service's HTML pages: one stylesheet, no inline script or
 * style (see PAGE_CSP), and the same navigation, so the status page, the guide, the API
 * reference, the OpenAPI document and the agent skill are all reachable from each other.
 */

export interface SiteLink {
  readonly href: string;
  readonly label: string;
  /**
   * For a link to a raw file rather than a page: its format, shown after the label
   * ("OpenAPI (JSON)"), and its media type, as the link's `type` hint. The browser shows
   * such a file without the site's frame, so the visitor is told before following it.
   */
  readonly file?: { readonly format: string; readonly type: string };
}

export const SITE_LINKS: readonly SiteLink[] = [
  { href: '/', label: 'Status' },
  { href: '/docs/guide', label: 'Guide' },
  { href: '/docs', label: 'API reference' },
  {
    href: '/openapi/v1/openapi.json',
    label: 'OpenAPI',
    file: { format: 'JSON', type: 'application/json' },
  },
  {
    href: '/skill/SKILL.md',
    label: 'Agent skill',
    file: { format: 'Markdown', type: 'text/markdown' },
  },
  { href: '/llms.txt', label: 'llms.txt', file: { format: 'text', type: 'text/plain' } },
];

export interface PageOptions {
  readonly title: string;
  /** The page's own HTML inside <main>; must already be escaped. */
  readonly main: string;
  /** Path of the page, to mark the current navigation entry. */
  readonly path: string;
  /** Extra same-origin scripts, loaded with `defer`. */
  readonly scripts?: readonly string[];
  /** Extra same-origin stylesheets. */
  readonly styles?: readonly string[];
  /** Extra markup at the end of <head> (meta tags); must already be escaped. */
  readonly head?: string;
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for HTML content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char]!);
}

function navItem({ href, label, file }: SiteLink, path: string): string {
  const current = href === path ? ' aria-current="page"' : '';
  const type = file ? ` type="${file.type}"` : '';
  const format = file ? ` <span class="file-format">(${file.format})</span>` : '';
  return `<li><a href="${href}"${current}${type}>${label}${format}</a></li>`;
}

export function renderPage({
  title,
  main,
  path,
  scripts = [],
  styles = [],
  head = '',
}: PageOptions): string {
  const nav = SITE_LINKS.map((link) => navItem(link, path)).join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/assets/site.css">
${styles.map((href) => `<link rel="stylesheet" href="${href}">`).join('\n')}
${scripts.map((src) => `<script src="${src}" defer></script>`).join('\n')}${head === '' ? '' : `\n${head}`}
</head>
<body>
<header class="site-header"><nav aria-label="Site"><ul>${nav}</ul></nav></header>
<main id="main">
${main}
</main>
<footer class="site-footer"><p>Public Reset Records: read-only, anonymous. Quota: 20 requests per rolling hour per IP for the API and MCP tools; these pages do not count.</p></footer>
</body>
</html>
`;
}
