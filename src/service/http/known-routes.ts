import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../../shared/domain/errors.ts';
import { renderNotFoundPage } from '../web/not-found-page.ts';
import { PAGE_CSP } from '../web/security-headers.ts';
import type { Site } from '../web/site.ts';
import { prefersHtml } from './prefers-html.ts';
import { sendError } from './send-error.ts';

const PREFLIGHT_MAX_AGE_SECONDS = '86400';

/**
 * Knows every path the service answers and the methods of each, and answers what the
 * routes themselves do not (none of it counts against the quota):
 * - OPTIONS on a known path: 204 with the CORS preflight headers and `Allow`;
 * - another method on a known path: 405 `method_not_allowed` with `Allow`;
 * - any unknown path: 404 `not_found`; as a small HTML page instead when a browser asks
 *   (GET or HEAD, an `Accept` that prefers HTML: see prefersHtml) for a path outside the API
 *   (`/openapi/v1`) and the MCP endpoint (`/mcp`), which always answer JSON.
 */
export class KnownRoutes {
  readonly #allow = new Map<string, string>();
  readonly #site: Site;

  constructor(site: Site) {
    this.#site = site;
  }

  add(path: string, methods: readonly string[]): void {
    const allowed = new Set(this.#allow.get(path)?.split(', '));
    for (const method of methods) allowed.add(method);
    if (allowed.has('GET')) allowed.add('HEAD');
    // OPTIONS is answered too, but as CORS machinery, so it is not listed in `Allow`.
    this.#allow.set(path, [...allowed].join(', '));
  }

  /** Registers the OPTIONS routes and the 404/405 handler; call after every `add`. */
  install(app: FastifyInstance): void {
    for (const [path, allow] of this.#allow) {
      app.options(path, async (request, reply) => {
        const requestedHeaders = request.headers['access-control-request-headers'];
        if (requestedHeaders !== undefined) {
          // Safe to reflect: the API is anonymous, credentials are never allowed.
          reply.header('access-control-allow-headers', requestedHeaders);
        }
        return reply
          .code(204)
          .header('allow', allow)
          .header('access-control-allow-methods', allow)
          .header('access-control-max-age', PREFLIGHT_MAX_AGE_SECONDS)
          .header('vary', 'Access-Control-Request-Headers')
          .send();
      });
    }
    app.setNotFoundHandler((request, reply) => this.answerUnmatched(request, reply));
  }

  /**
   * Whether the request's target can reach a route. The app's onRequest hook answers the
   * others with answerUnmatched, before any route runs or any body is read:
   * - a target that is not a path, i.e. the asterisk-form `*` (RFC 9112 §3.2.4), names no
   *   resource. The router would still match `GET *` to `/` (it skips a target's first
   *   character), serving the status page;
   * - a request the router matched to a route whose path is `*` (none is registered today;
   *   a catch-all route must not answer what has no path).
   */
  isRoutable(request: FastifyRequest): boolean {
    const target = request.url;
    const isPath = target.startsWith('/') || routePathOf(target).startsWith('/');
    return isPath && request.routeOptions.url !== '*';
  }

  /** 405 with `Allow` when the path exists under another method, else 404. */
  answerUnmatched(request: FastifyRequest, reply: FastifyReply): FastifyReply {
    const path = routePathOf(request.url);
    const allow = this.#allow.get(path);
    if (allow === undefined) {
      if (isNegotiable(request, path)) {
        // The same URL answers HTML or JSON by Accept.
        const vary = reply.getHeader('vary');
        reply.header('vary', vary === undefined ? 'Accept' : `${String(vary)}, Accept`);
      }
      if (isNegotiable(request, path) && prefersHtml(request.headers.accept)) {
        return reply
          .code(404)
          .header('content-type', 'text/html; charset=utf-8')
          .header('content-security-policy', PAGE_CSP)
          .header('cache-control', 'no-store')
          .send(renderNotFoundPage(path, this.#site));
      }
      return sendError(reply, new ApiError('not_found', `No resource at ${truncate(path)}.`));
    }
    reply.header('allow', allow);
    return sendError(
      reply,
      new ApiError(
        'method_not_allowed',
        `Method ${request.method} is not allowed here. Allowed: ${allow}.`,
      ),
    );
  }
}

/** Paths whose answers are always JSON, whoever asks: the HTTP API and the MCP endpoint. */
const JSON_ONLY = [/^\/openapi\/v1(\/|$)/, /^\/mcp(\/|$)/];

/** A 404 that may be a page: GET or HEAD of a path outside JSON_ONLY. */
function isNegotiable(request: FastifyRequest, path: string): boolean {
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    path.startsWith('/') &&
    !JSON_ONLY.some((prefix) => prefix.test(path))
  );
}

/** `http://host` or `https://host` at the start of an absolute-form target; the rest is the path. */
const ABSOLUTE_FORM = /^https?:\/\/[^/?#]*/i;

/**
 * The path the router matches a request target against, so that a known path is known in
 * every spelling the router accepts (a POST to one is a 405 wherever a GET is served):
 * - absolute-form (`http://host/path?query`, RFC 9112 §3.2.2) is reduced to its path;
 * - the query (after `?`) and anything after `#` are cut off;
 * - percent-encoding is decoded as find-my-way does (`decodeURI`: `/openapi/v1/record%73`
 *   is `/openapi/v1/records`, while escapes of reserved characters such as `%2F` stay
 *   encoded and so never match a known path, in the router as here).
 * The router's defaults are in force: case-sensitive, no trailing-slash folding.
 * Anything else (the asterisk-form `*`) is returned as it is.
 */
export function routePathOf(target: string): string {
  const origin = ABSOLUTE_FORM.exec(target)?.[0] ?? '';
  const rest = target.slice(origin.length);
  const path = rest.split(/[?#]/, 1)[0]!;
  const routed = origin !== '' && path === '' ? '/' : path;
  try {
    return decodeURI(routed);
  } catch {
    return routed; // invalid percent-encoding: the router refused it already (400)
  }
}

const truncate = (path: string) => (path.length > 100 ? `${path.slice(0, 100)}…` : path);
