import type Database from 'libsql';

/**
 * BEGIN IMMEDIATE (the write lock, waiting up to the busy timeout), `fn`, COMMIT: every
 * SQLite write of both programs (the ledger, the follow store). Written out rather than
 * libsql's `db.transaction(fn).immediate()`, whose unconditional ROLLBACK throws "no
 * transaction is active" when SQLite has already rolled back (after SQLITE_FULL,
 * SQLITE_IOERR…) and so replaces the error that explains what went wrong.
 */
export function immediate<T>(db: Database.Database, fn: () => T): T {
  db.exec('BEGIN IMMEDIATE');
  try {
    const result = fn();
    db.exec('COMMIT');
    return result;
  } catch (error) {
    if (db.inTransaction) {
      try {
        db.exec('ROLLBACK');
      } catch {
        // Keep the first error: it says what went wrong.
      }
    }
    throw error;
  }
}
