/**
 * Attack (c), idle connections from one address: a few thousand TCP connections from a
 * single client address that connect and send nothing, to take the server's file handles
 * and connection slots. Records how many the service let stay open at once and how long
 * they lasted; a connection the service closes is reopened after a pause.
 */
import { addressIn, BLOCKS } from '../addresses.ts';
import type { Target } from '../http-client.ts';
import { sleep } from '../lifecycle.ts';
import { Reservoir } from '../stats.ts';
import { open, waitFor } from './raw-socket.ts';

export interface IdleStats {
  readonly address: string;
  connections: number;
  connectFailures: Record<string, number>;
  /** Connections the service closed while the attack held them. */
  cutByService: number;
  /** How long each connection the service closed had lasted, in ms. */
  lifetimesMs: Reservoir;
  maxOpen: number;
  openAtEnd: number;
}

const RECONNECT_DELAY_MS = 5_000;
/** Connections opened at once while ramping up (a burst of thousands would be a SYN flood). */
const RAMP_CONCURRENCY = 100;

export async function idleConnections(
  target: Target,
  connections: number,
  durationMs: number,
  signal: AbortSignal,
): Promise<IdleStats> {
  const address = addressIn(BLOCKS.idleConnections, 0);
  const stats: IdleStats = {
    address,
    connections: 0,
    connectFailures: {},
    cutByService: 0,
    lifetimesMs: new Reservoir(),
    maxOpen: 0,
    openAtEnd: 0,
  };
  const started = Date.now();
  const endsAt = started + durationMs;
  const maxAttempts = Math.ceil(durationMs / RECONNECT_DELAY_MS) + 1;
  let open_ = 0;

  const slot = async () => {
    for (
      let attempt = 0;
      attempt < maxAttempts && !signal.aborted && Date.now() < endsAt;
      attempt++
    ) {
      const socket = await open(target, address);
      if (typeof socket === 'string') {
        stats.connectFailures[socket] = (stats.connectFailures[socket] ?? 0) + 1;
        await sleep(RECONNECT_DELAY_MS, signal);
        continue;
      }
      stats.connections++;
      open_++;
      stats.maxOpen = Math.max(stats.maxOpen, open_);
      const opened = Date.now();
      socket.resume(); // read, so a close by the service is seen at once
      const how = await waitFor(socket, 'close', signal, Math.max(1, endsAt - Date.now()));
      open_--;
      if (how !== 'closed' && how !== 'event') {
        stats.openAtEnd++;
        socket.destroy();
        return;
      }
      stats.cutByService++;
      stats.lifetimesMs.add(Date.now() - opened);
      await sleep(RECONNECT_DELAY_MS, signal);
    }
  };

  // Ramp up RAMP_CONCURRENCY connections at a time, then hold them all.
  const slots: Promise<void>[] = [];
  for (let i = 0; i < connections && !signal.aborted; i++) {
    slots.push(slot());
    if (i % RAMP_CONCURRENCY === RAMP_CONCURRENCY - 1) await sleep(50, signal);
  }
  await Promise.all(slots);
  return stats;
}
