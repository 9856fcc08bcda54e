import type { ResetRecord } from '../../shared/domain/record.ts';
import { formatTimestamp } from '../../shared/domain/timestamp.ts';
import type { Classification } from '../ledger/entry.ts';
import { type Post, postUrl } from '../ledger/post.ts';

/**
 * The record a post would publish at its announcement time (producer.md §5 `classify`):
 * a schedule is `pending`, a completion completed when announced; null when no reset.
 */
export function classifiedRecord(post: Post, classification: Classification): ResetRecord | null {
  const reset = classification.reset;
  if (reset === null) return null;
  const announcedAt = formatTimestamp(Date.parse(post.createdAt));
  const schedule = reset.kind === 'reset_scheduled';
  return {
    id: post.id,
    kind: reset.kind,
    resetType: reset.resetType,
    announcedAt,
    effectiveAt: reset.effectiveAt,
    text: post.text,
    confidence: reset.confidence,
    scope: reset.scope,
    source: { origin: 'x', postId: post.id, handle: post.handle, url: postUrl(post) },
    schedulePrecision: schedule ? reset.schedulePrecision : null,
    scheduleBasis: schedule ? reset.scheduleBasis : null,
    scheduleWindow: schedule ? reset.scheduleWindow : null,
    scheduleState: schedule ? 'pending' : null,
    completedAt: schedule ? null : announcedAt,
    completionRecordId: null,
    fulfillmentOrigin: null,
    relatedRecordIds: [],
  };
}
