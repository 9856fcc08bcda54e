import type { Entry, NewEntry } from '../ledger/entry.ts';

/**
 * The entries as they would be with `entry` appended, to see its effect before it is
 * written. Its id is a stand-in (the store gives the real one); nothing refers to it.
 */
export const withAppended = (entries: readonly Entry[], entry: NewEntry): Entry[] => [
  ...entries,
  { ...entry, id: (entries.at(-1)?.id ?? 0) + 1 } as Entry,
];
