/**
 * A quota store keeps, per client key, the log of admitted requests of the last window
 * (decisions.md §5: exact sliding log). Implementations: memory (one process) and Redis
 * (shared by every instance).
 */
export interface QuotaDecision {
  readonly admitted: boolean;
  readonly limit: number;
  /** Requests left in the window after this one. */
  readonly remaining: number;
  /** When the oldest counted request leaves the window (epoch ms). */
  readonly resetAtMs: number;
  /** On refusal: whole seconds (>= 1) until a request would be admitted. */
  readonly retryAfterSeconds: number | null;
}

export interface QuotaStore {
  /**
   * Counts one request of `key` if the window has room; never records a refused one.
   * Settles within the store's own time bound (decisions.md §5: 250 ms), rejecting when
   * the backing store does not answer: the store is the one place that can bound, and
   * take back, its own calls. An in-process store may answer synchronously.
   */
  hit(key: string): QuotaDecision | Promise<QuotaDecision>;
  /** Whether the store can answer now (for /readyz). */
  isReady(): Promise<boolean>;
  close(): Promise<void>;
}

export interface QuotaSettings {
  readonly max: number;
  readonly windowMs: number;
}

/** The decision for a log of admitted instants (ascending) after pruning, shared by every store. */
export function decide(
  settings: QuotaSettings,
  admitted: boolean,
  countAfter: number,
  oldestMs: number,
  nowMs: number,
): QuotaDecision {
  const resetAtMs = oldestMs + settings.windowMs;
  return {
    admitted,
    limit: settings.max,
    remaining: Math.max(0, settings.max - countAfter),
    resetAtMs,
    retryAfterSeconds: admitted ? null : Math.max(1, Math.ceil((resetAtMs - nowMs) / 1000)),
  };
}
