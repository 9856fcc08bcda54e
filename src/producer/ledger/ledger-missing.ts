/**
 * No ledger where LEDGER_URL points: creating one is explicit (`ledger-init`), so a command
 * run from the wrong directory, or with LEDGER_URL unset, cannot start an empty ledger and
 * publish it over the live snapshot (issue 16, finding 8).
 */
export class LedgerMissingError extends Error {
  override name = 'LedgerMissingError';
}

export const LEDGER_INIT_HINT =
  'create it once with `reset-records ledger-init`, or set LEDGER_URL to the ledger in use';
