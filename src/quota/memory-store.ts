import { decide, type QuotaDecision, type QuotaSettings, type QuotaStore } from './quota-store.ts';

export interface MemoryStoreOptions extends QuotaSettings {
  /** Hard cap on tracked clients; the least recently seen client is dropped beyond it. */
  readonly maxClients: number;
  readonly clock: () => number;
}

interface ClientLog {
  /** Admitted instants in the window, ascending; never longer than `max`. */
  readonly admitted: number[];
  lastSeenMs: number;
}

/**
 * Exact sliding log in process memory. Memory is bounded twice over: a client's log
 * holds at most `max` instants, and the map holds at most `maxClients` clients. The map
 * is kept in least-recently-seen order (a touched key is re-inserted at the end), so
 * idle clients are swept from its front in O(1) amortized per request, and when the cap
 * is reached the client idle the longest is dropped (counted in `evictions`).
 */
export class MemoryQuotaStore implements QuotaStore {
  readonly #clients = new Map<string, ClientLog>();
  readonly #options: MemoryStoreOptions;
  #evictions = 0;

  constructor(options: MemoryStoreOptions) {
    this.#options = options;
  }

  get stats(): { clients: number; evictions: number } {
    return { clients: this.#clients.size, evictions: this.#evictions };
  }

  hit(key: string): QuotaDecision {
    return this.hitNow(key);
  }

  /** Synchronous form of `hit`: atomic by construction in a single-threaded process. */
  hitNow(key: string): QuotaDecision {
    const { max, windowMs, clock } = this.#options;
    const now = clock();
    this.#sweep(now);

    let client = this.#clients.get(key);
    if (client === undefined) {
      if (this.#clients.size >= this.#options.maxClients) this.#evictOldest();
      client = { admitted: [], lastSeenMs: now };
    } else {
      this.#clients.delete(key);
    }
    client.lastSeenMs = now;
    this.#clients.set(key, client);

    const log = client.admitted;
    let expired = 0;
    while (expired < log.length && log[expired]! <= now - windowMs) expired++;
    if (expired > 0) log.splice(0, expired);

    const admitted = log.length < max;
    if (admitted) log.push(now);
    return decide(this.#options, admitted, log.length, log[0] ?? now, now);
  }

  async isReady(): Promise<boolean> {
    return true;
  }

  async close(): Promise<void> {
    this.#clients.clear();
  }

  /** Drops up to two clients idle for a whole window from the front (least recently seen). */
  #sweep(now: number): void {
    for (let i = 0; i < 2; i++) {
      const first = this.#clients.entries().next();
      if (first.done || first.value[1].lastSeenMs > now - this.#options.windowMs) return;
      this.#clients.delete(first.value[0]);
    }
  }

  #evictOldest(): void {
    const oldest = this.#clients.keys().next();
    if (!oldest.done) {
      this.#clients.delete(oldest.value);
      this.#evictions++;
    }
  }
}
