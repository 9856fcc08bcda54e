import pg from 'pg';
import type { DeliveryRecord } from '../../shared/delivery/sender.ts';
import { redactUrl, scrubSecrets, secretsOf } from '../../shared/util/secrets.ts';
import type { Entry } from './entry.ts';
import { EntryCache } from './entry-cache.ts';
import { type Decision, type Ledger, MAX_DELIVERIES, type Transacted } from './ledger.ts';
import { LEDGER_INIT_HINT, LedgerMissingError } from './ledger-missing.ts';
import { migrate, WRITE_LOCK } from './postgres-schema.ts';
import { type DeliveryRow, deliveryValues, toDelivery } from './stored-delivery.ts';
import { checkLease, decideRows, type EntryRow, type NewRow, toEntry } from './stored-entry.ts';

/**
 * The shared ledger (producer.md §1: several operators or monitor replicas), in PostgreSQL.
 * `transact` runs under a transaction-scoped advisory lock, so writers anywhere take turns;
 * the lock goes with the transaction when a process dies (its connection closes).
 */

const POOL = {
  // A few: one for the writer (transacts are queued in-process, see #queue), the rest for
  // reads and leases, which do not wait for the write lock.
  max: 3,
  connectionTimeoutMillis: 10_000,
  idleTimeoutMillis: 30_000,
  // Also bounds the wait for the write lock: a writer stuck longer than this is a fault.
  statement_timeout: 30_000,
  // A client that hangs inside a transaction (holding the write lock) is cut off.
  idle_in_transaction_session_timeout: 60_000,
  keepAlive: true,
  application_name: 'reset-records-ledger',
} as const satisfies pg.PoolConfig;

interface StoredRow extends EntryRow {
  readonly id: string;
}

const INSERT = `INSERT INTO entries (id, at, actor, type, reason, payload, post_id)
  VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (post_id) DO NOTHING`;

export class PostgresLedger implements Ledger {
  readonly #pool: pg.Pool;
  readonly #secrets: readonly string[];
  /** Transacts of this process, one after another: waiting ones hold no pooled connection. */
  #queue: Promise<unknown> = Promise.resolve();
  #closed = false;
  /** Every entry read so far: each read fetches only the newer ones (and the last, checked). */
  readonly #read = new EntryCache();

  /** Connects and creates or migrates the schema; the error never carries the password. */
  static async open(url: string, options: { create?: boolean } = {}): Promise<PostgresLedger> {
    const secrets = secretsOf(url);
    try {
      new URL(url);
    } catch {
      throw new Error('LEDGER_URL is not a valid postgres:// URL');
    }
    const ledger = new PostgresLedger(new pg.Pool({ connectionString: url, ...POOL }), secrets);
    try {
      await ledger.#withClient(async (client) => {
        if (options.create !== true && !(await hasLedger(client))) throw new MissingSchema();
        await migrate(client);
      });
      return ledger;
    } catch (error) {
      await ledger.close();
      if (error instanceof MissingSchema) {
        throw new LedgerMissingError(
          `no ledger in the PostgreSQL database ${redactUrl(url)} (LEDGER_URL): ${LEDGER_INIT_HINT}`,
        );
      }
      // Already scrubbed by #withClient, so it can be kept as the cause (with its `code`).
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(`cannot open the PostgreSQL ledger ${redactUrl(url)}: ${reason}`, {
        cause: error,
      });
    }
  }

  private constructor(pool: pg.Pool, secrets: readonly string[]) {
    this.#pool = pool;
    this.#secrets = secrets;
    // An idle connection that drops (server restart) is reported here; without a listener
    // it would crash the process. The next query opens a new connection and reports then.
    pool.on('error', () => undefined);
  }

  async entries(): Promise<Entry[]> {
    this.#checkOpen();
    return this.#withClient((client) => this.#readAll(client));
  }

  transact<T>(decide: (entries: readonly Entry[]) => Decision<T>): Promise<Transacted<T>> {
    try {
      this.#checkOpen();
    } catch (error) {
      return Promise.reject(error);
    }
    const run = this.#queue.then(() => this.#transact(decide));
    this.#queue = run.catch(() => undefined);
    return run;
  }

  async acquireLease(name: string, holder: string, nowMs: number, untilMs: number) {
    this.#checkOpen();
    checkLease(name, holder, nowMs, untilMs);
    // One statement, so atomic: taken when free, expired, or already ours (then renewed).
    const { rowCount } = await this.#withClient((client) =>
      client.query(
        `INSERT INTO leases (name, holder, until_ms) VALUES ($1, $2, $3)
         ON CONFLICT (name) DO UPDATE SET holder = EXCLUDED.holder, until_ms = EXCLUDED.until_ms
         WHERE leases.holder = EXCLUDED.holder OR leases.until_ms <= $4`,
        [name, holder, untilMs, nowMs],
      ),
    );
    return rowCount === 1;
  }

  async releaseLease(name: string, holder: string): Promise<void> {
    this.#checkOpen();
    checkLease(name, holder);
    await this.#withClient((client) =>
      client.query('DELETE FROM leases WHERE name = $1 AND holder = $2', [name, holder]),
    );
  }

  async leaseHolder(name: string, nowMs: number) {
    this.#checkOpen();
    const { rows } = await this.#withClient((client) =>
      client.query<{ holder: string; until_ms: string }>(
        'SELECT holder, until_ms FROM leases WHERE name = $1 AND until_ms > $2',
        [name, nowMs],
      ),
    );
    const row = rows[0];
    return row === undefined ? null : { holder: row.holder, untilMs: Number(row.until_ms) };
  }

  async recordDelivery(record: DeliveryRecord): Promise<void> {
    this.#checkOpen();
    await this.#withClient(async (client) => {
      const { rows } = await client.query<{ id: string }>(
        `INSERT INTO deliveries (message_id, event, channel, outcome, attempts, at, problem)
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
        deliveryValues(record),
      );
      await client.query('DELETE FROM deliveries WHERE id <= $1', [
        Number(rows[0]!.id) - MAX_DELIVERIES,
      ]);
    });
  }

  async recentDeliveries(limit: number): Promise<DeliveryRecord[]> {
    this.#checkOpen();
    const { rows } = await this.#withClient((client) =>
      client.query<DeliveryRow>(
        `SELECT message_id, event, channel, outcome, attempts, at, problem FROM deliveries
         ORDER BY id DESC LIMIT $1`,
        [limit],
      ),
    );
    return rows.map(toDelivery);
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await this.#queue;
    await this.#pool.end();
  }

  async #transact<T>(decide: (entries: readonly Entry[]) => Decision<T>): Promise<Transacted<T>> {
    // What decide (or the entry check) throws is handed back as it is, never scrubbed.
    let refused: { error: unknown } | undefined;
    try {
      return await this.#withClient(async (client) => {
        // READ COMMITTED, whatever the server's default: each statement then sees what the
        // previous lock holder committed. Under REPEATABLE READ the snapshot would be taken
        // by the lock statement itself, before the lock was granted, and miss that write.
        await client.query('BEGIN ISOLATION LEVEL READ COMMITTED');
        try {
          await client.query(`SELECT pg_advisory_xact_lock(${WRITE_LOCK})`);
          const entries = await this.#readAll(client);
          let decided: ReturnType<typeof decideRows<T>>;
          try {
            decided = decideRows(entries, decide);
          } catch (error) {
            refused = { error };
            throw error;
          }
          const appended = await this.#insert(client, decided.rows);
          await client.query('COMMIT');
          return { appended, result: decided.result };
        } catch (error) {
          // Releases the lock at once; if the connection is broken, #withClient drops it.
          await client.query('ROLLBACK').catch(() => undefined);
          throw error;
        }
      });
    } catch (error) {
      throw refused ? refused.error : error;
    }
  }

  /** Inserts with ids from entry_sequence, one after another; a skipped row takes no id. */
  async #insert(client: pg.PoolClient, rows: readonly NewRow[]): Promise<Entry[]> {
    const appended: Entry[] = [];
    if (rows.length === 0) return appended;
    const sequence = await client.query<{ last_id: string }>('SELECT last_id FROM entry_sequence');
    let lastId = Number(sequence.rows[0]?.last_id);
    if (!Number.isSafeInteger(lastId)) throw new Error('the ledger has no entry_sequence row');
    for (const row of rows) {
      const values = [lastId + 1, row.at, row.actor, row.type, row.reason, row.payload, row.postId];
      const written = await client.query(INSERT, values);
      if (written.rowCount === 1) appended.push(toEntry(++lastId, row));
    }
    await client.query('UPDATE entry_sequence SET last_id = $1', [lastId]);
    return appended;
  }

  async #readAll(client: pg.PoolClient): Promise<Entry[]> {
    // payload::text: node-postgres would otherwise parse json itself; the text is kept as is.
    // A ledger that went backwards (a backup restored) is read again whole: entry-cache.ts.
    // At most twice: after a rewind the cache is empty, and a read from 0 checks nothing.
    for (let attempt = 0; ; attempt++) {
      const from = this.#read.readFrom;
      const { rows } = await client.query<StoredRow>(
        'SELECT id, at, actor, type, reason, payload::text AS payload FROM entries WHERE id >= $1 ORDER BY id',
        [from],
      );
      const all = this.#read.absorb(
        from,
        rows.map((row) => toEntry(Number(row.id), row)),
      );
      if (all !== undefined) return all;
      if (attempt > 0) throw new Error('the ledger changed while it was read again');
    }
  }

  /**
   * A pooled connection for `fn`. After any failure the connection is closed rather than
   * reused (its state is unknown; reconnecting is cheap), and an error that would show the
   * password is replaced by one that does not.
   */
  async #withClient<R>(fn: (client: pg.PoolClient) => Promise<R>): Promise<R> {
    let client: pg.PoolClient;
    try {
      client = await this.#pool.connect();
    } catch (error) {
      throw scrubSecrets(error, this.#secrets);
    }
    try {
      const result = await fn(client);
      client.release();
      return result;
    } catch (error) {
      client.release(true);
      throw scrubSecrets(error, this.#secrets);
    }
  }

  #checkOpen(): void {
    if (this.#closed) throw new Error('the ledger is closed');
  }
}

/** The database holds no ledger yet: open was not asked to create one. */
class MissingSchema extends Error {}

/** Whether the ledger's schema is there (ledger_schema is its first table: postgres-schema.ts). */
async function hasLedger(client: pg.PoolClient): Promise<boolean> {
  const { rows } = await client.query<{ present: boolean }>(
    "SELECT to_regclass('ledger_schema') IS NOT NULL AS present",
  );
  return rows[0]?.present === true;
}
