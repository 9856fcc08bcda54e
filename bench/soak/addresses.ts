/**
 * Client addresses. On Linux the whole of 127.0.0.0/8 is loopback, so a socket bound to
 * 127.a.b.c (`localAddress`) reaches the service on 127.0.0.1 as a genuinely distinct
 * client: its own quota, its own connection count. Each traffic source gets its own
 * /16 block, so no two sources ever share a quota and every quota outcome is predictable.
 */

/** The second octet of each source's block: 127.<block>.x.y. */
export const BLOCKS = {
  quotaClients: 10,
  pagination: 11,
  normalClient: 12,
  publishObserver: 13,
  pipeliningFlood: 20,
  slowloris: 21,
  idleConnections: 22,
  mcpDeepNesting: 23,
  junkForwardedFor: 24,
} as const;

/** Addresses per block: x in 0..255, y in 1..254. */
const PER_BLOCK = 256 * 254;

/** The n-th address (from 0) of a block, skipping .0 and .255 in the last octet. */
export function addressIn(block: number, n: number): string {
  const index = n % PER_BLOCK;
  return `127.${block}.${Math.floor(index / 254)}.${(index % 254) + 1}`;
}

/** Hands out fresh addresses of one block, in order. */
export class AddressSequence {
  private next = 0;
  private readonly block: number;

  constructor(block: number) {
    this.block = block;
  }

  take(): string {
    return addressIn(this.block, this.next++);
  }

  get used(): number {
    return this.next;
  }
}

/**
 * An address pool that never exceeds the quota: each address is used for at most
 * `perAddress` counted requests, then the next one takes over. Together, an unlimited
 * path for the checkers that must never be refused.
 */
export class BudgetedAddresses {
  private readonly sequence: AddressSequence;
  private current: string;
  private usedOnCurrent = 0;

  private readonly perAddress: number;

  constructor(block: number, perAddress: number) {
    this.perAddress = perAddress;
    this.sequence = new AddressSequence(block);
    this.current = this.sequence.take();
  }

  /** An address with at least `count` counted requests left; those are now spent. */
  take(count = 1): string {
    if (count > this.perAddress) throw new Error(`cannot reserve ${count} requests`);
    if (this.usedOnCurrent + count > this.perAddress) {
      this.current = this.sequence.take();
      this.usedOnCurrent = 0;
    }
    this.usedOnCurrent += count;
    return this.current;
  }

  get addressesUsed(): number {
    return this.sequence.used;
  }
}
