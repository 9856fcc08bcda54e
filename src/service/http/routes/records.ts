import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../../../shared/domain/errors.ts';
import {
  LATEST_PARAMS,
  LIST_PARAMS,
  type ListQuery,
  type ParamName,
  parseQuery,
} from '../../query/params.ts';
import type { PreparedSnapshot } from '../../query/prepared-snapshot.ts';
import { latestRecord, listRecords, type QueryAnswer } from '../../query/query-service.ts';
import type { TagCache } from '../../query/tag-cache.ts';
import { clientAddress } from '../../quota/client-key.ts';
import type { QuotaGate } from '../../quota/quota-gate.ts';
import type { SnapshotStore } from '../../snapshot/snapshot-store.ts';
import { cacheControl, etagFor, matchesIfNoneMatch } from '../conditional.ts';
import type { KnownRoutes } from '../known-routes.ts';
import { requestIp } from '../request-ip.ts';
import { sendError } from '../send-error.ts';

export const API_PREFIX = '/openapi/v1';
export const LATEST_PATH = `${API_PREFIX}/records/latest`;
export const LIST_PATH = `${API_PREFIX}/records`;

export interface RecordsRouteDeps {
  readonly snapshots: SnapshotStore;
  readonly gate: QuotaGate;
  readonly clock: () => number;
  readonly cacheMaxAgeSeconds: number;
  readonly knownRoutes: KnownRoutes;
  /** Encoded bodies of recent answers, shared with the fast path (fast-path.ts). */
  readonly bodies: TagCache<Buffer>;
}

type Answer = (snapshot: PreparedSnapshot, query: ListQuery, now: number) => QueryAnswer<unknown>;

const rawQueryOf = (url: string) => {
  const start = url.indexOf('?');
  return start === -1 ? '' : url.slice(start + 1);
};

/**
 * The two data endpoints (GET, and HEAD through Fastify's automatic HEAD routes). Their
 * plain requests are answered by the fast path (fast-path.ts) before Fastify, in the same
 * bytes; these routes answer the rest (e.g. a percent-encoded path) and all of them when
 * the fast path is off.
 * Order of work (decisions.md §5): the quota first, so 422 and 503 data_unavailable
 * count; then the raw query; then the snapshot; then If-None-Match (a 304 still counts).
 * The quota counts `clientAddress`: `request.ip` when it is an IP address (a port a proxy
 * appended is dropped), else the socket's peer, never arbitrary X-Forwarded-For text.
 */
export function registerRecordRoutes(app: FastifyInstance, deps: RecordsRouteDeps): void {
  const { snapshots, gate, clock, cacheMaxAgeSeconds, knownRoutes, bodies } = deps;

  const handler =
    (allowed: readonly ParamName[], answer: Answer) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      const pending = gate.admit(() =>
        clientAddress(requestIp(request), request.socket.remoteAddress),
      );
      const admission = pending instanceof Promise ? await pending : pending;
      reply.headers(admission.headers);
      if (!admission.admitted) return sendError(reply, admission.error);

      let query: ListQuery;
      try {
        query = parseQuery(rawQueryOf(request.url), allowed);
      } catch (error) {
        if (error instanceof ApiError) return sendError(reply, error);
        throw error;
      }
      const snapshot = snapshots.current;
      if (snapshot === null) return sendError(reply, new ApiError('data_unavailable'));

      const now = clock();
      const result = answer(snapshot, query, now);
      const etag = etagFor(result.tag);
      // With the quota on, the response carries this client's X-RateLimit-* headers, so only
      // the client's own cache may keep it. With RATE_LIMIT=off it is the same for everyone
      // and shared caches may serve it (decisions.md §8), sparing the service the load.
      const scope = Object.keys(admission.headers).length > 0 ? 'private' : 'public';
      reply
        .header('etag', etag)
        .header('cache-control', cacheControl(now, result.validUntil, cacheMaxAgeSeconds, scope));
      if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) return reply.code(304).send();
      return reply
        .header('content-type', 'application/json; charset=utf-8')
        .send(bodies.get(snapshot, result.tag, () => Buffer.from(result.json, 'utf8')));
    };

  app.get(
    LATEST_PATH,
    handler(LATEST_PARAMS, (snapshot, query, now) => latestRecord(snapshot, query.kind, now)),
  );
  app.get(LIST_PATH, handler(LIST_PARAMS, listRecords));
  knownRoutes.add(LATEST_PATH, ['GET']);
  knownRoutes.add(LIST_PATH, ['GET']);
}
