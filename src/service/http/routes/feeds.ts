import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../../../shared/domain/errors.ts';
import type { AnswerCache } from '../../answer/answer-cache.ts';
import { buildAtomFeed } from '../../feeds/atom-feed.ts';
import { createCalendarRenderer } from '../../feeds/calendar-renderer.ts';
import { CALENDAR_PATH, FEED_PATH } from '../../feeds/paths.ts';
import type { PreparedSnapshot } from '../../query/prepared-snapshot.ts';
import type { SnapshotStore } from '../../snapshot/snapshot-store.ts';
import type { Site } from '../../web/site.ts';
import { cacheControl, etagFor, matchesIfNoneMatch } from '../conditional.ts';
import type { KnownRoutes } from '../known-routes.ts';
import { sendError } from '../send-error.ts';

export interface FeedRouteDeps {
  readonly snapshots: SnapshotStore;
  readonly clock: () => number;
  readonly knownRoutes: KnownRoutes;
  readonly answers: AnswerCache;
  readonly site: Site;
  /** Upper bound of max-age, the same as the API's (CACHE_MAX_AGE_SECONDS). */
  readonly cacheMaxAgeSeconds: number;
  /** PUBLIC_BASE_URL: the only source of absolute links; the Host header never is. */
  readonly publicBaseUrl?: string | undefined;
}

interface Rendered {
  readonly version: string;
  readonly body: string;
  readonly etag: string;
}

/** How long a subscriber waits before asking again while nothing is published. */
const UNAVAILABLE_RETRY_SECONDS = '60';

/**
 * GET /feed.xml (Atom) and GET /calendar.ics (iCalendar), and HEAD through Fastify's
 * automatic HEAD routes. Like the status page they read the snapshot being served and
 * never count against the quota: no gate, no X-RateLimit-* headers, so the same response
 * for everyone, which shared caches may keep (`public`).
 *
 * A body depends only on the snapshot (the published states, never the request time or
 * the request's Host), so it is rendered once per snapshot version and its ETag is the
 * hash of its bytes. The feed is quick to build (tens of ms for thousands of records);
 * the calendar is built in a worker thread (calendar-renderer.ts). max-age follows the
 * API and the status page: capped by the next change of the answer, the moment a new
 * snapshot with changed states is most likely.
 */
export function registerFeedRoutes(app: FastifyInstance, deps: FeedRouteDeps): void {
  const { snapshots, clock, knownRoutes, cacheMaxAgeSeconds, publicBaseUrl, answers, site } = deps;
  const calendar = createCalendarRenderer({ baseUrl: publicBaseUrl, siteName: site.name });
  app.addHook('onClose', () => calendar.close());

  const serve = (
    path: string,
    contentType: string,
    build: (snapshot: PreparedSnapshot) => string | Promise<string>,
  ) => {
    let rendered: Rendered | undefined;
    app.get(path, async (request: FastifyRequest, reply: FastifyReply) => {
      const snapshot = snapshots.current;
      if (snapshot === null) {
        // The API's own error: `data_unavailable` says "nothing published", which an empty
        // feed would hide, and a feed reader shows the status, not the body.
        reply.header('retry-after', UNAVAILABLE_RETRY_SECONDS);
        return sendError(reply, new ApiError('data_unavailable'));
      }
      if (rendered?.version !== snapshot.version) {
        let body: string;
        try {
          body = await build(snapshot);
        } catch (error) {
          request.log.error({ err: error, path }, 'rendering failed');
          return sendError(reply, new ApiError('internal_error'));
        }
        rendered = render(snapshot.version, body);
      }
      const now = clock();
      reply
        .header('etag', rendered.etag)
        .header(
          'cache-control',
          cacheControl(now, answers.get(snapshot, now).answer.validUntil, cacheMaxAgeSeconds),
        );
      if (matchesIfNoneMatch(request.headers['if-none-match'], rendered.etag)) {
        return reply.code(304).send();
      }
      return reply.header('content-type', contentType).send(rendered.body);
    });
    knownRoutes.add(path, ['GET']);
  };

  serve(FEED_PATH, 'application/atom+xml; charset=utf-8', (snapshot) =>
    buildAtomFeed(snapshot.records, snapshot.meta.generatedAt, publicBaseUrl, site.name),
  );
  serve(CALENDAR_PATH, 'text/calendar; charset=utf-8', (snapshot) => calendar.render(snapshot));
}

function render(version: string, body: string): Rendered {
  const hash = createHash('sha256').update(body).digest('base64url').slice(0, 22);
  return { version, body, etag: etagFor(hash) };
}
