import { formatTimestamp } from '../../shared/domain/timestamp.ts';
import { authorContexts } from '../classify/author-context.ts';
import { type Classification, checkNewEntry, type Entry, type NewEntry } from '../ledger/entry.ts';
import type { Ledger } from '../ledger/ledger.ts';
import { type Post, wellFormedPost } from '../ledger/post.ts';
import { storedPosts, withParent } from './thread-context.ts';

/**
 * A classifier: the post, and the author's recent posts when at hand (author-context.ts);
 * a classifier may ignore them.
 */
export type Classify = (post: Post, context?: readonly Post[]) => Classification;

export interface Ingested {
  /** Posts stored now, each with its classification. */
  readonly added: number;
  /** Posts the ledger had already (by post id): not stored or classified again. */
  readonly known: number;
  /** Posts that could not be stored, each described for a person; the others were. */
  readonly refused: readonly RefusedPost[];
  /** The entries written: each stored post and its classification. */
  readonly appended: readonly Entry[];
}

/** A post not stored: dated in the future, or its classification or entries are not valid. */
export interface RefusedPost {
  readonly postId: string;
  readonly problem: string;
}

/**
 * A post dated later than now plus this is refused (docs/producer.md, "Posts from the
 * future"): X's clock and ours may differ by a little, not by more.
 */
export const FUTURE_SKEW_MS = 5 * 60_000;

/**
 * The entries that store `posts` not yet in the ledger, each followed by its one
 * classification (producer.md §1: classify once, when first observed). Each post is
 * classified and checked on its own: one that cannot be stored (dated after `at` plus
 * FUTURE_SKEW_MS, a classifier that throws, an entry the ledger would refuse) is given
 * to `refuse` and left out, and the others go on.
 */
export function newPostEntries(
  known: ReadonlySet<string>,
  posts: readonly Post[],
  classify: Classify,
  at: string,
  /** A stored post by id: a reply is classified with its parent (thread-context.ts). */
  storedPost: (id: string) => Post | undefined = () => undefined,
  refuse: (refused: RefusedPost) => void = () => {},
  /**
   * The posts already stored: each post is classified with its author's recent posts among
   * them and the other posts of `posts` (author-context.ts), as they are when it is first
   * classified (classify once). None by default: posts are read alone.
   */
  storedPostList: () => Iterable<Post> = () => [],
): NewEntry[] {
  posts = posts.map(wellFormedPost); // no lone surrogate is stored (post.ts)
  const entries: NewEntry[] = [];
  const added = new Set<string>();
  const batch = new Map(posts.map((post) => [post.id, post]));
  const parentOf = (id: string) => batch.get(id) ?? storedPost(id);
  const latest = Date.parse(at) + FUTURE_SKEW_MS;
  // A post dated in the future is refused below, so it is no one's context either. The
  // index is built at the first post to classify: a round whose posts are all known (most
  // rounds) does not read the stored posts at all.
  let index: ((post: Post) => Post[]) | undefined;
  const contextOf = (post: Post) => {
    index ??= authorContexts([
      ...storedPostList(),
      ...posts.filter((candidate) => Date.parse(candidate.createdAt) <= latest),
    ]);
    return index(post);
  };
  for (const post of posts) {
    if (known.has(post.id) || added.has(post.id)) continue;
    const created = Date.parse(post.createdAt);
    if (!(created <= latest)) {
      refuse({ postId: post.id, problem: `dated ${post.createdAt}, later than now (${at})` });
      continue;
    }
    let pair: NewEntry[];
    try {
      pair = [
        { type: 'post_observed', at, actor: 'monitor', reason: null, payload: { post } },
        {
          type: 'post_classified',
          at,
          actor: 'monitor',
          reason: null,
          payload: {
            postId: post.id,
            classification: classify(withParent(post, parentOf), contextOf(post)),
          },
        },
      ].map((entry) => checkNewEntry(entry as NewEntry));
    } catch (error) {
      refuse({ postId: post.id, problem: describeRefusal(error) });
      continue;
    }
    added.add(post.id);
    entries.push(...pair);
  }
  return entries;
}

/** One line: the first issue of a zod error (field and message), or the error's message. */
function describeRefusal(error: unknown): string {
  const issues = (error as { issues?: { path: PropertyKey[]; message: string }[] }).issues;
  const issue = issues?.[0];
  if (issue !== undefined) {
    const field = issue.path.length === 0 ? 'entry' : issue.path.map(String).join('.');
    return `cannot be stored: ${field}: ${issue.message}`.replace(/\s+/g, ' ');
  }
  return `cannot be stored: ${(error as Error).message}`.replace(/\s+/g, ' ').slice(0, 300);
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
  const { appended, result: refused } = await ledger.transact((entries) => {
    const stored = storedPosts(entries);
    const refusals: RefusedPost[] = [];
    const append = newPostEntries(
      new Set(stored.keys()),
      posts,
      classify,
      formatTimestamp(now),
      (id) => stored.get(id),
      (refusal) => refusals.push(refusal),
      () => stored.values(),
    );
    return { append, result: refusals };
  });
  const added = appended.filter((entry) => entry.type === 'post_observed').length;
  return { added, known: posts.length - added - refused.length, refused, appended };
}
