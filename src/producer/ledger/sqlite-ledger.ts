import { accessSync, constants, existsSync, mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import Database from 'libsql';
import { immediate } from '../../shared/db/sqlite-immediate.ts';
import type { DeliveryRecord } from '../../shared/delivery/sender.ts';
import type { Entry } from './entry.ts';
import { EntryCache } from './entry-cache.ts';
import { type Decision, type Ledger, MAX_DELIVERIES, type Transacted } from './ledger.ts';
import { migrate, SQLITE_SCHEMA_VERSION, userVersion } from './sqlite-schema.ts';
import { type DeliveryRow, deliveryValues, toDelivery } from './stored-delivery.ts';
import { checkLease, decideRows, type EntryRow, toEntry } from './stored-entry.ts';

/**
 * The default ledger: one SQLite file (producer.md §1), through libsql's synchronous API.
 * WAL lets readers go on while one process writes; BEGIN IMMEDIATE takes the write lock
 * before `transact` reads, so what `decide` saw is still true when its entries are written,
 * also across processes. A waiting writer blocks its thread for up to the busy timeout.
 */

/**
 * How long a writer waits for another process's write to finish before SQLITE_BUSY, by
 * default (the monitor: a round that cannot write fails and the next one tries again).
 */
const BUSY_TIMEOUT_MS = 5_000;

export interface SqliteOpenOptions {
  readonly readOnly?: boolean;
  /** Instead of 5 s: an operator's command waits longer rather than fail. */
  readonly busyTimeoutMs?: number;
}

/**
 * An existing ledger, for reading only (`mode=ro`), its schema checked. A WAL reader needs
 * the `-shm` file: when nobody has the ledger open (no `-wal` file) and this user may not
 * create files in its directory, SQLite cannot make one, and the file is then read as it
 * is (`immutable`), which is all it holds while no writer has it open.
 */
function openForReading(file: string, busyTimeoutMs: number): Database.Database {
  if (!existsSync(file)) throw new Error('no such file (a reading command creates none)');
  const open = (immutable: boolean) => {
    const query = immutable ? '?mode=ro&immutable=1' : '?mode=ro';
    const db = new Database(`${pathToFileURL(file).href}${query}`, { timeout: busyTimeoutMs });
    try {
      db.exec('PRAGMA query_only = 1');
      const version = userVersion(db);
      if (version !== SQLITE_SCHEMA_VERSION) {
        throw new Error(
          version === 0
            ? 'it holds no ledger (no schema)'
            : `its schema version is ${version}, this program's ${SQLITE_SCHEMA_VERSION}`,
        );
      }
      return db;
    } catch (error) {
      db.close();
      throw error;
    }
  };
  try {
    return open(false);
  } catch (error) {
    const cannotShare = /readonly database|unable to open/i.test((error as Error).message);
    if (!cannotShare || existsSync(`${file}-wal`)) throw error;
    return open(true);
  }
}

function writable(file: string): boolean {
  try {
    accessSync(file, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

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
  readonly #readOnly: boolean;
  #closed = false;
  /** Every entry read so far: each read fetches only the newer ones (and the last, checked). */
  readonly #read = new EntryCache();

  /**
   * Opens (creating the directory, file and schema on first use) the ledger at `path`.
   * `readOnly`: opens an existing ledger for reading only (SQLite's `mode=ro`): no file is
   * created, no lock beyond a reader's is taken, and a write-protected file can be read.
   */
  static open(
    path: string,
    { readOnly = false, busyTimeoutMs = BUSY_TIMEOUT_MS }: SqliteOpenOptions = {},
  ): SqliteLedger {
    const file = resolve(path);
    let db: Database.Database | undefined;
    try {
      if (readOnly) {
        db = openForReading(file, busyTimeoutMs);
        return new SqliteLedger(db, true);
      }
      mkdirSync(dirname(file), { recursive: true });
      // SQLite would open a file it may not write read-only without a word, and the first
      // write would fail with "attempt to write a readonly database".
      if (existsSync(file) && !writable(file)) {
        throw new Error('this user may not write it (ops review and ops log can read it)');
      }
      db = new Database(file, { timeout: busyTimeoutMs });
      // WAL persists in the file; setting it again is a no-op. FULL: a committed entry
      // survives a power cut too, for one fsync a commit (about 6 ms on a CI machine; the
      // ledger takes a few writes a minute).
      db.pragma('journal_mode = WAL');
      db.exec('PRAGMA synchronous = FULL');
      // The write lock only when the schema must change: opening a current ledger waits
      // for no writer.
      if (userVersion(db) !== SQLITE_SCHEMA_VERSION) migrate(db);
      return new SqliteLedger(db, false);
    } catch (error) {
      db?.close();
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(`cannot open the SQLite ledger ${file}: ${reason}`, { cause: error });
    }
  }

  private constructor(db: Database.Database, readOnly: boolean) {
    this.#db = db;
    this.#readOnly = readOnly;
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
    this.#checkWritable();
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
    this.#checkWritable();
    checkLease(name, holder, nowMs, untilMs);
    return this.#takeLease.run(name, holder, untilMs, nowMs).changes === 1;
  }

  async releaseLease(name: string, holder: string): Promise<void> {
    this.#checkWritable();
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
    this.#checkWritable();
    const { lastInsertRowid } = this.#insertDelivery.run(...deliveryValues(record));
    this.#trimDeliveries.run(Number(lastInsertRowid) - MAX_DELIVERIES);
  }

  async recentDeliveries(limit: number): Promise<DeliveryRecord[]> {
    this.#checkOpen();
    return (this.#selectDeliveries.all(limit) as DeliveryRow[]).map(toDelivery);
  }

  /**
   * libsql 0.5 lets go of the file only once this connection's statements are
   * garbage-collected, so a process keeps a closed ledger's descriptors (and SQLite's locks)
   * a while longer. Harmless as long as nothing in that process opens the file otherwise:
   * closing any other descriptor of it would drop those locks (neither program does; the
   * tests read a ledger's bytes from another process, see sqliteFilesHold).
   */
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

  #checkWritable(): void {
    this.#checkOpen();
    if (this.#readOnly) throw new Error('the ledger is open for reading only');
  }
}
