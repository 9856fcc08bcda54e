import type { Word } from '../grammar.ts';
import { formOf } from './clause.ts';
import { inNounPhrase } from './noun-phrase.ts';
import { chainBefore, type Group, readGroup } from './verb-group.ts';
import {
  ASKING_VERBS,
  CLAUSE_JOINERS,
  CONTACT_SUBJECTS,
  DAY_OF_MONTH,
  DUMMY_SUBJECTS,
  FIRST_PERSON,
  MONTHS,
  NEGATORS,
  OUR_AGENTS,
  POSSESSIVES,
  RESET_OBJECTS,
  TALK_VERBS,
} from './word-classes.ts';
import { isAux, isFiller, isPredicateWord, isReset, namesNothingReset, textOf } from './words.ts';

/**
 * The verb before a noun "reset" that takes it as object ("we did a reset", "I promised a
 * reset"), and what else is said of the noun: a count, a date, a verdict, whose it is
 * (sense.ts).
 */

/** The verb before a noun "reset" that takes it as object: "did a reset", "giving users a reset". */
export function governorBefore(
  words: readonly Word[],
  index: number,
  start: number,
): number | null {
  let at = index - 1;
  let preposition = false;
  while (at >= start) {
    const word = words[at]!;
    if (word.pos === 'VERB' && !inNounPhrase(words, at)) return complementOf(words, at, start);
    // "Loading a banked reset…" tagged a noun: an -ing word before a determiner takes an object.
    if (
      word.pos === 'NOUN' &&
      /ing$/.test(word.text) &&
      (words[at + 1]?.pos === 'DET' || words[at + 1]?.text === 'to')
    )
      return at;
    // "There was a kerfuffle with some resets": a copula across a preposition governs nothing.
    if (word.pos === 'AUX' && !isReset(word)) return preposition ? null : at;
    if (word.pos === 'ADP') preposition = true;
    if (inNounPhrase(words, at) || word.pos === 'ADP' || isFiller(word) || word.pos === 'CCONJ') {
      at--;
      continue;
    }
    return null;
  }
  return null;
}

/**
 * "it's faster to reset", "that's easier than…": a copula after "it", "that" or "this" and an
 * adjective before "to" judge the infinitive; its words, or null.
 */
export function evaluatedAt(
  words: readonly Word[],
  governor: number,
  to: number,
  start: number,
): string | null {
  const verb = words[governor]!;
  const subject = words[chainBefore(words, governor, start) - 1];
  if (verb.lemma !== 'be' || subject === undefined || !DUMMY_SUBJECTS.has(subject.text))
    return null;
  const between = words.slice(governor + 1, to);
  return between.some((word) => word.pos === 'ADJ') ? textOf(words.slice(governor - 1, to)) : null;
}

/**
 * "told you there'd be", "I said we'd": the announcer's verb of promising within four words
 * before `at`, its subject "I", "we" or none.
 */
export function promiseRecalledBefore(words: readonly Word[], at: number): boolean {
  for (let before = at - 1; before >= Math.max(0, at - 4); before--) {
    const word = words[before]!;
    if (word.pos !== 'VERB' || !PROMISE_VERBS.has(word.lemma)) continue;
    const subject = words[before - 1];
    return (
      subject === undefined ||
      FIRST_PERSON.has(subject.text) ||
      subject.pos === 'PUNCT' ||
      subject.pos === 'SYM'
    );
  }
  return false;
}
const PROMISE_VERBS = new Set(['tell', 'say', 'promise']);

/**
 * A negator in the chain of verbs, auxiliaries and "to" before `at` ("'re not going to
 * start doing"), before the chain reaches its subject.
 */
export function negatedChainBefore(words: readonly Word[], at: number, start: number): boolean {
  for (let before = at - 1; before >= start; before--) {
    const word = words[before]!;
    if (NEGATORS.has(word.text)) return true;
    if (!(word.pos === 'VERB' || word.pos === 'AUX' || word.text === 'to' || isFiller(word)))
      return false;
  }
  return false;
}

/**
 * "we've got you covered with a reset": a participle after an object completes the verb
 * before it ("got … covered"), whose group gives the tense.
 */
function complementOf(words: readonly Word[], at: number, start: number): number {
  const object = words[at - 1];
  const verb = words[at - 2];
  if (
    formOf(words[at]!) === 'past' &&
    at - 2 >= start &&
    object?.pos === 'PRON' &&
    verb !== undefined &&
    (verb.pos === 'VERB' || verb.pos === 'AUX')
  )
    return at - 2;
  return at;
}

/** Verbs that give their object a quality: "make resets rarer", "keep resets rare". */
const QUALITY_VERBS = new Set(['make', 'keep', 'render']);

/**
 * "make limit resets less necessary": an adjective (after "less", "more", "much" …) right
 * after the reset's noun governed by a verb of QUALITY_VERBS; its words, or null.
 */
export function qualityAfter(
  words: readonly Word[],
  verb: Word,
  index: number,
  end: number,
): string | null {
  if (!QUALITY_VERBS.has(verb.lemma)) return null;
  let at = index + 1;
  while (at < end && words[at]!.pos === 'ADV') at++;
  if (at >= end || words[at]!.pos !== 'ADJ') return null;
  return textOf(words.slice(index + 1, at + 1));
}

/**
 * The subject of the verb at `verbAt` when a possessive other than "our" opens it and it
 * names none of ours: "my back (did a full reset)", "his laptop (has needed one)". Its
 * words, or null. (The tagger may take "back" for an adverb.)
 */
export function ownedSubjectBefore(
  words: readonly Word[],
  verbAt: number,
  start: number,
): string | null {
  const last = beforeAuxiliaries(words, verbAt, start);
  let at = last;
  while (at >= start && at > last - 3 && !POSSESSIVES.has(words[at]!.text)) {
    const word = words[at]!;
    if (!(word.pos === 'NOUN' || word.pos === 'ADJ' || (word.pos === 'ADV' && at === last)))
      return null;
    at--;
  }
  if (at < start || at === last || !POSSESSIVES.has(words[at]!.text) || words[at]!.text === 'our')
    return null;
  // A clause of its own: "my back did", not "… and so did my back".
  if (!opensClause(words, at, start)) return null;
  const subject = words.slice(at, last + 1);
  // "your orgs": a plural the lemmatiser does not know is still one of what resets are of
  // (rules-2.13.104).
  if (
    subject.some(
      (word) =>
        OUR_AGENTS.has(word.lemma) ||
        RESET_OBJECTS.has(word.lemma) ||
        RESET_OBJECTS.has(word.text.replace(/s$/, '')),
    )
  )
    return null;
  return textOf(subject);
}

/**
 * The subject of a verb of undergoing at `verbAt` when a determiner opens it and it names a
 * thing none of ours and nothing resets are of: "the gpu cluster (got a full reset)"
 * (rules-2.13.103).
 * Its words, or null; not a noun phrase inside a clause ("the people who hit the bug got …").
 */
export function thingSubjectBefore(
  words: readonly Word[],
  verbAt: number,
  start: number,
): string | null {
  if (!UNDERGOING.has(words[verbAt]!.lemma)) return null;
  const last = beforeAuxiliaries(words, verbAt, start);
  let at = last;
  while (at >= start && at > last - 4 && THING_WORDS.has(words[at]!.pos)) at--;
  if (at < start || at === last || !THING_DETERMINERS.has(words[at]!.text)) return null;
  if (!opensClause(words, at, start)) return null;
  const subject = words.slice(at, last + 1);
  if (subject.some((word) => OUR_AGENTS.has(word.lemma)) || !namesNothingReset(subject))
    return null;
  return textOf(subject);
}
const THING_WORDS = new Set(['NOUN', 'ADJ', 'PROPN']);

/** The last word before the auxiliaries of the verb at `verbAt` (start - 1 when none is left). */
function beforeAuxiliaries(words: readonly Word[], verbAt: number, start: number): number {
  let at = verbAt - 1;
  while (at >= start && isAux(words[at]!)) at--;
  return at;
}

/** Does the subject opening at `at` open a clause of its own (after a comma, "and", "so" …)? */
function opensClause(words: readonly Word[], at: number, start: number): boolean {
  return at <= start || CLAUSE_JOINERS.has(words[at - 1]!.text) || words[at - 1]!.pos === 'PUNCT';
}
/** Verbs whose subject undergoes the reset: "got", "needs", "did", "went through". */
const UNDERGOING = new Set(['get', 'need', 'do', 'undergo', 'go']);
const THING_DETERMINERS = new Set(['the', 'this', 'that', 'a', 'an']);

/** A verb's lemma, also for an -ing form the tagger took for a noun ("planning" → plan). */
export function lemmaOfGovernor(word: Word): string {
  if (word.pos !== 'NOUN' || !/ing$/.test(word.text)) return word.lemma;
  const stem = word.text.slice(0, -3);
  return /([b-df-hj-np-tv-z])\1$/.test(stem) ? stem.slice(0, -1) : stem;
}

/** A month and a day inside a reset's phrase ("the June 12 reset"), as words, or null. */
export function datedBefore(
  words: readonly Word[],
  phraseStart: number,
  index: number,
): string | null {
  for (let at = Math.max(0, phraseStart - 1); at < index - 1; at++) {
    if (MONTHS.test(words[at]!.text) && DAY_OF_MONTH.test(words[at + 1]!.text)) {
      return `${words[at]!.text} ${words[at + 1]!.text}`;
    }
  }
  return null;
}
/** Words that count resets: "four global resets", "several resets". */
const NUMBER_WORDS = new Set([
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'several',
  'multiple',
  'many',
  'countless',
  'dozens',
]);

/** A number before plural "resets" in its phrase ("four global resets"), or null. */
export function countOf(words: readonly Word[], phraseStart: number, index: number): string | null {
  if (!words[index]!.text.endsWith('s')) return null;
  // "a lot of ad hoc resets": the quantity may open a phrase of its own, before "of".
  const of = words[phraseStart - 1]?.text === 'of' ? phraseStart - 3 : phraseStart;
  // "11 full resets": the tagger may take an adjective for an adverb, outside the phrase.
  const count = words.slice(Math.max(0, Math.min(of, index - 2)), index).find(
    (word) =>
      NUMBER_WORDS.has(word.text) ||
      // "a lot of ad hoc resets lately", "several resets" (rules-2.11.0).
      MANY_WORDS.has(word.text) ||
      (word.pos === 'NUM' && /^\d+$/.test(word.text) && word.text !== '1'),
  );
  return count?.text ?? null;
}

/** Words of a number of things, not one: "a lot of resets", "several resets". */
const MANY_WORDS = new Set([
  'lot',
  'lots',
  'many',
  'several',
  'bunch',
  'plenty',
  'dozens',
  'numerous',
]);

/**
 * "The reset on Tuesday was a one-off", "the reset was a mistake": a definite reset, then
 * "was" / "were" and a noun phrase saying what it was. Returns those words, or null.
 */
export function verdictAfter(
  words: readonly Word[],
  index: number,
  phraseStart: number,
  end: number,
): string | null {
  // "the real global reset": the tagger may take an adjective for an adverb before the
  // phrase (rules-2.12.3).
  const opener =
    phraseStart > 0 && words[phraseStart - 1]!.pos === 'ADV' ? phraseStart - 2 : phraseStart;
  const opened = words
    .slice(Math.max(0, opener), index)
    .some((word) => word.text === 'the' || POSSESSIVES.has(word.text));
  if (!opened) return null;
  let at = index + 1;
  // "The reset we did on the 12th was our make-good": past a contact clause (rules-2.11.0).
  if (CONTACT_SUBJECTS.has(words[at]?.text ?? '')) {
    while (at < end && words[at]!.text !== 'was' && words[at]!.text !== 'were') at++;
  }
  while (at < end && !isAux(words[at]!)) {
    if (words[at]!.pos === 'VERB') return null;
    at++;
  }
  const copula = words[at];
  if (copula === undefined || !/^(?:was|were|is)$/.test(copula.text)) return null;
  let after = at + 1;
  while (after < end && isFiller(words[after]!)) after++;
  const next = words[after];
  if (next === undefined || isPredicateWord(next)) return null;
  if (next.pos !== 'DET' && !POSSESSIVES.has(next.text)) return null;
  // "the reset after the outage on the 3rd is still my most-liked post": a present verdict
  // too, said of the speaker's (rules-2.13.5); not "the reset is a go".
  if (copula.text === 'is' && next.text !== 'my') return null;
  return textOf(words.slice(at, Math.min(end, after + 3)));
}

/**
 * "the friday reset that my replies have scheduled": a relative clause after the reset's noun
 * whose subject is a noun phrase not of ours; its words up to the verb, or null.
 */
export function otherRelativeSubject(
  words: readonly Word[],
  index: number,
  end: number,
): string | null {
  const relative = words[index + 1];
  if (relative === undefined || (relative.text !== 'that' && relative.text !== 'which'))
    return null;
  let at = index + 2;
  const subjectStart = at;
  while (at < end && at < subjectStart + 3 && inNounPhrase(words, at) && words[at]!.pos !== 'PRON')
    at++;
  // "my replies": a possessive pronoun opens the phrase (tagged a pronoun).
  if (at === subjectStart && POSSESSIVES.has(words[at]?.text ?? '') && words[at]!.text !== 'our') {
    at++;
    while (at < end && at < subjectStart + 4 && inNounPhrase(words, at)) at++;
  }
  if (at === subjectStart) return null;
  const subject = words.slice(subjectStart, at);
  if (subject.some((word) => OUR_AGENTS.has(word.lemma) || FIRST_PERSON.has(word.text)))
    return null;
  let verb = at;
  while (verb < end && (isAux(words[verb]!) || isFiller(words[verb]!))) verb++;
  if (verb >= end || words[verb]!.pos !== 'VERB') return null;
  // "the reset that people asked for": theirs to want, ours to give.
  if (ASKING_VERBS.has(words[verb]!.lemma)) return null;
  return textOf(words.slice(index, verb + 1));
}

/**
 * "the reset we're doing", "the reset I'll push at 5pm": a clause of ours right after the
 * reset's noun, read as its verb group when it is under way or ahead; null otherwise.
 */
export function ourClauseGroup(words: readonly Word[], index: number, end: number): Group | null {
  if (!FIRST_PERSON.has(words[index + 1]?.text ?? '')) return null;
  let at = index + 2;
  while (at < end && (isAux(words[at]!) || isFiller(words[at]!))) at++;
  const verb = words[at];
  if (verb === undefined || verb.pos !== 'VERB' || at === index + 2) return null;
  if (TALK_VERBS.has(verb.lemma) || PROMISE_VERBS.has(verb.lemma)) return null;
  const group = readGroup(words, index + 2, at, index + 1);
  return group.tense === 'ongoing' || group.tense === 'coming' ? group : null;
}
