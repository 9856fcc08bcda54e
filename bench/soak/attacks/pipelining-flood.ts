/**
 * Attack (a), pipelining flood: raw TCP connections, each from its own address, writing
 * `GET / HTTP/1.1` (the server-rendered status page) over and over and never reading an
 * answer. A server that queues a response per request parsed grows without bound; one
 * that applies backpressure or cuts such connections stays flat. A connection the service
 * closes is reopened after a pause, so the pressure lasts the whole run.
 */
import type { Socket } from 'node:net';
import { addressIn, BLOCKS } from '../addresses.ts';
import type { Target } from '../http-client.ts';
import { sleep } from '../lifecycle.ts';
import { open, waitFor } from './raw-socket.ts';

export interface FloodStats {
  connections: number;
  connectFailures: number;
  /** Connections that ended while the attack still wanted them (cut by the service). */
  cutByService: number;
  requestsWritten: number;
  maxOpen: number;
}

const REQUEST = 'GET / HTTP/1.1\r\nHost: x\r\n\r\n';
/** One write: 64 pipelined requests. */
const CHUNK = REQUEST.repeat(64);
const REQUESTS_PER_CHUNK = 64;
/**
 * A chunk every 10 ms per connection (up to 6,400 requests/s each): far more than a
 * server should answer for one connection that never reads, yet bounded, so the
 * attacker's own CPU does not starve the service on a 2-core machine.
 */
const CHUNK_EVERY_MS = 10;
const RECONNECT_DELAY_MS = 500;
/** Per connection: at most this many requests (a bound on what the attack can send). */
const MAX_REQUESTS_PER_CONNECTION = 2_000_000;

export async function pipeliningFlood(
  target: Target,
  connections: number,
  durationMs: number,
  signal: AbortSignal,
): Promise<FloodStats> {
  const stats: FloodStats = {
    connections: 0,
    connectFailures: 0,
    cutByService: 0,
    requestsWritten: 0,
    maxOpen: 0,
  };
  let open_ = 0;
  const started = Date.now();
  const maxAttempts = Math.ceil(durationMs / RECONNECT_DELAY_MS) + 1;

  const slot = async (index: number) => {
    const localAddress = addressIn(BLOCKS.pipeliningFlood, index);
    for (
      let attempt = 0;
      attempt < maxAttempts && !signal.aborted && Date.now() - started < durationMs;
      attempt++
    ) {
      const socket = await open(target, localAddress);
      if (typeof socket === 'string') {
        stats.connectFailures++;
        await sleep(RECONNECT_DELAY_MS, signal);
        continue;
      }
      stats.connections++;
      open_++;
      stats.maxOpen = Math.max(stats.maxOpen, open_);
      socket.pause(); // never read: the answers pile up on the service's side
      const how = await flood(socket, stats, signal, started + durationMs);
      open_--;
      socket.destroy();
      if (how === 'closed') stats.cutByService++;
      await sleep(RECONNECT_DELAY_MS, signal);
    }
  };
  await Promise.all(Array.from({ length: connections }, (_, i) => slot(i)));
  return stats;
}

/** Writes until the socket closes, the attack stops, or the bound is reached. */
async function flood(
  socket: Socket,
  stats: FloodStats,
  signal: AbortSignal,
  endsAt: number,
): Promise<'closed' | 'stopped'> {
  for (let written = 0; written < MAX_REQUESTS_PER_CONNECTION; written += REQUESTS_PER_CHUNK) {
    if (signal.aborted || Date.now() >= endsAt) return 'stopped';
    if (socket.destroyed) return 'closed';
    stats.requestsWritten += REQUESTS_PER_CHUNK;
    if (!socket.write(CHUNK)) {
      // The service stopped reading: wait (bounded) until it reads again or goes away.
      const how = await waitFor(socket, 'drain', signal, Math.max(1, endsAt - Date.now()));
      if (how === 'closed') return 'closed';
      if (how !== 'event') return 'stopped';
    } else {
      const how = await waitFor(socket, 'close', signal, CHUNK_EVERY_MS);
      if (how === 'closed' || how === 'event') return 'closed';
      if (how === 'aborted') return 'stopped';
    }
  }
  return 'stopped';
}
