import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Logger } from 'pino';
import { clientKey } from '../quota/client-key.ts';

/**
 * Bounds what one client can make the server hold, below the HTTP framework:
 *
 * - **Pipelined requests.** Node parses every request in a chunk it reads and queues a
 *   response for each, whether or not the client ever reads them: 200 connections writing
 *   `GET /` in a loop without reading grew the heap to 4 GB in 45 s. A connection with more
 *   than `maxUnanswered` responses not yet handed to the OS is cut.
 * - **Connections per client address** (the quota's key: IPv4, or the IPv6 /64), so one
 *   address cannot take the file handles every other client needs. Trusted proxies
 *   (TRUST_PROXY) are exempt: every client behind them shares their address.
 * - **Connections in all** (`server.maxConnections`), below the process's file limit.
 *
 * Every cut is counted by reason (metrics) and logged at most once a second per reason.
 */

export type CutReason = 'pipelining' | 'per_address' | 'server_full' | 'penalized';

export interface ConnectionLimits {
  readonly max: number;
  readonly maxPerClient: number;
  readonly maxUnanswered: number;
}

/** What the guard counts, read by the metrics when scraped. */
export interface ConnectionStats {
  /** Connections cut, by reason. */
  readonly cuts: Record<CutReason, number>;
  /** Connections open right now. */
  open: number;
}

export const createConnectionStats = (): ConnectionStats => ({
  cuts: { pipelining: 0, per_address: 0, server_full: 0, penalized: 0 },
  open: 0,
});

/** How long an address that flooded a connection with pipelined requests is refused. */
export const PENALTY_MS = 10_000;
/** Addresses remembered in the penalty box at most (the oldest is forgotten first). */
const PENALTY_BOX_SIZE = 10_000;

/**
 * Installs the connection limits on `server` and returns the gate every request passes
 * before it reaches the framework: false means the request must be dropped unanswered
 * (its connection has been cut).
 *
 * Node parses every request of a chunk it has read (up to 64 KiB, some 2,000 minimal
 * requests) even after the socket is destroyed, so each cut connection still costs one
 * chunk of parsing. That is why an address caught pipelining is put in a penalty box: its
 * other connections are closed at once and new ones are refused for PENALTY_MS, before
 * they deliver a byte.
 */
export function guardConnections(
  server: Server,
  limits: ConnectionLimits,
  isTrustedProxy: (address: string) => boolean,
  stats: ConnectionStats,
  logger: Logger,
): (request: IncomingMessage, response: ServerResponse) => boolean {
  const { cuts } = stats;
  const lastLogged: Record<CutReason, number> = {
    pipelining: 0,
    per_address: 0,
    server_full: 0,
    penalized: 0,
  };
  const byClient = new Map<string, Set<Socket>>();
  const penalties = new Map<string, number>();
  const clientOf = new WeakMap<Socket, string>();
  const unanswered = new WeakMap<Socket, number>();

  const cut = (reason: CutReason, address: string | undefined, socket?: Socket) => {
    cuts[reason]++;
    socket?.destroy();
    const now = Date.now();
    if (now - lastLogged[reason] < 1_000) return; // an attack must not flood the log
    lastLogged[reason] = now;
    logger.warn({ reason, address, total: cuts[reason] }, 'connection closed: limit reached');
  };

  const penalize = (client: string) => {
    penalties.delete(client);
    if (penalties.size >= PENALTY_BOX_SIZE) penalties.delete(penalties.keys().next().value!);
    penalties.set(client, Date.now() + PENALTY_MS);
    for (const socket of byClient.get(client) ?? []) socket.destroy();
  };

  const isPenalized = (client: string) => {
    const until = penalties.get(client);
    if (until === undefined) return false;
    if (until > Date.now()) return true;
    penalties.delete(client);
    return false;
  };

  server.maxConnections = limits.max;
  server.on('drop', (data?: { remoteAddress?: string }) => cut('server_full', data?.remoteAddress));

  server.on('connection', (socket: Socket) => {
    stats.open++;
    socket.once('close', () => stats.open--);
    const address = socket.remoteAddress;
    if (address === undefined || isTrustedProxy(address)) return;
    const client = clientKey(address);
    if (isPenalized(client)) return cut('penalized', address, socket);
    let sockets = byClient.get(client);
    if (sockets === undefined) {
      sockets = new Set();
      byClient.set(client, sockets);
    }
    if (sockets.size >= limits.maxPerClient) return cut('per_address', address, socket);
    sockets.add(socket);
    clientOf.set(socket, client);
    socket.once('close', () => {
      sockets.delete(socket);
      if (sockets.size === 0) byClient.delete(client);
    });
  });

  return (request, response) => {
    const socket = request.socket;
    if (socket.destroyed) return false;
    const count = (unanswered.get(socket) ?? 0) + 1;
    unanswered.set(socket, count);
    if (count > limits.maxUnanswered) {
      const client = clientOf.get(socket);
      if (client !== undefined) penalize(client);
      ignoreRestOfChunk(socket);
      cut('pipelining', socket.remoteAddress, socket);
      return false;
    }
    // A response emits 'close' once, after it was wholly handed to the OS or when its socket
    // went away; one shared listener, so a request allocates no closure for it.
    response.on('close', settle);
    return true;
  };

  function settle(this: ServerResponse): void {
    const socket = this.req.socket;
    unanswered.set(socket, (unanswered.get(socket) ?? 1) - 1);
  }
}

/**
 * Node goes on parsing the chunk it has read after the socket is destroyed, and keeps
 * every request it parses until the socket closes, then aborts each with an error whose
 * stack trace it builds: thousands per flooding connection, seconds of CPU. Replacing the
 * parser's `onIncoming` callback (set per connection by Node's HTTP server) makes the rest
 * of the chunk parse into nothing that is kept. The property is Node's internal, so this
 * is a best effort: where it is missing, the requests are still dropped, only dearer.
 */
function ignoreRestOfChunk(socket: Socket): void {
  const parser = (socket as Socket & { parser?: { onIncoming?: unknown } | null }).parser;
  if (parser && typeof parser.onIncoming === 'function') parser.onIncoming = () => 0;
}
