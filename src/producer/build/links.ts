import { compareIds } from '../../query/order.ts';
import type { Draft } from './draft-records.ts';
import type { Journal } from './journal.ts';
import { canAutoLink } from './schedule-rules.ts';
import type { BuildSettings } from './settings.ts';

export interface Link {
  readonly completion: Draft;
  readonly origin: 'auto' | 'link' | 'manual';
}

/**
 * Which completion fulfils each schedule. The operator's word comes first: a `link` or a
 * manual completion fulfils it (origin `link` / `manual`), and an `unlink` leaves it
 * unfulfilled whatever the automatic rule says. A link to a completion that is not
 * published (dismissed, or no completion) is ignored, and the automatic rule applies.
 * Otherwise the earliest completion post that may link to it does (origin `auto`).
 */
export function resolveLinks(
  drafts: readonly Draft[],
  journal: Journal,
  settings: BuildSettings,
): Map<string, Link> {
  const byId = new Map(drafts.map((draft) => [draft.record.id, draft]));
  const completions = drafts
    .filter((draft) => draft.record.kind === 'reset_completed' && draft.completedAt !== null)
    .sort(
      (a, b) =>
        Date.parse(a.completedAt!) - Date.parse(b.completedAt!) ||
        compareIds(a.record.id, b.record.id),
    );

  const links = new Map<string, Link>();
  for (const schedule of drafts) {
    if (schedule.record.kind !== 'reset_scheduled') continue;
    const explicit = journal.links.get(schedule.record.id);
    if (explicit?.origin === 'unlinked') continue;
    const target = explicit === undefined ? undefined : byId.get(explicit.completionId);
    if (
      explicit !== undefined &&
      target?.record.kind === 'reset_completed' &&
      target.completedAt !== null
    ) {
      links.set(schedule.record.id, { completion: target, origin: explicit.origin });
      continue;
    }
    const completion = completions.find((candidate) => canAutoLink(schedule, candidate, settings));
    if (completion !== undefined) links.set(schedule.record.id, { completion, origin: 'auto' });
  }
  return links;
}
