/**
 * Attack (b), slowloris: many connections that send a request's headers one byte every
 * few seconds and never finish them, to hold the server's connections (and, in servers
 * without a headers timeout, its file handles) forever. The service must cut them
 * (README: headers within 10 s), answering 408 with a contract error body, or just close.
 * A cut connection is reopened after a pause; every lifetime is recorded.
 */
import type { Socket } from 'node:net';
import { addressIn, BLOCKS } from '../addresses.ts';
import { checkHttpError } from '../contract.ts';
import type { Target } from '../http-client.ts';
import { sleep } from '../lifecycle.ts';
import { Reservoir, type Violations } from '../stats.ts';
import { open, waitFor } from './raw-socket.ts';

export interface SlowlorisStats {
  connections: number;
  connectFailures: number;
  bytesSent: number;
  /** Connections the service ended, by how: "408", other status, or "closed" (no answer). */
  endings: Record<string, number>;
  /** How long each connection the service ended had lasted, in ms. */
  lifetimesMs: Reservoir;
  /** Connections still open when the attack stopped (never cut). */
  survivedToEnd: number;
}

const START = 'GET / HTTP/1.1\r\nHost: x\r\nX-Slow: ';
const CONNECTIONS_PER_ADDRESS = 10;
const RECONNECT_DELAY_MS = 1_000;
const MAX_ANSWER_BYTES = 16 * 1024;

export async function slowloris(
  target: Target,
  connections: number,
  byteEveryMs: number,
  durationMs: number,
  signal: AbortSignal,
  violations: Violations,
): Promise<SlowlorisStats> {
  const stats: SlowlorisStats = {
    connections: 0,
    connectFailures: 0,
    bytesSent: 0,
    endings: {},
    lifetimesMs: new Reservoir(),
    survivedToEnd: 0,
  };
  const started = Date.now();
  const endsAt = started + durationMs;
  const maxAttempts = Math.ceil(durationMs / RECONNECT_DELAY_MS) + 1;

  const slot = async (index: number) => {
    const localAddress = addressIn(BLOCKS.slowloris, Math.floor(index / CONNECTIONS_PER_ADDRESS));
    for (
      let attempt = 0;
      attempt < maxAttempts && !signal.aborted && Date.now() < endsAt;
      attempt++
    ) {
      const socket = await open(target, localAddress);
      if (typeof socket === 'string') {
        stats.connectFailures++;
        await sleep(RECONNECT_DELAY_MS, signal);
        continue;
      }
      stats.connections++;
      const opened = Date.now();
      const answer = collect(socket);
      const ended = await trickle(socket, stats, byteEveryMs, signal, endsAt);
      if (!ended) {
        stats.survivedToEnd++;
        socket.destroy();
        return;
      }
      stats.lifetimesMs.add(Date.now() - opened);
      const text = answer();
      const status = /^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 'closed';
      stats.endings[status] = (stats.endings[status] ?? 0) + 1;
      if (status !== 'closed') checkAnswer(text, Number(status), violations);
      await sleep(RECONNECT_DELAY_MS, signal);
    }
  };
  await Promise.all(Array.from({ length: connections }, (_, i) => slot(i)));
  return stats;
}

/** Sends the headers byte by byte; true when the service ended the connection. */
async function trickle(
  socket: Socket,
  stats: SlowlorisStats,
  byteEveryMs: number,
  signal: AbortSignal,
  endsAt: number,
): Promise<boolean> {
  socket.write(START);
  stats.bytesSent += START.length;
  const maxBytes = Math.ceil((endsAt - Date.now()) / byteEveryMs) + 1;
  for (let i = 0; i < maxBytes; i++) {
    const how = await waitFor(
      socket,
      'close',
      signal,
      Math.min(byteEveryMs, Math.max(1, endsAt - Date.now())),
    );
    if (how === 'closed' || how === 'event') return true;
    if (how === 'aborted' || Date.now() >= endsAt) return false;
    socket.write('a');
    stats.bytesSent++;
  }
  return false;
}

/** Keeps the first bytes the service sends; returns a reader of them. */
function collect(socket: Socket): () => string {
  const chunks: Buffer[] = [];
  let bytes = 0;
  socket.on('data', (chunk: Buffer) => {
    if (bytes < MAX_ANSWER_BYTES) chunks.push(chunk);
    bytes += chunk.length;
  });
  return () => Buffer.concat(chunks).toString('utf8');
}

/** An answer to a request never finished must be a contract error (408 or 400), never a 5xx. */
function checkAnswer(text: string, status: number, violations: Violations): void {
  const split = text.indexOf('\r\n\r\n');
  const head = text.slice(0, split);
  const body = text.slice(split + 4);
  const headers: Record<string, string> = {};
  for (const line of head.split('\r\n').slice(1)) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  if (status >= 500) violations.add('5xx', `slowloris: HTTP ${status}`);
  const problem = checkHttpError({ ok: true, status, headers, body, ms: 0, connectMs: 0 });
  if (problem !== undefined) violations.add('error body', `slowloris: ${problem}`);
}
