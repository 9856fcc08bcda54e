import type { Server, ServerResponse } from 'node:http';
import type { Logger } from 'pino';

/**
 * Graceful shutdown that really finishes in-flight responses (decisions.md §1).
 *
 * `server.close()` stops accepting at once, then (Node >= 19, and Fastify's default
 * `forceCloseConnections: 'idle'`) calls `closeIdleConnections()`. Node counts a
 * connection idle as soon as its response has been *ended*, even while part of the body
 * is still buffered and unsent, so a large or slow-to-read response would be cut. Here
 * that sweep is deferred until every response in flight has been handed to the OS (its
 * `close` event), bounded by `timeoutMs` so a client that stops reading cannot hold the
 * process forever; past it, the remaining connections are closed.
 */
export function drainOnClose(server: Server, timeoutMs: number, logger: Logger): void {
  const inFlight = new Set<ServerResponse>();
  server.on('request', (_request, response: ServerResponse) => {
    inFlight.add(response);
    response.once('close', () => inFlight.delete(response));
  });

  const closeIdleNow = server.closeIdleConnections.bind(server);
  let draining = false;
  server.closeIdleConnections = () => {
    if (draining) return;
    draining = true;
    const deadline = Date.now() + timeoutMs;
    const check = () => {
      if (inFlight.size === 0) return closeIdleNow();
      if (Date.now() < deadline) return void setTimeout(check, 10);
      logger.warn({ responses: inFlight.size }, 'shutdown: cutting responses still unsent');
      server.closeAllConnections();
    };
    check();
  };
}
