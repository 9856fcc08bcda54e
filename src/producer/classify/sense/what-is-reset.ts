import type { Word } from '../grammar.ts';
import { clauseOf, formOf } from './clause.ts';
import { inNounPhrase } from './noun-phrase.ts';
import { otherTeamBefore } from './verb-use.ts';
import {
  BE_PAST,
  BE_PRESENT,
  DAY_OF_MONTH,
  JOINING_SIGNS,
  MONTHS,
  NAMES,
  NEGATIVE_SUBJECTS,
  OUR_AGENTS,
  POSSESSIVES,
  READERS,
  RESET_OBJECTS,
  RIGHT_ADVERBS,
  TIME_ADJECTIVES,
  TIME_NOUNS,
  TIME_UNITS,
  WHOLE,
} from './word-classes.ts';
import { namesNothingReset, textOf } from './words.ts';

/**
 * What a verb "reset" resets, when that is not users' limits ("reset the leaderboard"), and
 * whose doing it is (sense.ts).
 */

/** A date at `at`: a month and a day, "nov 25", or a day and a month, "25 nov". */
const isDate = (words: readonly Word[], at: number) =>
  (MONTHS.test(words[at]!.text) && DAY_OF_MONTH.test(words[at + 1]?.text ?? '')) ||
  (DAY_OF_MONTH.test(words[at]!.text) && MONTHS.test(words[at + 1]?.text ?? ''));

/** What a verb "reset" resets, when that is not users' limits. */
type WhatIsReset =
  | { readonly kind: 'nothing' } // "We reset nothing today"
  | { readonly kind: 'own'; readonly text: string } // "I reset my own limits"
  | { readonly kind: 'other'; readonly text: string } // "We reset our dashboards"
  | { readonly kind: 'reader' } // "until you reset": the reader, not their limits
  | { readonly kind: 'agent'; readonly text: string };

/**
 * What a verb "reset" resets, read from its object (active: "we reset X") or, with no
 * object, its subject (a passive "X were reset", an intransitive "X reset at midnight"),
 * when that is not users' limits: nothing at all, the speaker's own, or something that
 * names nothing resets are of. Null otherwise (limits, who has them, a pronoun, a time).
 */
export function whatIsReset(
  words: readonly Word[],
  index: number,
  chainStart: number,
  clauseStart: number,
  end: number,
): WhatIsReset | null {
  // "we're resetting how we run incident reviews": a way of doing, not limits (rules-2.13.106).
  const how = words[index + 1];
  if (how !== undefined && how.text === 'how' && index + 2 < end)
    return { kind: 'other', text: textOf(words.slice(index + 1, Math.min(end, index + 6))) };
  const object: Word[] = [];
  // "the 5h and weekly limits": objects joined by "and" are one object (rules-2.10.0).
  const inObject = (at: number) =>
    inNounPhrase(words, at) ||
    (words[at]!.pos === 'CCONJ' &&
      at + 1 < end &&
      inNounPhrase(words, at + 1) &&
      !subjectOfItsOwn(words, at + 1, end)) ||
    // "the whole onboarding flow": an adverb the tagger gave "whole", a gerund before a
    // noun (rules-2.11.0).
    (at + 1 < end &&
      (WHOLE.has(words[at]!.text) ||
        (words[at]!.pos === 'VERB' &&
          /ing$/.test(words[at]!.text) &&
          words[at + 1]!.pos === 'NOUN')));
  for (let at = index + 1, limit = words[end]?.text === '"' ? end + 1 : end; at < limit; at++) {
    // "the \"days since last incident\" sign": a quotation inside the object is one of its
    // words, though its marks end the clause for the rest (rules-2.12.0).
    const closing = words[at]!.text === '"' ? quotationEnd(words, at) : -1;
    if (closing > at) {
      object.push(...words.slice(at, closing + 1));
      at = closing;
      if (at + 1 < words.length) limit = Math.max(limit, clauseOf(words, at + 1)[1]);
      continue;
    }
    // "the a/b experiment", "plus & pro limits": a sign between two words is inside the
    // object (rules-2.12.2).
    if (JOINING_SIGNS.has(words[at]!.text) && /[\p{L}\p{N}]/u.test(words[at + 1]?.text ?? '')) {
      object.push(words[at]!);
      continue;
    }
    // An emoji or a sign ends the object: "until you reset 🎃".
    if (!inObject(at) || !/[\p{L}\p{N}]/u.test(words[at]!.text)) break;
    if (TIME_NOUNS.test(words[at]!.text) || TIME_UNITS.test(words[at]!.text)) break;
    // "reset all usage limits nov 25 at 10am PT": a date ends the object (rules-2.13.73).
    if (isDate(words, at)) break;
    // "the leaderboard next week": a time's adjective.
    if (TIME_ADJECTIVES.has(words[at]!.text) && TIME_NOUNS.test(words[at + 1]?.text ?? '')) break;
    // "reset everyone's codex limits (9am PT)": a clock time ends the object (rules-2.13.84).
    if (
      /^\d{1,2}(?::\d\d)?(?:am|pm)$/.test(words[at]!.text) ||
      (/^\d{1,2}(?::\d\d)?$/.test(words[at]!.text) && /^(?:am|pm)$/.test(words[at + 1]?.text ?? ''))
    )
      break;
    // "limits ~20 min ago": a number of a time.
    if (words[at]!.pos === 'NUM' && TIME_UNITS.test(words[at + 1]?.text ?? '')) break;
    // "limits right now": an adverb the tagger took for a noun.
    if (words[at]!.text === 'right' && RIGHT_ADVERBS.has(words[at + 1]?.text ?? '')) break;
    object.push(words[at]!);
  }
  // "were reset" is passive; "are resetting" is not.
  const passive =
    formOf(words[index]!) !== 'ing' &&
    words
      .slice(chainStart, index)
      .some((word) => BE_PRESENT.has(word.text) || BE_PAST.has(word.text));
  if (!passive && object.length > 0) {
    const first = object[0]!.text;
    if (NEGATIVE_SUBJECTS.has(first) || first === 'no') return { kind: 'nothing' };
    if (first === 'my') return { kind: 'own', text: textOf(object) };
    // "someone on my team reset their own limits", "he reset his own limits": one person's
    // own, not users' (rules-2.13.103).
    if (
      object[1]?.text === 'own' &&
      (first === 'his' ||
        first === 'her' ||
        (first === 'their' &&
          words.slice(clauseStart, chainStart).some((word) => SOMEONE.has(word.text))))
    )
      return { kind: 'own', text: textOf(object) };
    // "the staging environment's quota counters": limits of something else (rules-2.10.0).
    const owned = object.findIndex((word) => word.text === "'s");
    const owner = object[owned - 1];
    if (
      owner !== undefined &&
      (owner.pos === 'NOUN' || owner.pos === 'PROPN') &&
      !RESET_OBJECTS.has(owner.lemma) &&
      !RESET_OBJECTS.has(owner.text)
    ) {
      return { kind: 'other', text: textOf(object.slice(0, owned + 1)) };
    }
    // "everyone's default model": what is owned is what is reset (rules-2.12.0).
    const possessed = owned >= 0 ? object.slice(owned + 1) : object;
    if (namesNothingReset(possessed)) return { kind: 'other', text: textOf(object) };
    // "the internal codex eval leaderboard": its head noun is what is reset, whatever names
    // before it (rules-2.12.0).
    const head = possessed.findLast((word) => word.pos === 'NOUN' || word.pos === 'PROPN');
    if (head !== undefined && namesNothingReset([head])) {
      return { kind: 'other', text: textOf(object) };
    }
    // "Gemini reset their quotas today": a noun for a subject, not one of ours, may be
    // someone else doing it (rules-2.12.0).
    // Only a subject of its own: not the last word of "every paid user of codex plus chatgpt
    // work" (rules-2.12.1).
    const agent = chainStart > clauseStart ? words[chainStart - 1]! : undefined;
    // "gemini cli reset everyone's quotas": a name of two words is one agent (rules-2.13.2).
    let named = chainStart - 1;
    while (
      named - 1 >= clauseStart &&
      named > chainStart - 3 &&
      NAMES.has(words[named - 1]!.pos) &&
      !OUR_AGENTS.has(words[named - 1]!.lemma) &&
      !RESET_OBJECTS.has(words[named - 1]!.lemma)
    )
      named--;
    const beforeAgent = named - 1 >= clauseStart ? words[named - 1] : undefined;
    if (
      agent !== undefined &&
      (beforeAgent === undefined || beforeAgent.pos === 'DET' || beforeAgent.pos === 'PUNCT') &&
      (agent.pos === 'NOUN' || agent.pos === 'PROPN') &&
      !agent.text.endsWith('ing') && // "Planning to reset limits…"
      // "fyi resetting codex limits at noon PT today": a word that opens a note (rules-2.13.76).
      !NOTE_OPENERS.has(agent.text) &&
      !OUR_AGENTS.has(agent.lemma) &&
      !RESET_OBJECTS.has(agent.lemma)
    )
      return { kind: 'agent', text: textOf(words.slice(named, chainStart)) };
    // "the Sora folks reset their generation limits": a team of ours by its word, but named
    // for another product (rules-2.13.3).
    const team = otherTeamBefore(words, chainStart, clauseStart);
    return team === null ? null : { kind: 'agent', text: team };
  }
  // No object: what is reset is the subject, the noun phrase before the verb group, when it
  // is one a determiner or a possessive opens ("Our metrics reset at midnight", "The
  // dashboards were reset"); not a pronoun ("we reset"), a time or an -ing form.
  let at = chainStart;
  while (at > clauseStart && inNounPhrase(words, at - 1) && !TIME_NOUNS.test(words[at - 1]!.text))
    at--;
  const subject = words.slice(at, chainStart);
  // "everyone caught in the retry storm has been reset": the noun phrase is a preposition's,
  // and the subject before it is people (rules-2.13.42).
  if (words[at - 1]?.pos === 'ADP') {
    let before = at - 2;
    if (words[before]?.pos === 'VERB' && formOf(words[before]!) === 'past') before--;
    if (PEOPLE_SUBJECTS.has(words[before]?.text ?? '')) return null;
  }
  // "everyone avoids you until you reset": the reader resets, as a person (rules-2.12.0).
  if (!passive && chainStart > clauseStart && READERS.has(words[chainStart - 1]!.text))
    return { kind: 'reader' };
  return otherSubject(subject) ? { kind: 'other', text: textOf(subject) } : null;
}

/**
 * A noun phrase opened by a determiner at `from` with a verb of its own after it: "(reset
 * everyone's usage limits and) the graphs look wild" is a clause, not more of the object
 * (rules-2.13.103).
 */
function subjectOfItsOwn(words: readonly Word[], from: number, end: number): boolean {
  if (words[from]!.pos !== 'DET') return false;
  let at = from + 1;
  while (at < end && at <= from + 3 && OWN_SUBJECT_WORDS.has(words[at]!.pos)) at++;
  const verb = words[at];
  return at > from + 1 && verb !== undefined && verb.pos === 'VERB' && formOf(verb) !== 'ing';
}
const OWN_SUBJECT_WORDS = new Set(['ADJ', 'NOUN', 'PROPN']);

/** One person, unnamed: "someone on my team", "a coworker". */
const SOMEONE = new Set(['someone', 'somebody', 'teammate', 'coworker', 'colleague', 'intern']);

/** Words that open a note, tagged nouns: "fyi", "psa", "btw" are not who resets. */
const NOTE_OPENERS = new Set(['fyi', 'psa', 'btw', 'update', 'reminder', 'note', 'tldr', 'ps']);

/** Subjects that are people: whose limits a passive reset is. */
const PEOPLE_SUBJECTS = new Set(['everyone', 'everybody', 'anyone', 'users', 'accounts', 'all']);

/** The closing quotation mark of the one at `at`, seven words on at most, or -1. */
function quotationEnd(words: readonly Word[], at: number): number {
  for (let close = at + 1; close < Math.min(words.length, at + 8); close++) {
    if (words[close]!.text === '"') return close;
  }
  return -1;
}

/**
 * A subject that names something else than what resets are of, opened by a determiner or a
 * possessive ("Our metrics", "The dashboards"); not a pronoun, nor an -ing form.
 */
export function otherSubject(subject: readonly Word[]): boolean {
  const opener = subject[0];
  if (opener === undefined) return false;
  // "Benchmark numbers got reset": a bare plural of nouns is a subject too (rules-2.10.0);
  // so is a compound with no determiner, "sleep schedule finally reset" (rules-2.11.0).
  // "Staging DB gets wiped": a name in the compound too (rules-2.13.3).
  const barePlural =
    subject.length >= 2 &&
    subject.every((word) => word.pos === 'NOUN' || word.pos === 'ADJ' || word.pos === 'PROPN') &&
    subject.at(-1)!.pos === 'NOUN' &&
    (subject.at(-1)!.text.endsWith('s') || subject.filter((w) => w.pos === 'NOUN').length >= 2);
  if (!(opener.pos === 'DET' || POSSESSIVES.has(opener.text) || barePlural)) return false;
  // Not an -ing form at its head; "staging db" is a db (rules-2.13.3).
  if (subject.at(-1)!.pos === 'NOUN' && subject.at(-1)!.text.endsWith('ing')) return false;
  return namesNothingReset(subject);
}
