import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import type { Logger } from 'pino';

/**
 * Graceful shutdown that really finishes in-flight responses (decisions.md §1).
 *
 * `server.close()` stops accepting at once, then (Node >= 19, and Fastify's default
 * `forceCloseConnections: 'idle'`) calls `closeIdleConnections()`. Node counts a
 * connection idle as soon as its response has been *ended*, even while part of the body
 * is still buffered and unsent, so a large or slow-to-read response would be cut. Here
 * that sweep is deferred until every connection's responses have been handed to the OS
 * (checked every 10 ms, see hasUnsentResponse), bounded by `timeoutMs` so a client that stops reading cannot hold the
 * process forever; past it, the remaining connections are closed.
 */
export function drainOnClose(server: Server, timeoutMs: number, logger: Logger): void {
  // Tracked per connection, not per request: nothing is added to a request's path.
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });

  const closeIdleNow = server.closeIdleConnections.bind(server);
  let draining = false;
  server.closeIdleConnections = () => {
    if (draining) return;
    draining = true;
    const deadline = Date.now() + timeoutMs;
    const check = () => {
      let unsent = 0;
      for (const socket of sockets) if (hasUnsentResponse(socket)) unsent++;
      if (unsent === 0) return closeIdleNow();
      if (Date.now() < deadline) return void setTimeout(check, 10);
      logger.warn({ responses: unsent }, 'shutdown: cutting responses still unsent');
      server.closeAllConnections();
    };
    check();
  };
}

/**
 * Whether a connection still has a response not wholly handed to the OS: one being
 * answered or written (Node keeps it as the socket's `_httpMessage` until its 'finish',
 * and queues pipelined ones behind it), or bytes still buffered.
 */
function hasUnsentResponse(socket: Socket): boolean {
  if (socket.destroyed) return false;
  const current = (socket as Socket & { _httpMessage?: unknown })._httpMessage;
  return (current !== null && current !== undefined) || socket.writableLength > 0;
}
