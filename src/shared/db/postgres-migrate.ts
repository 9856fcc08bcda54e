import type pg from 'pg';

/**
 * Brings a set of PostgreSQL tables to the current version in one transaction, under an
 * advisory lock so that two processes starting together do not both create them (CREATE
 * TABLE IF NOT EXISTS alone races on the catalog's unique indexes). The version lives in a
 * one-row table of its own; a database newer than this program is refused, unchanged. Used
 * by the ledger (`ledger_schema`) and the follow store (`follow_schema`).
 */
export interface VersionedTables {
  /** The one-row table holding the version, e.g. `ledger_schema`. */
  readonly versionTable: string;
  /** The advisory lock key of schema changes (a constant, fixed forever). */
  readonly lockKey: number;
  /** Each step brings version i to i + 1. */
  readonly migrations: readonly string[];
  /** The refusal's words before the version: `its schema version is`. */
  readonly newerWords: string;
}

export async function migrateVersioned(
  client: pg.PoolClient,
  tables: VersionedTables,
): Promise<void> {
  const { versionTable, lockKey, migrations } = tables;
  await client.query('BEGIN');
  try {
    await client.query(`SELECT pg_advisory_xact_lock(${lockKey})`);
    await client.query(
      `CREATE TABLE IF NOT EXISTS ${versionTable} (
         singleton BOOLEAN PRIMARY KEY DEFAULT TRUE CHECK (singleton),
         version INTEGER NOT NULL
       );
       INSERT INTO ${versionTable} (version) VALUES (0) ON CONFLICT DO NOTHING`,
    );
    const { rows } = await client.query<{ version: number }>(`SELECT version FROM ${versionTable}`);
    const version = rows[0]?.version ?? 0;
    if (version > migrations.length) {
      throw new Error(
        `${tables.newerWords} ${version}, newer than this program's ${migrations.length}: run a newer reset-records`,
      );
    }
    for (const step of migrations.slice(version)) await client.query(step);
    await client.query(`UPDATE ${versionTable} SET version = $1`, [migrations.length]);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}
