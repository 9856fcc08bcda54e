import { renderPage } from '../web/layout.ts';
import type { Site } from '../web/site.ts';
import { DOCS_ASSET_PREFIX } from './assets.ts';

export const REFERENCE_PATH = '/docs';
export const OPENAPI_DOCUMENT_PATH = '/openapi/v1/openapi.json';

/**
 * GET /docs: Swagger UI over the OpenAPI document, inside the site's frame. The UI is
 * started by swagger-initializer.js (no inline script, see the page's CSP).
 */
export function renderReferencePage(site: Site): string {
  const quota =
    site.quota === null
      ? 'they are not rate-limited on this server'
      : `each one counts against your quota of ${site.quota.max} requests per rolling ${site.quota.windowSeconds === 3600 ? 'hour' : `${site.quota.windowSeconds} seconds`}`;
  return renderPage({
    site,
    title: 'API reference',
    path: REFERENCE_PATH,
    styles: [`${DOCS_ASSET_PREFIX}/swagger-ui.css`, `${DOCS_ASSET_PREFIX}/docs.css`],
    scripts: [
      `${DOCS_ASSET_PREFIX}/swagger-ui-bundle.js`,
      `${DOCS_ASSET_PREFIX}/swagger-initializer.js`,
    ],
    main: `<h1>API reference</h1>
<p class="docs-intro">The interactive form of the <a href="${OPENAPI_DOCUMENT_PATH}">OpenAPI 3.1 document</a>.
Read the <a href="/docs/guide">guide</a> for what the records and states mean, the filters,
pagination and the quota. &ldquo;Try it out&rdquo; sends real requests: ${quota}.</p>
<noscript><p>This reference needs JavaScript. Without it, read the
<a href="${OPENAPI_DOCUMENT_PATH}">OpenAPI document</a> or the <a href="/docs/guide">guide</a>.</p></noscript>
<div id="swagger-ui"></div>`,
  });
}
