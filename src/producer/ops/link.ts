import { resetTypesMatch } from '../build/schedule-rules.ts';
import type { Entry, NewEntry } from '../ledger/entry.ts';
import { type OpsContext, operatorEntry } from './context.ts';
import { currentState, publishedRecords, recordNamed, refuseDismissed } from './current-state.ts';
import { OpsRefusal } from './refusal.ts';

export interface LinkRequest {
  readonly scheduleId: string;
  readonly completionId: string;
}

/**
 * `ops link SCHEDULE_ID COMPLETION_ID`: the completion fulfils the schedule (origin `link`),
 * in place of whatever fulfilled it before. Both must be published, and of compatible
 * reset types by the same rule as automatic linking (a global reset does not fulfil a
 * banked one).
 */
export function link(
  entries: readonly Entry[],
  request: LinkRequest,
  context: OpsContext,
): NewEntry {
  const { scheduleId, completionId } = request;
  const state = currentState(entries);
  const schedule = recordNamed(state, scheduleId).record;
  const completion = recordNamed(state, completionId).record;
  const usage = 'ops link SCHEDULE_ID COMPLETION_ID';
  if (schedule.kind !== 'reset_scheduled') {
    throw new OpsRefusal(`${scheduleId} is a completion, not a schedule: ${usage}`);
  }
  if (completion.kind !== 'reset_completed') {
    throw new OpsRefusal(`${completionId} is a schedule, not a completion: ${usage}`);
  }
  refuseDismissed(state, scheduleId);
  refuseDismissed(state, completionId);
  if (!resetTypesMatch(schedule.resetType, completion.resetType)) {
    throw new OpsRefusal(
      `reset types differ: schedule ${scheduleId} is ${schedule.resetType}, ` +
        `completion ${completionId} is ${completion.resetType}`,
    );
  }
  const asPublished = publishedRecords(entries, context.now, context.settings).get(scheduleId);
  if (asPublished?.completionRecordId === completionId) {
    throw new OpsRefusal(
      `schedule ${scheduleId} is already fulfilled by ${completionId} (${asPublished.fulfillmentOrigin})`,
    );
  }
  return operatorEntry('link', { scheduleId, completionId }, context);
}
