import type { FastifyInstance } from 'fastify';
import { buildOpenApiDocument } from '../../openapi/document.ts';
import type { KnownRoutes } from '../known-routes.ts';
import { API_PREFIX } from './records.ts';

export const OPENAPI_PATH = `${API_PREFIX}/openapi.json`;

/** The machine-readable API description (decisions.md §1). Not counted against the quota. */
export function registerOpenApiRoute(app: FastifyInstance, knownRoutes: KnownRoutes): void {
  const body = JSON.stringify(buildOpenApiDocument());
  app.get(OPENAPI_PATH, async (_request, reply) =>
    reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .send(body),
  );
  knownRoutes.add(OPENAPI_PATH, ['GET']);
}
