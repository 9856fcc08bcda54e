import type { Entry } from '../ledger/entry.ts';
import { correctedFieldNames } from './corrections.ts';

/** Entries by id, to describe an undo by what it reverts. */
export type EntriesById = ReadonlyMap<number, Entry>;

export const entriesById = (entries: readonly Entry[]): EntriesById =>
  new Map(entries.map((entry) => [entry.id, entry]));

/** What an entry did, without its verb: `123`, `S to C`, `entry 12: dismiss 123`. */
function what(entry: Entry, byId: EntriesById): string {
  switch (entry.type) {
    case 'accept': {
      const fields = correctedFieldNames(entry.payload.corrections);
      return entry.payload.postId + (fields.length > 0 ? `, setting ${fields.join(', ')}` : '');
    }
    case 'correct':
      return `${entry.payload.recordId}: ${correctedFieldNames(entry.payload.corrections).join(', ')}`;
    case 'note': {
      const { recordId, kind, resetType, post } = entry.payload;
      return `${recordId}: ${kind} ${resetType}${post === null ? '' : ` about post ${post.id}`}`;
    }
    case 'complete': {
      const { recordId, scheduleIds, completedAt } = entry.payload;
      return `${recordId}: fulfils ${scheduleIds.join(', ')} at ${completedAt ?? entry.at}`;
    }
    case 'link':
      return `${entry.payload.scheduleId} to ${entry.payload.completionId}`;
    case 'unlink':
      return entry.payload.scheduleId;
    case 'dismiss':
    case 'restore':
      return entry.payload.recordId;
    case 'undo': {
      const target = byId.get(entry.payload.entryId);
      return `entry ${entry.payload.entryId}${target === undefined ? '' : `: ${summarize(target, byId)}`}`;
    }
    case 'reclassify':
    case 'post_classified':
      return `${entry.payload.postId} (${entry.payload.classification.classifier})`;
    case 'post_observed':
      return entry.payload.post.id;
    case 'source_checked':
      return `${entry.payload.source} ${entry.payload.ok ? 'ok' : 'failed'}`;
    case 'check_requested':
      return 'a round now';
    case 'second_opinion':
      return `${entry.payload.postId} (${entry.payload.model}: ${entry.payload.agrees ? 'agrees' : entry.payload.outcome === 'answered' ? 'disagrees' : entry.payload.outcome})`;
  }
}

/** The entry in a few words, as the log shows it: `dismiss 123`, `link S to C`. */
export const summarize = (entry: Entry, byId: EntriesById): string =>
  `${entry.type} ${what(entry, byId)}`;

const DONE: Partial<Record<Entry['type'], string>> = {
  accept: 'Accepted',
  correct: 'Corrected',
  note: 'Noted',
  complete: 'Completed',
  link: 'Linked',
  unlink: 'Unlinked',
  dismiss: 'Dismissed',
  restore: 'Restored',
  undo: 'Undid',
};

/** The line a command prints once its entry is written: `Dismissed 123 (entry 17).` */
export const doneLine = (entry: Entry, byId: EntriesById): string =>
  `${DONE[entry.type] ?? entry.type} ${what(entry, byId)} (entry ${entry.id}).`;

/** The records an entry names, the one it makes or acts on first; an undo names its target's. */
export function namedRecordIds(entry: Entry, byId: EntriesById): string[] {
  switch (entry.type) {
    case 'accept':
    case 'reclassify':
    case 'post_classified':
    case 'second_opinion':
      return [entry.payload.postId];
    case 'correct':
    case 'note':
    case 'dismiss':
    case 'restore':
      return [entry.payload.recordId];
    case 'complete':
      return [entry.payload.recordId, ...entry.payload.scheduleIds];
    case 'link':
      return [entry.payload.scheduleId, entry.payload.completionId];
    case 'unlink':
      return [entry.payload.scheduleId];
    case 'undo': {
      const target = byId.get(entry.payload.entryId);
      return target === undefined ? [] : namedRecordIds(target, byId);
    }
    case 'post_observed':
      return [entry.payload.post.id];
    case 'source_checked':
    case 'check_requested':
      return [];
  }
}
