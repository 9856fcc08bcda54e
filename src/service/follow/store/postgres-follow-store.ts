import pg from 'pg';
import type { Logger } from 'pino';
import { migrateVersioned } from '../../../shared/db/postgres-migrate.ts';
import { redactUrl, scrubSecrets, secretsOf } from '../../../shared/util/secrets.ts';
import type { FollowTopic } from '../topics.ts';
import type {
  FollowStore,
  PushSubscriptionKeys,
  SaveOutcome,
  SubscriberPage,
} from './follow-store.ts';
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
 * The follow store shared by several service instances, in PostgreSQL (`pg`, a small pool).
 * A save is one call of a function (`follow_save`, created with the tables), one round trip,
 * that takes a transaction-scoped advisory lock: saves anywhere take turns, and the cap is
 * exact (a count and an insert under the lock, not two racing INSERT … SELECT). Removal and
 * claims are single statements, atomic by themselves (a claim is INSERT … ON CONFLICT,
 * taking over only a claim whose time is up). Topics are kept twice: a comma list on the
 * subscription (to read it back) and rows of `follow_topics` (topic, id) that
 * `subscribersOf` pages through with `id > $2 ORDER BY id LIMIT`. Ids are `COLLATE "C"`, so
 * pages come in byte order, as in the other stores, whatever the database's collation. The
 * tables are named `follow_*` and versioned in `follow_schema`: the ledger's database will do.
 */

const POOL = {
  max: 4,
  connectionTimeoutMillis: 10_000,
  idleTimeoutMillis: 30_000,
  // Also bounds the wait for the save lock.
  statement_timeout: 10_000,
  // A client that hangs inside a transaction (holding the save lock) is cut off.
  idle_in_transaction_session_timeout: 30_000,
  keepAlive: true,
  application_name: 'reset-records-follow',
} as const satisfies pg.PoolConfig;

/** Calls waiting for a pooled connection at once, at most; past this a call fails at once. */
const MAX_WAITING = 1_000;
/** Expired claims are deleted at most this often (by the clock given to claimEvent)… */
const PRUNE_EVERY_MS = 60_000;
/** …and at most this many at a time. */
const PRUNE_BATCH = 1_000;

/** Advisory lock keys (arbitrary constants, fixed forever; the ledger's are …100 and …101). */
const SCHEMA_LOCK = 7_526_574_110;
const SAVE_LOCK = 7_526_574_111;

/** Migration i takes the tables from version i to i + 1; none is ever edited. */
const MIGRATIONS: readonly string[] = [
  `CREATE TABLE follow_subscriptions (
     id TEXT COLLATE "C" PRIMARY KEY,
     endpoint TEXT NOT NULL,
     p256dh TEXT NOT NULL,
     auth TEXT NOT NULL,
     topics TEXT NOT NULL,
     created_at BIGINT NOT NULL
   );
   CREATE TABLE follow_topics (
     topic TEXT NOT NULL,
     subscription_id TEXT COLLATE "C" NOT NULL
       REFERENCES follow_subscriptions (id) ON DELETE CASCADE,
     PRIMARY KEY (topic, subscription_id)
   );
   CREATE INDEX follow_topics_subscription ON follow_topics (subscription_id);
   CREATE TABLE follow_claims (
     event_id TEXT PRIMARY KEY,
     until_ms BIGINT NOT NULL
   );
   CREATE INDEX follow_claims_until ON follow_claims (until_ms);
   CREATE TABLE follow_state (
     name TEXT PRIMARY KEY,
     at_ms BIGINT NOT NULL
   );
   -- A save in one round trip, its own transaction: under the save lock, the subscription
   -- updated (its topic rows not chosen any more deleted, the new ones added), or else
   -- inserted unless p_max are stored. VOLATILE (the default): each statement takes a new
   -- snapshot, so the count sees every save committed before the lock was granted.
   CREATE FUNCTION follow_save(
     p_id TEXT, p_endpoint TEXT, p_p256dh TEXT, p_auth TEXT, p_topics TEXT,
     p_topic_list TEXT[], p_created_at BIGINT, p_max BIGINT
   ) RETURNS TEXT LANGUAGE plpgsql AS $$
   BEGIN
     PERFORM pg_advisory_xact_lock(${SAVE_LOCK});
     UPDATE follow_subscriptions
       SET endpoint = p_endpoint, p256dh = p_p256dh, auth = p_auth, topics = p_topics
       WHERE id = p_id;
     IF FOUND THEN
       DELETE FROM follow_topics
         WHERE subscription_id = p_id AND topic <> ALL (p_topic_list);
       INSERT INTO follow_topics (topic, subscription_id)
         SELECT unnest(p_topic_list), p_id ON CONFLICT DO NOTHING;
       RETURN 'updated';
     END IF;
     IF (SELECT count(*) FROM follow_subscriptions) >= p_max THEN
       RETURN 'full';
     END IF;
     INSERT INTO follow_subscriptions (id, endpoint, p256dh, auth, topics, created_at)
       VALUES (p_id, p_endpoint, p_p256dh, p_auth, p_topics, p_created_at);
     INSERT INTO follow_topics (topic, subscription_id) SELECT unnest(p_topic_list), p_id;
     RETURN 'created';
   END
   $$;`,
];

export class PostgresFollowStore implements FollowStore {
  readonly label: string;
  readonly #pool: pg.Pool;
  readonly #secrets: readonly string[];
  #waiting = 0;
  #closed = false;
  /** When (by claimEvent's clock) expired claims are next deleted. */
  #pruneAtMs = Number.NEGATIVE_INFINITY;

  /** Connects and creates or brings up to date the tables; no error carries the password. */
  static async open(url: string, logger: Logger): Promise<PostgresFollowStore> {
    try {
      new URL(url);
    } catch {
      throw new Error('PUSH_STORE_URL is not a valid postgres:// URL');
    }
    const store = new PostgresFollowStore(url, logger);
    try {
      await store.#withClient(migrate);
      return store;
    } catch (error) {
      await store.close();
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(`cannot open the PostgreSQL follow store ${store.label}: ${reason}`, {
        cause: error,
      });
    }
  }

  private constructor(url: string, logger: Logger) {
    this.label = redactUrl(url);
    this.#secrets = secretsOf(url);
    this.#pool = new pg.Pool({ connectionString: url, ...POOL });
    // An idle connection that drops (a server restart) is reported here; without a listener
    // it would crash the process. The next query opens a new connection.
    this.#pool.on('error', (error) =>
      logger.warn(
        { store: this.label, err: this.#scrub(error).message },
        'follow store connection lost',
      ),
    );
  }

  async saveSubscription(
    subscription: PushSubscriptionKeys,
    topics: readonly FollowTopic[],
    nowMs: number,
    maxSubscriptions: number,
  ): Promise<SaveOutcome> {
    checkSubscription(subscription);
    checkTime(nowMs);
    checkMaxSubscriptions(maxSubscriptions);
    const id = subscriptionId(subscription.endpoint);
    const text = topicsText(topics);
    const { endpoint, p256dh, auth } = subscription;
    const { rows } = await this.#withClient((client) =>
      client.query<{ outcome: string }>(
        `SELECT follow_save($1::text, $2::text, $3::text, $4::text, $5::text, $6::text[],
                            $7::bigint, $8::bigint) AS outcome`,
        [id, endpoint, p256dh, auth, text, topicsOf(text), nowMs, maxSubscriptions],
      ),
    );
    const outcome = rows[0]?.outcome;
    if (outcome === 'created' || outcome === 'updated' || outcome === 'full') return outcome;
    throw new Error(`unexpected answer from follow_save: ${String(outcome)}`);
  }

  async removeSubscription(endpoint: string): Promise<boolean> {
    checkEndpoint(endpoint);
    // Its topic rows go with it (ON DELETE CASCADE), in the same statement.
    const { rowCount } = await this.#withClient((client) =>
      client.query('DELETE FROM follow_subscriptions WHERE id = $1 AND endpoint = $2', [
        subscriptionId(endpoint),
        endpoint,
      ]),
    );
    return rowCount === 1;
  }

  async countSubscriptions(): Promise<number> {
    const { rows } = await this.#withClient((client) =>
      client.query<{ n: string }>('SELECT count(*) AS n FROM follow_subscriptions'),
    );
    return Number(rows[0]?.n ?? 0);
  }

  async subscribersOf(
    topic: FollowTopic,
    after: string | null,
    limit: number,
  ): Promise<SubscriberPage> {
    const size = pageSize(limit);
    const { rows } = await this.#withClient((client) =>
      client.query<SubscriptionRow>(
        `SELECT s.id, s.endpoint, s.p256dh, s.auth, s.topics, s.created_at
         FROM follow_topics t JOIN follow_subscriptions s ON s.id = t.subscription_id
         WHERE t.topic = $1 AND t.subscription_id > $2
         ORDER BY t.subscription_id LIMIT $3`,
        [topic, after ?? '', size + 1],
      ),
    );
    return pageOf(
      rows.map((row) => row.id),
      size,
      rows.slice(0, size).map(toSubscription),
    );
  }

  async claimEvent(eventId: string, nowMs: number, keepMs: number): Promise<boolean> {
    checkClaim(eventId, nowMs, keepMs);
    return this.#withClient(async (client) => {
      // Before the claim: a failed prune fails the call before anything was claimed.
      if (nowMs >= this.#pruneAtMs) {
        // `until_ms <= $1` outside the subquery too: a claim taken over meanwhile (its row
        // updated) is checked again and kept.
        await client.query(
          `DELETE FROM follow_claims WHERE until_ms <= $1 AND event_id IN
             (SELECT event_id FROM follow_claims WHERE until_ms <= $1 ORDER BY until_ms LIMIT $2)`,
          [nowMs, PRUNE_BATCH],
        );
        this.#pruneAtMs = nowMs + PRUNE_EVERY_MS;
      }
      // One statement, so atomic: a new claim, or one whose time is up taken over (the row
      // is locked and the condition checked again on its latest version).
      const { rowCount } = await client.query(
        `INSERT INTO follow_claims (event_id, until_ms) VALUES ($1, $2)
         ON CONFLICT (event_id) DO UPDATE SET until_ms = EXCLUDED.until_ms
         WHERE follow_claims.until_ms <= $3`,
        [eventId, nowMs + keepMs, nowMs],
      );
      return rowCount === 1;
    });
  }

  async isPrimed(): Promise<boolean> {
    const { rowCount } = await this.#withClient((client) =>
      client.query("SELECT 1 FROM follow_state WHERE name = 'primed'"),
    );
    return rowCount === 1;
  }

  async markPrimed(nowMs: number): Promise<void> {
    checkTime(nowMs);
    await this.#withClient((client) =>
      client.query(
        `INSERT INTO follow_state (name, at_ms) VALUES ('primed', $1)
         ON CONFLICT (name) DO NOTHING`,
        [nowMs],
      ),
    );
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await this.#pool.end();
  }

  /**
   * A pooled connection for `fn`. After a failure the connection is closed rather than
   * reused (its state is unknown), and the error never shows the password.
   */
  async #withClient<R>(fn: (client: pg.PoolClient) => Promise<R>): Promise<R> {
    if (this.#closed) throw new Error('the follow store is closed');
    if (this.#waiting >= MAX_WAITING) throw new Error('too many follow store calls waiting');
    let client: pg.PoolClient;
    this.#waiting++;
    try {
      client = await this.#pool.connect();
    } catch (error) {
      throw this.#scrub(error);
    } finally {
      this.#waiting--;
    }
    try {
      const result = await fn(client);
      client.release();
      return result;
    } catch (error) {
      client.release(true);
      throw this.#scrub(error);
    }
  }

  /** `error` as it is when no secret of the URL is in it, else a plain one without (the ledger's rule). */
  #scrub(error: unknown): Error {
    const scrubbed = scrubSecrets(error, this.#secrets);
    return scrubbed instanceof Error ? scrubbed : new Error(String(scrubbed));
  }
}

/** Creates or brings the tables up to date (shared/db/postgres-migrate.ts). */
function migrate(client: pg.PoolClient): Promise<void> {
  return migrateVersioned(client, {
    versionTable: 'follow_schema',
    lockKey: SCHEMA_LOCK,
    migrations: MIGRATIONS,
    newerWords: 'its follow tables are version',
  });
}
