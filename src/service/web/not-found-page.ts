import { escapeHtml, renderPage } from './layout.ts';
import type { Site } from './site.ts';

/**
 * The HTML 404 a browser gets for an unknown page outside the API (see KnownRoutes): the
 * site's frame, and the way back to the pages that exist. API clients keep the JSON
 * `not_found` of the error catalogue.
 */
export function renderNotFoundPage(path: string, site: Site): string {
  const shown = path.length > 100 ? `${path.slice(0, 100)}…` : path;
  return renderPage({
    site,
    title: 'Page not found',
    path,
    main: `<h1>Page not found</h1>
<p>There is no page at <code>${escapeHtml(shown)}</code>. Check the address, or go on from one of these:</p>
<ul>
<li><a href="/">Status</a>: were the usage limits reset, and when is the next reset?</li>
<li><a href="/docs/guide">Guide</a>: what the records mean, and how to use the API and the MCP tools.</li>
<li><a href="/docs">API reference</a>: every endpoint, parameter and error.</li>
</ul>`,
  });
}
