import { checkNewEntry, type Entry, type NewEntry } from '../../../src/producer/ledger/entry.ts';
import {
  type Decision,
  type Ledger,
  MAX_DELIVERIES,
  type Transacted,
} from '../../../src/producer/ledger/ledger.ts';
import type { DeliveryRecord } from '../../../src/shared/delivery/sender.ts';

/**
 * A ledger in an array, for the tests of the operator's commands: a stand-in for the
 * store, kept trivially correct (decide over a copy, check, push with ids), not a store
 * (the SQLite and PostgreSQL stores have their own suite). Copies go in and out, so a
 * command cannot change what is stored except by appending.
 */
export class OpsMemoryLedger implements Ledger {
  readonly #entries: Entry[] = [];
  readonly #leases = new Map<string, { holder: string; untilMs: number }>();
  readonly #deliveries: DeliveryRecord[] = [];

  constructor(initial: readonly NewEntry[] = []) {
    this.#push(initial);
  }

  async entries(): Promise<Entry[]> {
    return structuredClone(this.#entries);
  }

  async transact<T>(decide: (entries: readonly Entry[]) => Decision<T>): Promise<Transacted<T>> {
    const { append, result } = decide(structuredClone(this.#entries));
    return { appended: this.#push(append), result };
  }

  async acquireLease(name: string, holder: string, nowMs: number, untilMs: number) {
    const lease = this.#leases.get(name);
    if (lease !== undefined && lease.holder !== holder && lease.untilMs > nowMs) return false;
    this.#leases.set(name, { holder, untilMs });
    return true;
  }

  async releaseLease(name: string, holder: string): Promise<void> {
    if (this.#leases.get(name)?.holder === holder) this.#leases.delete(name);
  }

  async leaseHolder(name: string, nowMs: number) {
    const lease = this.#leases.get(name);
    return lease === undefined || lease.untilMs <= nowMs ? null : { ...lease };
  }

  async recordDelivery(record: DeliveryRecord): Promise<void> {
    const { message: _message, ...kept } = record;
    this.#deliveries.push(kept);
    if (this.#deliveries.length > MAX_DELIVERIES) this.#deliveries.shift();
  }

  async recentDeliveries(limit: number): Promise<DeliveryRecord[]> {
    return this.#deliveries.slice(-limit).reverse();
  }

  async close(): Promise<void> {}

  /** Checks every entry first (all or nothing), drops posts already stored, then appends. */
  #push(entries: readonly NewEntry[]): Entry[] {
    const checked = entries.map(checkNewEntry);
    const appended: Entry[] = [];
    for (const entry of checked) {
      const known = (post: Entry) =>
        post.type === 'post_observed' &&
        entry.type === 'post_observed' &&
        post.payload.post.id === entry.payload.post.id;
      if (this.#entries.some(known)) continue;
      const stored = { ...entry, id: this.#entries.length + 1 } as Entry;
      this.#entries.push(stored);
      appended.push(structuredClone(stored));
    }
    return appended;
  }
}
