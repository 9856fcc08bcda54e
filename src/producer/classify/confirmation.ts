import type { Classification, ClassifiedReset } from '../ledger/entry.ts';
import type { Post } from '../ledger/post.ts';
import { authorContext } from './author-context.ts';
import { clip, held } from './classification.ts';
import { BANK_VOCABULARY, GLOBAL } from './cues.ts';
import { mentionsOf } from './mentions.ts';
import { type ClassifierOptions, classifyPost, isBareDone } from './rules-classifier.ts';
import { scopeOf } from './scope.ts';
import { readText } from './text.ts';
import { RULES_CLASSIFIER } from './version.ts';

/**
 * A bare completion read with the author's recent posts (rules-2.3.0, docs/classifier.md,
 * "The author's recent posts"). "Confirmed landed across all accounts." names no type, no
 * plans and no windows: alone it is held as "what is done?". After his own announcement of
 * the same day ("Loading a banked reset…", "Will be there by EOD PST.") it is that reset,
 * landed: it takes the announcement's type, plans and windows.
 *
 * Only when the reading is unambiguous: exactly one reset announced (a schedule or a reset
 * under way, published or held) in the context, not already completed by a later post of
 * the context. It is published by itself only when that announcement was (firm and typed:
 * the classifier published it); else held, with its type proposed. Otherwise null: the
 * post stays as it is read alone.
 */

/** How sure a confirmation of a firm announcement is: a notch below a done reset (0.95). */
export const CONFIRMATION_CONFIDENCE = 0.85;

/** What a post of the context did: announced a reset, completed one, or neither. */
type Stage = 'announced' | 'completed' | 'none';

interface ContextReading {
  readonly post: Post;
  readonly at: number;
  readonly classification: Classification;
  readonly stage: Stage;
}

/**
 * Whether `text` (normalised, a bare done) carries its own type, plans or windows: then it
 * is read alone. "Across all accounts" says everyone the reset was for, not a plan.
 */
function namesItsOwn(text: string): boolean {
  if (BANK_VOCABULARY.test(text) || GLOBAL.test(text)) return true;
  const { plans, windows } = scopeOf(text);
  return plans.some((p) => p !== 'unknown' && p !== 'all') || windows.some((w) => w !== 'unknown');
}

/**
 * The classification of the bare done `post` (its text normalised: `text`) completed by
 * the announcement of `context`, or null when the context does not say which reset it is.
 */
export function confirmedFromContext(
  post: Post,
  text: string,
  context: readonly Post[],
  options: ClassifierOptions,
): Classification | null {
  if (namesItsOwn(text)) return null;
  const window = authorContext(post, context);
  if (window.length === 0) return null;
  const readings = window.map((p) => readAlone(p, window, options));
  const groups = announcementGroups(readings);
  if (groups.length !== 1) return null;
  const announced = groups[0]!;
  const first = announced[0]!;
  if (readings.some((r) => r.stage === 'completed' && r.at > first.at)) return null;
  // The latest post of the announcement carries it ("Will be there by EOD PST." under
  // "Loading a banked reset…"), as in a thread.
  const latest = announced[announced.length - 1]!;
  const reset = latest.classification.reset!;
  const fields: Pick<ClassifiedReset, 'kind' | 'resetType' | 'scope'> = {
    kind: 'reset_completed',
    resetType: reset.resetType,
    scope: reset.scope,
  };
  const why = `a bare "done" after the author's announcement ${latest.post.id} (${latest.post.createdAt}): "${clip(latest.post.text)}"`;
  if (latest.classification.review) {
    return held(fields, [
      `${why}; that announcement was held for review, so this is held too`,
      ...latest.classification.reasons.map((reason) => `the announcement: ${reason}`),
    ]);
  }
  return {
    classifier: RULES_CLASSIFIER,
    reset: {
      ...fields,
      confidence: CONFIRMATION_CONFIDENCE,
      effectiveAt: null,
      schedulePrecision: null,
      scheduleBasis: null,
      scheduleWindow: null,
    },
    review: CONFIRMATION_CONFIDENCE < options.reviewBelow,
    reasons: [
      ...(CONFIRMATION_CONFIDENCE < options.reviewBelow
        ? [`confidence ${CONFIRMATION_CONFIDENCE} is below ${options.reviewBelow}`]
        : []),
      `${why}, published by itself: the reset it announced has landed`,
    ],
  };
}

/**
 * A post of the context read alone (no context of its own, so no chain of readings),
 * with its parent from the context when the source left it out (a JSON-lines file).
 */
function readAlone(
  post: Post,
  window: readonly Post[],
  options: ClassifierOptions,
): ContextReading {
  let read = post;
  if (post.inReplyToId !== undefined && post.parentText === undefined) {
    const parent = window.find((p) => p.id === post.inReplyToId);
    if (parent !== undefined)
      read = { ...post, parentText: parent.text, parentHandle: parent.handle };
  }
  const classification = classifyPost(read, options);
  return {
    post,
    at: Date.parse(post.createdAt),
    classification,
    stage: stageOf(read, classification),
  };
}

/**
 * Announced: a schedule, or a reset under way or named (counted as done, its landing to
 * come). Completed: a done tense of its own ("have been reset"), or a bare done.
 */
function stageOf(post: Post, classification: Classification): Stage {
  const reset = classification.reset;
  if (reset === null) return 'none';
  if (reset.kind === 'reset_scheduled') return 'announced';
  const own = readText(post.text);
  const mentions = mentionsOf(own).filter((m) => m.refused === null);
  if (mentions.some((m) => m.reading.tense === 'done')) return 'completed';
  if (mentions.length === 0 && isBareDone(own.all)) return 'completed';
  return 'announced';
}

/**
 * The announcements of the context, oldest first, each with its posts oldest first: a
 * reply of the author to a post of the context continues that post's announcement (one
 * announcement, as in a thread), so a post and its self-reply are one candidate.
 */
function announcementGroups(readings: readonly ContextReading[]): ContextReading[][] {
  const oldestFirst = [...readings].reverse();
  const rootOf = new Map<string, string>();
  for (const reading of oldestFirst) {
    const parent = reading.post.inReplyToId;
    const root = parent !== undefined ? rootOf.get(parent) : undefined;
    rootOf.set(reading.post.id, root ?? reading.post.id);
  }
  const groups = new Map<string, ContextReading[]>();
  for (const reading of oldestFirst) {
    if (reading.stage !== 'announced') continue;
    const root = rootOf.get(reading.post.id)!;
    const group = groups.get(root);
    if (group === undefined) groups.set(root, [reading]);
    else group.push(reading);
  }
  return [...groups.values()];
}
