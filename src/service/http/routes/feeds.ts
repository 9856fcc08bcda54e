import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../../shared/domain/errors.ts';
import { buildAtomFeed } from '../../feeds/atom-feed.ts';
import { buildCalendar } from '../../feeds/calendar.ts';
import { CALENDAR_PATH, FEED_PATH } from '../../feeds/paths.ts';
import type { PreparedRecord } from '../../query/prepared-record.ts';
import type { Views } from '../../query/prepared-snapshot.ts';
import type { SnapshotStore } from '../../snapshot/snapshot-store.ts';
import { cacheControl, etagFor, matchesIfNoneMatch } from '../conditional.ts';
import type { KnownRoutes } from '../known-routes.ts';
import { sendError } from '../send-error.ts';

export interface FeedRouteDeps {
  readonly snapshots: SnapshotStore;
  readonly clock: () => number;
  readonly knownRoutes: KnownRoutes;
  /** Upper bound of max-age, the same as the API's (CACHE_MAX_AGE_SECONDS). */
  readonly cacheMaxAgeSeconds: number;
  /** PUBLIC_BASE_URL: the only source of absolute links; the Host header never is. */
  readonly publicBaseUrl?: string | undefined;
}

type Build = (
  rows: readonly PreparedRecord[],
  generatedAt: string,
  base: string | undefined,
) => string;

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
 * hash of its bytes. max-age follows the API and the status page: capped by the next
 * window boundary, the moment a new snapshot with changed states is most likely.
 */
export function registerFeedRoutes(app: FastifyInstance, deps: FeedRouteDeps): void {
  const { snapshots, clock, knownRoutes, cacheMaxAgeSeconds, publicBaseUrl } = deps;

  const serve = (path: string, contentType: string, build: Build) => {
    let rendered: Rendered | undefined;
    app.get(path, async (request, reply) => {
      const snapshot = snapshots.current;
      if (snapshot === null) {
        // The API's own error: `data_unavailable` says "nothing published", which an empty
        // feed would hide, and a feed reader shows the status, not the body.
        reply.header('retry-after', UNAVAILABLE_RETRY_SECONDS);
        return sendError(reply, new ApiError('data_unavailable'));
      }
      const now = clock();
      const views = snapshot.viewsAt(now);
      if (rendered?.version !== snapshot.version) {
        rendered = render(
          snapshot.version,
          build(allRecords(views), snapshot.meta.generatedAt, publicBaseUrl),
        );
      }
      reply
        .header('etag', rendered.etag)
        .header('cache-control', cacheControl(now, views.validUntil, cacheMaxAgeSeconds));
      if (matchesIfNoneMatch(request.headers['if-none-match'], rendered.etag)) {
        return reply.code(304).send();
      }
      return reply.header('content-type', contentType).send(rendered.body);
    });
    knownRoutes.add(path, ['GET']);
  };

  serve(FEED_PATH, 'application/atom+xml; charset=utf-8', buildAtomFeed);
  serve(CALENDAR_PATH, 'text/calendar; charset=utf-8', buildCalendar);
}

function render(version: string, body: string): Rendered {
  const hash = createHash('sha256').update(body).digest('base64url').slice(0, 22);
  return { version, body, etag: etagFor(hash) };
}

/**
 * Every record once: all schedules (`reset_scheduled`) and the completions. Which rows
 * these two views hold does not depend on the request time, only the pinning does.
 */
function allRecords(views: Views): PreparedRecord[] {
  const { rows } = views;
  return [...rows.reset_scheduled, ...rows.reset_completed.filter((row) => !row.isSchedule)];
}
