import { compareIds } from '../../shared/domain/ids.ts';
import type { ResetRecord } from '../../shared/domain/record.ts';
import { formatTimestamp } from '../../shared/domain/timestamp.ts';
import { draftRecords } from '../build/draft-records.ts';
import type { Journal } from '../build/journal.ts';
import { carriedByReply } from '../classify/carried-by-reply.ts';
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
  return reviewQueue(entries).held;
}

/**
 * The queue, and the held posts left out of it because their author's published reply
 * carries them (each with that reply): `ops review` prints both.
 */
export function reviewQueue(entries: readonly Entry[]): {
  held: HeldPost[];
  carried: Map<string, string>;
} {
  const { journal } = currentState(entries);
  const waiting = [...journal.posts.values()]
    .map(({ post }) => post)
    .filter((post) => isHeld(journal, post.id) && !journal.dismissed.has(post.id));
  // As if every held post were accepted: the records they would publish, corrections applied.
  const accepted = new Set([...journal.accepted, ...waiting.map((post) => post.id)]);
  const drafts = draftRecords({ ...journal, accepted, dismissed: new Set() });
  const proposals = new Map(drafts.map((draft) => [draft.record.id, draft.record]));
  const carried = carriedPosts(journal, proposals, new Set(waiting.map((post) => post.id)));
  const held = waiting
    .filter((post) => !carried.has(post.id))
    .sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt) || compareIds(a.id, b.id));
  const queue = held.map((post) => {
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
  return { held: queue, carried };
}

/**
 * Held posts their author's published reply carries (classify/carried-by-reply.ts), each
 * with that reply: they leave the queue, the reset they announce being public through the
 * reply; `ops accept` and `ops dismiss` still act on them. What each post says is its
 * record's kind and type, corrections applied (`proposals`), and published is what the
 * build publishes (draftRecords).
 */
function carriedPosts(
  journal: Journal,
  proposals: ReadonlyMap<string, ResetRecord>,
  waiting: ReadonlySet<string>,
): Map<string, string> {
  const published = new Set(draftRecords(journal).map((draft) => draft.record.id));
  const posts = [...journal.posts.values()].map(({ post }) => {
    const record = proposals.get(post.id);
    return {
      post,
      said: record === undefined ? null : { kind: record.kind, resetType: record.resetType },
      published: published.has(post.id),
    };
  });
  return carriedByReply(posts, (postId) => waiting.has(postId));
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
export function formatReview(
  held: readonly HeldPost[],
  carried: ReadonlyMap<string, string> = new Map(),
): string[] {
  const carriedLines = [...carried].map(
    ([postId, replyId]) =>
      `${postId} is held too, but its author's reply ${replyId} carries the announcement and is published: nothing to decide (ops accept or ops dismiss still act on it).`,
  );
  if (held.length === 0) return ['No posts held for review.', ...carriedLines];
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
  lines.push(...carriedLines);
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
