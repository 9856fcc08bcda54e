import type { ClassifiedReset } from '../ledger/entry.ts';
import { clip } from './classification.ts';
import { BANK_VOCABULARY, HEDGED, USAGE_CONTEXT } from './cues.ts';
import {
  ARRIVING,
  FUTURE_WORD,
  HEADS_UP,
  headingWithoutTime,
  type Mention,
  ownTimeText,
  PER_PERIOD,
  RECENTLY,
  TAKEN_BACK,
} from './mentions.ts';
import {
  AFTER_DAYS_EVENT,
  BARE_RESET,
  FIRMLY_DONE,
  NEAR_DAY,
  TAKES_TIME,
  UNDER_WAY_NOW,
} from './post-tense.ts';
import { namesDayGoneBy, timeAhead } from './schedule-time.ts';
import { A_SPAN } from './sense/word-classes.ts';
import type { Tense } from './sense.ts';
import type { ReadText } from './text.ts';
import type { Verdict } from './verdict.ts';

/**
 * What makes a post's announcement doubtful, each a reason to hold it or to trust it less:
 * its date, a heads-up read as done, hedges, words that take it back, a program of resets,
 * and a reset of nothing named. Used by announcement.ts.
 */

/** A post's announcing mentions, their kinds (readKinds) and when the post was written. */
export interface Announcing {
  readonly own: ReadText;
  readonly mentions: readonly Mention[];
  readonly kinds: readonly Tense[];
  readonly announcedMs: number;
  readonly zone: string;
}

const WEEKDAY = /\b(?:mon|tues|wednes|thurs|fri|satur|sun)day\b/;
/**
 * Moved by a span: "moves up a day", "pushed back an hour", "bumped by two days"; not with
 * its new time after, "pushed back by a few hours, now ~2pm PT" (rules-2.13.93).
 */
const MOVED_BY_A_SPAN = new RegExp(
  String.raw`\b(?:mov|push|bump|shift|slid|slip|delay)\w* (?:(?:the |our )?re-?set |it )?(?:up |back |forward |out )?(?:by )?${A_SPAN}(?![^.!?]{0,12}\b(?:now|new time|making it|so it's)[:,]? (?:~ ?|around |about |at )?(?:\d{1,2}(?::\d\d)? ?(?:am|pm)|noon|midnight)\b)`,
);
/** "limits: reset for everyone …": what, a colon, then a bare "reset". */
const COLON_RESET = /\b(?:limits|usage|quotas?): re-?set\b/;
/**
 * Words of the limits' cycle changed for good: "starting next week", "from now on", "instead
 * of 7 days after first use", "reset on sundays", "now resets", "the weekly reset moved".
 */
const CYCLE_CHANGE =
  /\b(?:starting next (?:week|month)|from now on|going forward|permanently|no longer)\b|\binstead of (?:(?:mon|tues|wednes|thurs|fri|satur|sun)days|\d+ days after|(?:the |a )?rolling|(?:your )?first use)\b|\bre-?sets? on (?:mon|tues|wednes|thurs|fri|satur|sun)days\b|\bnow re-?sets\b|\b(?:weekly|daily|5-?h(?:our)?) (?:limit |window )?re-?set(?: day| time)? (?:is |has |will )?(?:be )?(?:moved|moves|moving|changed|changes|changing|shifted|shifts|shifting)\b/;

/** Doubts about the day of the reset, before its tense is weighed. */
export function dateDoubts({ mentions, kinds, announcedMs, zone }: Announcing): string[] {
  const holds: string[] = [];
  // "we reset usage limits for everyone monday night": a bare "reset" (past or present) with
  // only a weekday: last Monday, or the next? (rules-2.13.2).
  // So is "limits: reset for everyone on tuesday night", a heading's colon read "are reset"
  // (rules-2.13.77).
  const weekdayOnly = mentions.find(
    (m, i) =>
      kinds[i] === 'coming' &&
      m.reading.tense === 'done' &&
      (BARE_RESET.test(m.reading.cue) || COLON_RESET.test(m.sentence)) &&
      WEEKDAY.test(m.reading.clause) &&
      !NEAR_DAY.test(m.reading.clause),
  );
  if (weekdayOnly !== undefined)
    holds.push(`a bare "${weekdayOnly.reading.cue}" with a weekday: the last one, or the next?`);
  // "we reset limits for all plans on nov 18" written on the 19th (rules-2.13.16).
  const goneBy = mentions.some(
    (m, i) => kinds[i] !== 'coming' && namesDayGoneBy(m.reading.clause, announcedMs, zone),
  );
  if (goneBy) holds.push('a done reset dated a day gone by: recalled, or announced late?');
  return holds;
}

/**
 * "Heads up to team workspaces: … limits get reset at 17:00 UTC today" written at 18:00
 * UTC: a warning of what comes, read as done; which? (rules-2.13.20).
 */
export function headsUpReadAsDone({ own, mentions }: Announcing): boolean {
  return (
    HEADS_UP.test(own.all) &&
    !mentions.some(
      (m) =>
        UNDER_WAY_NOW.test(m.sentence) ||
        RECENTLY.test(m.sentence) ||
        FIRMLY_DONE.test(m.reading.cue) ||
        /\bgot\b/.test(m.reading.cue),
    )
  );
}

/**
 * Hedges, words that take the announcement back, a program of resets and doubts of the
 * grammar, each holding the post; other sentences about resets lower the confidence.
 */
export function weighDoubts(
  verdict: Verdict,
  announcing: Announcing,
  done: boolean,
  /** The announcing mentions' sentences and the landing sentences. */
  tenseText: readonly string[],
  /** Mentions that announce nothing. */
  refused: number,
): void {
  const { own, mentions, kinds, announcedMs, zone } = announcing;
  const dependent = mentions.find((m) => m.reading.dependsOn !== null);
  // A hedge in a sentence of when it lands hedges the time, not a done reset: "resetting
  // limits now. might take ~10 min to propagate" (rules-2.10.0).
  // Nor is "it may take a short while to appear" after a done reset (rules-2.11.0).
  const hedgeText = done ? mentions.map((m) => m.sentence.replace(TAKES_TIME, ' ')) : tenseText;
  // "resetting everyone's limits as we speak, should reach all accounts within ~30 min": a
  // reset under way now is not hedged by how long it takes to reach accounts (rules-2.12.0).
  // "we'll reset limits tomorrow morning once the fix is deployed": a reset awaiting an
  // event, with a firm time of its own, is a schedule; with none it stays held
  // (rules-2.13.0). A hedge's own words ("might", "hope to") still hold it below.
  const timedAwaited = (m: Mention, i: number) =>
    kinds[i] === 'coming' &&
    m.reading.dependsOn?.startsWith('awaited') === true &&
    timeAhead(m.sentence, announcedMs, zone) === 'explicit';
  const hedgedMention = mentions.some(
    (m, i) =>
      m.reading.hedged &&
      !(kinds[i] === 'ongoing' && UNDER_WAY_NOW.test(m.reading.clause)) &&
      !timedAwaited(m, i),
  );
  if (hedgedMention || HEDGED.test(hedgeText.join(' '))) {
    verdict.hold(
      dependent === undefined
        ? 'hedged ("maybe", "might", "would", "hope to"…): not a firm announcement'
        : `the reset depends on something, ${dependent.reading.dependsOn}: not a firm announcement`,
      0.3,
    );
  }
  // "the thanksgiving reset moves up a day", "pushed the reset back an hour": its time is the
  // old one moved, which the words may not say (rules-2.13.86).
  const moved = mentions.find((m, i) => kinds[i] === 'coming' && MOVED_BY_A_SPAN.test(m.sentence));
  if (moved !== undefined)
    verdict.hold(`moved by a span of time ("${clip(moved.sentence)}"): to when?`, 0.3);
  // "we're zeroing everyone's limits right after tomorrow's keynote": its time is an event's,
  // which the window may not read ("go wild today, …"): held (rules-2.13.45).
  const afterEvent = mentions
    .filter((m, i) => kinds[i] === 'coming' && m.reading.tense === 'ongoing')
    .map((m) => AFTER_DAYS_EVENT.exec(m.reading.clause))
    .find((found): found is RegExpExecArray => found !== null);
  if (afterEvent !== undefined)
    verdict.hold(`a reset after an event ("${afterEvent[0]}"): when?`, 0.6);
  // "limits got reset for everyone last night", told the next morning: news, as "overnight"
  // is, or told already the night before? (rules-2.13.49).
  if (done && mentions.some((m) => toldOfLastNight(m.reading.clause)))
    verdict.hold('done last night: told then already, a second record of the same reset?', 0.6);
  // Words anywhere in the post that take the announcement back: a joke said to be one, or
  // "nothing is planned" (rules-2.10.0, 2.11.0).
  for (const [pattern, why] of TAKEN_BACK) {
    const found = pattern.exec(own.all);
    if (found !== null) verdict.hold(why(found[0]), 0.3);
  }
  // "you get 1 banked reset per day without access": a program of resets (rules-2.11.0).
  // ("We will give one banked reset for every day…" promises it: no doubt; not a present
  // read as coming, "the usage meter goes back to zero at midnight UTC every day", a cycle:
  // rules-2.13.23.)
  const program = mentions.find(
    (m) =>
      (m.reading.tense !== 'coming' || !FUTURE_WORD.test(m.reading.cue)) &&
      PER_PERIOD.test(m.sentence),
  );
  if (program !== undefined)
    verdict.hold(
      `a reset "${PER_PERIOD.exec(program.sentence)![0]}": a program, or one reset?`,
      0.3,
    );
  // "the weekly reset moved from monday to sunday for everyone, starting next week",
  // "everyone's weekly limit now resets at midnight UTC instead of 7 days after first use":
  // the limits' own cycle changed, not one reset given? (rules-2.13.52).
  const cycle = mentions
    .map((m) => CYCLE_CHANGE.exec(m.sentence))
    .find((found): found is RegExpExecArray => found !== null);
  if (cycle !== undefined)
    verdict.hold(`"${cycle[0]}": the limits' own cycle changed, or one reset given?`, 0.3);
  const doubted = mentions.find((m) => m.reading.doubt !== null);
  if (doubted !== undefined) verdict.hold(`${doubted.reading.doubt}: not a firm announcement`, 0.3);
  if (refused > 0) verdict.note('other sentences talk about resets without announcing one', 0.1);
}

/**
 * A post of one short sentence, a verb group of "reset" and no time, not even "now": "going
 * to reset" (not "reset going out now").
 */
function onlyTheVerb(own: ReadText, announcedMs: number, zone: string): boolean {
  return (
    own.sentences.length === 1 &&
    own.all.split(/\s+/).length <= 4 &&
    !/\bnow\b/.test(own.all) &&
    timeAhead(own.all, announcedMs, zone) === null
  );
}

/**
 * On this account a reset is one of usage limits. A firm verb ("has been reset", "all
 * propagated", "will land") makes "Reset all propagated." an announcement; a reset named
 * without one, or only through a thing ("the reset button"), stays in doubt. So does a time
 * ahead in the reset's own clause: "we're resetting tomorrow morning", "the reset lands at
 * noon PT", "another reset later today" (rules-2.11.0). Banked words beside a global reset
 * hold it too.
 */
export function weighWhatIsReset(
  verdict: Verdict,
  { own, mentions, kinds, announcedMs, zone }: Announcing,
  /** What the post says about its reset (aboutText and the mentions as read). */
  about: string,
  resetType: ClassifiedReset['resetType'],
): void {
  if (!USAGE_CONTEXT.test(about)) {
    const firm = mentions.some(
      (m, i) =>
        !m.reading.modifier &&
        ((!m.reading.nominal &&
          (m.reading.tense === 'done' ||
            // Not a post of nothing but "going to reset": coming, but of what, and when?
            // (rules-2.13.35).
            (m.reading.tense === 'coming' && !onlyTheVerb(own, announcedMs, zone)) ||
            // "reset is rolling out as we speak": arriving now (rules-2.13.0).
            (m.reading.tense === 'ongoing' && ARRIVING.test(m.reading.cue)))) ||
          // Its own clause's time, or its heading's ("Monday: reset."): not "calendar reset,
          // inbox at 12" (rules-2.13.0); not "duolingo streak reset at midnight", a reset
          // named for something else, nor "sunday reset: clean desk, inbox zero", a heading
          // whose time is not after its colon (rules-2.13.2).
          (kinds[i] === 'coming' &&
            m.reading.namedFor === null &&
            !headingWithoutTime(m.sentence, announcedMs, zone) &&
            timeAhead(ownTimeText(m), announcedMs, zone) === 'explicit')),
    );
    if (firm)
      verdict.note('no limits or users named: a reset of usage limits, on this account', 0.1);
    else verdict.hold('a reset of what? No limits, usage, plans or users are named near it', 0.2);
  }
  if (resetType === 'global' && BANK_VOCABULARY.test(own.all))
    verdict.hold('banked words appear, but no banked reset was read: global or banked?', 0.2);
}

/**
 * "last night" in a done reset's clause, not after a time just gone ("we reset limits an
 * hour ago since the backlog last night" is told of now), nor "last night's outage".
 */
function toldOfLastNight(clause: string): boolean {
  const lastNight = /\blast night\b(?! ?'s)/.exec(clause);
  if (lastNight === null) return false;
  const recent = RECENTLY.exec(clause);
  return recent === null || recent.index > lastNight.index;
}
