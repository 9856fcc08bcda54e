import type { Word } from '../grammar.ts';
import { formOf } from './clause.ts';
import { chainBefore, type Group } from './verb-group.ts';
import {
  BE_PAST,
  BE_PRESENT,
  CLAUSE_END,
  CLAUSE_JOINERS,
  CONTACT_SUBJECTS,
  NAMES,
  NEGATORS,
  OBJECT_START,
  PRONOUN_SUBJECTS,
  RELATIVE,
  RESULT_DEGREE,
  SUBJECTS,
  TIME_NOUNS,
  WH_WORDS,
} from './word-classes.ts';
import {
  hyphenInNumber,
  isAux,
  isFiller,
  isPredicateWord,
  isReset,
  isTopicNoun,
  predicateTense,
  textOf,
} from './words.ts';

/**
 * Sentences that state something about resets rather than announce one: a topic ("rumours
 * of a reset"), a general statement ("a reset is a blunt tool"), a feature, an alternative,
 * a coordination or a gerund as subject (sense.ts).
 */

/** Prepositions of a topic: "a rumour about a reset". */
const ABOUT = new Set(['about', 'regarding', 'concerning', 're']);

/**
 * "instead of" or "rather than" within six words before the reset, with no subject of a
 * clause of its own between ("rather than wait, we're resetting now" is a reset), or null.
 */
export function alternativeBefore(words: readonly Word[], index: number): string | null {
  for (let at = index - 1; at >= Math.max(1, index - 6); at--) {
    const word = words[at]!;
    // "one-time" is three words to the tagger: its hyphen ends nothing here.
    if (
      PRONOUN_SUBJECTS.has(word.text) ||
      (word.pos === 'PUNCT' && CLAUSE_END.has(word.text) && word.text !== '-')
    )
      return null;
    const pair = `${words[at - 1]!.text} ${word.text}`;
    if (pair === 'instead of' || pair === 'rather than') return pair;
  }
  return null;
}

/** "on how", "about why": a wh-word after a preposition before the reset, or null. */
export function whAfterPreposition(
  words: readonly Word[],
  index: number,
  start: number,
): string | null {
  for (let at = index - 1; at > start; at--) {
    if (!WH_WORDS.has(words[at]!.text)) continue;
    const before = words[at - 1]!;
    return before.pos === 'ADP' ? `${before.text} ${words[at]!.text}` : null;
  }
  return null;
}

/** Going round from one to another: "going around", "floating around", "making the rounds". */
const CIRCULATING =
  /^(?:(?:that's|that is|which is|is|are) )?(?:going|floating|flying|passing) (?:a)?round|^(?:(?:that's|that is|is|are) )?(?:circulating|making the rounds|doing the rounds)$/;

/**
 * "Rumor going around that there's a reset", "the hope is that we reset": a "that" before
 * the reset whose noun, a few words before it, is a topic noun. Returns that noun's
 * words up to "that", or null.
 */
export function topicThatClause(words: readonly Word[], index: number): string | null {
  // "that" may have ended the reset's clause: the sentence is searched, 8 words back.
  for (let at = index - 1; at >= Math.max(0, index - 8); at--) {
    // "reports that limits were draining, so we reset everyone": a new clause of its own.
    if (CLAUSE_JOINERS.has(words[at]!.text)) return null;
    // "a rumour going around about a midnight reset": the reset in a topic noun's "about"
    // phrase (rules-2.11.0).
    if (ABOUT.has(words[at]!.text) && words[at]!.pos !== 'VERB') {
      for (let noun = at - 1; noun >= Math.max(0, at - 4); noun--) {
        const word = words[noun]!;
        if (word.pos !== 'NOUN') continue;
        // "a screenshot going around about a codex limits reset this friday": whatever
        // circulates about a reset is talk of it (rules-2.13.69).
        if (isTopicNoun(word) || CIRCULATING.test(textOf(words.slice(noun + 1, at))))
          return textOf(words.slice(noun, at + 1));
      }
    }
    // "There's a rumour we're resetting everyone": a topic noun and its clause with no
    // "that" (rules-2.11.0).
    const before = words[at - 1];
    if (
      CONTACT_SUBJECTS.has(words[at]!.text) &&
      before !== undefined &&
      before.pos === 'NOUN' &&
      isTopicNoun(before)
    )
      return before.text;
    if (words[at]!.text !== 'that') continue;
    for (let noun = at - 1; noun >= Math.max(0, at - 4); noun--) {
      const word = words[noun]!;
      // "the volume of reports is high enough that we've refreshed…": a verb between the
      // noun and "that" makes the clause the verb's (rules-2.12.0).
      if (isAux(word)) break;
      // "there are enough reports that we reset rate limits": a clause of result, not what
      // the reports say (rules-2.13.1).
      if (
        word.pos === 'NOUN' &&
        isTopicNoun(word) &&
        !RESULT_DEGREE.has(words[noun - 1]?.text ?? '')
      )
        return textOf(words.slice(noun, at));
    }
    return null;
  }
  return null;
}

/** Predicates of a general statement that still say a reset is there ("is available"). */
const SUPERLATIVES = new Set(['best', 'worst', 'ideal', 'perfect']);
const THERE_ADJECTIVES = new Set(['available', 'ready']);

/** Determiners of a thing in general: "a reset is…", "every global reset is…" (rules-2.13.24). */
const GENERIC_DETERMINERS = new Set(['a', 'an', 'every', 'each', 'any']);

/**
 * "A reset is a blunt tool", "Limit resets will be rarer": a reset named in general (an
 * indefinite "a reset", or "resets" with no determiner) whose copula says what such a thing
 * is (an adjective or a noun phrase) states something about resets, not an event. Returns
 * the copula and what follows it, or null.
 */
export function genericStatement(
  words: readonly Word[],
  index: number,
  phraseStart: number,
  predicate: number,
): string | null {
  const determiners = words.slice(phraseStart, index).filter((word) => word.pos === 'DET');
  const plural = words[index]!.text.endsWith('s');
  // "The best reset is a good night's sleep": a superlative names a kind (rules-2.10.0).
  const superlative = words
    .slice(phraseStart, index)
    .some((word) => SUPERLATIVES.has(word.text) || (word.pos === 'ADJ' && /est$/.test(word.text)));
  const generic =
    (superlative ||
      (determiners.every((word) => GENERIC_DETERMINERS.has(word.text)) &&
        (determiners.length > 0 || plural))) &&
    !words.slice(phraseStart, index).some((word) => word.pos === 'PRON' || word.pos === 'NUM');
  if (!generic || words[predicate]!.lemma !== 'be') return null;
  let after = predicate + 1;
  while (after < words.length && isFiller(words[after]!) && !WH_WORDS.has(words[after]!.text))
    after++;
  const next = words[after];
  if (next === undefined || isPredicateWord(next) || THERE_ADJECTIVES.has(next.text)) return null;
  // "Resets are how we say sorry", "Resets are gifts": a bare plural says what resets are
  // (rules-2.10.0); "a reset is what we're giving you today" may still announce one.
  const barePlural = determiners.length === 0 && plural;
  const saysWhatTheyAre =
    barePlural &&
    (WH_WORDS.has(next.text) ||
      next.text === 'what' ||
      next.text === 'per' || // "banked resets are per account"
      // "resets are for when we mess up" (rules-2.11.0).
      (next.text === 'for' && WH_WORDS.has(words[after + 1]?.text ?? '')) ||
      (next.pos === 'NOUN' && !TIME_NOUNS.test(next.text)) ||
      // "resets are one-offs when we mess up": a noun with a number in it (rules-2.13.74).
      (next.pos === 'NUM' && hyphenInNumber(words, after + 1)));
  if (next.pos !== 'ADJ' && next.pos !== 'DET' && !saysWhatTheyAre) return null;
  return textOf(words.slice(predicate, after + 1));
}

/**
 * "a global reset clears every window", "any reset wipes both": a reset in general (a, an,
 * every, each, any, and no other word that is a pronoun or a number) whose verb is in the
 * simple present says what such a reset does to usage (WHAT_A_RESET_DOES), not an event
 * ("a reset lands at 5pm" is one). Returns the verb, or null.
 */
export function genericHabit(
  words: readonly Word[],
  index: number,
  phraseStart: number,
  predicate: number,
): string | null {
  const before = words.slice(phraseStart, index);
  const determiners = before.filter((word) => word.pos === 'DET');
  if (
    determiners.length === 0 ||
    !determiners.every((word) => GENERIC_DETERMINERS.has(word.text)) ||
    before.some((word) => word.pos === 'PRON' || word.pos === 'NUM') ||
    predicate !== index + 1
  )
    return null;
  const verb = words[predicate]!;
  if (verb.pos !== 'VERB' || !/[^s]s$/.test(verb.text) || !WHAT_A_RESET_DOES.has(verb.lemma))
    return null;
  return verb.text;
}
/** Verbs of what a reset does to usage, not of its coming: "goes out", "lands" are not here. */
const WHAT_A_RESET_DOES = new Set([
  'clear',
  'wipe',
  'zero',
  'cover',
  'apply',
  'mean',
  'affect',
  'restore',
  'refill',
  'refresh',
  'empty',
  'cost',
  'burn',
  'touch',
  'include',
]);

/**
 * "Resets are now available in the app": a bare plural "resets" whose copula says they are
 * there ("available", "ready"). Returns the copula and its adjective, or null.
 */
export function featureStatement(
  words: readonly Word[],
  index: number,
  phraseStart: number,
  predicate: number,
): string | null {
  const bare = !words.slice(phraseStart, index).some((word) => word.pos === 'DET');
  if (!bare || !words[index]!.text.endsWith('s') || words[predicate]!.lemma !== 'be') return null;
  let after = predicate + 1;
  while (after < words.length && isFiller(words[after]!)) after++;
  const next = words[after];
  if (next === undefined || !THERE_ADJECTIVES.has(next.text)) return null;
  return textOf(words.slice(predicate, after + 1));
}

/**
 * "We went ahead and reset limits", "we'll go and reset them": a bare verb right after "and",
 * with no auxiliary of its own, shares the tense of the verb before "and" when that verb has
 * a subject in the clause. Returns that verb's index, or null.
 */
export function coordinatedWith(
  words: readonly Word[],
  index: number,
  chainStart: number,
  clauseStart: number,
): number | null {
  if (chainStart !== index || formOf(words[index]!) === 'ing') return null;
  const and = index - 1;
  if (and <= clauseStart || words[and]!.text !== 'and') return null;
  let at = and - 1;
  while (at > clauseStart && (isFiller(words[at]!) || words[at]!.pos === 'ADV')) at--;
  // "we moved codex usage metering onto a new pipeline this week and reset everyone's
  // limits": back over the first verb's object and phrases, to a finite verb, when the reset
  // has an object of its own (rules-2.13.2).
  if (words[at]!.pos !== 'VERB' && OBJECT_START.has(words[index + 1]?.text ?? '')) {
    let back = at;
    while (
      back > clauseStart &&
      back > and - 12 &&
      !(words[back]!.pos === 'VERB' && formOf(words[back]!) !== 'ing')
    )
      back--;
    if (words[back]!.pos === 'VERB' && formOf(words[back]!) !== 'ing') at = back;
  }
  const verb = words[at]!;
  if (verb.pos !== 'VERB' || isReset(verb) || formOf(verb) === 'ing') return null;
  // Its subject: a pronoun or a name right before it or its auxiliaries.
  const groupStart = chainBefore(words, at, clauseStart);
  if (groupStart <= clauseStart) return null;
  const subject = words[groupStart - 1]!;
  // "Staging DB gets wiped and reset": a noun for a subject too, when the first verb is a
  // passive's (rules-2.13.3).
  const passive = words
    .slice(groupStart, at)
    .some((w) => BE_PAST.has(w.text) || BE_PRESENT.has(w.text));
  return SUBJECTS.has(subject.text) ||
    subject.pos === 'PRON' ||
    subject.pos === 'PROPN' ||
    (passive && subject.pos === 'NOUN')
    ? at
    : null;
}

/**
 * "Resetting limits is not a strategy": an -ing form with no auxiliary that opens its clause
 * and is followed in the clause by a verb of its own is that verb's subject (a gerund): the
 * sentence says something about resetting. When that verb is a copula whose predicate says
 * where a reset is ("Resetting usage limits is now complete"), it announces; after any other
 * verb ("… will take an hour") it may, so it is held; denied or a copula with anything else
 * ("is not a sustainable strategy", "was fun"), it states something, not an event.
 * Null when the -ing form is not such a subject ("Resetting limits for all plans now").
 */
/** Conjunctions that open a clause of their own: its verb is not the gerund's. */
const CLAUSE_OPENERS = new Set(['once', 'if', 'unless', 'because']);

export function gerundSubject(
  words: readonly Word[],
  index: number,
  chainStart: number,
  clauseStart: number,
  end: number,
): Group | null {
  if (chainStart !== index || formOf(words[index]!) !== 'ing') return null;
  if (words.slice(clauseStart, index).some((word) => !isFiller(word))) return null;
  let at = index + 1;
  let purpose = false;
  // "Resetting limits now to make up for it": a verb after "to" is an infinitive of
  // purpose, not the verb of a gerund subject (rules-2.11.0).
  while (
    at < end &&
    ((!isAux(words[at]!) && words[at]!.pos !== 'VERB') ||
      words[at - 1]?.text === 'to' ||
      // "resetting everyone's limits at 2pm to cover the wasted retries": after an infinitive
      // of purpose, a verb that is not a present one after a noun is in its object ("the
      // failed runs"), rules-2.13.74.
      (purpose &&
        !isAux(words[at]!) &&
        (formOf(words[at]!) !== 'present3' || !NAMES.has(words[at - 1]!.pos))))
  ) {
    if (words[at - 1]?.text === 'to' && words[at]!.pos === 'VERB') purpose = true;
    if (RELATIVE.has(words[at]!.text)) return null;
    // "refilling everyone's quota once the postmortem is done": the verb after "once" is its
    // own clause's, not the gerund's (rules-2.13.36).
    if (CLAUSE_OPENERS.has(words[at]!.text)) return null;
    at++;
  }
  if (at >= end) return null;
  const verbStart = at;
  const text = words
    .slice(index, at + 1)
    .map((word) => word.text)
    .join(' ');
  let negated = false;
  while (at < end && (isAux(words[at]!) || isFiller(words[at]!) || NEGATORS.has(words[at]!.text))) {
    if (NEGATORS.has(words[at]!.text)) negated = true;
    if (isPredicateWord(words[at]!) && !isAux(words[at]!)) break;
    at++;
  }
  const predicate = words[at];
  const statement = `a statement about resetting ("${text}"), not one reset`;
  const base = { words: text, negated: false, infinitive: false } as const;
  if (negated) return { ...base, tense: 'none', hedged: false, notAnnouncing: statement };
  if (predicate !== undefined && isPredicateWord(predicate)) {
    return { ...base, tense: predicateTense(predicate), hedged: false, notAnnouncing: null };
  }
  const copula = words[verbStart]!.lemma === 'be';
  if (copula && predicate?.pos === 'VERB' && formOf(predicate) === 'ing') {
    return { ...base, tense: 'ongoing', hedged: false, notAnnouncing: null }; // "is happening now"
  }
  // A copula before anything but a participle ("was fun", tagged a verb; "is a strategy").
  if (
    copula &&
    (predicate === undefined || predicate.pos !== 'VERB' || formOf(predicate) !== 'past')
  ) {
    return { ...base, tense: 'none', hedged: false, notAnnouncing: statement };
  }
  return { ...base, tense: 'ongoing', hedged: true, notAnnouncing: null };
}
