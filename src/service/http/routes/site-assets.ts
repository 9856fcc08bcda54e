import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { KnownRoutes } from '../known-routes.ts';

/** Assets shared by the HTML pages, read once at start-up and served from memory. */
const ASSETS: Record<string, { file: URL; type: string }> = {
  '/assets/site.css': {
    file: new URL('../../web/assets/site.css', import.meta.url),
    type: 'text/css; charset=utf-8',
  },
};

export function registerSiteAssets(app: FastifyInstance, knownRoutes: KnownRoutes): void {
  for (const [path, { file, type }] of Object.entries(ASSETS)) {
    const body = readFileSync(file);
    app.get(path, async (_request, reply) =>
      reply.header('content-type', type).header('cache-control', 'public, max-age=3600').send(body),
    );
    knownRoutes.add(path, ['GET']);
  }
}
