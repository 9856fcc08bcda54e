import type { Classification, ClassifiedReset } from '../ledger/entry.ts';
import type { Post } from '../ledger/post.ts';
import { readAnnouncement } from './announcement.ts';
import { afterColon, beforeComma, itIsTime, TIME_ONLY } from './announcement-kinds.ts';
import { clip, held, lessSure, notAReset, resetTypeOf, scheduledAt } from './classification.ts';
import {
  BANKED,
  BARE_ACK,
  GLOBAL,
  PAST_REFERENCE,
  PROGRESS,
  TAKES_IT_BACK,
  TALK_ABOUT,
} from './cues.ts';
import { callsItOff, callsOff, type Mention, mentionsOf } from './mentions.ts';
import { GOING_OUT_NOW, isTimeFragment } from './post-tense.ts';
import { timeIsTheResets } from './reply-time.ts';
import type { ClassifierOptions } from './rules-classifier.ts';
import { NO_TIME_CUE, scheduleWhen, timeAhead, timePassedToday } from './schedule-time.ts';
import { scopeOf } from './scope.ts';
import { matchesAny, type ReadText, readText } from './text.ts';

/**
 * Threads, read as people read them (docs/classifier.md, "Threads"). A reply by the author
 * to his own post continues it: "Reset incoming." then, a minute later, "Banked, lands by
 * EOD." is one announcement, read together, and the reply carries the record. A reply to
 * someone else means something only with that post: it is held for the operator, unless
 * its own words announce a reset (then it is read as any post, one notch less sure). A
 * joke about resets of the past announces nothing, in a reply or not (sense.ts, cues.ts).
 */

export interface Thread {
  /** Who wrote the post replied to (or quoted): the author himself, someone else, or unknown. */
  readonly author: 'self' | 'other' | 'unknown';
  /** That post's text, read; empty when not at hand. */
  readonly parent: ReadText;
}

/** A reply is to its parent; a quote, to the quoted post. Null for a post on its own. */
export function threadOf(post: Post): Thread | null {
  const reply = post.inReplyToId !== undefined || post.parentText !== undefined;
  const quote = post.quotedId !== undefined || post.quotedText !== undefined;
  if (!reply && !quote) return null;
  const text = (reply ? post.parentText : post.quotedText) ?? '';
  const handle = reply ? post.parentHandle : post.quotedHandle;
  let author: Thread['author'] = 'unknown';
  if (handle !== undefined) {
    author = handle.toLowerCase() === post.handle.toLowerCase() ? 'self' : 'other';
  } else if (reply && LEADING_MENTION.test(post.text)) {
    // X starts a reply's text with the handles it answers; none in one's own thread.
    const first = LEADING_MENTION.exec(post.text)![1]!;
    author = first.toLowerCase() === post.handle.toLowerCase() ? 'self' : 'other';
  }
  return { author, parent: readText(text) };
}

const LEADING_MENTION = /^\s*@(\w{1,15})\b/;

/**
 * His reply calling off the reset his own post announced ("update: calling off tomorrow's
 * reset", "calling this off, sorry. a reset would just feed it"): whatever else it says,
 * his announcement's record stands published; held, so the operator is told and dismisses
 * it (rules-2.13.13; before its own words are read since rules-2.13.17). Null for any
 * other post.
 */
export function calledOff(
  post: Post,
  own: ReadText,
  thread: Thread | null,
  mentions: readonly Mention[],
  options: ClassifierOptions,
): Classification | null {
  if (thread?.author !== 'self') return null;
  // "(this is about the team's on-call rotation, not your usage limits, before anyone asks)":
  // his post's reset was of something else (rules-2.13.45).
  if (NOT_ABOUT_LIMITS.test(own.all) && mentionsOf(thread.parent).some((m) => m.refused === null))
    return heldReply(
      post,
      own,
      thread.parent,
      'his reply says his post was not about usage limits: `ops dismiss` the record of his post?',
      options,
    );
  const inWords = callsItOff(own);
  // "update: pushing this to tomorrow 9am PT. … so it doesn't immediately eat the reset":
  // moved, not called off (rules-2.13.17).
  const moved = movedTo(own, post, options);
  // "(not really, it's april fools)", "actually scratch that, we need the capacity": his
  // post taken back, with nothing done or timed in its place (rules-2.13.52).
  const retracted =
    TAKES_IT_BACK.test(own.all) &&
    !PROGRESS.test(own.all) &&
    !DOING_IT_NOW.test(own.all) &&
    timeAhead(own.all, Date.parse(post.createdAt), options.timeZone) === null;
  const callsOffOrMoves =
    mentions.some(callsOff) ||
    inWords ||
    retracted ||
    // "small change of plans: moving it to 3pm PT": moved, in words of its own, when its own
    // words about the reset announce nothing ("before we reset") (rules-2.13.24).
    (moved !== null && mentions.length > 0 && mentions.every((m) => m.refused !== null));
  // "went out early, everyone's reset now. the cake was a lie, the reset was not": his reply
  // says it is done, a denial of its own words calling nothing off (rules-2.13.23); not when
  // it says "calling this off" in words.
  const saysDone =
    !inWords &&
    mentions.some(
      (m) =>
        m.refused === null &&
        !m.reading.hedged &&
        m.reading.dependsOn === null &&
        (m.reading.tense === 'done' || m.reading.tense === 'ongoing'),
    );
  if (!callsOffOrMoves || saysDone || !mentionsOf(thread.parent).some((m) => m.refused === null))
    return null;
  return heldReply(
    post,
    own,
    thread.parent,
    moved !== null
      ? `his reply moves the reset his post announced ("${clip(moved)}"): \`ops correct\` the time of his post's record?`
      : 'his reply calls off the reset his post announced: `ops dismiss` the record of his post?',
    options,
  );
}

/**
 * "not your usage limits", "nothing to do with codex limits", "not a usage reset"; "that was
 * the web session reset, not usage limits" (rules-2.13.58).
 */
const NOT_ABOUT_LIMITS =
  /\b(?:not|n't) (?:about |for )?(?:your|the|codex|any|anyone's|everyone's) (?:codex )?(?:usage |rate )?limits\b|\bnot (?:codex |usage |rate )+limits\b|\bnothing to do with (?:your |the |codex )?(?:usage |rate )?limits\b|\bnot an? (?:usage|limits?|rate limit) re-?set\b/;

/** "pushing this to tomorrow 9am PT": the words that move a reset to a time ahead, or null. */
function movedTo(own: ReadText, post: Post, options: ClassifierOptions): string | null {
  const moved = MOVED_TO.exec(own.all);
  if (moved === null) return null;
  return timeAhead(own.all, Date.parse(post.createdAt), options.timeZone) === 'explicit'
    ? moved[0]
    : null;
}
/** "pushing this to", "moved it to", "delayed until": a reset moved to another time. */
const MOVED_TO =
  /\b(?:push(?:ing|ed)?|mov(?:e|ing|ed)|delay(?:ing|ed)?|postpon(?:e|ing|ed)|bump(?:ing|ed)?|slip(?:s|ped|ping)?)(?: (?:it|this|that|the reset))?(?: back)? (?:to|until|till)\b[^.!?]*/;

/** A reply of only a while ahead: "in about 30 min", "within the hour". */
const IN_A_WHILE_ALONE =
  /^(?:in|within) (?:about |around |roughly |~ ?)?(?:the |an? |\d+ ?|a few |a couple(?: of)? )?(?:min|mins|minutes|h|hrs?|hours?)\b[.!]*$/;
/** "now", "rn", "right now": said to happen as the post is written. */
const NOW_SAID = /\b(?:now|rn)\b/;
/**
 * "hasn't actually started", "didn't go out", "not live yet": a reset said to be under way,
 * not; "jumped the gun … not now" (rules-2.13.104); "to be clear: not yet! it ships next
 * tuesday" (rules-2.13.108).
 */
const NOT_STARTED =
  /\bjumped the gun\b|\bnot (?:right )?now\b|(?:^|[:,.!] ?)not yet\b|\b(?:hasn't|has not|hasnt|didn't|did not|didnt|haven't|have not) (?:actually |really |even )?(?:start(?:ed)?|begun|go(?:ne)? out|happen(?:ed)?|land(?:ed)?|roll(?:ed)? out|kick(?:ed)? off)\b|\bnot (?:actually )?(?:out|live|started) yet\b/;

/** A post of only a verb of the idioms: "Refilled.", "wiped!", "topped up." */
const BARE_VERB_POST =
  /^(?:refilled|wiped|topped (?:up|off)|zeroed(?: out)?|refreshed|cleared|restored|replenished|emptied)[.!]*$/;

/** A post of only what is reset: "limits", "codex limits…", "usage". */
const BARE_NOUN_POST = /^(?:codex |all |your |everyone's )?(?:usage |rate )?(?:limits|usage)[.…]*$/;
/** A reply that goes on with the verb: "are back to zero", "have been refilled", "got wiped". */
const GOES_ON_WITH_A_VERB =
  /^(?:\.{2,}|…)?\s*(?:are|is|have|has|got|just got|all got|will|'re|were)\b/;
/** The longest reply read together with his own post: a continuation, not a second note. */
const MAX_CONTINUATION_CHARS = 280;

/**
 * A reply (or quote) whose own words announce nothing: read with the post it answers.
 * `mentions` are the reply's own (denied, asked or talked about: not a reset).
 */
export function readReply(
  post: Post,
  own: ReadText,
  thread: Thread,
  mentions: readonly Mention[],
  options: ClassifierOptions,
): Classification {
  if (mentions.length > 0) return notAReset(mentions[0]!.refused!);
  // "Refilled." then his "(codex limits. everyone. both windows. already live)": a post of only
  // a verb, whose object his reply names: one sentence, read together (rules-2.13.29).
  // So is a post of only what is reset, whose verb his reply gives: "limits" then "are back to
  // zero. go build" (rules-2.13.35).
  if (
    thread.author === 'self' &&
    (BARE_VERB_POST.test(thread.parent.all) ||
      (BARE_NOUN_POST.test(thread.parent.all) && GOES_ON_WITH_A_VERB.test(own.all)))
  ) {
    const joined = readText(
      `${thread.parent.all.replace(/[.!]+$/, '')} ${own.all.replace(/^(?:\(|\.{2,}|…)\s*|\)$/g, '')}`,
    );
    const joinedMentions = mentionsOf(joined);
    if (joinedMentions.some((m) => m.refused === null))
      return readAnnouncement(post, joined, joinedMentions, options);
  }
  const postedMs = Date.parse(post.createdAt);
  // "in about 30 min" under his "free plan getting a reset": a reply of only a time ahead,
  // under a post with no "now", says when that reset comes: one sentence (rules-2.13.104).
  if (
    thread.author === 'self' &&
    (isTimeFragment(own.all) || TIME_ONLY.test(own.all) || IN_A_WHILE_ALONE.test(own.all)) &&
    !NOW_SAID.test(thread.parent.all) &&
    timeAhead(own.all, postedMs, options.timeZone) !== null
  ) {
    const joined = readText(`${thread.parent.all.replace(/[.!]+$/, '')} ${own.all}`);
    const joinedMentions = mentionsOf(joined);
    if (joinedMentions.some((m) => m.refused === null)) {
      const read = readAnnouncement(post, joined, joinedMentions, options);
      if (read.reset?.kind === 'reset_scheduled') return read;
    }
  }
  // "…give it a few minutes": how long it takes to show, not a time of its own
  // (rules-2.13.17).
  // Nor "pushed it out a day early": how much sooner than planned (rules-2.13.34).
  const timed =
    timeAhead(
      own.all.replace(SHOWS_IN, ' ').replace(AHEAD_OF_PLAN, ' '),
      postedMs,
      options.timeZone,
    ) !== null;
  const progress = own.all.length <= 120 && (PROGRESS.test(own.all) || DOING_IT_NOW.test(own.all));
  if (thread.parent.all === '') {
    if (!progress) return notAReset('a bare reply, and its parent is not at hand');
    return heldReply(
      post,
      own,
      thread.parent,
      onlyWithParent('its parent is not at hand'),
      options,
    );
  }
  const parentMentions = mentionsOf(thread.parent);
  // "heard. doing one on monday" under "tibo plz the weekly is brutal this week": one of
  // what is pleaded for, a reset of the limits named, with its time (rules-2.13.38).
  // "slate's clean, go check /status" under "my weekly is toast", "should be cleared now"
  // under "still seeing my weekly at 100%": relief, or its progress, under limits spent
  // (rules-2.13.40); "guilty 😇" under "woke up to full limits?? was that you": yes, to
  // limits found full.
  if (
    parentMentions.length === 0 &&
    thread.author === 'other' &&
    (((LIMITS_PLEA.test(thread.parent.all) || LIMITS_SPENT.test(thread.parent.all)) &&
      ((ONE_OF_THEM.test(own.all) && timeAhead(own.all, postedMs, options.timeZone) !== null) ||
        RELIEF.test(own.all) ||
        (own.all.length <= 160 && PROGRESS.test(own.all)))) ||
      (LIMITS_FOUND_FULL.test(thread.parent.all) &&
        (ANSWERS_YES.test(own.all) || OWNS_UP.test(own.all))))
  )
    return heldReply(
      post,
      own,
      thread.parent,
      onlyWithParent(`a reply to a post about limits: "${clip(thread.parent.all)}"`),
      options,
    );
  // "did Edu get it too?", "will plus get it too or is this only pro?": a question of
  // plans about "it", the reset that was announced (rules-2.13.41).
  if (
    parentMentions.length === 0 &&
    !(thread.author === 'other' && ASKS_ABOUT_IT.test(thread.parent.all))
  )
    return notAReset('a reply, and its parent mentions no reset');
  // A sentence of the reply with a time that is the reset's, not another event's ("See you
  // tomorrow for Day 3!", "this was filmed this weekend": reply-time.ts).
  // "real. 10am PT." under "is the reset tomorrow real?": a clock time without a day takes
  // the day its parent named (rules-2.13.52).
  const dated = withParentDay(own, thread.parent);
  // "6pm PT today, you read it right": the time, said first, answers (rules-2.13.56); "forgot
  // the time, sorry: tomorrow 9am PT": said after a colon (rules-2.13.85).
  const itsTime = dated.sentences.some(
    (s) =>
      timeAhead(s, postedMs, options.timeZone) !== null &&
      (timeIsTheResets(s) ||
        TIME_ONLY.test(s.split(',')[0]!) ||
        beforeComma(s) !== undefined ||
        itIsTime(s) !== undefined ||
        afterColon(s) !== undefined),
  );

  // "remember the reset i banked a couple weeks ago?" then his "just used it. all plans": the
  // reset recalled, spent now (rules-2.13.43). Held: the operator checks what it was.
  if (
    thread.author === 'self' &&
    REMEMBER_IT.test(thread.parent.all) &&
    USED_IT.test(own.sentences[0] ?? '')
  )
    return heldReply(
      post,
      own,
      thread.parent,
      onlyWithParent(`a reset his post recalled, spent: "${clip(thread.parent.all)}"`),
      options,
    );
  if (thread.author === 'self') {
    // His own reply continues his post only with something of its own about the reset: its
    // time, progress, a type, or a correction (rules-2.2.0).
    // Not a type he was asked about and turns down: "a few of you asked about a banked one on
    // top. not this time" (rules-2.13.10).
    const declined = NOT_THIS_TIME.test(own.all);
    // "scratch that, the rollout hasn't actually started … it'll go out tonight around 8pm PT
    // instead" under his "rolling out the limit reset now": not under way after all, at a
    // time ahead; held with the reply's time (rules-2.13.75).
    if (
      NOT_STARTED.test(own.all) &&
      timeAhead(own.all, Date.parse(post.createdAt), options.timeZone) === 'explicit'
    )
      return heldReply(
        post,
        own,
        thread.parent,
        onlyWithParent(`his reply says it has not started: "${clip(own.sentences[0]!)}"`),
        options,
      );
    // "the people have spoken 😂 doing it tomorrow morning PT" under his poll: one of them,
    // with its time (rules-2.13.87).
    const adds =
      itsTime ||
      progress ||
      (ONE_OF_THEM.test(own.all) &&
        !NOT_OR_MAYBE.test(own.all) &&
        timeAhead(own.all, postedMs, options.timeZone) !== null) ||
      (!declined && (BANKED.test(own.all) || GLOBAL.test(own.all))) ||
      /\bmeant\b/.test(own.all);
    if (!adds) return notAReset('a reply in his own thread that adds nothing about the reset');
    const announcing = parentMentions.filter((m) => m.refused === null);
    if (announcing.length > 0 && own.all.length <= MAX_CONTINUATION_CHARS) {
      const reply = namingType(atParentsClock(own, thread.parent));
      const together = readText(`${thread.parent.all}\n${reply.all}`);
      const read = readAnnouncement(
        post,
        together,
        parentMentions,
        options,
        withParentDay(reply, thread.parent),
      );
      // "Update: all delivered." under "Banked resets are going out today": the reply says
      // the reset announced is done (rules-2.11.0).
      // "done ✅ everyone should be back to full": said done first (rules-2.13.12).
      // "rolling out now, should hit everyone within the hour": under way now, however long it
      // takes to reach everyone (rules-2.13.18).
      // "done, a little earlier than EOD 🙂": said done first, its time the one it beat
      // (rules-2.13.22).
      // "this is done ✅ all plans should be at 0 usage now": said done first, and now
      // (rules-2.13.31).
      const doneFirst = SAID_DONE_FIRST.test(own.all);
      const moved = MOVED_TO.test(own.all);
      const saysLanded =
        progress &&
        ((!timed && (!/\b(?:will|'ll|going to|gonna|should)\b/.test(own.all) || doneFirst)) ||
          GOING_OUT_NOW.test(own.all) ||
          DOING_IT_NOW.test(own.all) ||
          // Said done first, then the time it beat, "now", or how long it takes to reach
          // everyone: "it's live. should reach all accounts within a few minutes"
          // (rules-2.13.34).
          (doneFirst &&
            (EARLIER_THAN.test(own.all) ||
              (!moved && (/\bnow\b/.test(own.all) || REACHES_WITHIN.test(own.all))))) ||
          (SAID_DONE_ALONE.test(own.sentences.at(-1) ?? '') && !moved));
      if (saysLanded)
        return secondCompletion(landed(read), post, thread.parent, parentMentions, options);
      // "free and edu are next, going out by end of day" under "usage reset went out to plus
      // and pro an hour ago": a time ahead under a reset said done, another one? Held
      // (rules-2.12.0).
      // (Not "Should be there within 2 hours." under "Adding a reset now.": under way, it
      // reaches accounts then.)
      const saidDone = announcing.every((m) => m.reading.tense === 'done');
      if (read.reset?.kind === 'reset_completed' && itsTime && saidDone) {
        return lessSure(
          read,
          0.4,
          'his reply names a time ahead under a reset said done: another reset?',
          options,
        );
      }
      // ("Should be there within 2 hours." under "Adding a banked reset now.": a landing
      // time, the one announcement read together, as before.)
      return timed ? read : secondCompletion(read, post, thread.parent, parentMentions, options);
    }
  }
  // "it did! try signing out and back in", "yep 🫡 everyone got one": its first sentence
  // answers; "we'll do one before thanksgiving": "one" is the reset; progress, or a short
  // reply with the reset's time (rules-2.11.0).
  // "not this week. limits are working as intended" under "lots of you asking about a
  // reset": the reset asked about, turned down, and nothing else promised (rules-2.13.38).
  if (
    TURNED_DOWN.test(own.sentences[0] ?? '') &&
    !/\bbut\b/.test(own.all) &&
    // "… your weekly window rolls over on its own on friday": the cycle's time, not a reset's
    // (rules-2.13.51).
    own.sentences
      .slice(1)
      .every((s) => timeAhead(s, postedMs, options.timeZone) === null || matchesAny(s, TALK_ABOUT))
  )
    return notAReset(`a reply that turns the reset down: "${clip(own.sentences[0]!)}"`);
  // "Which one? Haven't done one since the 6th." (rules-2.13.41).
  // "where did you hear that? nothing scheduled tonight" (rules-2.13.60).
  const none = NONE_SINCE.exec(own.all) ?? NOTHING_PLANNED.exec(own.all);
  if (none !== null && !/\bbut\b/.test(own.all))
    return notAReset(`a reply that says there was none: "${none[0]}"`);
  const acknowledges =
    BARE_ACK.test(own.sentences[0] ?? '') ||
    ANSWERS_YES.test(own.all) ||
    ONE_OF_THEM.test(own.all) ||
    PLANS_GOT_IT.test(own.all) ||
    // "no, every plan got it" under "is the reset only for pro?" (rules-2.13.88).
    PLANS_ANSWER.test(own.all.replace(NOT_ONLY, '')) ||
    // "still on! 9am PT tomorrow for all plans", "still friday, still 9am PT" (rules-2.13.88).
    STILL_ON_ANSWER.test(own.sentences[0] ?? '') ||
    // "we're granting them to everyone at 8am PT tomorrow" under "… the banked resets?": the
    // resets asked about, given (rules-2.13.93).
    THEM_GIVEN.test(own.all) ||
    // "confirming 👍 saturday morning PT, all plans" under "… can you confirm?", with its time
    // (rules-2.13.92).
    (CONFIRMS.test(own.sentences[0] ?? '') &&
      timeAhead(own.all, postedMs, options.timeZone) !== null) ||
    ZONE_ANSWER.test(own.all) ||
    // "that was us 🫡 all plans" under "my codex limits went back to 0%, was that you??"
    // (rules-2.13.59).
    OWNS_UP.test(own.all) ||
    (PLANS_BATCH.test(own.all) && timeAhead(own.all, postedMs, options.timeZone) !== null) ||
    (own.all.length <= 280 && PROGRESS.test(own.all)) ||
    (own.all.length <= 120 && itsTime) ||
    // "banked one for after thanksgiving" under "pls reset before the holidays": one kept
    // for later (rules-2.13.40).
    FOR_LATER.test(own.all) ||
    // "enjoy, you earned it" under "thank u for the reset tibo!!" (rules-2.13.40); "you earned it
    // after yesterday's outage 🫡", "🫶 ship something cool with it" (rules-2.13.55).
    (YOU_ARE_WELCOME.test(own.sentences[0] ?? '') && THANKED.test(thread.parent.all)) ||
    // "slipped a bit, sorry. moving it to 11am PT" under "reset was supposed to be 9am PT":
    // the reset asked about, moved (rules-2.13.36).
    movedTo(own, post, options) !== null ||
    // "fixed. … you should show full now" under "the reset didn't apply to our workspace"
    // (rules-2.13.36).
    (FIXED.test(own.sentences[0] ?? '') && MISSED_THEM.test(thread.parent.all)) ||
    // "last night ~11pm PT. you should be full" under "when is the reset you teased?": when
    // it was, a time gone by (rules-2.13.103).
    (ASKS_WHEN.test(thread.parent.all) && TIME_GONE_ANSWER.test(own.sentences[0] ?? '')) ||
    // "it hit for EU folks at 18:00 CET yesterday" under "did the reset reach europe?": it,
    // the reset asked about, arrived (rules-2.13.104).
    IT_ARRIVED.test(own.sentences[0] ?? '');
  if (!acknowledges) return notAReset('a reply that does not speak of the reset in its parent');
  const who = thread.author === 'self' ? 'his own post' : 'someone else';
  return heldReply(
    post,
    dated,
    thread.parent,
    onlyWithParent(`a reply to ${who}: "${clip(thread.parent.all)}"`),
    options,
  );
}

/**
 * "propagated to every account now" under "Codex usage reset is done for every paid plan.":
 * when his post, read alone, is already published as this very completion, his reply would
 * be a second record of one reset. Held, so the operator keeps one (rules-2.12.1).
 */
function secondCompletion(
  result: Classification,
  post: Post,
  parent: ReadText,
  parentMentions: readonly Mention[],
  options: ClassifierOptions,
): Classification {
  if (result.reset?.kind !== 'reset_completed' || result.review) return result;
  const alone = readAnnouncement(post, parent, parentMentions, options);
  if (
    alone.review ||
    alone.reset?.kind !== 'reset_completed' ||
    alone.reset.resetType !== result.reset.resetType
  )
    return result;
  return lessSure(
    result,
    0.4,
    'his post already announced this reset as done: a second record of the same one?',
    options,
  );
}

/**
 * "Banked, landing by EOD." under "Reset incoming.": a bare "banked" names the type of the
 * reset the reply continues, as "a banked reset" would.
 */
function namingType(own: ReadText): ReadText {
  if (BANKED.test(own.all) || !/\bbank(?:ed|able)\b/.test(own.all)) return own;
  return readText(own.all.replace(/\bbank(ed|able)\b/, 'a bank$1 reset'));
}

/**
 * "Meant 2pm obviously" under "Reset will land around 14pm PST tomorrow.": the reply's
 * clock time on the parent's day.
 */
function withParentDay(own: ReadText, parent: ReadText): ReadText {
  const day = DAY_WORD.exec(parent.all)?.[0];
  if (day === undefined || DAY_WORD.test(own.all)) return own;
  return readText(own.all.replace(CLOCK_WITH_ZONE, (clock) => `${clock} ${day}`));
}

/**
 * "rate limits reset, 9am PT, all plans" under his "friday morning is going to be a good
 * morning for codex users ☀️": his reply's clock time, with no day of its own, is on the day
 * his post named, ahead (rules-2.13.84); so is "the same time" when his post named no clock
 * (rules-2.13.85). Null for any other post.
 */
export function onHisPostsDay(
  post: Post,
  own: ReadText,
  thread: Thread | null,
  options: ClassifierOptions,
): Post | null {
  if (thread?.author !== 'self' || DAY_WORD.test(own.all)) return null;
  const sameTime = SAME_TIME.test(own.all) && !CLOCK.test(thread.parent.all);
  if (!CLOCK.test(own.all) && !sameTime) return null;
  // Not "same time as the reset last month, ~10am PT": a reset of the past named.
  if (PAST_REFERENCE.test(own.all)) return null;
  const day = DAY_WORD.exec(thread.parent.all)?.[0];
  if (
    day === undefined ||
    day === 'today' ||
    timeAhead(thread.parent.all, Date.parse(post.createdAt), options.timeZone) !== 'explicit'
  )
    return null;
  // "also resetting everyone's limits at the same time" under "new sandbox ships tomorrow":
  // the same time is that day (rules-2.13.85).
  if (sameTime) return { ...post, text: own.all.replace(THE_SAME_TIME, day) };
  return { ...post, text: withParentDay(own, thread.parent).all };
}

/**
 * "update: pushed to tomorrow, same time" under "reset going out at 5pm PT": "same time" is
 * the clock time of his post (rules-2.13.53).
 */
function atParentsClock(own: ReadText, parent: ReadText): ReadText {
  const clock = CLOCK_WITH_ZONE.exec(parent.all)?.[0];
  if (clock === undefined || !SAME_TIME.test(own.all)) return own;
  return readText(own.all.replace(SAME_TIME, `at ${clock}`));
}
const SAME_TIME = /\b(?:same time|same hour)\b/;
/** "at the same time", "same hour": the words read as another post's time. */
const THE_SAME_TIME = /\b(?:at )?(?:the )?same (?:time|hour)\b/i;

/**
 * "everyone's limits reset at the same time" under his "big news tomorrow 9am PT 👀": "the
 * same time" is his post's day and clock (rules-2.13.70). `text` as it is when the parent
 * names no clock or it says no "same time".
 */
export function atTeasersTime(text: string, parentText: string): string {
  const parent = parentText.toLowerCase();
  const clock = CLOCK_WITH_ZONE.exec(parent)?.[0];
  if (clock === undefined || !SAME_TIME.test(text.toLowerCase())) return text;
  const day = DAY_WORD.exec(parent)?.[0];
  return text.replace(THE_SAME_TIME, `at ${day === undefined ? '' : `${day} `}${clock}`);
}

/** "earlier than EOD", "ahead of schedule": done before the time it promised. */
const EARLIER_THAN =
  /\b(?:earlier than|ahead of|before) (?:eod|planned|promised|schedule|expected|the deadline)\b/;
/** "a day early", "two hours ahead of schedule": how much sooner than planned. */
const AHEAD_OF_PLAN =
  /\b(?:a|an|one|two|three|\d+|a few|a couple(?: of)?) (?:day|hour|min(?:ute)?)s? (?:early|earlier|ahead of (?:schedule|time|plan))\b/g;
/** "should reach all accounts within a few minutes": how long it takes to reach everyone. */
const REACHES_WITHIN =
  /\b(?:reach|hit|show up (?:in|on|for)|appear (?:in|on|for)|propagate to)\b[^.!?]*\b(?:within|in|over) (?:the next |~ ?|about |around )?(?:a few |a couple(?: of)? |an? |\d+ ?)?(?:min(?:ute)?s?|hours?)\b/;
/**
 * "we're doing it right now instead", "scratch that, just did it now" (rules-2.13.35): the
 * reset under way now, or done (besides GOING_OUT_NOW's words); "moving it up: doing it now
 * instead", "happening right now" (rules-2.13.51); "moving it up — starting right now actually"
 * (rules-2.13.56).
 */
const DOING_IT_NOW =
  /\b(?:(?:we're|i'm|we are) )?(?:doing|running|pushing|flipping) it (?:right )?now\b|\b(?:just )?pushed it (?:out )?(?:right )?now\b|\bjust did it(?: right)? now\b|\bhappening (?:right )?now\b|\bstarting (?:it |them )?(?:right )?now\b/;
/** "give it a few minutes", "may take a few min to show": how long it takes to appear. */
const SHOWS_IN =
  /\bgive it (?:a (?:few|couple(?: of)?) |a |an |~ ?\d+ ?)?(?:min(?:ute)?s?|sec(?:ond)?s?|moments?|bit|hour)\b|\b(?:may|might|could|can) take (?:a (?:few|couple(?: of)?) |a |an |~ ?\d+ ?)?(?:min(?:ute)?s?|sec(?:ond)?s?|moments?|bit)\b[^.!?]*/g;
/**
 * A reply that opens by saying it is done: "done ✅", "all done.", "landed!", "update: done."
 * (rules-2.13.35).
 */
const SAID_DONE_FIRST =
  /^(?:(?:update|edit|ok|okay|so)[:,]? )?(?:and )?(?:all |it's |reset |this is |that's |that is |it is )?(?:done|landed|live|complete|completed)\b/;
/**
 * "monday came early. done ✅": a last sentence that is only "done", whatever time the reply
 * names before it (not "done. monday it is", nor a reset moved) (rules-2.13.23).
 */
const SAID_DONE_ALONE =
  /^(?:and |all |it's |reset )?(?:done|landed|complete|completed)\b[^a-z0-9]*$/;
/** A reply that opens by turning it down: "not this week.", "nope, not today". */
const TURNED_DOWN =
  /^(?:(?:no|nope|nah|sorry),? )?not (?:this (?:week|weekend|time|round)|today|tonight|right now)\b(?!,? (?:but )?(?:tomorrow|tonight|monday|tuesday|wednesday|thursday|friday|saturday|sunday|next)\b)/;
/** Limits named in a plea: "the weekly is brutal", "out of codex usage, plz". */
const LIMITS_PLEA =
  /\b(?:weekly|limits?|usage|quota|capped|rate limited)\b[^.!?]{0,60}\b(?:brutal|gone|burned|burnt|out|maxed|empty|hit|dead|pls|plz|please|help|mercy)\b|\b(?:pls|plz|please|help|mercy)\b[^.!?]{0,60}\b(?:weekly|limits?|usage|quota)\b/;
/**
 * Limits spent, said without asking: "weekly at 97%", "my weekly is toast", "still seeing my
 * weekly at 100%" (rules-2.13.40); "im in berlin and still capped" (rules-2.13.95).
 */
const LIMITS_SPENT =
  /\b(?:weekly|5h|limits?|usage|quota)\b(?: (?:is|are|at|was|sitting at|stuck at|shows?|showing))+ (?:\d{2,3} ?%|toast|cooked|gone|maxed(?: out)?|empty|done|dead)(?!\w)|\b(?:at|hit) \d{2,3} ?% (?:of )?(?:my |our |the )?(?:weekly|limits?|usage|quota)\b|\b(?:burn(?:ed|t)|blew|ate) (?:through )?(?:half |all |most )?(?:of )?(?:my|our|the) (?:whole |entire )?(?:week|weekly|\w+ limits?|limits?|usage|quota)\b|\b(?:weekly|limits?) (?:limit )?is killing me\b|\b(?:i'm|im|i am|we're|still|totally|completely) (?:still )?(?:capped|rate[- ]limited|maxed out)\b/;
/**
 * A question about "it", the reset announced, by the plans or accounts it reached: "did Edu
 * get it too?", "did this include us or just Pro?", "did it reach business workspaces yet?",
 * "is it happening today or did I miss it" (rules-2.13.41); "edu accounts too?" (rules-2.13.42).
 */
const ASKS_ABOUT_IT =
  /\b(?:did|does|will|would|is|was)\b[^.!?]{0,40}\b(?:plus|pro|business|edu|enterprise|team|free|go|workspaces?|accounts?|we|us|i)\b[^.!?]{0,12}\b(?:get|got|getting|include|included|includes)\b (?:it|this|that|one)\b|\b(?:did|does|will) (?:it|this|that) (?:include|reach|apply to|cover)\b|^(?:is|was) it (?:happening|live|out|done)\b|^(?:and |what about |how about )?(?:plus|pro|business|edu|enterprise|team|free)(?: (?:accounts|users|workspaces|seats|plan|plans|folks))?(?: too| as well| also| included)?\?+$/;
/**
 * "haven't done one since the 6th", "we haven't had a reset in weeks": none lately; "we're
 * not doing one right now", "nope, nothing went out today" (rules-2.13.43).
 */
const NONE_SINCE =
  /\b(?:haven't|have not|hasn't|has not) (?:done|had|given|pushed) (?:one|a reset|any)\b|\b(?:we're|we are|i'm|i am) not doing (?:one|a reset|any)\b|^(?:no|nope|nah),? nothing (?:went out|was reset|got reset|happened)\b/;
/** "nothing scheduled tonight", "no reset planned": none to come. */
const NOTHING_PLANNED = /\b(?:nothing|no reset|none) (?:is |are )?(?:scheduled|planned)\b/;
/** "remember the reset i banked …?": a reset recalled, as a setup for what follows. */
const REMEMBER_IT = /^(?:so,? )?(?:remember|recall) (?:the|that) (?:[\w-]+ )?reset\b/;
/** "just used it", "spent it", "cashed it in": the reset recalled, spent. */
const USED_IT =
  /^(?:(?:well|ok|so),? )?(?:i |we )?(?:just )?(?:used|spent|fired|redeemed|triggered|cashed) (?:it|that|it in)\b/;
/**
 * Limits found full: "woke up to full limits?? was that you" (rules-2.13.40); "why is my limit
 * full again" (rules-2.13.93).
 */
const LIMITS_FOUND_FULL =
  /\b(?:full|fresh|refilled|zeroed) (?:codex )?(?:limits|usage|weekly|quota)\b|\b(?:limits|usage|weekly|meter)\b[^.!?]{0,20}\bback (?:to|at) (?:zero|full|0|100)|\b(?:(?:my |the )?(?:codex )?(?:limits? (?:is|are)|usage is|weekly is)|(?:is|are) (?:my |the )?(?:codex )?(?:limits?|usage|weekly)) (?:full|at 100%|refilled|topped up)\b/;
/**
 * Owning up to it: "guilty 😇", "that was us", "that was me" (rules-2.13.40); "that's us"
 * (rules-2.13.93); "intentional. enjoy" under "intentional or a bug?" (rules-2.13.98).
 */
const OWNS_UP =
  /^(?:guilty|intentional|on purpose|(?:yes,? |yep,? )?(?:that|it) (?:was|is|'s) (?:us|me)|that's (?:us|me|on us)|you're welcome)\b/;
/** Relief given: "slate's clean", "should be cleared now", "relief lands tomorrow". */
const RELIEF =
  /\bslate(?:'s| is) clean\b|\bclean slate\b|\b(?:should be|is|are|all) cleared\b|\brelief (?:lands|is coming|arrives|comes|drops)\b|(?<!(?:n't|\bnot|\bcannot) )\b(?:refill(?:ed)?|topped (?:back )?up|top-?up|back to (?:zero|full|0)|wiped|zeroing|zeroed|fresh week|mercy (?:arrives|lands|is coming))(?!\w)/;
/** "banked one for after thanksgiving", "we have one banked": kept for later. */
const FOR_LATER =
  /^(?:banked|banking|saving|holding|keeping) (?:one|it)\b|(?<!(?:n't|\bnot|\bnever) )\b(?:have|got|keeping|holding) (?:one|it|a reset) (?:banked|saved|planned|queued|lined up|scheduled|in (?:my|our|the) back pocket)\b/;
/** "enjoy", "you're welcome", "anytime": a reply to thanks; a salute alone, "🫡" (rules-2.13.98). */
const YOU_ARE_WELCOME =
  /^(?:[^\p{L}\p{N}\s]+ )?(?:enjoy|you're welcome|anytime|np|no problem|of course|my pleasure|love (?:this|it|that|to hear)|you earned it|ship something|build something|make it count|put it to good use)\b|^\u{1fae1}\s*$/u;
/**
 * Thanks for a reset: "thank u for the reset tibo!!", "ty for the refill"; "you're a legend,
 * reset came right when I needed it" (rules-2.13.55).
 */
const THANKED =
  /\b(?:thank(?:s| you)|ty|tysm)\b[^.!?]{0,24}\b(?:reset|refill)\b|\bre-?set (?:showed up|came|landed|arrived|hit|went through|worked)\b[^.?]{0,40}\b(?:thank(?:s| you)|ty|tysm)\b|\b(?:legend|hero|goat|the best)\b[^.!?]{0,12}\bre-?set (?:came|landed|hit|dropped|arrived)\b/;
/** Said gone out: "went out", "rolled out", "landed". */
const WENT_OUT =
  /\b(?:went out|rolled out|landed|shipped|kicked in|took effect|finished(?: rolling| going)? out|went through)\b/;
/** A reply that opens by saying it is mended: "fixed.", "sorted, sorry". */
const FIXED = /^(?:fixed|sorted|all fixed|fixed now|should be fixed(?: now)?)\b/;
/** A reset that did not reach someone: "didn't apply to our workspace", "still capped". */
const MISSED_THEM =
  /\bre-?set\b[^.!?]{0,40}\b(?:didn't|did not|doesn't|does not|hasn't|has not|never) (?:apply|reach|hit|show|land|work)\b|\b(?:didn't|did not|never) get (?:a|the|their|any) (?:banked )?re-?set\b|\bstill (?:capped|maxed|limited|locked out)\b|\b(?:got|were|was) (?:left out of|skipped (?:by|in)|missed by) (?:the|this|that) (?:last )?re-?set\b/;
/**
 * "business and enterprise too", "global. every plan": the plans or type asked about; "Plus
 * and Pro", the plans alone (rules-2.13.58); "edu is part of it" (rules-2.13.95); "all of them
 * 👍", "everyone 😅": an emoji after it (rules-2.13.98); "team plans have it too" (rules-2.13.99).
 */
const PLANS_ANSWER =
  /^includes? (?:enterprise|edu|business|plus|pro|everyone|all)\b|^(?:yes,? )?(?:plus|pro|business|team|edu|enterprise)(?: plans?| accounts?)? (?:have|has|got|get|gets) (?:it|one|them)(?: too| as well)?\b|^(?:yes,? )?(?:plus|pro|business|team|edu|enterprise)(?: plans?| accounts?)? (?:is|are) (?:part of it|in|included|covered)\b|^(?:(?:plus|pro|business|team|edu|enterprise)(?:,? (?:and|&|\+) |, | ?\/ ?)?)+[.!]*$|^(?:(?:plus|pro|business|team|edu|enterprise|free|all plans|every plan|everyone)(?:,? (?:and|&|\+) |, )?)+ (?:too|as well|also|included|are included|is included|were included|was included|got included|got it)\b|^(?:global|banked|both|both windows|both of them|(?:a |the )?bonus(?: one)?|(?:an )?extra(?: one)?|all of them|all of 'em|every one of them)(?:[.!,]|\s*(?:\p{Extended_Pictographic}\ufe0f?\s*)*$)|^(?:for )?(?:everyone|everybody|all plans|every plan)(?:[.!,]|\s*(?:\p{Extended_Pictographic}\ufe0f?\s*)*$)/u;
/** "no, " before whom it covers: not only the plan asked about. */
const NOT_ONLY = /^(?:no|nope|nah),? (?=every|all|everyone|everybody)/;
/** "still on!", "yes, still happening", "still friday": the reset asked about, as announced. */
const STILL_ON_ANSWER =
  /^(?:(?:yes|yep|yup),? )?(?:it's |it is |we're |we are )?still (?:on|happening|going ahead|a go|planned|tomorrow|tonight|(?:mon|tues|wednes|thurs|fri|satur|sun)day|\d)\b/;
/** "granting them to everyone", "we granted them to all paid accounts": the resets asked about, given. */
const THEM_GIVEN =
  /\b(?:granting|granted|giving|gave|given|sending|sent|dropping|dropped|crediting|credited|handing|handed) (?:them|those|these|'em) (?:out )?(?:to|for) (?:everyone|everybody|all|every)\b/;
/** "confirming 👍 saturday morning PT": the reset asked about, confirmed (rules-2.13.92). */
const CONFIRMS = /^(?:(?:yes|yep|yup),? )?(?:i )?(?:confirming|confirmed|can confirm)\b/;
/** "pro batch runs tonight, 9pm PT": a plan's batch of the reset, when it goes (rules-2.13.56). */
const PLANS_BATCH =
  /^(?:(?:plus|pro|business|team|edu|enterprise)(?: ?[/+&] ?| and )?)+ (?:batch|cohort|wave|rollout) (?:runs|goes|lands|hits|is|starts)\b/;
/** "UTC", "pacific": the zone of the reset's time, asked about (rules-2.13.58). */
const ZONE_ANSWER =
  /^(?:utc|gmt|pt|pst|pdt|pacific(?: time)?|et|est|edt|eastern(?: time)?|cet|cest|london time|berlin time)[.!]*$/;
/** "not this time", "not this round": a reply that turns something down. */
const NOT_THIS_TIME = /\bnot (?:this|that) (?:time|round)\b|\bnot on top\b/;
/** "both plus and pro got it": the plans asked about got the reset (rules-2.13.10). */
const PLANS_GOT_IT =
  /\b(?:plus|pro|business|team|edu|enterprise|everyone|everybody|all plans|both)\b[^.!?]{0,24}\bgot (?:it|one)\b|\b(?:you|you've|you all|everyone) got (?:it|them|everything) (?:all )?back\b|\bit (?:happened|did happen|went out|landed)\b/;
/**
 * A reply that opens on yes: "yep 🫡 everyone got one", "yes, going out later today", "just
 * did." (rules-2.12.0); "Automatically, yes." (rules-2.13.56); "it already did, it was global"
 * (rules-2.13.88); "you will, it lands tomorrow morning" (rules-2.13.95); "you heard right 🦃",
 * a check mark alone (rules-2.13.98).
 */
const ANSWERS_YES =
  /^(?:✅|☑️|✔️)\s*$|^(?:[a-z]+, |(?:not|no|ha|haha|lol|oh|ok) [a-z]+, )?(?:yes|yep|yup|yeah|yea|sure|correct|confirmed|indeed|you will\b|you heard (?:right|correctly)\b|(?:it|they|we) (?:already |just )?did(?! not\b)|(?:it|they) do(?:es)?(?=[.!,]|\s*$)|(?:you|they|it) (?:are|is)(?=[.!,]|\s*$)|that's the one\b|everyone'?s did\b|sure did|good timing|(?:just |already )?did (?:it|that)|just did|already did|already happened|on it|doing it|(?:will|i'll|we'll) do (?:it|that|one)|will do|(?:it's |very |for )?real(?=[.!,]|\s*$)|(?:it's |that's )?legit(?=[.!,]|\s*$))\b/;
/** "a global one", "a full one": the reset asked about, named by its kind. */
const KIND_OF_ONE = 'an?(?: (?:global|full|banked|fresh|new|proper|hard|quick|big|small))+ one';
/**
 * "we'll do one", "there'll be one next wednesday", "everyone got one", "we'll do a global one
 * friday" (rules-2.12.0): the reset asked about; "business workspaces get theirs tomorrow"
 * (rules-2.13.38); "doing it this afternoon for everyone" (rules-2.13.46); "no, but everyone
 * gets one on monday" (rules-2.13.52); "adding one to every account next tuesday"
 * (rules-2.13.85); "we're doing it for every seat in the next 30 min" (rules-2.13.94).
 */
const ONE_OF_THEM = new RegExp(
  String.raw`\b(?:do|doing|give|giving|get|gets|getting|got|have|having|drop|dropping|add|adding|grant|granting|send|sending) (?:one|another one|one more|${KIND_OF_ONE})\b|\b(?:get|gets|getting) (?:theirs|yours|ours)\b|\bthere'll be (?:one|${KIND_OF_ONE})\b|\b(?:do|doing|did) it for (?:everyone|everybody|all|every (?:seat|plan|account|user|workspace))\b|\b(?:doing|do) it (?:this (?:afternoon|evening|morning)|tonight|tomorrow|today|later(?: today)?|on (?:mon|tues|wednes|thurs|fri|satur|sun)day)\b|\bflip(?:ped|ping|s)? (?:it|the switch)(?: on)?\b|\bone (?:is|'s) (?:coming|landing|going out|dropping)\b|\banother one (?:just )?(?:dropped|landed|went out|is out|is live|rolling out|going out|coming|is coming|landing|dropping)\b`,
);

/** Words that deny or doubt what one does: "not doing another one", "we might do one". */
const NOT_OR_MAYBE = /\b(?:not|no|never|might|may|maybe|if|unless|rumou?r)\b|n't\b/;

const DAY_WORD =
  /\b(?:tomorrow|today|tonight|(?:on )?(?:mon|tues|wednes|thurs|fri|satur|sun)day)\b/;
const CLOCK = /\b\d{1,2}(?::\d{2})? ?(?:am|pm)\b/;
/** A clock time with its zone: "5pm PT". */
const CLOCK_WITH_ZONE = new RegExp(
  String.raw`${CLOCK.source}(?: (?:pt|pst|pdt|et|est|edt|utc|cet|gmt))?\b`,
);

/**
 * "(it's a reset. yes for plus too)" under his "something nice is coming friday 👀": his
 * reply says what his post teased, and his post says when. Read as coming then, when the
 * reply names the reset only so and his post names no reset of its own (rules-2.13.40).
 * So in one post: "something nice is coming monday 9am PT 👀 (yes it's a reset)"
 * (rules-2.13.41). Null otherwise.
 */
export function teaserNamed(
  result: Classification,
  post: Post,
  own: ReadText,
  thread: Thread | null,
  announcing: readonly Mention[],
  options: ClassifierOptions,
): Classification | null {
  if (
    result.reset?.kind !== 'reset_completed' ||
    !announcing.every((m) => NAMES_IT.test(m.reading.clause.replace(/^\(\s*/, '')))
  )
    return null;
  const teaser =
    thread?.author === 'self' && mentionsOf(thread.parent).length === 0
      ? thread.parent.all
      : announcing
          .reduce((text, m) => text.replace(m.reading.clause.replace(/ '/g, "'"), ' '), own.all)
          .replace(/\(\s*\)?/g, ' ');
  if (teaser.trim() === '' || teaser === own.all) return null;
  const postedMs = Date.parse(post.createdAt);
  // "something nice is coming 👀": ahead, but when? Held.
  const explicit = timeAhead(teaser, postedMs, options.timeZone) === 'explicit';
  if (!explicit && !TEASED_AHEAD.test(teaser)) return null;
  const { when } = scheduleWhen(teaser, postedMs, options.timeZone);
  return {
    ...result,
    review: result.review || !explicit,
    reset: {
      ...result.reset,
      kind: 'reset_scheduled',
      effectiveAt: null,
      ...scheduledAt(when),
    },
    reasons: [
      ...result.reasons,
      `what is teased: "${clip(teaser.trim())}"`,
      ...(explicit ? [] : ['no time named: when?']),
    ],
  };
}
/** A post of something ahead: "something nice is coming 👀", "stay tuned", "soon". */
const TEASED_AHEAD =
  /\b(?:coming|incoming|soon|on (?:the|its) way|stay tuned|will|'ll|gonna|going to)\b/;
/** "it's a reset", "yes it's a full reset", "that's a reset": what something is. */
const NAMES_IT =
  /^(?:(?:yes|yep|yup|ok|and),? )?(?:it 's|it's|it is|it 'll be|it'll be|this is|that 's|that's|that is) (?:a|an)(?: [\w-]+){0,2} reset$/;

/** A reading of a coming reset made done: his reply says it has landed. */
function landed(result: Classification): Classification {
  if (result.reset === null || result.reset.kind !== 'reset_scheduled') return result;
  return {
    ...result,
    reset: {
      ...result.reset,
      kind: 'reset_completed',
      effectiveAt: null,
      schedulePrecision: null,
      scheduleBasis: null,
      scheduleWindow: null,
    },
    reasons: [...result.reasons, 'his reply says it is done'],
  };
}

const onlyWithParent = (context: string) =>
  `a reply that only makes sense with its parent (${context})`;

/** "it hit for EU folks …", "yes it landed at 9": it, the reset asked about, arrived. */
const IT_ARRIVED =
  /^(?:(?:yes|yep|yeah|it did),? )?it (?:already )?(?:hit|landed|went out|rolled out|reached|arrived)\b/;
/** A question of when: "when is the reset you teased?", "what time does it land?". */
const ASKS_WHEN = /\b(?:when|what time)\b[^?]{0,80}\?/;
/** A sentence that is only a time gone by: "last night ~11pm PT", "an hour ago". */
const TIME_GONE_ANSWER =
  /^(?:~|around |about )?(?:last night|yesterday(?: (?:morning|afternoon|evening))?|earlier(?: today)?|this morning|overnight|(?:an?|\d+|a few|a couple of) ?(?:min|mins|minutes|h|hrs?|hours?) ago)\b[^\p{L}]*(?:(?:at|around|about|~) ?)?(?:\d{1,2}(?::\d\d)? ?(?:am|pm)?(?: (?:pt|pst|pdt|et|utc))?)?[^\p{L}\p{N}]*$/u;

function heldReply(
  post: Post,
  own: ReadText,
  parent: ReadText,
  reason: string,
  options: ClassifierOptions,
): Classification {
  const both = `${parent.all}\n${own.all}`;
  const postedMs = Date.parse(post.createdAt);
  // "went out to everyone at 9am PT" at 10am: a time of the day gone by, said gone
  // (rules-2.13.40).
  // Not "give it a few min to show up": how long it takes to appear (rules-2.13.43).
  // "earlier today ~9am PT": a clock time after a time gone by is gone by too (rules-2.13.103).
  const ownAhead =
    timeAhead(own.all.replace(SHOWS_IN, ' '), postedMs, options.timeZone) !== null &&
    !(WENT_OUT.test(own.all) && timePassedToday(own.all, postedMs, options.timeZone)) &&
    !TIME_GONE_ANSWER.test(own.sentences[0] ?? '');
  const parentComing = mentionsOf(parent).some((m) => m.reading.tense === 'coming');
  // "we actually have one banked. not saying when": kept for later, not given (rules-2.13.40).
  // "it's rolling out rn, some accounts take a few min to update. you'll see it shortly":
  // going out now, however soon it shows (rules-2.13.78).
  const done =
    !FOR_LATER.test(own.all) &&
    (GOING_OUT_NOW.test(own.all) || (!ownAhead && (PROGRESS.test(own.all) || !parentComing)));
  const fields: Pick<ClassifiedReset, 'kind' | 'resetType' | 'scope'> & Partial<ClassifiedReset> = {
    kind: done ? 'reset_completed' : 'reset_scheduled',
    resetType: resetTypeOf(both),
    scope: scopeOf(both),
  };
  if (!done) {
    // The reply's own words say when; the parent's only when the reply names no time.
    const ownWhen = scheduleWhen(own.all, postedMs, options.timeZone).when;
    const when =
      ownWhen.cue === NO_TIME_CUE
        ? scheduleWhen(parent.all, postedMs, options.timeZone).when
        : ownWhen;
    Object.assign(fields, scheduledAt(when));
  }
  return held(fields, [reason]);
}
