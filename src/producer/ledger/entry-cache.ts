import type { Entry } from './entry.ts';

/**
 * The entries a ledger store has read so far, so that each read fetches and parses only
 * the entries appended since. Sound while the ledger is append-only and its writers are
 * serialized by the store's write lock: ids are committed in order, so any read sees a
 * prefix of the ids, never a later id before an earlier one. A monitor round on a
 * 100,000-entry ledger would otherwise read and check every entry twice (its cursor, then
 * its transaction).
 *
 * A ledger can still go backwards under a running process: a backup restored over it
 * (`sqlite3 … ".restore backup.db"`, a PostgreSQL restore). So each read starts at the last
 * entry held (`WHERE id >= from`, `from` = `readFrom`), and that entry must come back
 * unchanged: if it is missing (the ledger now ends earlier) or differs (other entries took
 * its id), everything held is dropped, a warning says so, and the store reads the whole
 * ledger again. Otherwise a monitor would go on publishing entries the ledger no longer
 * holds (issue 16, finding 7).
 */
export class EntryCache {
  readonly #entries: Entry[] = [];
  readonly #warn: (message: string) => void;
  /** How many times the ledger was found to have gone backwards. */
  rewinds = 0;

  constructor(warn: (message: string) => void = warnProcess) {
    this.#warn = warn;
  }

  /** The id of the last entry held (0 when none). */
  get lastId(): number {
    return this.#entries.at(-1)?.id ?? 0;
  }

  /** Where the next read starts (inclusive): the last entry held, which must come back. */
  get readFrom(): number {
    return this.lastId;
  }

  /**
   * `entries`, read in id order from `from` (a `readFrom` taken before the read), added
   * to those held; returns every entry held, as a new array, or undefined when the ledger
   * went backwards (the entry at `from` missing or changed): then nothing is held any more
   * and the caller reads again from `readFrom` (0). Two reads in flight at once may both
   * bring the same entries: those already held are checked, not added again.
   */
  absorb(from: number, entries: readonly Entry[]): Entry[] | undefined {
    if (from > 0) {
      const first = entries[0];
      const held = this.#find(from);
      if (first === undefined || first.id !== from || held === undefined || !same(first, held)) {
        const lastId = this.lastId;
        this.#entries.length = 0;
        this.rewinds++;
        this.#warn(
          first === undefined || first.id !== from
            ? `the ledger went backwards: entry ${from} is gone (a backup restored?); it is read again from the start (${lastId} entries were held)`
            : `the ledger went backwards: entry ${from} is not the one read before (a backup restored?); it is read again from the start`,
        );
        return undefined;
      }
    }
    for (const entry of entries) if (entry.id > this.lastId) this.#entries.push(entry);
    return [...this.#entries];
  }

  /** The entry held with `id`: near the end, where reads start. */
  #find(id: number): Entry | undefined {
    for (let index = this.#entries.length - 1; index >= 0; index--) {
      const entry = this.#entries[index]!;
      if (entry.id === id) return entry;
      if (entry.id < id) return undefined;
    }
    return undefined;
  }
}

const same = (a: Entry, b: Entry) => JSON.stringify(a) === JSON.stringify(b);

/** Loud: on standard error, whatever the log level, and to any `warning` listener. */
function warnProcess(message: string): void {
  process.emitWarning(message, 'LedgerWentBackwards');
}
