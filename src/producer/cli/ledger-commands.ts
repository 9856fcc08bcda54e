import { hostname } from 'node:os';
import { resolve } from 'node:path';
import { redactUrl } from '../../shared/util/secrets.ts';
import type { ProducerConfig } from '../config.ts';
import type { NewEntry } from '../ledger/entry.ts';
import type { Ledger } from '../ledger/ledger.ts';
import { LedgerMissingError, openLedger } from '../ledger/open-ledger.ts';
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
  // Creating the target is what this command is for: it must hold no entry.
  const target = await openLedger(positionals[0]!, { create: true });
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
 * `ledger-init`: creates the ledger LEDGER_URL names (a SQLite file and its directory, or
 * the schema in a PostgreSQL database), the one command that does (issue 16, finding 8).
 * Run again on an existing ledger it changes nothing and says so.
 */
export async function ledgerInitCommand(config: ProducerConfig, argv: string[]): Promise<number> {
  const { positionals } = parse(argv, {});
  if (positionals.length > 0) throw new ProducerUsageError('ledger-init takes no argument');
  const where = describeLedger(config.ledgerUrl);
  let existing: Awaited<ReturnType<typeof openLedger>> | undefined;
  try {
    existing = await openLedger(config.ledgerUrl);
  } catch (error) {
    if (!(error instanceof LedgerMissingError)) throw error;
  }
  if (existing !== undefined) {
    try {
      const count = (await existing.entries()).length;
      console.log(`The ledger at ${where} already exists (${count} entries); nothing changed.`);
    } finally {
      await existing.close();
    }
    return 0;
  }
  await (await openLedger(config.ledgerUrl, { create: true })).close();
  console.log(`Created the ledger at ${where}.`);
  return 0;
}

/** Where a ledger is, for a person: the file's absolute path, or the URL without its password. */
function describeLedger(url: string): string {
  return url.startsWith('sqlite:') ? resolve(url.slice('sqlite:'.length)) : redactUrl(url);
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
  // The classifier's modules only for `ops reclassify`: the other commands start faster.
  const classify =
    argv[0] === 'reclassify'
      ? (await import('../classify/rules-classifier.ts')).createRulesClassifier(config.classifier)
      : undefined;
  try {
    const run = () =>
      runOps(argv, {
        ledger,
        now: Date.now,
        operator: config.operator,
        settings: config.build,
        ...(classify === undefined ? {} : { classify }),
        timeZone: config.classifier.timeZone,
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
  leaseHolder: () => Promise.reject(new Error('the ledger was not opened')),
  recordDelivery: () => Promise.reject(new Error('the ledger was not opened')),
  recentDeliveries: () => Promise.reject(new Error('the ledger was not opened')),
  close: () => Promise.resolve(),
};
