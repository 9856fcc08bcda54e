/** What following did since start, for /metrics (observability/metrics.ts reads it when scraped). */
export interface FollowStats {
  /** Events this instance claimed and sent (the others' claims are theirs). */
  events: number;
  pushSent: number;
  pushGone: number;
  pushFailed: number;
  broadcastSent: number;
  /** Failed or dropped. */
  broadcastFailed: number;
}

export const newFollowStats = (): FollowStats => ({
  events: 0,
  pushSent: 0,
  pushGone: 0,
  pushFailed: 0,
  broadcastSent: 0,
  broadcastFailed: 0,
});
