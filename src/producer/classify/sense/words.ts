import type { Word } from '../grammar.ts';
import type { Tense } from '../sense.ts';
import {
  ARRIVAL_VERBS,
  BE_PAST,
  BE_PRESENT,
  COMING_WORDS,
  DONE_WORDS,
  FUTURE_AUX,
  GROUP_ADVERBS,
  NEGATORS,
  ONGOING_WORDS,
  PERFECT_AUX,
  RESET_OBJECTS,
  TOPIC_NOUNS,
  VAGUE_NOUNS,
} from './word-classes.ts';

/**
 * Tests of one word that the readers of a mention share: is it "reset", an auxiliary, a
 * filler inside a verb group, an arrival verb, a topic noun (sense.ts).
 */

export const isReset = (word: Word) => /^re-?set(?:s|ting|ing|ed)?$/.test(word.text);
export const isAux = (word: Word) =>
  word.pos === 'AUX' ||
  FUTURE_AUX.has(word.text) ||
  PERFECT_AUX.has(word.text) ||
  BE_PRESENT.has(word.text) ||
  BE_PAST.has(word.text);
export const isFiller = (word: Word) =>
  GROUP_ADVERBS.has(word.text) || (word.pos === 'ADV' && !NEGATORS.has(word.text));

/**
 * "a one-time reset", "the 5-hour window": a hyphen inside a number's noun, which the tagger
 * gives as a word of its own; it neither ends a clause nor a noun phrase (rules-2.13.2).
 */
export const hyphenInNumber = (words: readonly Word[], at: number) =>
  words[at]!.text === '-' && words[at - 1]?.pos === 'NUM' && words[at + 1]?.pos === 'NOUN';

/** "landing", "lands" tagged as nouns right after "reset": the verb of the clause. */
export const isArrivalForm = (word: Word) => /(?:ing|s)$/.test(word.text) && isArrival(word);
/** After plural "resets", a base arrival verb is the verb: "banked resets land Monday". */
export const isArrivalAfter = (reset: Word, word: Word) =>
  isArrivalForm(word) || (reset.text.endsWith('s') && word.text === word.lemma && isArrival(word));

const stemOf = (word: Word) => word.text.replace(/(?:ing|ed|es|s)$/, '');
/** An arrival verb even when tagged a noun ("lands", "landing"). */
export const isArrival = (word: Word) =>
  ARRIVAL_VERBS.has(word.lemma) ||
  ARRIVAL_VERBS.has(stemOf(word)) ||
  ARRIVAL_VERBS.has(`${stemOf(word)}e`);
export const isPredicateWord = (word: Word) =>
  COMING_WORDS.has(word.text) || DONE_WORDS.has(word.text) || ONGOING_WORDS.has(word.text);
/** The tense a predicate word says ("incoming", "done", "underway"). */
export const predicateTense = (word: Word): Tense =>
  COMING_WORDS.has(word.text) ? 'coming' : DONE_WORDS.has(word.text) ? 'done' : 'ongoing'; // "Gemini reset their quotas": whose?

export const textOf = (words: readonly Word[]) => words.map((word) => word.text).join(' ');
export const namesNothingReset = (phrase: readonly Word[]) =>
  // "the whole thing" names nothing in particular (rules-2.11.0).
  phrase.some(
    (word) => (word.pos === 'NOUN' || word.pos === 'PROPN') && !VAGUE_NOUNS.has(word.text),
  ) && !phrase.some((word) => RESET_OBJECTS.has(word.lemma) || RESET_OBJECTS.has(word.text));

/** A topic noun, also in a plural the lemmatiser does not know ("rumours"). */
export const isTopicNoun = (word: Word) =>
  TOPIC_NOUNS.has(word.lemma) || TOPIC_NOUNS.has(word.text.replace(/s$/, ''));
