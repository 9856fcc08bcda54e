import { formatTimestamp } from '../../shared/domain/timestamp.ts';
import type { Classification, ClassifiedReset } from '../ledger/entry.ts';
import type { Post } from '../ledger/post.ts';
import {
  BANK_VOCABULARY,
  BANKED,
  BARE_ACK,
  COMPLETED,
  DEADLINE_AHEAD,
  GLOBAL,
  HEDGED,
  IN_PROGRESS,
  INCIDENT,
  NEGATED,
  OTHER_SENSE,
  PROGRESS,
  RESET_WORD,
  SCHEDULED,
  TALK_ABOUT,
  USAGE_CONTEXT,
} from './cues.ts';
import { NO_TIME_CUE, scheduleWhen } from './schedule-time.ts';
import { scopeOf } from './scope.ts';
import { matchesAny, type ReadText, readText } from './text.ts';

/**
 * The rules classifier (producer.md §2): deterministic and versioned. It reads a post's
 * sentences, finds the ones that announce a reset, decides the tense, the type, the scope
 * and the window, and gives a confidence. It publishes by itself only what it is sure of:
 * anything it doubts is held for the operator (REVIEW_BELOW, and the hold reasons below),
 * because a false reset published automatically is the worst error this system can make.
 * The README's "Classifier rules" section describes every rule; change the version when
 * a rule changes (stored classifications keep the version that made them).
 */
export const RULES_CLASSIFIER = 'rules-1.0.1';

export interface ClassifierOptions {
  /** Hold a post whose confidence is below this (REVIEW_BELOW, default 0.8). */
  readonly reviewBelow: number;
  /** The announcer's calendar (SCHEDULE_TIME_ZONE, default America/Los_Angeles). */
  readonly timeZone: string;
}

export const DEFAULT_CLASSIFIER_OPTIONS: ClassifierOptions = Object.freeze({
  reviewBelow: 0.8,
  timeZone: 'America/Los_Angeles',
});

export function createRulesClassifier(options: ClassifierOptions = DEFAULT_CLASSIFIER_OPTIONS) {
  return (post: Post): Classification => classifyPost(post, options);
}

const notAReset = (reason: string): Classification => ({
  classifier: RULES_CLASSIFIER,
  reset: null,
  review: false,
  reasons: [reason],
});

/** Sentences that speak of a reset of usage limits (not a password reset, say). */
const OTHER_SENSES = new RegExp(OTHER_SENSE.source, 'g');
const mentionsReset = (sentence: string) => RESET_WORD.test(sentence.replace(OTHER_SENSES, ' '));

export function classifyPost(post: Post, options: ClassifierOptions): Classification {
  const own = readText(post.text);
  const mentioning = own.sentences.filter(mentionsReset);
  if (mentioning.length === 0) return withoutResetWord(post, own, options);

  const talkedAbout = mentioning.filter((s) => matchesAny(s, TALK_ABOUT));
  const negated = mentioning.filter((s) => NEGATED.test(s));
  const questions = mentioning.filter((s) => /\?["')\s]*$/.test(s));
  const announcing = mentioning.filter(
    (s) => !talkedAbout.includes(s) && !negated.includes(s) && !questions.includes(s),
  );
  if (announcing.length === 0) {
    if (negated.length > 0) return notAReset(`the reset is denied: "${clip(negated[0]!)}"`);
    if (questions.length > 0)
      return notAReset(`the reset is asked about: "${clip(questions[0]!)}"`);
    return notAReset(`the reset is talked about, not announced: "${clip(talkedAbout[0]!)}"`);
  }

  // Sentences that say when it lands, without the word "reset" ("Lands around 6pm PT.").
  const landing = own.sentences.filter(
    (s) =>
      !mentioning.includes(s) &&
      !INCIDENT.test(s) &&
      /\b(?:lands?|landing|eta|expect it|should be live|kicks? in|going out|goes out|propagat\w+)\b/.test(
        s,
      ),
  );
  const tenseText = [...announcing, ...landing];
  const doneCue = firstMatch(announcing, COMPLETED);
  const progressCue = firstMatch(announcing, IN_PROGRESS);
  const scheduledCue = firstMatch(tenseText, SCHEDULED);
  const deadlineAhead = DEADLINE_AHEAD.exec(tenseText.join(' \n '))?.[0] ?? null;
  const reasons: string[] = [];
  const holds: string[] = [];
  let confidence: number;
  let kind: ClassifiedReset['kind'];

  if (doneCue !== null && scheduledCue === null) {
    kind = 'reset_completed';
    confidence = 0.95;
    reasons.push(`done: "${doneCue}"`);
  } else if (doneCue === null && progressCue !== null && scheduledCue === null) {
    kind = 'reset_completed';
    confidence = 0.9;
    reasons.push(`under way, counted as done: "${progressCue}"`);
  } else if (doneCue === null && progressCue !== null && deadlineAhead !== null) {
    kind = 'reset_scheduled';
    confidence = 0.85;
    reasons.push(`under way, landing "${deadlineAhead}"`);
  } else if (scheduledCue !== null && doneCue === null && progressCue === null) {
    kind = 'reset_scheduled';
    confidence = 0.9;
    reasons.push(`coming: "${scheduledCue}"`);
  } else if (scheduledCue !== null) {
    // Done and coming in one post: one record (the first said), the operator adds the other.
    const done = (doneCue ?? progressCue)!;
    const doneFirst = own.all.indexOf(done) <= own.all.indexOf(scheduledCue);
    kind = doneFirst ? 'reset_completed' : 'reset_scheduled';
    confidence = 0.6;
    holds.push(
      `both a done reset ("${done}") and a coming one ("${scheduledCue}"): one record is proposed, add the other as a note`,
    );
  } else {
    const nominal = announcing.find((s) => USAGE_CONTEXT.test(s));
    if (nominal === undefined)
      return notAReset(`a reset named without what or when (a teaser?): "${clip(announcing[0]!)}"`);
    kind = 'reset_completed';
    confidence = 0.5;
    holds.push(`no tense: "${clip(nominal)}" could be done or coming`);
  }

  if (HEDGED.test(tenseText.join(' '))) {
    confidence -= 0.3;
    holds.push('hedged ("maybe", "might", "probably"…): not a firm announcement');
  }
  if (talkedAbout.length > 0 || negated.length > 0 || questions.length > 0) {
    confidence -= 0.1;
    reasons.push('other sentences talk about resets without announcing one');
  }

  const about = aboutText(own, tenseText);
  const resetType = resetTypeOf(about);
  const scope = scopeOf(about);
  if (!USAGE_CONTEXT.test(about)) {
    confidence -= 0.2;
    holds.push('a reset of what? No limits, usage, plans or users are named near it');
  }
  if (resetType === 'global' && BANK_VOCABULARY.test(own.all)) {
    confidence -= 0.2;
    holds.push('banked words appear, but no banked reset was read: global or banked?');
  }
  const announcedMs = Date.parse(post.createdAt);
  let schedule: Pick<
    ClassifiedReset,
    'effectiveAt' | 'schedulePrecision' | 'scheduleBasis' | 'scheduleWindow'
  > = {
    effectiveAt: null,
    schedulePrecision: null,
    scheduleBasis: null,
    scheduleWindow: null,
  };
  if (kind === 'reset_scheduled') {
    const whenText = tenseText.filter((s) => !INCIDENT.test(s)).join(' \n ');
    const { when, doubts } = scheduleWhen(whenText, announcedMs, options.timeZone);
    schedule = {
      effectiveAt: when.effectiveMs === null ? null : formatTimestamp(when.effectiveMs),
      schedulePrecision: when.precision,
      scheduleBasis: when.basis,
      scheduleWindow: {
        startAt: formatTimestamp(when.startMs),
        endAt: formatTimestamp(when.endMs),
      },
    };
    reasons.push(`window from "${when.cue}" (${when.precision}, ${when.basis})`);
    if (doubts.length > 0) {
      confidence -= 0.2;
      holds.push(...doubts);
    }
  }
  if (isReply(post) && announcing.every((s) => s.length < 40)) {
    confidence -= 0.1;
    reasons.push('a short reply');
  }

  confidence = Math.round(Math.max(0.05, Math.min(1, confidence)) * 100) / 100;
  if (confidence < options.reviewBelow)
    holds.push(`confidence ${confidence} is below ${options.reviewBelow}`);
  return {
    classifier: RULES_CLASSIFIER,
    reset: { kind, resetType, confidence, scope, ...schedule },
    review: holds.length > 0,
    reasons: [...holds, ...reasons],
  };
}

/**
 * A post without the word. A reply such as "Yes" or "And now 100%" means something only
 * with its parent: held when the parent (or quoted post) speaks of a reset and the reply
 * acknowledges, reports progress or names a time, or when the parent is not at hand and
 * the reply reports progress. A short post that only says "It is done" is held too (the
 * announcer's way of saying a promised reset landed). Everything else is not a reset.
 */
function withoutResetWord(post: Post, own: ReadText, options: ClassifierOptions): Classification {
  if (!isReply(post)) {
    if (own.all.length <= 40 && JUST_DONE.test(own.all))
      return heldReply(post, own, readText(''), 'a bare "done": what is done?', options);
    return notAReset('no reset mentioned');
  }
  const parentText = post.parentText ?? post.quotedText;
  const progress = own.all.length <= 120 && PROGRESS.test(own.all);
  const timed =
    own.all.length <= 120 && (matchesAny(own.all, SCHEDULED) || WHEN_WORD.test(own.all));
  if (!BARE_ACK.test(own.all) && !progress && !timed) return notAReset('no reset mentioned');
  if (parentText === undefined) {
    if (!progress) return notAReset('a bare reply, and its parent is not at hand');
    return heldReply(post, own, readText(''), 'its parent is not at hand', options);
  }
  const parent = readText(parentText);
  if (!parent.sentences.some(mentionsReset))
    return notAReset('a reply, and its parent mentions no reset');
  return heldReply(post, own, parent, `parent: "${clip(parent.all)}"`, options);
}

const isReply = (post: Post) =>
  post.inReplyToId !== undefined ||
  post.quotedId !== undefined ||
  post.parentText !== undefined ||
  post.quotedText !== undefined;

const JUST_DONE = /\b(?:it is|it's|is now|all) done\b|^done[.! ]*$|^(?:it )?(?:has )?landed[.! ]*$/;
const WHEN_WORD =
  /\b(?:coming|tomorrow|today|tonight|soon|later|next week|(?:mon|tues|wednes|thurs|fri|satur|sun)day)\b|\b\d{1,2}(?::\d{2})? ?(?:am|pm)\b/;

function heldReply(
  post: Post,
  own: ReadText,
  parent: ReadText,
  context: string,
  options: ClassifierOptions,
): Classification {
  const both = `${parent.all}\n${own.all}`;
  const timed = matchesAny(own.all, SCHEDULED) || WHEN_WORD.test(own.all);
  const done =
    !timed &&
    (PROGRESS.test(own.all) || JUST_DONE.test(own.all) || matchesAny(parent.all, COMPLETED));
  const reset: ClassifiedReset = {
    kind: done ? 'reset_completed' : 'reset_scheduled',
    resetType: resetTypeOf(both),
    effectiveAt: null,
    confidence: 0.4,
    scope: scopeOf(both),
    schedulePrecision: null,
    scheduleBasis: null,
    scheduleWindow: null,
  };
  if (!done) {
    // The reply's own words say when; the parent's only when the reply names no time.
    const postedMs = Date.parse(post.createdAt);
    const ownWhen = scheduleWhen(own.all, postedMs, options.timeZone).when;
    const when =
      ownWhen.cue === NO_TIME_CUE
        ? scheduleWhen(parent.all, postedMs, options.timeZone).when
        : ownWhen;
    Object.assign(reset, {
      schedulePrecision: when.precision,
      scheduleBasis: when.basis,
      scheduleWindow: {
        startAt: formatTimestamp(when.startMs),
        endAt: formatTimestamp(when.endMs),
      },
    });
  }
  return {
    classifier: RULES_CLASSIFIER,
    reset,
    review: true,
    reasons: [`a reply that only makes sense with its parent (${context})`],
  };
}

/**
 * What the type and scope are read from: the announcing sentences and the sentence after
 * each ("You should be back to 100% weekly and hourly limits."), not the rest of a long
 * post, whose "weekly active users" or "three banked resets already" say nothing of this one.
 */
function aboutText(own: ReadText, tenseText: readonly string[]): string {
  const picked = new Set<number>();
  own.sentences.forEach((sentence, index) => {
    if (!tenseText.includes(sentence)) return;
    picked.add(index);
    if (index + 1 < own.sentences.length) picked.add(index + 1);
  });
  return [...picked]
    .sort((a, b) => a - b)
    .map((index) => own.sentences[index])
    .join(' \n ');
}

const BANKED_ALL = new RegExp(BANKED.source, 'g');

function resetTypeOf(text: string): ClassifiedReset['resetType'] {
  const banked = BANKED.test(text);
  const global = GLOBAL.test(text.replace(BANKED_ALL, ' '));
  if (banked && global) return 'global_and_banked';
  return banked ? 'banked' : 'global';
}

/** The first words, in order of sentences, that one of `patterns` finds. */
function firstMatch(sentences: readonly string[], patterns: readonly RegExp[]): string | null {
  for (const sentence of sentences) {
    for (const pattern of patterns) {
      const found = pattern.exec(sentence);
      if (found) return found[0];
    }
  }
  return null;
}

const clip = (text: string) => (text.length <= 100 ? text : `${text.slice(0, 99)}…`);
