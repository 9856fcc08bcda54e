import { writeSync } from 'node:fs';
import { openLedger } from '../../../src/producer/ledger/open-ledger.ts';
import { dismiss } from './entries.ts';

/**
 * A process that dies inside a transact: `node --import tsx ledger-crash.ts URL MODE`.
 * - `in-decide`: kills itself with SIGKILL inside decide, holding the write lock.
 * - `mid-append`: prints `deciding` and appends three entries; the test has made the
 *   store stall on the second one (an entry by actor `stall`), after the first was
 *   inserted, and kills the process there.
 */
const [url, mode] = process.argv.slice(2);
if (!url || (mode !== 'in-decide' && mode !== 'mid-append')) {
  throw new Error('usage: ledger-crash.ts URL in-decide|mid-append');
}

const ledger = await openLedger(url, { create: true });
await ledger.transact(() => {
  if (mode === 'in-decide') process.kill(process.pid, 'SIGKILL');
  // Synchronous: the line is out before the store starts inserting.
  writeSync(1, 'deciding\n');
  return {
    append: [dismiss('crash-1'), dismiss('crash-2', 'stall'), dismiss('crash-3')],
    result: null,
  };
});
// Not reached when the test does its job.
writeSync(1, 'committed\n');
await ledger.close();
