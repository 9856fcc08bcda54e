import { contingencyOf } from './conditions.ts';
import type { Word } from './grammar.ts';

/**
 * What a sentence says of the reset it mentions, read from its grammar (docs/classifier.md,
 * "Tense"): the verb group that governs the word "reset" (its auxiliaries and the form of
 * its verb), negation inside that group, and the kind of verb that takes a reset as its
 * object ("we did a reset", "I promised a reset"). Word lists here are closed classes of
 * English (auxiliaries, negators, adverbs of time) and a few verb classes, not phrases
 * copied from posts: any verb in "has been processed" or "will land" is read by its form.
 */

/** done: it happened; ongoing: it is happening; coming: it will; none: no verb says. */
export type Tense = 'done' | 'ongoing' | 'coming' | 'none';

export interface MentionReading {
  readonly tense: Tense;
  /** The words of the verb group that decided (for the reasons shown to the operator). */
  readonly cue: string;
  readonly negated: boolean;
  /** might, could, would, hope to, want to: not a firm announcement. */
  readonly hedged: boolean;
  /** Something else than an announcement: a past reset ("had reset", "last week"), a habit, an ability. */
  readonly notAnnouncing: string | null;
  /** The reset is the subject or object of no verb ("Another reset for everyone."). */
  readonly nominal: boolean;
  /** The clause the mention is in. */
  readonly clause: string;
  /** "reset button": the word names a thing, the reset only through it. */
  readonly modifier: boolean;
  /** What the reset depends on ("either … or", "once we ship"): why it is hedged (conditions.ts). */
  readonly dependsOn: string | null;
  /** Why an announcement is not firm other than hedging: "I think …", the object of "own". */
  readonly doubt: string | null;
  /**
   * "duolingo streak reset", "leaderboard resets": a noun right before a noun "reset" that
   * names nothing resets are of (not a time: "monday reset"); null otherwise. With no limits
   * named in the post, a time alone does not make such a reset firm (rules-2.13.2).
   */
  readonly namedFor: string | null;
}

const FUTURE_AUX = new Set(['will', "'ll", 'shall', 'wil', 'gonna', 'wo', 'ill']);
const PERFECT_AUX = new Set(['have', 'has', "'ve", 've']);
const PAST_PERFECT_AUX = new Set(['had', "'d"]);
const BE_PRESENT = new Set(['is', 'are', 'am', "'re", "'m", 'be', 're', "i'm", "we're", "it's"]);
const BE_PAST = new Set(['was', 'were', 'been', 'got', 'get', 'gets', 'getting', 'being']);
const HEDGING_MODALS = new Set(['may', 'might', 'could', 'would', "'d"]);
const EXPECTING_MODALS = new Set(['should', 'must']);
const ABILITY_MODALS = new Set(['can', 'ca']);
const NEGATORS = new Set(['not', "n't", 'never', 'no', 'nor', 'without', 'zero', 'none', 'nobody']);
/** Adverbs that may sit inside a verb group ("have just now all been reset"). */
const GROUP_ADVERBS = new Set([
  'just',
  'now',
  'all',
  'also',
  'once',
  'again',
  'officially',
  'fully',
  'finally',
  'already',
  'successfully',
  'actually',
  'indeed',
  'really',
  'both',
  'then',
  'currently',
  'still',
  'each',
  'quietly',
  'globally',
  'manually',
  'completely',
  'entirely',
  'totally',
  'literally',
  'kindly',
  'officially',
]);
/** Pronouns after "and" start a new clause ("… and we'll reset them again"); names may not. */
const PRONOUN_SUBJECTS = new Set(['we', 'i', 'they', 'you', 'he', 'she', 'it', "i'm", "we're"]);
const SUBJECTS = new Set(['we', 'i', 'they', 'you', 'he', 'she', 'team', 'openai', 'codex', 'it']);

/** Verbs whose object or complement is a future event ("promised a reset", "plan to reset"). */
const FUTURE_VERBS = new Set([
  'promise',
  // "Just approved a reset for all plans. It goes out … ~3pm ET" (rules-2.11.0).
  'approve',
  'authorize',
  'greenlight',
  'plan',
  'intend',
  'schedule',
  'prepare',
  'expect',
  'aim',
  'owe',
  'queue',
  'go',
  'about',
  // "the reset is set for Monday", "slated for Friday", "decided to reset" (rules-2.10.0).
  'set',
  'slate',
  'decide',
]);
/**
 * Verbs of liking: in the simple present with a reset (or giving one) as object they state a
 * taste, not an event ("I do like giving resets"); with a modal they wish ("I'd love a reset").
 */
const LIKING_VERBS = new Set(['like', 'love', 'hate', 'prefer', 'adore', 'dislike']);
/** Verbs of wanting: the reset is wished for, not announced. */
const WISH_VERBS = new Set([
  'want',
  'hope',
  'wish',
  'like',
  'love',
  'consider',
  'feel',
  'try',
  // "im so tempted to reset everyone's limits" (rules-2.13.1).
  'tempt',
]);
/** Verbs that talk about a reset without doing one ("asked for a reset", "remember the reset"). */
const TALK_VERBS = new Set([
  'ask',
  'beg',
  'request',
  'demand',
  'deserve',
  'wait',
  'pray',
  'count',
  'track',
  'predict',
  'guess',
  'miss',
  'remember',
  'recall',
  'forget',
  'explain',
  'need',
  'use',
  'spend',
  'apply',
  'redeem',
  'save',
  'burn',
  'waste',
  'call',
  'say',
  'mention',
  'debate',
  'talk',
  'discuss',
  'joke',
  // Dealing with resets as a matter: "hiring someone to own rate limits and resets".
  'own',
  'handle',
  'manage',
  'oversee',
]);
const IRREGULAR_PARTICIPLES: Readonly<Record<string, string>> = {
  say: 'said',
  spend: 'spent',
  forget: 'forgotten',
  beg: 'begged',
};
/** "asked", "saved", "said": the participle of a verb of TALK_VERBS, for reasons. */
const participleOf = (lemma: string) =>
  IRREGULAR_PARTICIPLES[lemma] ??
  (lemma.endsWith('e')
    ? `${lemma}d`
    : /[^aeiou]y$/.test(lemma)
      ? `${lemma.slice(0, -1)}ied`
      : `${lemma}ed`);
/** Leaving something behind: "moving away from global resets" (not "giving away a reset"). */
const AWAY_FROM = new Set([
  'move away',
  'shift away',
  'step away',
  'walk away',
  'steer away',
  'turn away',
]);
/** Verbs that stop a reset: "Resets are paused", "we cancelled the reset". */
const STOP_VERBS = new Set([
  'pause',
  'stop',
  'halt',
  'suspend',
  'cancel',
  'discontinue',
  'freeze',
  'scrap',
  'shelve',
  'end',
  'postpone',
  'delay',
  'defer',
]);
/** Verbs of arriving: "reset landing tomorrow", "lands in the next hour", "should apply by 6pm". */
export const ARRIVAL_VERBS = new Set([
  'land',
  'drop',
  'arrive',
  'propagate',
  'roll',
  'kick',
  'show',
  'appear',
  'reach',
  'apply',
  'happen',
  // "banked reset loading into every account right now" (rules-2.12.0).
  'load',
]);

/** Adjectives or participles that say where a reset is ("reset incoming", "reset is live"). */
const COMING_WORDS = new Set([
  'incoming',
  'upcoming',
  'inbound',
  'imminent',
  'pending',
  'coming',
  'scheduled',
  'planned',
  'queued',
  'due',
  'soon',
  'next',
]);
const DONE_WORDS = new Set([
  'done',
  'complete',
  'completed',
  'finished',
  'live',
  'out',
  'through',
  'over',
  'active',
]);
const ONGOING_WORDS = new Set(['underway', 'ongoing', 'progress']);

/** Words that end a clause: the verb group of a mention is read inside its clause. */
const CLAUSE_END = new Set([
  ',',
  ';',
  ':',
  '(',
  ')',
  '!',
  '?',
  '.',
  '…',
  '...',
  '—',
  '–',
  '-',
  '"',
]);
const EMOJI_OR_ARROW = /^(?:\p{Extended_Pictographic}|[\u2190-\u21ff\u27f6\u2794])/u;
const CLAUSE_WORDS = new Set(['but', 'because', 'while', 'which', 'so', 'although', 'though']);

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
      (next.pos === 'DET' && TIME_NOUNS.test(words[index - 1]?.text ?? '')))
  );
}

type Form = 'ing' | 'past' | 'present3' | 'base';

function formOf(word: Word): Form {
  const { text, lemma } = word;
  if (/ing$/.test(text) && text !== 'thing') return 'ing';
  if (text === lemma) return 'base';
  if (text === `${lemma}s` || text === `${lemma}es`) return 'present3';
  return 'past';
}

/** Nouns after "reset" that are what is reset ("reset usage limits"), not a thing named. */
const RESET_HEADS = new Set(['usage', 'limit', 'rate', 'quota', 'bank', 'credit', 'day']);

const TIME_NOUNS =
  /^(?:today|tonight|tomorrow|now|morning|afternoon|evening|night|week|weekend|eod|cob|midnight|noon|(?:mon|tues|wednes|thurs|fri|satur|sun)day)$/;

/** Times that own a reset: "yesterday's reset", "last week's reset", "tomorrow's reset". */
const TIME_OWNERS =
  /^(?:yesterday|today|tonight|tomorrow|morning|afternoon|evening|night|week|weekend|month|(?:mon|tues|wednes|thurs|fri|satur|sun)day)$/;
/** The time of a possessive before `index` ("last week 's reset"), as its words, or null. */
function timeOwnerBefore(words: readonly Word[], index: number, start: number): string | null {
  let at = index - 1;
  while (at >= start && words[at]!.pos === 'ADJ' && !isReset(words[at]!)) at--;
  if (at - 1 < start || words[at]!.text !== "'s" || !TIME_OWNERS.test(words[at - 1]!.text))
    return null;
  const first = ['last', 'next', 'this'].includes(words[at - 2]?.text ?? '') ? at - 2 : at - 1;
  return textOf(words.slice(Math.max(first, start), at));
}
/** Times of a possessive that are past: a reset of theirs is not the one announced now. */
const PAST_OWNER = /^(?:yesterday|last \w+)$/;
/** Times of a possessive that are ahead: "tomorrow's reset", "next week's reset". */
const AHEAD_OWNER = /^(?:tomorrow|tonight|next \w+)$/;

const RELATIVE = new Set(['that', 'which', 'who', 'whose', 'where', 'when']);

const isReset = (word: Word) => /^re-?set(?:s|ting|ing|ed)?$/.test(word.text);
const isAux = (word: Word) =>
  word.pos === 'AUX' ||
  FUTURE_AUX.has(word.text) ||
  PERFECT_AUX.has(word.text) ||
  BE_PRESENT.has(word.text) ||
  BE_PAST.has(word.text);
const isFiller = (word: Word) =>
  GROUP_ADVERBS.has(word.text) || (word.pos === 'ADV' && !NEGATORS.has(word.text));
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
/**
 * "a one-time reset", "the 5-hour window": a hyphen inside a number's noun, which the tagger
 * gives as a word of its own; it neither ends a clause nor a noun phrase (rules-2.13.2).
 */
const hyphenInNumber = (words: readonly Word[], at: number) =>
  words[at]!.text === '-' && words[at - 1]?.pos === 'NUM' && words[at + 1]?.pos === 'NOUN';

function inNounPhrase(words: readonly Word[], at: number): boolean {
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

/** "landing", "lands" tagged as nouns right after "reset": the verb of the clause. */
const isArrivalForm = (word: Word) => /(?:ing|s)$/.test(word.text) && isArrival(word);
/** After plural "resets", a base arrival verb is the verb: "banked resets land Monday". */
const isArrivalAfter = (reset: Word, word: Word) =>
  isArrivalForm(word) || (reset.text.endsWith('s') && word.text === word.lemma && isArrival(word));

interface Group {
  readonly tense: Tense;
  readonly words: string;
  readonly negated: boolean;
  readonly hedged: boolean;
  readonly notAnnouncing: string | null;
  /** The group ends in "to" + verb: its tense is that of the verb before "to". */
  readonly infinitive: boolean;
}

/** The auxiliaries, adverbs and negators before `verbIndex` in the clause starting at `from`. */
function chainBefore(words: readonly Word[], verbIndex: number, from: number): number {
  let start = verbIndex;
  while (start > from) {
    const word = words[start - 1]!;
    if (isAux(word) || isFiller(word) || NEGATORS.has(word.text) || word.text === 'to') start--;
    else if (word.text === 'going' || word.text === 'about' || word.text === 'gon') start--;
    else break;
  }
  return start;
}

/** The tense of the verb group words[start..verbIndex] (verbIndex is the main verb). */
function readGroup(
  words: readonly Word[],
  start: number,
  verbIndex: number,
  clauseStart: number,
): Group {
  const verb = words[verbIndex]!;
  const chain = words.slice(start, verbIndex).map((word) => word.text);
  const form = formOf(verb);
  const text = words
    .slice(start, verbIndex + 1)
    .map((word) => word.text)
    .join(' ');
  const negated = chain.some((word) => NEGATORS.has(word));
  const has = (set: ReadonlySet<string>) => chain.some((word) => set.has(word));
  const group = (
    tense: Tense,
    extra: Partial<Pick<Group, 'hedged' | 'notAnnouncing' | 'infinitive'>> = {},
  ): Group => ({
    tense,
    words: text,
    negated,
    hedged: extra.hedged ?? false,
    notAnnouncing: extra.notAnnouncing ?? null,
    infinitive: extra.infinitive ?? false,
  });

  if (chain.at(-1) === 'to' || (chain.includes('to') && !has(FUTURE_AUX))) {
    return group('none', { infinitive: true });
  }
  if (has(FUTURE_AUX) || (chain.includes('going') && chain.includes('to'))) return group('coming');
  if (chain.includes('gonna') || chain.includes('gon')) return group('coming');
  if (has(HEDGING_MODALS)) {
    if (has(PERFECT_AUX)) return group('none', { notAnnouncing: 'what would have been' });
    return group('coming', { hedged: true });
  }
  if (has(ABILITY_MODALS)) return group('none', { notAnnouncing: 'what can be done' });
  if (has(EXPECTING_MODALS)) return group(has(PERFECT_AUX) ? 'done' : 'coming');
  if (has(PAST_PERFECT_AUX))
    return group('done', { notAnnouncing: 'a reset before another past event ("had reset")' });
  // "we've got you covered": "have got" is the present of "have", not a perfect.
  if (has(PERFECT_AUX) && verb.text === 'got') return group('ongoing');
  if (has(PERFECT_AUX)) return group('done');
  if (has(BE_PRESENT)) {
    if (form === 'ing') return group('ongoing');
    // "limits are being reset", "are getting reset": the passive of "are resetting".
    if (chain.includes('being') || chain.includes('getting')) return group('ongoing');
    return group('done'); // "limits are reset", "reset is processed"
  }
  // "limits get wiped the same day": the present of a "get" passive, now or later.
  if ((chain.includes('get') || chain.includes('gets')) && !has(BE_PRESENT))
    return group('ongoing');
  // "codex limits getting fully reset again within the hr": a progressive passive whose
  // "are" a quick post dropped (rules-2.12.0).
  if (
    (chain.includes('getting') || chain.includes('being')) &&
    !chain.some((word) => word === 'was' || word === 'were' || word === 'been')
  )
    return group('ongoing');
  if (has(BE_PAST)) {
    if (form === 'ing' && !chain.includes('getting'))
      return group('done', { notAnnouncing: 'what was happening then ("were resetting")' });
    return group('done');
  }
  if (form === 'ing') return group('ongoing');
  if (form === 'past') return group('done');
  if (form === 'present3') return group('ongoing');
  // A bare form: "we reset", "we just reset" (done), "Enjoy a reset" (an imperative: it is
  // there now). The subject may stand before the group's adverbs.
  let subjectAt = verbIndex - 1;
  while (subjectAt > clauseStart && isFiller(words[subjectAt]!)) subjectAt--;
  const before = subjectAt >= clauseStart ? words[subjectAt] : undefined;
  if (before !== undefined && (SUBJECTS.has(before.text) || before.pos === 'PRON')) {
    return group('done');
  }
  // "Reset everyone's usage limits this morning": a diary's subjectless "reset" opening the
  // clause is a bare "we reset" (rules-2.10.0); other verbs there are imperatives.
  if (isReset(verb) && verbIndex === clauseStart) return group('done');
  if (isReset(verb) && PAST_ADVERBS.has(words[verbIndex - 1]?.text ?? '')) return group('done');
  return group('ongoing');
}

/** How a verb that takes a reset as object or complement changes the group's tense. */
function byVerbClass(group: Group, lemma: string): Group {
  if (LIKING_VERBS.has(lemma) && !group.hedged && group.tense !== 'coming') {
    return {
      ...group,
      notAnnouncing: group.notAnnouncing ?? `a general statement ("${lemma}"), not one reset`,
    };
  }
  // "Some of you are reporting your banked reset didn't apply": what others say.
  if (REPORT_VERBS.has(lemma) && lemma !== 'announce') {
    return { ...group, notAnnouncing: group.notAnnouncing ?? `what others say ("${lemma}")` };
  }
  // "we're moving away from global resets" (rules-2.12.0).
  if (
    STOP_VERBS.has(lemma) ||
    lemma === 'push back' ||
    lemma === 'move back' ||
    AWAY_FROM.has(lemma)
  ) {
    return { ...group, notAnnouncing: group.notAnnouncing ?? `a reset stopped ("${lemma}")` };
  }
  // "a reset went out", "has gone out": done; "going to reset", "going out tomorrow": ahead.
  if (lemma === 'go' && group.tense === 'done') return group;
  if (FUTURE_VERBS.has(lemma) && group.tense !== 'coming') return { ...group, tense: 'coming' };
  if (WISH_VERBS.has(lemma)) return { ...group, tense: 'coming', hedged: true };
  if (TALK_VERBS.has(lemma)) {
    return {
      ...group,
      notAnnouncing: group.notAnnouncing ?? `a reset ${participleOf(lemma)}, not given`,
    };
  }
  return group;
}

/**
 * "We considered resetting limits", "we stopped resetting": an -ing "resetting" right after
 * a verb is its object; that verb's group and class decide (rules-2.10.0). Null otherwise.
 */
function gerundObject(
  words: readonly Word[],
  verbIndex: number,
  phraseStart: number,
  clauseStart: number,
): Group | null {
  if (formOf(words[verbIndex]!) !== 'ing' || phraseStart !== verbIndex) return null;
  let at = verbIndex - 1;
  while (at >= clauseStart && isFiller(words[at]!)) at--;
  const verb = words[at];
  if (verb === undefined || at < clauseStart || verb.pos !== 'VERB' || isReset(verb)) return null;
  if (!(WISH_VERBS.has(verb.lemma) || STOP_VERBS.has(verb.lemma) || TALK_VERBS.has(verb.lemma)))
    return null;
  return byVerbClass(
    readGroup(words, chainBefore(words, at, clauseStart), at, clauseStart),
    verb.lemma,
  );
}

/**
 * "I do like giving resets", "we love resetting limits": an -ing form with no auxiliary of
 * its own after a verb of liking is that verb's object: the group is the liking verb's
 * (a general statement, or a wish with a modal). Null when the verb is not such a gerund.
 */
function likedGerund(
  words: readonly Word[],
  verbIndex: number,
  chainStart: number,
  clauseStart: number,
): Group | null {
  if (chainStart !== verbIndex || formOf(words[verbIndex]!) !== 'ing') return null;
  let at = verbIndex - 1;
  while (at >= clauseStart && isFiller(words[at]!)) at--;
  const liking = words[at];
  // The tagger may read "like" as a noun or a preposition here: its lemma decides.
  if (liking === undefined || !LIKING_VERBS.has(liking.text.replace(/s$/, ''))) return null;
  const lemma = liking.text.replace(/s$/, '');
  return byVerbClass(readGroup(words, chainBefore(words, at, clauseStart), at, clauseStart), lemma);
}

/** The main verb after a noun "reset" in its clause ("reset has been processed"), or null. */
function predicateAfter(words: readonly Word[], index: number, end: number): number | null {
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
    if (SUBORDINATORS.has(word.text) && CONTACT_SUBJECTS.has(words[at + 1]?.text ?? ''))
      return null;
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
    if (
      (word.pos === 'VERB' || isArrival(word)) &&
      at > verb + 1 &&
      (formOf(word) === 'past' || formOf(word) === 'present3') &&
      words[at - 1]!.text !== 'to'
    )
      return at;
    if (word.pos === 'VERB' || RELATIVE.has(word.text) || word.pos === 'PUNCT') return null;
  }
  return null;
}
const CONTACT_SUBJECTS = new Set(['you', 'we', 'they', 'i', 'people', 'everyone', "y'all"]);
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
    if (word.pos === 'VERB' || RELATIVE.has(word.text)) return null;
  }
  return null;
}

const stemOf = (word: Word) => word.text.replace(/(?:ing|ed|es|s)$/, '');
/** An arrival verb even when tagged a noun ("lands", "landing"). */
export const isArrival = (word: Word) =>
  ARRIVAL_VERBS.has(word.lemma) ||
  ARRIVAL_VERBS.has(stemOf(word)) ||
  ARRIVAL_VERBS.has(`${stemOf(word)}e`);
const isPredicateWord = (word: Word) =>
  COMING_WORDS.has(word.text) || DONE_WORDS.has(word.text) || ONGOING_WORDS.has(word.text);
/** The tense a predicate word says ("incoming", "done", "underway"). */
const predicateTense = (word: Word): Tense =>
  COMING_WORDS.has(word.text) ? 'coming' : DONE_WORDS.has(word.text) ? 'done' : 'ongoing';

/** The verb before a noun "reset" that takes it as object: "did a reset", "giving users a reset". */
function governorBefore(words: readonly Word[], index: number, start: number): number | null {
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
function evaluatedAt(
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
const DUMMY_SUBJECTS = new Set(['it', 'that', 'this']);

/**
 * "told you there'd be", "I said we'd": the announcer's verb of promising within four words
 * before `at`, its subject "I", "we" or none.
 */
function promiseRecalledBefore(words: readonly Word[], at: number): boolean {
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
function negatedChainBefore(words: readonly Word[], at: number, start: number): boolean {
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
function qualityAfter(
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
function ownedSubjectBefore(words: readonly Word[], verbAt: number, start: number): string | null {
  let at = verbAt - 1;
  while (at >= start && isAux(words[at]!)) at--;
  const last = at;
  while (at >= start && at > last - 3 && !POSSESSIVES.has(words[at]!.text)) {
    const word = words[at]!;
    if (!(word.pos === 'NOUN' || word.pos === 'ADJ' || (word.pos === 'ADV' && at === last)))
      return null;
    at--;
  }
  if (at < start || at === last || !POSSESSIVES.has(words[at]!.text) || words[at]!.text === 'our')
    return null;
  // A clause of its own: "my back did", not "… and so did my back".
  if (at > start && !CLAUSE_JOINERS.has(words[at - 1]!.text) && words[at - 1]!.pos !== 'PUNCT')
    return null;
  const subject = words.slice(at, last + 1);
  if (subject.some((word) => OUR_AGENTS.has(word.lemma) || RESET_OBJECTS.has(word.lemma)))
    return null;
  return textOf(subject);
}

/** A verb's lemma, also for an -ing form the tagger took for a noun ("planning" → plan). */
function lemmaOfGovernor(word: Word): string {
  if (word.pos !== 'NOUN' || !/ing$/.test(word.text)) return word.lemma;
  const stem = word.text.slice(0, -3);
  return /([b-df-hj-np-tv-z])\1$/.test(stem) ? stem.slice(0, -1) : stem;
}

const MONTHS =
  /^(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)$/;
/** A month and a day inside a reset's phrase ("the June 12 reset"), as words, or null. */
function datedBefore(words: readonly Word[], phraseStart: number, index: number): string | null {
  for (let at = Math.max(0, phraseStart - 1); at < index - 1; at++) {
    if (MONTHS.test(words[at]!.text) && /^\d{1,2}(?:st|nd|rd|th)?$/.test(words[at + 1]!.text)) {
      return `${words[at]!.text} ${words[at + 1]!.text}`;
    }
  }
  return null;
}

/** Adjectives of a reset before another: "the last reset", "the previous reset". */
const PAST_ADJECTIVES = new Set(['last', 'previous', 'prior', 'past', 'earlier', 'former']);
/** Verbs that give resets: a count after them is what is given. */
const GIVING_VERBS = new Set([
  'give',
  'add',
  'load',
  'grant',
  'credit',
  'drop',
  'send',
  'get',
  'receive',
]);
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
function countOf(words: readonly Word[], phraseStart: number, index: number): string | null {
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
function verdictAfter(
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
function otherRelativeSubject(words: readonly Word[], index: number, end: number): string | null {
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
function ourClauseGroup(words: readonly Word[], index: number, end: number): Group | null {
  if (!FIRST_PERSON.has(words[index + 1]?.text ?? '')) return null;
  let at = index + 2;
  while (at < end && (isAux(words[at]!) || isFiller(words[at]!))) at++;
  const verb = words[at];
  if (verb === undefined || verb.pos !== 'VERB' || at === index + 2) return null;
  if (TALK_VERBS.has(verb.lemma) || PROMISE_VERBS.has(verb.lemma)) return null;
  const group = readGroup(words, index + 2, at, index + 1);
  return group.tense === 'ongoing' || group.tense === 'coming' ? group : null;
}

/** Verbs that name what they announce: "pleased to announce another reset". */
const ANNOUNCING_VERBS = new Set(['announce', 'unveil', 'introduce']);

/** Verbs of wanting a reset: "the reset that people asked for" is still ours. */
const ASKING_VERBS = new Set([
  'ask',
  'request',
  'want',
  'beg',
  'vote',
  'need',
  'demand',
  'deserve',
  'love',
  'like',
  'enjoy',
]);

/**
 * "a full reset of his coffee intake": the words after "of" when they name something else
 * than what resets are of (nothing of limits, usage or users), or null.
 */
function nounObjectOf(words: readonly Word[], index: number, end: number): string | null {
  if (words[index + 1]?.text !== 'of') return null;
  let at = index + 2;
  while (at < end && (inNounPhrase(words, at) || POSSESSIVES.has(words[at]!.text))) at++;
  const object = words.slice(index + 2, at);
  if (object.length === 0) return null;
  const possessed = object.filter((word) => !POSSESSIVES.has(word.text));
  return namesNothingReset(possessed) ? textOf(object) : null;
}

/**
 * "took the morning off for a mental reset": a verb, its own object, then "for" and the
 * reset; the words from "for", or null.
 */
function purposeOf(words: readonly Word[], governor: number, index: number): string | null {
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
function quotedLabel(words: readonly Word[], index: number): string | null {
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
function otherTeamBefore(words: readonly Word[], verbAt: number, start: number): string | null {
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
/** Whoever in general: "a reset you trigger yourself", "one that users apply". */
const GENERIC_SUBJECTS = new Set(['you', 'they', 'people', 'users', 'anyone', 'everyone']);

/** "a different reset": another than the one spoken of. */
const DIFFERENT = new Set(['different', 'separate']);
/** "the reset moves to Monday": a reset's time changed (its verb, not a thing named). */
const MOVED = /^(?:moves|slips|shifts)$/;
/** Tags of a name or a noun: "codex", "Codex", "gpt-5". */
const NAMES = new Set(['NOUN', 'PROPN']);
const ARTICLES = new Set(['a', 'an', 'the']);
/** Words that open a verb's object: "reset everyone's limits", "reset their quotas". */
const OBJECT_START = new Set(['everyone', 'everybody', 'their', 'your', 'our', 'all']);
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
function isVerbUse(words: readonly Word[], index: number, start: number): boolean {
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
  return SUBJECTS.has(before.text) || (before.pos === 'PRON' && before.text !== 'your');
}

/** Words of a time ahead, in the reset's clause: "get reset tonight", "at 5pm", "on Friday". */
const FUTURE_TIME =
  /\b(?:tonight|tomorrow|shortly|soon|(?<!\d (?:hours?|minutes?|mins?|days?) )later|this (?:afternoon|evening)|next|(?:mon|tues|wednes|thurs|fri|satur|sun)day|eod|midnight|noon|within|in (?:a|an|\d+) \w+)\b|\bat \d/;
/** "almost here", "nearly there": a reset that has not come yet. */
const ALMOST_HERE = /^(?:\S+ )?(?:almost|nearly) (?:here|there|ready)\b/;
/** Possessive determiners that open a verb's object: "reset their leaderboard". */
const OWNER_DETERMINERS = new Set(['their', 'its', 'his', 'her', 'our']);
const EVERYONE = new Set(['everyone', 'everybody']);
/** Adverbs that make a bare "reset" after them past: "limits just reset", "already reset". */
const PAST_ADVERBS = new Set(['just', 'already', 'finally', 'officially']);

/** "right now", "right away": "right" as an adverb. */
const RIGHT_ADVERBS = new Set(['now', 'away', 'after', 'before', 'here', 'there', 'then']);

/** Adjectives of a reset still ahead: "the next reset", "the upcoming reset". */
const AHEAD = new Set(['next', 'upcoming']);
const WHOLE = new Set(['whole', 'entire']);
const VAGUE_NOUNS = new Set(['thing', 'lot']);
/** Words of a short object before a wh-clause: "asked the team whether". */
const OBJECT_TAGS = new Set(['DET', 'NOUN', 'PROPN', 'PRON', 'ADJ']);
/** Prepositions before a bare plural "resets" that make them a topic: "decide on resets". */
const TOPIC_OF_RESETS = new Set(['on', 'about', 'regarding', 'around', 'concerning']);
/** Pronouns as objects: "of me promising", "photos of us pressing". */
const OBJECT_PRONOUNS = new Set(['me', 'us', 'him', 'her', 'them']);
/** Verbs that press a button: a reset button pressed is a reset (not one given as a gift). */
const PRESS_VERBS = new Set(['press', 'hit', 'push', 'smash', 'slam', 'click', 'tap', 'mash']);
/** Words that open a clause of a verb's object: "shows when your limits reset". */
const WH_WORDS = new Set(['when', 'whenever', 'how', 'whether', 'why', 'where']);
/** Prepositions whose gerund is a topic: "congrats on resetting", "good at resetting". */
const GERUND_TOPICS = new Set(['on', 'about', 'against', 'despite', 'at']);
/** Prepositions whose -ing object is a topic: "a fix for limits resetting early". */
const TOPIC_PREPOSITIONS = new Set(['for', 'about', 'of', 'against', 'despite']);

/**
 * The phrase a reset is inside of, when it is the object of another word and not the
 * announcement: a clause after a verb or its object opened by a wh-word ("Codex now shows
 * when your limits reset", "we'll tell you when we reset"), or an -ing form after a noun
 * after a preposition ("a fix for limits resetting early"). A clause that opens the
 * sentence ("When we reset limits tomorrow, …") is a time, read as before. Null otherwise.
 */
function embeddedIn(
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
/** Verbs of saying: "People are saying we reset limits" reports, it does not announce. */
const REPORT_VERBS = new Set([
  'say',
  'claim',
  'report',
  'hear',
  'rumor',
  'rumour',
  'speculate',
  'assume',
  'insist',
  'suggest',
  'announce',
  // "people keep posting that codex limits reset at midnight" (rules-2.13.1).
  'post',
  'tweet',
]);
/** Subjects that make a verb of saying the announcer's own: "As I said, we'll reset…". */
const FIRST_PERSON = new Set(['we', 'i']);

interface Framing {
  readonly kind: 'denied' | 'hedged' | 'reported';
  readonly verb: string;
}

/**
 * A verb of belief or saying before the reset's phrase, in its clause or the one a "that"
 * continues: a belief is 'denied' when negated or "doubt", 'hedged' otherwise; a verb of
 * saying whose subject is not the announcer reports what others say. Null when there is none.
 */
function framingBefore(
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
      return { kind: 'reported', verb: word.text };
    }
  }
  return null;
}

/**
 * "let admins reset", "help teams reset": a verb of letting, then someone other than the
 * speaker, right before a bare "reset". Returns those words, or null.
 */
function causedBy(words: readonly Word[], phraseStart: number, start: number): string | null {
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
function offeredBefore(words: readonly Word[], start: number, phraseStart: number): boolean {
  for (let at = start; at < phraseStart - 1; at++) {
    if (words[at]!.text === 'let' && ['me', 'us', "'s"].includes(words[at + 1]!.text)) return true;
  }
  return false;
}

/** A subject that denies its verb: "Nobody has reset anything today". */
const NEGATIVE_SUBJECTS = new Set(['nobody', 'nothing', 'none', 'noone', 'neither']);

/** Does the clause open with a negative subject ("nobody", "no one")? */
function negativeSubject(words: readonly Word[], clauseStart: number): boolean {
  let at = clauseStart;
  while (at < words.length && isFiller(words[at]!)) at++;
  const first = words[at]?.text;
  return (
    first !== undefined &&
    (NEGATIVE_SUBJECTS.has(first) || (first === 'no' && words[at + 1]?.text === 'one'))
  );
}

/**
 * What resets are of: limits, their windows, and who has them. A verb "reset" whose object
 * names none of these resets something else ("We reset our internal dashboards").
 */
const RESET_OBJECTS = new Set([
  'limit',
  'usage',
  'rate',
  'quota',
  'credit',
  'bank',
  'window',
  'cap',
  'meter',
  'counter',
  'allowance',
  'everyone',
  'everybody',
  'all',
  'user',
  'account',
  'plan',
  'subscriber',
  'member',
  'team',
  'people',
  'customer',
  'tier',
  'workspace',
  'org',
  'organization',
  'seat',
  'folk',
  'dev',
  'developer',
  'balance',
  'budget',
  'bucket',
  'allotment',
  'codex',
  'chatgpt',
  'pro',
  'plus',
  'business',
  'enterprise',
  'edu',
  'free',
  'week',
  'weekly',
  'hour',
  'h',
  'hr',
  'day',
  'it',
  'them',
  'you',
]);

const TIME_UNITS = /^(?:second|minute|hour|day|week|month|year|moment|sec|min|hr)s?$/;

/** What a verb "reset" resets, when that is not users' limits. */
type WhatIsReset =
  | { readonly kind: 'nothing' } // "We reset nothing today"
  | { readonly kind: 'own'; readonly text: string } // "I reset my own limits"
  | { readonly kind: 'other'; readonly text: string } // "We reset our dashboards"
  | { readonly kind: 'reader' } // "until you reset": the reader, not their limits
  | { readonly kind: 'agent'; readonly text: string }; // "Gemini reset their quotas": whose?

const textOf = (words: readonly Word[]) => words.map((word) => word.text).join(' ');
const namesNothingReset = (phrase: readonly Word[]) =>
  // "the whole thing" names nothing in particular (rules-2.11.0).
  phrase.some(
    (word) => (word.pos === 'NOUN' || word.pos === 'PROPN') && !VAGUE_NOUNS.has(word.text),
  ) && !phrase.some((word) => RESET_OBJECTS.has(word.lemma) || RESET_OBJECTS.has(word.text));

/**
 * What a verb "reset" resets, read from its object (active: "we reset X") or, with no
 * object, its subject (a passive "X were reset", an intransitive "X reset at midnight"),
 * when that is not users' limits: nothing at all, the speaker's own, or something that
 * names nothing resets are of. Null otherwise (limits, who has them, a pronoun, a time).
 */
function whatIsReset(
  words: readonly Word[],
  index: number,
  chainStart: number,
  clauseStart: number,
  end: number,
): WhatIsReset | null {
  const object: Word[] = [];
  // "the 5h and weekly limits": objects joined by "and" are one object (rules-2.10.0).
  const inObject = (at: number) =>
    inNounPhrase(words, at) ||
    (words[at]!.pos === 'CCONJ' && at + 1 < end && inNounPhrase(words, at + 1)) ||
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
    // "the leaderboard next week": a time's adjective.
    if (TIME_ADJECTIVES.has(words[at]!.text) && TIME_NOUNS.test(words[at + 1]?.text ?? '')) break;
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
  // "everyone avoids you until you reset": the reader resets, as a person (rules-2.12.0).
  if (!passive && chainStart > clauseStart && READERS.has(words[chainStart - 1]!.text))
    return { kind: 'reader' };
  return otherSubject(subject) ? { kind: 'other', text: textOf(subject) } : null;
}

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
function otherSubject(subject: readonly Word[]): boolean {
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

const POSSESSIVES = new Set(['our', 'their', 'my', 'your', 'its', 'his', 'her']);
const READERS = new Set(['you', 'u']);
const JOINING_SIGNS = new Set(['/', '&', '+']);
const TIME_ADJECTIVES = new Set(['next', 'last', 'this']);
/** Subjects that are the announcer's side: "the team reset everyone's limits". */
const OUR_AGENTS = new Set([
  'openai',
  'codex',
  'team',
  'ops',
  'infra',
  'eng',
  'engineering',
  'oncall',
  'folk',
]);
const ORDINAL =
  /^(?:second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|nth|umpteenth|\d+(?:st|nd|rd|th))$/;

/** Prepositions of a topic: "a rumour about a reset". */
const ABOUT = new Set(['about', 'regarding', 'concerning', 're']);
/** Nouns whose "of" phrase a reset is only the topic of: "rumours of a reset". */
const TOPIC_NOUNS = new Set([
  'rumour',
  'rumor',
  'talk',
  'hope',
  'chance',
  'odds',
  'possibility',
  'idea',
  'question',
  'thought',
  'fear',
  'risk',
  'cost',
  'price',
  'need',
  'request',
  'demand',
  'speculation',
  'prediction',
  'guess',
  'discussion',
  'debate',
  // "reports that weekly limits reset unexpectedly": what was reported (rules-2.12.0).
  'report',
  'claim',
]);
/** Words that open a clause of its own after a topic noun's clause. */
const CLAUSE_JOINERS = new Set([',', ';', 'so', 'but', 'and']);

/**
 * "instead of" or "rather than" within six words before the reset, with no subject of a
 * clause of its own between ("rather than wait, we're resetting now" is a reset), or null.
 */
function alternativeBefore(words: readonly Word[], index: number): string | null {
  for (let at = index - 1; at >= Math.max(1, index - 6); at--) {
    const word = words[at]!;
    // "one-time" is three words to the tagger: its hyphen ends nothing here.
    if (
      PRONOUN_SUBJECTS.has(word.text) ||
      (word.pos === 'PUNCT' && CLAUSE_END.has(word.text) && word.text !== '-')
    )
      return null;
    const pair = `${words[at - 1]!.text} ${word.text}`;
    if (pair === 'instead of' || pair === 'rather than') return pair;
  }
  return null;
}

/** "on how", "about why": a wh-word after a preposition before the reset, or null. */
function whAfterPreposition(words: readonly Word[], index: number, start: number): string | null {
  for (let at = index - 1; at > start; at--) {
    if (!WH_WORDS.has(words[at]!.text)) continue;
    const before = words[at - 1]!;
    return before.pos === 'ADP' ? `${before.text} ${words[at]!.text}` : null;
  }
  return null;
}

/** A topic noun, also in a plural the lemmatiser does not know ("rumours"). */
const isTopicNoun = (word: Word) =>
  TOPIC_NOUNS.has(word.lemma) || TOPIC_NOUNS.has(word.text.replace(/s$/, ''));

/**
 * "Rumor going around that there's a reset", "the hope is that we reset": a "that" before
 * the reset whose noun, a few words before it, is a topic noun. Returns that noun's
 * words up to "that", or null.
 */
function topicThatClause(words: readonly Word[], index: number): string | null {
  // "that" may have ended the reset's clause: the sentence is searched, 8 words back.
  for (let at = index - 1; at >= Math.max(0, index - 8); at--) {
    // "reports that limits were draining, so we reset everyone": a new clause of its own.
    if (CLAUSE_JOINERS.has(words[at]!.text)) return null;
    // "a rumour going around about a midnight reset": the reset in a topic noun's "about"
    // phrase (rules-2.11.0).
    if (ABOUT.has(words[at]!.text) && words[at]!.pos !== 'VERB') {
      for (let noun = at - 1; noun >= Math.max(0, at - 4); noun--) {
        const word = words[noun]!;
        if (word.pos === 'NOUN' && isTopicNoun(word)) return textOf(words.slice(noun, at + 1));
      }
    }
    // "There's a rumour we're resetting everyone": a topic noun and its clause with no
    // "that" (rules-2.11.0).
    const before = words[at - 1];
    if (
      CONTACT_SUBJECTS.has(words[at]!.text) &&
      before !== undefined &&
      before.pos === 'NOUN' &&
      isTopicNoun(before)
    )
      return before.text;
    if (words[at]!.text !== 'that') continue;
    for (let noun = at - 1; noun >= Math.max(0, at - 4); noun--) {
      const word = words[noun]!;
      // "the volume of reports is high enough that we've refreshed…": a verb between the
      // noun and "that" makes the clause the verb's (rules-2.12.0).
      if (isAux(word)) break;
      // "there are enough reports that we reset rate limits": a clause of result, not what
      // the reports say (rules-2.13.1).
      if (
        word.pos === 'NOUN' &&
        isTopicNoun(word) &&
        !RESULT_DEGREE.has(words[noun - 1]?.text ?? '')
      )
        return textOf(words.slice(noun, at));
    }
    return null;
  }
  return null;
}

/** "enough reports that …", "so many reports that …": the clause says what followed. */
const RESULT_DEGREE = new Set(['enough', 'many', 'such']);

/** Predicates of a general statement that still say a reset is there ("is available"). */
const SUPERLATIVES = new Set(['best', 'worst', 'ideal', 'perfect']);
const THERE_ADJECTIVES = new Set(['available', 'ready']);

/**
 * "A reset is a blunt tool", "Limit resets will be rarer": a reset named in general (an
 * indefinite "a reset", or "resets" with no determiner) whose copula says what such a thing
 * is (an adjective or a noun phrase) states something about resets, not an event. Returns
 * the copula and what follows it, or null.
 */
function genericStatement(
  words: readonly Word[],
  index: number,
  phraseStart: number,
  predicate: number,
): string | null {
  const determiners = words.slice(phraseStart, index).filter((word) => word.pos === 'DET');
  const plural = words[index]!.text.endsWith('s');
  // "The best reset is a good night's sleep": a superlative names a kind (rules-2.10.0).
  const superlative = words
    .slice(phraseStart, index)
    .some((word) => SUPERLATIVES.has(word.text) || (word.pos === 'ADJ' && /est$/.test(word.text)));
  const generic =
    (superlative ||
      (determiners.every((word) => word.text === 'a' || word.text === 'an') &&
        (determiners.length > 0 || plural))) &&
    !words.slice(phraseStart, index).some((word) => word.pos === 'PRON' || word.pos === 'NUM');
  if (!generic || words[predicate]!.lemma !== 'be') return null;
  let after = predicate + 1;
  while (after < words.length && isFiller(words[after]!) && !WH_WORDS.has(words[after]!.text))
    after++;
  const next = words[after];
  if (next === undefined || isPredicateWord(next) || THERE_ADJECTIVES.has(next.text)) return null;
  // "Resets are how we say sorry", "Resets are gifts": a bare plural says what resets are
  // (rules-2.10.0); "a reset is what we're giving you today" may still announce one.
  const barePlural = determiners.length === 0 && plural;
  const saysWhatTheyAre =
    barePlural &&
    (WH_WORDS.has(next.text) ||
      next.text === 'what' ||
      next.text === 'per' || // "banked resets are per account"
      // "resets are for when we mess up" (rules-2.11.0).
      (next.text === 'for' && WH_WORDS.has(words[after + 1]?.text ?? '')) ||
      (next.pos === 'NOUN' && !TIME_NOUNS.test(next.text)));
  if (next.pos !== 'ADJ' && next.pos !== 'DET' && !saysWhatTheyAre) return null;
  return textOf(words.slice(predicate, after + 1));
}

/**
 * "Resets are now available in the app": a bare plural "resets" whose copula says they are
 * there ("available", "ready"). Returns the copula and its adjective, or null.
 */
function featureStatement(
  words: readonly Word[],
  index: number,
  phraseStart: number,
  predicate: number,
): string | null {
  const bare = !words.slice(phraseStart, index).some((word) => word.pos === 'DET');
  if (!bare || !words[index]!.text.endsWith('s') || words[predicate]!.lemma !== 'be') return null;
  let after = predicate + 1;
  while (after < words.length && isFiller(words[after]!)) after++;
  const next = words[after];
  if (next === undefined || !THERE_ADJECTIVES.has(next.text)) return null;
  return textOf(words.slice(predicate, after + 1));
}

/** Nouns of intention before "is to": "the plan is to reset", "the hope is to". */
const INTENTIONS = new Set(['plan', 'goal', 'aim', 'intent', 'intention', 'idea', 'hope', 'wish']);

/** Words between a negating determiner and its noun: "no more resets", "no further resets". */
const QUANTIFIERS = new Set(['more', 'further', 'additional', 'other', 'extra']);

/**
 * "We went ahead and reset limits", "we'll go and reset them": a bare verb right after "and",
 * with no auxiliary of its own, shares the tense of the verb before "and" when that verb has
 * a subject in the clause. Returns that verb's index, or null.
 */
function coordinatedWith(
  words: readonly Word[],
  index: number,
  chainStart: number,
  clauseStart: number,
): number | null {
  if (chainStart !== index || formOf(words[index]!) === 'ing') return null;
  const and = index - 1;
  if (and <= clauseStart || words[and]!.text !== 'and') return null;
  let at = and - 1;
  while (at > clauseStart && (isFiller(words[at]!) || words[at]!.pos === 'ADV')) at--;
  // "we moved codex usage metering onto a new pipeline this week and reset everyone's
  // limits": back over the first verb's object and phrases, to a finite verb, when the reset
  // has an object of its own (rules-2.13.2).
  if (words[at]!.pos !== 'VERB' && OBJECT_START.has(words[index + 1]?.text ?? '')) {
    let back = at;
    while (
      back > clauseStart &&
      back > and - 12 &&
      !(words[back]!.pos === 'VERB' && formOf(words[back]!) !== 'ing')
    )
      back--;
    if (words[back]!.pos === 'VERB' && formOf(words[back]!) !== 'ing') at = back;
  }
  const verb = words[at]!;
  if (verb.pos !== 'VERB' || isReset(verb) || formOf(verb) === 'ing') return null;
  // Its subject: a pronoun or a name right before it or its auxiliaries.
  const groupStart = chainBefore(words, at, clauseStart);
  if (groupStart <= clauseStart) return null;
  const subject = words[groupStart - 1]!;
  // "Staging DB gets wiped and reset": a noun for a subject too, when the first verb is a
  // passive's (rules-2.13.3).
  const passive = words
    .slice(groupStart, at)
    .some((w) => BE_PAST.has(w.text) || BE_PRESENT.has(w.text));
  return SUBJECTS.has(subject.text) ||
    subject.pos === 'PRON' ||
    subject.pos === 'PROPN' ||
    (passive && subject.pos === 'NOUN')
    ? at
    : null;
}

/**
 * "Resetting limits is not a strategy": an -ing form with no auxiliary that opens its clause
 * and is followed in the clause by a verb of its own is that verb's subject (a gerund): the
 * sentence says something about resetting. When that verb is a copula whose predicate says
 * where a reset is ("Resetting usage limits is now complete"), it announces; after any other
 * verb ("… will take an hour") it may, so it is held; denied or a copula with anything else
 * ("is not a sustainable strategy", "was fun"), it states something, not an event.
 * Null when the -ing form is not such a subject ("Resetting limits for all plans now").
 */
function gerundSubject(
  words: readonly Word[],
  index: number,
  chainStart: number,
  clauseStart: number,
  end: number,
): Group | null {
  if (chainStart !== index || formOf(words[index]!) !== 'ing') return null;
  if (words.slice(clauseStart, index).some((word) => !isFiller(word))) return null;
  let at = index + 1;
  // "Resetting limits now to make up for it": a verb after "to" is an infinitive of
  // purpose, not the verb of a gerund subject (rules-2.11.0).
  while (
    at < end &&
    ((!isAux(words[at]!) && words[at]!.pos !== 'VERB') || words[at - 1]?.text === 'to')
  ) {
    if (RELATIVE.has(words[at]!.text)) return null;
    at++;
  }
  if (at >= end) return null;
  const verbStart = at;
  const text = words
    .slice(index, at + 1)
    .map((word) => word.text)
    .join(' ');
  let negated = false;
  while (at < end && (isAux(words[at]!) || isFiller(words[at]!) || NEGATORS.has(words[at]!.text))) {
    if (NEGATORS.has(words[at]!.text)) negated = true;
    if (isPredicateWord(words[at]!) && !isAux(words[at]!)) break;
    at++;
  }
  const predicate = words[at];
  const statement = `a statement about resetting ("${text}"), not one reset`;
  const base = { words: text, negated: false, infinitive: false } as const;
  if (negated) return { ...base, tense: 'none', hedged: false, notAnnouncing: statement };
  if (predicate !== undefined && isPredicateWord(predicate)) {
    return { ...base, tense: predicateTense(predicate), hedged: false, notAnnouncing: null };
  }
  const copula = words[verbStart]!.lemma === 'be';
  if (copula && predicate?.pos === 'VERB' && formOf(predicate) === 'ing') {
    return { ...base, tense: 'ongoing', hedged: false, notAnnouncing: null }; // "is happening now"
  }
  // A copula before anything but a participle ("was fun", tagged a verb; "is a strategy").
  if (
    copula &&
    (predicate === undefined || predicate.pos !== 'VERB' || formOf(predicate) !== 'past')
  ) {
    return { ...base, tense: 'none', hedged: false, notAnnouncing: statement };
  }
  return { ...base, tense: 'ongoing', hedged: true, notAnnouncing: null };
}

/** Reads the mention of a reset at `index` in `words` (one sentence). */
export function readMention(words: readonly Word[], index: number): MentionReading {
  const [start, end] = clauseOf(words, index);
  const clause = (from: number, to: number) =>
    words
      .slice(from, to)
      .map((word) => word.text)
      .join(' ');

  let group: Group | null = null;
  let nominal = false;
  let determinerNegated = false;
  const verbUse = isVerbUse(words, index, start);
  // "the reset button", "The Reset Company", "reset requests": a thing named after resets.
  // "the 'usage reset' banner": a closing quotation mark between them (rules-2.10.0).
  const head = /^["']$/.test(words[index + 1]?.text ?? '') ? words[index + 2] : words[index + 1];
  const modifier =
    !verbUse &&
    head !== undefined &&
    (head.pos === 'NOUN' || head.pos === 'PROPN') &&
    !RESET_HEADS.has(head.lemma) &&
    // "reset Codex usage limits": a name before what is reset, not a thing named (also
    // lowercase, "reset codex rate limits", tagged a noun: rules-2.13.0).
    !(NAMES.has(head.pos) && RESET_HEADS.has(words[index + 2]?.lemma ?? '')) &&
    !TIME_NOUNS.test(head.text) &&
    !isArrivalAfter(words[index]!, head) &&
    // "banked resets ship tomorrow": a plural's verb, not a thing named (rules-2.11.0).
    !(words[index]!.text.endsWith('s') && /^ships?$/.test(head.text)) &&
    // "the reset ships tomorrow at 10am PT" (rules-2.13.4).
    !(head.text === 'ships' && words[index - 1]?.pos === 'DET') &&
    // "the reset moves to Monday", "slips to Friday": a verb of its time (rules-2.13.1).
    !(MOVED.test(head.text) && words[index + 2]?.text === 'to') &&
    // "a global reset right now": an adverb the tagger took for a noun (rules-2.10.0).
    !(head.text === 'right' && RIGHT_ADVERBS.has(words[index + 2]?.text ?? ''));
  /** A reading that announces nothing, for `why`, before any verb is read. */
  const nothing = (cue: string, why: string): MentionReading => ({
    tense: 'none',
    cue,
    negated: false,
    hedged: false,
    notAnnouncing: why,
    nominal: false,
    clause: clause(start, end),
    modifier,
    dependsOn: null,
    doubt: null,
    namedFor: null,
  });
  // "Reset button pressed", "hit the reset button": pressed, it is a reset; "presented me
  // with a reset button" is a gift (rules-2.11.0).
  if (
    modifier &&
    head.text === 'button' &&
    !words.slice(start, end).some((word) => PRESS_VERBS.has(word.lemma))
  ) {
    return nothing('reset button', 'a reset button, not pressed');
  }
  // "my sleep schedule (reset) (again)": a word in brackets says what became of the noun
  // before them (rules-2.13.4).
  if (words[index - 1]?.text === '(' && words[index + 1]?.text === ')') {
    let from = index - 2;
    while (
      from - 1 >= 0 &&
      (inNounPhrase(words, from - 1) || POSSESSIVES.has(words[from - 1]!.text))
    )
      from--;
    const noun = words.slice(from, index - 1);
    if (noun.length > 0 && (noun[0]!.text === 'my' || namesNothingReset(noun)))
      return nothing(textOf(noun), `a reset of "${textOf(noun)}", not of usage limits`);
  }
  // "a server-provided 'resets at' time": a label in quotation marks before a noun names a
  // thing (rules-2.13.3).
  const label = quotedLabel(words, index);
  if (label !== null) return nothing(label, `a "${label}" label, not a reset`);
  // "Codex usage reset ETA: end of day": when the reset comes, not another thing
  // (rules-2.13.22).
  if (modifier && head.text !== 'button' && head.text !== 'eta') {
    const named = `${words[index]!.text} ${head.text}`;
    return nothing(named, `a "${named}", not a reset`);
  }
  // "how we decide on resets", "a word about resets": resets in general, as a topic
  // (rules-2.11.0).
  const preposition = words[index - 1];
  if (
    !verbUse &&
    words[index]!.text === 'resets' &&
    preposition !== undefined &&
    index - 1 >= start &&
    TOPIC_OF_RESETS.has(preposition.text)
  ) {
    return nothing(
      `${preposition.text} resets`,
      `resets as a topic ("${preposition.text} resets")`,
    );
  }
  const namedFor = namedForOf(words, index, start, verbUse);
  const embedded = embeddedIn(words, index, start, verbUse);
  if (embedded !== null) return nothing(embedded, `a reset inside "${embedded}", not announced`);
  // "a retrospective on how we decided to do the reset": a wh-clause after a preposition is
  // a topic, however deep the reset is in it (rules-2.10.0).
  const topicWh = whAfterPreposition(words, index, start);
  if (topicWh !== null) return nothing(topicWh, `a reset inside "${topicWh} …", not announced`);
  // "Rumor going around that there's a reset tonight", "Rumors that we reset limits": the
  // reset is in the clause a topic noun opens with "that" (rules-2.10.0).
  const topicClause = topicThatClause(words, index);
  if (topicClause !== null) {
    return nothing(topicClause, `a reset inside "${topicClause} that …", not announced`);
  }
  // "instead of a one-time reset", "rather than doing a global reset": a reset not done,
  // the alternative to what is (rules-2.12.0).
  const alternative = alternativeBefore(words, index);
  if (alternative !== null) return nothing(alternative, `a reset "${alternative}", not done`);
  // Where the reset's own phrase starts: its verb group, or its noun phrase (conditions.ts).
  let phraseStart = index;
  let nextOne = false;
  let doubt: string | null = null;
  if (verbUse) {
    phraseStart = chainBefore(words, index, start);
    const first = coordinatedWith(words, index, phraseStart, start);
    group =
      likedGerund(words, index, phraseStart, start) ??
      gerundObject(words, index, phraseStart, start) ??
      gerundSubject(words, index, phraseStart, start, end) ??
      (first === null
        ? readGroup(words, phraseStart, index, start)
        : readGroup(words, chainBefore(words, first, start), first, start));
  } else {
    // "no reset", "zero resets", "no more resets": a negated noun phrase.
    for (
      let at = index - 1;
      at >= start &&
      (inNounPhrase(words, at) || QUANTIFIERS.has(words[at]!.text) || AHEAD.has(words[at]!.text));
      at--
    ) {
      // "neither resets at midnight": "neither" before it denies both (rules-2.13.7).
      if (NEGATORS.has(words[at]!.text) || words[at]!.text === 'neither') determinerNegated = true;
      phraseStart = at;
    }
    // "There was never a reset planned", "not a reset, a fix": a negator before the phrase.
    if (phraseStart > start && ['not', "n't", 'never'].includes(words[phraseStart - 1]!.text))
      determinerNegated = true;
    // "Rumours of a reset are greatly exaggerated": the reset is another noun's topic.
    const of = words[phraseStart - 1];
    const topic = words[phraseStart - 2];
    if (
      phraseStart - 2 >= start &&
      (of?.text === 'of' || of?.text === 'about') &&
      topic?.pos === 'NOUN' &&
      isTopicNoun(topic)
    ) {
      const named = textOf(words.slice(phraseStart - 2, index + 1));
      return nothing(named, `a reset inside "${named}", not announced`);
    }
    // "Our metrics reset at midnight": a plural noun, opened by a determiner or a possessive,
    // before a bare "reset" is its subject (the tagger may take the pair for a compound):
    // when it names nothing resets are of, something else resets.
    if (words[index]!.text === 'reset' && phraseStart < index - 1) {
      const before = words[index - 1]!;
      const phrase = words.slice(phraseStart, index);
      if (before.pos === 'NOUN' && before.text.endsWith('s') && otherSubject(phrase)) {
        const named = textOf(phrase);
        return nothing(named, `a reset of "${named}", not of usage limits`);
      }
    }
    // "the next reset", "the upcoming reset": whatever its verb, it is ahead.
    nextOne = words.slice(phraseStart, index).some((word) => AHEAD.has(word.text));
    // "a full reset of his coffee intake": a reset of something else (rules-2.13.2).
    const resetOf = nounObjectOf(words, index, end);
    if (resetOf !== null) {
      return nothing(`reset of ${resetOf}`, `a reset of "${resetOf}", not of usage limits`);
    }
    // "my 3pm reset is a double espresso": the speaker's own (rules-2.13.2).
    if (words[phraseStart]?.text === 'my') doubt ??= `the speaker's own reset ("my … reset")`;
    // "Last week's reset confused the usage page": a reset of the past; "tomorrow's reset"
    // is ahead (rules-2.10.0).
    const owner = timeOwnerBefore(words, index, start);
    if (owner !== null && PAST_OWNER.test(owner)) {
      return nothing(`${owner}'s reset`, `a reset of the past ("${owner}'s reset")`);
    }
    if (owner !== null && AHEAD_OWNER.test(owner)) nextOne = true;
    // "We are pleased to announce another usage limit reset …": the reset is named, and what
    // says when is its own predicate or a sentence of its landing (rules-2.13.4).
    const found = governorBefore(words, index, start);
    const governor =
      found !== null && ANNOUNCING_VERBS.has(lemmaOfGovernor(words[found]!)) ? null : found;
    const predicate = governor === null ? predicateAfter(words, index, end) : null;
    const count = countOf(words, phraseStart, index);
    if (governor !== null) {
      const verb = words[governor]!;
      const lemma = lemmaOfGovernor(verb);
      phraseStart = chainBefore(words, governor, start);
      group =
        likedGerund(words, governor, phraseStart, start) ??
        byVerbClass(
          readGroup(words, phraseStart, governor, start),
          // "push back the reset": a phrasal verb that stops it (rules-2.10.0); "applying
          // a global reset" is doing one, not spending a banked one, and so is "we have
          // applied a reset to every user" (rules-2.12.1).
          words[governor + 1]?.text === 'back' || words[governor + 1]?.text === 'away'
            ? `${lemma} ${words[governor + 1]!.text}`
            : lemma === 'apply' &&
                (words.slice(governor, index).some((w) => w.text === 'global') ||
                  FIRST_PERSON.has(words[phraseStart - 1]?.text ?? ''))
              ? 'do'
              : lemma,
        );
      // "we're not going to start doing scheduled resets": a negator earlier in the chain of
      // verbs that leads to the governor (rules-2.12.0).
      if (!group.negated && negatedChainBefore(words, phraseStart, start)) {
        group = { ...group, negated: true };
      }
      // "neither is a global reset": a negative subject of the governor (rules-2.13.2); "the
      // one thing not in there is a reset": a subject that denies (rules-2.13.3).
      if (
        !group.negated &&
        (NEGATIVE_SUBJECTS.has(words[phraseStart - 1]?.text ?? '') ||
          (verb.lemma === 'be' &&
            words.slice(start, phraseStart).some((w) => w.text === 'not' || w.text === "n't")))
      ) {
        group = { ...group, negated: true };
      }
      // "took the morning off for a mental reset": the verb has an object of its own; the
      // reset is what it is for, not what is done (rules-2.13.2).
      const forWhat = purposeOf(words, governor, index);
      if (forWhat !== null) doubt ??= `a reset "${forWhat}": the purpose of something else?`;
      // "to make limit resets less necessary", "keeps resets rare": resets given a quality,
      // a statement about resets and not one done (rules-2.13.0).
      const quality = qualityAfter(words, verb, index, end);
      if (quality !== null) {
        group = {
          ...group,
          notAnnouncing:
            group.notAnnouncing ?? `resets made "${quality}": a statement about resets`,
        };
      }
      // "my back did a full reset", "his laptop needs a reset": the one doing or having it is
      // someone's thing, not us (rules-2.13.0).
      const owner =
        ownedSubjectBefore(words, governor, start) ?? otherTeamBefore(words, governor, start);
      if (owner !== null) {
        group = {
          ...group,
          notAnnouncing: group.notAnnouncing ?? `a reset of "${owner}", not of usage limits`,
        };
      }
      // "This is the third reset in a month": a reset counted after a copula may be a
      // statement about how many there were, not an announcement.
      const ordinal = words.slice(governor + 1, index).find((word) => ORDINAL.test(word.text));
      if (verb.lemma === 'be' && ordinal !== undefined) {
        doubt = `a reset counted ("${ordinal.text}")`;
      }
      // "that's the reset we're doing for every Codex user": after a copula, the reset's own
      // verb is its clause's, when that is under way or ahead (rules-2.13.4).
      const ours = verb.lemma === 'be' ? ourClauseGroup(words, index, end) : null;
      if (ours !== null) group = ours;
      // "it's a one-time reset you trigger yourself": what a reset is, said of "it" with "a"
      // and a clause after it (rules-2.13.4).
      if (
        verb.lemma === 'be' &&
        DUMMY_SUBJECTS.has(words[phraseStart - 1]?.text ?? words[governor - 1]?.text ?? '') &&
        words.slice(governor + 1, index).some((w) => w.text === 'a' || w.text === 'an') &&
        // Not ours: "this is a one-time reset we're giving everyone".
        (GENERIC_SUBJECTS.has(words[index + 1]?.text ?? '') ||
          (RELATIVE.has(words[index + 1]?.text ?? '') &&
            GENERIC_SUBJECTS.has(words[index + 2]?.text ?? '')))
      )
        doubt ??= 'what a reset is ("it\'s a … reset you …"), not one announced';
      // "that was a different reset": which reset it was, not one announced (rules-2.13.1).
      const other = words.slice(governor + 1, index).find((word) => DIFFERENT.has(word.text));
      if (verb.lemma === 'be' && other !== undefined) {
        doubt ??= `which reset it was ("${other.text} reset")`;
      }
      // "We've done four global resets since launch": resets counted, unless given ("we're
      // giving two banked resets to everyone"), rules-2.10.0.
      if (count !== null && !GIVING_VERBS.has(lemma)) doubt ??= `resets counted ("${count}")`;
    } else if (predicate === null && count !== null) {
      // "two global resets (10/3 and 10/22)": a count in a recap, with no verb.
      return nothing(count, `resets counted ("${count}"), not one announced`);
    } else if (predicate !== null) {
      const word = words[predicate]!;
      if (isPredicateWord(word) && !isAux(word)) {
        const between = words.slice(index + 1, predicate);
        const negated = between.some((w) => NEGATORS.has(w.text));
        group = {
          tense: predicateTense(word),
          words: clause(index, predicate + 1),
          negated,
          hedged: false,
          notAnnouncing: null,
          infinitive: false,
        };
      } else {
        // "reset promised by EOD", "reset requested": the verb's class counts here too; "a
        // reset … has been applied to all paid plans" is one done to them (rules-2.12.1).
        const lemma = words[predicate]!.lemma;
        group = byVerbClass(
          readGroup(words, chainBefore(words, predicate, index + 1), predicate, index + 1),
          lemma === 'apply' && words[predicate + 1]?.text === 'to'
            ? 'do'
            : // "Another reset going through for …": under way, not "going to".
              lemma === 'go' && words[predicate + 1]?.lemma === 'thru'
              ? 'go through'
              : lemma,
        );
        // "Resets are not free", "the reset isn't live yet": a negator after the copula.
        let after = predicate + 1;
        while (after < end && isFiller(words[after]!)) after++;
        if (isAux(words[predicate]!) && NEGATORS.has(words[after]?.text ?? '')) {
          group = { ...group, negated: true };
        }
        // "the reset we'd planned alongside the launch is off": called off (rules-2.13.1).
        if (
          isAux(words[predicate]!) &&
          words[after]?.text === 'off' &&
          (after + 1 >= end ||
            words[after + 1]!.pos === 'PUNCT' ||
            words[after + 1]!.text === 'for')
        ) {
          group = { ...group, negated: true };
        }
        // "A reset is a blunt tool", "Limit resets will be rarer": a general statement.
        const statement = genericStatement(words, index, phraseStart, predicate);
        if (statement !== null) {
          group = {
            ...group,
            notAnnouncing:
              group.notAnnouncing ?? `a statement about resets ("${statement}"), not one reset`,
          };
        }
        // "Banked resets are now available in the mobile app": resets in general that are
        // there may be a feature, not resets given (rules-2.10.0): held.
        const feature = featureStatement(words, index, phraseStart, predicate);
        if (feature !== null) doubt ??= `resets in general ${feature}: a feature, or resets given?`;
        // "A reset is on the way", "is on its way": coming.
        if (
          isAux(words[predicate]!) &&
          words[after]?.text === 'on' &&
          ['the', 'its'].includes(words[after + 1]?.text ?? '') &&
          words[after + 2]?.text === 'way'
        ) {
          group = { ...group, tense: 'coming' };
        }
        // "the reset we paused is back on": on again, so ahead (rules-2.13.2).
        if (
          isAux(words[predicate]!) &&
          words[predicate + 1]?.text === 'back' &&
          words[predicate + 2]?.text === 'on'
        ) {
          group = { ...group, tense: 'coming' };
        }
        // "that reset was fun", "that reset was just your 5h window rolling over": what a
        // reset spoken of was (rules-2.13.2, 2.13.3); not "that reset was applied".
        if (
          /^(?:was|were)$/.test(words[predicate]!.text) &&
          words[after] !== undefined &&
          words[after]!.pos !== 'VERB' &&
          !isPredicateWord(words[after]!) &&
          ['that', 'this'].includes(words[phraseStart]?.text ?? '')
        ) {
          doubt ??= `what that reset was ("${words[predicate]!.text} ${words[after]!.text}")`;
        }
        // "the reset I promised is almost here", "nearly there": not yet (rules-2.11.0).
        if (isAux(words[predicate]!) && ALMOST_HERE.test(clause(predicate + 1, predicate + 4))) {
          group = { ...group, tense: 'coming' };
        }
      }
    } else nominal = true;
  }

  // "the friday reset that my replies have scheduled": a reset someone else's clause speaks
  // of, not ours (rules-2.13.1).
  // (The clause ends before "that": the sentence is searched.)
  const whose = verbUse ? null : otherRelativeSubject(words, index, words.length);
  if (whose !== null) doubt ??= `a reset "${whose}": whose?`;
  // "the June 12 reset", "the September 3 reset": a reset named by its date is that day's,
  // not the one announced (rules-2.10.0).
  const dated = verbUse ? null : datedBefore(words, phraseStart, index);
  if (dated !== null && group?.tense !== 'coming') {
    return nothing(`the ${dated} reset`, `a reset named by its date ("${dated}")`);
  }
  // "the only reset happening today": none other, whatever its verb (rules-2.13.3).
  if (
    !verbUse &&
    group !== null &&
    (words[index - 1]?.text === 'only' || words[index - 2]?.text === 'only')
  )
    doubt ??= 'the only reset: none other?';
  // "The last global reset was Nov 14": a reset before this one (rules-2.10.0).
  const pastOne = verbUse
    ? undefined
    : // The tagger may take "last" for an adverb before the phrase: "the last global reset".
      words
        .slice(Math.max(start, phraseStart - 1), index)
        .find((word) => PAST_ADJECTIVES.has(word.text));
  // "fun stat from the last reset: …": with no verb of its own, a reset of the past too
  // (rules-2.13.2).
  if (pastOne !== undefined && group === null) {
    return nothing(`${pastOne.text} reset`, `a reset of the past ("${pastOne.text} reset")`);
  }
  if (pastOne !== undefined && group?.tense === 'done') {
    group = {
      ...group,
      notAnnouncing: group.notAnnouncing ?? `a reset of the past ("${pastOne.text} reset")`,
    };
  }
  // "The reset on Tuesday was a one-off": what that reset was, not an announcement: held.
  const verdict = verbUse ? null : verdictAfter(words, index, phraseStart, end);
  if (verdict !== null && group !== null) doubt ??= `what the reset was ("${verdict}")`;
  // "We reset our internal dashboards", "We reset nothing", "I reset my own limits".
  // A verb after "and" is read with the first verb's chain: its subject and its passive
  // ("Staging DB gets wiped and reset at 5pm"), rules-2.13.3.
  const firstVerb = verbUse ? coordinatedWith(words, index, index, start) : null;
  const what =
    verbUse && group !== null
      ? whatIsReset(
          words,
          index,
          firstVerb === null ? phraseStart : chainBefore(words, firstVerb, start),
          start,
          end,
        )
      : null;
  if (what !== null && group !== null) {
    if (what.kind === 'nothing') group = { ...group, negated: true };
    else if (what.kind === 'reader') doubt ??= 'a reset of "you", with no limits named';
    else if (what.kind === 'agent') doubt ??= `a reset by "${what.text}": ours?`;
    else {
      group = {
        ...group,
        notAnnouncing:
          group.notAnnouncing ??
          (what.kind === 'own'
            ? `a reset of the speaker's own ("${what.text}")`
            : `a reset of "${what.text}", not of usage limits`),
      };
    }
  }
  // "The next global reset is set for Thursday": the next one cannot be done.
  if (nextOne && group?.tense === 'done') group = { ...group, tense: 'coming' };
  // "Give us 24 hours to reset", "plan to reset", "allowed Codex to reset": the verb before "to".
  if (group?.infinitive) {
    const to =
      words
        .slice(start, index)
        .map((word) => word.text)
        .lastIndexOf('to') + start;
    // "About to reset limits": "about" before "to" is the verb of what is ahead.
    const governor =
      to > start
        ? words[to - 1]!.text === 'about'
          ? to - 1
          : governorBefore(words, to, start)
        : null;
    // "it's faster and fairer to just reset everyone": what would be better, not what is
    // done (rules-2.12.0).
    const evaluated = governor === null ? null : evaluatedAt(words, governor, to, start);
    if (governor === null) {
      // "annoying to receive…", "to celebrate…": no verb says when; a reset named only so
      // is held (rules-2.10.0).
      group = { ...group, tense: 'none', infinitive: false };
      doubt ??= `"to ${words[index]!.text}" with no verb before it: done or coming?`;
    } else if (evaluated !== null) {
      group = { ...group, tense: 'none', infinitive: false };
      doubt ??= `"${evaluated} to ${words[index]!.text}": a reset judged, not announced`;
    } else if (
      words[governor]!.lemma === 'have' &&
      words.slice(governor + 1, to).some((word) => word.pos === 'NOUN') &&
      // "We have no plans to reset": denied, below.
      !words.slice(governor + 1, to).some((word) => NEGATORS.has(word.text))
    ) {
      // "we have enough headroom to refresh everyone's limits": the means to do it, not a
      // reset done (rules-2.12.1).
      group = { ...group, tense: 'none', infinitive: false };
      doubt ??= `"${textOf(words.slice(governor, to))} to ${words[index]!.text}": the means, or the act?`;
    } else {
      const verb = words[governor]!;
      const outer = readGroup(words, chainBefore(words, governor, start), governor, start);
      // "The plan is to reset limits on Monday": a copula after a noun of intention.
      const subject = words[chainBefore(words, governor, start) - 1];
      const intention =
        isAux(verb) &&
        subject !== undefined &&
        subject.pos === 'NOUN' &&
        INTENTIONS.has(subject.lemma)
          ? subject.lemma
          : null;
      // An imperative before "to" ("give us a day to reset") asks for time: coming.
      const imperative = governor === start && formOf(verb) === 'base';
      // "We have no plans to reset", "there is no need to reset": a negated noun before "to".
      // "there's nothing to reset" (rules-2.13.3).
      const deniedNoun = words
        .slice(governor + 1, to)
        .some(
          (word) =>
            (word.pos === 'DET' && NEGATORS.has(word.text)) || NEGATIVE_SUBJECTS.has(word.text),
        );
      group = byVerbClass(
        {
          ...outer,
          tense: imperative ? 'coming' : outer.tense,
          negated: outer.negated || group.negated || deniedNoun,
          // "hiring someone to own … resets": what the verb after "to" says stands.
          notAnnouncing: outer.notAnnouncing ?? group.notAnnouncing,
        },
        intention ?? lemmaOfGovernor(verb),
      );
    }
  }

  // "it's done now, everyone should be reset": an expectation of a state, now; with no time
  // at all, now or later? (rules-2.12.0). "should be reset by tonight" is ahead.
  // So is "everyone should see their weekly window back at 0%" (rules-2.12.2).
  if (
    group?.tense === 'coming' &&
    /^(?:should|must) (?:be \S+(?:ed|set)|see|notice|find)$/.test(group.words) &&
    !FUTURE_TIME.test(clause(start, end))
  ) {
    if (/\bnow\b/.test(textOf(words))) group = { ...group, tense: 'done' };
    else doubt ??= `"${group.words}": by now, or later?`;
  }
  // "Told you there'd be a reset today": a promise recalled, not a hedge (rules-2.12.0).
  if (group?.hedged && /(?:^| )(?:would|'d)(?: |$)/.test(group.words)) {
    if (promiseRecalledBefore(words, phraseStart)) group = { ...group, hedged: false };
  }

  // "The team that runs resets", "a fix that resets your limits": a relative clause says
  // something of the noun before it; the reset in it may be no announcement (held).
  const relative = words[phraseStart - 1];
  const antecedent = words[phraseStart - 2];
  if (
    group !== null &&
    phraseStart - 2 >= start &&
    relative !== undefined &&
    ['that', 'who', 'which'].includes(relative.text) &&
    antecedent !== undefined &&
    (antecedent.pos === 'NOUN' || antecedent.pos === 'PROPN')
  ) {
    doubt ??= `a reset inside a relative clause ("${textOf(words.slice(phraseStart - 2, phraseStart + 1))}")`;
  }
  // "I don't think we'll reset limits this week": a denied belief denies the reset; "I
  // think we'll reset tomorrow" is not a firm announcement; "People are saying we reset
  // limits" reports what others say.
  const framing = framingBefore(words, start, phraseStart);
  // "people keep posting that codex limits reset at midnight": a reset with no verb of its
  // own, in what others say, is theirs too (rules-2.13.1).
  const reportedBy = group === null && framing?.kind === 'reported' ? framing.verb : null;
  if (framing !== null && group !== null) {
    if (framing.kind === 'denied') group = { ...group, negated: true };
    else if (framing.kind === 'hedged') doubt ??= `a belief ("${framing.verb}")`;
    else {
      group = {
        ...group,
        notAnnouncing: group.notAnnouncing ?? `what others say ("${framing.verb}")`,
      };
    }
  }
  // "limits get wiped the same day": a present "get" passive says neither now nor when,
  // unless "now" does (rules-2.10.0).
  if (
    verbUse &&
    group?.tense === 'ongoing' &&
    /(?:^| )gets?(?= |$)/.test(group.words) &&
    // "Usage limits get reset tonight": a time says when (rules-2.11.0).
    !/\bnow\b/.test(clause(start, end)) &&
    !FUTURE_TIME.test(clause(start, end))
  ) {
    // So does one opening the sentence: "Within the hour, Codex limits get fully refreshed"
    // is ahead (rules-2.13.19).
    if (start > 0 && start <= 6 && FUTURE_TIME.test(clause(0, start)))
      group = { ...group, tense: 'coming' };
    else doubt ??= `a present "${group.words}": now, or later?`;
  }
  // "The 5-hour window … resets 5 hours later": a present "resets" with no "now" and no
  // time ahead says what happens as a rule as much as what happens now (rules-2.11.0).
  const groupVerb = words.slice(start, end).find((word) => word.text === group?.words);
  if (
    group?.tense === 'ongoing' &&
    groupVerb !== undefined &&
    formOf(groupVerb) === 'present3' &&
    // the reset's own verb: "resets", or "starts … and resets" (not "everyone gets a reset").
    (groupVerb === words[index] || words[index]!.text === 'resets') &&
    !/\bnow\b/.test(clause(start, end)) &&
    !FUTURE_TIME.test(clause(start, end))
  ) {
    doubt ??= `a present "${group.words}": now, or as a rule?`;
  }
  // "a way to let Enterprise admins reset limits": someone else is let reset (rules-2.10.0).
  const letting = causedBy(words, verbUse ? phraseStart : index, start);
  if (letting !== null && group !== null) {
    group = {
      ...group,
      notAnnouncing: group.notAnnouncing ?? `a reset others are let do ("${letting}")`,
    };
  }
  // "let me just press the reset button", "let's reset limits": an offer, not an
  // announcement (rules-2.10.0).
  if (group !== null && offeredBefore(words, start, phraseStart))
    group = { ...group, hedged: true };
  // "Nobody on the team has reset anything": a negative subject denies the verb; "…were
  // never affected and nothing was reset": right before its verbs, too (rules-2.13.9).
  if (
    verbUse &&
    group !== null &&
    (negativeSubject(words, start) || NEGATIVE_SUBJECTS.has(words[phraseStart - 1]?.text ?? ''))
  ) {
    group = { ...group, negated: true };
  }

  // "each day we'll either ship an improvement or ship a full reset", "the day we reach
  // perfection it will be resets": a reset that depends on something (rules-2.2.0). A done
  // reset depends on no condition ("we have reset limits, if you still see issues…").
  // A bare "we reset" is present as much as past: "we reset limits when an incident burns
  // your usage" is a rule, on a condition (rules-2.10.0).
  // So is a bare "do" before a noun: "that's only true when we do a manual reset"
  // (rules-2.13.1).
  const bare =
    (verbUse && group?.words === words[index]!.text) || (!verbUse && group?.words === 'do');
  const contingency = contingencyOf(
    words,
    index,
    phraseStart,
    start,
    end,
    group?.tense === 'done' && !bare,
  );
  if (contingency !== null) {
    const hypothetical = contingency.kind === 'hypothetical';
    group = {
      tense: group?.tense ?? 'none',
      words: group?.words ?? clause(start, end),
      negated: group?.negated ?? false,
      hedged: !hypothetical || (group?.hedged ?? false),
      notAnnouncing:
        group?.notAnnouncing ??
        (hypothetical ? `a reset on a condition ("${contingency.cue}"), not a schedule` : null),
      infinitive: false,
    };
  }

  if (group === null) {
    return {
      tense: 'none',
      cue: clause(start, end),
      negated: determinerNegated,
      hedged: false,
      notAnnouncing: reportedBy === null ? null : `what others say ("${reportedBy}")`,
      nominal,
      clause: clause(start, end),
      modifier,
      dependsOn: null,
      doubt,
      namedFor,
    };
  }
  return {
    tense: group.tense,
    cue: group.words,
    negated: group.negated || determinerNegated,
    hedged: group.hedged,
    notAnnouncing: group.notAnnouncing,
    nominal: false,
    clause: clause(start, end),
    modifier,
    dependsOn: contingency === null ? null : `${contingency.kind} ("${contingency.cue}")`,
    doubt,
    namedFor,
  };
}

/** The noun before a noun "reset" when it names something else resets are of, or null. */
function namedForOf(words: readonly Word[], index: number, start: number, verbUse: boolean) {
  const before = words[index - 1];
  if (verbUse || index - 1 < start || before === undefined || !NAMES.has(before.pos)) return null;
  if (TIME_NOUNS.test(before.text) || TIME_UNITS.test(before.text) || DAY_NAME.test(before.text))
    return null;
  return namesNothingReset([before]) ? before.text : null;
}
const DAY_NAME = /^(?:mon|tues|wednes|thurs|fri|satur|sun)day$/;

/** The indices of the words that say "reset" (as a noun or a verb). */
export const resetWordsOf = (words: readonly Word[]) =>
  words.flatMap((word, index) => (isReset(word) ? [index] : []));
