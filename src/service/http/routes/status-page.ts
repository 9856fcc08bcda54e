import { readFileSync } from 'node:fs';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AnswerCache } from '../../answer/answer-cache.ts';
import type { SnapshotStore } from '../../snapshot/snapshot-store.ts';
import { HISTORY_PATH, historyPageOf, renderHistoryPage } from '../../status-page/history-page.ts';
import { NOTIFY_SCRIPT, PUSH_SERVICE_WORKER } from '../../status-page/notify-section.ts';
import { readPushWorker } from '../../status-page/push-worker.ts';
import { RECORD_PAGE_PREFIX, renderRecordPage } from '../../status-page/record-page.ts';
import {
  ANSWER_WORDS_SCRIPT,
  STATUS_PAGE_PATH,
  STATUS_PAGE_SCRIPT,
  STATUS_PAGE_STYLE,
  StatusPageRenderer,
} from '../../status-page/render.ts';
import { PAGE_CSP } from '../../web/security-headers.ts';
import type { Site } from '../../web/site.ts';
import { cacheControl } from '../conditional.ts';
import type { KnownRoutes } from '../known-routes.ts';

export interface StatusPageDeps {
  readonly snapshots: SnapshotStore;
  readonly clock: () => number;
  readonly knownRoutes: KnownRoutes;
  readonly answers: AnswerCache;
  readonly site: Site;
  /** Upper bound of the page's max-age, the same as the API's (CACHE_MAX_AGE_SECONDS). */
  readonly cacheMaxAgeSeconds?: number;
  /** PUBLIC_BASE_URL: absolute links in the record pages' meta tags and the calendar link. */
  readonly publicBaseUrl?: string | undefined;
}

/** The pages' own scripts and stylesheet, read once at start-up and served from memory. */
const ASSETS: Record<string, { file: URL; type: string }> = {
  [STATUS_PAGE_SCRIPT]: {
    file: new URL('../../status-page/assets/status-page.js', import.meta.url),
    type: 'text/javascript; charset=utf-8',
  },
  // The answer's words, the very module the server speaks with (answer/words.js).
  [ANSWER_WORDS_SCRIPT]: {
    file: new URL('../../answer/words.js', import.meta.url),
    type: 'text/javascript; charset=utf-8',
  },
  [STATUS_PAGE_STYLE]: {
    file: new URL('../../status-page/assets/status-page.css', import.meta.url),
    type: 'text/css; charset=utf-8',
  },
  // "Get notified" (notify-section.ts): does nothing on a page without the section.
  [NOTIFY_SCRIPT]: {
    file: new URL('../../status-page/assets/notify.js', import.meta.url),
    type: 'text/javascript; charset=utf-8',
  },
};

const DEFAULT_MAX_AGE_SECONDS = 30;

const rawQueryOf = (url: string) => {
  const start = url.indexOf('?');
  return start === -1 ? '' : url.slice(start + 1);
};

/**
 * GET / (the status page), GET /records/ID (one record) and GET /history/ (every record
 * by day), for people, rendered from the snapshot being served (no API call, so none counts
 * against the quota), with their assets and, when push is configured, /push-sw.js. 503
 * with the page when no snapshot has been published, like the API's `data_unavailable`.
 * `/history` (no slash) is sent to `/history/`.
 */
export function registerStatusPage(app: FastifyInstance, deps: StatusPageDeps): void {
  const { snapshots, clock, knownRoutes, answers, site } = deps;
  const maxAge = deps.cacheMaxAgeSeconds ?? DEFAULT_MAX_AGE_SECONDS;
  const renderer = new StatusPageRenderer(site, answers, deps.publicBaseUrl);
  const pageAssets = {
    site,
    scripts: [] as string[],
    modules: [STATUS_PAGE_SCRIPT],
    styles: [STATUS_PAGE_STYLE],
  };

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
      ...pageAssets,
      answers,
      baseUrl: deps.publicBaseUrl,
      now,
    });
    const validUntil = snapshot === null ? null : answers.get(snapshot, now).answer.validUntil;
    return sendPage(reply, page, cacheControl(now, validUntil, maxAge));
  });
  knownRoutes.add(`${RECORD_PAGE_PREFIX}:id`, ['GET']);

  app.get(HISTORY_PATH, async (request, reply) => {
    const now = clock();
    const snapshot = snapshots.current;
    const page = renderHistoryPage(
      snapshot,
      historyPageOf(rawQueryOf(request.url)),
      now,
      pageAssets,
    );
    const validUntil = snapshot === null ? null : answers.get(snapshot, now).answer.validUntil;
    return sendPage(reply, page, cacheControl(now, validUntil, maxAge));
  });
  knownRoutes.add(HISTORY_PATH, ['GET']);
  redirectToSlash(app, knownRoutes, HISTORY_PATH);

  for (const [path, { file, type }] of Object.entries(ASSETS)) {
    const body = readFileSync(file);
    app.get(path, async (_request, reply) =>
      reply.header('content-type', type).header('cache-control', 'public, max-age=300').send(body),
    );
    knownRoutes.add(path, ['GET']);
  }

  // The push service worker, only with push configured: when it is turned off, the 404 of
  // the browser's next update check removes the worker from the browsers that had it.
  // `no-cache`: a new version reaches every browser at its next check.
  if (site.push === true) {
    const worker = readPushWorker(site.name);
    app.get(PUSH_SERVICE_WORKER, async (_request, reply) =>
      reply
        .header('content-type', 'text/javascript; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(worker),
    );
    knownRoutes.add(PUSH_SERVICE_WORKER, ['GET']);
  }
}

/**
 * `/history` → `/history/` (301): the address people type or shorten, sent to the one
 * the page lives at (relative links and the canonical address stay one). The query is
 * not carried over: only the page number means anything, and it is checked there.
 */
export function redirectToSlash(
  app: FastifyInstance,
  knownRoutes: KnownRoutes,
  path: string,
): void {
  const bare = path.slice(0, -1);
  app.get(bare, async (_request, reply) =>
    reply.code(301).header('location', path).header('cache-control', 'public, max-age=3600').send(),
  );
  knownRoutes.add(bare, ['GET']);
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
