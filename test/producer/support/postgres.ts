import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * A throwaway PostgreSQL database per test file, made through the `postgres` maintenance
 * database of the server the tests use (trust authentication on 127.0.0.1:5432 in CI;
 * LEDGER_TEST_POSTGRES_URL points elsewhere).
 */

export const POSTGRES_ADMIN_URL =
  process.env['LEDGER_TEST_POSTGRES_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Runs statements on `url` with a short-lived client. */
export async function sql(url: string, text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    return await client.query(text, values);
  } finally {
    await client.end();
  }
}

export interface TestDatabase {
  readonly name: string;
  readonly url: string;
  drop(): Promise<void>;
}

/** A new, empty database named `reset_records_test_<label>_<random>`. */
export async function createDatabase(label: string): Promise<TestDatabase> {
  const name = `reset_records_test_${label}_${randomBytes(5).toString('hex')}`;
  await sql(POSTGRES_ADMIN_URL, `CREATE DATABASE ${name}`);
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    // FORCE: a connection a killed child left behind must not keep the database alive.
    drop: () =>
      sql(POSTGRES_ADMIN_URL, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).then(() => undefined),
  };
}
