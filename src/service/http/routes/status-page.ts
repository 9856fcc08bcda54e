import { readFileSync } from 'node:fs';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { SnapshotStore } from '../../snapshot/snapshot-store.ts';
import { RECORD_PAGE_PREFIX, renderRecordPage } from '../../status-page/record-page.ts';
import {
  STATUS_PAGE_PATH,
  STATUS_PAGE_SCRIPT,
  STATUS_PAGE_STYLE,
  StatusPageRenderer,
} from '../../status-page/render.ts';
import { PAGE_CSP } from '../../web/security-headers.ts';
import { cacheControl } from '../conditional.ts';
import type { KnownRoutes } from '../known-routes.ts';

export interface StatusPageDeps {
  readonly snapshots: SnapshotStore;
  readonly clock: () => number;
  readonly knownRoutes: KnownRoutes;
  /** Upper bound of the page's max-age, the same as the API's (CACHE_MAX_AGE_SECONDS). */
  readonly cacheMaxAgeSeconds?: number;
  /** PUBLIC_BASE_URL: absolute links in the record pages' meta tags and the calendar link. */
  readonly publicBaseUrl?: string | undefined;
}

/** The page's own script and stylesheet, read once at start-up and served from memory. */
const ASSETS: Record<string, { file: URL; type: string }> = {
  [STATUS_PAGE_SCRIPT]: {
    file: new URL('../../status-page/assets/status-page.js', import.meta.url),
    type: 'text/javascript; charset=utf-8',
  },
  [STATUS_PAGE_STYLE]: {
    file: new URL('../../status-page/assets/status-page.css', import.meta.url),
    type: 'text/css; charset=utf-8',
  },
};

const DEFAULT_MAX_AGE_SECONDS = 30;

/**
 * GET / : the status page for people, rendered from the snapshot being served on every
 * request (no API call, so it does not count against the quota). 503 with the page when
 * no snapshot has been published, like the API's `data_unavailable`.
 */
export function registerStatusPage(app: FastifyInstance, deps: StatusPageDeps): void {
  const { snapshots, clock, knownRoutes } = deps;
  const maxAge = deps.cacheMaxAgeSeconds ?? DEFAULT_MAX_AGE_SECONDS;
  const renderer = new StatusPageRenderer(deps.publicBaseUrl);

  app.get(STATUS_PAGE_PATH, async (_request, reply) => {
    const now = clock();
    const page = renderer.render(snapshots.current, now);
    return sendPage(reply, page, cacheControl(now, page.validUntil, maxAge));
  });
  knownRoutes.add(STATUS_PAGE_PATH, ['GET']);

  // /records/ID: one record as a page, from the same snapshot (never counted).
  app.get<{ Params: { id: string } }>(`${RECORD_PAGE_PREFIX}:id`, async (request, reply) => {
    const now = clock();
    const snapshot = snapshots.current;
    const page = renderRecordPage(snapshot, request.params.id, {
      baseUrl: deps.publicBaseUrl,
      now,
      scripts: [STATUS_PAGE_SCRIPT],
      styles: [STATUS_PAGE_STYLE],
    });
    const validUntil = snapshot?.viewsAt(now).validUntil ?? null;
    return sendPage(reply, page, cacheControl(now, validUntil, maxAge));
  });
  knownRoutes.add(`${RECORD_PAGE_PREFIX}:id`, ['GET']);

  for (const [path, { file, type }] of Object.entries(ASSETS)) {
    const body = readFileSync(file);
    app.get(path, async (_request, reply) =>
      reply.header('content-type', type).header('cache-control', 'public, max-age=300').send(body),
    );
    knownRoutes.add(path, ['GET']);
  }
}

/** An HTML page of the site; `cacheControl` applies when it is a 200, else nothing is stored. */
function sendPage(
  reply: FastifyReply,
  page: { readonly status: number; readonly html: string },
  cacheControl: string,
): FastifyReply {
  return reply
    .code(page.status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('content-security-policy', PAGE_CSP)
    .header('referrer-policy', 'no-referrer')
    .header('cache-control', page.status === 200 ? cacheControl : 'no-store')
    .send(page.html);
}
