import type { FastifyInstance, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** `request.ip`, once read (requestIp). */
    knownIp: string | null;
  }
}

/**
 * Fastify's `request.ip` recomputes the client from X-Forwarded-For at every read when
 * TRUST_PROXY is set (proxy-addr parses each hop). The quota and the request's log line
 * both read it: the first read is kept on the request.
 */
export function requestIp(request: FastifyRequest): string {
  request.knownIp ??= request.ip;
  return request.knownIp;
}

/** Declares the field once, so that every request object has the same shape. */
export function declareRequestIp(app: FastifyInstance): void {
  app.decorateRequest('knownIp', null);
}
