import type pg from 'pg';
import { migrateVersioned } from '../../shared/db/postgres-migrate.ts';

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

/** Brings the database to the current schema (shared/db/postgres-migrate.ts). */
export function migrate(client: pg.PoolClient): Promise<void> {
  return migrateVersioned(client, {
    versionTable: 'ledger_schema',
    lockKey: SCHEMA_LOCK,
    migrations: MIGRATIONS,
    newerWords: 'its schema version is',
  });
}
