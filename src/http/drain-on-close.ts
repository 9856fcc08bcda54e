import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
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
  // A pipelined response still queued when its socket closes never emits 'close' itself:
  // each socket's responses are also dropped when the socket closes (one listener a socket).
  const bySocket = new WeakMap<Socket, Set<ServerResponse>>();
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const socket = request.socket;
    if (socket.destroyed) return; // parsed after its connection was cut: never answered
    let pending = bySocket.get(socket);
    if (pending === undefined) {
      const responses = new Set<ServerResponse>();
      bySocket.set(socket, responses);
      socket.once('close', () => {
        for (const each of responses) inFlight.delete(each);
      });
      pending = responses;
    }
    const responses = pending;
    inFlight.add(response);
    responses.add(response);
    response.once('close', () => {
      inFlight.delete(response);
      responses.delete(response);
    });
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
