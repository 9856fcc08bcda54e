import { RESET_TYPES } from '../../shared/domain/record.ts';
import { formatTimestamp } from '../../shared/domain/timestamp.ts';
import { resetTypesMatch } from '../build/schedule-rules.ts';
import type { Entry, NewEntry } from '../ledger/entry.ts';
import { type OpsContext, operatorEntry } from './context.ts';
import { currentState, publishedRecords, recordNamed, refuseDismissed } from './current-state.ts';
import { freshRecordId } from './record-ids.ts';
import { OpsRefusal } from './refusal.ts';
import { enumValue, pastTimestampValue } from './values.ts';

export interface CompleteRequest {
  readonly scheduleIds: readonly [string, ...string[]];
  /** When the reset happened (default: now). */
  readonly at?: string | undefined;
  readonly resetType?: string | undefined;
}

/**
 * `ops complete --schedules ID[,ID…] [--at TIME] [--reset-type T]`: a `manual:…`
 * completion that fulfils the schedules (origin `manual`). Each must be a published
 * schedule that nothing fulfils yet: a schedule has one completion, and taking one back
 * is `ops unlink`'s job, said in the message.
 */
export function complete(
  entries: readonly Entry[],
  request: CompleteRequest,
  context: OpsContext,
): NewEntry {
  const state = currentState(entries);
  const published = publishedRecords(entries, context.now, context.settings);
  const schedules = [];
  const named = new Set<string>();
  for (const scheduleId of request.scheduleIds) {
    if (named.has(scheduleId)) throw new OpsRefusal(`schedule ${scheduleId} is named twice`);
    named.add(scheduleId);
    const { record } = recordNamed(state, scheduleId);
    if (record.kind !== 'reset_scheduled') {
      throw new OpsRefusal(`${scheduleId} is a completion, not a schedule`);
    }
    refuseDismissed(state, scheduleId);
    const asPublished = published.get(scheduleId);
    if (asPublished?.scheduleState === 'fulfilled') {
      throw new OpsRefusal(
        `schedule ${scheduleId} is already fulfilled by ${asPublished.completionRecordId} ` +
          `(${asPublished.fulfillmentOrigin}): unlink it first (ops unlink ${scheduleId})`,
      );
    }
    schedules.push(record);
  }
  const completedAt =
    request.at === undefined
      ? formatTimestamp(context.now)
      : pastTimestampValue('--at', request.at, context);

  let resetType: (typeof RESET_TYPES)[number];
  if (request.resetType !== undefined) {
    resetType = enumValue('--reset-type', request.resetType, RESET_TYPES);
    const other = schedules.find((schedule) => !resetTypesMatch(schedule.resetType, resetType));
    if (other !== undefined) {
      throw new OpsRefusal(
        `--reset-type ${resetType} does not match schedule ${other.id} (${other.resetType})`,
      );
    }
  } else {
    const types = new Set(schedules.map((schedule) => schedule.resetType));
    if (types.size > 1) {
      const list = schedules.map((schedule) => `${schedule.id} ${schedule.resetType}`).join(', ');
      throw new OpsRefusal(`the schedules' reset types differ (${list}): give --reset-type`);
    }
    resetType = schedules[0]!.resetType;
  }
  return operatorEntry(
    'complete',
    {
      recordId: freshRecordId('manual:', entries, context.newId),
      scheduleIds: [...request.scheduleIds],
      completedAt,
      resetType,
    },
    context,
  );
}
