import { compareIds } from '../../shared/domain/ids.ts';
import type { ResetRecord } from '../../shared/domain/record.ts';
import { formatTimestamp } from '../../shared/domain/timestamp.ts';
import { draftRecords } from '../build/draft-records.ts';
import type { Entry } from '../ledger/entry.ts';
import { postUrl } from '../ledger/post.ts';
import { currentState, isHeld } from './current-state.ts';
import { formatScope } from './values.ts';

/** The record a held post would publish once accepted: its fields, no state yet. */
export type Proposed = Omit<
  ResetRecord,
  'scheduleState' | 'completedAt' | 'completionRecordId' | 'fulfillmentOrigin' | 'relatedRecordIds'
>;

/** One post of the review queue, with everything the operator decides on. */
export interface HeldPost {
  readonly postId: string;
  readonly handle: string;
  readonly postedAt: string;
  readonly url: string;
  readonly text: string;
  /** The parent's and the quoted post's text, when the source had them: a reply is read with them. */
  readonly parentText: string | null;
  readonly quotedText: string | null;
  readonly classifier: string;
  /** Why it is held, as the classifier gave it. */
  readonly reasons: readonly string[];
  /** Null when the classifier found no reset (then accept needs --set kind and resetType). */
  readonly proposed: Proposed | null;
}

/**
 * `ops review`: the posts held for review, oldest first (a queue), with corrections made
 * so far applied to what they propose. A dismissed held post has been rejected and is left
 * out; `ops restore` puts it back.
 */
export function heldPosts(entries: readonly Entry[]): HeldPost[] {
  const { journal } = currentState(entries);
  const held = [...journal.posts.values()]
    .map(({ post }) => post)
    .filter((post) => isHeld(journal, post.id) && !journal.dismissed.has(post.id))
    .sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt) || compareIds(a.id, b.id));
  // As if every held post were accepted: the records they would publish, corrections applied.
  const accepted = new Set([...journal.accepted, ...held.map((post) => post.id)]);
  const drafts = draftRecords({ ...journal, accepted, dismissed: new Set() });
  const proposals = new Map(drafts.map((draft) => [draft.record.id, draft.record]));
  return held.map((post) => {
    const classification = journal.classifications.get(post.id)!;
    const record = proposals.get(post.id);
    return {
      postId: post.id,
      handle: post.handle,
      postedAt: formatTimestamp(Date.parse(post.createdAt)),
      url: postUrl(post),
      text: post.text,
      parentText: post.parentText ?? null,
      quotedText: post.quotedText ?? null,
      classifier: classification.classifier,
      reasons: classification.reasons,
      proposed: record === undefined ? null : proposedFields(record),
    };
  });
}

function proposedFields(record: ResetRecord): Proposed {
  const {
    scheduleState: _state,
    completedAt: _completedAt,
    completionRecordId: _completionRecordId,
    fulfillmentOrigin: _fulfillmentOrigin,
    relatedRecordIds: _relatedRecordIds,
    ...proposed
  } = record;
  return proposed;
}

/** The queue for a person: each post in full, what it would publish, and why it waits. */
export function formatReview(held: readonly HeldPost[]): string[] {
  if (held.length === 0) return ['No posts held for review.'];
  const lines: string[] = [];
  for (const post of held) {
    lines.push(`${post.postId}  @${post.handle}  ${post.postedAt}  ${post.url}`);
    lines.push(...quoted('  ', post.text));
    if (post.parentText !== null) lines.push('  in reply to:', ...quoted('    ', post.parentText));
    if (post.quotedText !== null) lines.push('  quoting:', ...quoted('    ', post.quotedText));
    lines.push(`  proposed: ${describeProposed(post)}`);
    lines.push(
      `  held because: ${post.reasons.join('; ') || '(no reason given)'} [${post.classifier}]`,
    );
    lines.push('');
  }
  lines.push(
    `${held.length} held. Publish one with ops accept POST_ID [--set FIELD=VALUE …], ` +
      'reject one with ops dismiss POST_ID.',
  );
  return lines;
}

const quoted = (indent: string, text: string) =>
  text.split('\n').map((line) => `${indent}| ${line}`);

function describeProposed(post: HeldPost): string {
  const record = post.proposed;
  if (record === null) {
    return 'no reset found (accepting it needs --set kind=… --set resetType=…)';
  }
  const parts = [`${record.kind} ${record.resetType}`];
  const window = record.scheduleWindow;
  if (window !== null) {
    parts.push(
      `window ${window.startAt} to ${window.endAt} (${record.schedulePrecision}, ${record.scheduleBasis})`,
    );
  }
  if (record.effectiveAt !== null) parts.push(`effectiveAt ${record.effectiveAt}`);
  if (record.scope !== null) parts.push(`scope ${formatScope(record.scope)}`);
  if (record.confidence !== null) parts.push(`confidence ${record.confidence}`);
  if (record.text !== post.text) parts.push(`text corrected to ${JSON.stringify(record.text)}`);
  return parts.join(', ');
}
