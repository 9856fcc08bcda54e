import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import Database from 'libsql';
import type { DeliveryRecord } from '../../shared/delivery/sender.ts';
import type { Entry } from './entry.ts';
import { EntryCache } from './entry-cache.ts';
import { type Decision, type Ledger, MAX_DELIVERIES, type Transacted } from './ledger.ts';
import { immediate, migrate } from './sqlite-schema.ts';
import { type DeliveryRow, deliveryValues, toDelivery } from './stored-delivery.ts';
import { checkLease, decideRows, type EntryRow, toEntry } from './stored-entry.ts';

/**
 * The default ledger: one SQLite file (producer.md §1), through libsql's synchronous API.
 * WAL lets readers go on while one process writes; BEGIN IMMEDIATE takes the write lock
 * before `transact` reads, so what `decide` saw is still true when its entries are written,
 * also across processes. A waiting writer blocks its thread for up to the busy timeout.
 */

/** How long a writer waits for another process's write to finish before SQLITE_BUSY. */
const BUSY_TIMEOUT_MS = 5_000;

interface StoredRow extends EntryRow {
  readonly id: number;
}

export class SqliteLedger implements Ledger {
  readonly #db: Database.Database;
  readonly #select: Database.Statement;
  readonly #insert: Database.Statement;
  readonly #takeLease: Database.Statement;
  readonly #dropLease: Database.Statement;
  readonly #readLease: Database.Statement;
  readonly #insertDelivery: Database.Statement;
  readonly #trimDeliveries: Database.Statement;
  readonly #selectDeliveries: Database.Statement;
  #closed = false;
  /** Every entry read so far: each read fetches only the newer ones (and the last, checked). */
  readonly #read = new EntryCache();

  /** Opens (creating the directory, file and schema on first use) the ledger at `path`. */
  static open(path: string): SqliteLedger {
    const file = resolve(path);
    let db: Database.Database | undefined;
    try {
      mkdirSync(dirname(file), { recursive: true });
      db = new Database(file, { timeout: BUSY_TIMEOUT_MS });
      // WAL persists in the file; setting it again is a no-op. FULL: a committed entry
      // survives a power cut too, for one fsync a commit (about 6 ms on a CI machine; the
      // ledger takes a few writes a minute).
      db.pragma('journal_mode = WAL');
      db.exec('PRAGMA synchronous = FULL');
      migrate(db);
      return new SqliteLedger(db);
    } catch (error) {
      db?.close();
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(`cannot open the SQLite ledger ${file}: ${reason}`, { cause: error });
    }
  }

  private constructor(db: Database.Database) {
    this.#db = db;
    // Named columns: libsql adds a `_metadata` property to each row object.
    this.#select = db.prepare(
      'SELECT id, at, actor, type, reason, payload FROM entries WHERE id >= ? ORDER BY id',
    );
    // decideRows drops known post ids first, under the write lock: SQLite's AUTOINCREMENT
    // counts a row skipped by DO NOTHING, so relying on it would leave a gap in the ids.
    // DO NOTHING stays as the last guard; `changes` then says the row was skipped.
    this.#insert = db.prepare(
      `INSERT INTO entries (at, actor, type, reason, payload, post_id) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (post_id) DO NOTHING`,
    );
    // One statement, so atomic: taken when free, expired, or already ours (then renewed).
    this.#takeLease = db.prepare(
      `INSERT INTO leases (name, holder, until_ms) VALUES (?, ?, ?)
       ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, until_ms = excluded.until_ms
       WHERE leases.holder = excluded.holder OR leases.until_ms <= ?`,
    );
    this.#dropLease = db.prepare('DELETE FROM leases WHERE name = ? AND holder = ?');
    this.#readLease = db.prepare(
      'SELECT holder, until_ms FROM leases WHERE name = ? AND until_ms > ?',
    );
    this.#insertDelivery = db.prepare(
      `INSERT INTO deliveries (message_id, event, channel, outcome, attempts, at, problem)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    );
    this.#trimDeliveries = db.prepare('DELETE FROM deliveries WHERE id <= ?');
    this.#selectDeliveries = db.prepare(
      `SELECT message_id, event, channel, outcome, attempts, at, problem FROM deliveries
       ORDER BY id DESC LIMIT ?`,
    );
  }

  async entries(): Promise<Entry[]> {
    return this.#readAll();
  }

  async transact<T>(decide: (entries: readonly Entry[]) => Decision<T>): Promise<Transacted<T>> {
    this.#checkOpen();
    return immediate(this.#db, () => {
      const { rows, result } = decideRows(this.#readAll(), decide);
      const appended: Entry[] = [];
      for (const row of rows) {
        const written = this.#insert.run(
          row.at,
          row.actor,
          row.type,
          row.reason,
          row.payload,
          row.postId,
        );
        if (written.changes === 1) appended.push(toEntry(Number(written.lastInsertRowid), row));
      }
      return { appended, result };
    });
  }

  async acquireLease(name: string, holder: string, nowMs: number, untilMs: number) {
    this.#checkOpen();
    checkLease(name, holder, nowMs, untilMs);
    return this.#takeLease.run(name, holder, untilMs, nowMs).changes === 1;
  }

  async releaseLease(name: string, holder: string): Promise<void> {
    this.#checkOpen();
    checkLease(name, holder);
    this.#dropLease.run(name, holder);
  }

  async leaseHolder(name: string, nowMs: number) {
    this.#checkOpen();
    const row = this.#readLease.get(name, nowMs) as
      | { holder: string; until_ms: number }
      | undefined;
    return row === undefined ? null : { holder: row.holder, untilMs: Number(row.until_ms) };
  }

  async recordDelivery(record: DeliveryRecord): Promise<void> {
    this.#checkOpen();
    const { lastInsertRowid } = this.#insertDelivery.run(...deliveryValues(record));
    this.#trimDeliveries.run(Number(lastInsertRowid) - MAX_DELIVERIES);
  }

  async recentDeliveries(limit: number): Promise<DeliveryRecord[]> {
    this.#checkOpen();
    return (this.#selectDeliveries.all(limit) as DeliveryRow[]).map(toDelivery);
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#db.close();
  }

  #readAll(): Entry[] {
    this.#checkOpen();
    // A ledger that went backwards (a backup restored) is read again whole: entry-cache.ts.
    // At most twice: after a rewind the cache is empty, and a read from 0 checks nothing.
    for (let attempt = 0; ; attempt++) {
      const from = this.#read.readFrom;
      const rows = this.#select.all(from) as StoredRow[];
      const all = this.#read.absorb(
        from,
        rows.map((row) => toEntry(row.id, row)),
      );
      if (all !== undefined) return all;
      if (attempt > 0) throw new Error('the ledger changed while it was read again');
    }
  }

  #checkOpen(): void {
    if (this.#closed) throw new Error('the ledger is closed');
  }
}
