/**
 * The wait before the next attempt after a failure that may pass (5xx, a network error, no
 * answer in time): exponential, with "equal jitter" (half fixed, half random) so channels
 * that failed together do not retry together, and never below half the step.
 */
export interface BackOff {
  /** The wait before the first retry (before jitter). */
  readonly baseMs: number;
  /** The longest wait. */
  readonly maxMs: number;
}

/** The wait before retry number `retry` (1, 2, 3…); `random` is in [0, 1). */
export function backOffMs(retry: number, backOff: BackOff, random: () => number): number {
  const step = Math.min(backOff.maxMs, backOff.baseMs * 2 ** Math.min(retry - 1, 30));
  return Math.round(step / 2 + random() * (step / 2));
}
