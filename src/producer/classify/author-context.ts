import type { Post } from '../ledger/post.ts';

/**
 * The author's context of a post (docs/classifier.md, "The author's recent posts"): his
 * own posts of the CONTEXT_WINDOW_MS before it, newest first, at most CONTEXT_LIMIT. A
 * short "Confirmed landed." means something only after the announcement it confirms;
 * people read it with the author's posts of the day, and so does the classifier.
 *
 * The same window is taken by ingest and the monitor (the posts already stored and the
 * other posts of the same check), by `ops reclassify` (the ledger's posts before the
 * post's time), by `npm run eval` (the set's own posts) and again by the classifier on
 * whatever it is given, so a post and a context always give the same classification.
 */

/** How far back the author's posts are read: the announcements of the same day. */
export const CONTEXT_WINDOW_MS = 12 * 60 * 60_000;
/** At most this many of his posts are read, the newest. */
export const CONTEXT_LIMIT = 20;

/**
 * The posts of `candidates` by the author of `post` (handles compare without case, as on
 * X), dated in the CONTEXT_WINDOW_MS before it (strictly before it, so never the post
 * itself), newest first (ties by id, the later id first), at most CONTEXT_LIMIT.
 */
export function authorContext(post: Post, candidates: Iterable<Post>): Post[] {
  const author = post.handle.toLowerCase();
  const at = Date.parse(post.createdAt);
  const found: { post: Post; at: number }[] = [];
  const seen = new Set<string>([post.id]);
  for (const candidate of candidates) {
    if (seen.has(candidate.id) || candidate.handle.toLowerCase() !== author) continue;
    const created = Date.parse(candidate.createdAt);
    if (!(created < at && created >= at - CONTEXT_WINDOW_MS)) continue;
    seen.add(candidate.id);
    found.push({ post: candidate, at: created });
  }
  return found
    .sort((a, b) => b.at - a.at || laterIdFirst(a.post.id, b.post.id))
    .slice(0, CONTEXT_LIMIT)
    .map(({ post: kept }) => kept);
}

/** X ids are snowflakes: a longer id is a later one, then by digits. */
const laterIdFirst = (a: string, b: string) => b.length - a.length || (a < b ? 1 : a > b ? -1 : 0);

/**
 * The author's context of each post, taken from `candidates` indexed once: by author, newest
 * first, so each post's context is found by a binary search and at most CONTEXT_LIMIT
 * steps (ingest, `ops reclassify --held` and `classify` read many posts against one list).
 * Gives what authorContext gives on the same candidates.
 */
export function authorContexts(candidates: Iterable<Post>): (post: Post) => Post[] {
  const byAuthor = new Map<string, { post: Post; at: number }[]>();
  for (const candidate of candidates) {
    const author = candidate.handle.toLowerCase();
    const list = byAuthor.get(author) ?? [];
    if (list.length === 0) byAuthor.set(author, list);
    list.push({ post: candidate, at: Date.parse(candidate.createdAt) });
  }
  for (const list of byAuthor.values())
    list.sort((a, b) => b.at - a.at || laterIdFirst(a.post.id, b.post.id));
  return (post) => {
    const list = byAuthor.get(post.handle.toLowerCase()) ?? [];
    const at = Date.parse(post.createdAt);
    let low = 0;
    let high = list.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (list[middle]!.at >= at) low = middle + 1;
      else high = middle;
    }
    const found: Post[] = [];
    const seen = new Set<string>([post.id]);
    for (let i = low; i < list.length && found.length < CONTEXT_LIMIT; i++) {
      const { post: candidate, at: created } = list[i]!;
      if (created < at - CONTEXT_WINDOW_MS) break;
      if (seen.has(candidate.id)) continue;
      seen.add(candidate.id);
      found.push(candidate);
    }
    return found;
  };
}
