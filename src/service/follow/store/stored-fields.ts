import { FOLLOW_TOPICS, type FollowTopic } from '../topics.ts';
import type { PushSubscriptionKeys, StoredSubscription, SubscriberPage } from './follow-store.ts';

/**
 * The rules the three follow stores share, so that they cannot drift apart: the bounds of
 * what they are given (checked here, once, whatever the route already checked), how a
 * topic list is written as text, and how a page and its `next` are cut.
 */

/** The longest endpoint a store takes (subscription.ts refuses longer ones first). */
export const MAX_ENDPOINT_LENGTH = 2_000;
/** The longest event id a store takes (topics.ts: at most 400 characters). */
export const MAX_EVENT_ID_LENGTH = 400;
/** A key is 87 (p256dh) or 22 (auth) characters; anything far longer is not a key. */
const MAX_KEY_LENGTH = 200;
/** The most subscriptions one `subscribersOf` call returns. */
export const MAX_PAGE_SIZE = 1_000;

/** `limit` brought into 1..1,000 (a fraction is cut; NaN is 1). */
export function pageSize(limit: number): number {
  if (Number.isNaN(limit)) return 1;
  return Math.min(MAX_PAGE_SIZE, Math.max(1, Math.trunc(limit)));
}

export function checkSubscription(subscription: PushSubscriptionKeys): void {
  checkEndpoint(subscription.endpoint);
  for (const [name, value] of [
    ['p256dh', subscription.p256dh],
    ['auth', subscription.auth],
  ] as const) {
    if (value.length === 0 || value.length > MAX_KEY_LENGTH) {
      throw new RangeError(`a subscription's ${name} must be 1 to ${MAX_KEY_LENGTH} characters`);
    }
  }
}

export function checkEndpoint(endpoint: string): void {
  if (endpoint.length === 0 || endpoint.length > MAX_ENDPOINT_LENGTH) {
    throw new RangeError(`an endpoint must be 1 to ${MAX_ENDPOINT_LENGTH} characters`);
  }
}

export function checkMaxSubscriptions(max: number): void {
  if (!Number.isSafeInteger(max) || max < 0) {
    throw new RangeError('maxSubscriptions must be a whole number, 0 or more');
  }
}

export function checkClaim(eventId: string, nowMs: number, keepMs: number): void {
  if (eventId.length === 0 || eventId.length > MAX_EVENT_ID_LENGTH) {
    throw new RangeError(`an event id must be 1 to ${MAX_EVENT_ID_LENGTH} characters`);
  }
  checkTime(nowMs);
  if (!Number.isSafeInteger(keepMs) || keepMs < 1) {
    throw new RangeError('keepMs must be a whole number of milliseconds, 1 or more');
  }
  checkTime(nowMs + keepMs);
}

export function checkTime(ms: number): void {
  if (!Number.isSafeInteger(ms) || ms < 0) {
    throw new RangeError('a time must be whole epoch milliseconds');
  }
}

/**
 * The topics as stored: each once, in FOLLOW_TOPICS order, comma-separated (no topic has a
 * comma). A value outside FOLLOW_TOPICS is a caller's bug, refused rather than stored.
 */
export function topicsText(topics: readonly FollowTopic[]): string {
  for (const topic of topics) {
    if (!(FOLLOW_TOPICS as readonly string[]).includes(topic)) {
      throw new RangeError(`unknown follow topic ${JSON.stringify(topic)}`);
    }
  }
  return FOLLOW_TOPICS.filter((topic) => topics.includes(topic)).join(',');
}

/** The stored text read back; a name this program does not know (a newer one's) is left out. */
export function topicsOf(text: string): FollowTopic[] {
  const stored = text.split(',');
  return FOLLOW_TOPICS.filter((topic) => stored.includes(topic));
}

/** The columns (or hash fields) a subscription is stored as, read back as text or numbers. */
export interface SubscriptionRow {
  readonly id: string;
  readonly endpoint: string;
  readonly p256dh: string;
  readonly auth: string;
  readonly topics: string;
  readonly created_at: number | string;
}

export function toSubscription(row: SubscriptionRow): StoredSubscription {
  return {
    id: row.id,
    endpoint: row.endpoint,
    p256dh: row.p256dh,
    auth: row.auth,
    topics: topicsOf(row.topics),
    createdAt: Number(row.created_at),
  };
}

/**
 * A page from the first `size + 1` ids in order (the extra one only says that more
 * follow): `next` is the page's last id, or null when nothing follows it.
 */
export function pageOf(
  ids: readonly string[],
  size: number,
  subscriptions: readonly StoredSubscription[],
): SubscriberPage {
  return {
    subscriptions,
    next: ids.length > size ? (ids[size - 1] ?? null) : null,
  };
}
