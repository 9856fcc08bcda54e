import { isDeepStrictEqual } from 'node:util';
import type { Entry, NewEntry } from '../ledger/entry.ts';
import { type OpsContext, operatorEntry } from './context.ts';
import { currentState } from './current-state.ts';
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
  const classification = context.classify(stored.post);
  const current = journal.classifications.get(request.postId);
  if (current !== undefined && isDeepStrictEqual(current, classification)) {
    throw new OpsRefusal(
      `post ${request.postId}: ${classification.classifier} classifies it as before; nothing to change`,
    );
  }
  return operatorEntry('reclassify', { postId: request.postId, classification }, context);
}
