import type { Word } from '../grammar.ts';
import type { Tense } from '../sense.ts';
import { formOf } from './clause.ts';
import {
  ABILITY_MODALS,
  ARRIVAL_VERBS,
  AWAY_FROM,
  BE_PAST,
  BE_PRESENT,
  EXPECTING_MODALS,
  FUTURE_AUX,
  FUTURE_VERBS,
  HEDGING_MODALS,
  LIKING_VERBS,
  NEGATORS,
  PAST_ADVERBS,
  PAST_PERFECT_AUX,
  PERFECT_AUX,
  participleOf,
  REPORT_VERBS,
  STOP_VERBS,
  SUBJECTS,
  TALK_VERBS,
  WISH_VERBS,
} from './word-classes.ts';
import { isAux, isFiller, isReset } from './words.ts';

/**
 * The verb group of a reset: its auxiliaries, adverbs and negators, the tense and aspect they
 * give, and how the class of a governing verb changes it (sense.ts).
 */

export interface Group {
  readonly tense: Tense;
  readonly words: string;
  readonly negated: boolean;
  readonly hedged: boolean;
  readonly notAnnouncing: string | null;
  /** The group ends in "to" + verb: its tense is that of the verb before "to". */
  readonly infinitive: boolean;
}

/** The auxiliaries, adverbs and negators before `verbIndex` in the clause starting at `from`. */
export function chainBefore(words: readonly Word[], verbIndex: number, from: number): number {
  let start = verbIndex;
  while (start > from) {
    const word = words[start - 1]!;
    if (isAux(word) || isFiller(word) || NEGATORS.has(word.text) || word.text === 'to') start--;
    else if (word.text === 'going' || word.text === 'about' || word.text === 'gon') start--;
    else break;
  }
  return start;
}

/** The tense of the verb group words[start..verbIndex] (verbIndex is the main verb). */
export function readGroup(
  words: readonly Word[],
  start: number,
  verbIndex: number,
  clauseStart: number,
): Group {
  const verb = words[verbIndex]!;
  const chain = words.slice(start, verbIndex).map((word) => word.text);
  const form = formOf(verb);
  const text = words
    .slice(start, verbIndex + 1)
    .map((word) => word.text)
    .join(' ');
  // "the reset did NOT wait until friday": not waiting is coming sooner, not a denial
  // (rules-2.13.104).
  const negated = chain.some((word) => NEGATORS.has(word)) && verb.lemma !== 'wait';
  const has = (set: ReadonlySet<string>) => chain.some((word) => set.has(word));
  const group = (
    tense: Tense,
    extra: Partial<Pick<Group, 'hedged' | 'notAnnouncing' | 'infinitive'>> = {},
  ): Group => ({
    tense,
    words: text,
    negated,
    hedged: extra.hedged ?? false,
    notAnnouncing: extra.notAnnouncing ?? null,
    infinitive: extra.infinitive ?? false,
  });

  if (chain.at(-1) === 'to' || (chain.includes('to') && !has(FUTURE_AUX))) {
    return group('none', { infinitive: true });
  }
  if (has(FUTURE_AUX) || (chain.includes('going') && chain.includes('to'))) return group('coming');
  if (chain.includes('gonna') || chain.includes('gon')) return group('coming');
  if (has(HEDGING_MODALS)) {
    if (has(PERFECT_AUX)) return group('none', { notAnnouncing: 'what would have been' });
    return group('coming', { hedged: true });
  }
  if (has(ABILITY_MODALS)) {
    // "their work means we can reset limits for everyone tomorrow afternoon": what follows
    // from it, coming; held, as a hedge is (rules-2.13.93).
    const subject = words[start - 1]?.text;
    const before = words[start - 2]?.text === 'that' ? words[start - 3] : words[start - 2];
    if (subject === 'we' && /^mean(?:s|ing)?$/.test(before?.text ?? ''))
      return group('coming', { hedged: true });
    return group('none', { notAnnouncing: 'what can be done' });
  }
  if (has(EXPECTING_MODALS)) return group(has(PERFECT_AUX) ? 'done' : 'coming');
  if (has(PAST_PERFECT_AUX))
    return group('done', { notAnnouncing: 'a reset before another past event ("had reset")' });
  // "we've got you covered": "have got" is the present of "have", not a perfect.
  if (has(PERFECT_AUX) && verb.text === 'got') return group('ongoing');
  if (has(PERFECT_AUX)) return group('done');
  // "the reset did go out to everyone": an emphatic past of its going (rules-2.13.108).
  if (chain.includes('did') && (verb.lemma === 'go' || ARRIVAL_VERBS.has(verb.lemma)))
    return group('done');
  if (has(BE_PRESENT)) {
    if (form === 'ing') return group('ongoing');
    // "limits are being reset", "are getting reset": the passive of "are resetting".
    if (chain.includes('being') || chain.includes('getting')) return group('ongoing');
    return group('done'); // "limits are reset", "reset is processed"
  }
  // "limits get wiped the same day": the present of a "get" passive, now or later.
  if ((chain.includes('get') || chain.includes('gets')) && !has(BE_PRESENT))
    return group('ongoing');
  // "codex limits getting fully reset again within the hr": a progressive passive whose
  // "are" a quick post dropped (rules-2.12.0).
  if (
    (chain.includes('getting') || chain.includes('being')) &&
    !chain.some((word) => word === 'was' || word === 'were' || word === 'been')
  )
    return group('ongoing');
  if (has(BE_PAST)) {
    if (form === 'ing' && !chain.includes('getting'))
      return group('done', { notAnnouncing: 'what was happening then ("were resetting")' });
    return group('done');
  }
  if (form === 'ing') return group('ongoing');
  if (form === 'past') return group('done');
  if (form === 'present3') return group('ongoing');
  // A bare form: "we reset", "we just reset" (done), "Enjoy a reset" (an imperative: it is
  // there now). The subject may stand before the group's adverbs.
  let subjectAt = verbIndex - 1;
  while (subjectAt > clauseStart && isFiller(words[subjectAt]!)) subjectAt--;
  const before = subjectAt >= clauseStart ? words[subjectAt] : undefined;
  if (before !== undefined && (SUBJECTS.has(before.text) || before.pos === 'PRON')) {
    return group('done');
  }
  // "Reset everyone's usage limits this morning": a diary's subjectless "reset" opening the
  // clause is a bare "we reset" (rules-2.10.0); other verbs there are imperatives.
  if (isReset(verb) && verbIndex === clauseStart) return group('done');
  if (isReset(verb) && PAST_ADVERBS.has(words[verbIndex - 1]?.text ?? '')) return group('done');
  return group('ongoing');
}

/** "did not wait", "didn't wait", "won't wait": a verb group of not waiting. */
const NOT_WAITING = /\b(?:not|n't|never) wait$/;

/** How a verb that takes a reset as object or complement changes the group's tense. */
export function byVerbClass(group: Group, lemma: string): Group {
  if (LIKING_VERBS.has(lemma) && !group.hedged && group.tense !== 'coming') {
    return {
      ...group,
      notAnnouncing: group.notAnnouncing ?? `a general statement ("${lemma}"), not one reset`,
    };
  }
  // "Some of you are reporting your banked reset didn't apply": what others say.
  if (REPORT_VERBS.has(lemma) && lemma !== 'announce') {
    return { ...group, notAnnouncing: group.notAnnouncing ?? `what others say ("${lemma}")` };
  }
  // "we're moving away from global resets" (rules-2.12.0).
  // "the reset we promised for this morning slipped": late, still to come (rules-2.13.107).
  if (lemma === 'slip' && group.tense !== 'none') return { ...group, tense: 'coming' };
  if (
    STOP_VERBS.has(lemma) ||
    lemma === 'push back' ||
    lemma === 'move back' ||
    AWAY_FROM.has(lemma)
  ) {
    return { ...group, notAnnouncing: group.notAnnouncing ?? `a reset stopped ("${lemma}")` };
  }
  // "a reset went out", "has gone out": done; "going to reset", "going out tomorrow": ahead.
  if (lemma === 'go' && group.tense === 'done') return group;
  if (FUTURE_VERBS.has(lemma) && group.tense !== 'coming') return { ...group, tense: 'coming' };
  // "banking a reset for thanksgiving week", "reset is banked for plus, going out tomorrow":
  // a reset banked is one kept to give later (rules-2.13.41).
  // (Not "we banked everyone a reset this morning": given, in the past.)
  if (
    lemma === 'bank' &&
    (group.tense === 'done' || group.tense === 'ongoing') &&
    (/ing$/.test(group.words) || /\b(?:is|are|'s|'re|been|be) banked$/.test(group.words))
  )
    return { ...group, tense: 'coming' };
  if (WISH_VERBS.has(lemma)) return { ...group, tense: 'coming', hedged: true };
  // "the reset did NOT wait until friday": not waiting, it came sooner (rules-2.13.104).
  if (lemma === 'wait' && NOT_WAITING.test(group.words)) return group;
  if (TALK_VERBS.has(lemma)) {
    return {
      ...group,
      notAnnouncing: group.notAnnouncing ?? `a reset ${participleOf(lemma)}, not given`,
    };
  }
  return group;
}

/**
 * "We considered resetting limits", "we stopped resetting": an -ing "resetting" right after
 * a verb is its object; that verb's group and class decide (rules-2.10.0). Null otherwise.
 */
export function gerundObject(
  words: readonly Word[],
  verbIndex: number,
  phraseStart: number,
  clauseStart: number,
): Group | null {
  if (formOf(words[verbIndex]!) !== 'ing' || phraseStart !== verbIndex) return null;
  let at = verbIndex - 1;
  while (at >= clauseStart && isFiller(words[at]!)) at--;
  const verb = words[at];
  if (verb === undefined || at < clauseStart || verb.pos !== 'VERB' || isReset(verb)) return null;
  if (!(WISH_VERBS.has(verb.lemma) || STOP_VERBS.has(verb.lemma) || TALK_VERBS.has(verb.lemma)))
    return null;
  return byVerbClass(
    readGroup(words, chainBefore(words, at, clauseStart), at, clauseStart),
    verb.lemma,
  );
}

/**
 * "I do like giving resets", "we love resetting limits": an -ing form with no auxiliary of
 * its own after a verb of liking is that verb's object: the group is the liking verb's
 * (a general statement, or a wish with a modal). Null when the verb is not such a gerund.
 */
export function likedGerund(
  words: readonly Word[],
  verbIndex: number,
  chainStart: number,
  clauseStart: number,
): Group | null {
  if (chainStart !== verbIndex || formOf(words[verbIndex]!) !== 'ing') return null;
  let at = verbIndex - 1;
  while (at >= clauseStart && isFiller(words[at]!)) at--;
  const liking = words[at];
  // The tagger may read "like" as a noun or a preposition here: its lemma decides.
  if (liking === undefined || !LIKING_VERBS.has(liking.text.replace(/s$/, ''))) return null;
  const lemma = liking.text.replace(/s$/, '');
  return byVerbClass(readGroup(words, chainBefore(words, at, clauseStart), at, clauseStart), lemma);
}
