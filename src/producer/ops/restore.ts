import type { Entry, NewEntry } from '../ledger/entry.ts';
import { type OpsContext, operatorEntry } from './context.ts';
import { currentState, isDismissed, requireRecordOrHeldPost } from './current-state.ts';
import type { RecordRequest } from './dismiss.ts';
import { OpsRefusal } from './refusal.ts';

/** `ops restore RECORD_ID`: brings a dismissed record back (a held post back to the queue). */
export function restore(
  entries: readonly Entry[],
  request: RecordRequest,
  context: OpsContext,
): NewEntry {
  const state = currentState(entries);
  requireRecordOrHeldPost(state, request.recordId);
  if (!isDismissed(state, request.recordId)) {
    throw new OpsRefusal(`record ${request.recordId} is not dismissed`);
  }
  return operatorEntry('restore', { recordId: request.recordId }, context);
}
