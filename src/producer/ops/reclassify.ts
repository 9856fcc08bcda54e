import { isDeepStrictEqual } from 'node:util';
import type { Journal } from '../build/journal.ts';
import { authorContexts } from '../classify/author-context.ts';
import type { Classification, Entry, NewEntry } from '../ledger/entry.ts';
import type { Post } from '../ledger/post.ts';
import { withParent } from '../pipeline/thread-context.ts';
import { type OpsContext, operatorEntry } from './context.ts';
import { currentState, isHeld } from './current-state.ts';
import { OpsRefusal } from './refusal.ts';

/**
 * `ops reclassify POST_ID` (producer.md §1, "Classify once"): classifies a stored post
 * again with the classifier of this version, and stores the result as the post's
 * classification from now on. Refused when nothing would change, so the log only holds
 * reclassifications that did something. Corrections and acceptances made before still
 * apply over the new classification; `ops undo` returns to the previous one.
 */
export function reclassify(
  entries: readonly Entry[],
  request: { readonly postId: string },
  context: OpsContext,
): NewEntry {
  const { journal } = currentState(entries);
  const stored = journal.posts.get(request.postId);
  if (stored === undefined) throw new OpsRefusal(`unknown post ${request.postId}`);
  const change = reclassified(journal, stored.post, context.classify);
  if (change === null) {
    throw new OpsRefusal(
      `post ${request.postId}: ${context.classify(stored.post).classifier} classifies it as before; nothing to change`,
    );
  }
  return operatorEntry(
    'reclassify',
    { postId: request.postId, classification: change.after },
    context,
  );
}

/** A post's classification now and with the classifier of this version. */
export interface Reclassified {
  readonly postId: string;
  readonly before: Classification | undefined;
  readonly after: Classification;
}

/**
 * The post classified again, read with its stored parent and its author's posts stored
 * before its time (author-context.ts), or null when nothing changes.
 */
function reclassified(
  journal: Journal,
  post: Post,
  classify: OpsContext['classify'],
  contextOf: (post: Post) => Post[] = storedContexts(journal),
): Reclassified | null {
  const after = classify(
    withParent(post, (id) => journal.posts.get(id)?.post),
    contextOf(post),
  );
  const before = journal.classifications.get(post.id);
  return before !== undefined && isDeepStrictEqual(before, after)
    ? null
    : { postId: post.id, before, after };
}

/**
 * `ops reclassify --held`: every post of the review queue (held, not dismissed) whose
 * classification this version changes, oldest first. Published posts are left as they
 * are: a new version never changes what is already published by itself.
 */
export function heldReclassifications(
  entries: readonly Entry[],
  classify: OpsContext['classify'],
): Reclassified[] {
  const { journal } = currentState(entries);
  const contextOf = storedContexts(journal);
  return [...journal.posts.values()]
    .map(({ post }) => post)
    .filter((post) => isHeld(journal, post.id) && !journal.dismissed.has(post.id))
    .flatMap((post) => reclassified(journal, post, classify, contextOf) ?? []);
}

/** Each post's author context among the ledger's posts (those before it, by time). */
const storedContexts = (journal: Journal) =>
  authorContexts([...journal.posts.values()].map(({ post }) => post));

/** One line for the operator: what the post was, and what it becomes. */
export function describeReclassified({ postId, before, after }: Reclassified): string {
  return `${postId}: ${summary(before)} → ${summary(after)}`;
}

function summary(classification: Classification | undefined): string {
  if (classification === undefined) return 'not classified';
  const { reset, review, classifier } = classification;
  const what =
    reset === null
      ? 'no reset'
      : `${reset.kind}/${reset.resetType} ${review ? 'held' : 'published'} (${reset.confidence})`;
  return `${what}, ${classifier}`;
}
