import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import Database from 'libsql';
import { immediate } from '../../../shared/db/sqlite-immediate.ts';
import type { FollowTopic } from '../topics.ts';
import type {
  FollowStore,
  PushSubscriptionKeys,
  SaveOutcome,
  SubscriberPage,
} from './follow-store.ts';
import { DEFAULT_SQLITE_PATH } from './store-url.ts';
import {
  checkClaim,
  checkEndpoint,
  checkMaxSubscriptions,
  checkSubscription,
  checkTime,
  pageOf,
  pageSize,
  type SubscriptionRow,
  topicsOf,
  topicsText,
  toSubscription,
} from './stored-fields.ts';
import { subscriptionId } from './subscription-id.ts';

/**
 * The default follow store: one SQLite file (`./data/push.db`), through libsql's synchronous
 * API, as the ledger's. WAL lets the sender page through subscribers while a visitor
 * subscribes; every write is one statement or a BEGIN IMMEDIATE transaction, so several
 * processes on the same file take turns (waiting up to the busy timeout) and the cap,
 * the upsert and the claims are exact across them. Topics are kept twice: as a comma list
 * on the subscription (to read it back) and as rows of `follow_topics` (topic, id), the
 * index `subscribersOf` pages through with `id > ? ORDER BY id LIMIT`. The tables are named
 * `follow_*` and versioned in `follow_schema`, so the file could even be the ledger's.
 */

/** How long a write waits for another process's write before SQLITE_BUSY, by default. */
const BUSY_TIMEOUT_MS = 5_000;
/** Expired claims are deleted at most this often (by the clock given to claimEvent)… */
const PRUNE_EVERY_MS = 60_000;
/** …and at most this many at a time: a long backlog goes in several steps. */
const PRUNE_BATCH = 1_000;

/** Migration i takes the tables from version i to i + 1; none is ever edited. */
const MIGRATIONS: readonly string[] = [
  `CREATE TABLE follow_subscriptions (
     id TEXT PRIMARY KEY,
     endpoint TEXT NOT NULL,
     p256dh TEXT NOT NULL,
     auth TEXT NOT NULL,
     topics TEXT NOT NULL,
     created_at INTEGER NOT NULL
   ) STRICT;
   CREATE TABLE follow_topics (
     topic TEXT NOT NULL,
     subscription_id TEXT NOT NULL,
     PRIMARY KEY (topic, subscription_id)
   ) STRICT, WITHOUT ROWID;
   CREATE TABLE follow_claims (
     event_id TEXT PRIMARY KEY,
     until_ms INTEGER NOT NULL
   ) STRICT;
   CREATE INDEX follow_claims_until ON follow_claims (until_ms);
   CREATE TABLE follow_state (
     name TEXT PRIMARY KEY,
     at_ms INTEGER NOT NULL
   ) STRICT;`,
];

export interface SqliteFollowStoreOptions {
  readonly busyTimeoutMs?: number;
}

export class SqliteFollowStore implements FollowStore {
  readonly label: string;
  readonly #db: Database.Database;
  readonly #statements: ReturnType<typeof prepare>;
  #closed = false;
  /** When (by claimEvent's clock) expired claims are next deleted. */
  #pruneAtMs = Number.NEGATIVE_INFINITY;

  /** Opens (creating the directory, the file and the tables on first use) the store at `path`. */
  static open(
    path: string = DEFAULT_SQLITE_PATH,
    { busyTimeoutMs = BUSY_TIMEOUT_MS }: SqliteFollowStoreOptions = {},
  ): SqliteFollowStore {
    const file = resolve(path);
    let db: Database.Database | undefined;
    try {
      mkdirSync(dirname(file), { recursive: true });
      db = new Database(file, { timeout: busyTimeoutMs });
      db.pragma('journal_mode = WAL');
      // NORMAL: in WAL mode a commit survives a crash of the process, and only a power cut
      // may lose the last commits (a subscription to make again, an event sent twice),
      // for no fsync per commit.
      db.exec('PRAGMA synchronous = NORMAL');
      migrate(db);
      return new SqliteFollowStore(db, `sqlite:${path}`);
    } catch (error) {
      db?.close();
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(`cannot open the SQLite follow store ${file}: ${reason}`, { cause: error });
    }
  }

  private constructor(db: Database.Database, label: string) {
    this.#db = db;
    this.label = label;
    this.#statements = prepare(db);
  }

  async saveSubscription(
    subscription: PushSubscriptionKeys,
    topics: readonly FollowTopic[],
    nowMs: number,
    maxSubscriptions: number,
  ): Promise<SaveOutcome> {
    this.#checkOpen();
    checkSubscription(subscription);
    checkTime(nowMs);
    checkMaxSubscriptions(maxSubscriptions);
    const id = subscriptionId(subscription.endpoint);
    const text = topicsText(topics);
    const s = this.#statements;
    return immediate(this.#db, (): SaveOutcome => {
      const { endpoint, p256dh, auth } = subscription;
      let outcome: SaveOutcome = 'updated';
      if (s.update.run(endpoint, p256dh, auth, text, id).changes === 1) {
        s.dropTopics.run(id);
      } else {
        if (firstNumber(s.count) >= maxSubscriptions) return 'full';
        s.insert.run(id, endpoint, p256dh, auth, text, nowMs);
        outcome = 'created';
      }
      for (const topic of topicsOf(text)) s.addTopic.run(topic, id);
      return outcome;
    });
  }

  async removeSubscription(endpoint: string): Promise<boolean> {
    this.#checkOpen();
    checkEndpoint(endpoint);
    const id = subscriptionId(endpoint);
    const s = this.#statements;
    return immediate(this.#db, () => {
      if (s.remove.run(id, endpoint).changes === 0) return false;
      s.dropTopics.run(id);
      return true;
    });
  }

  async countSubscriptions(): Promise<number> {
    this.#checkOpen();
    return firstNumber(this.#statements.count);
  }

  async subscribersOf(
    topic: FollowTopic,
    after: string | null,
    limit: number,
  ): Promise<SubscriberPage> {
    this.#checkOpen();
    const size = pageSize(limit);
    const rows = this.#statements.page.all(topic, after ?? '', size + 1) as SubscriptionRow[];
    return pageOf(
      rows.map((row) => row.id),
      size,
      rows.slice(0, size).map(toSubscription),
    );
  }

  async claimEvent(eventId: string, nowMs: number, keepMs: number): Promise<boolean> {
    this.#checkOpen();
    checkClaim(eventId, nowMs, keepMs);
    if (nowMs >= this.#pruneAtMs) {
      this.#statements.prune.run(nowMs, nowMs, PRUNE_BATCH);
      this.#pruneAtMs = nowMs + PRUNE_EVERY_MS;
    }
    return this.#statements.claim.run(eventId, nowMs + keepMs, nowMs).changes === 1;
  }

  async isPrimed(): Promise<boolean> {
    this.#checkOpen();
    return this.#statements.primed.get() !== undefined;
  }

  async markPrimed(nowMs: number): Promise<void> {
    this.#checkOpen();
    checkTime(nowMs);
    this.#statements.markPrimed.run(nowMs);
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#db.close();
  }

  #checkOpen(): void {
    if (this.#closed) throw new Error('the follow store is closed');
  }
}

function prepare(db: Database.Database) {
  return {
    count: db.prepare('SELECT count(*) FROM follow_subscriptions').raw(true),
    update: db.prepare(
      'UPDATE follow_subscriptions SET endpoint = ?, p256dh = ?, auth = ?, topics = ? WHERE id = ?',
    ),
    insert: db.prepare(
      `INSERT INTO follow_subscriptions (id, endpoint, p256dh, auth, topics, created_at)
       VALUES (?, ?, ?, ?, ?, ?)`,
    ),
    remove: db.prepare('DELETE FROM follow_subscriptions WHERE id = ? AND endpoint = ?'),
    dropTopics: db.prepare('DELETE FROM follow_topics WHERE subscription_id = ?'),
    addTopic: db.prepare('INSERT INTO follow_topics (topic, subscription_id) VALUES (?, ?)'),
    // Named columns: libsql adds a `_metadata` property to each row object.
    page: db.prepare(
      `SELECT s.id, s.endpoint, s.p256dh, s.auth, s.topics, s.created_at
       FROM follow_topics t JOIN follow_subscriptions s ON s.id = t.subscription_id
       WHERE t.topic = ? AND t.subscription_id > ? ORDER BY t.subscription_id LIMIT ?`,
    ),
    // One statement, so atomic across processes: a new claim, or one whose time is up taken
    // over; `changes` is 0 when a live claim is there.
    claim: db.prepare(
      `INSERT INTO follow_claims (event_id, until_ms) VALUES (?, ?)
       ON CONFLICT (event_id) DO UPDATE SET until_ms = excluded.until_ms
       WHERE follow_claims.until_ms <= ?`,
    ),
    prune: db.prepare(
      `DELETE FROM follow_claims WHERE until_ms <= ? AND event_id IN
         (SELECT event_id FROM follow_claims WHERE until_ms <= ? ORDER BY until_ms LIMIT ?)`,
    ),
    primed: db.prepare("SELECT at_ms FROM follow_state WHERE name = 'primed'").raw(true),
    markPrimed: db.prepare(
      `INSERT INTO follow_state (name, at_ms) VALUES ('primed', ?)
       ON CONFLICT (name) DO NOTHING`,
    ),
  };
}

/** The first column of a raw statement's first row (0 when there is none). */
function firstNumber(statement: Database.Statement): number {
  const row = statement.get() as [number] | undefined;
  return Number(row?.[0] ?? 0);
}

/** Creates or brings the tables up to date; two processes opening a new file take turns. */
function migrate(db: Database.Database): void {
  immediate(db, () => {
    db.exec(`CREATE TABLE IF NOT EXISTS follow_schema (
               singleton INTEGER PRIMARY KEY CHECK (singleton = 1),
               version INTEGER NOT NULL
             ) STRICT;
             INSERT INTO follow_schema (singleton, version) VALUES (1, 0)
               ON CONFLICT DO NOTHING`);
    const version = firstNumber(db.prepare('SELECT version FROM follow_schema').raw(true));
    if (version > MIGRATIONS.length) {
      throw new Error(
        `its follow tables are version ${version}, newer than this program's ${MIGRATIONS.length}: run a newer reset-records`,
      );
    }
    for (const step of MIGRATIONS.slice(version)) db.exec(step);
    db.prepare('UPDATE follow_schema SET version = ?').run(MIGRATIONS.length);
  });
}

export { DEFAULT_SQLITE_PATH };
