import type { Entry, NewEntry } from '../ledger/entry.ts';
import { type OpsContext, operatorEntry } from './context.ts';
import {
  type CurrentState,
  currentState,
  isDismissed,
  isHeld,
  recordNamed,
} from './current-state.ts';
import { OpsRefusal } from './refusal.ts';

export interface RecordRequest {
  readonly recordId: string;
}

/**
 * A record that can be dismissed or restored: any record the journal defines, and a post
 * held for review too (dismissing it is how the operator rejects it from the queue).
 */
export function requireRecordOrHeldPost(state: CurrentState, recordId: string): void {
  if (!isHeld(state.journal, recordId)) recordNamed(state, recordId);
}

/**
 * `ops dismiss RECORD_ID`: omits the record from the snapshot. Links to and from it stop
 * counting (the build links only published records); the command's output lists them.
 */
export function dismiss(
  entries: readonly Entry[],
  request: RecordRequest,
  context: OpsContext,
): NewEntry {
  const state = currentState(entries);
  requireRecordOrHeldPost(state, request.recordId);
  if (isDismissed(state, request.recordId)) {
    throw new OpsRefusal(`record ${request.recordId} is already dismissed`);
  }
  return operatorEntry('dismiss', { recordId: request.recordId }, context);
}
