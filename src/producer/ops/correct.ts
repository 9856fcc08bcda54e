import { withoutUndone } from '../build/without-undone.ts';
import type { Entry, NewEntry } from '../ledger/entry.ts';
import { type OpsContext, operatorEntry } from './context.ts';
import { correctionsFrom, refuseScheduleFieldsOnCompletion } from './corrections.ts';
import { currentState } from './current-state.ts';
import { OpsRefusal } from './refusal.ts';

export interface CorrectRequest {
  readonly recordId: string;
  /** `FIELD=VALUE` assignments, at least one. */
  readonly set: readonly string[];
}

/**
 * `ops correct RECORD_ID --set FIELD=VALUE …`: overrides fields of a post's record. An
 * operator's own records (`op_`, `manual:`) have no classifier output to override: they
 * are replaced by undoing the entry that made them and making a new one.
 */
export function correct(
  entries: readonly Entry[],
  request: CorrectRequest,
  context: OpsContext,
): NewEntry {
  const { journal } = currentState(entries);
  const { recordId } = request;
  if (!journal.posts.has(recordId)) {
    const maker = withoutUndone(entries).find(
      (entry) =>
        (entry.type === 'note' || entry.type === 'complete') && entry.payload.recordId === recordId,
    );
    if (maker === undefined) throw new OpsRefusal(`unknown record ${recordId}`);
    throw new OpsRefusal(
      `${recordId} is not a post's record: records made by ops ${maker.type} are not corrected; ` +
        `undo it (ops undo ${maker.id}) and make a new one`,
    );
  }
  const corrections = correctionsFrom(request.set, context);
  // A post the classifier passed over has a record only once the operator gives both.
  const merged = { ...journal.corrections.get(recordId), ...corrections };
  if (
    (journal.classifications.get(recordId)?.reset ?? null) === null &&
    (merged.kind === undefined || merged.resetType === undefined)
  ) {
    throw new OpsRefusal(
      `post ${recordId} has no record to correct: its classification found no reset; ` +
        'give --set kind=… --set resetType=… to make one',
    );
  }
  const kind = merged.kind ?? journal.classifications.get(recordId)?.reset?.kind;
  refuseScheduleFieldsOnCompletion(recordId, kind, corrections);
  return operatorEntry('correct', { recordId, corrections }, context);
}
