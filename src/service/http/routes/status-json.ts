import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../../shared/domain/errors.ts';
import type { AnswerCache } from '../../answer/answer-cache.ts';
import {
  buildStatusOpenApiDocument,
  STATUS_JSON_PATH,
  STATUS_OPENAPI_PATH,
} from '../../answer/status-openapi.ts';
import type { SnapshotStore } from '../../snapshot/snapshot-store.ts';
import { cacheControl, matchesIfNoneMatch } from '../conditional.ts';
import type { KnownRoutes } from '../known-routes.ts';
import { sendError } from '../send-error.ts';

export interface StatusJsonDeps {
  readonly snapshots: SnapshotStore;
  readonly clock: () => number;
  readonly knownRoutes: KnownRoutes;
  readonly answers: AnswerCache;
  /** Upper bound of max-age, the same as the API's (CACHE_MAX_AGE_SECONDS). */
  readonly cacheMaxAgeSeconds: number;
  readonly siteName: string;
}

/** How long a client waits before asking again while nothing is published. */
export const UNAVAILABLE_RETRY_SECONDS = '60';

/**
 * GET /status.json (answer.md §2), and HEAD through Fastify's automatic HEAD routes: the
 * status page's own answer, outside /openapi/v1, never counted and without per-client
 * headers, so it is the same response for everyone and `public` (a CDN may keep it). The
 * body is made once per snapshot and answer interval (AnswerCache), so a request costs two
 * binary searches and a write; max-age never reaches past the next change of the answer.
 * GET /status.openapi.json describes it.
 */
export function registerStatusJson(app: FastifyInstance, deps: StatusJsonDeps): void {
  const { snapshots, clock, knownRoutes, answers, cacheMaxAgeSeconds } = deps;

  app.get(STATUS_JSON_PATH, async (request, reply) => {
    const snapshot = snapshots.current;
    if (snapshot === null) {
      reply.header('retry-after', UNAVAILABLE_RETRY_SECONDS);
      return sendError(reply, new ApiError('data_unavailable'));
    }
    const now = clock();
    const encoded = answers.get(snapshot, now);
    reply
      .header('etag', encoded.etag)
      .header(
        'cache-control',
        cacheControl(now, encoded.answer.validUntil, cacheMaxAgeSeconds, 'public'),
      );
    if (matchesIfNoneMatch(request.headers['if-none-match'], encoded.etag)) {
      return reply.code(304).send();
    }
    return reply.header('content-type', 'application/json; charset=utf-8').send(encoded.body);
  });
  knownRoutes.add(STATUS_JSON_PATH, ['GET']);

  const document = JSON.stringify(buildStatusOpenApiDocument(deps.siteName));
  app.get(STATUS_OPENAPI_PATH, async (_request, reply) =>
    reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .send(document),
  );
  knownRoutes.add(STATUS_OPENAPI_PATH, ['GET']);
}
