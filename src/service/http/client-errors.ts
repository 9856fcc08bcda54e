import { type IncomingMessage, type ServerResponse, STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../../shared/domain/errors.ts';
import { sendError } from './send-error.ts';

/**
 * Requests refused before routing get the contract's JSON error body (decisions.md §6),
 * `invalid_query` with the HTTP status of the case (README: choices where the spec is
 * silent), rather than Node's empty answers or Fastify's own error format.
 */

/**
 * One complete HTTP/1.1 error response, for a socket no ServerResponse writes to (the
 * parser gave up on it, or Node handed it over for CONNECT). It closes the connection:
 * nothing more can be read reliably from such a socket.
 */
export function rawErrorResponse(
  status: number,
  error: ApiError,
  headers: Readonly<Record<string, string>> = {},
): string {
  const body = error.toJson();
  const extra = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
  return (
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
    `Content-Length: ${Buffer.byteLength(body)}\r\nX-Content-Type-Options: nosniff\r\n` +
    `Cache-Control: no-store\r\n${extra.join('')}Connection: close\r\n\r\n${body}`
  );
}

interface Exchange {
  readonly request: IncomingMessage;
  readonly response: ServerResponse;
}
/** The last request each connection delivered, with its response (see answerClientError). */
const lastExchanges = new WeakMap<Socket, Exchange>();

/**
 * Records the request a connection delivered last, with its response, so that
 * `answerClientError` can tell which request a parse error belongs to. Call for every
 * request the server delivers (its 'request' and 'checkExpectation' events).
 */
export function recordExchange(request: IncomingMessage, response: ServerResponse): void {
  lastExchanges.set(request.socket as Socket, { request, response });
}

/**
 * Requests that Node's HTTP parser refuses before Fastify sees them (oversized headers,
 * a slow client, garbage on the wire), then the connection is closed.
 *
 * A refusal must answer the request that failed, never another one, or a client or proxy
 * would take it as the answer to a request it did not belong to (response desync):
 * - the error can come in the body of a request already answered (its head was valid,
 *   and the app does not read bodies it ignores): as Node's own handler does, the
 *   connection is cut without a second response;
 * - while an earlier pipelined request is still being answered, the refusal waits for
 *   that response, so that answers go out in the order of the requests; and none goes
 *   out if that response closed the connection (RFC 9112 §9.6: no request after one
 *   that closes is processed).
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  const last = lastExchanges.get(socket);
  const answeredAlready = last !== undefined && !last.request.complete && last.response.headersSent;
  if (error.code === 'ECONNRESET' || socket.destroyed || !socket.writable || answeredAlready) {
    socket.destroy();
    return;
  }
  const [status, detail] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'The request headers are too large.']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'The request took too long to arrive.']
        : [400, 'The request is not valid HTTP.'];
  const refusal = rawErrorResponse(status, new ApiError('invalid_query', detail));
  if (last?.request.complete && !last.response.closed) {
    last.response.once('close', () => (socket.writable ? socket.end(refusal) : socket.destroy()));
    return;
  }
  socket.end(refusal);
}

/**
 * Requests Fastify's router refuses before any hook runs, such as a path whose
 * percent-encoding does not decode (`/%zz`, FST_ERR_BAD_URL), keep their 4xx status;
 * anything else the router reports is unexpected (500).
 */
export function answerFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  reply.header('x-content-type-options', 'nosniff'); // no onRequest hook has run
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    request.log.info({ code: error.code, status }, 'request refused');
    return sendError(
      reply,
      new ApiError('invalid_query', 'The request target is not valid.'),
      status,
    );
  }
  request.log.error({ err: error }, 'unexpected framework error');
  return sendError(reply, new ApiError('internal_error'));
}
