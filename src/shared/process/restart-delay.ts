/** How a supervisor spaces the restarts of a child that keeps dying. */
export interface RestartPolicy {
  /** The wait before the first restart, and after a child that ran healthily. */
  readonly initialMs: number;
  /** The longest wait: the doubling stops here. */
  readonly maxMs: number;
  /** A child that ran this long before it died was healthy: the wait starts over. */
  readonly healthyMs: number;
}

/** 1 s, doubling to 60 s, back to 1 s after a child that ran for a minute. */
export const DEFAULT_RESTART_POLICY: RestartPolicy = Object.freeze({
  initialMs: 1_000,
  maxMs: 60_000,
  healthyMs: 60_000,
});

/**
 * The wait before the next start, given the previous wait (null: none yet) and how long
 * the child that just died ran. Pure; always within [initialMs, maxMs].
 */
export function restartDelay(
  previousMs: number | null,
  ranMs: number,
  policy: RestartPolicy = DEFAULT_RESTART_POLICY,
): number {
  if (previousMs === null || ranMs >= policy.healthyMs) return policy.initialMs;
  return Math.min(Math.max(previousMs * 2, policy.initialMs), policy.maxMs);
}
