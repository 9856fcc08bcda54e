import type { Entry } from './entry.ts';

/**
 * The entries a ledger store has read so far, so that each read fetches and parses only
 * the entries appended since (`WHERE id > lastId`). Sound because the ledger is
 * append-only and its writers are serialized by the store's write lock: ids are committed
 * in order, so any read sees a prefix of the ids, never a later id before an earlier one.
 * A monitor round on a 100,000-entry ledger would otherwise read and check every entry
 * twice (its cursor, then its transaction).
 */
export class EntryCache {
  readonly #entries: Entry[] = [];

  /** The id of the last entry held (0 when none). */
  get lastId(): number {
    return this.#entries.at(-1)?.id ?? 0;
  }

  /**
   * Adds entries read after some earlier `lastId`, in id order, and returns every entry
   * held, as a new array. Two reads in flight at once may both bring the same entries:
   * those already held are skipped.
   */
  extend(entries: readonly Entry[]): Entry[] {
    for (const entry of entries) if (entry.id > this.lastId) this.#entries.push(entry);
    return [...this.#entries];
  }
}
