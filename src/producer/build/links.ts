import { compareIds } from '../../shared/domain/ids.ts';
import type { Draft } from './draft-records.ts';
import type { Journal } from './journal.ts';
import { autoLinkRange, canAutoLink } from './schedule-rules.ts';
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
  const completions = completionsByTime(drafts);
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
    const completion = earliestAutoLink(schedule, completions, settings);
    if (completion !== undefined) links.set(schedule.record.id, { completion, origin: 'auto' });
  }
  return links;
}

interface TimedCompletion {
  readonly at: number;
  readonly draft: Draft;
}

/** Completions that can be linked, by time then id: the order in which they are tried. */
function completionsByTime(drafts: readonly Draft[]): TimedCompletion[] {
  const timed: TimedCompletion[] = [];
  for (const draft of drafts) {
    if (draft.record.kind !== 'reset_completed' || draft.completedAt === null) continue;
    const at = Date.parse(draft.completedAt);
    if (!Number.isNaN(at)) timed.push({ at, draft }); // NaN fails every time rule anyway
  }
  return timed.sort((a, b) => a.at - b.at || compareIds(a.draft.record.id, b.draft.record.id));
}

/**
 * The earliest completion that may link to `schedule`. Only those landing within its
 * `autoLinkRange` can, so a binary search finds the first of them: the build stays near
 * linear in the ledger (checking every pair took 1.6 of 1.9 s on 100k entries).
 */
function earliestAutoLink(
  schedule: Draft,
  completions: readonly TimedCompletion[],
  settings: BuildSettings,
): Draft | undefined {
  const range = autoLinkRange(schedule, settings);
  if (range === null) return undefined;
  const [from, to] = range;
  let low = 0;
  let high = completions.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (completions[middle]!.at < from) low = middle + 1;
    else high = middle;
  }
  for (let i = low; i < completions.length && completions[i]!.at <= to; i++) {
    const candidate = completions[i]!.draft;
    if (canAutoLink(schedule, candidate, settings)) return candidate;
  }
  return undefined;
}
