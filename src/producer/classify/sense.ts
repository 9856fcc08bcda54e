import { contingencyOf, HYPOTHETICAL } from './conditions.ts';
import type { Word } from './grammar.ts';
import { clauseOf, formOf } from './sense/clause.ts';
import {
  causedBy,
  embeddedIn,
  framingBefore,
  negativeSubject,
  offeredBefore,
} from './sense/framing.ts';
import {
  countOf,
  datedBefore,
  evaluatedAt,
  governorBefore,
  lemmaOfGovernor,
  negatedChainBefore,
  otherRelativeSubject,
  ourClauseGroup,
  ownedSubjectBefore,
  promiseRecalledBefore,
  qualityAfter,
  thingSubjectBefore,
  verdictAfter,
} from './sense/governor.ts';
import { inNounPhrase, timeOwnerBefore } from './sense/noun-phrase.ts';
import { predicateAfter } from './sense/predicate.ts';
import {
  alternativeBefore,
  coordinatedWith,
  featureStatement,
  genericHabit,
  genericStatement,
  gerundSubject,
  topicThatClause,
  whAfterPreposition,
} from './sense/statements.ts';
import {
  byVerbClass,
  chainBefore,
  type Group,
  gerundObject,
  likedGerund,
  readGroup,
} from './sense/verb-group.ts';
import {
  isVerbUse,
  nounObjectOf,
  otherTeamBefore,
  purposeOf,
  quotedLabel,
} from './sense/verb-use.ts';
import { otherSubject, whatIsReset } from './sense/what-is-reset.ts';
import {
  A_SPAN,
  ABILITY_MODALS,
  AHEAD,
  AHEAD_OWNER,
  ALMOST_HERE,
  ANNOUNCING_VERBS,
  DIFFERENT,
  DUMMY_SUBJECTS,
  EXPECTING_MODALS,
  FIRST_PERSON,
  FUTURE_TIME,
  GENERIC_SUBJECTS,
  GIVING_VERBS,
  HEDGING_MODALS,
  INTENTIONS,
  KEEPING_VERBS,
  KEPT_FOR_LATER,
  MOVED,
  NAMES,
  NEGATIVE_SUBJECTS,
  NEGATORS,
  ORDINAL,
  PAST_ADJECTIVES,
  PAST_OWNER,
  PERFECT_AUX,
  POSSESSIVES,
  PRESS_VERBS,
  QUANTIFIERS,
  RELATIVE,
  RESET_HEADS,
  RIGHT_ADVERBS,
  TAKEN_FOR_VERBS,
  TIME_NOUNS,
  TIME_UNITS,
  TOPIC_OF_RESETS,
} from './sense/word-classes.ts';
import {
  isArrivalAfter,
  isAux,
  isFiller,
  isPredicateWord,
  isReset,
  isTopicNoun,
  namesNothingReset,
  predicateTense,
  textOf,
} from './sense/words.ts';

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
    (head.pos === 'NOUN' || head.pos === 'PROPN' || TAKEN_FOR_VERBS.has(head.text)) &&
    !RESET_HEADS.has(head.lemma) &&
    // "reset Codex usage limits": a name before what is reset, not a thing named (also
    // lowercase, "reset codex rate limits", tagged a noun: rules-2.13.0).
    !(NAMES.has(head.pos) && RESET_HEADS.has(words[index + 2]?.lemma ?? '')) &&
    !TIME_NOUNS.test(head.text) &&
    // "usage limits reset end of the week for everyone" ("EOW"): its time (rules-2.13.79).
    !(head.text === 'end' && words[index + 2]?.text === 'of') &&
    // "the reset moves from today to monday": its verb, not "dance moves" (rules-2.13.105).
    !(head.text === 'moves' && /^(?:from|to)$/.test(words[index + 2]?.text ?? '')) &&
    !isArrivalAfter(words[index]!, head) &&
    // "banked resets ship tomorrow": a plural's verb, not a thing named (rules-2.11.0).
    !(words[index]!.text.endsWith('s') && /^ships?$/.test(head.text)) &&
    // "the reset ships tomorrow at 10am PT" (rules-2.13.4); "a one-time usage reset ships
    // with tonight's deploy" (rules-2.13.96).
    !(head.text === 'ships' && words[index - 1]?.pos === 'DET') &&
    !(
      /^ships?$/.test(head.text) &&
      /^(?:with|on|at|in|by|tonight|tomorrow|today|next|this|alongside|later|soon)$/.test(
        words[index + 2]?.text ?? '',
      )
    ) &&
    // "the reset moves to Monday", "slips to Friday": a verb of its time (rules-2.13.1); "moves
    // up a day" (rules-2.13.86); "moves with it" (rules-2.13.89).
    !(
      MOVED.test(head.text) &&
      /^(?:to|up|back|forward|out|by|with)$/.test(words[index + 2]?.text ?? '')
    ) &&
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
  // "staged reset schedule: EU/UK tomorrow 9am CET, US tomorrow 9am PT": its schedule, said
  // after a colon (rules-2.13.87).
  const scheduleSaid = head?.text === 'schedule' && words[index + 2]?.text === ':';
  if (modifier && head.text !== 'button' && head.text !== 'eta' && !scheduleSaid) {
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
    // "best part of any limit reset is watching the graphs": any reset, resets in general
    // (rules-2.13.41); not "there won't be any reset", denied below.
    if (
      words[phraseStart]?.text === 'any' &&
      !words.slice(start, index).some((word) => NEGATORS.has(word.text))
    ) {
      const any = textOf(words.slice(phraseStart, index + 1));
      return nothing(any, `resets in general ("${any}"), not one announced`);
    }
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
    // "leaderboard for our internal codex hackathon resets at midnight": "resets" the tagger
    // reads as a verb, after a noun that names something else, is that thing's (rules-2.13.73).
    if (words[index]!.text === 'resets' && words[index]!.pos === 'VERB' && namedFor !== null) {
      const named = textOf(words.slice(phraseStart, index + 1));
      return nothing(named, `a reset of "${namedFor}", not of usage limits`);
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
    // "two banked resets per account": how many each gets, not a count of resets done
    // (rules-2.13.66).
    const perAccount = ['per', 'each'].includes(words[index + 1]?.text ?? '');
    const count = perAccount ? null : countOf(words, phraseStart, index);
    if (governor !== null) {
      const verb = words[governor]!;
      // "saving one reset for the next launch": one kept to give, as a reset banked; not "saving
      // my banked reset", a user's (rules-2.13.43).
      const governed = lemmaOfGovernor(verb);
      const lemma =
        governed === 'save' &&
        /ing$/.test(verb.text) &&
        GIVEN_ONE.has(words[governor + 1]?.text ?? '')
          ? 'bank'
          : governed;
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
                  FIRST_PERSON.has(words[phraseStart - 1]?.text ?? '') ||
                  // "just applied a reset to all enterprise workspaces" (rules-2.13.105).
                  (words[index + 1]?.text === 'to' && TO_EVERY.test(words[index + 2]?.text ?? '')))
              ? 'do'
              : lemma,
        );
      // "the usage meter in the vscode extension showed a reset at 00:00 UTC": what a screen
      // showed, not a reset given (rules-2.13.71). Not "should show fresh limits", where the
      // limits are seen because they were reset.
      if (
        (verb.lemma === 'show' || verb.lemma === 'display') &&
        words[index]!.lemma === 'reset' &&
        !MODALS_BEFORE.has(words[governor - 1]?.text ?? '')
      ) {
        group = {
          ...group,
          notAnnouncing: group.notAnnouncing ?? `a reset shown ("${verb.text}"), not given`,
        };
      }
      // "we pushed the reset to 2pm PT": moved to a time, ahead (rules-2.13.71).
      if (MOVE_IN_TIME.has(verb.lemma) && movedToATime(words, index, end, verb.lemma)) {
        const stopped = group.notAnnouncing?.startsWith('a reset stopped') === true;
        group = { ...group, tense: 'coming', notAnnouncing: stopped ? null : group.notAnnouncing };
      }
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
      // "got the reset approved!! happening tomorrow at 9am PT", "got a reset scheduled": the
      // reset had made ready, still to come, whenever the getting was (rules-2.13.76).
      if (
        verb.lemma === 'get' &&
        group.tense === 'done' &&
        MADE_READY.has(words[index + 1]?.text ?? '')
      )
        group = { ...group, tense: 'coming' };
      // "my back did a full reset", "his laptop needs a reset": the one doing or having it is
      // someone's thing, not us (rules-2.13.0).
      // "the gpu cluster got a full reset": a thing's, unless the reset is said "of" or
      // "for" something after it (rules-2.13.103).
      const owner =
        ownedSubjectBefore(words, governor, start) ??
        otherTeamBefore(words, governor, start) ??
        (OF_OR_FOR.has(words[index + 1]?.text ?? '')
          ? null
          : thingSubjectBefore(words, governor, start));
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
      // "there's a reset coming saturday for everyone", "there is a reset landing tomorrow":
      // a reset there is, on its way (rules-2.13.43).
      if (
        verb.lemma === 'be' &&
        group.tense !== 'coming' &&
        words.slice(start, phraseStart).some((w) => w.text === 'there') &&
        COMING_AFTER.has(words[index + 1]?.text ?? '')
      )
        group = { ...group, tense: 'coming' };
      // "there's a reset tomorrow for everyone", "there is a reset tonight": a reset there
      // is, at a time said after it; named, its time decides (rules-2.13.55).
      if (
        PRESENT_COPULA.test(verb.text) &&
        group.tense === 'done' &&
        words.slice(start, phraseStart).some((w) => w.text === 'there') &&
        timeWordAfter(words, index + 1, end)
      )
        group = { ...group, tense: 'none' };
      // "there's a reset going out saturday morning": on its way, at its time; "… going out
      // now" stays done (rules-2.13.45).
      if (
        PRESENT_COPULA.test(verb.text) &&
        group.tense === 'done' &&
        words.slice(start, phraseStart).some((w) => w.text === 'there') &&
        /^(?:going|rolling)$/.test(words[index + 1]?.text ?? '') &&
        words[index + 2]?.text === 'out' &&
        !words.slice(index + 3, end).some((w) => w.text === 'now')
      )
        group = { ...group, tense: 'ongoing' };
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
      // "i keep one reset in my back pocket", "we've got a banked reset for all paid plans":
      // a reset we hold is one still to give, not one given (rules-2.13.40).
      if (
        !group.negated &&
        group.tense !== 'coming' &&
        FIRST_PERSON.has(words[phraseStart - 1]?.text ?? '') &&
        // (Not "we've got you covered with a banked reset".)
        (words[governor + 1]?.pos === 'DET' || words[governor + 1]?.pos === 'NUM') &&
        (KEEPING_VERBS.has(verb.lemma) ||
          ((PERFECT_AUX.has(verb.text) ||
            (verb.text === 'got' && PERFECT_AUX.has(words[governor - 1]?.text ?? ''))) &&
            (words.slice(governor + 1, index).some((w) => w.text === 'banked') ||
              // "we have a reset banked for them" (rules-2.13.41).
              KEPT_FOR_LATER.has(words[index + 1]?.text ?? ''))))
      )
        group = { ...group, tense: 'coming' };
      // "got a reset in the back pocket, saving it for a rainy day": kept, whoever says it
      // (rules-2.13.44).
      if (
        !group.negated &&
        group.tense !== 'coming' &&
        / in (?:my|our|the) back pocket\b/.test(clause(index, end))
      )
        group = { ...group, tense: 'coming' };
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
        const predicateGroup = readGroup(
          words,
          chainBefore(words, predicate, index + 1),
          predicate,
          index + 1,
        );
        group = movedToATime(words, predicate, end)
          ? // "reset got pushed to 2pm PT today", "the reset is moved to friday": moved to a
            // time, so ahead, whatever the tense of the moving (rules-2.13.71).
            { ...predicateGroup, tense: 'coming' }
          : byVerbClass(
              predicateGroup,
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
        // "a global reset clears all of them": what any reset does (rules-2.13.35).
        const statement =
          genericStatement(words, index, phraseStart, predicate) ??
          genericHabit(words, index, phraseStart, predicate);
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
        // "the reset is tonight", "the reset is at 5pm PT": what the copula says is its time,
        // and the time decides (rules-2.13.55).
        if (
          PRESENT_COPULA.test(words[predicate]!.text) &&
          !group.negated &&
          timeWordAfter(words, after, Math.min(end, after + 2))
        )
          group = { ...group, tense: 'none' };
        // "A reset is on the way", "is on its way": coming.
        if (
          isAux(words[predicate]!) &&
          words[after]?.text === 'on' &&
          ['the', 'its'].includes(words[after + 1]?.text ?? '') &&
          words[after + 2]?.text === 'way'
        ) {
          group = { ...group, tense: 'coming' };
        }
        // "friday reset is ON 🎉", "the reset is a go": it will happen, so ahead (rules-2.13.58).
        if (
          PRESENT_COPULA.test(words[predicate]!.text) &&
          ((words[after]?.text === 'on' &&
            (after + 1 >= end || ['PUNCT', 'SYM'].includes(words[after + 1]!.pos))) ||
            (words[after]?.text === 'a' && words[after + 1]?.text === 'go'))
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
  // "limits reset for me at 2pm", "the 5h limit reset at 2pm for me too": told by the one it
  // happened to, the speaker's own (rules-2.13.71).
  if (forTheSpeaker(words, index, end)) doubt ??= `a reset "for me": the speaker's own`;
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
            ? `a reset of ${what.text.startsWith('my') ? "the speaker's" : "one person's"} own ("${what.text}")`
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
  // So is "everyone should see their weekly window back at 0%" (rules-2.12.2), and "should
  // show fresh limits, if not log out/in" (rules-2.13.45); "everyone should now see a banked
  // reset in the usage panel", "should already see it" (rules-2.13.73).
  if (
    group?.tense === 'coming' &&
    /^(?:should|must)(?: (?:now|already))? (?:be \S+(?:ed|set)|see|notice|find|show|appear)$/.test(
      group.words,
    ) &&
    !FUTURE_TIME.test(clause(start, end))
  ) {
    if (/\b(?:now|already)\b/.test(textOf(words))) group = { ...group, tense: 'done' };
    else doubt ??= `"${group.words}": by now, or later?`;
  }
  // "Told you there'd be a reset today": a promise recalled, not a hedge (rules-2.12.0); but
  // "we said we'd reset if the outage went past an hour": a promise on a condition, recalled
  // (rules-2.13.69).
  if (group?.hedged && /(?:^| )(?:would|'d)(?: |$)/.test(group.words)) {
    if (
      promiseRecalledBefore(words, phraseStart) &&
      !words.slice(phraseStart).some((word) => HYPOTHETICAL.has(word.text))
    )
      group = { ...group, hedged: false };
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
    // is ahead (rules-2.13.19); so is a longer one set off by a comma: "tomorrow, between 8
    // and 10am PT, everyone's codex limits get reset" (rules-2.13.74).
    if (
      start > 0 &&
      (start <= 6 || (start <= 12 && words[start - 1]!.text === ',')) &&
      FUTURE_TIME.test(clause(0, start))
    )
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
  // "i have reset more rate limits this year than i have reset my own sleep schedule": a
  // comparison of how many, not a reset (rules-2.13.43).
  if (
    verbUse &&
    group !== null &&
    COMPARED.has(words[index + 1]?.text ?? '') &&
    words.slice(index + 2, end).some((word) => word.text === 'than')
  )
    group = {
      ...group,
      notAnnouncing: group.notAnnouncing ?? `resets compared ("${words[index + 1]!.text} … than")`,
    };
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
  // "not everyone got a reset, that screenshot … is from a staff account": not everyone's;
  // whose, then? Held (rules-2.13.97).
  if (group !== null && words[start]?.text === 'not' && EVERY_ONE.has(words[start + 1]?.text ?? ''))
    doubt ??= '"not everyone": whose reset was it?';
  // "your limits go further, not that we reset them": a clause after "not that" is denied
  // (rules-2.13.42).
  if (
    group !== null &&
    words
      .slice(Math.max(0, start - 2), phraseStart)
      .some((word, i, before) => NEGATORS.has(word.text) && before[i + 1]?.text === 'that')
  )
    group = { ...group, negated: true };

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

/** "is", "'s", "are", "'re": the present of "be". */
const PRESENT_COPULA = /^(?:is|'s|are|'re)$/;
/** What a reset one gets is made ready by: "got the reset approved", "got one scheduled". */
const MADE_READY = new Set(['approved', 'greenlit', 'okayed', 'scheduled', 'queued', 'booked']);
/** "reset more limits than …": how many, compared. */
const COMPARED = new Set(['more', 'fewer', 'less']);
/** "saving one reset", "saving a reset": one of ours, not "my" or "your" reset. */
const GIVEN_ONE = new Set(['a', 'one', 'another']);
/** After a reset, what it is of or for: "a reset of everyone's limits", "a reset for plus". */
const OF_OR_FOR = new Set(['of', 'for']);
/** After "there's a reset": on its way. */
const COMING_AFTER = new Set(['coming', 'landing', 'dropping', 'headed', 'heading', 'incoming']);

/** The noun before a noun "reset" when it names something else resets are of, or null. */
function namedForOf(words: readonly Word[], index: number, start: number, verbUse: boolean) {
  const before = words[index - 1];
  if (verbUse || index - 1 < start || before === undefined || !NAMES.has(before.pos)) return null;
  if (TIME_NOUNS.test(before.text) || TIME_UNITS.test(before.text) || DAY_NAME.test(before.text))
    return null;
  return namesNothingReset([before]) ? before.text : null;
}
const DAY_NAME = /^(?:mon|tues|wednes|thurs|fri|satur|sun)day$/;

/** A modal before a verb: "should show", "will show" (word-classes.ts's, and the future's). */
const MODALS_BEFORE = new Set([
  ...HEDGING_MODALS,
  ...EXPECTING_MODALS,
  ...ABILITY_MODALS,
  'will',
  "'ll",
]);
/** Verbs that move something in time: "pushed to 2pm", "moved to friday", "delayed until 6pm". */
const MOVE_IN_TIME = new Set([
  'move',
  'push',
  'shift',
  'bump',
  'slide',
  'slip',
  'reschedule',
  'delay',
  'postpone',
  'defer',
]);

/**
 * What is moved, at `at`, goes to a time named right after it: the verb there, "pushed (back)
 * to 2pm", or its object, "pushed the reset to 2pm" (`lemma`, the verb's).
 */
function movedToATime(
  words: readonly Word[],
  at: number,
  end: number,
  lemma = words[at]!.lemma,
): boolean {
  if (!MOVE_IN_TIME.has(lemma)) return false;
  let to = at + 1;
  if (MOVED_WHICH_WAY.has(words[to]?.text ?? '')) to++;
  // "moves from today to monday 8am PT": where it was, then where it goes (rules-2.13.105).
  if (words[to]?.text === 'from') {
    const onTo = words.slice(to + 1, to + 5).findIndex((w) => TO_A_TIME.has(w.text));
    if (onTo >= 0) to += 1 + onTo;
  }
  // "the thanksgiving reset moves up a day": moved by a span (rules-2.13.86; held,
  // announcement-doubts.ts).
  if (
    BY_A_SPAN.test(
      words
        .slice(to, to + 5)
        .map((w) => w.text)
        .join(' '),
    )
  )
    return true;
  // "reset got moved: instead of today it'll be tomorrow at 9am PT", "the reset got
  // moved.": moved, its new time said after, or not yet (rules-2.13.84). Not "postponed" or
  // "pushed" alone: put off, or a button pushed.
  if (words[to]?.text === ':' || (to >= end && MOVED_ALONE.has(lemma))) return true;
  // "rescheduled for tomorrow noon PT" (rules-2.13.106).
  const toWord = words[to]?.text ?? '';
  return (
    (TO_A_TIME.has(toWord) || (toWord === 'for' && lemma === 'reschedule')) &&
    timeWordAfter(words, to + 1, end)
  );
}
/** "pushed back to", "moved up to", "pulled forward to" (rules-2.13.84: up, forward). */
const MOVED_WHICH_WAY = new Set(['back', 'out', 'up', 'forward']);
/**
 * How far something is moved: "a day", "an hour", "two days", "by a week", "by a few hours"
 * (rules-2.13.93: it was read done).
 */
const BY_A_SPAN = new RegExp(`^(?:by )?${A_SPAN}`);
/** Verbs that, alone, say something was given another time: "the reset got moved." */
const MOVED_ALONE = new Set(['move', 'shift', 'reschedule']);
/** What opens the time something is moved to: "to 2pm", "until friday" ("til" is read "until"). */
const TO_A_TIME = new Set(['to', 'until', 'till']);

/**
 * "for me" or "on my end / account / side" in the few words after a reset (before `end`);
 * not "for me and everyone else".
 */
function forTheSpeaker(words: readonly Word[], index: number, end: number): boolean {
  for (let at = index + 1; at < Math.min(end, index + 7) - 1; at++) {
    const [word, next] = [words[at]!.text, words[at + 1]!.text];
    if (word === 'for' && next === 'me' && !AND.has(words[at + 2]?.text ?? '')) return true;
    if (word === 'on' && next === 'my' && MY_SIDE.has(words[at + 2]?.text ?? '')) return true;
  }
  return false;
}
const MY_SIDE = new Set(['end', 'account', 'side']);
const AND = new Set(['and', '&', '+', 'or']);
/** Words of a time ahead: "tonight", "friday", "5pm", "eod" (not "today", which may be gone). */
const TIME_WORD =
  /^(?:tonight|tomorrow|tmrw|tmr|later|eod|noon|midnight|(?:mon|tues|wednes|thurs|fri|satur|sun)day|\d{1,2}(?::\d\d)?(?:am|pm)|\d{1,2}:\d\d)$/;
/** A time among the words [from, end): "there's a reset tomorrow", "is at 5pm". */
/** Words that may stand between a verb and its time: "at", "on monday", "the next day". */
const BEFORE_A_TIME = new Set(['at', 'on', 'this', 'next', 'by']);
const BEFORE_A_TIME_POS = new Set(['ADP', 'DET', 'NOUN', 'ADJ', 'PROPN', 'CCONJ', 'PUNCT']);

function timeWordAfter(words: readonly Word[], from: number, end: number): boolean {
  for (let at = from; at < end; at++) {
    const word = words[at]!;
    if (TIME_WORD.test(word.text)) return true;
    if (!BEFORE_A_TIME.has(word.text) && !BEFORE_A_TIME_POS.has(word.pos)) return false;
  }
  return false;
}

/** The indices of the words that say "reset" (as a noun or a verb). */
export const resetWordsOf = (words: readonly Word[]) =>
  words.flatMap((word, index) => (isReset(word) ? [index] : []));

/** After "not" opening a clause: "not everyone got a reset", some, not all. */
const EVERY_ONE = new Set(['everyone', 'everybody', 'all']);
/** Whom a reset is applied to: "to all", "to every", "to everyone". */
const TO_EVERY = /^(?:all|every|each|everyone|everybody)$/;
