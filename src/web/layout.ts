/**
 * The frame shared by the service's HTML pages: one stylesheet, no inline script or
 * style (see PAGE_CSP), and the same navigation, so the status page, the guide, the API
 * reference, the OpenAPI document and the agent skill are all reachable from each other.
 */

export const SITE_LINKS = [
  { href: '/', label: 'Status' },
  { href: '/docs/guide', label: 'Guide' },
  { href: '/docs', label: 'API reference' },
  { href: '/openapi/v1/openapi.json', label: 'OpenAPI' },
  { href: '/skill/SKILL.md', label: 'Agent skill' },
  { href: '/llms.txt', label: 'llms.txt' },
] as const;

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

export function renderPage({ title, main, path, scripts = [], styles = [] }: PageOptions): string {
  const nav = SITE_LINKS.map(({ href, label }) =>
    href === path
      ? `<li><a href="${href}" aria-current="page">${label}</a></li>`
      : `<li><a href="${href}">${label}</a></li>`,
  ).join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/assets/site.css">
${styles.map((href) => `<link rel="stylesheet" href="${href}">`).join('\n')}
${scripts.map((src) => `<script src="${src}" defer></script>`).join('\n')}
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
