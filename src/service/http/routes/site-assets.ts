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

/**
 * /robots.txt: crawlers are welcome on the pages, the feed and the calendar; the two
 * counted data endpoints and the MCP endpoint are no pages (a crawler there only spends
 * the quota of its own address), so they are asked to stay away.
 */
export const ROBOTS_TXT = `User-agent: *
Disallow: /openapi/v1/records
Disallow: /mcp
Allow: /
`;

export function registerSiteAssets(app: FastifyInstance, knownRoutes: KnownRoutes): void {
  app.get('/robots.txt', async (_request, reply) =>
    reply
      .header('content-type', 'text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(ROBOTS_TXT),
  );
  knownRoutes.add('/robots.txt', ['GET']);

  for (const [path, { file, type }] of Object.entries(ASSETS)) {
    const body = readFileSync(file);
    app.get(path, async (_request, reply) =>
      reply.header('content-type', type).header('cache-control', 'public, max-age=3600').send(body),
    );
    knownRoutes.add(path, ['GET']);
  }
}
