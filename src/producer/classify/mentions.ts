import { clip } from './classification.ts';
import {
  HABIT,
  NOT_OF_OTHER,
  OTHER_PRODUCT_RESETS,
  OTHER_SENSE,
  PAST_REFERENCE,
  RESET_WORD,
  TALK_ABOUT,
  USAGE_CONTEXT,
} from './cues.ts';
import { type Word, wordsOf } from './grammar.ts';
import { resetIdiomRead } from './idioms.ts';
import { timeAhead } from './schedule-time.ts';
import { type MentionReading, readMention, resetWordsOf } from './sense.ts';
import { matchesAny, type ReadText } from './text.ts';

/**
 * The sentences of a post that speak of a reset, each read (sense.ts) and, when it announces
 * nothing, refused with the reason: denied, asked, talked about, another sense, another's.
 */

/** One sentence that speaks of a reset, as read. */
export interface Mention {
  readonly sentence: string;
  /** The sentence as read: "another one" made "another reset" (the reset it stands for). */
  readonly read: string;
  /** Why it announces nothing (denied, asked, talked about), or null when it announces. */
  readonly refused: string | null;
  readonly reading: MentionReading;
}

/** A mention refused because it denies its reset or calls it off (rules-2.13.13). */
export function callsOff(mention: Mention): boolean {
  return (
    mention.refused !== null &&
    ((mention.reading.negated && !NOT_A_CALLING_OFF.test(mention.sentence)) ||
      CALLED_OFF.test(mention.sentence))
  );
}
/**
 * A denial that calls nothing off: what others report ("some folks said their weekly didnt
 * reset, we pushed a fix"), a reason denied ("we did not reset it because I hit my own
 * limit") (rules-2.13.26).
 */
const NOT_A_CALLING_OFF =
  /\b(?:said|say|says|saying|reported|reporting|report|told|complained|noticed|seeing)\b[^.!?]{0,40}\b(?:didn't|did not|hasn't|has not|haven't|have not|not) re-?set\b|\bre-?set (?:it|them|limits|anything)? ?because\b/;

/** "update: calling this off, we need the capacity": a reset called off, not named (rules-2.13.16). */
export function callsItOff(own: ReadText): boolean {
  return CALLED_OFF.test(own.all);
}

const OTHER_SENSES = new RegExp(OTHER_SENSE.source, 'g');
/** A word every pattern of OTHER_SENSE has. */
const OTHER_SENSE_WORD = /re-?set|refill|refresh|wipe|clear|topped up|restor|replenish/;
/** "sunday reset: clean desk, …": a reset heading whose colon is followed by no time ahead. */
export function headingWithoutTime(sentence: string, announcedMs: number, zone: string): boolean {
  const colon = RESET_HEADING.exec(sentence);
  return colon !== null && timeAhead(introducedBy(sentence, colon), announcedMs, zone) === null;
}
/**
 * What a reset's heading introduces: the first item after its colon ("Reset: tomorrow 9am
 * PT"), not a later one ("sunday reset: laundry, groceries, long run at 9").
 */
const introducedBy = (sentence: string, colon: RegExpExecArray) =>
  sentence.slice(colon.index + colon[0].length).split(/[,;]/)[0]!;
const RESET_HEADING = /\bre-?sets?\s*:/;
/**
 * A time opening a sentence, before its comma: "by EOD today, all your codex limits: back to
 * zero", "tomorrow at 9am PT, …" (rules-2.13.56); empty when there is none.
 */
export const openingTime = (sentence: string) => OPENING_TIME.exec(sentence)?.[0] ?? '';
// A clock's colon is part of the time: "at 9:30pm tonight, …" (rules-2.13.70).
const OPENING_TIME =
  /^(?:(?:and|so|then|also),? )?(?:by|at|on|from|starting|in|around|this|next|tomorrow|tonight|today|(?:mon|tues|wednes|thurs|fri|satur|sun)day)\b(?:[^,.!?:]|(?<=\d):(?=\d\d)){0,30}(?=,)/;
/**
 * Where a reset's own time is said: its clause, the sentence's heading ("Monday: reset."),
 * and what its own heading's colon introduces ("Reset: tomorrow 9am PT").
 */
export function ownTimeText(m: Mention): string {
  const heading = HEADING.exec(m.sentence)?.[0] ?? '';
  const colon = RESET_HEADING.exec(m.sentence);
  const introduced = colon === null ? '' : introducedBy(m.sentence, colon);
  return `${heading} ${openingTime(m.sentence)} ${m.reading.clause} ${introduced}`;
}
/**
 * A sentence's heading: "Monday:", "10am PT tomorrow:", "tomorrow 10:30am PT:"; not the
 * colon of a clock time ("we reset them at 7:30 PT") (rules-2.13.45).
 */
export const HEADING = /^(?:[^:]|(?<=\d):(?=\d)){1,40}:(?!\d)/;
/** A verb group of a reset arriving: "is rolling out", "going out", "landing". */
export const ARRIVING = /\b(?:rolling|going|landing|propagating|shipping|happening)$/;

/** The sentences of `text` that speak of a reset of limits, each read (sense.ts). */
export function mentionsOf(own: ReadText): Mention[] {
  const mentions: Mention[] = [];
  let previousMentioned: string | null = null;
  let previousRefused: string | null = null;
  let previousStopped = false;
  for (const [at, sentence] of own.sentences.entries()) {
    const previous = own.sentences[at - 1];
    // "Reset: done." is "reset is done" (rules-2.10.0).
    // "will there be a reset this week? yep — tomorrow …": a question he answers yes at once
    // is said, and read in the order of a statement (rules-2.13.13, 2.13.55).
    const answered = answeredYes(sentence, own.sentences[at + 1] ?? '');
    const asSaid = answered ? said(sentence) : sentence;
    // Every other sense names a reset or a refill; most sentences name neither, and skip it.
    const stripped = (
      OTHER_SENSE_WORD.test(asSaid) ? asSaid.replace(OTHER_SENSES, ' ') : asSaid
    ).replace(STATUS_COLON, '$1 is $2');
    // "usage is back at zero", "wiped the usage counters": read as "reset" (idioms.ts).
    // "🔄 limits: refreshed." is "limits are reset" (rules-2.11.0).
    // "Codex rate limits will be refreshed": named by the cues, read as "reset" too, so the
    // grammar reads its verb (rules-2.13.19).
    // Another product's, said in other words: "usage limits have been restored to full for
    // ChatGPT image generation" (rules-2.13.55).
    const plain = (
      /\bre-?set/.test(stripped)
        ? stripped
        : (resetIdiomRead(stripped)?.replace(OTHER_PRODUCT_RESETS, ' ') ?? stripped)
    )
      .replace(LIMITS_COLON, '$1 are reset')
      .replace(HAD_RESET, '$1 have been reset');
    const named = RESET_WORD.test(plain);
    // "…banked resets not applying. Everyone affected is getting another one.": "one" stands
    // for the reset of the sentence before.
    // "this is exactly what banked resets are for. shipping them to everyone tomorrow":
    // "them" stands for the resets of the sentence before (rules-2.13.34).
    const them =
      !named && previousMentioned !== null && RESETS.test(previousMentioned) && THEM.test(plain);
    // "we had to cancel today's reset, … . rescheduled for tomorrow noon PT, all plans": the
    // reset stopped before, given its new time (rules-2.13.106).
    const rescheduled: boolean = !named && previousStopped && RESCHEDULED_ALONE.test(plain);
    const anaphora: boolean =
      rescheduled || (!named && previousMentioned !== null && (them || ONE_MORE.test(plain)));
    const antecedent = BANKED_NOUN.test(previousMentioned ?? '') ? 'banked reset' : 'reset';
    previousMentioned = named ? plain : null;
    if (!named && !anaphora) continue;
    const read: string = rescheduled
      ? plain.startsWith('it')
        ? plain.replace(/^it\b/, 'the reset')
        : `the reset is ${plain}`
      : them
        ? plain.replace(THEM, `$1 ${antecedent}s`)
        : anaphora
          ? plain.replace(ONE_MORE, (_match, which?: string) =>
              which === undefined ? `a ${antecedent}` : `${which} ${antecedent}`,
            )
          : plain;
    const words = wordsOf(read);
    const indices = mentionIndices(words);
    const readings = indices.map((index) => readMention(words, index));
    // A sentence says one thing of its reset; its first announcing mention stands for it,
    // in doubt when a later one denies a reset ("The reset you saw was a display bug,
    // nothing was reset").
    const first = readings.findIndex(
      (r) => !r.negated && r.notAnnouncing === null && (r.tense !== 'none' || r.nominal),
    );
    const deniedAfter = readings.slice(first + 1).find((r) => r.negated);
    const reading = (first >= 0 && deniedAfter !== undefined
      ? { ...readings[first]!, doubt: `a reset denied in the same sentence ("${deniedAfter.cue}")` }
      : readings[first]) ??
      readings[0] ?? {
        tense: 'none' as const,
        cue: sentence,
        negated: false,
        hedged: false,
        notAnnouncing: null,
        nominal: true,
        clause: sentence,
        modifier: false,
        dependsOn: null,
        doubt: null,
        namedFor: null,
      };
    const doubt = reading.doubt ?? sentenceDoubt(read, previous);
    const doubted = withCorrectedTime(
      doubt === reading.doubt ? reading : { ...reading, doubt },
      read,
    );
    // "context resets are not the same as rate limit resets. one is your conversation, …":
    // "one" stands for a reset only talked about, and what it is is talked about too
    // (rules-2.13.85).
    // Only a copula's: "shipping them to everyone tomorrow" after "this is exactly what banked
    // resets are for" gives them.
    const refused: string | null =
      (anaphora && COPULA.has(doubted.cue) ? previousRefused : null) ??
      refusalOf(asSaid, doubted, read) ??
      namedAfter(sentence, own.sentences[at + 1]);
    // Not a reset denied or stopped: "… didn't apply for some of you. everyone affected is
    // getting another one" gives one.
    if (named) previousRefused = refused?.startsWith(TALKED_ABOUT) ? refused : null;
    previousStopped =
      named &&
      (refused?.startsWith('a reset stopped') === true ||
        refused?.startsWith('a reset called off') === true ||
        (refused === null && /\bslip(?:s|ped|ping)?$/.test(doubted.cue)));
    mentions.push({
      sentence,
      read,
      // "did we just reset everyone's codex limits? yes. yes we did.": a question he answers
      // yes at once is said (rules-2.13.13).
      refused,
      reading: doubted,
    });
  }
  return mentions;
}

/** "rescheduled for tomorrow noon PT", "moved to monday 9am": a new time, opening a sentence. */
const RESCHEDULED_ALONE =
  /^(?:re-?scheduled|moved|pushed|postponed|bumped|now) (?:for|to|until|till|on)\b|^it(?:'s| is| will| now)? (?:now )?(?:lands?|goes out|going out|ships|happens|landing)\b[^.!?]*\binstead\b/;

/**
 * A reset's reading corrected by what its sentence says next: "the reset is NOT going out
 * today, it's tomorrow (friday) at 8am PT", "the reset hasn't gone out yet, it's coming in a
 * couple hours": a time denied, then the time it comes, is ahead (rules-2.13.105); not a
 * vague "next week" ("the reset is not tonight, it's next week" stays denied). Also a reset
 * stopped and going out again, a time denied and the reset said done, and "not just" a plan.
 */
function withCorrectedTime(reading: MentionReading, read: string): MentionReading {
  // "the reset for enterprise is paused pending some admin tooling, now going out wednesday
  // next week": stopped, then going out again at a time ahead (rules-2.13.106).
  if (reading.notAnnouncing?.startsWith('a reset stopped') === true && RESUMED.test(read))
    return { ...reading, notAnnouncing: null, tense: 'coming' };
  // "the reset wasn't just pro, it went out to plus and free too": more than said, not
  // denied (rules-2.13.108).
  if (reading.negated && NOT_JUST.test(read)) return { ...reading, negated: false };
  // "the reset isn't tomorrow, it already went out a few minutes ago": a time ahead denied,
  // then said done (rules-2.13.107).
  if (reading.negated && TIME_DENIED_THEN_DONE.test(read))
    return { ...reading, negated: false, tense: 'done' };
  if (!reading.negated || !TIME_DENIED_THEN_AHEAD.test(read)) return reading;
  return { ...reading, negated: false, tense: 'coming' };
}
const NOT_JUST = /(?:\bnot|n't) just (?:for )?(?:free|plus|pro|business|edu|enterprise|you)\b/;
const TIME_DENIED_THEN_DONE =
  /(?:\bnot|n't)\b[^,;.!?]{0,20}\b(?:tomorrow|tonight|later|next week|(?:mon|tues|wednes|thurs|fri|satur|sun)day)\b[^,;.!?]{0,10}(?:,|;| [—–-]) ?(?:it|we|it's|it has) (?:already |actually )?(?:went out|pushed it out|rolled it out|shipped it|landed|did it|went live|is live|is done|happened)\b/;
/** ", now going out wednesday", "; instead it lands monday": a reset stopped, going again. */
const RESUMED =
  /(?:[,;]| [—–-]) (?:and )?(?:now|instead|it's now|it is now)(?: it)? (?:going out|goes out|landing|lands|happening|rolling out|shipping|moved to|moving to|scheduled for|set for|planned for|coming)\b[^.!?]{0,40}\b(?:tomorrow|tonight|(?:mon|tues|wednes|thurs|fri|satur|sun)day|next week|at \d|\d{1,2}(?::\d\d)? ?(?:am|pm))/;
const TIME_DENIED_THEN_AHEAD =
  /(?:\bnot|n't)\b[^,;.!?]{0,30}\b(?:today|yet|now|tonight|this (?:morning|afternoon|evening|week))\b[^,;.!?]{0,10}(?:,|;| [—–-]) ?(?:it's|it is|its|it'll be|it will be|it'll|it will) (?:coming |going out |landing |happening |actually |now )?(?:tomorrow|tonight|later|in (?:a|an|\d)|on |at |(?:mon|tues|wednes|thurs|fri|satur|sun)day|this (?:afternoon|evening))/;

/**
 * What a reset is of, said after it: "massive reset tonight: my sleep schedule", "Reset at
 * 6pm PT sharp — the internal codex hackathon leaderboard", "just did a full reset. of my
 * home router." (rules-2.13.62). A noun phrase after a colon, a spaced dash or an ellipsis
 * (or a next sentence opening on "of"), with no usage, whom, plan or time in it: a reset of
 * that thing, not of usage limits. Null when there is none.
 */
function namedAfter(sentence: string, next: string | undefined): string | null {
  const what = SAID_AFTER.exec(sentence)?.[1] ?? OF_WHAT_NEXT.exec(next ?? '')?.[1];
  if (what === undefined || USAGE_OR_WHEN.test(what)) return null;
  return `a reset of "${clip(what)}", said after it: not of usage limits`;
}
const SAID_AFTER =
  /\bre-?set(?:s|ting)?\b[^.!?:\u2014\u2013]{0,40}?(?::|\s[\u2014\u2013-]\s|\u2026|\.\.\.)\s*((?:(?:for|on|in|of) )?(?:the|my|our|his|her) [^.!?,;:]{3,60}(?:, (?:every|all|both|each|for (?:everyone|everybody|all))\b[^.!?]*)?)/;
const OF_WHAT_NEXT = /^of ((?:my|the|our|his|her) [^.!?,;:]{3,40})/;
/** Words of usage, whom, plans, time or state: what a reset of usage names after it. */
const USAGE_OR_WHEN =
  /\b(?:limits?|usage|quotas?|allowances?|windows?|meters?|counters?|bars?|tanks?|everyone|everybody|all|every|plans?|plus|pro|business|edu|enterprise|users?|accounts?|seats?|workspaces?|banked|global|full|weekly|5h|5-hour|both|one|reset|promised|gift|present|treat|bonus|usual|first|second|third|another|last|next|latest|tonight|today|tomorrow|(?:mon|tues|wednes|thurs|fri|satur|sun)day|morning|afternoon|evening|noon|midnight|eod|am|pm|pt|et|utc|now|done|live)\b|\d/;

const BANKED_NOUN = /\bbank(?:ed|able) re-?sets?\b/;
/** A verb "reset" whose object is only a pronoun: "reset it", "resetting them". */
const PRONOUN_OBJECT = /\bre-?set(?:s|ting)? (?:it|them)\b/;
/** "One year ago today (April 14) we did our first reset": years back, anywhere in the sentence (not "to celebrate its 1-year anniversary, I have reset…"). */
const ANNIVERSARY =
  /\bthe (?:very first|first ever|first-ever) (?:codex )?(?:(?:usage|rate|limits?) )*re-?set\b|\b(?:a|one|two|three|\d+) years? ago\b|\b(?:marks|since|it's been) (?:a|one|two|three|\d+) years?\b|\b(?:a|one|two|three|\d+) years? since\b/;
/** "a banked reset … that you can spend whenever you hit your cap": when it is used, no habit. */
const BANKED_WHENEVER = /\bbank(?:ed|able)\b[^.!?]*\bwhenever\b/;
/** A reset only of the company's own accounts: "for internal employee accounts". */
const INTERNAL_ONLY =
  /\b(?:internal|employee|employees'|staff|test|testing|dogfood(?:ing)?) (?:employee |team |test )?(?:accounts?|users?|workspaces?|orgs?)\b/;
/**
 * "Good to see other labs resetting their limits", "competitors doing usage resets": the
 * reset's doer is another company (rules-2.11.0); not "unlike other labs, we reset…". Or
 * another product by its name, right before the verb: "saw claude code reset everyone's
 * limits" (rules-2.13.6), not "after the gemini outage we reset limits". Or another team of
 * ours with its own: "the chatgpt team bumped and reset their weekly message caps"
 * (rules-2.13.86); another product's limits: "sora limits now reset at midnight local time"
 * (rules-2.13.90).
 */
const OTHERS_RESET =
  /\bcongrat\w* (?:to )?(?:the )?(?:[\w-]+ ){1,4}on (?:the |their )?(?:[\w-]+ )?(?:re-?set|refresh|refill)\b|\b(?:(?:other|another|rival|competing) (?:[\w-]+ ){0,2}(?:labs?|compan(?:y|ies)|providers?|vendors?|tools?|products?|platforms?|players?|apps?|startups?)|competitors?)\b(?! like us)[^.!?,;:]{0,40}?\b(?:re-?set|fresh (?:[\w-]+ ){0,2}(?:limits|usage)|refill)|\b(?:claude(?: code)?|anthropic|cursor|gemini(?: cli)?|copilot|windsurf|grok|deepseek)(?: (?:team|folks|people|guys))? (?:just |also |finally |quietly )?(?:(?:did|gave|ran|shipped|pushed|handed out|announced|rolled out) (?:a |an |their )?(?:[\w-]+ ){0,2})?re-?set(?:s|ting)?\b|\b(?:chatgpt|sora|api|dall-?e|image gen) (?:team|folks|people)\b[^.!?,;:]{0,30}\bre-?set(?:s|ting)? their\b|(?<!\bcodex (?:\+|and|&) )\b(?:sora|dall-?e|image gen(?:eration)?|chatgpt(?! work)) (?:[\w-]+ )?(?:limits?|quotas?|caps?|credits) (?:now |just |will |also )?re-?set(?:s|ting)?\b/;
/**
 * Another reset after the one named, in its sentence, and what is said of it: "…, with
 * another one coming later today" (its time is not the first one's).
 */
export const SECOND_ONE =
  /[,;]? ?(?:\b(?:and|with|plus)\b ?|\+ ?)?\b(?:another|one more|a second) one\b.*$/;
/** A reset for each period: "per day", "each week". */
export const PER_PERIOD = /\b(?:per|each|every) (?:day|week|month)\b/;
/** The words of a future in a verb group: "will give", "'re going to reset". */
export const FUTURE_WORD = /\b(?:will|'ll|shall|going to|gonna)\b|'ll\b/;
/** Words that say nothing is planned, or that what went round is fake. */
const DISMISSED =
  /\b(?:this|it|that) (?:is|'s) not a promise\b|\b(?:limits|usage) (?:are|is|remain|remains|stay|stays) (?:unchanged|untouched|the same|as-is|as is)\b|^(?:a )?re-?set\? (?:not today|nope|no|not this week)\b|\b(?:limits|usage) (?:are|is) not (?:part of|affected by|touched by) (?:this|it|that)\b|\b(?:we )?(?:didn't|did not) touch (?:anything|your limits|limits)\b|(?:^|[.!?] )(?:not true|not real|totally fake|fake)[.!]|\b(?:nothing|none)(?:'s| is)? (?:planned|scheduled|coming|happening)\b|\bno plans? (?:for|to do) (?:another|a|any|that|this|it)(?: one| reset)?\b|\b(?:is|are|it's|that's) (?:fake|not real|not true|false|a fake)\b|\bisn't mine\b|\bnothing (?:is )?decided\b|\bno decision yet\b|\bno date yet\b|\bnot on a (?:fixed |set |regular )?schedule\b|\bthinking out loud\b|\bjust an idea\b|\bnot happening yet\b|\bkicking (?:it|this|that|the idea|ideas) around\b|\bnothing(?:'s| is) committed\b|\bfingers crossed\b|\b(?:limits|usage) (?:stay|stays|remain|remains) (?:where (?:they|it) (?:are|is)|put)\b|\b(?:that's|that is) not happening\b|\bthat's a no\b|\byours (?:are|is) (?:exactly |still )?where (?:they|it) (?:were|was)\b/;
/** Words that say a reset was not users', or that users have none. */
const NOT_FOR_USERS =
  /\bnothing (?:has )?changed\b|\b(?:internal|test|red-team|staff|employee|eval(?: harness)?) accounts? only\b|\bonly (?:that|one|this) (?:customer|workspace|account)\b|\bnothing to do with your\b|\bnot a user reset\b|\bno (?:codex |global |usage |user )?reset (?:today|this week|in real life|for (?:you|users|codex))\b|\bplan now: no\b|\bnot (?:announcing|promising) anything\b|\bon my own account\b|\b(?:codex )?(?:limits|usage) (?:were|was|have|has)(?: not|n't)(?: been)? (?:reset|touched|changed)\b|\b(?:this|that|it)(?:'s| is| was) (?:about|for) [^.!?]{1,40}?, not (?:about )?(?:your |the |anyone's )?(?:codex )?(?:usage|limits?|quotas?)\b|\b(?:that's|that is|it's|it is|but) not (?:for )?codex\b|\bnot codex though\b|\bthat was (?:(?:jan|febr)uary|march|april|may|june|july|august|september|october|november|december|weeks ago|months ago|last (?:week|month|year))\b|\b(?:external|user|users'|customer|your|everyone else's|codex) (?:limits|usage|quotas)(?: (?:are|is|remain|stay|stays))? (?:unchanged|untouched|unaffected)\b|(?:^|[.!?] )(?:limits|usage|quotas)(?: (?:are|is|remain|stay|stays))? (?:unchanged|untouched|unaffected)\b|\b(?:internal|dogfood|employee|staff)\b[^.!?]{0,20}\b(?:quotas?|limits)\b[^.!?]{0,20}\bfor (?:employees|staff|(?:the )?(?:codex |openai )?team|openai folks|internal users)\b/;
/**
 * Words that open a story or a dream: "Picture it:", "throwback:", "weird dream:"; a month
 * alone opening a story told in the present, "good times" closing one (rules-2.13.33).
 */
const STORY =
  /^(?:picture it|throwback|flashback|story time|weird dream|(?:had a|last night i had a) dream|imagine)\b|\bjust a daydream\b|\bin (?:my|your|our) dreams\b|\b(?:one|a (?:man|guy|girl|person)) can dream\b|\b(?:is|was) what (?:i|we)(?:'d| would| could| will)? (?:say|post|tweet|write|type)\b|\b(?:is|was) the (?:tweet|post) (?:i|we)(?:'d| would)? (?:love|like|want) to (?:send|post|tweet|write)\b|\bin (?:the|a|my) dream\b|\bin the game (?:i'm|i am|we're|we are) playing\b|\bis what i was (?:about|going) to (?:post|say|tweet)\b|\blast (?:year|month|week),? anyway\b|\bthe (?:post|tweet|draft) (?:i|we) (?:drafted|wrote|almost (?:sent|posted))\b|\ba (?:sentence|post|tweet) (?:i'm|i am|we're|we are) not allowed to (?:post|send|tweet|say)\b|^(?:january|february|march|april|june|july|august|september|october|november|december)[.:]|\bgood (?:old )?times\b/;
/** A poll: "poll: if we gave you one banked reset, when would you use it?" (rules-2.13.24). */
const POLL =
  /^(?:\W+ )?(?:quick |twitter |x )?poll(?: time)? ?(?::|\p{Extended_Pictographic}|\n|$)/u;
/**
 * A post that opens by explaining how resets work: "How a reset works on our side, since
 * people keep asking: … the counter just went back to zero." (rules-2.13.69).
 */
const EXPLAINER =
  /^(?:(?:so|ok|okay),? )?(?:here's |this is )?how (?:a |the |codex )?(?:usage )?(?:re-?sets?|refills?|limits?|windows?) (?:works?|happens?|(?:is|are) done)\b|^(?:re-?set|limits?) explainer\b|^explainer:/;
/** A recap's heading: "Week recap:", "This month in review:". */
const RECAP = /^(?:(?:week(?:ly)?|month(?:ly)?|year(?:ly)?|quick|friday) )?recap\b|\bin review:/;
/** Words that take back what was said, or mark it as a joke. */
// "me: we should stop doing resets. also me, …: resetting everyone": the meme (rules-2.13.15);
// so is "tired: resetting limits. wired: just having enough gpus" (rules-2.13.103), and "new
// week new me. personal rate limits reset …" (rules-2.13.106).
const JOKING =
  /\bthat(?:'s| is) (?:\d+% |totally |exactly |definitely |absolutely |obviously )?how (?:this|that|it|capacity planning) works\b|^(?:oh )?sure,? let me (?:just )?|^oh sure\b|^yeah,? right\b|\b(?:jk|j\/k|just kidding|kidding|april fools?|april 1st)\b|(?:^|\()(?:joke|joking|kidding)[.!)]|(?:^|[.!?] )not[.!]*$|\bsorry to get your hopes up\b|^me: [^\n]*\balso me\b|^tired: [^\n]*\bwired:|^new (?:week|month|year|day),? new me\b|\bby hand\b[^.!?]{0,60}\b(?:one (?:account|user|person|workspace|by one) at a time|with a (?:pencil|pen|quill|spreadsheet|calculator|abacus))\b|\bthanks for asking every \d+ (?:seconds|minutes|mins|hours)\b|\bfor the (?:[2-9]\d|\d{3,})(?:st|nd|rd|th) time (?:this|today|in a)\b/;
/**
 * Another's report: "limits reset for everyone at 6pm PT — according to a fake account"; not
 * "according to the plan".
 */
const REPORTED =
  /\baccording to\b(?! (?:the|our) (?:plan|schedule)\b)|\bper an? ['"]?(?:insider|anonymous|random|fake|parody)\b|\bis what the (?:rumou?r|screenshot|leak|post|tweet)s?\b[^.!?]{0,20}\b(?:says?|claims?)\b|\bsaid (?:nobody|no one)\b|\b(?:they|someone|somebody) made (?:it|that|this) up\b|\bimpersonating\b/;
/**
 * A footnote's mark after a word: "… for all plans*", alone at the end of the post or with its
 * footnote on a line of its own ("*plans = my coffee plan").
 */
const FOOTNOTE_MARK =
  /^[^*]*[\p{L}\p{N}]\*[^*\p{L}\p{N}]*$|[\p{L}\p{N}]\*(?=\s)[^*]*\n\s*\*\s*[\p{L}\p{N}]/u;
/** Post-level words that take an announcement back, each with its reason. */
export const TAKEN_BACK: readonly (readonly [RegExp, (words: string) => string])[] = [
  // "LIMITS RESET FOR EVERYONE!!! ...jk it's april 1st"; "yes, I personally reset
  // everyone's limits by hand, one account at a time, with a pencil" (rules-2.13.16).
  // "Codex team resets limits for the 47th time this month": a count past belief
  // (rules-2.13.34). "… (joke. please do not screenshot this)" (rules-2.13.58).
  [JOKING, (words) => `"${words}": a joke?`],
  // "… That account isn't mine and nothing is planned."
  [DISMISSED, (words) => `"${words}": the post says no reset is coming?`],
  // "Week recap:\n- Monday's limit reset …": what was (rules-2.13.3).
  [RECAP, (words) => `"${words}": a recap of what was?`],
  [POLL, (words) => `"${words}": a poll, asking?`],
  [EXPLAINER, (words) => `"${words}": how resets work, explained?`],
  // "(internal accounts only, not you, sorry)", "Only that customer was affected", "For Codex:
  // nothing changed", "Plan now: no reset", "That was September": the post says whose reset
  // it was, or that there is none for users (rules-2.13.5); "… coffee machine on the 4th
  // floor. it's working again. limits unaffected ☕" (rules-2.13.105).
  [NOT_FOR_USERS, (words) => `"${words}": not a reset of users' limits?`],
  // "Picture it: …", "weird dream: …", "Imagine: …": a story, a dream, a daydream; "limits
  // reset for everyone in my dreams", "… is what I would say if capacity allowed"
  // (rules-2.13.52).
  [STORY, (words) => `"${words}": a story, not an announcement?`],
  // "limits reset for everyone at 6pm PT — according to a fake account. not us"
  // (rules-2.13.53); "… is what the rumour on reddit says", "… said nobody at OpenAI today",
  // "… per an 'insider' account … They made it up." (rules-2.13.64).
  [REPORTED, (words) => `"${words}": what others say?`],
  // "limits reset tomorrow 9am PT for all plans*\n\n*plans = my coffee plan": a footnote, a
  // catch (rules-2.13.106); not "*all* plans", emphasis.
  [FOOTNOTE_MARK, () => 'a word marked with an asterisk for a footnote: a catch?'],
];
/** Limits and their state after a colon: "limits: refreshed." (read "limits: reset"). */
const LIMITS_COLON = /\b(limits|usage): re-?set\b/;
/**
 * "Plus & Pro subscriptions have had their Codex rate limits refreshed", "every paid
 * subscription now has its usage limits refreshed": a causative, what was done to them
 * (rules-2.12.0); not after a modal, "will have their usage limits reset" (rules-2.12.1).
 */
const HAD_RESET =
  /(?=has|have)(?<!\b(?:will|'ll|to|would|should|could|may|might|must|shall|gonna) )\b(?:has|have)(?: now| just| all)? (?:had )?(?:its|their|your|our) ((?:[\w&-]+ ){0,3}(?:limits|usage)) (?:re-?set|refreshed)\b/;
/**
 * A reset called off, as a heading: "Cancelled: the reset we teased yesterday."; or in words:
 * "we're not going to do it after all", "decided against it" (rules-2.13.6); "Not something
 * we're doing this week, despite the screenshot going around: a global reset" (rules-2.13.34);
 * "correction: we're NOT doing that tonight", "no refill tonight after all" (rules-2.13.56,
 * 2.13.59).
 */
const CALLED_OFF =
  /^(?:cancel+ed|postponed|delayed|paused|scrapped|called off|on hold) ?:|\b(?:not|n't) (?:going to |gonna )?(?:do|doing|happen|happening)(?: (?:it|that|this|one))? (?:after all|anymore|any more)\b|\bdecided against (?:it|that|the reset)\b|\bcall(?:ed|ing) (?:it|that|this|the reset|this one|that one) off\b|\b(?:have|need|going|had) to push (?:it|this|the reset)\b(?![^.!?]{0,40}\b(?:to|until|till) )|\bpush(?:ing|ed)? (?:it|this|the reset) back(?:,? (?:we|for now|indefinitely|until we)\b|[.!]|$)|\bnot happening\b|\b(?:not|n't) (?:going|rolling|shipping) out\b|\bno new (?:date|time|eta)\b|\bcancel+(?:ed|ing) (?:it|that|this)\b|\bscrap(?:ped|ping) (?:it|that|this)\b|\bcall(?:ed|ing) off (?:the |today's |tonight's |tomorrow's |this week's |friday's |monday's )?re-?set\b|\bhold(?:ing)? off\b|\b(?:we're|we are) holding (?:the|tonight's|today's|tomorrow's|this) re-?set\b|\b(?:the )?re-?set(?:'s| is) (?:off|cancel+ed|scrapped)\b|\b(?:was|were) going to re-?set\b[^.!?]{0,60}\bbut\b|\b(?:won't|will not|isn't|is not) (?:be )?happening\b|\bwon't happen\b|\b(?:we're|we are|i'm|i am) not doing (?:it|that|this|one|the reset)\b|\bno (?:[\w-]+ )?(?:re-?set|refill|wipe|top-?up|refresh)\b[^.!?]{0,20}\bafter all\b|^(?:that's |it's )?not (?:something|anything|a thing) (?:we're|we are|we'll be|i'm) (?:doing|planning|considering|shipping)\b(?! (?:lightly|often|casually|every))/;
/** A reset and its state after a colon: "Reset: done.", "Global reset: live". */
const STATUS_COLON = /\b(re-?set): (done|live|complete|completed|landed|out|shipped)\b/;

/** Why the words around a mention put it in doubt (rules-2.10.0), or null. */
function sentenceDoubt(read: string, previous: string | undefined): string | null {
  // "remember the august outage? we zeroed everyone's usage after that one.": a reset
  // recalled (rules-2.13.59).
  if (REMEMBERED.test(previous ?? '')) return 'a reset after "remember …?": one recalled?';
  // "\"codex team reset limits again, legends\" - that was last tuesday": someone else's?
  if (insideQuotes(read)) return "a reset inside quotation marks: someone else's words?";
  // "Broke my Duolingo streak… Had to reset it to zero.": what is "it"? Not when the
  // sentence before names the limits: "your limits get a fresh start tomorrow. we're
  // resetting them…" (rules-2.12.0).
  if (PRONOUN_OBJECT.test(read) && !USAGE_CONTEXT.test(read) && !LIMITS_NAMED.test(previous ?? ''))
    return 'a reset of "it", with no limits named in its sentence';
  return null;
}

/** "remember the august outage?", "remember when …?": what comes next is recalled. */
const REMEMBERED = /^(?:(?:oh|ha|lol|so),? )?(?:remember|recall)\b[^.!]*\?["')\s]*$/;
/** The limits themselves named: what "it" or "them" in the next sentence may stand for. */
const LIMITS_NAMED = /\b(?:limits?|usage|quotas?)\b/;

/**
 * Is the first word of a reset in `text` inside quotation marks? Double ones, or single ones
 * that open after a space and close before one ("the 'is there a reset today' posts",
 * rules-2.13.2); an apostrophe inside a word ("it's", "users' limits") is neither.
 */
function insideQuotes(text: string): boolean {
  const at = text.search(/\bre-?set/);
  if (at < 0) return false;
  let quotes = 0;
  for (let i = 0; i < at; i++) if (text[i] === '"') quotes++;
  if (quotes % 2 === 1 && text.indexOf('"', at) > at) return true;
  const opened = text.slice(0, at).lastIndexOf(" '");
  if (opened < 0 && !text.startsWith("'")) return false;
  const from = Math.max(opened + 2, 0);
  if (/'(?=[\s.,!?;:]|$)/.test(text.slice(from, at))) return false;
  const closing = /^[^']*?[\p{L}\p{N}?!.]'(?=[\s.,!?;:]|$)/u.exec(text.slice(at));
  // Words said, not a label: "a 'Reset limits' button" is what the page shows; but the
  // word alone in quotes is a so-called reset: "the 'reset' everyone's seeing" (rules-2.13.5).
  if (closing === null) return false;
  const quoted = `${text.slice(from, at)}${closing[0]}`;
  return quoted.split(/\s+/).length >= 3 || /^re-?sets?'$/.test(quoted);
}
/** Resets in the plural, which "them" can stand for. */
const RESETS = /\bre-?sets\b/;
/** "shipping them to everyone tomorrow": a verb of giving whose object is "them". */
const THEM =
  /^((?:we're |we are |we'll |we will |i'm )?(?:shipping|giving|sending|rolling out|handing out|granting|dropping)) them\b/;
/**
 * "one" standing for the reset of the sentence before: "another one", "a fresh one"; "one
 * will hit every account within the next hour" after "Want a full reset?" (rules-2.12.2).
 */
const ONE_MORE =
  /\b(another|one more|a new|a fresh|a second) one\b|^one(?= (?:will|'ll|is|'s|lands?|goes|hits?|arrives?|drops?)\b)/;

/**
 * The sentence after a question that answers it yes; "granted", under "wished for a reset?"
 * (rules-2.13.94).
 */
const ANSWERED_YES =
  /^(?:yes|yep|yup|yeah|of course|absolutely|you bet|indeed|sure|granted|wish granted)\b/;
/** A question of what was done: "did we just reset…?", "have we reset…?" (not "will…?"). */
const ASKED_DONE = /^(?:did|have|has)\b/;
/**
 * A question of what comes, said back in the order of a statement: "will there be a reset…?"
 * is "there will be a reset…", "will everyone get…?" is "everyone will get…", "are we
 * resetting…?" is "we are resetting…" (not "are you resetting…?", a user's question quoted).
 */
const ASKED_COMING =
  /^(?:(will) there be|(is|are) there|(will) (we|everyone|everybody|y'all|all of you|all plans|every plan)|(are) (we))\b/;
const said = (question: string) =>
  question
    .replace(QUESTION_END, '.')
    // "did we just reset …? yes": "we did just reset …" (rules-2.13.84).
    .replace(/^(did|have|has) (we|i|you|they|it|everyone|everybody)\b/, '$2 $1')
    .replace(
      ASKED_COMING,
      (
        _match,
        willBe?: string,
        isAre?: string,
        will?: string,
        who?: string,
        are?: string,
        whoAre?: string,
      ) =>
        willBe !== undefined
          ? 'there will be'
          : isAre !== undefined
            ? `there ${isAre}`
            : will !== undefined
              ? `${who} will`
              : `${whoAre} ${are}`,
    );
/** An answer with a doubt of its own: "yes if the fix lands", "yes, eventually". */
const DOUBTFUL_ANSWER =
  /\b(?:if|unless|maybe|probably|once|when|might|hopefully|eventually|someday|one day|not|lol|lmao|jk|kidding|my own)\b/;

/** He asks, and answers yes in the next sentence: the question is said. */
const answeredYes = (question: string, next: string) =>
  ANSWERED_YES.test(next) &&
  (ASKED_DONE.test(question) ||
    ((ASKED_COMING.test(question) || NAMED_ASKED.test(question)) &&
      !DOUBTFUL_ANSWER.test(next.replace(WHY_NOT, ''))));
/** "sure why not": yes, not a doubt. */
const WHY_NOT = /\bwhy not\b/;
/** A reset named and asked about: "cyber monday reset?" (rules-2.13.86). */
const NAMED_ASKED = /^(?:a |another |one more )?(?:[\w-]+ ){0,3}re-?set\?+$/;
const QUESTION_END = /\?+(?=["')\s]*$)/;

/** What "fresh" names: "weekly codex limits", "quota", not "quota of bad puns" (cues.ts). */
const FRESH_WHAT = new RegExp(
  `^(?:(?:codex|weekly|5-hour) ){0,2}(?:usage|limits|allowance|quota)${NOT_OF_OTHER}`,
);
/** The windows after "fresh": "5 h and weekly windows" (as the words are split). */
const FRESH_WINDOWS =
  /^(?:5 ?h|5-hour|five-hour|weekly)(?: (?:and|\+|&) (?:5 ?h|5-hour|five-hour|weekly))? windows\b/;
/** "reset", "refreshed … limits", "brand new usage": the words that name the reset. */
function mentionIndices(words: readonly Word[]): number[] {
  const resets = resetWordsOf(words);
  if (resets.length > 0) return resets;
  const found: number[] = [];
  words.forEach((word, index) => {
    const next = words
      .slice(index + 1, index + 4)
      .map((w) => w.text)
      .join(' ');
    if (word.lemma === 'refresh' && /\blimits?\b|\busage\b/.test(next)) found.push(index);
    if (word.text === 'usage' && /^(?:new|fresh)$/.test(words[index - 1]?.text ?? ''))
      found.push(index);
    // "fresh weekly codex limits" (rules-2.13.10).
    // "fresh weekly allowance for everyone on codex" (rules-2.13.16); not "fresh quota of bad
    // puns incoming", a quota of something else (rules-2.13.71).
    if (word.text === 'fresh' && FRESH_WHAT.test(next)) found.push(index);
    // "fresh 5h and weekly windows" (rules-2.13.1).
    if (
      word.text === 'fresh' &&
      FRESH_WINDOWS.test(
        words
          .slice(index + 1, index + 7)
          .map((w) => w.text)
          .join(' '),
      )
    )
      found.push(index);
  });
  return found;
}

function refusalOf(sentence: string, reading: MentionReading, read: string): string | null {
  // "hmm should we do a reset...": asked, with or without its mark (rules-2.13.20).
  if (/\?["')\s]*$/.test(sentence) || ASKING_OPENING.test(sentence))
    return `the reset is asked about: "${clip(sentence)}"`;
  // "Myth: there's a limit reset tonight.", "Q: I got a banked reset on Nov 5…": what the
  // heading says it is (rules-2.13.3).
  const heading = NOT_SAID_HEADING.exec(sentence);
  if (heading !== null) return `a reset under "${heading[1]}:", not announced: "${clip(sentence)}"`;
  // "… For everyone ✅ Reset ❌": crossed out (rules-2.13.3).
  if (CROSSED_OUT.test(sentence)) return `a reset crossed out: "${clip(sentence)}"`;
  // Also as read: "your 5h window will clear on its own" (rules-2.13.1).
  if (matchesAny(sentence, TALK_ABOUT) || (read !== sentence && matchesAny(read, TALK_ABOUT)))
    return `${TALKED_ABOUT}: "${clip(sentence)}"`;
  if (reading.negated) return `the reset is denied: "${clip(sentence)}"`;
  if (CALLED_OFF.test(sentence) && !TIME_DENIED_THEN_AHEAD.test(read))
    return `a reset called off: "${clip(sentence)}"`;
  if (reading.notAnnouncing !== null) return `${reading.notAnnouncing}: "${clip(sentence)}"`;
  if (HABIT.test(reading.clause) && !BANKED_WHENEVER.test(reading.clause))
    return `resets as a habit, not one reset: "${clip(sentence)}"`;
  if (INTERNAL_ONLY.test(reading.clause))
    return `a reset of internal accounts, not users': "${clip(sentence)}"`;
  // "saw another lab wipe everyone's limits": read with its idiom made "reset" (rules-2.12.3).
  if (OTHERS_RESET.test(sentence) || OTHERS_RESET.test(read))
    return `someone else's reset: "${clip(sentence)}"`;
  // "last time I announced a reset at 4pm on a friday the graphs looked like a cliff face",
  // "Tuesday's reset for Pro confused some folks": whatever its tense (rules-2.13.16, 2.13.18).
  if (
    (reading.tense === 'done' && pastBeforeRecent(reading.clause)) ||
    // "Next Monday marks one year since our first ever codex limit reset" (rules-2.13.64).
    ANNIVERSARY.test(sentence) ||
    (sentence.includes('time') && LAST_TIME.test(sentence)) ||
    DAYS_RESET_WAS.test(sentence)
  )
    return `a reset of the past, not announced now: "${clip(sentence)}"`;
  return null;
}

/**
 * A past reference in the reset's clause, unless a recent time comes first: "a few minutes
 * ago we reset codex usage limits … to try the plugins we launched last night" is now; the
 * night is the launch's (rules-2.13.1).
 */
function pastBeforeRecent(clause: string): boolean {
  const past = PAST_REFERENCE.exec(clause);
  if (past === null) return false;
  // "we've reset codex rate limits for all users to make up for the degraded performance
  // yesterday": the past is the cause's, after a reset said in the present perfect
  // (rules-2.13.16).
  const cause = CAUSE.exec(clause);
  if (
    cause !== null &&
    cause.index < past.index &&
    PERFECT_RESET.test(clause.slice(0, cause.index))
  )
    return false;
  // "we just reset usage limits for every account that was active yesterday": the past is a
  // relative clause's, after a reset said just done (rules-2.13.75).
  const before = clause.slice(0, past.index);
  if (PERFECT_RESET.test(before) && /\b(?:that|who|which) (?:[\w']+ ){1,4}$/.test(before))
    return false;
  const recent = RECENTLY.exec(clause);
  return recent === null || recent.index > past.index;
}
/** A warning of what comes: "heads up:", "heads-up to team workspaces". */
export const HEADS_UP = /^(?:\W+ )?heads[ -]up\b/;
/**
 * A question by its opening: "hmm should we do a reset...", "so do we reset tonight", "most
 * asked question in my DMs: when's the next reset." (rules-2.13.20, 2.13.21), "- what's a
 * banked reset" (rules-2.13.24); "me every tuesday: is it time to reset the limits again", "2. is
 * there a reset today": a yes-no question by its opening, with or without its mark
 * (rules-2.13.84).
 */
const ASKING_OPENING =
  /^(?:(?:hmm+|so|ok|okay|ok so|question),? )?(?:should|shall|do|could|would) (?:we|i)\b|(?:^(?:\d{1,2}[.)] |[-•*] )?|: )(?:is|are|was|were|will|did|does|has|have|can) (?:it|there|this|that|we|you|u|they)\b(?! (?:is|are|was|were|will|has|have)\b)|(?:^|: )when(?:'s| is| will| does) (?:the )?(?:next )?re-?set\b|^(?:[-•*] )?(?:what|which|who)(?:'s| is| are) (?:an? |the )?(?:[\w-]+ ){0,2}re-?sets?\b/;
/**
 * A time recalled: "last time I announced a reset…", "the last time we reset limits…", "the
 * first time I reset everyone's limits I did it at 1am" (rules-2.13.17), "reminds me of the
 * time I reset everyone's limits from a trailhead" (rules-2.13.19).
 */
const LAST_TIME =
  /^(?:the )?(?:last|first) time\b|\b(?:the )?(?:last|first) time (?:i|we)\b|\b(?=(?:the|that) time )(?<!\bby )(?:the|that) time (?:i|we) re-?set\b/;
/**
 * A weekday's reset told of in the past: "Tuesday's reset for Pro confused some folks",
 * "Monday's reset went well" (not "Monday's reset went out", which lands it).
 */
const DAYS_RESET_WAS =
  /\b(?:mon|tues|wednes|thurs|fri|satur|sun)day's (?:[\w-]+ ){0,2}re-?set\b(?: (?:for|on) [\w ]{1,20}?)? (?:was|were|went (?!out\b|live\b)|did|had|confused|caused|broke|helped|made|seemed|looked|felt|worked|left|covered|included|affected|touched)\b/;
/** What a reset makes up for, or follows: "to make up for the outage", "after the incident". */
const CAUSE =
  /\b(?:to (?:make up|compensate|apologi[sz]e) for|making up for|because of|due to|after|following|since) (?:the|a|an|our|that|this|all|those|these|some)\b/;
/** "we've reset", "has just been reset", "just reset": a reset in the present perfect. */
const PERFECT_RESET = /(?:'ve|\bhave|\bhas|\bjust)\b(?: \w+){0,2} re-?set\b/;
/** A time just gone: "a few minutes ago", "an hour ago", "just now", "earlier today". */
export const RECENTLY =
  /\b(?:(?:seconds?|secs?|minutes?|mins?|hours?|hrs?|moments?) ago|just now|earlier today|this morning)\b|\d ?(?:h|hrs?|m|mins?) ago\b/;

/**
 * Headings of what is not the announcer's announcement: a myth, a rumour, a question; "quick
 * explainer since ppl keep asking:", how it works (rules-2.13.85); "AMA follow up on banked
 * resets since there was confusion:" (rules-2.13.88).
 */
const NOT_SAID_HEADING =
  /^[-•*\s]*(?!not )(myth|rumou?r|claim|q|question|hot take|hypothetically|how (?:it|this|they|resets?) works?|(?:(?:quick|short|small|tiny) )?explainer\b[^:\n]{0,40}|(?:ama|faq)\b[^:\n]{0,20}\b(?:on|about) (?:banked |global )?resets\b[^:\n]{0,40})\s*:/;
const TALKED_ABOUT = 'the reset is talked about, not announced';
const COPULA = new Set(['is', 'are', "'s", 'was', 'were']);
/** A reset marked with a cross: "Reset ❌", "reset: ✗". */
const CROSSED_OUT = /\bre-?sets?\b:? ?(?:\u274c|\u2716|\u2717|\u2718|\u{1f6ab})/u;

/**
 * One person's account, in a reply to them: "on your account", "yours"; not "yours included"
 * nor after "everyone's" ("topped up everyone's buckets, yours too"), rules-2.13.39; nor
 * after "to all plans" ("reset going out to all plans right now, should hit your account in a
 * few min"), rules-2.13.55.
 */
export const ONE_ACCOUNT =
  /\b(?:your (?:account|workspace|org|seat)|yours)\b(?![^.!?]{0,20}\bincluded\b)(?<!\b(?:everyone's|everybody's|(?:to|for) (?:all|every) (?:plans?|users|accounts|tiers))[^.!?]{0,40})/;
