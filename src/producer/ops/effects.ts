import { compareIds } from '../../shared/domain/ids.ts';
import type { ResetRecord } from '../../shared/domain/record.ts';
import { build } from '../build/build.ts';
import type { BuildSettings } from '../build/settings.ts';
import type { Entry, NewEntry } from '../ledger/entry.ts';
import { withAppended } from './preview.ts';

/** How one published record changes when an entry is appended. */
export type RecordChange =
  | { readonly recordId: string; readonly change: 'published' | 'withdrawn' }
  | {
      readonly recordId: string;
      readonly change: 'changed';
      /** The fields that change, with their values before and after. */
      readonly fields: { readonly [field: string]: { before: unknown; after: unknown } };
    };

export interface Effects {
  /** By record id. */
  readonly changes: readonly RecordChange[];
  /** Records the entry would leave out of the snapshot as invalid, with why. */
  readonly newlyOmitted: readonly { readonly id: string; readonly problem: string }[];
}

/**
 * What `entry` does to the published snapshot at `now`: the build before and after it,
 * compared record by record. This is how the operator learns the knock-on effects of a
 * command (a dismissed completion leaves its schedules unfulfilled, a link can replace
 * an automatic one) without each command predicting them by its own rules.
 */
export function effectsOf(
  entries: readonly Entry[],
  entry: NewEntry,
  now: number,
  settings: BuildSettings,
): Effects {
  return effectsOfAll(entries, [entry], now, settings);
}

/** What several entries appended together do (`ops reclassify --held`). */
export function effectsOfAll(
  entries: readonly Entry[],
  added: readonly NewEntry[],
  now: number,
  settings: BuildSettings,
): Effects {
  const before = build(entries, now, settings);
  const after = build(
    added.reduce<Entry[]>((all, entry) => withAppended(all, entry), [...entries]),
    now,
    settings,
  );
  const was = new Map(before.snapshot.records.map((record) => [record.id, record]));
  const is = new Map(after.snapshot.records.map((record) => [record.id, record]));
  const changes: RecordChange[] = [];
  for (const id of [...new Set([...was.keys(), ...is.keys()])].sort(compareIds)) {
    const change = compare(id, was.get(id), is.get(id));
    if (change !== null) changes.push(change);
  }
  const omittedBefore = new Set(before.omitted.map((omission) => omission.id));
  return {
    changes,
    newlyOmitted: after.omitted.filter((omission) => !omittedBefore.has(omission.id)),
  };
}

function compare(
  recordId: string,
  before: ResetRecord | undefined,
  after: ResetRecord | undefined,
): RecordChange | null {
  if (before === undefined) return { recordId, change: 'published' };
  if (after === undefined) return { recordId, change: 'withdrawn' };
  const fields: Record<string, { before: unknown; after: unknown }> = {};
  for (const field of Object.keys(after) as (keyof ResetRecord)[]) {
    if (JSON.stringify(before[field]) !== JSON.stringify(after[field])) {
      fields[field] = { before: before[field], after: after[field] };
    }
  }
  return Object.keys(fields).length === 0 ? null : { recordId, change: 'changed', fields };
}
