import type { ResetRecord } from '../../shared/domain/record.ts';
import { build } from '../build/build.ts';
import { type Draft, draftRecords } from '../build/draft-records.ts';
import { foldJournal, type Journal } from '../build/journal.ts';
import type { BuildSettings } from '../build/settings.ts';
import { withoutUndone } from '../build/without-undone.ts';
import type { Entry } from '../ledger/entry.ts';
import { OpsRefusal } from './refusal.ts';

/** The ledger as the operator's commands check it: the journal in effect and every record it defines. */
export interface CurrentState {
  readonly journal: Journal;
  /** Every record the journal defines, by id, dismissed ones included (so they can be named). */
  readonly records: ReadonlyMap<string, Draft>;
}

export function currentState(entries: readonly Entry[]): CurrentState {
  const journal = foldJournal(withoutUndone(entries));
  const records = draftRecords({ ...journal, dismissed: new Set() });
  return { journal, records: new Map(records.map((draft) => [draft.record.id, draft])) };
}

/** The published records at `now`, with their states (fulfilled or not, and by what). */
export function publishedRecords(
  entries: readonly Entry[],
  now: number,
  settings: BuildSettings,
): ReadonlyMap<string, ResetRecord> {
  const { records } = build(entries, now, settings).snapshot;
  return new Map(records.map((record) => [record.id, record]));
}

/** A post held for review: the classifier was not sure, and the operator has not accepted it. */
export const isHeld = (journal: Journal, postId: string): boolean =>
  journal.classifications.get(postId)?.review === true &&
  !journal.accepted.has(postId) &&
  !journal.agreed.has(postId);

export const isDismissed = (state: CurrentState, recordId: string): boolean =>
  state.journal.dismissed.has(recordId);

/** The record a command names, or a refusal saying why there is none to act on. */
export function recordNamed(state: CurrentState, recordId: string): Draft {
  const draft = state.records.get(recordId);
  if (draft !== undefined) return draft;
  if (isHeld(state.journal, recordId)) {
    throw new OpsRefusal(
      `post ${recordId} is held for review: accept it first (ops accept ${recordId})`,
    );
  }
  if (state.journal.posts.has(recordId)) {
    throw new OpsRefusal(`post ${recordId} publishes no record: its classification found no reset`);
  }
  throw new OpsRefusal(`unknown record ${recordId}`);
}

/** Refuses to act on a dismissed record, which is not published (restore it first). */
export function refuseDismissed(state: CurrentState, recordId: string): void {
  if (isDismissed(state, recordId)) {
    throw new OpsRefusal(
      `record ${recordId} is dismissed: restore it first (ops restore ${recordId})`,
    );
  }
}

/**
 * What `dismiss` and `restore` act on: any record the journal defines, and a post held for
 * review too (dismissing it is how the operator rejects it from the review queue).
 */
export function requireRecordOrHeldPost(state: CurrentState, recordId: string): void {
  if (!isHeld(state.journal, recordId)) recordNamed(state, recordId);
}
