import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../../shared/domain/errors.ts';
import { rawErrorResponse, recordExchange } from './client-errors.ts';
import { sendError } from './send-error.ts';

/** How long a socket handed over for CONNECT may linger after its answer was sent. */
const CONNECT_LINGER_MS = 5_000;

/**
 * Protocol edges that Node's HTTP server answers by itself, outside the error contract
 * (decisions.md §6: every error is the JSON body `{ok:false,error,detail}`), are answered
 * here with that body instead:
 *
 * - An HTTP/1.1 request without a Host header, or with several (RFC 9112 §3.2: 400). Node
 *   would answer a missing one with an empty 400, and pass several on.
 * - An `Expect` other than `100-continue` (RFC 9110 §10.1.1: 417). Node would answer an
 *   empty 417.
 * - `CONNECT`. Node would destroy the socket without a word. This server is no proxy and
 *   tunnels to nowhere: 405, with an empty `Allow` (RFC 9110 §10.2.1: the target allows
 *   no method).
 * - A malformed body of a request already answered: no second response (answerClientError).
 *
 * Call once, right after the Fastify instance is created.
 */
export function answerProtocolEdges(app: FastifyInstance): void {
  const server = app.server;
  server.on('request', recordExchange);
  // The server is created with `requireHostHeader: false` (http-server.ts), so a request
  // without Host reaches answerHostProblem (called by the app's onRequest hook) instead of
  // Node's empty answer.

  server.on('checkExpectation', (request, response) => {
    recordExchange(request, response);
    const error = new ApiError('invalid_query', 'Only the expectation 100-continue is supported.');
    const body = error.toJson();
    response
      .writeHead(417, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': Buffer.byteLength(body),
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
        // The client may still be holding back a body it was waiting to send.
        connection: 'close',
      })
      .end(body);
  });

  server.on('connect', (_request, socket) => {
    // Node no longer watches this socket. A reset must not become an uncaught error; what
    // the client still sends is discarded, so that its close is seen (unread, the socket
    // would stay half-open and hold up server.close()); and a client that never closes
    // its side must not keep it open.
    socket.on('error', () => socket.destroy());
    socket.resume();
    const linger = setTimeout(() => socket.destroy(), CONNECT_LINGER_MS).unref();
    socket.once('close', () => clearTimeout(linger));
    const error = new ApiError(
      'method_not_allowed',
      'CONNECT is not supported: this server is not a proxy.',
    );
    socket.end(rawErrorResponse(405, error, { Allow: '' }));
  });
}

/**
 * Answers an HTTP/1.1 request with no Host header, or several, with 400 (RFC 9112 §3.2)
 * and returns true; returns false for any other request. The app's onRequest hook calls it
 * first, before any header is set.
 */
export function answerHostProblem(request: FastifyRequest, reply: FastifyReply): boolean {
  if (request.raw.httpVersion !== '1.1') return false; // HTTP/1.0 has no Host requirement
  const hosts = countHostHeaders(request.raw.rawHeaders);
  if (hosts === 1) return false;
  const detail =
    hosts === 0
      ? 'An HTTP/1.1 request must carry a Host header.'
      : 'A request must carry only one Host header.';
  reply.header('connection', 'close').header('x-content-type-options', 'nosniff');
  sendError(reply, new ApiError('invalid_query', detail), 400);
  return true;
}

/** Host headers in Node's raw header list (name, value, name, value...), any case. */
function countHostHeaders(rawHeaders: readonly string[]): number {
  let count = 0;
  for (let i = 0; i < rawHeaders.length; i += 2) {
    if (rawHeaders[i]!.length === 4 && rawHeaders[i]!.toLowerCase() === 'host') count++;
  }
  return count;
}
