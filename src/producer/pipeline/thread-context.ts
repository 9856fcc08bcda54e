import type { Post } from '../ledger/post.ts';

/**
 * A reply as the classifier reads it (docs/classifier.md, "Threads"): when the source did
 * not give its parent's text or author (a JSON-lines file, or X leaving the parent out),
 * they come from the parent stored in the ledger or read in the same check. The stored
 * post stays as the source gave it; `ops reclassify` reads it the same way.
 */
export function withParent(post: Post, parentOf: (id: string) => Post | undefined): Post {
  if (post.inReplyToId === undefined) return post;
  if (post.parentText !== undefined && post.parentHandle !== undefined) return post;
  const parent = parentOf(post.inReplyToId);
  if (parent === undefined) return post;
  return {
    ...post,
    parentText: post.parentText ?? parent.text,
    parentHandle: post.parentHandle ?? parent.handle,
  };
}

/** The posts stored by `post_observed` entries, by id (the first stored wins). */
export function storedPosts(
  entries: readonly { type: string; payload: unknown }[],
): Map<string, Post> {
  const posts = new Map<string, Post>();
  for (const entry of entries) {
    if (entry.type !== 'post_observed') continue;
    const { post } = entry.payload as { post: Post };
    if (!posts.has(post.id)) posts.set(post.id, post);
  }
  return posts;
}
