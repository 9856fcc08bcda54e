import type Database from 'libsql';
import { immediate } from '../../shared/db/sqlite-immediate.ts';

/**
 * The SQLite ledger's schema, versioned with `PRAGMA user_version`: migration i takes the
 * file from version i to i + 1. A later version appends a migration; none is ever edited.
 */
type Migration = (db: Database.Database) => void;

const MIGRATIONS: readonly Migration[] = [
  (db) =>
    db.exec(`
      -- AUTOINCREMENT: an id is never given twice, even if the last row were ever removed by
      -- hand (plain rowids restart from max(id) + 1). STRICT: a value of the wrong type is an
      -- error, not silently converted.
      CREATE TABLE entries (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        at TEXT NOT NULL,
        actor TEXT NOT NULL,
        type TEXT NOT NULL,
        reason TEXT,
        payload TEXT NOT NULL CHECK (json_valid(payload)),
        post_id TEXT UNIQUE
      ) STRICT;
      CREATE TABLE leases (
        name TEXT PRIMARY KEY,
        holder TEXT NOT NULL,
        until_ms INTEGER NOT NULL
      ) STRICT;
    `),
  // The alerts' delivery steps (recordDelivery): kept apart from the journal, trimmed.
  (db) =>
    db.exec(`
      CREATE TABLE deliveries (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        message_id TEXT NOT NULL,
        event TEXT NOT NULL,
        channel TEXT NOT NULL,
        outcome TEXT NOT NULL,
        attempts INTEGER NOT NULL,
        at TEXT NOT NULL,
        problem TEXT
      ) STRICT;
    `),
];

export const SQLITE_SCHEMA_VERSION = MIGRATIONS.length;

/** Brings the file to the current schema; two processes opening a new file at once take turns. */
export function migrate(db: Database.Database): void {
  immediate(db, () => {
    const version = userVersion(db);
    if (version > MIGRATIONS.length) {
      throw new Error(
        `its schema version is ${version}, newer than this program's ${MIGRATIONS.length}: run a newer reset-records`,
      );
    }
    for (const step of MIGRATIONS.slice(version)) step(db);
    // A literal: PRAGMA takes no bound parameters. The value is our own integer.
    if (version < MIGRATIONS.length) db.exec(`PRAGMA user_version = ${MIGRATIONS.length}`);
  });
}

/**
 * The file's schema version. Read through a raw row: libsql 0.5's `pragma(…, { simple: true })`
 * (and `pluck()`) still return the row object, with `_metadata`, not the value.
 */
export function userVersion(db: Database.Database): number {
  const row = db.prepare('PRAGMA user_version').raw(true).get() as [number] | undefined;
  const version = row?.[0];
  if (!Number.isSafeInteger(version)) throw new Error('cannot read its schema version');
  return version as number;
}
