import type { FastifyInstance } from 'fastify';
import { STATUS_JSON_PATH, STATUS_OPENAPI_PATH } from '../../answer/status-openapi.ts';
import { CALENDAR_PATH, FEED_PATH } from '../../feeds/paths.ts';
import { MCP_PATH } from '../../mcp/mcp-route.ts';
import {
  AGENT_SKILLS_INDEX_PATH,
  AGENT_SKILLS_PREFIX,
  buildAgentSkillsIndex,
  buildLlmsTxt,
  LLMS_TXT_PATH,
  SKILL_FILES_PREFIX,
  SKILL_ZIP_FILENAME,
  SKILL_ZIP_PATH,
} from '../../skill/discovery.ts';
import { loadSkillBundle, type SkillBundle, sha256 } from '../../skill/skill-bundle.ts';
import { HISTORY_PATH } from '../../status-page/history-page.ts';
import { etagFor, matchesIfNoneMatch } from '../conditional.ts';
import type { KnownRoutes } from '../known-routes.ts';
import { OPENAPI_PATH } from './openapi.ts';
import { LATEST_PATH, LIST_PATH } from './records.ts';

export interface SkillRoutesDeps {
  readonly knownRoutes: KnownRoutes;
  /** PUBLIC_BASE_URL: the origin in the skill's examples and llms.txt's links. */
  readonly publicBaseUrl?: string | undefined;
  /** SITE_NAME: the product named in llms.txt. */
  readonly siteName: string;
  /** The skill served; by default the bundled one, with `publicBaseUrl` substituted. */
  readonly bundle?: SkillBundle;
}

/** The bodies only change with a deployment; the ETag makes revalidation cheap after that. */
const CACHE_CONTROL = 'public, max-age=300';

interface StaticBody {
  readonly type: string;
  readonly body: Buffer;
  readonly headers?: Readonly<Record<string, string>>;
}

/**
 * The agent skill and the documents that point agents at it, none counted against the
 * quota (service.md § Limits 3):
 * - GET /skill/SKILL.md (and every other skill file under /skill/, so relative links work);
 * - GET /skill.zip, the installable folder `reset-records/`, built once, identical bytes;
 * - GET /.well-known/agent-skills/index.json, and the files it lists under
 *   /.well-known/agent-skills/reset-records/ (Agent Skills Discovery RFC v0.2.0);
 * - GET /llms.txt.
 * With PUBLIC_BASE_URL set, the skill's examples and llms.txt's links carry it; unset, the
 * skill shows a placeholder it calls one, and llms.txt root-relative links.
 */
export function registerSkillRoutes(app: FastifyInstance, deps: SkillRoutesDeps): void {
  const { knownRoutes, publicBaseUrl, siteName } = deps;
  const bundle = deps.bundle ?? loadSkillBundle({ baseUrl: publicBaseUrl, siteName });
  const bodies = new Map<string, StaticBody>();
  for (const { path, bytes } of bundle.files) {
    const file = { type: contentTypeOf(path), body: bytes };
    bodies.set(`${SKILL_FILES_PREFIX}${path}`, file);
    bodies.set(`${AGENT_SKILLS_PREFIX}${bundle.name}/${path}`, file);
  }
  bodies.set(SKILL_ZIP_PATH, {
    type: 'application/zip',
    body: bundle.zip,
    headers: { 'content-disposition': `attachment; filename="${SKILL_ZIP_FILENAME}"` },
  });
  bodies.set(AGENT_SKILLS_INDEX_PATH, {
    type: 'application/json; charset=utf-8',
    body: Buffer.from(JSON.stringify(buildAgentSkillsIndex(bundle), null, 2), 'utf8'),
  });
  bodies.set(LLMS_TXT_PATH, {
    type: 'text/plain; charset=utf-8',
    body: Buffer.from(
      buildLlmsTxt(
        bundle,
        {
          statusPage: '/',
          statusJson: STATUS_JSON_PATH,
          statusOpenApi: STATUS_OPENAPI_PATH,
          history: HISTORY_PATH,
          feed: FEED_PATH,
          calendar: CALENDAR_PATH,
          guide: '/docs/guide',
          apiReference: '/docs',
          openApi: OPENAPI_PATH,
          latest: LATEST_PATH,
          list: LIST_PATH,
          mcp: MCP_PATH,
        },
        publicBaseUrl,
        siteName,
      ),
      'utf8',
    ),
  });

  for (const [path, { type, body, headers = {} }] of bodies) {
    const etag = etagFor(sha256(body).slice('sha256:'.length, 'sha256:'.length + 32));
    app.get(path, async (request, reply) => {
      reply.header('etag', etag).header('cache-control', CACHE_CONTROL);
      if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) {
        return reply.code(304).send();
      }
      return reply.headers(headers).header('content-type', type).send(body);
    });
    knownRoutes.add(path, ['GET']);
  }
}

function contentTypeOf(path: string): string {
  if (path.endsWith('.md')) return 'text/markdown; charset=utf-8';
  if (path.endsWith('.json')) return 'application/json; charset=utf-8';
  if (path.endsWith('.txt')) return 'text/plain; charset=utf-8';
  return 'application/octet-stream';
}
