import { z } from 'zod';
import { carriedByReply } from '../src/producer/classify/carried-by-reply.ts';
import type { Classification } from '../src/producer/ledger/entry.ts';
import { Post } from '../src/producer/ledger/post.ts';
import { RECORD_KINDS, RESET_TYPES } from '../src/shared/domain/record.ts';
import { Timestamp } from '../src/shared/domain/timestamp.ts';

/**
 * The evaluation of the classifier on labelled real posts (eval/posts.jsonl, described in
 * eval/SOURCES.md): what the label says, what the classifier said, and the figures of
 * issue 10 with every miss named.
 */

export const Label = z.strictObject({
  reset: z.boolean(),
  kind: z.enum(RECORD_KINDS).nullable(),
  resetType: z.enum(RESET_TYPES).nullable(),
  plans: z.array(z.string()).nullable(),
  windows: z.array(z.string()).nullable(),
  precision: z.enum(['date', 'datetime']).nullable(),
  basis: z.enum(['explicit', 'contextual_inference']).nullable(),
  window: z.strictObject({ startAt: Timestamp, endAt: Timestamp }).nullable(),
});
export type Label = z.infer<typeof Label>;

export const LabelledPost = z.strictObject({
  post: Post,
  label: Label,
  source: z.string().min(1),
  note: z.string().optional(),
  truncated: z.boolean().optional(),
});
export type LabelledPost = z.infer<typeof LabelledPost>;

export interface Judged {
  readonly item: LabelledPost;
  readonly classification: Classification;
}

/** A share with what it counts: `hits` of `of`. Null when there is nothing to count. */
export interface Share {
  readonly hits: number;
  readonly of: number;
}

export interface Score {
  readonly posts: number;
  readonly positives: number;
  readonly negatives: number;
  readonly detectionPrecision: Share;
  readonly detectionRecall: Share;
  readonly automaticPrecision: Share;
  /**
   * Real resets whose record reached the public without review: published themselves, or
   * held and carried by their author's published reply, which got them right (the
   * operator's queue leaves such a post out; src/producer/classify/carried-by-reply.ts).
   */
  readonly automaticRecall: Share;
  /** Of those, the held posts their reply carried. */
  readonly carried: number;
  readonly kind: Share;
  readonly resetType: Share;
  readonly plans: Share;
  readonly windows: Share;
  readonly window: Share;
  readonly misses: readonly string[];
}

/** Targets of issues 10 and 18, on every set. */
export const TARGETS = {
  automaticPrecision: 1,
  detectionRecall: 0.95,
  kind: 0.95,
  resetType: 0.95,
  window: 0.9,
  automaticRecall: 0.8,
} as const;

/** Two instants this close count as the same (a label computed by hand may round a second). */
const SAME_INSTANT_MS = 60_000;

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().join() === [...b].sort().join();
const near = (a: string, b: string) => Math.abs(Date.parse(a) - Date.parse(b)) <= SAME_INSTANT_MS;

export function score(judged: readonly Judged[]): Score {
  const misses: string[] = [];
  const tally = () => ({ hits: 0, of: 0 });
  const detectionPrecision = tally();
  const detectionRecall = tally();
  const automaticPrecision = tally();
  const automaticRecall = tally();
  const kind = tally();
  const resetType = tally();
  const plans = tally();
  const windows = tally();
  const window = tally();
  const count = (share: { hits: number; of: number }, hit: boolean, miss: () => string) => {
    share.of++;
    if (hit) share.hits++;
    else misses.push(miss());
  };

  const heldIds = new Set(
    judged.filter((j) => j.classification.review).map(({ item }) => item.post.id),
  );
  const carriedBy = carriedByReply(
    judged.map(({ item, classification: { reset, review } }) => ({
      post: item.post,
      said: reset === null ? null : { kind: reset.kind, resetType: reset.resetType },
      published: reset !== null && !review,
    })),
    (postId) => heldIds.has(postId),
  );
  const rightById = new Map(
    judged.map(({ item, classification }) => [
      item.post.id,
      item.label.reset &&
        classification.reset?.kind === item.label.kind &&
        classification.reset?.resetType === item.label.resetType,
    ]),
  );
  let carried = 0;

  for (const { item, classification } of judged) {
    const { label, post } = item;
    const found = classification.reset;
    const id = `${post.id} "${oneLine(post.text)}"`;
    const said =
      found === null
        ? 'no reset'
        : `${found.kind}/${found.resetType}${classification.review ? ' (held)' : ''}`;
    if (found !== null) {
      count(
        detectionPrecision,
        label.reset,
        () => `false detection: ${id} → ${said}; ${classification.reasons[0] ?? ''}`,
      );
      if (!classification.review) {
        const right =
          label.reset && found.kind === label.kind && found.resetType === label.resetType;
        automaticPrecision.of++;
        if (right) automaticPrecision.hits++;
        else
          misses.push(
            `PUBLISHED WRONG: ${id} → ${said}, label ${label.reset ? `${label.kind}/${label.resetType}` : 'no reset'}`,
          );
      }
    }
    if (!label.reset) continue;
    count(
      detectionRecall,
      found !== null,
      () =>
        `missed: ${id} (label ${label.kind}/${label.resetType}); ${classification.reasons[0] ?? ''}`,
    );
    automaticRecall.of++;
    const reply = carriedBy.get(post.id);
    if (found !== null && !classification.review) automaticRecall.hits++;
    else if (reply !== undefined && rightById.get(reply) === true) {
      automaticRecall.hits++;
      carried++;
    }
    if (found === null) continue;
    count(
      kind,
      found.kind === label.kind,
      () => `kind: ${id} → ${found.kind}, label ${label.kind}`,
    );
    count(
      resetType,
      found.resetType === label.resetType,
      () => `resetType: ${id} → ${found.resetType}, label ${label.resetType}`,
    );
    if (label.plans !== null)
      count(
        plans,
        sameSet(found.scope?.plans ?? ['unknown'], label.plans),
        () => `plans: ${id} → ${found.scope?.plans.join(',')}, label ${label.plans?.join(',')}`,
      );
    if (label.windows !== null)
      count(
        windows,
        sameSet(found.scope?.windows ?? ['unknown'], label.windows),
        () =>
          `windows: ${id} → ${found.scope?.windows.join(',')}, label ${label.windows?.join(',')}`,
      );
    if (label.kind === 'reset_scheduled' && label.window !== null) {
      const got = found.scheduleWindow;
      const hit =
        got !== null &&
        found.schedulePrecision === label.precision &&
        near(got.startAt, label.window.startAt) &&
        near(got.endAt, label.window.endAt);
      count(
        window,
        hit,
        () =>
          `window: ${id} → ${found.schedulePrecision} ${got?.startAt}..${got?.endAt}, label ${label.precision} ${label.window?.startAt}..${label.window?.endAt}`,
      );
    }
  }

  const positives = judged.filter(({ item }) => item.label.reset).length;
  return {
    posts: judged.length,
    positives,
    negatives: judged.length - positives,
    detectionPrecision,
    detectionRecall,
    automaticPrecision,
    automaticRecall,
    carried,
    kind,
    resetType,
    plans,
    windows,
    window,
    misses,
  };
}

export const ratio = (share: Share) => (share.of === 0 ? 1 : share.hits / share.of);

/** The targets missed, described; empty when all are met. */
export function missedTargets(result: Score): string[] {
  return Object.entries(TARGETS)
    .filter(([name, target]) => ratio(result[name as keyof typeof TARGETS]) < target)
    .map(
      ([name, target]) =>
        `${name} ${ratio(result[name as keyof typeof TARGETS]).toFixed(2)} < ${target}`,
    );
}

const oneLine = (text: string) => {
  const flat = text.replace(/\s+/g, ' ');
  return flat.length <= 70 ? flat : `${flat.slice(0, 69)}…`;
};
