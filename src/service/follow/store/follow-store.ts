import type { FollowTopic } from '../topics.ts';

/**
 * Where the followers and the sent events are kept: push subscriptions, and a claim per
 * event so that each is sent once even when several service instances load the same
 * snapshot. One interface, three stores (SQLite by default, PostgreSQL or Redis when several
 * instances run), one shared test suite (test/follow/follow-store-suite.ts).
 */

/** A browser's push subscription as the Push API gives it, already checked (subscription.ts). */
export interface PushSubscriptionKeys {
  /** https URL of the browser's push service (at most 2,000 characters). */
  readonly endpoint: string;
  /** base64url (no padding) of the 65-byte uncompressed P-256 public key. */
  readonly p256dh: string;
  /** base64url (no padding) of the 16-byte authentication secret. */
  readonly auth: string;
}

export interface StoredSubscription extends PushSubscriptionKeys {
  /** The store's stable id of the subscription (a hash of the endpoint). */
  readonly id: string;
  readonly topics: readonly FollowTopic[];
  /** Epoch ms. */
  readonly createdAt: number;
}

export type SaveOutcome = 'created' | 'updated' | 'full';

export interface SubscriberPage {
  readonly subscriptions: readonly StoredSubscription[];
  /** Pass to the next call; null when there are no more. */
  readonly next: string | null;
}

export interface FollowStore {
  /** What it is, for logs: `sqlite:./data/push.db`, `postgres://host/db`, `redis://host`. */
  readonly label: string;
  /**
   * Creates or replaces (by endpoint) a subscription. `full` (nothing stored) when it is new
   * and `maxSubscriptions` are already stored.
   */
  saveSubscription(
    subscription: PushSubscriptionKeys,
    topics: readonly FollowTopic[],
    nowMs: number,
    maxSubscriptions: number,
  ): Promise<SaveOutcome>;
  /** Removes the subscription with this endpoint; false when there was none. */
  removeSubscription(endpoint: string): Promise<boolean>;
  countSubscriptions(): Promise<number>;
  /**
   * The subscriptions that chose `topic`, `limit` at most (1 to 1,000) per page, in a stable
   * order; `after` is the previous page's `next`. Subscriptions saved or removed meanwhile
   * may or may not appear; none appears twice.
   */
  subscribersOf(topic: FollowTopic, after: string | null, limit: number): Promise<SubscriberPage>;
  /**
   * Claims an event for sending: true for exactly one caller across every instance sharing
   * the store, false for all the others (and for this one later). Claims are kept at least
   * `keepMs` (then may be forgotten).
   */
  claimEvent(eventId: string, nowMs: number, keepMs: number): Promise<boolean>;
  /**
   * True once `markPrimed` was called on this store: a new store first takes the current
   * snapshot's events as sent (nothing past is announced when following starts).
   */
  isPrimed(): Promise<boolean>;
  markPrimed(nowMs: number): Promise<void>;
  close(): Promise<void>;
}
