import type { Word } from '../grammar.ts';
import { formOf } from './clause.ts';
import { inNounPhrase } from './noun-phrase.ts';
import { CONTACT_SUBJECTS, NEGATORS, RELATIVE } from './word-classes.ts';
import { isArrival, isArrivalForm, isAux, isFiller, isPredicateWord, isReset } from './words.ts';

/**
 * The predicate of a noun "reset": the main verb after it in its clause ("the reset has been
 * processed", "reset will land"), past relative and contact clauses (sense.ts).
 */

/** The main verb after a noun "reset" in its clause ("reset has been processed"), or null. */
export function predicateAfter(words: readonly Word[], index: number, end: number): number | null {
  // "global reset it is": the reset chosen, not done (rules-2.10.0).
  if (words[index + 1]?.text === 'it' && /^(?:is|'s)$/.test(words[index + 2]?.text ?? '')) {
    if (index + 3 >= end || words[index + 3]!.pos === 'PUNCT') return null;
  }
  // "the reset you've been asking about is scheduled": a relative clause with no "that".
  let at = contactClauseEnd(words, index, end) ?? index + 1;
  // The rest of the noun phrase: "reset for all paid users", "reset of your limits".
  while (at < end) {
    const word = words[at]!;
    // "LIMITS RESET FOR EVERYONE 🔥🔥 GO GO GO": an emoji ends the phrase (rules-2.10.0).
    if (word.pos === 'SYM' && !/^[+&/%$]$/.test(word.text)) return null;
    if (isAux(word)) break;
    if (isPredicateWord(word)) {
      // "the reset planned for today is postponed" (see reducedRelativeEnd).
      at = reducedRelativeEnd(words, at, end) ?? at;
      break;
    }
    // "a reset and a quick update on issues that have been posted": another noun's verb.
    if (RELATIVE.has(word.text) || (word.text === 'and' && words[at + 1]?.pos === 'DET'))
      return null;
    // "no decision on any reset until we understand …": a clause with a subject of its own
    // after the noun; its verb is not the reset's (rules-2.13.0).
    // "limits reset later today once the fix is fully out": nor after a determiner, "the fix"
    // is its subject (rules-2.13.96).
    if (
      SUBORDINATORS.has(word.text) &&
      (CONTACT_SUBJECTS.has(words[at + 1]?.text ?? '') || words[at + 1]?.pos === 'DET')
    )
      return null;
    // "the reset moves from today to monday": its verb, which the tagger takes for a noun
    // (rules-2.13.105).
    if (word.text === 'moves' && /^(?:from|to)$/.test(words[at + 1]?.text ?? '')) return at;
    if (inNounPhrase(words, at) || word.pos === 'ADP' || word.pos === 'CCONJ' || isFiller(word)) {
      at++;
      continue;
    }
    // "reset for all plans using Codex": an -ing verb after a plural noun modifies it.
    if (
      word.pos === 'VERB' &&
      formOf(word) === 'ing' &&
      !isArrival(word) &&
      words[at - 1]?.pos === 'NOUN' &&
      words[at - 1]!.text.endsWith('s') &&
      at - 1 > index
    )
      return null;
    // "a full reset of usage limits for everyone affected": "affected" (impacted, hit …) after
    // "everyone" (anyone, users …) is part of the noun phrase, whom it is for, not the reset's
    // predicate: "the reset for everyone hit by tuesday's outage went out" (rules-2.13.89).
    if (
      word.pos === 'VERB' &&
      WHO_IT_HIT.test(word.text) &&
      WHO_BEFORE_A_PARTICIPLE.has(words[at - 1]?.text ?? '') &&
      at - 1 > index
    ) {
      at++;
      continue;
    }
    // "reset weekly usage for every account to make up for it": "to" and a verb after
    // another noun is an infinitive of purpose, not the reset's predicate (rules-2.13.40).
    // (Not "back up to full", "your config to defaults": where it is reset to, mistagged.)
    if (
      word.pos === 'VERB' &&
      formOf(word) === 'base' &&
      !RESET_TO.has(word.text) &&
      words[at - 1]?.text === 'to' &&
      words[at - 2]?.pos === 'NOUN'
    )
      return null;
    if (word.pos === 'VERB' || isArrivalForm(word)) {
      // "the reset planned for today is postponed": a participle that opens a reduced
      // relative clause; the verb of the clause is the auxiliary after it (rules-2.10.0).
      const laterAux = reducedRelativeEnd(words, at, end);
      if (laterAux === null) break;
      at = laterAux;
      break;
    }
    return null;
  }
  if (at >= end) return null;
  // The verb group from there: auxiliaries, then the main verb or a predicate word; "will be
  // there by 8pm" has no main verb: its last auxiliary stands for it.
  let lastAux: number | null = null;
  while (at < end && (isAux(words[at]!) || isFiller(words[at]!) || NEGATORS.has(words[at]!.text))) {
    if (isPredicateWord(words[at]!) && !isAux(words[at]!)) return at;
    if (isAux(words[at]!)) lastAux = at;
    at++;
  }
  const word = words[at];
  if (word !== undefined && (word.pos === 'VERB' || isPredicateWord(word) || isArrival(word)))
    return at;
  return lastAux;
}

/**
 * "the reset you've been asking about is scheduled": a pronoun subject right after the noun
 * opens a relative clause with no "that"; the clause's verb is the auxiliary after that
 * clause's own verb. Its index, or null.
 */
function contactClauseEnd(words: readonly Word[], index: number, end: number): number | null {
  const subject = words[index + 1];
  if (subject === undefined || !CONTACT_SUBJECTS.has(subject.text)) return null;
  let verb = index + 2;
  while (verb < end && (isAux(words[verb]!) || isFiller(words[verb]!))) verb++;
  if (verb >= end || words[verb]!.pos !== 'VERB') return null;
  for (let at = verb + 1; at < end; at++) {
    const word = words[at]!;
    if (isAux(word)) return at;
    // "the banked reset we promised after last week's incident just went out": a finite
    // verb after the clause's own words is the noun's (rules-2.13.0); not "promised to do".
    // Right after it too when it arrives: "the free tier reset we promised went out last
    // night" (rules-2.13.105).
    if (
      (word.pos === 'VERB' || isArrival(word)) &&
      (at > verb + 1 || isArrival(word) || word.lemma === 'go') &&
      (formOf(word) === 'past' || formOf(word) === 'present3') &&
      words[at - 1]!.text !== 'to'
    )
      return at;
    if (word.pos === 'VERB' || RELATIVE.has(word.text) || word.pos === 'PUNCT') return null;
  }
  return null;
}
/** Words that open a clause of time or condition: "until we understand", "once we know". */
const SUBORDINATORS = new Set(['until', 'till', 'til', 'unless', 'once', 'if', 'before', 'after']);

/**
 * A past participle right after a noun, with no auxiliary, opening a reduced relative clause
 * ("the reset planned for today is postponed"): the index of the auxiliary that follows its
 * phrase, or null when no auxiliary does ("the reset planned for today": the participle is
 * the predicate).
 */
function reducedRelativeEnd(words: readonly Word[], at: number, end: number): number | null {
  if (formOf(words[at]!) !== 'past' || isReset(words[at]!)) return null;
  for (let next = at + 1; next < end; next++) {
    const word = words[next]!;
    if (isAux(word) && word.text !== 'been' && word.text !== 'being') return next;
    // "reset for everyone affected goes out monday": a finite verb after the participle's
    // phrase is the noun's (rules-2.13.55).
    if (
      (word.pos === 'VERB' || isArrival(word)) &&
      formOf(word) === 'present3' &&
      words[next - 1]?.text !== 'to'
    )
      return next;
    if (word.pos === 'VERB' || RELATIVE.has(word.text)) return null;
  }
  return null;
}

/** Where usage is reset to, which the tagger may take for a verb after "to". */
const RESET_TO = new Set(['full', 'zero', 'normal', 'default', 'baseline']);

/** What happened to whom a reset is for: "affected", "impacted", "double-billed". */
const WHO_IT_HIT =
  /^(?:affected|impacted|hit|caught|blocked|locked|charged|billed|double-billed|overcharged|throttled|limited|rate-limited)$/;
/** Who a participle after them names: "everyone affected", "users impacted". */
const WHO_BEFORE_A_PARTICIPLE = new Set([
  'everyone',
  'everybody',
  'anyone',
  'anybody',
  'users',
  'accounts',
  'folks',
  'people',
]);
