import { withoutUndone } from '../build/without-undone.ts';
import type { Entry, NewEntry } from '../ledger/entry.ts';
import { type OpsContext, operatorEntry } from './context.ts';
import { correctionsFrom, refuseScheduleFieldsOnCompletion } from './corrections.ts';
import { currentState, isDismissed } from './current-state.ts';
import { OpsRefusal } from './refusal.ts';

export interface AcceptRequest {
  readonly postId: string;
  /** `FIELD=VALUE` corrections, as `ops correct` takes them. */
  readonly set: readonly string[];
}

/** `ops accept POST_ID [--set FIELD=VALUE …]`: publishes a post held for review. */
export function accept(
  entries: readonly Entry[],
  request: AcceptRequest,
  context: OpsContext,
): NewEntry {
  const state = currentState(entries);
  const { journal } = state;
  const { postId } = request;
  if (!journal.posts.has(postId)) throw new OpsRefusal(`unknown post ${postId}`);
  if (journal.accepted.has(postId)) {
    const by = withoutUndone(entries).findLast(
      (entry) => entry.type === 'accept' && entry.payload.postId === postId,
    );
    throw new OpsRefusal(`post ${postId} is already accepted (entry ${by?.id})`);
  }
  const classification = journal.classifications.get(postId);
  if (classification?.review !== true) {
    // A post read as no announcement has no record to correct: a note about it makes one.
    throw new OpsRefusal(
      classification === undefined || classification.reset === null
        ? `post ${postId} was read as no announcement, so it has no record: publish what it announces with ops note --kind K --reset-type T --post ${postId}`
        : `post ${postId} is not held for review: change its record with ops correct ${postId}`,
    );
  }
  if (journal.agreed.has(postId)) {
    throw new OpsRefusal(
      `post ${postId} is already published on a second opinion's agreement: change its record with ops correct ${postId}, or take it back with ops dismiss ${postId}`,
    );
  }
  // Dismissing a held post is how the operator rejects it; accepting it then would publish
  // nothing (the dismissal still holds), so the operator is told to restore it first.
  if (isDismissed(state, postId)) {
    throw new OpsRefusal(`post ${postId} is dismissed: restore it first (ops restore ${postId})`);
  }
  const corrections = correctionsFrom(request.set, context);
  const merged = { ...journal.corrections.get(postId), ...corrections };
  if (
    classification.reset === null &&
    (merged.kind === undefined || merged.resetType === undefined)
  ) {
    throw new OpsRefusal(
      `post ${postId}: its classification found no reset; give --set kind=… --set resetType=…`,
    );
  }
  refuseScheduleFieldsOnCompletion(postId, merged.kind ?? classification.reset?.kind, corrections);
  return operatorEntry('accept', { postId, corrections }, context);
}
