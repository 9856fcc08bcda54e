import { formatTimestamp } from '../../shared/domain/timestamp.ts';
import type { Classification, NewEntry } from '../ledger/entry.ts';
import type { Ledger } from '../ledger/ledger.ts';
import type { Post } from '../ledger/post.ts';

export type Classify = (post: Post) => Classification;

export interface Ingested {
  /** Posts stored now, each with its classification. */
  readonly added: number;
  /** Posts the ledger had already (by post id): not stored or classified again. */
  readonly known: number;
}

/**
 * The entries that store `posts` not yet in the ledger, each followed by its one
 * classification (producer.md §1: classify once, when first observed).
 */
export function newPostEntries(
  known: ReadonlySet<string>,
  posts: readonly Post[],
  classify: Classify,
  at: string,
): NewEntry[] {
  const entries: NewEntry[] = [];
  const added = new Set<string>();
  for (const post of posts) {
    if (known.has(post.id) || added.has(post.id)) continue;
    added.add(post.id);
    entries.push({ type: 'post_observed', at, actor: 'monitor', reason: null, payload: { post } });
    entries.push({
      type: 'post_classified',
      at,
      actor: 'monitor',
      reason: null,
      payload: { postId: post.id, classification: classify(post) },
    });
  }
  return entries;
}

export function storedPostIds(entries: readonly { type: string; payload: unknown }[]): Set<string> {
  const ids = new Set<string>();
  for (const entry of entries) {
    if (entry.type === 'post_observed') ids.add((entry.payload as { post: Post }).post.id);
  }
  return ids;
}

/** Appends the posts not yet in the ledger (idempotent by post id), in one transaction. */
export async function ingest(
  ledger: Ledger,
  posts: readonly Post[],
  classify: Classify,
  now: number,
): Promise<Ingested> {
  const { appended } = await ledger.transact((entries) => ({
    append: newPostEntries(storedPostIds(entries), posts, classify, formatTimestamp(now)),
    result: undefined,
  }));
  const added = appended.filter((entry) => entry.type === 'post_observed').length;
  return { added, known: posts.length - added };
}
