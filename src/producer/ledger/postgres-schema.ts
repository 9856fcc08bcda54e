import type pg from 'pg';

/**
 * The PostgreSQL ledger's schema, versioned in `ledger_schema`: migration i takes the
 * database from version i to i + 1. A later version appends a migration; none is edited.
 *
 * - `payload` is `json`, not `jsonb`: `json` checks the syntax and keeps the text exactly
 *   as written, so an entry reads back byte for byte as the SQLite store returns it; jsonb
 *   reorders keys, rewrites numbers (1.0e2 becomes 100) and refuses \u0000 in strings.
 *   Ad-hoc queries can still cast (`payload::jsonb ->> 'postId'`).
 * - `id` is assigned by the store from `entry_sequence`, not by a SEQUENCE/identity:
 *   sequences are not transactional, so a rolled-back or crashed append, and every
 *   `ON CONFLICT DO NOTHING`, would burn ids and leave gaps, where the ledger promises
 *   1, 2, 3… A row updated in the same transaction is the transactional equivalent of
 *   SQLite's AUTOINCREMENT table; the write lock makes it uncontended.
 */
const MIGRATIONS: readonly string[] = [
  `CREATE TABLE entries (
     id BIGINT PRIMARY KEY CHECK (id > 0),
     at TEXT NOT NULL,
     actor TEXT NOT NULL,
     type TEXT NOT NULL,
     reason TEXT,
     payload JSON NOT NULL,
     post_id TEXT UNIQUE
   );
   CREATE TABLE entry_sequence (
     singleton BOOLEAN PRIMARY KEY DEFAULT TRUE CHECK (singleton),
     last_id BIGINT NOT NULL CHECK (last_id >= 0)
   );
   INSERT INTO entry_sequence (last_id) VALUES (0);
   CREATE TABLE leases (
     name TEXT PRIMARY KEY,
     holder TEXT NOT NULL,
     until_ms BIGINT NOT NULL
   );`,
  // The alerts' delivery steps (recordDelivery): kept apart from the journal, trimmed.
  `CREATE TABLE deliveries (
     id BIGSERIAL PRIMARY KEY,
     message_id TEXT NOT NULL,
     event TEXT NOT NULL,
     channel TEXT NOT NULL,
     outcome TEXT NOT NULL,
     attempts INTEGER NOT NULL,
     at TEXT NOT NULL,
     problem TEXT
   );`,
];

export const POSTGRES_SCHEMA_VERSION = MIGRATIONS.length;

/** Advisory lock keys (arbitrary constants, fixed forever): one for schema changes, one for writes. */
export const SCHEMA_LOCK = 7_526_574_100;
export const WRITE_LOCK = 7_526_574_101;

/**
 * Brings the database to the current schema in one transaction, under an advisory lock so
 * that two processes starting together do not both create the tables (CREATE TABLE IF NOT
 * EXISTS alone races on the catalog's unique indexes).
 */
export async function migrate(client: pg.PoolClient): Promise<void> {
  await client.query('BEGIN');
  try {
    await client.query(`SELECT pg_advisory_xact_lock(${SCHEMA_LOCK})`);
    await client.query(
      `CREATE TABLE IF NOT EXISTS ledger_schema (
         singleton BOOLEAN PRIMARY KEY DEFAULT TRUE CHECK (singleton),
         version INTEGER NOT NULL
       );
       INSERT INTO ledger_schema (version) VALUES (0) ON CONFLICT DO NOTHING`,
    );
    const { rows } = await client.query<{ version: number }>('SELECT version FROM ledger_schema');
    const version = rows[0]?.version ?? 0;
    if (version > MIGRATIONS.length) {
      throw new Error(
        `its schema version is ${version}, newer than this program's ${MIGRATIONS.length}: run a newer reset-records`,
      );
    }
    for (const step of MIGRATIONS.slice(version)) await client.query(step);
    await client.query('UPDATE ledger_schema SET version = $1', [MIGRATIONS.length]);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}
