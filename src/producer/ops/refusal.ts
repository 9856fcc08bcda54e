/**
 * A request that makes no sense against the current state of the ledger (producer.md §4):
 * the command appends nothing and exits with status 1. The message is one line, written
 * for the operator, and says what to do instead where there is something to do.
 */
export class OpsRefusal extends Error {
  override readonly name = 'OpsRefusal';
}
