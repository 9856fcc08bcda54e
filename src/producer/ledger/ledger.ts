import type { DeliveryRecord } from '../../shared/delivery/sender.ts';
import type { Entry, NewEntry } from './entry.ts';

/**
 * The append-only ledger (producer.md §1). Two stores implement it, SQLite (the default,
 * a file) and PostgreSQL (shared by several operators or monitor replicas); one test suite
 * runs against both (test/producer/ledger-contract.ts).
 */
export interface Ledger {
  /** Every entry, in id order. */
  entries(): Promise<Entry[]>;

  /**
   * One atomic write: inside the store's write lock, reads every entry, lets `decide`
   * compute what to append (or throw to append nothing), and appends it in one
   * transaction. Two processes calling this at once are serialized, so a check made by
   * `decide` still holds when its entries are written, and a crash leaves the ledger as
   * before or after, never between. A `post_observed` entry for a post id already stored
   * is never written twice (the stores also enforce it with a unique index).
   */
  transact<T>(decide: (entries: readonly Entry[]) => Decision<T>): Promise<Transacted<T>>;

  /**
   * A lease on `name` for `holder` until `untilMs`: taken if free, expired or already
   * held by `holder` (then renewed). With several monitors on one ledger, only the holder
   * of the `monitor` lease runs a round. Returns whether `holder` holds it now.
   */
  acquireLease(name: string, holder: string, nowMs: number, untilMs: number): Promise<boolean>;
  releaseLease(name: string, holder: string): Promise<void>;

  /**
   * Who holds the lease on `name` and until when, or null when nobody does (or it has
   * expired at `nowMs`): for `ops status`.
   */
  leaseHolder(name: string, nowMs: number): Promise<{ holder: string; untilMs: number } | null>;

  /**
   * Keeps one step of an alert's delivery (queued, sent, failed, dropped) for `ops status`:
   * not an entry of the journal (nothing is built from it), and only the last
   * MAX_DELIVERIES are kept.
   */
  recordDelivery(record: DeliveryRecord): Promise<void>;

  /** The last `limit` delivery steps kept, newest first. */
  recentDeliveries(limit: number): Promise<DeliveryRecord[]>;

  close(): Promise<void>;
}

export interface Decision<T> {
  readonly append: readonly NewEntry[];
  readonly result: T;
}

export interface Transacted<T> {
  /** The entries written, with their ids, in order. */
  readonly appended: readonly Entry[];
  readonly result: T;
}

/** The delivery steps a ledger keeps (recordDelivery): about a week of a busy monitor's alerts. */
export const MAX_DELIVERIES = 1_000;
