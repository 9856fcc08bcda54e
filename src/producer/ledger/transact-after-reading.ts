import type { Entry } from './entry.ts';
import type { Decision, Ledger, Transacted } from './ledger.ts';

/** How many times the decision is made again outside the lock before it is made inside. */
const ATTEMPTS = 5;

/** Thrown inside the lock when an entry was appended since the decision was made. */
class Outdated extends Error {}

/**
 * `ledger.transact(decide)` with `decide` run outside the write lock: it decides over the
 * entries read without the lock, then appends that decision under the lock if no entry was
 * appended in between (the ledger is append-only: the same last id, the same entries);
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
): Promise<Transacted<T>> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const seen = await ledger.entries();
    const lastSeen = seen.at(-1)?.id ?? 0;
    const decision = decide(seen);
    try {
      return await ledger.transact((entries) => {
        if ((entries.at(-1)?.id ?? 0) !== lastSeen) throw new Outdated();
        return decision;
      });
    } catch (error) {
      if (!(error instanceof Outdated)) throw error;
    }
  }
  return ledger.transact(decide);
}
