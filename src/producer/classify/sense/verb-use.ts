import type { Word } from '../grammar.ts';
import { inNounPhrase } from './noun-phrase.ts';
import { coordinatedWith } from './statements.ts';
import {
  FIRST_PERSON,
  NAMES,
  NEGATORS,
  OUR_AGENTS,
  PAST_ADVERBS,
  POSSESSIVES,
  RESET_HEADS,
  RESET_OBJECTS,
  SUBJECTS,
  TIME_OWNERS,
} from './word-classes.ts';
import { isAux, isFiller, namesNothingReset, textOf } from './words.ts';

/**
 * Whether "reset" is a verb or a noun where it stands, its object and purpose, and the word
 * classes the readers of a mention share (sense.ts).
 */

/**
 * "a full reset of his coffee intake": the words after "of" when they name something else
 * than what resets are of (nothing of limits, usage or users), or null.
 */
export function nounObjectOf(words: readonly Word[], index: number, end: number): string | null {
  if (words[index + 1]?.text !== 'of') return null;
  let at = index + 2;
  while (at < end && (inNounPhrase(words, at) || POSSESSIVES.has(words[at]!.text))) at++;
  const object = words.slice(index + 2, at);
  if (object.length === 0) return null;
  // "the reset of 17:00 CET": of a time, not of a thing (rules-2.13.62).
  if (object[0]!.pos === 'NUM' || /^\d/.test(object[0]!.text)) return null;
  const possessed = object.filter((word) => !POSSESSIVES.has(word.text));
  return namesNothingReset(possessed) ? textOf(object) : null;
}

/**
 * "took the morning off for a mental reset": a verb, its own object, then "for" and the
 * reset; the words from "for", or null.
 */
export function purposeOf(words: readonly Word[], governor: number, index: number): string | null {
  const between = words.slice(governor + 1, index);
  const forAt = between.findIndex((word) => word.text === 'for');
  if (forAt < 1) return null;
  if (!between.slice(0, forAt).some((word) => word.pos === 'NOUN' || word.pos === 'PRON'))
    return null;
  return textOf(words.slice(governor + 1 + forAt, index + 1));
}

/**
 * The words of a quotation of at most three words holding the reset, when a noun follows it
 * ("'resets at' time", "the \"reset now\" button"); null otherwise.
 */
export function quotedLabel(words: readonly Word[], index: number): string | null {
  const isQuote = (at: number) => /^["']$/.test(words[at]?.text ?? '');
  const open = [index - 1, index - 2, index - 3].find((at) => at >= 0 && isQuote(at));
  const close = [index + 1, index + 2, index + 3].find(isQuote);
  if (open === undefined || close === undefined || close - open > 4) return null;
  const after = words[close + 1];
  if (after === undefined || after.pos !== 'NOUN') return null;
  return `${textOf(words.slice(open + 1, close))} ${after.text}`;
}

/**
 * "the claude folks got a reset": a team named for another product before the verb at
 * `verbAt` (rules-2.13.4); its words, or null.
 */
export function otherTeamBefore(
  words: readonly Word[],
  verbAt: number,
  start: number,
): string | null {
  let at = verbAt - 1;
  while (at >= start && isAux(words[at]!)) at--;
  const team = words[at];
  const name = words[at - 1];
  if (team === undefined || name === undefined || at - 1 < start) return null;
  if (!TEAM_WORDS.has(team.lemma) || !NAMES.has(name.pos)) return null;
  if (OUR_AGENTS.has(name.lemma) || RESET_OBJECTS.has(name.lemma) || FIRST_PERSON.has(name.text))
    return null;
  return `${name.text} ${team.text}`;
}
const TEAM_WORDS = new Set(['folk', 'folks', 'team', 'people', 'guy', 'guys', 'crew']);
const ARTICLES = new Set(['a', 'an', 'the']);
/** Words that open the object of a verb "reset" at the start of a sentence. */
const OBJECT_OPENERS = new Set([
  'everyone',
  'everybody',
  'our',
  'your',
  'their',
  'the',
  'usage',
  'my',
]);

/** Is the word "reset" at `index` used as a verb? */
export function isVerbUse(words: readonly Word[], index: number, start: number): boolean {
  const word = words[index]!;
  if (/^re-?set(?:ting|ing|ed)$/.test(word.text)) return true;
  let at = index - 1;
  while (at >= start && (isFiller(words[at]!) || NEGATORS.has(words[at]!.text))) at--;
  const before = at >= start ? words[at] : undefined;
  // "Reset all propagated.": a noun at the start; "Reset everyone's usage limits this
  // morning": a verb before its object (rules-2.10.0). "just reset codex usage limits": an
  // adverb of the past opening the sentence makes it a verb (rules-2.13.0).
  if (before === undefined)
    return (
      OBJECT_OPENERS.has(words[index + 1]?.text ?? '') ||
      // "Reset gpt-5 usage limits": a name, then what is reset (rules-2.13.0).
      (NAMES.has(words[index + 1]?.pos ?? '') && RESET_HEADS.has(words[index + 2]?.lemma ?? '')) ||
      (index > start && PAST_ADVERBS.has(words[start]!.text) && word.text === 'reset')
    );
  // "it's reset": "'s" is "is"; "last week's reset": a possessive of a time (rules-2.10.0).
  if (before.text === "'s") return !TIME_OWNERS.test(words[at - 1]?.text ?? '');
  if (isAux(before) || before.text === 'to') return true;
  if (before.text === 'and' && !/s$/.test(word.text)) {
    // "we went ahead and reset limits": a verb coordinated with the verb before "and".
    return coordinatedWith(words, index, index, start) !== null;
  }
  // "terminal-bench reset their leaderboard": a possessive after a bare "reset" makes it a
  // verb with its object (rules-2.12.0); so does "everyone's" ("gemini cli reset everyone's
  // quotas"), and after "resets" ("local man resets his password"), rules-2.13.2.
  if (
    (before.pos === 'NOUN' || before.pos === 'PROPN') &&
    at === index - 1 &&
    (OWNER_DETERMINERS.has(words[index + 1]?.text ?? '') ||
      (EVERYONE.has(words[index + 1]?.text ?? '') && words[index + 2]?.text === "'s"))
  )
    return true;
  // "a cron job resets a fixture db": after a noun, "resets" before an article and a noun
  // is that noun's verb (rules-2.13.18).
  if (
    word.text === 'resets' &&
    before.pos === 'NOUN' &&
    at === index - 1 &&
    ARTICLES.has(words[index + 1]?.text ?? '') &&
    NAMES.has(words[index + 2]?.pos ?? '')
  )
    return true;
  if (word.text === 'resets') return before.pos === 'PRON' || before.pos === 'PROPN';
  // "your weekly limits just reset": an adverb of the past between a noun and a bare
  // "reset" makes it that noun's verb (rules-2.11.0).
  if (before.pos === 'NOUN' && at === index - 2 && PAST_ADVERBS.has(words[index - 1]!.text))
    return true;
  // "you're getting a fresh codex reset on monday": a name after an article or an adjective
  // is a noun's modifier, not the verb's subject (rules-2.13.74).
  const beforeName = words[at - 1];
  if (
    NAMES.has(before.pos) &&
    beforeName !== undefined &&
    (INDEFINITES.has(beforeName.text) || beforeName.pos === 'ADJ')
  )
    return false;
  return SUBJECTS.has(before.text) || (before.pos === 'PRON' && before.text !== 'your');
}
/**
 * Words before a noun that make it a modifier: "a codex reset", "another codex reset"; "no
 * codex reset planned", a reset denied (rules-2.13.93; "reset planned" was read as a verb).
 */
const INDEFINITES = new Set(['a', 'an', 'another', 'no']);
/** Possessive determiners that open a verb's object: "reset their leaderboard". */
const OWNER_DETERMINERS = new Set(['their', 'its', 'his', 'her', 'our']);
const EVERYONE = new Set(['everyone', 'everybody']);
