import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import {
  type ConnectionLimits,
  type ConnectionStats,
  guardConnections,
} from './connection-guard.ts';
import type { FastPath } from './fast-path.ts';
import { refuseUpgradeWithChunkedBody } from './protocol-edges.ts';

/**
 * A request's headers, and the whole request, must arrive within this; a connection with
 * no byte in or out for this long is closed too (a client that stops reading included).
 */
export const REQUEST_TIMEOUT_MS = 10_000;
/** An idle keep-alive connection is closed after this. */
const KEEP_ALIVE_TIMEOUT_MS = 5_000;
/**
 * How often Node checks the header and request timeouts. Its default (30 s) let slow
 * clients hold a connection for up to 40 s instead of the documented 10 s.
 */
const TIMEOUT_CHECK_INTERVAL_MS = 1_000;

export interface HttpServerOptions {
  readonly limits: ConnectionLimits;
  readonly isTrustedProxy: (address: string) => boolean;
  readonly stats: ConnectionStats;
  readonly logger: Logger;
  /** Answers the data endpoints' plain requests before the framework (fast-path.ts). */
  readonly fastPath?: FastPath | undefined;
}

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

/**
 * The public listener, made here (Fastify's `serverFactory`) rather than by Fastify so that
 * every request passes the connection guard before the framework spends anything on it.
 */
export function createHttpServer(handler: Handler, options: HttpServerOptions): Server {
  let guard: (request: IncomingMessage, response: ServerResponse) => boolean = () => true;
  const admit = (request: IncomingMessage, response: ServerResponse) =>
    guard(request, response) && !refuseUpgradeWithChunkedBody(request, response);
  const fastPath = options.fastPath;
  const server = createServer(
    // Host is required all the same, but answered in the contract's format
    // (protocol-edges.ts) rather than with Node's empty 400.
    { connectionsCheckingInterval: TIMEOUT_CHECK_INTERVAL_MS, requireHostHeader: false },
    fastPath === undefined
      ? (request, response) => {
          if (admit(request, response)) handler(request, response);
        }
      : (request, response) => {
          if (admit(request, response) && !fastPath(request, response, handler)) {
            handler(request, response);
          }
        },
  );
  server.headersTimeout = REQUEST_TIMEOUT_MS;
  server.requestTimeout = REQUEST_TIMEOUT_MS;
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  server.setTimeout(REQUEST_TIMEOUT_MS);
  guard = guardConnections(
    server,
    options.limits,
    options.isTrustedProxy,
    options.stats,
    options.logger,
  );
  return server;
}
