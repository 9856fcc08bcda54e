import { hostname } from 'node:os';
import { createRulesClassifier } from '../classify/rules-classifier.ts';
import type { ProducerConfig } from '../config.ts';
import type { NewEntry } from '../ledger/entry.ts';
import type { Ledger } from '../ledger/ledger.ts';
import { openLedger } from '../ledger/open-ledger.ts';
import { opsLedgerAccess } from '../ops/ledger-access.ts';
import { inOperatorTurn } from '../ops/operator-turn.ts';
import { runOps } from '../ops/run-ops.ts';
import { OPS_USAGE } from '../ops/usage.ts';
import { ProducerUsageError, parse } from './arguments.ts';

/**
 * `ledger-copy TARGET_URL`: copies every entry of LEDGER_URL, in order, into an empty
 * ledger at TARGET_URL in one transaction (ids stay 1..n), e.g. from SQLite to PostgreSQL.
 */
export async function ledgerCopyCommand(config: ProducerConfig, argv: string[]): Promise<number> {
  const { positionals } = parse(argv, {});
  if (positionals.length !== 1) throw new ProducerUsageError('ledger-copy takes one TARGET_URL');
  const source = await openLedger(config.ledgerUrl);
  const target = await openLedger(positionals[0]!);
  try {
    const entries = await source.entries();
    const { appended } = await target.transact((existing) => {
      if (existing.length > 0)
        throw new Error(`the target ledger is not empty (${existing.length} entries)`);
      return {
        append: entries.map(({ id: _id, ...entry }) => entry as NewEntry),
        result: undefined,
      };
    });
    const same = appended.every((entry, index) => entry.id === entries[index]!.id);
    console.log(
      `Copied ${appended.length} of ${entries.length} entries${same ? ', same ids' : ''}.`,
    );
    return appended.length === entries.length && same ? 0 : 1;
  } finally {
    await source.close();
    await target.close();
  }
}

/**
 * How long an operator's command waits for another writer (the monitor, another command)
 * before it gives up: writers hold the lock for milliseconds (transactAfterReading), so
 * this is reached only when a writer is stuck.
 */
const OPS_BUSY_TIMEOUT_MS = 30_000;

/** `ops …` (producer.md §4) against the configured ledger. */
export async function opsCommand(config: ProducerConfig, argv: string[]): Promise<number> {
  if (argv.length === 0 || ['help', '--help', '-h'].includes(argv[0]!)) {
    console.log(OPS_USAGE); // without opening (or creating) a ledger
    return argv.length === 0 ? 2 : 0;
  }
  const access = opsLedgerAccess(argv);
  const ledger =
    access === 'none'
      ? unopened
      : await openLedger(config.ledgerUrl, {
          readOnly: access === 'read',
          busyTimeoutMs: OPS_BUSY_TIMEOUT_MS,
        });
  try {
    const run = () =>
      runOps(argv, {
        ledger,
        now: Date.now,
        operator: config.operator,
        settings: config.build,
        classify: createRulesClassifier(config.classifier),
        stdout: (line) => console.log(line),
        stderr: (line) => console.error(line),
      });
    // Writing commands take turns; reading ones need none.
    return access === 'write'
      ? await inOperatorTurn(ledger, `${hostname()}:${process.pid}:ops`, run)
      : await run();
  } finally {
    await ledger.close();
  }
}

/** For an `ops` usage error: runOps refuses it before reading, so no ledger is opened. */
const unopened: Ledger = {
  entries: () => Promise.reject(new Error('the ledger was not opened')),
  transact: () => Promise.reject(new Error('the ledger was not opened')),
  acquireLease: () => Promise.reject(new Error('the ledger was not opened')),
  releaseLease: () => Promise.reject(new Error('the ledger was not opened')),
  close: () => Promise.resolve(),
};
