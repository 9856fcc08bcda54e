import type { PostTense } from './announcement.ts';
import { clip } from './classification.ts';
import { DAY_HEADING } from './cues.ts';
import { HEADING, type Mention, openingTime, SECOND_ONE } from './mentions.ts';
import { timeAhead, timePassedToday, timeStartsAfter, tookEffectToday } from './schedule-time.ts';
import type { Tense } from './sense.ts';

/**
 * The tense of each mention (done, under way or coming) with its time counted, and the tense
 * of the post they make together.
 */

/** Words of a time and whom it is for, the whole of a sentence: "wednesday morning PT, all plans". */
const FRAGMENT_WORD =
  /^(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day|today|tonight|tomorrow|morning|afternoon|evening|night|noon|midnight|early|late|this|next|at|around|by|from|the|ish|in|every|eod|eow|landing|lands|arriving|going|goes|out|\d{1,2}(?:st|nd|rd|th)|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*|\d{1,2}(?::\d{2})?(?:am|pm)?|am|pm|pt|pst|pdt|et|est|utc|gmt|bst|cet|cest|jst|aest|aedt|mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun|all|plans?|tiers?|everyone|everybody|for|users|paid|free|plus|pro|business|enterprise|edu|teams?|workspaces?|accounts?|and|[^\p{L}\p{N}]+)$/u;
/** A verb group that says the reset has happened, whatever time follows. */
export const FIRMLY_DONE = /(?:'ve|\b(?:has|have|had|was|were|been|just|already))\b/;
/** What follows a spaced dash at the end of a sentence. */
const DASH_TAIL = /\s[—–-]\s([^—–]+)$/;
/** `sentence` (lower case, as readText gives it) is nothing but FRAGMENT_WORDs. */
export function isTimeFragment(sentence: string): boolean {
  // "~8pm pt, all tiers)": the marks around a word are no word (rules-2.13.17).
  const words = sentence
    .split(/[\s,.!]+/)
    .map((w) => w.replace(/^[~(]+|[)]+$/g, ''))
    .filter((w) => w !== '');
  return words.length > 0 && words.length <= 10 && words.every((w) => FRAGMENT_WORD.test(w));
}
/** A heading of what is to come: "## upcoming (v0.64 / Nov 20)", "release notes preview". */
export const UPCOMING = /\b(?:upcoming|coming|next|preview|planned|scheduled)\b/;
/** "it's rolling out now", "it's live": the sentence after a reset named, saying it arrives. */
export const IT_ARRIVES =
  /^(?:(?:it's|it is|that's|that is) (?:already )?|already |now )(?:rolling out|going out|live|landing|propagating|out)\b/;
/** "it's a reset", "(that's a reset.": what the sentence before spoke of. */
/** A heading saying it goes out now: "rolling out now:", "going out now —". */
const GOING_OUT_NOW_HEADING = /^\W*(?:rolling|going) out (?:right )?now ?(?::|—|-)/;
/** Still on, as announced: "the reset is still happening", "it's still on for friday". */
const STILL_ON = /\b(?:is|'s|are) still (?:happening|on|going ahead|planned|scheduled)\b/;
/** A result said after its time: "… so you have fresh limits for the long weekend". */
const SO_YOU_HAVE =
  /\bso (?:that )?(?:you|u|everyone|everybody|y'all|yall) (?:have|has|get|gets|start|starts|wake up (?:to|with))\b/;
export const IT_IS_A = /^\(?(?:it's|it is|that's|that is|this is) a /;
/** A heading of what comes: "how it's going to go:", "the plan:", "next up:". */
const FUTURE_HEADING = /\b(?:going to|gonna|will|plan|next up|what happens next|coming up)\b/;
/** A bare "reset" whose subject is "they" or "it". */
const THEY_RESET = /(?:^|\s)(?:they|it) re-?set\b/;
/** "in a few hours", "in a couple of minutes": a while ahead. */
const IN_A_WHILE =
  /\b(?:in|within) (?:a few|a couple(?: of)?|several|the next (?:few|couple(?: of)?)) (?:minutes|mins|hours|hrs)\b|\bin ~ ?\d+(?:\.\d+)? ?(?:h|hrs?|hours?|m|mins?|minutes?)\b/;
/** A while ahead, said first: "in about an hour we …", "in two hours we …". */
const IN_A_WHILE_FIRST =
  /^(?:in|within) (?:about |around |roughly |~ ?)?(?:an?|one|two|three|half an|a few|a couple(?: of)?|\d+) (?:hours?|hrs?|mins?|minutes?)\b/;
/** After an event, said first: "right after it does, we …", "once it ships, we …". */
const AFTER_IT_FIRST =
  /^(?:right |just |shortly )?after (?:it|that|this|the (?:fix|deploy|launch)) (?:does|do|ships|lands|goes out|is (?:out|done|live))\b/;
/** Going out over a span: "rolling out … over the next hour". */
const ROLLING_OVER_A_SPAN =
  /^(?:(?:we're|we are|i'm) )?(?:rolling|going|pushing) (?:it |them )?out\b[^.!?]*\bover the (?:next|coming) (?:hour|few (?:minutes|hours)|\d+ ?(?:min|mins|minutes|h|hours?))\b/;
/** Set for a time: "locked in for", "booked for", "set for". */
const LOCKED_IN_FOR =
  /\b(?:is|are|'s) (?:locked in|booked|pencil+ed in|set|confirmed|on the calendar) for\b|\bre-?set (?:confirmed|booked|locked in|scheduled) for\b/;
/** A deadline: "by EOD", "by 5pm", "by tonight", "by end of day". */
const DEADLINE = /\bby (?:eod|end of (?:the )?day|tonight|tomorrow|\d)/;
/** Words that place a weekday ahead: "next monday", "tomorrow", "this friday", "on monday at 9". */
export const NEAR_DAY = /\b(?:next|this|coming|tomorrow|tonight|today)\b/;
/** A bare "reset", or a bare "do" before the noun ("we do a global reset tonight"). */
/** An item of a list: "• monday 9am", "- friday", "2. noon". */
/**
 * An event awaited before a reset ahead: "the second it ships", "once it's out", "when it
 * lands"; not "when" of any other event, a policy ("we reset limits when an incident burns
 * your usage").
 */
const AWAITED_AHEAD =
  /^awaited \("(?:the (?:second|moment|minute)|once|as soon as|right after|when (?:it|that|this|the (?:fix|deploy|launch|model|release|update|rollout))\b)/;
/** An event awaited that is already past: "once it was out", "after we shipped". */
const PAST_AWAITED = /\b(?:was|were|had|did|shipped|landed|went|launched|released)\b/;
/** Awaits an event still ahead: "once it's out", not "once it was out" (rules-2.13.28). */
const awaitsAhead = (dependsOn: string | null): boolean =>
  dependsOn !== null && AWAITED_AHEAD.test(dependsOn) && !PAST_AWAITED.test(dependsOn);
/** "is done since 1 hour": done a while ago. */
const DONE_SINCE =
  /\b(?:is |it's )?(?:done|live|finished|complete) since (?:\d+|an?|one|two|three) (?:hours?|hrs?|h|minutes?|mins?)\b/;
/** "right after", "straight after", "afterwards": after another event, named before. */
const RIGHT_AFTER =
  /\b(?:right|straight|shortly|soon|immediately) after(?:wards)?(?=[,.;!?]|$)|\bafterwards\b/;
/** After a day's event: "right after tomorrow's keynote", "after monday's launch". */
export const AFTER_DAYS_EVENT = /\bafter [a-z]+ ?'s [a-z]+/;
export const LIST_ITEM = /^(?:[•*·▪‣◦-]|\d{1,2}[.)])\s/;
/**
 * "after lunch (pacific) we hand everyone their limits back" (rules-2.13.20), "in ~2 hours
 * till we zero out everybody's codex usage" (rules-2.13.22): a while ahead of a bare verb.
 */
const LATER_TODAY =
  /\b(?:after lunch|later today)\b|\bin (?:~ ?|about |around |roughly )?\d+ ?(?:h|hrs?|hours?|mins?|minutes?) (?:till|until|before)\b/;
/** "by the time you're back from lunch": a time ahead, an event's. */
const BY_THE_TIME = /\bby the time (?:you|you're|we|we're|i|i'm)\b/;
/** "have to push", "need to do": what must be done, ahead. */
const HAVE_TO =
  /\b(?:have|has|need|needs|'ve got|got) to (?:push|move|delay|postpone|do|run|ship|roll)\b/;
/** A day opening its sentence: "Monday = fresh codex limits", "tomorrow: a full reset". */
const DAY_FIRST =
  /^(?:(?:next|this|on) )?(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day|tomorrow|tonight)\b/;
/** A reset by a time: "getting reset before standup tomorrow". */
const RESET_BEFORE = /\bre-?set(?:ting)? before\b/;
/** "are reset", "is all reset", "is fresh": the present passive of "reset", and its state. */
const PRESENT_PASSIVE = /^(?:is|are|'re|'s|am) (?:all )?(?:re-?set|fresh)$/;
export const BARE_RESET = /^(?:re-?set|do|push|run|ship|flip|give|make|go|hand)$/;
/** "limits reset on the way shortly", "a reset of rate limits is headed your way". */
const ON_THE_WAY =
  /\bre-?set (?:is |are )?on (?:the|its) way\b|\bre-?set\b[^.!?]{0,40}?\b(?:is|are|'s) (?:headed|heading) (?:your|our|to|out|for)\b/;
/** Fresh limits on their way: "fresh codex limits incoming", "fresh usage inbound". */
const FRESH_INCOMING =
  /\bfresh (?:[\w-]+ ){0,2}(?:limits|usage|quotas?|allowances?) (?:incoming|inbound|upcoming)\b/;
/** How long a done reset takes to show: "may take a few hrs to show up". */
export const TAKES_TIME = /\b(?:may|might|could) take\b[^.!?]*/g;
/** A check mark after the reset's word, or opening its sentence: "global usage reset ✔️",
 * "✅ limits reset."; not "fix holding ✅ … reset". */
export function checkedOff(read: string): boolean {
  const reset = read.search(/\bre-?set/);
  return (
    reset >= 0 &&
    // "Done ✅ all Codex usage limits reset": a check mark opening the post, or after "done"
    // (rules-2.13.74).
    (CHECK_MARK.test(read.slice(reset)) || /^\s*(?:done\s*)?[\u2705\u2714\u2611]/.test(read))
  );
}
const CHECK_MARK = /[\u2705\u2714\u2611]/;
/** What is expected to show: "should be reset", "will be back", "should see". */
export const SHOWS = /^(?:should|will|'ll|must) (?:be|see|show)\b/;
/** A progressive with its auxiliary: "is rolling", "'re resetting", "are being reset". */
const PROGRESSIVE = /^(?:is|are|'s|'re|am|'m)(?: being)? \S+ing\b/;
/**
 * A span of minutes or hours from now: "within a few hours", "in the next hour", "over the
 * next few hrs" (rules-2.13.40).
 */
const SPAN =
  /\b(?:within|in|over)(?: the next)?(?: ~| about| around| roughly)?(?: a few| a couple of| an?| \d+| one| two| three)? ?(?:min(?:ute)?s?|hours?)\b|\b(?:over|in|within) the next (?:few|couple(?: of)?) (?:hours|hrs)\b/;
/** Rolling out over hours: "rolling out over the next few hrs" (rules-2.13.40). */
const NEXT_HOURS = String.raw`(?:over|during|throughout) the next (?:few |couple(?: of)? |\d+ )?(?:hours|hrs)\b`;
const HOURS_TO_REACH = new RegExp(String.raw`\brolling out ${NEXT_HOURS}`);
/**
 * Over hours in a verb's own clause: "topping up everybody's codex limits over the next
 * couple hours", its auxiliary dropped (rules-2.13.45).
 */
const OVER_HOURS = new RegExp(String.raw`\b${NEXT_HOURS}`);
/** "should land on all accounts within the hour": the time it takes to reach everyone. */
const PROPAGATES_WITHIN =
  /,? ?\b(?:should|will|'ll|may|might) (?:land|show(?: up)?|reach|appear|hit|propagate)\b[^.!?]{0,40}\b(?:within|in) (?:the next |the |an? |~ ?)?(?:few |couple (?:of )?)?(?:min(?:ute)?s?|hour)\b/g;
/** "it's a …", "this is a …" anywhere in the sentence: what something is. */
const NAMED_AS_A = /\b(?:it|this|that)(?:'s| is) (?:a|an) /;
/** Said to be rolling out, in the reset's sentence. */
const ROLLING_OUT = /\b(?:rolling|going) out\b/;
/** A time of the clock: "2pm", "14:30", "noon", "midnight", "end of day". */
export const CLOCK_TIME =
  /\b\d{1,2}(?::\d{2})? ?(?:am|pm)\b|\b\d{1,2}:\d{2}\b|\b(?:noon|midnight|eod|end of (?:the )?day)\b/;
/** Now: "resetting limits now", "… as we speak" (rules-2.12.0). */
export const UNDER_WAY_NOW = /\bnow\b(?! that\b)|\bas (?:we speak|i type(?: this)?|we type)\b/;
/** A time just gone: "about an hour ago", "just now", "earlier today". */
const JUST_GONE = /\b(?:ago|just now|earlier today)\b/;
/** ", the fix is deploying now": another subject's progressive, and its "now". */
const OTHER_NOW = /, (?:the|our|a|this|that|its) [\w-]+(?: [\w-]+)? (?:is|are) [\w-]+ing now\b/g;
export const GOING_OUT_NOW =
  /\bas (?:we speak|i type(?: this)?|we type)\b|\b(?:going|rolling) out (?:in (?:waves|batches|stages|phases)|gradually|region by region|plan by plan)\b|\b(?:going|rolling) out\b[^.!?]*\bnow\b|\b(?:rollout|rolling out|reset) (?:is )?at ~?\d{1,3}%|\b(?:about |roughly |~ ?)?(?:halfway|half way|\d{1,3}% of the way) through (?:the )?(?:accounts|users|workspaces|everyone|the rollout)\b/;
/**
 * "we've started rolling out the usage limit reset, some of you already have it": begun, so
 * under way now, whatever time it reaches everyone by (rules-2.13.77).
 */
const STARTED_OUT =
  /\b(?:'ve|have|has) (?:started|begun) (?:rolling|pushing|sending) (?:it |them )?out\b|\bsome of you (?:already )?(?:have|got|see) it\b/;

/** What one announcing mention says, its time counted: under way + a time ahead is coming. */
export function mentionKind(mention: Mention, announcedMs: number, zone: string): Tense {
  const { tense, cue } = mention.reading;
  // "by EOD today, all your codex limits: back to zero": its time said first (rules-2.13.56).
  const opening = openingTime(mention.sentence);
  const openingAhead = opening !== '' && timeAhead(opening, announcedMs, zone) === 'explicit';
  // "limits reset on the way shortly" (rules-2.11.0).
  if (ON_THE_WAY.test(mention.reading.clause)) return 'coming';
  if ((tense === 'ongoing' || tense === 'coming') && STARTED_OUT.test(mention.sentence))
    return 'done';
  // "rolling out a reset to all codex users over the next hour": going out now, over a span
  // that starts now (rules-2.13.60).
  if (
    (tense === 'coming' || tense === 'ongoing') &&
    ROLLING_OVER_A_SPAN.test(mention.sentence) &&
    !timeStartsAfter(mention.sentence, announcedMs, zone)
  )
    return 'ongoing';
  // "fresh codex limits incoming for everyone today" (rules-2.13.45).
  if (tense !== 'done' && FRESH_INCOMING.test(mention.sentence)) return 'coming';
  // "update: it's done, everyone should have a fresh limit now ✅": what one should have now,
  // said done, is there (rules-2.13.101).
  if (
    tense === 'coming' &&
    /^should (?:have|see|be)\b/.test(cue) &&
    SAID_DONE_NOW.test(mention.sentence) &&
    timeAhead(mention.sentence, announcedMs, zone) === null
  )
    return 'done';
  // "admins can switch it on starting tomorrow, and then each seat gets its banked reset": a
  // present after "then", what follows a time ahead, is ahead (rules-2.13.95).
  if (tense === 'ongoing' && AND_THEN.test(mention.sentence)) {
    const before = mention.sentence.split(AND_THEN)[0]!;
    // Its time alone: "… from workspace settings starting tomorrow" is "starting tomorrow".
    const time = /\bstarting .+$/.exec(before)?.[0] ?? before;
    if (!RESET_WORD_HERE.test(before) && timeStartsAfter(time, announcedMs, zone)) return 'coming';
  }
  // "2026-11-19 · global usage reset ✔️", "Limits wiped at 18:00 CET ✅": a reset checked
  // off is done, when no verb says it is ahead (rules-2.11.0).
  if (checkedOff(mention.read) && (tense === 'none' || BARE_RESET.test(cue))) return 'done';
  // "resetting on monday once the fix is out": a gerund with no auxiliary, its time ahead
  // (rules-2.13.13).
  if (
    tense === 'done' &&
    /^re-?setting\b/.test(cue) &&
    timeStartsAfter(mention.reading.clause, announcedMs, zone)
  )
    return 'coming';
  // "limits are reset for everyone on monday": a present passive, its time ahead, is a
  // schedule (rules-2.13.17); "limits are reset as of this morning" is done.
  // So is "Monday 🗓️ = fresh codex limits for everyone": its day the subject.
  if (
    tense === 'done' &&
    PRESENT_PASSIVE.test(cue) &&
    (timeStartsAfter(mention.reading.clause, announcedMs, zone) ||
      (DAY_FIRST.test(mention.sentence) && timeStartsAfter(mention.sentence, announcedMs, zone)) ||
      // "by the time you're back from lunch, everyone's codex meter is back at full" (rules-2.13.22).
      BY_THE_TIME.test(mention.sentence) ||
      openingAhead)
  )
    return 'coming';
  // "spoiler: it's a full usage reset for all plans, friday 9am PT": what it is, said with
  // its time ahead (rules-2.13.44).
  if (
    tense === 'done' &&
    /^(?:'s|is)$/.test(cue) &&
    NAMED_AS_A.test(mention.sentence) &&
    timeStartsAfter(mention.sentence, announcedMs, zone)
  )
    return 'coming';
  // "yes the reset is still happening. tomorrow 9am PT": still on, as announced, not under way
  // (rules-2.13.86); "rolling out the banked reset … starting tomorrow": its start ahead.
  if (
    (tense === 'ongoing' || tense === 'done') &&
    (STILL_ON.test(mention.reading.clause) ||
      (/\bstarting\b/.test(mention.sentence) &&
        timeStartsAfter(mention.sentence, announcedMs, zone))) &&
    !UNDER_WAY_NOW.test(mention.sentence)
  )
    return 'coming';
  // "end of week reset confirmed: fri 20 nov, 10:00 PT": confirmed for a time ahead; "yep,
  // wed 11/25 at 9am PT so you have fresh limits": what one will have then (rules-2.13.85);
  // "christmas eve reset is locked in 🎄 dec 24" (rules-2.13.86).
  if (
    tense === 'done' &&
    (/^(?:is |was |been |got )?(?:confirmed|locked)$/.test(cue) ||
      SO_YOU_HAVE.test(mention.sentence)) &&
    timeAhead(mention.sentence, announcedMs, zone) === 'explicit'
  )
    return 'coming';
  // "in about an hour we hit the reset button": "hit" (press, push) is bare, as a bare
  // "reset" is; its time first, or in its clause, ahead (rules-2.13.90).
  if (
    tense === 'done' &&
    /^(?:hit|press|push|smash|flip)$/.test(cue) &&
    (IN_A_WHILE_FIRST.test(mention.sentence) ||
      timeStartsAfter(mention.reading.clause, announcedMs, zone))
  )
    return 'coming';
  // "Rolling out now: every plan's weekly codex allowance goes back to full": what a heading
  // says is going out now is under way (rules-2.13.90).
  if (tense === 'coming' && GOING_OUT_NOW_HEADING.test(mention.sentence)) return 'ongoing';
  // "we have to push the reset to monday": an obligation ahead, not a perfect (rules-2.13.22).
  if (tense === 'done' && HAVE_TO.test(mention.reading.clause)) return 'coming';
  // "Weekly + 5h windows getting refreshed before standup tomorrow": under way, but by a time
  // ahead (rules-2.13.18).
  if (
    tense === 'ongoing' &&
    RESET_BEFORE.test(mention.read) &&
    !/\bnow\b/.test(mention.sentence) &&
    timeAhead(mention.read, announcedMs, zone) === 'explicit'
  )
    return 'coming';
  // "☐ give everyone fresh codex limits (tomorrow AM PT, promise)": a box not yet ticked,
  // with a time ahead (rules-2.13.33).
  if (
    tense === 'done' &&
    /^\u2610/.test(mention.sentence) &&
    timeAhead(mention.sentence, announcedMs, zone) !== null
  )
    return 'coming';
  // "Tomorrow we reset usage limits": a bare "reset" (no auxiliary) is past or present alike;
  // a time in its own clause that starts after the post makes it a schedule. So is a bare
  // "do": "we do a global reset tonight at 8pm PT" (rules-2.13.1).
  if (tense === 'done' && BARE_RESET.test(cue)) {
    // "- reset everyone's limits by EOD": a deadline ahead too (rules-2.13.3); so is "in a few
    // hours" (rules-2.13.4).
    const byDeadline =
      // "in about an hour we zero out everyone's usage", "right after it does, we reset
      // everyone's usage" (rules-2.13.62).
      IN_A_WHILE_FIRST.test(mention.sentence) ||
      AFTER_IT_FIRST.test(mention.sentence) ||
      (DEADLINE.test(mention.reading.clause) &&
        timeAhead(mention.reading.clause, announcedMs, zone) === 'explicit') ||
      IN_A_WHILE.test(mention.reading.clause) ||
      LATER_TODAY.test(mention.sentence);
    if (byDeadline || openingAhead || timeStartsAfter(mention.reading.clause, announcedMs, zone))
      return 'coming';
    // "tomorrow 10am PT: codex reset, all plans", "EOD: codex limits reset for everyone": its
    // day first, or its heading's time ahead (rules-2.13.23).
    const heading = HEADING.exec(mention.sentence)?.[0];
    if (
      (DAY_FIRST.test(mention.sentence) && timeStartsAfter(mention.sentence, announcedMs, zone)) ||
      (heading !== undefined && timeAhead(heading, announcedMs, zone) === 'explicit')
    )
      return 'coming';
    // "the codex reset everyone keeps asking about: friday 8am PT.": its time after a colon
    // (rules-2.13.63).
    const afterColon = /:\s*([^:]+)$/.exec(mention.sentence)?.[1]?.replace(/[.!]+$/, '');
    if (
      afterColon !== undefined &&
      isTimeFragment(afterColon) &&
      timeAhead(afterColon, announcedMs, zone) === 'explicit'
    )
      return 'coming';
    // "3. reset everyone's limits — tomorrow 9am PT": its time after a spaced dash
    // (rules-2.13.13).
    const afterDash = DASH_TAIL.exec(mention.sentence)?.[1];
    if (
      afterDash !== undefined &&
      isTimeFragment(afterDash) &&
      timeAhead(afterDash, announcedMs, zone) === 'explicit'
    )
      return 'coming';
    // "reset everyone's limits (sat morning PT)": its time in parentheses (rules-2.13.108).
    const inParentheses = /\(([^()]{1,40})\)/.exec(mention.sentence)?.[1];
    if (
      inParentheses !== undefined &&
      isTimeFragment(inParentheses) &&
      timeStartsAfter(inParentheses, announcedMs, zone)
    )
      return 'coming';
    // "the second it ships, we reset everyone's Codex limits", "once it's out we reset limits
    // for all users": a bare "reset" awaiting an event is ahead of it (rules-2.13.5); so is one under a heading of what comes ("how
    // it's going to go: … we push the reset.").
    // Any event awaited, not one already past ("once it was out") (rules-2.13.28).
    if (awaitsAhead(mention.reading.dependsOn)) return 'coming';
    if (FUTURE_HEADING.test(HEADING.exec(mention.sentence)?.[0] ?? '')) return 'coming';
    // "(they reset. all of them.)": a bare "reset" of "they" or "it" says neither when nor
    // whether it has (rules-2.13.4); "we reset limits" is ours, and done.
    if (THEY_RESET.test(mention.reading.clause)) return 'none';
    return 'done';
  }
  // "banked resets are going out to all Pro users as we speak", "… going out to every user
  // now": under way (rules-2.10.0).
  if (tense === 'coming' && GOING_OUT_NOW.test(mention.reading.clause)) return 'ongoing';
  // "reset is locked in for tomorrow 9am PT": set for a time ahead (rules-2.13.60).
  if (
    tense === 'done' &&
    LOCKED_IN_FOR.test(mention.sentence) &&
    timeAhead(mention.sentence, announcedMs, zone) === 'explicit'
  )
    return 'coming';
  // "ok so we have make all usage limit go back to full …, is done since 1 hour": said done
  // since a while (rules-2.13.26).
  if (tense === 'coming' && DONE_SINCE.test(mention.sentence)) return 'done';
  // "and when it lands, every plan gets both usage windows wiped" under his "codex 2.0 ships
  // tomorrow": under way when an event awaited comes, so ahead (rules-2.13.68).
  if (tense === 'ongoing' && awaitsAhead(mention.reading.dependsOn)) return 'coming';
  // "It's fixed now, and we're zeroing everyone's usage at 6pm PT today": under way at a time
  // ahead in its own clause, whatever "now" another clause says (rules-2.13.67).
  if (
    tense === 'ongoing' &&
    !UNDER_WAY_NOW.test(mention.reading.clause) &&
    timeStartsAfter(mention.reading.clause, announcedMs, zone)
  )
    return 'coming';
  // "hang on until 5pm PT today, we're emptying everyone's usage meters then": under way
  // "then", at the time said before it (rules-2.13.66).
  if (
    tense === 'ongoing' &&
    /\bre-?setting\b[^.!?]*\bthen\b/.test(mention.read) &&
    !/\bnow\b/.test(mention.sentence) &&
    // "until 5pm PT" is a cutoff to the clock, but "then" makes it the reset's time.
    timeAhead(mention.sentence.replace(/\buntil\b/g, 'at'), announcedMs, zone) === 'explicit'
  )
    return 'coming';
  // "we're resetting limits for all affected users right after": after the fix under way,
  // ahead (rules-2.13.26).
  if (tense === 'ongoing' && RIGHT_AFTER.test(mention.reading.clause)) return 'coming';
  // "we're zeroing everyone's limits right after tomorrow's keynote": after an event whose
  // time is ahead (rules-2.13.45).
  if (
    tense === 'ongoing' &&
    AFTER_DAYS_EVENT.test(mention.reading.clause) &&
    !/\bnow\b/.test(mention.reading.clause) &&
    timeStartsAfter(mention.reading.clause, announcedMs, zone)
  )
    return 'coming';
  // "giving everyone a banked reset after thanksgiving": under way after a holiday still
  // ahead (rules-2.13.106).
  if (tense === 'ongoing' && !/\bnow\b/.test(mention.reading.clause)) {
    const holiday = AFTER_HOLIDAY.exec(mention.reading.clause)?.[1];
    if (holiday !== undefined && timeAhead(holiday, announcedMs, zone) === 'explicit')
      return 'coming';
  }
  // "we're resetting usage for everyone affected once the fix is fully deployed": under way
  // after an event awaited is ahead (rules-2.13.24).
  if (
    tense === 'ongoing' &&
    mention.reading.dependsOn?.startsWith('awaited') === true &&
    !/\bnow\b/.test(mention.reading.clause)
  )
    return 'coming';
  // "we're resetting limits for everyone in the next couple of hours": a while ahead in the
  // reset's own clause (rules-2.13.4); not in a sentence of when it shows.
  // Not a "now" of something else: "resetting for everyone within the next couple of hours,
  // the fix is deploying now" (rules-2.13.11).
  if (
    tense === 'ongoing' &&
    IN_A_WHILE.test(mention.reading.clause) &&
    !/\bnow\b/.test(mention.reading.clause.replace(OTHER_NOW, ''))
  )
    return 'coming';
  if (tense === 'done' || tense === 'coming') return tense;
  // "Reset rolling out now, should reach everyone within the hour": under way now.
  // "…a complimentary usage reset; it is rolling out now and should appear within a few
  // hours": "now" in its sentence (rules-2.12.1).
  if (tense === 'ongoing' && UNDER_WAY_NOW.test(mention.sentence)) return tense;
  // "Limits wiped at 18:00 CET" written at 10am Pacific: named without a verb, at a time of
  // the day already past: done then (rules-2.11.0).
  // "usage limits reset on codex, with another one coming later today": the time is the
  // second one's (rules-2.12.0).
  // "everyone's 5h + weekly back to full, should land on all accounts within the hour": how
  // long it takes to reach everyone, not when it starts (rules-2.13.42).
  const withoutSecond = mention.sentence.replace(SECOND_ONE, '');
  const own = tense === 'none' ? withoutSecond.replace(PROPAGATES_WITHIN, '') : withoutSecond;
  if (
    tense === 'none' &&
    (timePassedToday(own, announcedMs, zone) || tookEffectToday(own, announcedMs, zone))
  )
    return 'done';
  return timeAhead(own, announcedMs, zone) === null ? tense : 'coming';
}

/** Rolling out over hours, or its verb's own clause going on over hours. */
function overHours(mention: Mention): boolean {
  return HOURS_TO_REACH.test(mention.sentence) || OVER_HOURS.test(mention.reading.clause);
}

export function postTense(
  announcing: readonly Mention[],
  /** mentionKind of each of `announcing`. */
  kinds: readonly Tense[],
  landing: readonly string[],
  /** The sentence after each of `announcing`. */
  sequels: readonly (string | undefined)[],
  announcedMs: number,
  zone: string,
): PostTense {
  const sentences = announcing.map((m) => m.sentence);
  const cue = (tense: Tense) => announcing[kinds.indexOf(tense)]!.reading.cue;
  const timedLanding = landing.filter((s) => timeAhead(s, announcedMs, zone) !== null);
  const explicitLanding = landing.filter((s) => timeAhead(s, announcedMs, zone) === 'explicit');
  // "A usage reset is rolling out to every Codex user. Expect it in your account within a
  // few hours.", "codex usage reset for everyone 🏠 rolling out, should show in your account
  // within a few hours": under way, or named as rolling out, and a span of hours with no
  // clock time. Under way now and reaching accounts over hours, or starting later? Held
  // (rules-2.12.0). ("We're topping everyone up in about 2 hours" says when in its own
  // sentence: coming.)
  const rolling = announcing.find(
    (m, i) =>
      // "rolling out a usage reset to enterprise + edu over the next few hours": rolling out
      // with its auxiliary dropped (rules-2.13.40).
      ((kinds[i] === 'ongoing' &&
        (PROGRESSIVE.test(m.reading.cue) ||
          (/^(?:rolling|going)$/.test(m.reading.cue) && ROLLING_OUT.test(m.reading.clause)) ||
          (/^\S+ing$/.test(m.reading.cue) && overHours(m)))) ||
        (m.reading.tense === 'none' && ROLLING_OUT.test(m.sentence))) &&
      // "resetting … now, rolling out over the next few hrs": now, but hours to reach
      // everyone (rules-2.13.40).
      (!UNDER_WAY_NOW.test(m.sentence) || overHours(m)),
  );
  const spans = [...sentences, ...explicitLanding];
  if (
    rolling !== undefined &&
    spans.some((s) => SPAN.test(s)) &&
    !spans.some((s) => CLOCK_TIME.test(s))
  ) {
    return {
      kind: 'reset_completed',
      confidence: 0.6,
      reason: `under way ("${rolling.reading.cue}") and reaching accounts within a span: under way now, or later?`,
      whenText: [],
    };
  }
  // Under way now ("We're resetting limits right now."), whatever it takes to reach accounts.
  // So is "another reset. it's rolling out now, give it ~15 min" (rules-2.13.16).
  // "Rolling out now: weekly limits wiped for every plan. Should land … within ~30 min": so
  // is a reset named in a sentence that says it is going out now (rules-2.13.52).
  const underWayNow =
    announcing.some((m, i) => kinds[i] === 'ongoing' && UNDER_WAY_NOW.test(m.sentence)) ||
    [...landing, ...sentences].some(
      (s) =>
        GOING_OUT_NOW.test(s) ||
        (ROLLING_OVER_A_SPAN.test(s) && !timeStartsAfter(s, announcedMs, zone)),
    );
  // "another reset is going out now … your weekly limit should be back at 100% in a few
  // minutes": the second says when it shows, not another reset ahead (rules-2.12.2).
  const shows = (m: Mention, i: number) =>
    kinds[i] === 'coming' && underWayNow && SHOWS.test(m.reading.cue);
  // "limits go brrr back to full. just flipped the switch for business …, plus/pro got
  // theirs 10 min ago": a bare "go" with no time of its own, told done minutes ago right
  // after it (rules-2.13.52).
  const goneJustNow = (m: Mention, i: number) =>
    /^go(?:es)?$/.test(m.reading.cue) &&
    timeAhead(m.sentence, announcedMs, zone) === null &&
    JUST_GONE.test(sequels[i] ?? '');
  const hasDone =
    kinds.includes('done') || announcing.some((m, i) => kinds[i] === 'coming' && goneJustNow(m, i));
  const hasComing = kinds.some(
    (kind, i) => kind === 'coming' && !shows(announcing[i]!, i) && !goneJustNow(announcing[i]!, i),
  );
  const doneCue = kinds.includes('done')
    ? cue('done')
    : (announcing.find((m, i) => kinds[i] === 'coming' && goneJustNow(m, i))?.reading.cue ?? '');
  const now = kinds.filter((k) => k === 'ongoing' || k === 'none');
  if (hasDone && hasComing) {
    return {
      kind: 'both',
      confidence: 0.6,
      reason: `both a done reset ("${doneCue}") and a coming one ("${cue('coming')}")`,
      whenText: sentences,
    };
  }
  if (hasComing) {
    return {
      kind: 'reset_scheduled',
      confidence: 0.9,
      reason: `coming: "${cue('coming')}"`,
      whenText: [...sentences, ...timedLanding],
    };
  }
  if (hasDone) {
    // Done, and it reaches accounts over the next minutes: still done (propagation).
    return {
      kind: 'reset_completed',
      confidence: 0.95,
      reason: `done: "${doneCue}"`,
      whenText: [],
    };
  }
  // Under way, or named without a verb: it is happening now, unless a sentence says when it
  // lands ("Propagating in the next hour"): then it is a schedule with that deadline. A
  // vague landing ("should see it in a few hours") leaves it under way.
  const verbal = kinds.includes('ongoing');
  const which = verbal ? announcing[kinds.indexOf('ongoing')]! : announcing[0]!;
  // "We're resetting limits right now. Give it a few minutes to propagate.": under way now,
  // whatever the propagation takes (rules-2.10.0).
  // "quick wednesday→thursday recap … also reset everyone's codex usage limits about an
  // hour ago": its own sentence says it is done; another sentence's day is not its landing
  // (rules-2.13.16).
  const saidGone = announcing.some((m) => JUST_GONE.test(m.sentence));
  if (explicitLanding.length > 0 && !underWayNow && !saidGone) {
    return {
      kind: 'reset_scheduled',
      confidence: 0.85,
      reason: `${verbal ? 'under way' : 'announced'} ("${which.reading.cue}"), landing "${clip(explicitLanding[0]!)}"`,
      whenText: [...sentences, ...explicitLanding],
    };
  }
  // "yes we are resetting limits. no not right now. yes this afternoon": said not under way
  // right after; coming, when? Held (rules-2.13.102).
  const notNow = sequels.find((s): s is string => s !== undefined && NOT_NOW.test(s));
  if (verbal && notNow !== undefined && !saidGone) {
    return {
      kind: 'reset_scheduled',
      confidence: 0.5,
      reason: `under way ("${which.reading.cue}"), then "${clip(notNow)}": when, then?`,
      whenText: [...sentences, ...landing],
    };
  }
  // "we're resetting your limits. rolling out soon": under way, its rollout still to come
  // (rules-2.13.101).
  const soon = [...landing, ...sequels].find(
    (s): s is string => s !== undefined && ROLLOUT_SOON.test(s),
  );
  if (verbal && soon !== undefined && !underWayNow && !saidGone) {
    return {
      kind: 'reset_scheduled',
      confidence: 0.85,
      reason: `under way ("${which.reading.cue}"), rolling out "${clip(soon)}"`,
      whenText: [...sentences, soon],
    };
  }
  if (now.length > 0 && verbal) {
    return {
      kind: 'reset_completed',
      confidence: 0.9,
      reason: `under way, counted as done: "${which.reading.cue}"`,
      whenText: [],
    };
  }
  // "Day 6/ Reset": the item of a day of a series, named without a verb: that day's reset,
  // coming or already done? Held (rules-2.2.0).
  const dayItem = sentences.find((s) => DAY_HEADING.test(s));
  if (dayItem !== undefined && !verbal) {
    return {
      kind: 'reset_scheduled',
      confidence: 0.5,
      reason: `a reset named as a day's item, without a verb: "${clip(dayItem)}" (coming that day?)`,
      whenText: sentences,
    };
  }
  // "ETA for the limit wipe: 17:00 CET today." written after that time: the reset it
  // expected is late, or done and not said: held (rules-2.13.36).
  const eta = sentences.find((s) => ETA.test(s));
  if (eta !== undefined && !verbal) {
    return {
      kind: 'reset_scheduled',
      confidence: 0.5,
      reason: `an ETA with no time ahead: "${clip(eta)}" (late, or done?)`,
      whenText: sentences,
    };
  }
  // Only a name: "Another reset for all our users." Announced now when it says for whom;
  // or when the sentence after says for whom, or bids them use it: "limits reset. all
  // plans. ✅", "limits reset. go build." (rules-2.13.16).
  const named = sentences.some((s) => NAMED_FOR.test(s));
  // "limits reset. everyone, all plans, just now." (rules-2.13.54).
  const sequel = sequels.find(
    (s) => s !== undefined && (WHOM_ALONE.test(s) || WHOM_JUST_NOW.test(s) || GO_USE_IT.test(s)),
  );
  // "zeroed out all codex usage counters about an hour ago", "wiped the slate on codex limits
  // this morning": a past form first, the speaker's, and a time gone by (rules-2.13.45).
  const gone = sentences.find((s) => PAST_FIRST.test(s) && GONE_BY.test(s));
  return {
    kind: 'reset_completed',
    confidence: named || sequel !== undefined || gone !== undefined ? 0.85 : 0.5,
    reason: named
      ? `a reset named for its users, counted as done: "${clip(which.sentence)}"`
      : sequel !== undefined
        ? `a reset named, then "${clip(sequel)}": counted as done`
        : gone !== undefined
          ? `a reset named at a time gone by: "${clip(gone)}"`
          : `no tense: "${clip(which.sentence)}" could be done or coming`,
    whenText: [],
  };
}

/** "no not right now", "not yet": not under way. */
const NOT_NOW = /^(?:no,? )?(?:not (?:right )?now|not yet|not at this moment)\b/;
/** "rolling out soon", "going out shortly": a rollout still to come. */
const ROLLOUT_SOON =
  /^(?:it's |it is |it'll be )?(?:rolling|going|shipping|landing) out (?:soon|shortly|in a bit|later today)\b|^(?:it's |it is )?(?:rolling|landing) (?:soon|shortly)\b/;
/** "it's done, … now": said done, and now. */
const SAID_DONE_NOW = /\b(?:it's|it is|all|that's) done\b[^.!?]*\bnow\b/;
/** ", and then": what follows the clause before it. */
const AND_THEN = /,? and then /;
const RESET_WORD_HERE = /\bre-?set/;

/** When a reset is expected: "ETA for the reset", "reset expected at 5pm". */
const ETA = /\beta\b|\bexpected (?:at|around|by)\b/;

/** "after thanksgiving", "after christmas": a holiday, the reset after it. */
const AFTER_HOLIDAY = /\bafter (thanksgiving|christmas|xmas|new year's)\b/;
/** A time gone by: a time just gone, or "earlier", "last night", "this morning". */
const GONE_BY = new RegExp(
  String.raw`${JUST_GONE.source}|\b(?:earlier|last night|overnight|this morning)\b`,
);
/**
 * A sentence that starts with a past form, its subject (the speaker) dropped: "wiped …",
 * "zeroed …", "yolo'd a reset …"; not "your 5h window reset an hour ago", which may be its
 * cycle, nor "i'd", "we'd" (would).
 */
const PAST_FIRST = /^(?!(?:i|you|we|they|he|she|it|that|there|who)'d\b)[a-z]+(?:ed|'d)\b/;

/** A named reset says for whom: "for all paid users", "everyone", a plan. */
const NAMED_FOR =
  /\b(?:for|to) (?:all|every|everyone|everybody|our|your|paid|plus|pro|business|the|codex|chatgpt|free|edu|enterprise)\b|\b(?:on|across) (?:all|every|paid|plus|pro|business|free|edu|enterprise)\b|\beveryone\b|\ball (?:paid )?(?:users|accounts|plans)\b/;

/** A sentence of nothing but whom: "all plans.", "everyone!", "plus and pro.", "for everyone." */
const WHOM_ALONE =
  /^(?:for |to )?(?:all (?:plans|tiers|users)|every (?:plan|tier|user)|everyone|everybody|(?:plus|pro|business|edu|enterprise)(?:(?:,| and| \+| &) (?:plus|pro|business|edu|enterprise))*)[.!]*(?: [^\p{L}\p{N}\s]+)?$/u;
/** Whom, then when, just gone: "everyone, all plans, just now.", "all plans, 5 min ago." */
const WHOM =
  '(?:all (?:plans|tiers|users)|every (?:plan|tier|user)|everyone|everybody|plus|pro|business|edu|enterprise)';
const WHOM_JUST_NOW = new RegExp(
  String.raw`^(?:for |to )?${WHOM}(?:(?:,| and| \+| &) ${WHOM})*,? (?:just now|(?:a few|\d+|a couple of) (?:min|mins|minutes|hours?) ago)[.!]*(?: [^\p{L}\p{N}\s]+)?$`,
  'u',
);
/** A bid to use what was given: "go build.", "enjoy!", "happy shipping". */
const GO_USE_IT =
  /^(?:go (?:build|ship|nuts|wild|forth|crazy|code)|enjoy|have fun|happy (?:building|coding|shipping|hacking))\b/;
