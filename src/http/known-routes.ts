import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../domain/errors.ts';
import { sendError } from './send-error.ts';

/**
 * Answers every request that matched no route: 405 with `Allow` when the path exists
 * under another method, else 404. Both are JSON and neither counts against the quota.
 */
export class KnownRoutes {
  readonly #allow = new Map<string, Set<string>>();

  add(path: string, methods: readonly string[]): void {
    const allowed = this.#allow.get(path) ?? new Set(['OPTIONS']);
    for (const method of methods) allowed.add(method);
    if (allowed.has('GET')) allowed.add('HEAD');
    this.#allow.set(path, allowed);
  }

  install(app: FastifyInstance): void {
    app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
      const path = request.url.split('?', 1)[0]!;
      const allowed = this.#allow.get(path);
      if (allowed === undefined) {
        return sendError(reply, new ApiError('not_found', `No resource at ${truncate(path)}.`));
      }
      const allow = [...allowed].join(', ');
      reply.header('allow', allow);
      return sendError(
        reply,
        new ApiError(
          'method_not_allowed',
          `Method ${request.method} is not allowed here. Allowed: ${allow}.`,
        ),
      );
    });
  }
}

const truncate = (path: string) => (path.length > 100 ? `${path.slice(0, 100)}…` : path);
