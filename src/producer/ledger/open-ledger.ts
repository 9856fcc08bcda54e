import type { Ledger } from './ledger.ts';
import { PostgresLedger } from './postgres-ledger.ts';
import { SqliteLedger } from './sqlite-ledger.ts';

/** What `LEDGER_URL` defaults to (producer.md §1): a file, no server. */
export const DEFAULT_LEDGER_URL = 'sqlite:./data/ledger.db';

const ACCEPTED =
  'sqlite:PATH (a file, created on first use; a relative PATH is relative to the current directory, ' +
  `e.g. ${DEFAULT_LEDGER_URL}) or postgres://USER:PASSWORD@HOST:PORT/DATABASE (or postgresql://…)`;

export interface OpenOptions {
  /**
   * For a command that only reads (`ops review`, `ops log`…): a SQLite ledger is opened
   * read-only (it must exist; no lock beyond a reader's; a write-protected file will do).
   * PostgreSQL readers never wait for writers, so its ledger opens as usual.
   */
  readonly readOnly?: boolean;
  /** SQLite: how long to wait for another writer (default 5 s). */
  readonly busyTimeoutMs?: number;
}

/**
 * Opens the ledger `LEDGER_URL` names, creating its file or schema on first use (unless
 * `readOnly`). Errors name LEDGER_URL and never show a password.
 */
export async function openLedger(url: string, options: OpenOptions = {}): Promise<Ledger> {
  if (url.startsWith('sqlite:')) {
    const path = url.slice('sqlite:'.length);
    // sqlite://… is another convention (sqlite:///abs/path) whose paths this form would
    // misread ("//./x.db" is /x.db): refused rather than guessed.
    if (path === '' || path.startsWith('//')) {
      throw new Error(`LEDGER_URL must be ${ACCEPTED}; got ${describe(url)}`);
    }
    return SqliteLedger.open(path, {
      readOnly: options.readOnly === true,
      ...(options.busyTimeoutMs === undefined ? {} : { busyTimeoutMs: options.busyTimeoutMs }),
    });
  }
  if (/^postgres(?:ql)?:\/\//.test(url)) return PostgresLedger.open(url);
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
