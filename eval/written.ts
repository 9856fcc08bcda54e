import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import {
  classifyPost,
  DEFAULT_CLASSIFIER_OPTIONS,
} from '../src/producer/classify/rules-classifier.ts';

/**
 * Sentences and posts written for the rules (docs/classifier.md, `rules-2.4.0` to
 * `rules-2.10.0`): ordinary English about resets, none from a real post, each with what it
 * was written to say: done, coming, or none (announces nothing). Most were written by the
 * rules' own writer (they check the grammar's reach); rounds 11 and 12 by writers who saw
 * neither the rules nor any set (eval/SOURCES.md).
 */
export const WRITTEN_SET = fileURLToPath(new URL('./written.jsonl', import.meta.url));
/**
 * Posts written blind (eval/SOURCES.md), frozen: scored by `rules-2.10.0` before anyone read
 * them and never tuned on. `npm run eval` prints their tally only (not their texts), and
 * does not fail on them: they measure, like the held-out set.
 */
export const BLIND_SET = fileURLToPath(new URL('./blind.jsonl', import.meta.url));
/**
 * A second frozen pair (rounds 46 and 47, eval/SOURCES.md): scored by `rules-2.12.0` before
 * anyone read them, never read or tuned on since.
 */
export const BLIND_SET_2 = fileURLToPath(new URL('./blind2.jsonl', import.meta.url));
/**
 * A third frozen pair (rounds 78 and 79, eval/SOURCES.md): scored by `rules-2.13.4` before
 * anyone read them, never read or tuned on since.
 */
export const BLIND_SET_3 = fileURLToPath(new URL('./blind3.jsonl', import.meta.url));

const Written = z.strictObject({
  round: z.number().int(),
  want: z.enum(['done', 'coming', 'none']),
  text: z.string(),
  /** A reply (round 31 on): the post it answers, and who wrote it. */
  parentText: z.string().optional(),
  parentHandle: z.string().optional(),
  /**
   * His post and his own reply, labelled together (round 48 on): the thread announces what
   * the reply's record says, or, when the reply adds no record, the post's own (the monitor
   * classifies each; a reply that only continues his post is not a second record).
   */
  thread: z.literal(true).optional(),
});

export interface WrittenTally {
  readonly sentences: number;
  /** Written to announce nothing, published as a reset without review: must be none. */
  readonly falsePublished: readonly string[];
  /** A reset published without review with the wrong kind. */
  readonly wrongKindPublished: readonly string[];
  readonly missed: readonly string[];
  readonly held: number;
  readonly right: number;
}

/** Every written sentence, read as a post by the announcer at a fixed instant. */
export function scoreWritten(path = WRITTEN_SET): WrittenTally {
  const rows = readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => Written.parse(JSON.parse(line)));
  const tally = {
    falsePublished: [] as string[],
    wrongKindPublished: [] as string[],
    missed: [] as string[],
    held: 0,
    right: 0,
  };
  for (const { want, text, parentText, parentHandle, thread } of rows) {
    const read = classifyPost(
      {
        id: '2000000000000000001',
        handle: 'thsottiaux',
        // A Thursday, 10:00 Pacific: "tomorrow", "tonight" and "Monday" lie ahead.
        createdAt: '2026-11-19T18:00:00.000Z',
        text,
        ...(parentText === undefined
          ? {}
          : { inReplyToId: '2000000000000000000', parentText, parentHandle }),
      },
      DEFAULT_CLASSIFIER_OPTIONS,
    );
    const { reset, review } =
      thread === true && read.reset === null && parentText !== undefined
        ? classifyPost(
            {
              id: '2000000000000000000',
              handle: 'thsottiaux',
              // A minute before his reply.
              createdAt: '2026-11-19T17:59:00.000Z',
              text: parentText,
            },
            DEFAULT_CLASSIFIER_OPTIONS,
          )
        : read;
    if (reset === null) {
      if (want === 'none') tally.right++;
      else tally.missed.push(text);
    } else if (review) tally.held++;
    else if (want === 'none') tally.falsePublished.push(text);
    else if ((want === 'done') === (reset.kind === 'reset_completed')) tally.right++;
    else tally.wrongKindPublished.push(text);
  }
  return { sentences: rows.length, ...tally };
}

/** The tally as the lines `npm run eval` prints; `withTexts` false gives the counts only. */
export function formatWritten(tally: WrittenTally, withTexts = true): string {
  const list = (items: readonly string[]) => items.map((text) => `\n  - ${text}`).join('');
  return [
    `${tally.sentences} sentences: ${tally.right} read right, ${tally.held} held, ` +
      `${tally.missed.length} missed, ${tally.wrongKindPublished.length} published with the ` +
      `wrong kind, ${tally.falsePublished.length} announcing nothing published as resets`,
    withTexts && tally.missed.length > 0 ? `missed:${list(tally.missed)}` : '',
    withTexts && tally.wrongKindPublished.length > 0
      ? `wrong kind:${list(tally.wrongKindPublished)}`
      : '',
    withTexts && tally.falsePublished.length > 0
      ? `published falsely:${list(tally.falsePublished)}`
      : '',
  ]
    .filter((line) => line !== '')
    .join('\n');
}
