import type { Word } from '../grammar.ts';
import { RELATIVE, TIME_OWNERS } from './word-classes.ts';
import { hyphenInNumber, isArrivalForm, isReset, textOf } from './words.ts';

/**
 * A noun phrase around "reset": which words belong to it, and the time that owns it
 * ("yesterday's reset") (sense.ts).
 */

/** The time of a possessive before `index` ("last week 's reset"), as its words, or null. */
export function timeOwnerBefore(
  words: readonly Word[],
  index: number,
  start: number,
): string | null {
  let at = index - 1;
  while (at >= start && words[at]!.pos === 'ADJ' && !isReset(words[at]!)) at--;
  if (at - 1 < start || words[at]!.text !== "'s" || !TIME_OWNERS.test(words[at - 1]!.text))
    return null;
  const first = ['last', 'next', 'this'].includes(words[at - 2]?.text ?? '') ? at - 2 : at - 1;
  return textOf(words.slice(Math.max(first, start), at));
}

/** X: what the tagger could not place ("pro" in "plus and pro users"). */
const NOUN_PHRASE_TAGS = new Set([
  'DET',
  'ADJ',
  'NOUN',
  'PROPN',
  'NUM',
  'PRON',
  'SYM',
  'PART',
  'X',
]);

/**
 * Is words[at] part of a noun phrase around "reset" ("a sneaky double", "all codex users a
 * usage")? A participle between a determiner and a noun is an adjective: "a banked reset",
 * "all paid users"; an arrival verb tagged a noun ("landing", "lands") is not.
 */
export function inNounPhrase(words: readonly Word[], at: number): boolean {
  const word = words[at]!;
  if (word.text === "'s" || hyphenInNumber(words, at)) return true;
  if (NOUN_PHRASE_TAGS.has(word.pos)) return !(word.pos === 'NOUN' && isArrivalForm(word));
  if (word.pos !== 'VERB' || isReset(word)) return false;
  const before = words[at - 1];
  const after = words[at + 1];
  // "a one-time banked reset": "banked" before a reset is always its adjective.
  if (/^bank(?:ed|able)$/.test(word.text) && after !== undefined && isReset(after)) return true;
  // "Banked resets are now available", "banked resets for all Plus users going out
  // tomorrow": a participle opening the sentence before plural "resets" is its adjective.
  if (
    (before === undefined || before.text === ':') &&
    /ed$/.test(word.text) &&
    after !== undefined &&
    isReset(after) &&
    after.text.endsWith('s')
  )
    return true;
  // "start doing scheduled resets": a participle between a verb of doing and "resets" is
  // their adjective (rules-2.12.0).
  if (
    before !== undefined &&
    before.pos === 'VERB' &&
    (before.lemma === 'do' || /ing$/.test(before.text)) &&
    /ed$/.test(word.text) &&
    after !== undefined &&
    isReset(after)
  )
    return true;
  return (
    before !== undefined &&
    ['DET', 'ADJ', 'ADV', 'NUM', 'PRON', 'PART'].includes(before.pos) &&
    before.text !== 'to' && // "to own rate limits": an infinitive, not an adjective
    !RELATIVE.has(before.text) && // "the team that runs resets": a relative clause's verb
    after !== undefined &&
    (after.pos === 'NOUN' || after.pos === 'PROPN' || isReset(after))
  );
}
