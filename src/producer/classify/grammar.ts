import { createRequire } from 'node:module';
import type { Model, PartOfSpeech, WinkMethods } from 'wink-nlp';

/**
 * The words of a sentence with their part of speech and lemma, from wink-nlp and its
 * English model (docs/classifier.md says why this library). The tagger is statistical and
 * deterministic: the same sentence always gives the same tags. It is loaded on the first
 * sentence read, not on import, so commands that never classify (ops review, build) do not
 * pay its start-up (about 0.3 s).
 */

export interface Word {
  /** The word as written (the classifier's text is already lower case). */
  readonly text: string;
  readonly pos: PartOfSpeech;
  /** The dictionary form: "landed", "lands" and "landing" are all "land". */
  readonly lemma: string;
}

/** A sentence is read up to this many characters (the post's text is already bounded). */
const MAX_SENTENCE_CHARS = 1_000;

let parser: WinkMethods | undefined;

function loadParser(): WinkMethods {
  // Both packages are CommonJS; required lazily and synchronously (the classifier is sync).
  const require = createRequire(import.meta.url);
  const winkNlp = require('wink-nlp') as (model: Model, pipe?: string[]) => WinkMethods;
  const model = require('wink-eng-lite-web-model') as Model;
  // Only the part-of-speech tagger: no entity or sentiment model, half the time.
  return winkNlp(model, ['pos']);
}

/**
 * The sentences of the post being read, parsed once: the rules read one sentence several
 * times (its mentions, whether it says when it lands, a reply's parent). Forgotten when the
 * next post is read (`forgetSentences`), so no post is read faster for an earlier one.
 */
const parsed = new Map<string, readonly Word[]>();
const MAX_PARSED = 256;

/** Forget the sentences of the post read before: called as a post starts to be read. */
export function forgetSentences(): void {
  parsed.clear();
}

/** The words of `sentence` (punctuation included, as its own words). */
export function wordsOf(sentence: string): readonly Word[] {
  const known = parsed.get(sentence);
  if (known !== undefined) return known;
  const words = parse(sentence);
  if (parsed.size >= MAX_PARSED) parsed.clear();
  parsed.set(sentence, words);
  return words;
}

/**
 * wink-nlp learns: a word it has not met, first read with a mark after it ("everyone's."),
 * is kept whole in its cache, and from then on read whole everywhere ("everyone's limits"
 * becomes one word, where before it was "everyone" and "'s"). So that a sentence reads the
 * same whatever the process read before (rules-2.13.5), a word with an apostrophe is set
 * apart from the marks around it, and so read the one way wink-nlp reads it mid-sentence.
 */
const MARK_AFTER_APOSTROPHE = /([\p{L}\p{N}]'[\p{L}\p{N}]*)([.,!?;:)\]"…]+)(?=\s|$)/gu;
const MARK_BEFORE_APOSTROPHE = /(^|\s)([(["]+)(?=[\p{L}\p{N}]+'[\p{L}\p{N}])/gu;
const apart = (sentence: string) =>
  sentence.replace(MARK_AFTER_APOSTROPHE, '$1 $2').replace(MARK_BEFORE_APOSTROPHE, '$1$2 ');

function parse(sentence: string): readonly Word[] {
  parser ??= loadParser();
  const { its } = parser;
  const tokens = parser.readDoc(apart(sentence.slice(0, MAX_SENTENCE_CHARS))).tokens();
  const texts = tokens.out(its.value) as string[];
  const tags = tokens.out(its.pos) as PartOfSpeech[];
  // The type declarations give `its.lemma` a signature `out` does not accept; it works.
  const lemmas = tokens.out(its.lemma as unknown as typeof its.value) as string[];
  const words = texts.map((text, index) => ({
    text: text.replace(/\u2019/g, "'"),
    // "we'll make it right with a reset": the tagger's verb "right" is an adjective
    // (rules-2.11.0).
    pos: tagOf(text, index, texts, tags),
    lemma: HOLIDAYS.has(text) ? text : (lemmas[index] ?? text),
  }));
  return joinClockMarks(words);
}

/**
 * "reset at 9 AM PT tomorrow": "am" written apart from its hour is the time of day, not the
 * verb "to be". The hour and its mark are one word, as "9am" is (rules-2.13.51).
 */
function joinClockMarks(words: Word[]): readonly Word[] {
  if (!words.some((word) => word.text === 'am' || word.text === 'pm')) return words;
  const joined: Word[] = [];
  for (const word of words) {
    const hour = joined.at(-1);
    if (
      (word.text === 'am' || word.text === 'pm') &&
      hour?.pos === 'NUM' &&
      /^\d{1,2}(?::\d\d)?$/.test(hour.text)
    ) {
      const text = hour.text + word.text;
      joined[joined.length - 1] = { text, pos: 'NUM', lemma: text };
    } else joined.push(word);
  }
  return joined;
}

/** The tagger's part of speech for the word at `index`, where the rules know better. */
function tagOf(
  text: string,
  index: number,
  texts: readonly string[],
  tags: readonly PartOfSpeech[],
): PartOfSpeech {
  const tag = tags[index] ?? 'X';
  // "we'll make it right with a reset": the tagger's verb "right" is an adjective
  // (rules-2.11.0).
  if (text === 'right' && tag === 'VERB') return 'ADJ';
  // "plus got that reset, it's live now": "that" between a verb and a noun with no verb of
  // its own after it is a determiner, not a conjunction (rules-2.13.40).
  if (
    text === 'that' &&
    tag === 'SCONJ' &&
    tags[index - 1] === 'VERB' &&
    tags[index + 1] === 'NOUN' &&
    tags[index + 2] !== 'VERB' &&
    tags[index + 2] !== 'AUX'
  )
    return 'DET';
  if (HOLIDAYS.has(text)) return 'PROPN';
  // "you'll each get one": after an auxiliary and "each", the tagger's noun is the verb
  // (rules-2.13.36).
  if (
    tag === 'NOUN' &&
    tags[index - 2] === 'AUX' &&
    FLOATING_QUANTIFIERS.has(texts[index - 1] ?? '')
  )
    return 'VERB';
  return tag;
}

/** Quantifiers between an auxiliary and its verb: "you'll each get", "we'll both see". */
const FLOATING_QUANTIFIERS = new Set(['each', 'both', 'all']);

/** "thanksgiving reset": a holiday's name, not a verb in -ing (rules-2.13.9). */
const HOLIDAYS = new Set(['thanksgiving', 'christmas', 'halloween', 'easter', 'hanukkah']);
