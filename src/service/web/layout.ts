import type { Site } from './site.ts';

/**
 * The frame shared by the service's HTML pages: one stylesheet, no inline script or
 * style (see PAGE_CSP), and the same navigation, so the status page, the history, the
 * guide, the API reference, the OpenAPI document and the agent skill are all reachable
 * from each other. The header is the pages people read, on one line even on a phone; the
 * raw files for developers are in the footer.
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

/** The header's links: the pages. */
export const NAV_LINKS: readonly SiteLink[] = [
  { href: '/', label: 'Status' },
  { href: '/history/', label: 'History' },
  { href: '/docs/guide', label: 'Guide' },
  { href: '/docs', label: 'API reference' },
];

/** The footer's links: the raw files, for developers and agents. */
export const FILE_LINKS: readonly SiteLink[] = [
  {
    href: '/status.json',
    label: 'Status answer',
    file: { format: 'JSON', type: 'application/json' },
  },
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
  { href: '/feed.xml', label: 'Feed', file: { format: 'Atom', type: 'application/atom+xml' } },
  {
    href: '/calendar.ics',
    label: 'Calendar',
    file: { format: 'iCalendar', type: 'text/calendar' },
  },
];

export const SITE_LINKS: readonly SiteLink[] = [...NAV_LINKS, ...FILE_LINKS];

export interface PageOptions {
  readonly site: Site;
  /** The page's own title; the site's name follows it. */
  readonly title: string;
  /** The page's own HTML inside <main>; must already be escaped. */
  readonly main: string;
  /** Path of the page, to mark the current navigation entry. */
  readonly path: string;
  /** Extra same-origin scripts, loaded with `defer`. */
  readonly scripts?: readonly string[];
  /** Same-origin ES module scripts (deferred by nature). */
  readonly modules?: readonly string[];
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

/** The footer's quota sentence, true to the settings in force (RATE_LIMIT=off included). */
function quotaSentence(quota: Site['quota']): string {
  if (quota === null) {
    return 'The API and the MCP tools are not rate-limited on this server.';
  }
  const window =
    quota.windowSeconds === 3600 ? 'rolling hour' : `rolling ${quota.windowSeconds} seconds`;
  return `Quota: ${quota.max} requests per ${window} per IP for the API and the MCP tools; these pages, the status answer, the feed and the calendar do not count.`;
}

export function renderPage({
  site,
  title,
  main,
  path,
  scripts = [],
  modules = [],
  styles = [],
  head = '',
}: PageOptions): string {
  const nav = NAV_LINKS.map((link) => navItem(link, path)).join('');
  const files = FILE_LINKS.map((link) => navItem(link, path)).join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title === site.name ? title : `${title} · ${site.name}`)}</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/assets/site.css">
${styles.map((href) => `<link rel="stylesheet" href="${href}">`).join('\n')}
${[
  ...scripts.map((src) => `<script src="${src}" defer></script>`),
  ...modules.map((src) => `<script type="module" src="${src}"></script>`),
].join('\n')}${head === '' ? '' : `\n${head}`}
</head>
<body>
<header class="site-header"><nav aria-label="Site"><ul>${nav}</ul></nav></header>
<main id="main">
${main}
</main>
<footer class="site-footer"><nav aria-label="Files for developers and agents"><ul>${files}</ul></nav><p>${escapeHtml(site.name)}: public records, read-only and anonymous. ${quotaSentence(site.quota)}</p></footer>
</body>
</html>
`;
}
