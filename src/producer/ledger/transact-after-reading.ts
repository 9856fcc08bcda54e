import type { Entry } from './entry.ts';
import type { Decision, Ledger, Transacted } from './ledger.ts';

/** How many times the decision is made again outside the lock before it is made inside. */
const ATTEMPTS = 5;

/** Thrown inside the lock when an entry was appended since the decision was made. */
class Outdated extends Error {}

/**
 * `ledger.transact(decide)` with `decide` run outside the write lock: it decides over the
 * entries read without the lock, then appends that decision under the lock if no entry was
 * appended in between (the ledger is append-only: the same last id, the same entries), or
 * only entries `irrelevant` to it;
 * otherwise it reads and decides again, and after ATTEMPTS such races decides under the
 * lock, as `transact` does. For a `decide` that is slow (an operator's command builds the
 * snapshot twice to say what it changes: seconds on a large ledger) and must not hold
 * every other writer, the monitor's included, for that long. `decide` must be pure: it may
 * run more than once. A refusal it throws outside the lock is thrown as it is: it was
 * right for a state the ledger was in.
 */
export async function transactAfterReading<T>(
  ledger: Ledger,
  decide: (entries: readonly Entry[]) => Decision<T>,
  /**
   * Entries that cannot change the decision when appended meanwhile (for an operator's
   * command, the monitor's source checks, which change no record): the decision stands.
   */
  irrelevant: (entry: Entry) => boolean = () => false,
): Promise<Transacted<T>> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const seen = await ledger.entries();
    const lastSeen = seen.at(-1)?.id ?? 0;
    const decision = decide(seen);
    try {
      return await ledger.transact((entries) => {
        // Ids only grow: what was appended since is the tail after the last id seen.
        for (let i = entries.length - 1; i >= 0 && entries[i]!.id > lastSeen; i--) {
          if (!irrelevant(entries[i]!)) throw new Outdated();
        }
        return decision;
      });
    } catch (error) {
      if (!(error instanceof Outdated)) throw error;
    }
  }
  return ledger.transact(decide);
}
