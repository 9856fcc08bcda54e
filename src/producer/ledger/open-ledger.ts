import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Ledger } from './ledger.ts';
import { LEDGER_INIT_HINT, LedgerMissingError } from './ledger-missing.ts';
import { PostgresLedger } from './postgres-ledger.ts';
import { SqliteLedger } from './sqlite-ledger.ts';

/** What `LEDGER_URL` defaults to (producer.md §1): a file, no server. */
export const DEFAULT_LEDGER_URL = 'sqlite:./data/ledger.db';

const ACCEPTED =
  'sqlite:PATH (a file, created by `reset-records ledger-init`; a relative PATH is relative to the current directory, ' +
  `e.g. ${DEFAULT_LEDGER_URL}) or postgres://USER:PASSWORD@HOST:PORT/DATABASE (or postgresql://…)`;

export { LEDGER_INIT_HINT, LedgerMissingError } from './ledger-missing.ts';

export interface OpenOptions {
  /** Create the ledger (its file, or its schema in the database) when there is none. */
  readonly create?: boolean;
  /**
   * For a command that only reads (`ops review`, `ops log`…): a SQLite ledger is opened
   * read-only (no lock beyond a reader's; a write-protected file will do). PostgreSQL
   * readers never wait for writers, so its ledger opens as usual.
   */
  readonly readOnly?: boolean;
  /** SQLite: how long to wait for another writer (default 5 s). */
  readonly busyTimeoutMs?: number;
}

/**
 * Opens the ledger `LEDGER_URL` names, bringing its schema up to date (unless `readOnly`);
 * with `create` also when it does not exist yet (`ledger-init`, the target of
 * `ledger-copy`), otherwise a missing ledger is a LedgerMissingError. Errors name
 * LEDGER_URL and never show a password.
 */
export async function openLedger(url: string, options: OpenOptions = {}): Promise<Ledger> {
  if (url.startsWith('sqlite:')) {
    const path = url.slice('sqlite:'.length);
    // sqlite://… is another convention (sqlite:///abs/path) whose paths this form would
    // misread ("//./x.db" is /x.db): refused rather than guessed.
    if (path === '' || path.startsWith('//')) {
      throw new Error(`LEDGER_URL must be ${ACCEPTED}; got ${describe(url)}`);
    }
    if (options.create !== true && !existsSync(resolve(path))) {
      throw new LedgerMissingError(
        `no ledger at ${resolve(path)} (LEDGER_URL=${url}; a relative path is relative to the current directory): ${LEDGER_INIT_HINT}`,
      );
    }
    return SqliteLedger.open(path, {
      readOnly: options.readOnly === true,
      ...(options.busyTimeoutMs === undefined ? {} : { busyTimeoutMs: options.busyTimeoutMs }),
    });
  }
  if (/^postgres(?:ql)?:\/\//.test(url)) return PostgresLedger.open(url, options);
  throw new Error(`LEDGER_URL must be ${ACCEPTED}; got ${describe(url)}`);
}

/** Only the scheme: the rest of a value that is not understood may hold a password. */
function describe(url: string): string {
  if (url === '') return 'an empty value';
  const scheme = /^([A-Za-z][A-Za-z0-9+.-]{0,20}):/.exec(url)?.[1];
  if (scheme === undefined) return 'a value with no scheme';
  return url.startsWith(`${scheme}://`)
    ? `a value starting with "${scheme}://"`
    : `a value starting with "${scheme}:"`;
}
