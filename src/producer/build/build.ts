import { compareIds } from '../../shared/domain/ids.ts';
import { ResetRecord } from '../../shared/domain/record.ts';
import type { SnapshotFile } from '../../shared/domain/snapshot.ts';
import { formatTimestamp } from '../../shared/domain/timestamp.ts';
import type { Entry } from '../ledger/entry.ts';
import { type Draft, draftRecords } from './draft-records.ts';
import { foldJournal } from './journal.ts';
import { resolveLinks } from './links.ts';
import { stateByTime } from './schedule-rules.ts';
import type { BuildSettings } from './settings.ts';
import { withoutUndone } from './without-undone.ts';

export interface Built {
  readonly snapshot: SnapshotFile;
  /**
   * Records left out because they would not pass the service's validation (only a ledger
   * written around the operator's commands can hold such a record), with why.
   */
  readonly omitted: readonly { readonly id: string; readonly problem: string }[];
}

/**
 * The snapshot a ledger gives at `now` (producer.md §1, §3, §7): a pure function of its
 * arguments. The same entries and `now` give the same bytes; `generatedAt` is `now`.
 * Records are sorted by id, so the output does not depend on the order of any map.
 */
export function build(entries: readonly Entry[], now: number, settings: BuildSettings): Built {
  const journal = foldJournal(withoutUndone(entries));
  const omitted: { id: string; problem: string }[] = [];
  // A record that cannot be valid whatever its state is left out before linking, so no
  // completion can list a schedule the snapshot does not have.
  const drafts = draftRecords(journal).filter((draft) => {
    const problem = problemOf({ ...draft.record, scheduleState: placeholderState(draft) });
    if (problem !== undefined) omitted.push({ id: draft.record.id, problem });
    return problem === undefined;
  });
  const links = resolveLinks(drafts, journal, settings);

  const related = new Map<string, string[]>();
  for (const [scheduleId, link] of links) {
    const list = related.get(link.completion.record.id) ?? [];
    list.push(scheduleId);
    related.set(link.completion.record.id, list);
  }

  const records: ResetRecord[] = [];
  for (const draft of drafts) {
    const checked = ResetRecord.safeParse(settle(draft, links, related, now, settings));
    // Settling fills only state fields it makes valid; the check is a last guard.
    if (checked.success)
      records.push(checked.data); // in the schema's field order
    else
      omitted.push({ id: draft.record.id, problem: checked.error.issues[0]?.message ?? 'invalid' });
  }
  records.sort((a, b) => compareIds(a.id, b.id));
  return {
    snapshot: {
      generatedAt: formatTimestamp(now),
      lastSuccessfulCheckAt: journal.lastSuccessfulCheckAt,
      records,
    },
    omitted,
  };
}

/** The record with its state fields: a schedule's state and link, a completion's related schedules. */
function settle(
  draft: Draft,
  links: ReadonlyMap<string, { completion: Draft; origin: 'auto' | 'link' | 'manual' }>,
  related: ReadonlyMap<string, string[]>,
  now: number,
  settings: BuildSettings,
): ResetRecord {
  const { record } = draft;
  if (record.kind === 'reset_completed') {
    return {
      ...record,
      completedAt: draft.completedAt,
      relatedRecordIds: [...(related.get(record.id) ?? [])].sort(compareIds),
    };
  }
  const link = links.get(record.id);
  if (link === undefined) return { ...record, scheduleState: stateByTime(draft, now, settings) };
  return {
    ...record,
    scheduleState: 'fulfilled',
    completedAt: link.completion.completedAt,
    completionRecordId: link.completion.record.id,
    fulfillmentOrigin: link.origin,
  };
}

const placeholderState = (draft: Draft) =>
  draft.record.kind === 'reset_scheduled' ? ('pending' as const) : null;

function problemOf(record: ResetRecord): string | undefined {
  const checked = ResetRecord.safeParse(record);
  return checked.success ? undefined : (checked.error.issues[0]?.message ?? 'invalid');
}
