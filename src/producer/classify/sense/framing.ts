import type { Word } from '../grammar.ts';
import { clauseOf, formOf } from './clause.ts';
import { inNounPhrase } from './noun-phrase.ts';
import { chainBefore } from './verb-group.ts';
import {
  FIRST_PERSON,
  FUTURE_TIME,
  GERUND_TOPICS,
  NEGATIVE_SUBJECTS,
  NEGATORS,
  OBJECT_PRONOUNS,
  OBJECT_TAGS,
  REPORT_VERBS,
  RESULT_DEGREE,
  TOPIC_PREPOSITIONS,
  WH_WORDS,
} from './word-classes.ts';
import { isAux, isFiller, isTopicNoun, textOf } from './words.ts';

/**
 * What frames a reset: a clause it is embedded in ("people are saying we reset…", "I think"),
 * a cause, an offer, a negative subject (sense.ts).
 */

/**
 * The phrase a reset is inside of, when it is the object of another word and not the
 * announcement: a clause after a verb or its object opened by a wh-word ("Codex now shows
 * when your limits reset", "we'll tell you when we reset"), or an -ing form after a noun
 * after a preposition ("a fix for limits resetting early"). A clause that opens the
 * sentence ("When we reset limits tomorrow, …") is a time, read as before. Null otherwise.
 */
export function embeddedIn(
  words: readonly Word[],
  index: number,
  start: number,
  verbUse: boolean,
): string | null {
  // Back over the reset's subject or noun phrase (and any auxiliaries) to what opens it.
  let at = index - 1;
  while (
    at >= start &&
    !WH_WORDS.has(words[at]!.text) &&
    (isAux(words[at]!) ||
      isFiller(words[at]!) ||
      inNounPhrase(words, at) ||
      // "your 5h and weekly limits": nouns joined by "and" (rules-2.10.0).
      (words[at]!.pos === 'CCONJ' && at > start && inNounPhrase(words, at - 1)))
  )
    at--;
  const opener = words[at];
  const text = (from: number) =>
    words
      .slice(from, index + 1)
      .map((word) => word.text)
      .join(' ');
  if (opener === undefined || at < start) return null;
  // "When we actually reset limits, I post about it": a bare "reset" in a "when" clause that
  // opens the sentence, with no time ahead, is a habit (rules-2.13.3); "When we reset limits
  // tomorrow, …" is a time.
  if (
    at === 0 &&
    /^when(?:ever)?$/.test(opener.text) &&
    verbUse &&
    !/(?:ing|ed)$/.test(words[index]!.text) &&
    !words.slice(at, index).some((w) => w.pos === 'AUX') &&
    !FUTURE_TIME.test(textOf(words))
  )
    return text(at);
  if (WH_WORDS.has(opener.text)) {
    // "shows exactly when your limits reset": adverbs between the verb and the wh-word.
    let verbAt = at - 1;
    while (verbAt > start && words[verbAt]!.pos === 'ADV') verbAt--;
    const before = words[verbAt];
    if (
      verbAt >= start &&
      before !== undefined &&
      (before.pos === 'VERB' || before.pos === 'PRON')
    ) {
      return text(at);
    }
    // "Asked the team whether we should reset limits": the verb's object stands between
    // (rules-2.11.0).
    let objectAt = verbAt;
    while (objectAt > start && verbAt - objectAt < 3 && OBJECT_TAGS.has(words[objectAt]!.pos))
      objectAt--;
    if (objectAt < verbAt && words[objectAt]!.pos === 'VERB') return text(at);
    return null;
  }
  // "a screenshot of me promising a reset tonight": a gerund with its own subject after a
  // preposition is what the noun before shows, not an event (rules-2.11.0).
  // (The tagger may take the -ing word for an adjective of the reset's noun phrase.)
  for (let k = index - 1; k >= Math.max(start + 2, index - 4); k--) {
    if (
      /ing$/.test(words[k]!.text) &&
      OBJECT_PRONOUNS.has(words[k - 1]!.text) &&
      words[k - 2]!.pos === 'ADP'
    )
      return text(k - 2);
  }
  // "Congrats to the team on resetting their users' quotas", "thoughts on resetting": a
  // gerund right after a preposition names an activity (rules-2.10.0).
  const preposition = words[index - 1];
  if (
    verbUse &&
    formOf(words[index]!) === 'ing' &&
    index - 1 >= start &&
    preposition !== undefined &&
    preposition.pos === 'ADP' &&
    (GERUND_TOPICS.has(preposition.text) ||
      // "the idea of resetting", not "the cautious decision of resetting the limits".
      (preposition.text === 'of' &&
        words[index - 2] !== undefined &&
        isTopicNoun(words[index - 2]!)))
  ) {
    return text(index - 1);
  }
  if (
    verbUse &&
    formOf(words[index]!) === 'ing' &&
    at < index - 1 &&
    TOPIC_PREPOSITIONS.has(opener.text) &&
    opener.pos === 'ADP' &&
    // "by end of day we're resetting": a subject and its auxiliary make a clause of its own,
    // not an -ing form after a noun (rules-2.13.0).
    !words.slice(at + 1, index).some((word) => isAux(word) && word.pos === 'AUX')
  ) {
    return text(at);
  }
  return null;
}

/**
 * Verbs of belief whose complement clause holds the reset: "I don't think we'll reset",
 * "I doubt we reset this week" (denied), "I think we'll reset tomorrow" (hedged).
 */
const BELIEF_VERBS = new Set(['think', 'believe', 'suppose', 'imagine', 'reckon', 'doubt']);

interface Framing {
  readonly kind: 'denied' | 'hedged' | 'reported';
  readonly verb: string;
}

/**
 * A verb of belief or saying before the reset's phrase, in its clause or the one a "that"
 * continues: a belief is 'denied' when negated or "doubt", 'hedged' otherwise; a verb of
 * saying whose subject is not the announcer reports what others say. Null when there is none.
 */
export function framingBefore(
  words: readonly Word[],
  clauseStart: number,
  phraseStart: number,
): Framing | null {
  let from = clauseStart;
  if (from >= 2 && words[from - 1]!.text === 'that') from = clauseOf(words, from - 2)[0];
  for (let at = phraseStart - 1; at >= from; at--) {
    const word = words[at]!;
    if (word.pos !== 'VERB') continue;
    const chainStart = chainBefore(words, at, from);
    if (BELIEF_VERBS.has(word.lemma)) {
      const denied =
        word.lemma === 'doubt' || words.slice(chainStart, at).some((w) => NEGATORS.has(w.text));
      return { kind: denied ? 'denied' : 'hedged', verb: word.text };
    }
    // "there are enough reports that we reset": a noun of result the tagger took for a verb
    // (rules-2.13.1).
    if (REPORT_VERBS.has(word.lemma) && !RESULT_DEGREE.has(words[at - 1]?.text ?? '')) {
      // "It goes without saying that we're resetting": the announcer's own assertion.
      if (words.slice(chainStart, at).some((w) => w.text === 'without')) return null;
      const subject = words[chainStart - 1];
      if (chainStart > from && subject !== undefined && FIRST_PERSON.has(subject.text)) return null;
      // "We are pleased to announce …": ours, across the adjective before "to" (rules-2.13.4).
      if (
        words[chainStart]?.text === 'to' &&
        words.slice(from, chainStart).some((w) => FIRST_PERSON.has(w.text))
      )
        return null;
      // "to say thanks we're resetting everyone's limits": an infinitive of purpose before
      // the announcer's own clause (rules-2.13.42).
      if (
        words[chainStart]?.text === 'to' &&
        words.slice(at + 1, phraseStart).some((w) => FIRST_PERSON.has(w.text))
      )
        return null;
      return { kind: 'reported', verb: word.text };
    }
  }
  return null;
}

/**
 * "let admins reset", "help teams reset": a verb of letting, then someone other than the
 * speaker, right before a bare "reset". Returns those words, or null.
 */
export function causedBy(
  words: readonly Word[],
  phraseStart: number,
  start: number,
): string | null {
  // The tagger may join "admins reset" into one noun phrase: `phraseStart` is then the
  // reset itself, and the nouns before it are who is let reset.
  let at = phraseStart - 1;
  while (at > start && ['NOUN', 'PROPN', 'ADJ', 'DET'].includes(words[at]!.pos)) at--;
  const verb = words[at];
  if (at === phraseStart - 1 || verb === undefined || !LETTING_VERBS.has(verb.lemma)) return null;
  if (!words.slice(at + 1, phraseStart).some((word) => word.pos === 'NOUN' || word.pos === 'PROPN'))
    return null;
  return textOf(words.slice(at, phraseStart));
}
const LETTING_VERBS = new Set(['let', 'help', 'enable']);

/** "let me", "let us", "let's" in the clause before the reset's phrase. */
export function offeredBefore(words: readonly Word[], start: number, phraseStart: number): boolean {
  for (let at = start; at < phraseStart - 1; at++) {
    if (words[at]!.text === 'let' && ['me', 'us', "'s"].includes(words[at + 1]!.text)) return true;
  }
  return false;
}

/** Does the clause open with a negative subject ("nobody", "no one")? */
export function negativeSubject(words: readonly Word[], clauseStart: number): boolean {
  let at = clauseStart;
  while (at < words.length && isFiller(words[at]!)) at++;
  const first = words[at]?.text;
  return (
    first !== undefined &&
    (NEGATIVE_SUBJECTS.has(first) || (first === 'no' && words[at + 1]?.text === 'one'))
  );
}
