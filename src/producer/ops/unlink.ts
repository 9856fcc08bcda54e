import type { Entry, NewEntry } from '../ledger/entry.ts';
import { type OpsContext, operatorEntry } from './context.ts';
import { currentState, publishedRecords, recordNamed, refuseDismissed } from './current-state.ts';
import { OpsRefusal } from './refusal.ts';

export interface UnlinkRequest {
  readonly scheduleId: string;
}

/**
 * `ops unlink SCHEDULE_ID`: takes back the link that fulfils a schedule, whatever made it
 * (`auto`, `link` or `manual`); the build then leaves it unfulfilled, the automatic rule
 * included, until the operator links it again.
 */
export function unlink(
  entries: readonly Entry[],
  request: UnlinkRequest,
  context: OpsContext,
): NewEntry {
  const { scheduleId } = request;
  const state = currentState(entries);
  if (recordNamed(state, scheduleId).record.kind !== 'reset_scheduled') {
    throw new OpsRefusal(`${scheduleId} is a completion, not a schedule: ops unlink SCHEDULE_ID`);
  }
  refuseDismissed(state, scheduleId);
  const asPublished = publishedRecords(entries, context.now, context.settings).get(scheduleId);
  if (asPublished?.scheduleState !== 'fulfilled') {
    throw new OpsRefusal(`schedule ${scheduleId} is not fulfilled: there is no link to take back`);
  }
  return operatorEntry('unlink', { scheduleId }, context);
}
