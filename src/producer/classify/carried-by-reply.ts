import type { ClassifiedReset } from '../ledger/entry.ts';
import type { Post } from '../ledger/post.ts';

/**
 * How soon the author's own reply must follow a held post to carry it: a terse post and the
 * reply that names the type and the deadline are one announcement (issue 18: "a terse post
 * followed a minute later by his reply").
 */
export const CARRY_WITHIN_MS = 30 * 60_000;

/** A post, the reset its record says, and whether that record reached the public. */
export interface ClassifiedPost {
  readonly post: Post;
  /** Kind and type of its record (corrections applied), or null when it announces none. */
  readonly said: Pick<ClassifiedReset, 'kind' | 'resetType'> | null;
  /** Its record is published (by the classifier, an operator's accept or a second opinion). */
  readonly published: boolean;
}

/**
 * The held posts whose announcement their author's reply carries, each with that reply:
 * a reply by the same author within CARRY_WITHIN_MS, whose record is published, saying the
 * same kind and type as the held post (or anything, when the held post found no reset).
 * Such a post needs no decision: the reset it announces is public through the reply. Pure;
 * `held` says which posts wait for review.
 */
export function carriedByReply(
  posts: Iterable<ClassifiedPost>,
  held: (postId: string) => boolean,
): Map<string, string> {
  const byId = new Map<string, ClassifiedPost>();
  const replies: ClassifiedPost[] = [];
  for (const item of posts) {
    byId.set(item.post.id, item);
    if (item.post.inReplyToId !== undefined) replies.push(item);
  }
  const carried = new Map<string, string>();
  for (const reply of replies) {
    const parent = byId.get(reply.post.inReplyToId!);
    if (parent === undefined || !held(parent.post.id) || carried.has(parent.post.id)) continue;
    if (carries(parent, reply)) carried.set(parent.post.id, reply.post.id);
  }
  return carried;
}

function carries(parent: ClassifiedPost, reply: ClassifiedPost): boolean {
  const said = reply.said;
  if (!reply.published || said === null) return false;
  if (parent.post.handle.toLowerCase() !== reply.post.handle.toLowerCase()) return false;
  const after = Date.parse(reply.post.createdAt) - Date.parse(parent.post.createdAt);
  if (!(after >= 0 && after <= CARRY_WITHIN_MS)) return false;
  const own = parent.said;
  return own === null || (own.kind === said.kind && own.resetType === said.resetType);
}
