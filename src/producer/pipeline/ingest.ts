import { formatTimestamp } from '../../shared/domain/timestamp.ts';
import type { Classification, NewEntry } from '../ledger/entry.ts';
import type { Ledger } from '../ledger/ledger.ts';
import { type Post, wellFormedPost } from '../ledger/post.ts';
import { storedPosts, withParent } from './thread-context.ts';

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
  /** A stored post by id: a reply is classified with its parent (thread-context.ts). */
  storedPost: (id: string) => Post | undefined = () => undefined,
): NewEntry[] {
  posts = posts.map(wellFormedPost); // no lone surrogate is stored (post.ts)
  const entries: NewEntry[] = [];
  const added = new Set<string>();
  const batch = new Map(posts.map((post) => [post.id, post]));
  const parentOf = (id: string) => batch.get(id) ?? storedPost(id);
  for (const post of posts) {
    if (known.has(post.id) || added.has(post.id)) continue;
    added.add(post.id);
    entries.push({ type: 'post_observed', at, actor: 'monitor', reason: null, payload: { post } });
    entries.push({
      type: 'post_classified',
      at,
      actor: 'monitor',
      reason: null,
      payload: { postId: post.id, classification: classify(withParent(post, parentOf)) },
    });
  }
  return entries;
}

export function storedPostIds(entries: readonly { type: string; payload: unknown }[]): Set<string> {
  return new Set(storedPosts(entries).keys());
}

/** Appends the posts not yet in the ledger (idempotent by post id), in one transaction. */
export async function ingest(
  ledger: Ledger,
  posts: readonly Post[],
  classify: Classify,
  now: number,
): Promise<Ingested> {
  const { appended } = await ledger.transact((entries) => {
    const stored = storedPosts(entries);
    return {
      append: newPostEntries(new Set(stored.keys()), posts, classify, formatTimestamp(now), (id) =>
        stored.get(id),
      ),
      result: undefined,
    };
  });
  const added = appended.filter((entry) => entry.type === 'post_observed').length;
  return { added, known: posts.length - added };
}
