import type { Word } from '../grammar.ts';
import {
  CLAUSE_END,
  CLAUSE_WORDS,
  EMOJI_OR_ARROW,
  PRONOUN_SUBJECTS,
  TIME_NOUNS,
} from './word-classes.ts';
import { hyphenInNumber } from './words.ts';

/** The clause around a word, and the form of a verb (sense.ts). */

/** The clause around `index`: [start, end) bounds inside `words`. */
export function clauseOf(words: readonly Word[], index: number): [number, number] {
  let start = index;
  while (start > 0 && !endsClause(words, start - 1)) start--;
  let end = index + 1;
  while (end < words.length && !endsClause(words, end)) end++;
  return [start, end];
}

function endsClause(words: readonly Word[], index: number): boolean {
  const word = words[index]!;
  if (hyphenInNumber(words, index)) return false;
  if (word.pos === 'PUNCT' && CLAUSE_END.has(word.text)) return true;
  // "reset's propagated to all accounts + landed a few fixes": "+" before a verb is "and"
  // before a clause of its own (rules-2.12.0).
  if (word.text === '+' && words[index + 1]?.pos === 'VERB') return true;
  // "u know how this goes 😅 everyone's usage limits reset", "enough reports → limits
  // reset": an emoji or an arrow ends a clause as a full stop would (rules-2.12.0).
  if ((word.pos === 'SYM' || word.pos === 'X') && EMOJI_OR_ARROW.test(word.text)) return true;
  if (CLAUSE_WORDS.has(word.text) && (word.pos === 'CCONJ' || word.pos === 'SCONJ')) return true;
  if (word.pos === 'SCONJ' && word.text === 'that') return true;
  // "… and we'll reset them again", "… and to celebrate": "and" before a new subject or a
  // purpose starts a clause.
  const next = words[index + 1];
  // "limits reset on Wednesday so you can vibe-code": "so" before a subject opens a clause
  // of its own (rules-2.11.0).
  // "limits reset on all plans so everyone can play" (rules-2.12.0).
  if (
    word.text === 'so' &&
    next !== undefined &&
    (PRONOUN_SUBJECTS.has(next.text) || next.text === 'everyone' || next.text === 'everybody')
  )
    return true;
  return (
    word.text === 'and' &&
    next !== undefined &&
    (PRONOUN_SUBJECTS.has(next.text) ||
      next.text === 'to' ||
      // "It's Thursday morning and the reset is almost here": a time ends the clause before
      // a new subject (rules-2.11.0).
      // So does a clock time or its zone: "stream is tonight 6pm PT and the reset goes out
      // right after" (rules-2.13.95).
      (next.pos === 'DET' &&
        (TIME_NOUNS.test(words[index - 1]?.text ?? '') ||
          CLOCK_WORD.test(words[index - 1]?.text ?? ''))) ||
      // "the metering bug was still live and a reset would just get eaten again": a noun
      // phrase with an auxiliary of its own is a new subject (rules-2.13.27).
      (next.pos === 'DET' && subjectWithAuxiliary(words, index + 1)))
  );
}

/** A clock time's last word: "6pm", "18:00", "pt", "utc". */
const CLOCK_WORD =
  /^(?:\d{1,2}(?::\d\d)? ?(?:am|pm)|\d{1,2}:\d\d|am|pm|pt|pst|pdt|et|est|edt|ct|utc|gmt|cet|cest|bst|jst|ist)$/;

/** Does a noun phrase open at `from` (a determiner) and an auxiliary follow it? */
function subjectWithAuxiliary(words: readonly Word[], from: number): boolean {
  let at = from + 1;
  while (at < words.length && at <= from + 3 && NOUN_WORDS.has(words[at]!.pos)) at++;
  return at > from + 1 && words[at]?.pos === 'AUX';
}
const NOUN_WORDS = new Set(['ADJ', 'NOUN', 'PROPN']);

type Form = 'ing' | 'past' | 'present3' | 'base';

export function formOf(word: Word): Form {
  const { text, lemma } = word;
  if (/ing$/.test(text) && text !== 'thing') return 'ing';
  if (text === lemma) return 'base';
  if (text === `${lemma}s` || text === `${lemma}es`) return 'present3';
  return 'past';
}
