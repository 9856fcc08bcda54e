import { INCIDENT, LANDING, RESET_WORD, withoutTimeToUse } from './cues.ts';
import { wordsOf } from './grammar.ts';
import type { Mention } from './mentions.ts';
import {
  BARE_RESET,
  CLOCK_TIME,
  FIRMLY_DONE,
  GOING_OUT_NOW,
  IT_ARRIVES,
  IT_IS_A,
  isTimeFragment,
  LIST_ITEM,
  mentionKind,
  SHOWS,
  UNDER_WAY_NOW,
  UPCOMING,
} from './post-tense.ts';
import { timeIsTheResets } from './reply-time.ts';
import { timeAhead } from './schedule-time.ts';
import { isArrival } from './sense/words.ts';
import type { Tense } from './sense.ts';
import type { ReadText } from './text.ts';

/**
 * What each announcing mention of a post says, read with the sentences around it: the
 * sentences that say when it lands, a heading or a sentence that gives its time, and so
 * its kind (done, coming, under way). Used by announcement.ts.
 */

/** The sentences that say when the reset lands, and which of them are a reply's own. */
export interface Landing {
  /** A reply's own sentences that name the reset's time (rules-2.1.0, 2.2.0). */
  readonly replyTimes: ReadonlySet<string>;
  /** Sentences of when it lands, without the word "reset": "Lands around 6pm PT." */
  readonly landing: readonly string[];
}

/** A sentence of nothing but words of time: "Friday.", "8am PT.", "tomorrow 9am". */
export const TIME_ONLY =
  /^(?:(?:on|at|by|around|about|roughly|this|next|tomorrow|tonight|today|(?:mon|tues|wednes|thurs|fri|satur|sun)day|mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun|\d{1,2}\/\d{1,2}|\d{1,2}(?::\d\d)? ?(?:am|pm)?|pt|pst|pdt|et|est|edt|utc|gmt|cet|cest|noon|midnight|morning|afternoon|evening|night)(?:[ ,]+|[.!]*$)){1,4}$/;

export function landingOf(
  own: ReadText,
  mentions: readonly Mention[],
  replyText: ReadText | undefined,
  announcedMs: number,
  zone: string,
): Landing {
  const mentioned = new Set(mentions.map((m) => m.sentence));
  // In the author's own thread, a reply that names a time says when the reset lands
  // ("Will be there by EOD PST." under "Loading a banked reset…"): rules-2.1.0.
  // Only a time that is the reset's, not another event's ("See you tomorrow!"): rules-2.2.0.
  // "forgot the time, sorry: tomorrow 9am PT": a time alone after a colon (rules-2.13.85); or
  // before its first comma, "tomorrow 9am PT that is, forgot …" (rules-2.13.93).
  const isTheResetsTime = (s: string | undefined): s is string =>
    s !== undefined &&
    timeAhead(withoutTimeToUse(s), announcedMs, zone) !== null &&
    timeIsTheResets(s);
  const replyTimes = new Set(
    replyText?.sentences
      .map((s) => timeParts(s).find(isTheResetsTime))
      .filter((s) => s !== undefined),
  );
  // "Friday. 8am PT. Every codex meter to zero.": words of time said one by one before or
  // after it (rules-2.13.37).
  const timeFragment = (s: string) =>
    TIME_ONLY.test(s) && timeAhead(s, announcedMs, zone) === 'explicit';
  const landing = own.sentences.filter(
    (s) =>
      !mentioned.has(s) &&
      !INCIDENT.test(s) &&
      ((replyTimes.size > 0 && timeParts(s).some((t) => t !== undefined && replyTimes.has(t))) ||
        isLandingSentence(s) ||
        timeFragment(s)),
  );
  return { replyTimes, landing };
}

/**
 * Where a sentence of his reply may say the reset's time, in order: the words after its colon
 * (else the whole sentence), before its first comma, after "it's".
 */
const timeParts = (s: string) => [afterColon(s) ?? s, beforeComma(s), itIsTime(s)];

/**
 * The words before a sentence's first comma, when they are only a time, an afterthought after
 * it: "tomorrow 9am PT that is, forgot the most important part" (rules-2.13.93; his reply's
 * time when the whole sentence is not).
 */
export function beforeComma(sentence: string): string | undefined {
  const head = sentence.split(', ')[0]!.replace(AS_AN_AFTERTHOUGHT, '');
  return head !== sentence && TIME_ONLY.test(head) ? head : undefined;
}
/**
 * "forgot the time on 2 🤦 it's tomorrow 9am PT, all plans": the time after "it's" ("it is",
 * "it'll be"), when only a time follows up to a comma (rules-2.13.101).
 */
export function itIsTime(sentence: string): string | undefined {
  const time = /\b(?:it's|it is|it'll be|it will be) ([^,.;!?]+)/.exec(sentence)?.[1];
  return time !== undefined && TIME_ONLY.test(time) ? time : undefined;
}
/** "tomorrow 9am PT that is": a time, then words of a correction. */
export const AS_AN_AFTERTHOUGHT = / (?:that is|i mean|obviously|ofc|btw|actually|instead)$/;

/** The words after a sentence's last colon, when they are only a time: "…: tomorrow 9am PT". */
export function afterColon(sentence: string): string | undefined {
  const tail = sentence.split(': ').at(-1)!;
  return tail !== sentence && TIME_ONLY.test(tail) ? tail : undefined;
}

/** Each announcing mention's kind, and the sentences around them that give a time. */
export interface MentionKinds {
  /** mentionKind of each announcing mention, its sentences around it counted. */
  readonly kinds: readonly Tense[];
  /** The post's first line, when it is a short heading naming a day or time ahead. */
  readonly headingAhead: string | null;
  /** The sentence before "it's a reset", or before a reset named as what comes, that gives its time. */
  readonly antecedent: string | undefined;
  /** A sentence of nothing but a time ahead, next to the reset's. */
  readonly fragment: string | undefined;
  /**
   * A reset's clock time with the day of the sentence before it, which heralds it:
   * "relief coming friday. limits reset at 2pm PT" is Friday's 2pm (rules-2.13.83).
   */
  readonly dated: string | undefined;
}

export function readKinds(
  own: ReadText,
  announcing: readonly Mention[],
  announcedMs: number,
  zone: string,
): MentionKinds {
  const explicitAhead = (s: string) => timeAhead(s, announcedMs, zone) === 'explicit';
  // "Release notes preview — Monday the 23rd\n• … \n• Usage limits reset for every plan at
  // launch": a bare "reset" under a heading that names a day ahead is that day's
  // (rules-2.13.3).
  const headingAhead = aheadHeading(own, announcedMs, zone);
  // "something is going to happen to your limits at noon PT today 👀 (it's a reset.)": "it"
  // is what the sentence before said, with its time (rules-2.13.5).
  const antecedent = announcing
    .filter((m) => IT_IS_A.test(m.sentence))
    .map((m) => own.sentences[own.sentences.indexOf(m.sentence) - 1])
    .find((s) => s !== undefined && explicitAhead(s));
  const timesAfter = announcing.map((m) => timeNextTo(own, m, explicitAhead));
  const fragment = timesAfter.find((s) => s !== undefined);
  let herald: string | undefined;
  let dated: string | undefined;
  const kinds = announcing.map((m, i) => {
    const kind = mentionKind(m, announcedMs, zone);
    if (antecedent !== undefined && IT_IS_A.test(m.sentence) && kind === 'done') return 'coming';
    // "ok it's a full reset of usage limits, all plans, going out 9am PT tomorrow": what "it"
    // is, with its own time ahead (rules-2.13.33).
    if (
      IT_IS_A.test(m.sentence.replace(OPENING, '')) &&
      kind === 'done' &&
      explicitAhead(m.sentence)
    )
      return 'coming';
    // "it's a reset to full, doesn't matter when you hit the limit. goes out later today for
    // everyone": what "it" is, then when it lands, ahead (rules-2.13.85).
    if (
      IT_IS_A.test(m.sentence.replace(OPENING, '')) &&
      kind === 'done' &&
      own.sentences
        .slice(own.sentences.indexOf(m.sentence) + 1)
        .some(
          (s) =>
            isLandingSentence(s) &&
            explicitAhead(s) &&
            !UNDER_WAY_NOW.test(s) &&
            !GOING_OUT_NOW.test(s),
        )
    )
      return 'coming';
    // "we moved the reset up. instead of next week it's happening right now": moved to now
    // (rules-2.13.86).
    if (
      kind === 'coming' &&
      /^(?:moved|shifted|rescheduled|got moved)$/.test(m.reading.cue) &&
      timeAhead(m.sentence, announcedMs, zone) === null &&
      HAPPENING_NOW.test(own.sentences[own.sentences.indexOf(m.sentence) + 1] ?? '')
    )
      return 'done';
    // "relief coming tonight ~11pm ET. full reset for pro, plus and business": a reset named
    // without a verb, after a sentence saying something comes at a time ahead, is what comes
    // (rules-2.13.48).
    // So is a reset at a clock time with no day of its own, after a sentence saying something
    // happens on a day ahead: "Something good is happening tomorrow. Limits reset at 9am PT"
    // (rules-2.13.80).
    const before = own.sentences[own.sentences.indexOf(m.sentence) - 1];
    if (
      (kind === 'none' ||
        ((kind === 'done' ||
          kind === 'coming' ||
          (kind === 'ongoing' && STARTS_ON.test(before ?? ''))) &&
          CLOCK_TIME.test(m.sentence) &&
          !DAY_NAMED.test(m.sentence))) &&
      before !== undefined &&
      // "who's up early sunday? limits reset for everyone at 8am PT", "friday plans? …": a
      // question of who is up or what is planned that day heralds it too (rules-2.13.100);
      // so does an event starting that day: "hackathon starts saturday. every participant
      // gets a fresh limits reset at kickoff, 10am PT" (rules-2.13.108).
      (COMES.test(before) || DAY_QUESTION.test(before) || STARTS_ON.test(before)) &&
      !RESET_WORD.test(before) &&
      explicitAhead(before)
    ) {
      herald ??= before;
      // Its clock time is the herald's day's, not today's, still ahead or not
      // (rules-2.13.83).
      const day = HERALD_DAY.exec(before)?.[0];
      if (day !== undefined && CLOCK_TIME.test(m.sentence)) dated ??= `${m.sentence} ${day}`;
      return 'coming';
    }
    // "update: it's live. refresh and your limits should be full": what shows, right after
    // saying it is live, is there now (rules-2.13.48).
    if (
      kind === 'coming' &&
      SHOWS.test(m.reading.cue) &&
      before !== undefined &&
      IT_ARRIVES.test(before.replace(OPENING, '')) &&
      timeAhead(m.sentence, announcedMs, zone) === null
    )
      return 'done';
    // "we have a reset for everyone. it's scheduled for 4pm PT today": the sentence after says
    // when "it" is set for, ahead (rules-2.13.104).
    const next = own.sentences[own.sentences.indexOf(m.sentence) + 1];
    if (
      kind === 'done' &&
      (!FIRMLY_DONE.test(m.reading.cue) || /^(?:have|has|'ve)$/.test(m.reading.cue)) &&
      next !== undefined &&
      IT_IS_SET.test(next) &&
      explicitAhead(next)
    ) {
      dated ??= `${m.sentence} ${next}`;
      return 'coming';
    }
    const timeAfter = timesAfter[i];
    // "thanksgiving reset is happening. all plans, wednesday morning PT": under way, but not
    // now, and its time follows (rules-2.13.9).
    // So is one named without a verb: "spoiler: full codex limits reset for everybody.
    // around 4pm PT" (rules-2.13.22).
    if (
      timeAfter !== undefined &&
      ((kind === 'done' && !FIRMLY_DONE.test(m.reading.cue)) ||
        (kind === 'ongoing' && !/\bnow\b/.test(m.sentence)) ||
        // Not the items of a list under it: "poll: best time for a limits reset: • monday 9am
        // • wednesday noon".
        // A heading's colon, then its times ("limits reset for all plans:\n🇺🇸 fri 6am PT / 9am
        // ET\n🇬🇧 fri 2pm GMT"), unless they are choices asked about (rules-2.13.108).
        (kind === 'none' &&
          (!/:\s*$/.test(m.sentence) || !CHOICES.test(own.all)) &&
          !LIST_ITEM.test(timeAfter)))
    )
      return 'coming';
    return underHeadingAhead(m, kind, headingAhead) ? 'coming' : kind;
  });
  return { kinds, headingAhead, antecedent: antecedent ?? herald, fragment, dated };
}

/** "it's happening right now", "going out now": now, said in the sentence after a move. */
const HAPPENING_NOW = /\b(?:happening|going out|rolling out|live|landing)\b[^.!?]*\bnow\b/;
/** A word opening a sentence before what it says: "ok", "update:". */
const OPENING = /^(?:ok|okay|so|update|yes)[,:]? /;
/** Something on its way: "relief coming tonight", "good news incoming at 5pm". */
const COMES = /\b(?:coming|incoming|on (?:the|its) way|inbound|happening)\b/;
/** An event that starts on a day ahead: "hackathon starts saturday" (rules-2.13.108). */
const STARTS_ON =
  /\b(?:starts|kicks off|begins)\b[^.!?]{0,20}\b(?:tomorrow|(?:mon|tues|wednes|thurs|fri|satur|sun)day)\b/;
/** A day named: "today", "tomorrow", "friday", "11/20", "nov 20". */
const DAY_NAMED =
  /\b(?:today|tonight|tomorrow|(?:mon|tues|wednes|thurs|fri|satur|sun)day|\d{1,2}\/\d{1,2}|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]* \d)/;

/** "who's up early sunday?", "friday plans?": a question about a day ahead, a herald. */
const DAY_QUESTION =
  /^(?:who(?:'s| is)? (?:up|around|free|ready|coding|building|shipping|working)\b[^.!?]{0,30}|(?:any |got |your )?(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day|weekend) plans)\?+$/;

/** The day a herald names: "tomorrow", "next friday", "on 11/20". */
const HERALD_DAY = new RegExp(`(?:\\b(?:next|this) )?${DAY_NAMED.source}`);

/**
 * "the thanksgiving reset is back this year. wednesday morning PT, all plans": a sentence
 * of nothing but a time ahead (and whom), right after the reset's, is its time
 * (rules-2.13.6). So is one after a fragment of whom: "(it's a usage reset. all tiers.
 * around 5pm PT)" (rules-2.13.21). So is a post's first sentence of nothing but a time,
 * before the reset's: "monday. every plus and pro account gets one banked reset"
 * (rules-2.13.24).
 */
/** Times offered as choices: "poll: best time for a limits reset: • monday 9am • wednesday noon". */
const CHOICES = /\bpoll\b|\bbest time\b|\bwhich\b|\bvote\b|\bprefer\b|\?/;
/** "it's scheduled for", "it is set for", "that's planned for": when "it" is set for. */
const IT_IS_SET =
  /^(?:it's|it is|it'll be|it will be|that's|that is) (?:now )?(?:scheduled|planned|set|booked|slated|locked in)\b/;

function timeNextTo(
  own: ReadText,
  mention: Mention,
  explicitAhead: (sentence: string) => boolean,
): string | undefined {
  const at = own.sentences.indexOf(mention.sentence);
  const first = own.sentences[0]!;
  if (at === 1 && isTimeFragment(first) && explicitAhead(first)) return first;
  return own.sentences
    .slice(at + 1, at + 3)
    .filter((s, i, after) => isTimeFragment(s) && (i === 0 || isTimeFragment(after[0]!)))
    .find(explicitAhead);
}

/**
 * "## upcoming (v0.64 / Nov 20)\n- limits: one-time reset of weekly usage for all plans at
 * release": a reset named without a verb under a heading that says it is ahead too
 * (rules-2.13.16); not under "things people asked for this week, ranked:". Nor one under
 * way now: "Shipping notes this week: … a limits reset is rolling out now" (rules-2.13.19).
 * "release notes (CLI ships tomorrow):\n• …\n• a full reset of usage for all plans": a
 * list's item under a heading with a time ahead (rules-2.13.26).
 */
function underHeadingAhead(mention: Mention, kind: Tense, headingAhead: string | null): boolean {
  return (
    (kind === 'done' ||
      (kind === 'ongoing' && !UNDER_WAY_NOW.test(mention.sentence)) ||
      (kind === 'none' &&
        (UPCOMING.test(headingAhead ?? '') || LIST_ITEM.test(mention.sentence)))) &&
    headingAhead !== null &&
    mention.sentence !== headingAhead &&
    (BARE_RESET.test(mention.reading.cue) || mention.reading.tense !== 'done')
  );
}

/**
 * A sentence that says when "it" lands: an arrival verb ("Lands in the next hour.") or
 * "should see it". Not when someone else arrives: "we landed some fixes", "I land at 6".
 */
export function isLandingSentence(sentence: string): boolean {
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
