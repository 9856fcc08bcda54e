import type { Classification, Corrections, Entry, Payload } from '../ledger/entry.ts';
import type { Post } from '../ledger/post.ts';

/** A schedule's link as the operator last set it (`complete`, `link`, `unlink`). */
export type ExplicitLink =
  | { readonly completionId: string; readonly origin: 'link' | 'manual' }
  | { readonly completionId: null; readonly origin: 'unlinked' };

/**
 * The ledger folded into what the build and the operator's commands need to know, from
 * the entries in effect (after undo), in order. Later entries win: the newest
 * classification of a post, the newest dismiss or restore of a record, the newest link.
 */
export interface Journal {
  /** Posts by id, in the order first observed. */
  readonly posts: Map<string, { readonly post: Post; readonly entryId: number }>;
  /** The classification in effect for each post (the newest, reclassify included). */
  readonly classifications: Map<string, Classification>;
  /** Posts the operator accepted (published even when held for review). */
  readonly accepted: Set<string>;
  /**
   * Held posts a second opinion agreed with (published as if accepted): only while the
   * classification it agreed with is the one in effect (a reclassify takes a post out).
   */
  readonly agreed: Set<string>;
  /** Corrections of each post's record, merged in order (accept and correct). */
  readonly corrections: Map<string, Corrections>;
  readonly notes: Map<string, { readonly note: Payload<'note'>; readonly at: string }>;
  readonly manuals: Map<string, { readonly completion: Payload<'complete'>; readonly at: string }>;
  /** Links set by the operator, by schedule id. */
  readonly links: Map<string, ExplicitLink>;
  /** Records dismissed now (a later restore takes a record out). */
  readonly dismissed: Set<string>;
  /** Time of the newest successful source check, or null. */
  readonly lastSuccessfulCheckAt: string | null;
}

export function foldJournal(entries: readonly Entry[]): Journal {
  const journal: Journal & { lastSuccessfulCheckAt: string | null } = {
    posts: new Map(),
    classifications: new Map(),
    accepted: new Set(),
    agreed: new Set(),
    corrections: new Map(),
    notes: new Map(),
    manuals: new Map(),
    links: new Map(),
    dismissed: new Set(),
    lastSuccessfulCheckAt: null,
  };
  const correct = (recordId: string, corrections: Corrections) =>
    journal.corrections.set(recordId, { ...journal.corrections.get(recordId), ...corrections });

  for (const entry of entries) {
    switch (entry.type) {
      case 'post_observed':
        if (!journal.posts.has(entry.payload.post.id))
          journal.posts.set(entry.payload.post.id, { post: entry.payload.post, entryId: entry.id });
        break;
      case 'post_classified':
      case 'reclassify':
        journal.classifications.set(entry.payload.postId, entry.payload.classification);
        journal.agreed.delete(entry.payload.postId);
        break;
      case 'second_opinion':
        if (
          entry.payload.agrees &&
          journal.classifications.get(entry.payload.postId)?.classifier === entry.payload.classifier
        )
          journal.agreed.add(entry.payload.postId);
        break;
      case 'source_checked':
        if (entry.payload.ok) journal.lastSuccessfulCheckAt = entry.at;
        break;
      case 'accept':
        journal.accepted.add(entry.payload.postId);
        correct(entry.payload.postId, entry.payload.corrections);
        break;
      case 'correct':
        correct(entry.payload.recordId, entry.payload.corrections);
        break;
      case 'note':
        journal.notes.set(entry.payload.recordId, { note: entry.payload, at: entry.at });
        break;
      case 'complete':
        journal.manuals.set(entry.payload.recordId, { completion: entry.payload, at: entry.at });
        for (const scheduleId of entry.payload.scheduleIds) {
          journal.links.set(scheduleId, { completionId: entry.payload.recordId, origin: 'manual' });
        }
        break;
      case 'link':
        journal.links.set(entry.payload.scheduleId, {
          completionId: entry.payload.completionId,
          origin: 'link',
        });
        break;
      case 'unlink':
        journal.links.set(entry.payload.scheduleId, { completionId: null, origin: 'unlinked' });
        break;
      case 'dismiss':
        journal.dismissed.add(entry.payload.recordId);
        break;
      case 'restore':
        journal.dismissed.delete(entry.payload.recordId);
        break;
      case 'undo':
        break; // resolved before folding (without-undone.ts)
    }
  }
  return journal;
}
