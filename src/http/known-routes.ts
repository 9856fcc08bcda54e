import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../domain/errors.ts';
import { sendError } from './send-error.ts';

const PREFLIGHT_MAX_AGE_SECONDS = '86400';

/**
 * Knows every path the service answers and the methods of each, and answers what the
 * routes themselves do not (none of it counts against the quota):
 * - OPTIONS on a known path: 204 with the CORS preflight headers and `Allow`;
 * - another method on a known path: 405 `method_not_allowed` with `Allow`;
 * - any unknown path: 404 `not_found`.
 */
export class KnownRoutes {
  readonly #allow = new Map<string, string>();

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

  /** 405 with `Allow` when the path exists under another method, else 404. */
  answerUnmatched(request: FastifyRequest, reply: FastifyReply): FastifyReply {
    const path = request.url.split('?', 1)[0]!;
    const allow = this.#allow.get(path);
    if (allow === undefined) {
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

const truncate = (path: string) => (path.length > 100 ? `${path.slice(0, 100)}…` : path);
