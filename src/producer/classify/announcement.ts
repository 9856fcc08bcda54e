import { formatTimestamp } from '../../shared/domain/timestamp.ts';
import type { Classification, ClassifiedReset } from '../ledger/entry.ts';
import type { Post } from '../ledger/post.ts';
import { aboutText, resetTypeOf } from './classification.ts';
import { BANK_VOCABULARY, HEDGED, INCIDENT, LANDING, RESET_WORD, USAGE_CONTEXT } from './cues.ts';
import { wordsOf } from './grammar.ts';
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
  BARE_RESET,
  FIRMLY_DONE,
  IT_IS_A,
  isTimeFragment,
  LIST_ITEM,
  mentionKind,
  NEAR_DAY,
  postTense,
  TAKES_TIME,
  UNDER_WAY_NOW,
  UPCOMING,
} from './post-tense.ts';
import { timeIsTheResets } from './reply-time.ts';
import type { ClassifierOptions } from './rules-classifier.ts';
import { namesDayGoneBy, scheduleWhen, timeAhead } from './schedule-time.ts';
import { scopeOf } from './scope.ts';
import { isArrival } from './sense/words.ts';
import type { ReadText } from './text.ts';
import { RULES_CLASSIFIER } from './version.ts';

/**
 * A post's announcing mentions read together: the kind, type, scope and window of its reset,
 * and the confidence, with every reason to hold it for the operator.
 */

/** The post's tense from its announcing mentions and its landing sentences. */
export interface PostTense {
  readonly kind: ClassifiedReset['kind'] | 'both';
  readonly confidence: number;
  readonly reason: string;
  /** The sentences the window is read from. */
  readonly whenText: readonly string[];
}

/**
 * Reads the announcement of `own` (its mentions already read). Exported for thread.ts,
 * which reads a reply with the post it continues.
 */
export function readAnnouncement(
  post: Post,
  own: ReadText,
  mentions: readonly Mention[],
  options: ClassifierOptions,
  /** A reply's own sentences: its times come before those of the post it continues. */
  replyText?: ReadText,
): Classification {
  const announcedMs = Date.parse(post.createdAt);
  const announcing = mentions.filter((m) => m.refused === null);
  const mentioned = new Set(mentions.map((m) => m.sentence));
  // Sentences that say when it lands, without the word "reset" ("Lands around 6pm PT.").
  // In the author's own thread, a reply that names a time says when the reset lands
  // ("Will be there by EOD PST." under "Loading a banked reset…"): rules-2.1.0.
  // Only a time that is the reset's, not another event's ("See you tomorrow!"): rules-2.2.0.
  const replyTimes = new Set(
    replyText?.sentences.filter(
      (s) => timeAhead(s, announcedMs, options.timeZone) !== null && timeIsTheResets(s),
    ),
  );
  const landing = own.sentences.filter(
    (s) => !mentioned.has(s) && !INCIDENT.test(s) && (replyTimes.has(s) || isLandingSentence(s)),
  );
  // What each announcing mention says, its time counted: read once, used below too.
  // "Release notes preview — Monday the 23rd\n• … \n• Usage limits reset for every plan at
  // launch": a bare "reset" under a heading that names a day ahead is that day's
  // (rules-2.13.3).
  const headingAhead = aheadHeading(own, announcedMs, options.timeZone);
  // "something is going to happen to your limits at noon PT today 👀 (it's a reset.)": "it"
  // is what the sentence before said, with its time (rules-2.13.5).
  const antecedent = announcing
    .filter((m) => IT_IS_A.test(m.sentence))
    .map((m) => own.sentences[own.sentences.indexOf(m.sentence) - 1])
    .find((s) => s !== undefined && timeAhead(s, announcedMs, options.timeZone) === 'explicit');
  // "the thanksgiving reset is back this year. wednesday morning PT, all plans": a sentence
  // of nothing but a time ahead (and whom), right after the reset's, is its time
  // (rules-2.13.6).
  // So is one after a fragment of whom: "(it's a usage reset. all tiers. around 5pm PT)"
  // (rules-2.13.21).
  // So is a post's first sentence of nothing but a time, before the reset's: "monday. every
  // plus and pro account gets one banked reset" (rules-2.13.24).
  const timesAfter = announcing.map((m) => {
    const at = own.sentences.indexOf(m.sentence);
    const first = own.sentences[0]!;
    if (
      at === 1 &&
      isTimeFragment(first) &&
      timeAhead(first, announcedMs, options.timeZone) === 'explicit'
    )
      return first;
    return own.sentences
      .slice(at + 1, at + 3)
      .filter((s, i, after) => isTimeFragment(s) && (i === 0 || isTimeFragment(after[0]!)))
      .find((s) => timeAhead(s, announcedMs, options.timeZone) === 'explicit');
  });
  const fragment = timesAfter.find((s) => s !== undefined);
  const kinds = announcing.map((m, i) => {
    const kind = mentionKind(m, announcedMs, options.timeZone);
    if (antecedent !== undefined && IT_IS_A.test(m.sentence) && kind === 'done') return 'coming';
    // "ok it's a full reset of usage limits, all plans, going out 9am PT tomorrow": what "it"
    // is, with its own time ahead (rules-2.13.33).
    if (
      IT_IS_A.test(m.sentence.replace(/^(?:ok|okay|so|update|yes)[,:]? /, '')) &&
      kind === 'done' &&
      timeAhead(m.sentence, announcedMs, options.timeZone) === 'explicit'
    )
      return 'coming';
    // "thanksgiving reset is happening. all plans, wednesday morning PT": under way, but not
    // now, and its time follows (rules-2.13.9).
    // So is one named without a verb: "spoiler: full codex limits reset for everybody.
    // around 4pm PT" (rules-2.13.22).
    if (
      timesAfter[i] !== undefined &&
      ((kind === 'done' && !FIRMLY_DONE.test(m.reading.cue)) ||
        (kind === 'ongoing' && !/\bnow\b/.test(m.sentence)) ||
        // Not the items of a list under it: "poll: best time for a limits reset: • monday 9am
        // • wednesday noon".
        (kind === 'none' && !/:\s*$/.test(m.sentence) && !LIST_ITEM.test(timesAfter[i]!)))
    )
      return 'coming';
    // "## upcoming (v0.64 / Nov 20)\n- limits: one-time reset of weekly usage for all plans
    // at release": a reset named without a verb under a heading that says it is ahead too
    // (rules-2.13.16); not under "things people asked for this week, ranked:". Nor one under
    // way now: "Shipping notes this week: … a limits reset is rolling out now" (rules-2.13.19).
    return (kind === 'done' ||
      (kind === 'ongoing' && !UNDER_WAY_NOW.test(m.sentence)) ||
      // "release notes (CLI ships tomorrow):\n• …\n• a full reset of usage for all plans":
      // a list's item under a heading with a time ahead (rules-2.13.26).
      (kind === 'none' && (UPCOMING.test(headingAhead ?? '') || LIST_ITEM.test(m.sentence)))) &&
      headingAhead !== null &&
      m.sentence !== headingAhead &&
      (BARE_RESET.test(m.reading.cue) || m.reading.tense !== 'done')
      ? 'coming'
      : kind;
  });
  // The sentence after each: "limits reset. go build.", "limits reset. all plans. ✅".
  const sequels = announcing.map((m) => own.sentences[own.sentences.indexOf(m.sentence) + 1]);
  const tense = postTense(announcing, kinds, landing, sequels, announcedMs, options.timeZone);
  const reasons: string[] = [];
  const holds: string[] = [];
  // "we reset usage limits for everyone monday night": a bare "reset" (past or present) with
  // only a weekday: last Monday, or the next? (rules-2.13.2).
  const weekdayOnly = announcing.find(
    (m, i) =>
      kinds[i] === 'coming' &&
      m.reading.tense === 'done' &&
      BARE_RESET.test(m.reading.cue) &&
      WEEKDAY.test(m.reading.clause) &&
      !NEAR_DAY.test(m.reading.clause),
  );
  if (weekdayOnly !== undefined)
    holds.push(`a bare "${weekdayOnly.reading.cue}" with a weekday: the last one, or the next?`);
  // "we reset limits for all plans on nov 18" written on the 19th (rules-2.13.16).
  const goneBy = announcing.find(
    (m, i) =>
      kinds[i] !== 'coming' && namesDayGoneBy(m.reading.clause, announcedMs, options.timeZone),
  );
  if (goneBy !== undefined)
    holds.push('a done reset dated a day gone by: recalled, or announced late?');
  let confidence = tense.confidence;
  let kind: ClassifiedReset['kind'];
  if (tense.kind === 'both') {
    kind = kinds[0] === 'coming' ? 'reset_scheduled' : 'reset_completed';
    holds.push(`${tense.reason}: one record is proposed, add the other as a note`);
  } else {
    kind = tense.kind;
    reasons.push(tense.reason);
  }
  // "Heads up to team workspaces: … limits get reset at 17:00 UTC today" written at 18:00
  // UTC: a warning of what comes, read as done; which? (rules-2.13.20).
  if (
    kind === 'reset_completed' &&
    HEADS_UP.test(own.all) &&
    !announcing.some(
      (m) =>
        UNDER_WAY_NOW.test(m.sentence) ||
        RECENTLY.test(m.sentence) ||
        FIRMLY_DONE.test(m.reading.cue) ||
        /\bgot\b/.test(m.reading.cue),
    )
  )
    holds.push('a heads-up of a reset read as done: ahead, or done?');

  const tenseText = [...announcing.map((m) => m.sentence), ...landing];
  const dependent = announcing.find((m) => m.reading.dependsOn !== null);
  // A hedge in a sentence of when it lands hedges the time, not a done reset: "resetting
  // limits now. might take ~10 min to propagate" (rules-2.10.0).
  // Nor is "it may take a short while to appear" after a done reset (rules-2.11.0).
  const hedgeText =
    kind === 'reset_completed'
      ? announcing.map((m) => m.sentence.replace(TAKES_TIME, ' '))
      : tenseText;
  // "resetting everyone's limits as we speak, should reach all accounts within ~30 min": a
  // reset under way now is not hedged by how long it takes to reach accounts (rules-2.12.0).
  // "we'll reset limits tomorrow morning once the fix is deployed": a reset awaiting an
  // event, with a firm time of its own, is a schedule; with none it stays held
  // (rules-2.13.0). A hedge's own words ("might", "hope to") still hold it below.
  const timedAwaited = (m: Mention, i: number) =>
    kinds[i] === 'coming' &&
    m.reading.dependsOn?.startsWith('awaited') === true &&
    timeAhead(m.sentence, announcedMs, options.timeZone) === 'explicit';
  const hedgedMention = announcing.some(
    (m, i) =>
      m.reading.hedged &&
      !(kinds[i] === 'ongoing' && UNDER_WAY_NOW.test(m.reading.clause)) &&
      !timedAwaited(m, i),
  );
  if (hedgedMention || HEDGED.test(hedgeText.join(' '))) {
    confidence -= 0.3;
    holds.push(
      dependent === undefined
        ? 'hedged ("maybe", "might", "would", "hope to"…): not a firm announcement'
        : `the reset depends on something, ${dependent.reading.dependsOn}: not a firm announcement`,
    );
  }
  // Words anywhere in the post that take the announcement back: a joke said to be one, or
  // "nothing is planned" (rules-2.10.0, 2.11.0).
  for (const [pattern, why] of TAKEN_BACK) {
    const found = pattern.exec(own.all);
    if (found === null) continue;
    confidence -= 0.3;
    holds.push(why(found[0]));
  }
  // "you get 1 banked reset per day without access": a program of resets (rules-2.11.0).
  // ("We will give one banked reset for every day…" promises it: no doubt; not a present
  // read as coming, "the usage meter goes back to zero at midnight UTC every day", a cycle:
  // rules-2.13.23.)
  const program = announcing.find(
    (m) =>
      (m.reading.tense !== 'coming' || !FUTURE_WORD.test(m.reading.cue)) &&
      PER_PERIOD.test(m.sentence),
  );
  if (program !== undefined) {
    confidence -= 0.3;
    holds.push(`a reset "${PER_PERIOD.exec(program.sentence)![0]}": a program, or one reset?`);
  }
  const doubted = announcing.find((m) => m.reading.doubt !== null);
  if (doubted !== undefined) {
    confidence -= 0.3;
    holds.push(`${doubted.reading.doubt}: not a firm announcement`);
  }
  if (mentions.length > announcing.length) {
    confidence -= 0.1;
    reasons.push('other sentences talk about resets without announcing one');
  }

  const about = [aboutText(own, tenseText), ...announcing.map((m) => m.read)].join(' \n ');
  const resetType = resetTypeOf(about);
  const scope = scopeOf(about);
  if (!USAGE_CONTEXT.test(about)) {
    // On this account a reset is one of usage limits. A firm verb ("has been reset", "all
    // propagated", "will land") makes "Reset all propagated." an announcement; a reset
    // named without one, or only through a thing ("the reset button"), stays in doubt.
    // So does a time ahead in the reset's own clause: "we're resetting tomorrow morning",
    // "the reset lands at noon PT", "another reset later today" (rules-2.11.0).
    const firm = announcing.some(
      (m, i) =>
        !m.reading.modifier &&
        ((!m.reading.nominal &&
          (m.reading.tense === 'done' ||
            m.reading.tense === 'coming' ||
            // "reset is rolling out as we speak": arriving now (rules-2.13.0).
            (m.reading.tense === 'ongoing' && ARRIVING.test(m.reading.cue)))) ||
          // Its own clause's time, or its heading's ("Monday: reset."): not "calendar reset,
          // inbox at 12" (rules-2.13.0); not "duolingo streak reset at midnight", a reset
          // named for something else, nor "sunday reset: clean desk, inbox zero", a heading
          // whose time is not after its colon (rules-2.13.2).
          (kinds[i] === 'coming' &&
            m.reading.namedFor === null &&
            !headingWithoutTime(m.sentence, announcedMs, options.timeZone) &&
            timeAhead(ownTimeText(m), announcedMs, options.timeZone) === 'explicit')),
    );
    confidence -= firm ? 0.1 : 0.2;
    if (!firm) holds.push('a reset of what? No limits, usage, plans or users are named near it');
    else reasons.push('no limits or users named: a reset of usage limits, on this account');
  }
  if (resetType === 'global' && BANK_VOCABULARY.test(own.all)) {
    confidence -= 0.2;
    holds.push('banked words appear, but no banked reset was read: global or banked?');
  }
  let schedule: Pick<
    ClassifiedReset,
    'effectiveAt' | 'schedulePrecision' | 'scheduleBasis' | 'scheduleWindow'
  > = { effectiveAt: null, schedulePrecision: null, scheduleBasis: null, scheduleWindow: null };
  if (kind === 'reset_scheduled') {
    // A sentence of an incident tells its times, not the reset's; not the sentence of a
    // coming reset itself: "we're resetting limits later today to make up for this
    // morning's outage" (rules-2.12.0).
    const comingSentences = new Set(
      announcing.filter((_, i) => kinds[i] === 'coming').map((m) => m.sentence),
    );
    const whenOf = (sentences: readonly string[]) =>
      scheduleWhen(
        sentences.filter((s) => !INCIDENT.test(s) || comingSentences.has(s)).join(' \n '),
        announcedMs,
        options.timeZone,
      );
    // A reply's own time of the reset comes first (rules-2.1.0), not another event's.
    // Of the post's own sentences, the first that names its time explicitly says when:
    // "your limits get a fresh start tomorrow. we're resetting them as a thank you for the
    // queueing this week" (rules-2.12.0).
    const explicit = tense.whenText.find(
      (s) => timeAhead(s, announcedMs, options.timeZone) === 'explicit',
    );
    // With no time of its own, a reset under a heading ahead is that heading's (rules-2.13.3).
    const { when, doubts } = whenOf(
      replyTimes.size > 0
        ? [...replyTimes]
        : explicit !== undefined
          ? [explicit]
          : headingAhead !== null
            ? [headingAhead]
            : antecedent !== undefined
              ? [antecedent]
              : fragment !== undefined
                ? [fragment]
                : tense.whenText,
    );
    schedule = {
      effectiveAt: when.effectiveMs === null ? null : formatTimestamp(when.effectiveMs),
      schedulePrecision: when.precision,
      scheduleBasis: when.basis,
      scheduleWindow: {
        startAt: formatTimestamp(when.startMs),
        endAt: formatTimestamp(when.endMs),
      },
    };
    reasons.push(`window from "${when.cue}" (${when.precision}, ${when.basis})`);
    if (doubts.length > 0) {
      confidence -= 0.2;
      holds.push(...doubts);
    }
  }
  confidence = Math.round(Math.max(0.05, Math.min(1, confidence)) * 100) / 100;
  if (confidence < options.reviewBelow)
    holds.push(`confidence ${confidence} is below ${options.reviewBelow}`);
  return {
    classifier: RULES_CLASSIFIER,
    reset: { kind, resetType, confidence, scope, ...schedule },
    review: holds.length > 0,
    reasons: [...holds, ...reasons],
  };
}

/**
 * A sentence that says when "it" lands: an arrival verb ("Lands in the next hour.") or
 * "should see it". Not when someone else arrives: "we landed some fixes", "I land at 6".
 */
function isLandingSentence(sentence: string): boolean {
  if (LANDING.test(sentence)) return true;
  if (!ARRIVAL_STEM.test(sentence)) return false; // no need to parse it

  const words = wordsOf(sentence);
  return words.some(
    (word, index) =>
      word.pos !== 'ADP' &&
      isArrival(word) &&
      !words.slice(Math.max(0, index - 3), index).some((w) => PERSONAL_SUBJECT.has(w.text)),
  );
}

const ARRIVAL_STEM = /land|arriv|propagat|roll|kick|show|appear|reach|appl|happen/;
const PERSONAL_SUBJECT = new Set(['we', 'i', "i'm", 'you', 'they', "we're", "we've"]);

const WEEKDAY = /\b(?:mon|tues|wednes|thurs|fri|satur|sun)day\b/;
/**
 * The post's first line when it is a short heading naming a day or time ahead ("Release
 * notes preview — Monday the 23rd", "Tomorrow 9am PT:"), of a post of several lines; null
 * otherwise.
 */
function aheadHeading(own: ReadText, announcedMs: number, zone: string): string | null {
  const [first, ...rest] = own.all.split('\n').filter((line) => line.trim() !== '');
  if (first === undefined || rest.length === 0 || first.length > 60 || RESET_WORD.test(first))
    return null;
  if (timeAhead(first, announcedMs, zone) !== 'explicit') return null;
  return own.sentences.find((sentence) => first.includes(sentence)) ?? first;
}
