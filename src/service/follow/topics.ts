import type { ResetRecord } from '../../shared/domain/record.ts';

/**
 * What a follower can choose to be told (docs/following.md): the choices of the page's
 * "Notify me", stored with each push subscription. Broadcast channels get every event.
 */
export const FOLLOW_TOPICS = [
  /** A global reset happened (`global` or `global_and_banked`). */
  'global_reset',
  /** Any reset happened, banked ones included. */
  'any_reset',
  /** A reset was scheduled, or its window moved. */
  'schedule',
  /** A scheduled window opens within the hour. */
  'window_soon',
] as const;
export type FollowTopic = (typeof FOLLOW_TOPICS)[number];

export const FOLLOW_EVENT_TYPES = [
  'reset_completed',
  'reset_scheduled',
  'schedule_moved',
  'window_soon',
] as const;
export type FollowEventType = (typeof FOLLOW_EVENT_TYPES)[number];

/** One thing that happened, derived from the snapshots the service loads (events.ts). */
export interface FollowEvent {
  /**
   * Unique and stable for what happened, the same on every instance: the key that makes it
   * sent once (`reset_completed:<recordId>`, `reset_scheduled:<recordId>:<startAt|none>`…).
   * At most 400 characters.
   */
  readonly id: string;
  readonly type: FollowEventType;
  /** The subscriber choices it matches (never empty). */
  readonly topics: readonly FollowTopic[];
  /** The record it is about, as the API gives it. */
  readonly record: ResetRecord;
  /** When it happened (UTC, the contract's format): the reset time, the announcement… */
  readonly at: string;
}
