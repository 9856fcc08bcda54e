import { fileURLToPath } from 'node:url';

/**
 * What PUSH_STORE_URL may be, read without opening anything (the configuration checks it at
 * start-up, so a value that names no store stops the service with its reason, while a store
 * that is merely down is waited for: deferred-store.ts).
 */

/** The SQLite file when PUSH_STORE_URL is unset: beside the ledger's default `./data/ledger.db`. */
export const DEFAULT_SQLITE_PATH = './data/push.db';

/** What PUSH_STORE_URL defaults to: a file beside the ledger's default `./data/ledger.db`. */
export const DEFAULT_PUSH_STORE_URL = `sqlite:${DEFAULT_SQLITE_PATH}`;

const ACCEPTED = `sqlite:PATH (e.g. ${DEFAULT_PUSH_STORE_URL}), file:PATH or a bare path; postgres://USER:PASSWORD@HOST:PORT/DATABASE (or postgresql://…); or redis://HOST:PORT (or rediss://…)`;

/** The file a SQLite URL (or bare path) names; an Error naming PUSH_STORE_URL otherwise. */
export function sqlitePath(url: string): string {
  const refuse = (): never => {
    throw new Error(`PUSH_STORE_URL must be ${ACCEPTED}; got ${describe(url)}`);
  };
  let path: string;
  if (/^file:\/\//i.test(url)) {
    try {
      path = fileURLToPath(url);
    } catch {
      return refuse();
    }
  } else if (/^(?:sqlite|file):/i.test(url)) {
    path = url.slice(url.indexOf(':') + 1);
    // sqlite://… is another convention (sqlite:///abs/path) that this form would misread.
    if (path.startsWith('//')) refuse();
  } else if (/^[A-Za-z][A-Za-z0-9+.-]*:/.test(url)) {
    // Another scheme (or a Windows drive, which this service does not run on).
    return refuse();
  } else {
    path = url;
  }
  if (path.trim() === '') refuse();
  return path;
}

/** Only the scheme: the rest of a value that is not understood may hold a password. */
function describe(url: string): string {
  if (url.trim() === '') return 'an empty value';
  const scheme = /^([A-Za-z][A-Za-z0-9+.-]{0,20}):/.exec(url)?.[1];
  if (scheme === undefined) return 'a value with no scheme';
  return url.startsWith(`${scheme}://`)
    ? `a value starting with "${scheme}://"`
    : `a value starting with "${scheme}:"`;
}

/** Why `url` names no follow store (ConfigError text), or null. */
export function storeUrlProblem(url: string): string | null {
  if (/^postgres(?:ql)?:\/\//i.test(url) || /^rediss?:\/\//i.test(url)) {
    try {
      new URL(url);
      return null;
    } catch {
      return `PUSH_STORE_URL must be ${ACCEPTED}; got ${describe(url)}`;
    }
  }
  try {
    sqlitePath(url);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}
