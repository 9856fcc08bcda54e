import type { FastifyInstance } from 'fastify';
import type { KnownRoutes } from '../known-routes.ts';

/** GET /docs (interactive API reference) and GET /docs/guide. Filled in by the docs work. */
export function registerDocsRoutes(_app: FastifyInstance, _knownRoutes: KnownRoutes): void {}
