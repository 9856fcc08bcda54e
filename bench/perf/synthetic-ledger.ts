/**
 * A producer ledger of any size for the producer rows (17, 19), made like a real one: the
 * real posts of the evaluation sets (eval/*.jsonl), cycled with fresh ids and times, each
 * observed and classified by the real rules classifier, as the monitor stores them;
 * source checks between them; and an operator's decisions (accept, correct, dismiss and
 * its undo, note, link, complete, unlink) on the records as they come.
 *
 * The mix, per 100 entries: 40 posts observed, 40 classifications, 18 source checks and 2
 * operator entries. A year of a real monitor (a check every 5 minutes, some ten posts a
 * day) would be mostly checks; posts are weighted up here because they are what the build
 * turns into records: 40,000 posts give about 12,000 records.
 */
import { EVAL_SET, HOLDOUT_SET, readEvalSet } from '../../eval/evaluate.ts';
import type { NewEntry } from '../../src/producer/ledger/entry.ts';
import type { Post } from '../../src/producer/ledger/post.ts';
import type { Classify } from '../../src/producer/pipeline/ingest.ts';
import { formatTimestamp } from '../../src/shared/domain/timestamp.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** One post every 20 minutes, the newest a little before `nowMs`. */
const POST_EVERY_MS = 20 * MINUTE;

type OperatorKind =
  | 'accept'
  | 'correct'
  | 'dismiss'
  | 'undo'
  | 'note'
  | 'link'
  | 'complete'
  | 'unlink';
/** The operator's decisions, in turn. */
const OPERATOR_CYCLE: readonly OperatorKind[] = [
  'accept',
  'correct',
  'dismiss',
  'undo',
  'note',
  'link',
  'complete',
  'correct',
  'accept',
  'unlink',
];

export interface LedgerMix {
  readonly posts: number;
  readonly checks: number;
  readonly operator: number;
}

/** The mix of `total` entries (posts counted once; each brings its classification). */
export function mixOf(total: number): LedgerMix {
  const operator = Math.round(total * 0.02);
  const checks = Math.round(total * 0.18);
  return { posts: Math.floor((total - operator - checks) / 2), checks, operator };
}

/** The entries, in the order a real ledger would hold them, ids 1, 2, 3... once appended. */
export function syntheticLedger(total: number, nowMs: number, classify: Classify): NewEntry[] {
  const mix = mixOf(total);
  const real = [...readEvalSet(EVAL_SET), ...readEvalSet(HOLDOUT_SET)].map((item) => item.post);
  const entries: NewEntry[] = [];
  const firstMs = nowMs - mix.posts * POST_EVERY_MS;
  // What the operator can act on, as it arrives.
  const held: string[] = [];
  const published: string[] = [];
  const schedules: string[] = [];
  const completions: string[] = [];
  let lastDismiss = 0;
  let checksDone = 0;
  let operatorDone = 0;
  let notes = 0;

  const monitor = (at: string) => ({ at, actor: 'monitor', reason: null });
  const operator = (at: string, reason: string | null) => ({ at, actor: 'ana', reason });

  const decide = (kind: OperatorKind, atMs: number): NewEntry => {
    const at = formatTimestamp(atMs);
    const note = (): NewEntry => {
      const dayStart = Math.floor(atMs / DAY) * DAY;
      return {
        type: 'note',
        ...operator(at, 'Heard on a community call.'),
        payload: {
          recordId: `op_bench_${++notes}`,
          kind: 'reset_scheduled',
          resetType: 'global',
          announcedAt: at,
          effectiveAt: null,
          text: 'Operator note: a reset is expected this day.',
          scope: null,
          schedulePrecision: 'date',
          scheduleBasis: 'contextual_inference',
          scheduleWindow: {
            startAt: formatTimestamp(dayStart),
            endAt: formatTimestamp(dayStart + DAY - 1),
          },
          post: null,
        },
      };
    };
    const schedule = schedules.at(-1);
    const completion = completions.at(-1);
    const record = published.at(-1);
    switch (kind) {
      case 'accept': {
        const postId = held.pop();
        if (postId === undefined) return note();
        published.push(postId);
        return {
          type: 'accept',
          ...operator(at, 'Checked: it is a reset.'),
          payload: { postId, corrections: {} },
        };
      }
      case 'correct':
        if (record === undefined) return note();
        return {
          type: 'correct',
          ...operator(at, null),
          payload: { recordId: record, corrections: { confidence: 0.99 } },
        };
      case 'dismiss':
        if (record === undefined) return note();
        lastDismiss = entries.length + 1; // its id once appended to an empty ledger
        return { type: 'dismiss', ...operator(at, 'Not a reset.'), payload: { recordId: record } };
      case 'undo':
        if (lastDismiss === 0) return note();
        return {
          type: 'undo',
          ...operator(at, 'Dismissed by mistake.'),
          payload: { entryId: lastDismiss },
        };
      case 'note':
        return note();
      case 'link':
        if (schedule === undefined || completion === undefined) return note();
        return {
          type: 'link',
          ...operator(at, 'Landed late.'),
          payload: { scheduleId: schedule, completionId: completion },
        };
      case 'complete':
        if (schedule === undefined) return note();
        return {
          type: 'complete',
          ...operator(at, 'Seen in the product.'),
          payload: {
            recordId: `manual:bench_${operatorDone}`,
            scheduleIds: [schedule],
            completedAt: at,
            resetType: 'global',
          },
        };
      case 'unlink':
        if (schedule === undefined) return note();
        return { type: 'unlink', ...operator(at, null), payload: { scheduleId: schedule } };
    }
  };

  for (let i = 0; i < mix.posts; i++) {
    const createdMs = firstMs + i * POST_EVERY_MS;
    const post: Post = {
      ...real[i % real.length]!,
      id: String(1_900_000_000_000_000_000n + BigInt(i)),
      createdAt: formatTimestamp(createdMs),
    };
    const classification = classify(post);
    const at = formatTimestamp(createdMs + MINUTE);
    entries.push({ type: 'post_observed', ...monitor(at), payload: { post } });
    entries.push({
      type: 'post_classified',
      ...monitor(at),
      payload: { postId: post.id, classification },
    });
    if (classification.reset !== null) {
      (classification.review ? held : published).push(post.id);
      if (!classification.review) {
        if (classification.reset.kind === 'reset_scheduled') schedules.push(post.id);
        else completions.push(post.id);
      }
    }
    // Checks and operator entries spread evenly between the posts.
    for (; checksDone < Math.round(((i + 1) * mix.checks) / mix.posts); checksDone++) {
      entries.push({
        type: 'source_checked',
        ...monitor(formatTimestamp(createdMs + 2 * MINUTE)),
        payload: {
          source: 'file:posts.jsonl',
          ok: true,
          cursor: post.id,
          error: null,
          newPosts: 1,
        },
      });
    }
    for (; operatorDone < Math.round(((i + 1) * mix.operator) / mix.posts); operatorDone++) {
      const kind = OPERATOR_CYCLE[operatorDone % OPERATOR_CYCLE.length]!;
      entries.push(decide(kind, createdMs + 10 * MINUTE));
    }
  }
  return entries;
}
