import type { IncomingMessage, ServerResponse } from 'node:http';
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
 * - A request asking for a protocol upgrade with a chunked body (refuseUpgradeWithChunkedBody).
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
    // The client may still be holding back a body it was waiting to send: close.
    answerAndClose(
      response,
      417,
      new ApiError('invalid_query', 'Only the expectation 100-continue is supported.'),
    );
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

/** `Connection` lists the token `upgrade` (RFC 9110 §7.6.1: a comma-separated list, any case). */
const CONNECTION_UPGRADE = /(?:^|,)[ \t]*upgrade[ \t]*(?:,|$)/i;

/**
 * Answers a request that asks to switch protocols (`Upgrade` with `Connection: upgrade`)
 * and sends a chunked body with 400, closing the connection, and returns true; returns
 * false for any other request. Call before anything reads the body.
 *
 * Why: this server upgrades to nothing and ignores the header (RFC 9110 §7.8 allows it),
 * but Node's parser, once a request is flagged as an upgrade, drops every error in the
 * body that follows (node_http_parser.cc reports errors only when not upgrading). A
 * malformed chunk then neither ends the body nor becomes a 400: the request would wait for
 * the 10 s request timeout, found by the raw-request fuzzer. A body with Content-Length
 * cannot be malformed, only short, so it is served as usual; no browser or HTTP library
 * sends an upgrade with a chunked body (WebSocket and h2c upgrades are bodiless GETs).
 */
export function refuseUpgradeWithChunkedBody(
  request: IncomingMessage,
  response: ServerResponse,
): boolean {
  const { headers } = request;
  if (
    headers.upgrade === undefined ||
    headers['transfer-encoding'] === undefined ||
    !CONNECTION_UPGRADE.test(headers.connection ?? '')
  ) {
    return false;
  }
  answerAndClose(
    response,
    400,
    new ApiError(
      'invalid_query',
      'A request asking for a protocol upgrade cannot carry a chunked body: send it without Upgrade.',
    ),
  );
  return true;
}

/** Answers `error` in the contract's body and closes the connection after it. */
function answerAndClose(response: ServerResponse, status: number, error: ApiError): void {
  const body = error.toJson();
  response
    .writeHead(status, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      connection: 'close',
    })
    .end(body);
}
