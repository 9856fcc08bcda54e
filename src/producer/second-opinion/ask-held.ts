import type { Classification, Entry, NewEntry } from '../ledger/entry.ts';
import { decideAgreement } from './agreement.ts';
import type { SecondOpinionClient } from './client.ts';

/** At most this many held posts are asked about in one round (the rest in the next ones). */
export const MAX_ASKED_PER_ROUND = 5;

/**
 * The second opinions a round asks for (docs/operating.md#a-second-opinion): each held post
 * with a proposed record and no second_opinion entry yet is asked about once, one after the
 * other, at most MAX_ASKED_PER_ROUND a round, each within SECOND_OPINION_TIMEOUT_SECONDS.
 * Every answer, a failed one included, becomes one entry: a post is never asked twice.
 */
export async function askHeldPosts(
  entries: readonly Entry[],
  client: SecondOpinionClient,
  at: string,
): Promise<NewEntry[]> {
  const posts = new Map<string, Extract<Entry, { type: 'post_observed' }>['payload']['post']>();
  const classifications = new Map<string, Classification>();
  const asked = new Set<string>();
  const accepted = new Set<string>();
  for (const entry of entries) {
    if (entry.type === 'post_observed') posts.set(entry.payload.post.id, entry.payload.post);
    else if (entry.type === 'post_classified' || entry.type === 'reclassify')
      classifications.set(entry.payload.postId, entry.payload.classification);
    else if (entry.type === 'second_opinion') asked.add(entry.payload.postId);
    else if (entry.type === 'accept') accepted.add(entry.payload.postId);
  }
  const waiting = [...classifications].filter(
    ([postId, classification]) =>
      classification.review &&
      classification.reset !== null &&
      !asked.has(postId) &&
      !accepted.has(postId) &&
      posts.has(postId),
  );
  const appended: NewEntry[] = [];
  for (const [postId, rules] of waiting.slice(0, MAX_ASKED_PER_ROUND)) {
    const post = posts.get(postId)!;
    const opinion = await client.ask({
      text: post.text,
      createdAt: post.createdAt,
      parentText: post.parentText ?? post.quotedText,
    });
    const answered = opinion.outcome === 'answered';
    const agreement = answered ? decideAgreement(rules, opinion.reset) : null;
    appended.push({
      type: 'second_opinion',
      at,
      actor: 'monitor',
      reason: null,
      payload: {
        postId,
        classifier: rules.classifier,
        model: opinion.model.slice(0, 200),
        outcome: opinion.outcome,
        proposal: answered ? opinion.reset : null,
        agrees: agreement?.agrees === true,
        why: (agreement === null ? [] : agreement.agrees ? agreement.resolved : agreement.why)
          .slice(0, 20)
          .map((line) => line.slice(0, 1_000)),
        problem: answered ? null : opinion.problem.slice(0, 1_000),
      },
    });
  }
  return appended;
}
