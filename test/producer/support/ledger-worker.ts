import { createInterface } from 'node:readline';
import { setTimeout as delay } from 'node:timers/promises';
import { openLedger } from '../../../src/producer/ledger/open-ledger.ts';
import { checked } from './entries.ts';

/**
 * A writer process for the concurrency tests: `node --import tsx ledger-worker.ts URL LABEL N`.
 * Opens the ledger (creating it if need be, possibly at the same moment as another worker),
 * prints `ready`, waits for `go` on stdin so that the writers start together, then makes N
 * transacts that each append one entry recording how many entries it saw.
 */
const [url, label, count] = process.argv.slice(2);
if (!url || !label || !count) throw new Error('usage: ledger-worker.ts URL LABEL COUNT');

const ledger = await openLedger(url, { create: true });
process.stdout.write('ready\n');
const lines = createInterface({ input: process.stdin });
for await (const line of lines) if (line === 'go') break;
lines.close();

for (let i = 0; i < Number(count); i += 1) {
  await ledger.transact((entries) => ({ append: [checked(label, entries.length)], result: null }));
  // A breath between writes, as a real writer has: without it one SQLite process can keep
  // the lock for all its writes while the other sleeps in its busy handler, and the test
  // would check little interleaving. Correctness does not depend on it.
  await delay(1);
}
await ledger.close();
process.stdout.write('done\n');
