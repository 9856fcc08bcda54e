import { formatTimestamp } from '../../shared/domain/timestamp.ts';
import type { Classification, ClassifiedReset } from '../ledger/entry.ts';
import { BANKED, GLOBAL } from './cues.ts';
import type { ClassifierOptions } from './rules-classifier.ts';
import type { scheduleWhen } from './schedule-time.ts';
import type { ReadText } from './text.ts';
import { RULES_CLASSIFIER } from './version.ts';

/** A classification made or held, with its reasons; the type of a reset; the words shown. */

/** A post that announces no reset, and why. */
export const notAReset = (reason: string): Classification => ({
  classifier: RULES_CLASSIFIER,
  reset: null,
  review: false,
  reasons: [reason],
});

/** The same classification, `by` less sure (and held when that falls below the threshold). */
export function lessSure(
  result: Classification,
  by: number,
  why: string,
  options: ClassifierOptions,
): Classification {
  if (result.reset === null) return result;
  const confidence = Math.round(Math.max(0.05, (result.reset.confidence ?? 0) - by) * 100) / 100;
  const below = confidence < options.reviewBelow;
  return {
    ...result,
    reset: { ...result.reset, confidence },
    review: result.review || below,
    reasons: [
      ...(below && !result.review
        ? [`confidence ${confidence} is below ${options.reviewBelow}`]
        : []),
      ...result.reasons,
      why,
    ],
  };
}

/** A held classification: the operator decides. */
export function held(
  fields: Pick<ClassifiedReset, 'kind' | 'resetType' | 'scope'> &
    Partial<Pick<ClassifiedReset, 'schedulePrecision' | 'scheduleBasis' | 'scheduleWindow'>>,
  reasons: readonly string[],
): Classification {
  return {
    classifier: RULES_CLASSIFIER,
    reset: {
      effectiveAt: null,
      confidence: 0.4,
      schedulePrecision: null,
      scheduleBasis: null,
      scheduleWindow: null,
      ...fields,
    },
    review: true,
    reasons: [...reasons],
  };
}

/**
 * What the type and scope are read from: the announcing sentences and the sentence after
 * each ("You should be back to 100% weekly and hourly limits."), not the rest of a long
 * post, whose "weekly active users" or "three banked resets already" say nothing of this one.
 */
export function aboutText(own: ReadText, tenseText: readonly string[]): string {
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

export function resetTypeOf(text: string): ClassifiedReset['resetType'] {
  const banked = BANKED.test(text);
  const global = GLOBAL.test(text.replace(BANKED_ALL, ' '));
  if (banked && global) return 'global_and_banked';
  return banked ? 'banked' : 'global';
}

export const clip = (text: string) => (text.length <= 100 ? text : `${text.slice(0, 99)}…`);

/** A reset's schedule fields from the time read for it. */
export function scheduledAt(when: ReturnType<typeof scheduleWhen>['when']) {
  return {
    schedulePrecision: when.precision,
    scheduleBasis: when.basis,
    scheduleWindow: {
      startAt: formatTimestamp(when.startMs),
      endAt: formatTimestamp(when.endMs),
    },
  };
}
