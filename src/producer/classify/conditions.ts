import type { Word } from './grammar.ts';

/**
 * A reset that depends on something is not an announcement of one (rules-2.2.0, new set
 * 2): one side of an alternative ("each day we'll either ship an improvement or ship a full
 * reset"), or the consequence of a condition not yet met ("the day we reach perfection it
 * will be resets", "if we hit 10M users we'll reset"). Read from the parsed sentence: the
 * coordinator "or" that opens the reset's own phrase or follows it, "either" before its verb
 * group, and a subordinator followed by a subject and a verb in the present (a future event:
 * "the day we reach…", not a past one: "the day we launched…"). Words here are closed
 * classes of English (coordinators, subordinators), no phrase of a post.
 */

/** What a condition or an alternative makes of the reset; null when there is none. */
export interface Contingency {
  /**
   * hypothetical: "if", "unless", "the day we…": nothing says it will happen, not announced.
   * awaited: "once", "as soon as": the event is expected, its time is not: held.
   * alternative: "either … or", "… or a reset": one outcome among others: held.
   */
  readonly kind: 'hypothetical' | 'awaited' | 'alternative';
  /** The words that made it one, for the reasons shown to the operator. */
  readonly cue: string;
}

/** Nouns of time that head a condition when a clause follows: "the day we reach…". */
const TIME_HEADS = new Set(['day', 'moment', 'minute', 'second', 'time', 'week', 'month']);
/** The words that open a condition: "if", "unless". */
export const HYPOTHETICAL = new Set(['if', 'unless']);
/** What makes a reset after an "if" a promise on it: "…, I will personally reset". */
const FUTURE_MARKS = new Set(['will', "'ll", 'would', "'d", 'gonna']);
/** Subjects whose verb the tagger reads well: a condition with one is found by its verb. */
const PRONOUNS = new Set(['you', 'we', 'i', 'they', 'he', 'she', 'it', 'anyone', 'everyone']);
/** Times after a subject and its verb, not part of the subject: "if gpt-6 ships today". */
const TIME_WORDS = new Set(['today', 'tonight', 'tomorrow', 'now', 'soon', 'later']);
const AWAITED = new Set(['once']);
/** Verbs of a release expected to happen: "the second it ships". */
const EVENT_VERBS = new Set([
  'ship',
  'land',
  'launch',
  'deploy',
  'release',
  'drop',
  'go',
  // "the moment it flips on" (rules-2.13.55).
  'flip',
  'switch',
]);
/** Words of a day: the condition's event has a date. */
const DAY_WORDS = /^(?:today|tonight|tomorrow|(?:mon|tues|wednes|thurs|fri|satur|sun)day)$/;
/** After "or", an alternative of times or amounts, not of events: "tonight or tomorrow". */
const NOT_AN_ALTERNATIVE =
  /^(?:so|two|more|less|later|sooner|earlier|today|tonight|tomorrow|morning|afternoon|evening|night|week|weekend|(?:mon|tues|wednes|thurs|fri|satur|sun)day|\d.*)$/;
/** A verb in the present is a future event in a condition; a modal or a past is not one. */
const NOT_PRESENT = new Set(['will', "'ll", 'would', "'d", 'could', 'might', 'should', 'was']);
/** Adverbs said between a condition's subject and its verb: "if codex ever writes". */
const SKIPPED_ADVERBS = new Set([
  'ever',
  'really',
  'actually',
  'finally',
  'somehow',
  'also',
  'truly',
]);
const SUBJECT_PRONOUNS = new Set(['we', 'i', 'you', 'they', 'it', 'he', 'she', 'this', 'that']);

/**
 * The contingency of the reset at `index` in `words` (one sentence). `phraseStart` is where
 * the reset's own phrase starts (its verb group, or its noun phrase with its governing
 * verb's group); [clauseStart, clauseEnd) is its clause.
 */
export function contingencyOf(
  words: readonly Word[],
  index: number,
  phraseStart: number,
  clauseStart: number,
  clauseEnd: number,
  /** A done reset depends on no condition ("we have reset limits, if you still see issues…"). */
  done: boolean,
): Contingency | null {
  const alternative = alternativeOf(words, index, phraseStart, clauseStart, clauseEnd);
  if (alternative !== null) return { kind: 'alternative', cue: alternative };
  const imperative = imperativeBefore(words, index);
  if (imperative !== null) return { kind: 'awaited', cue: imperative };
  return done ? null : conditionOf(words, clauseStart, clauseEnd, index);
}

function alternativeOf(
  words: readonly Word[],
  index: number,
  phraseStart: number,
  clauseStart: number,
  clauseEnd: number,
): string | null {
  const text = (at: number) => words[at]?.text ?? '';
  // "… or ship a full reset", "four updates or a reset", "or reset everyone's limits": the
  // reset's own phrase is the second side. A noun or an adjective after "or" is a modifier
  // of the reset ("pro or plus reset"), not a phrase of its own.
  const opener = words[phraseStart];
  if (
    phraseStart > clauseStart &&
    text(phraseStart - 1) === 'or' &&
    opener !== undefined &&
    (opener.pos === 'DET' || opener.pos === 'VERB' || opener.pos === 'AUX' || phraseStart === index)
  )
    return `or ${opener.text}`;
  // "… or reset the limits", "… or a full reset": the reset, or its noun phrase, right
  // after "or" (the tagger may not see the verb before it).
  let np = index;
  while (np > clauseStart && NOUN_PHRASE_OPENERS.has(words[np - 1]!.pos)) np--;
  if (np > clauseStart && text(np - 1) === 'or') return `or ${text(np)}`;
  // "a reset or an improvement": the reset is the first side.
  if (text(index + 1) === 'or' && isEventAfter(words[index + 2])) return `${text(index)} or`;
  // "we'll either reset limits or give everyone a banked reset": "either" before the reset
  // and an event after "or" (not "reset either tonight or tomorrow": times).
  for (let at = clauseStart; at < index; at++) {
    if (text(at) !== 'either') continue;
    for (let or = at + 1; or < clauseEnd; or++) {
      if (text(or) === 'or' && isEventAfter(words[or + 1])) return 'either … or';
    }
  }
  return null;
}

/**
 * "Get us to 1M users and we'll reset limits", "hit 2M weekly devs and we reset everyone.
 * deal?": an imperative, then "and we" before the reset, is a condition said as an order
 * (rules-2.11.0). Held, not dropped: "hit" is also a past, and a diary says "shipped it and
 * we reset". Its words, or null.
 */
function imperativeBefore(words: readonly Word[], index: number): string | null {
  const first = words[0];
  if (first === undefined || first.pos !== 'VERB' || first.text !== first.lemma) return null;
  if (/^re-?set/.test(first.text)) return null;
  for (let at = 1; at < index - 1; at++) {
    if (words[at]!.text !== 'and') continue;
    if (!['we', 'i', "we'll", "i'll"].includes(words[at + 1]!.text)) continue;
    return words
      .slice(0, at + 1)
      .map((word) => word.text)
      .join(' ');
  }
  return null;
}

/** Words that open a noun phrase before its noun: "or a full reset", "or your reset". */
const NOUN_PHRASE_OPENERS = new Set(['DET', 'ADJ', 'NUM', 'PRON']);

const isEventAfter = (word: Word | undefined) =>
  word !== undefined &&
  word.pos !== 'NUM' &&
  word.pos !== 'PUNCT' &&
  !NOT_AN_ALTERNATIVE.test(word.text);

/**
 * A subordinator with a subject and a present verb after it, opening the sentence ("if we
 * hit 10M, we'll…", "the day we reach…") or inside the reset's clause ("we'll reset once the
 * fix lands"); in another clause it conditions another verb ("we'll reset tonight, and it's
 * annoying when things break"). "In the day we…", "later in the day…" are times, not
 * conditions: a time noun after a preposition does not open one.
 */
function conditionOf(
  words: readonly Word[],
  clauseStart: number,
  clauseEnd: number,
  resetAt: number,
): Contingency | null {
  for (let at = 0; at < words.length; at++) {
    const word = words[at]!;
    let kind: Contingency['kind'] | null = null;
    let subject = at + 1;
    if (HYPOTHETICAL.has(word.text)) kind = 'hypothetical';
    else if (AWAITED.has(word.text)) kind = 'awaited';
    // "when the fix lands, we'll reset": awaited. "when I'm back", "when I land" are the
    // author's own times, vague cues of the window table (schedule-time.ts), not events.
    else if (word.text === 'when' && !/^i(?:'m)?$/.test(words[at + 1]?.text ?? ''))
      kind = 'awaited';
    else if (word.text === 'as' && words[at + 1]?.text === 'soon' && words[at + 2]?.text === 'as') {
      kind = 'awaited';
      subject = at + 3;
    } else if (
      TIME_HEADS.has(word.text) &&
      words[at - 1]?.text === 'the' &&
      (at < 2 || (words[at - 2]!.pos !== 'ADP' && words[at - 2]!.pos !== 'VERB'))
    ) {
      kind = 'hypothetical';
      if (words[subject]?.text === 'that' || words[subject]?.text === 'when') subject++;
      // "the moment the launch goes out on monday": an event with its day is awaited, not
      // supposed (rules-2.13.1).
      if (words.slice(subject, clauseEnd).some((w) => DAY_WORDS.test(w.text))) kind = 'awaited';
    }
    if (kind === null) continue;
    // The marker opens the sentence ("the day" at its start counts), or is in the clause; or
    // it opens what a colon introduces ("here's the deal: the second it ships, …"),
    // rules-2.13.5.
    // "and when it lands, every plan gets …": after "and", "so", "then", still the sentence's
    // opening (rules-2.13.68).
    const atStart =
      at === 0 || (at === 1 && ['the', 'and', 'so', 'then', 'but'].includes(words[0]!.text));
    const head = words[at - 1]?.text === 'the' ? at - 1 : at;
    const afterColon = !atStart && words[head - 1]?.text === ':';
    const inClause = at >= clauseStart && at < clauseEnd;
    if (!atStart && !afterColon && !inClause) continue;
    const found = presentVerbAfterSubject(words, subject) ?? presentVerbAfterPhrase(words, subject);
    // "If Codex cloud hits 1M tasks … I will personally reset everyone's limits": an "if"
    // opening the sentence, the reset after it, its verb mistagged (rules-2.13.21).
    // Not "if you used one during the affected window, you're being given…", nor "if you got
    // hit by the outage: …": those it speaks to, whose verb is past.
    const verb =
      found === null &&
      kind === 'hypothetical' &&
      atStart &&
      word.text === 'if' &&
      resetAt > at + 2 &&
      !PRONOUNS.has(words[at + 1]!.text) &&
      !words.slice(at, resetAt).some((w) => w.text === ':') &&
      words.slice(Math.max(at, resetAt - 3), resetAt).some((w) => FUTURE_MARKS.has(w.text))
        ? Math.min(at + 2, resetAt - 1)
        : found;
    // "When we reset limits tomorrow, …": the condition's verb is the reset itself, a time.
    if (verb === null || verb === resetAt) continue;
    // "the second it ships": a launch, a fix going out, is awaited, not supposed
    // (rules-2.13.5); "the day we reach perfection" is.
    if (kind === 'hypothetical' && TIME_HEADS.has(word.text) && EVENT_VERBS.has(words[verb]!.lemma))
      kind = 'awaited';
    // After a colon, only such an awaited event counts: a supposition there may be another
    // clause's.
    if (afterColon && !inClause && kind === 'hypothetical') continue;
    const cue = words
      .slice(words[at - 1]?.text === 'the' && TIME_HEADS.has(word.text) ? at - 1 : at, verb + 1)
      .map((w) => w.text)
      .join(' ');
    return { kind, cue };
  }
  return null;
}

/**
 * "when an incident on our side burns your usage": a longer subject, with a preposition in
 * it, then a present -s verb within seven words (rules-2.10.0). Its index, or null.
 */
function presentVerbAfterPhrase(words: readonly Word[], from: number): number | null {
  if (words[from]?.pos !== 'DET') return null;
  for (let at = from + 1; at < Math.min(words.length, from + 7); at++) {
    const word = words[at]!;
    if (word.pos === 'VERB' || word.pos === 'AUX') {
      const present3 = word.text !== word.lemma && /s$/.test(word.text);
      return present3 ? at : null;
    }
    // "… on our side burns your usage": an -s word the tagger took for a noun, before an object.
    const next = words[at + 1];
    if (
      word.pos === 'NOUN' &&
      word.text !== word.lemma &&
      /s$/.test(word.text) &&
      (next?.pos === 'PRON' || next?.pos === 'DET')
    )
      return at;
    if (!['NOUN', 'PROPN', 'ADJ', 'ADP', 'DET', 'PRON', 'NUM'].includes(word.pos)) return null;
  }
  return null;
}

/** The index of a present verb right after a subject starting at `from`, or null. */
function presentVerbAfterSubject(words: readonly Word[], from: number): number | null {
  let at = from;
  const first = words[at];
  if (first === undefined) return null;
  if (SUBJECT_PRONOUNS.has(first.text) || first.pos === 'PRON') at++;
  else {
    // "the fix", "our new model", "codex": a short noun phrase. After a determiner the next
    // word is its noun whatever its tag ("the fix" is often tagged a verb).
    if (first.pos === 'DET') at += 2;
    // A time ends the run: "if gpt-6 ships today" (rules-2.10.0).
    while (
      at < from + 4 &&
      ['ADJ', 'NOUN', 'PROPN', 'NUM'].includes(words[at]?.pos ?? '') &&
      !TIME_WORDS.has(words[at]!.text)
    ) {
      // "the day codex hits 1M stars": a present -s form, tagged a noun, with a number or a
      // determiner after it, is the verb with its object (rules-2.13.53).
      const word = words[at]!;
      const after = words[at + 1]?.pos;
      if (
        at > from &&
        word.text !== word.lemma &&
        /s$/.test(word.text) &&
        (after === 'NUM' || after === 'DET')
      )
        return at;
      at++;
    }
    if (at === from) return null;
    // "the fix lands", "the new model ships": the tagger may read the verb as a plural
    // noun; a present -s form that ends the run, with no verb after it, is the verb.
    const last = words[at - 1]!;
    const next = words[at];
    const verbAfter = next !== undefined && (next.pos === 'VERB' || next.pos === 'AUX');
    if (!verbAfter && at - 1 > from && last.text !== last.lemma && /s$/.test(last.text))
      return at - 1;
    // "the moment the new models ship": a plural noun and a release's verb in its base form,
    // tagged a compound (rules-2.13.53).
    if (
      !verbAfter &&
      at - 1 > from &&
      EVENT_VERBS.has(last.text) &&
      /s$/.test(words[at - 2]?.text ?? '')
    )
      return at - 1;
  }
  // "if codex ever writes a bug-free PR": an adverb between the subject and its verb
  // (rules-2.13.54).
  while (SKIPPED_ADVERBS.has(words[at]?.text ?? '') && words[at]!.pos === 'ADV') at++;
  const verb = words[at];
  if (verb === undefined || NOT_PRESENT.has(verb.text)) return null;
  if (verb.pos === 'AUX')
    return /^(?:is|are|am|'s|'re|'m|do|does|has|have|'ve)$/.test(verb.text) ? at : null;
  if (verb.pos !== 'VERB') return null;
  // A past form is a past event ("the day we launched"); base and -s forms are present.
  const past = verb.text !== verb.lemma && !/s$/.test(verb.text) && !/ing$/.test(verb.text);
  return past ? null : at;
}
