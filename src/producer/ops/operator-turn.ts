import { setTimeout as sleep } from 'node:timers/promises';
import type { Ledger } from '../ledger/ledger.ts';

/**
 * Writing `ops` commands take turns (issue 16, finding 5): each holds the `ops` lease of
 * the ledger while it reads, decides (two builds: seconds on a large ledger) and appends,
 * so that commands started together do not each decide over a ledger the others are about
 * to change, and decide again, and again. The monitor does not take this lease: it is never
 * held up by an operator. The lease is only for fairness: a command whose lease expired
 * (it outlived TURN_MS) is still safe, because its append checks that nothing it depends
 * on was appended since it read (transactAfterReading).
 */

/** How long one command may hold its turn; then the next may go. */
const TURN_MS = 120_000;
/** How long a command waits for its turn before giving up with a message. */
const WAIT_MS = 180_000;

export class TurnTimeout extends Error {
  override name = 'TurnTimeout';
}

export async function inOperatorTurn<T>(
  ledger: Ledger,
  holder: string,
  work: () => Promise<T>,
  clock: () => number = Date.now,
): Promise<T> {
  const started = clock();
  let pause = 50;
  while (!(await ledger.acquireLease('ops', holder, clock(), clock() + TURN_MS))) {
    if (clock() - started > WAIT_MS) {
      throw new TurnTimeout(
        `another operator's command has held the ledger for over ${WAIT_MS / 60_000} minutes; nothing was done`,
      );
    }
    await sleep(pause);
    pause = Math.min(pause * 2, 1_000);
  }
  try {
    return await work();
  } finally {
    await ledger.releaseLease('ops', holder).catch(() => undefined);
  }
}
