import { formatTimestamp } from '../../shared/domain/timestamp.ts';
import type { BuildSettings } from '../build/settings.ts';
import type { Classification, EntryType, NewEntry, Payload } from '../ledger/entry.ts';
import type { Post } from '../ledger/post.ts';

/** What every operator command is decided with, besides the ledger's entries and the request. */
export interface OpsContext {
  /** The time of the command (epoch ms): the entry's `at`, and the `now` of every state check. */
  readonly now: number;
  /** The operator's name (`--by` or OPERATOR). */
  readonly actor: string;
  readonly reason: string | null;
  /** A fresh token for a new `op_`/`manual:` id; injected so that tests can name the ids. */
  readonly newId: () => string;
  /** The build's rules: schedule states (fulfilled or not) depend on them. */
  readonly settings: BuildSettings;
  /** The classifier of this version (`ops reclassify`). */
  readonly classify: (post: Post, context?: readonly Post[]) => Classification;
  /** SCHEDULE_TIME_ZONE: what "PT" means in a time the operator types (human-time.ts). */
  readonly timeZone: string;
  /**
   * Told each time typed otherwise than in the contract's UTC form, as read ("--at "6pm PT"
   * is 2026-11-27T02:00:00.000Z (…)"): printed before the entry is written.
   */
  readonly echo: (line: string) => void;
}

/** The one entry a command appends. */
export function operatorEntry<T extends EntryType>(
  type: T,
  payload: Payload<T>,
  context: OpsContext,
): NewEntry {
  // The cast only re-pairs `type` with its payload, which TypeScript cannot see through T.
  return {
    type,
    at: formatTimestamp(context.now),
    actor: context.actor,
    reason: context.reason,
    payload,
  } as NewEntry;
}
