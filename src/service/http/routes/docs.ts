import type { FastifyInstance } from 'fastify';
import { loadDocsAssets } from '../../docs/assets.ts';
import { GUIDE_PATH, renderGuidePage } from '../../docs/guide.ts';
import { REFERENCE_PATH, renderReferencePage } from '../../docs/reference.ts';
import { PAGE_CSP } from '../../web/security-headers.ts';
import type { Site } from '../../web/site.ts';
import type { KnownRoutes } from '../known-routes.ts';

export interface DocsRoutesDeps {
  readonly knownRoutes: KnownRoutes;
  /** PUBLIC_BASE_URL: the origin of the guide's commands; unset, a marked placeholder. */
  readonly publicBaseUrl?: string | undefined;
  readonly site: Site;
}

/** Both pages change only with a deployment; revalidating after 5 minutes is plenty. */
const PAGE_CACHE_CONTROL = 'public, max-age=300';
const ASSET_CACHE_CONTROL = 'public, max-age=3600';

/**
 * GET /docs (interactive API reference: Swagger UI over the OpenAPI document) and
 * GET /docs/guide (the hand-written guide), plus the reference's static files under
 * /docs/assets/. Everything is built once here and served from memory; nothing is fetched
 * from another origin, so the pages work offline. Like the OpenAPI document, none of it
 * counts against the quota (service.md § Limits 3).
 *
 * Both pages are served with PAGE_CSP unchanged: Swagger UI 5 runs without inline scripts,
 * eval or inline style elements, and its stylesheet's icons are data: URIs, which PAGE_CSP
 * already allows in img-src. The browser test fails on any CSP violation, so a Swagger UI
 * upgrade that needs more will be noticed.
 */
export function registerDocsRoutes(
  app: FastifyInstance,
  { knownRoutes, publicBaseUrl, site }: DocsRoutesDeps,
): void {
  const pages = [
    { path: REFERENCE_PATH, html: renderReferencePage(site) },
    { path: GUIDE_PATH, html: renderGuidePage({ baseUrl: publicBaseUrl, site }) },
  ];
  for (const { path, html } of pages) {
    app.get(path, async (_request, reply) =>
      reply
        .header('content-type', 'text/html; charset=utf-8')
        .header('content-security-policy', PAGE_CSP)
        .header('cache-control', PAGE_CACHE_CONTROL)
        .send(html),
    );
    knownRoutes.add(path, ['GET']);
  }

  // `/docs/` is where people and crawlers also look for the docs: sent to `/docs` (the
  // reference's address, relative links and all).
  app.get(`${REFERENCE_PATH}/`, async (_request, reply) =>
    reply
      .code(301)
      .header('location', REFERENCE_PATH)
      .header('cache-control', 'public, max-age=3600')
      .send(),
  );
  knownRoutes.add(`${REFERENCE_PATH}/`, ['GET']);

  for (const { path, type, body } of loadDocsAssets()) {
    app.get(path, async (_request, reply) =>
      reply.header('content-type', type).header('cache-control', ASSET_CACHE_CONTROL).send(body),
    );
    knownRoutes.add(path, ['GET']);
  }
}
