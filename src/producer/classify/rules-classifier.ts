import type { Classification } from '../ledger/entry.ts';
import type { Post } from '../ledger/post.ts';
import { readAnnouncement } from './announcement.ts';
import { TIME_ONLY } from './announcement-kinds.ts';
import { clip, held, lessSure, notAReset } from './classification.ts';
import { confirmedFromContext } from './confirmation.ts';
import { DAY_HEADING, RESET_WORD, USAGE_CONTEXT } from './cues.ts';
import { forgetSentences } from './grammar.ts';
import { mentionsOf, ONE_ACCOUNT } from './mentions.ts';
import { CLOCK_TIME, checkedOff, IT_ARRIVES, mentionKind, UNDER_WAY_NOW } from './post-tense.ts';
import { putOffThenGiven } from './put-off.ts';
import { timeAhead } from './schedule-time.ts';
import { scopeOf } from './scope.ts';
import { type ReadText, readText } from './text.ts';
import {
  atTeasersTime,
  calledOff,
  onHisPostsDay,
  readReply,
  teaserNamed,
  threadOf,
} from './thread.ts';
import { RULES_CLASSIFIER } from './version.ts';

export { RULES_CLASSIFIER };

/**
 * The rules classifier (producer.md §2): deterministic and versioned (version.ts). It finds
 * the sentences that speak of a reset, reads from the grammar of each (sense.ts) whether the
 * reset is done, under way or coming, denied, asked about or only talked about
 * (mentions.ts), then the type, the scope and the window (announcement.ts, post-tense.ts),
 * and gives a confidence. It publishes by itself only what it is sure of: anything it
 * doubts is held for the operator (REVIEW_BELOW, and the hold reasons), because a false
 * reset published automatically is the worst error this system can make.
 * docs/classifier.md describes every rule; change the version (version.ts) when a rule
 * changes: stored classifications keep the version that made them.
 */

export interface ClassifierOptions {
  /** Hold a post whose confidence is below this (REVIEW_BELOW, default 0.8). */
  readonly reviewBelow: number;
  /** The announcer's calendar (SCHEDULE_TIME_ZONE, default America/Los_Angeles). */
  readonly timeZone: string;
}

export const DEFAULT_CLASSIFIER_OPTIONS: ClassifierOptions = Object.freeze({
  reviewBelow: 0.8,
  timeZone: 'America/Los_Angeles',
});

/**
 * The classifier. `context`, when given, is the author's recent posts (author-context.ts:
 * the ones before the post, as stored when it is first classified); without it a post is
 * read alone, as before rules-2.3.0.
 */
export function createRulesClassifier(options: ClassifierOptions = DEFAULT_CLASSIFIER_OPTIONS) {
  return (post: Post, context?: readonly Post[]): Classification =>
    classifyPost(post, options, context);
}

export function classifyPost(
  post: Post,
  options: ClassifierOptions,
  /** The author's recent posts (author-context.ts): a bare done is read with them. */
  context: readonly Post[] = [],
): Classification {
  forgetSentences();
  const own = readText(post.text);
  const thread = threadOf(post);
  const mentions = mentionsOf(own);
  const off = calledOff(post, own, thread, mentions, options);
  if (off !== null) return off;
  const announcing = mentions.filter((m) => m.refused === null);
  const onHisDay = announcing.length > 0 ? onHisPostsDay(post, own, thread, options) : null;
  if (onHisDay !== null) return classifyPost(onHisDay, options, context);
  // "tomorrow" then his reply "full usage reset across plus, pro, …": a post of only a time,
  // whose reset his reply names without a verb, is one post read together (rules-2.13.55).
  // So is "one more thing for friday 👀" then "(it's limits. we're resetting them. all
  // plans.)": a short teaser naming a day, whose reset his reply names without a time of its
  // own (rules-2.13.58).
  const postedMs = Date.parse(post.createdAt);
  if (
    thread?.author === 'self' &&
    announcing.length > 0 &&
    post.parentText !== undefined &&
    ((announcing.every((m) => m.reading.tense === 'none') &&
      TIME_ONLY.test(thread.parent.all) &&
      timeAhead(thread.parent.all, postedMs, options.timeZone) !== null) ||
      (announcing.every((m) => m.reading.tense === 'none' || m.reading.tense === 'ongoing') &&
        thread.parent.all.length <= 80 &&
        TEASING.test(thread.parent.all) &&
        mentionsOf(thread.parent).length === 0 &&
        timeAhead(thread.parent.all, postedMs, options.timeZone) === 'explicit' &&
        (timeAhead(own.all, postedMs, options.timeZone) === null ||
          atTeasersTime(post.text, post.parentText) !== post.text)))
  ) {
    const { inReplyToId: _id, parentText, parentHandle: _handle, ...alone } = post;
    // "ok fine, part of it: everyone's limits reset at the same time": his post's time
    // (rules-2.13.70).
    const text = `${parentText}\n${atTeasersTime(post.text, parentText)}`;
    return classifyPost({ ...alone, text }, options, context);
  }
  if (announcing.length === 0) {
    if (thread !== null) return readReply(post, own, thread, mentions, options);
    if (mentions.length > 0)
      return (
        putOffThenGiven(own, mentions, Date.parse(post.createdAt), options.timeZone) ??
        notAReset(mentions[0]!.refused!)
      );
    if (isBareDone(own.all)) {
      const confirmed = confirmedFromContext(post, own.all, context, options);
      if (confirmed !== null) return confirmed;
      return held({ kind: 'reset_completed', resetType: 'global', scope: scopeOf('') }, [
        'a bare "done": what is done? (the announcer says so when a promised reset landed)',
      ]);
    }
    return notAReset('no reset mentioned');
  }
  // "Resets.": a reset named without a verb, without what is reset and without a time
  // (not "Day 6/ Reset": a day's item, held below).
  const teaser = announcing.every((m) => {
    if (
      m.reading.tense !== 'none' ||
      checkedOff(m.read) ||
      USAGE_CONTEXT.test(m.sentence) ||
      // "plus/pro/biz/edu all back to zero", read "plus/pro/biz/edu limits reset": what the
      // idiom names (rules-2.13.61).
      (m.read !== m.sentence && /\blimits\b/.test(m.read) && !/\blimits\b/.test(m.sentence)) ||
      // "full reset for pro, plus and business": whom, by their plans (rules-2.13.48).
      PLAN_LIST.test(m.sentence) ||
      DAY_HEADING.test(m.sentence) ||
      // "All reset, fully propagated.": it says it arrived (rules-2.12.0).
      ARRIVED.test(m.sentence) ||
      // "reset now. go build": when is now (rules-2.13.23).
      RESET_NOW.test(m.sentence) ||
      // "all reset as of a few minutes ago" (rules-2.13.24).
      JUST_PAST.test(m.sentence) ||
      // "done, reset for all.": said done first (rules-2.13.99).
      DONE_THEN_RESET.test(m.sentence)
    )
      return false;
    const said = withFragments(m.sentence, own);
    return (
      // "Reset. The limits. All of them. Just now.": what and when, said one by one after it
      // (rules-2.13.36).
      // "reset. everyone's codex limits. done ✅": checked off (rules-2.13.84).
      !(
        said !== m.sentence &&
        USAGE_CONTEXT.test(said) &&
        (JUST_PAST.test(said) || SAID_DONE_AFTER.test(said))
      ) &&
      // "yes, another reset. it's rolling out now" (rules-2.13.16); "And... reset. Limits are
      // back for everyone.": what, said next (rules-2.13.51).
      !saysWhatNext(own.sentences[own.sentences.indexOf(m.sentence) + 1] ?? '') &&
      timeAhead(m.sentence, Date.parse(post.createdAt), options.timeZone) === null &&
      timeAhead(said, Date.parse(post.createdAt), options.timeZone) !== 'explicit'
    );
  });
  // "everyone. plus, pro, business, edu, enterprise. all reset" answering "did this include
  // us?": a reply is read with what it answers (rules-2.13.32).
  if (teaser && thread?.author === 'other') return readReply(post, own, thread, [], options);
  if (teaser)
    return notAReset(
      `a reset named without what or when (a teaser?): "${clip(announcing[0]!.sentence)}"`,
    );
  const result = readAnnouncement(post, own, mentions, options);
  // A reply to someone else that announces in its own words: one notch less sure; held when
  // the reset is of that one person's account: "we'll restore the banked reset on your
  // account today" (rules-2.13.2).
  if (thread?.author === 'other' && result.reset !== null) {
    // "you get one banked reset, you choose when to apply it, …" under "how does the banked
    // reset thing work exactly": how it works, explained? Held (rules-2.13.105).
    if (HOW_IT_WORKS.test(thread.parent.all))
      return hold(
        lessSure(result, 0.1, 'a reply to someone else', options),
        'an answer to how resets work: an explanation?',
      );
    if (announcing.some((m) => ONE_ACCOUNT.test(m.sentence)))
      return hold(
        lessSure(result, 0.1, 'a reply to someone else', options),
        'a reset of one account ("your account"): theirs alone?',
      );
    return lessSure(result, 0.1, 'a reply to someone else', options);
  }
  const teased = teaserNamed(result, post, own, thread, announcing, options);
  if (teased !== null) return teased;
  // "+ everyone on Plus gets a banked reset on top" under his "we're resetting limits at noon
  // PT": a present read as done under his reset to come: now, or with it? (rules-2.13.27)
  if (
    thread?.author === 'self' &&
    result.reset?.kind === 'reset_completed' &&
    !result.review &&
    announcing.every((m) => m.reading.tense !== 'done') &&
    !SAYS_DONE.test(own.all) &&
    // "reset is rolling out now" under his "global reset … at 9am PT monday": now, the one he
    // announced (rules-2.13.51).
    !announcing.some((m) => UNDER_WAY_NOW.test(m.sentence)) &&
    mentionsOf(thread.parent).some(
      (m) =>
        m.refused === null &&
        mentionKind(m, Date.parse(post.createdAt), options.timeZone) === 'coming',
    )
  )
    return hold(result, 'his post announced a reset to come: this one now, or with it?');
  return result;
}

/** A question of how something works: "how does the banked reset thing work exactly". */
const HOW_IT_WORKS = /\bhow (?:does|do|is|are|will|would)\b[^?.!]{0,60}\bwork(?:s|ing)?\b/;
/** A teaser: "one more thing for friday 👀", "something nice lands tomorrow". */
const TEASING = /👀|\b(?:something|one more thing|stay tuned|surprise|big day|news)\b/u;

/** The sentence after a bare "reset" says it arrived, or whose usage it is. */
const saysWhatNext = (next: string) =>
  IT_ARRIVES.test(next) || (USAGE_BACK.test(next) && !RESET_WORD.test(next));
/** "Limits are back for everyone.", "usage is back to zero for all plans". */
const USAGE_BACK =
  /^(?:(?:your|the|all|everyone's|codex) )*(?:limits|usage|quotas?) (?:are|is) (?:all )?back\b(?=[^.!?]{0,30}\b(?:everyone|everybody|all|every)\b)/;

/** Words of a reset arrived: "done. everyone's reset", "it's live", "it's out" (rules-2.13.55). */
const SAYS_DONE =
  /\b(?:done|landed|live|went out|rolled out|complete|completed|finished)\b|\b(?:it's|it is|is) out\b/;

/**
 * `sentence` and the fragments that follow it, words said one by one: "reset. tonight. 8pm
 * PT." (rules-2.13.2). A fragment has at most three words and no reset of its own.
 */
function withFragments(sentence: string, own: ReadText): string {
  const at = own.sentences.indexOf(sentence);
  if (at < 0) return sentence;
  // "friday the 27th, 10am PT": a few words naming a day and a clock time (rules-2.13.85).
  const fragment = (other: string) =>
    !RESET_WORD.test(other) &&
    (other.split(/\s+/).length <= 3 ||
      (other.split(/\s+/).length <= 6 && CLOCK_TIME.test(other) && TIME_ONLY_WORDS.test(other)));
  const parts = [sentence];
  for (const next of own.sentences.slice(at + 1)) {
    if (!fragment(next)) break;
    parts.push(next);
  }
  // And before it: "Tomorrow. Early. Every plan. Full reset." (rules-2.13.4).
  for (const previous of own.sentences.slice(0, at).reverse()) {
    if (!fragment(previous)) break;
    parts.unshift(previous);
  }
  return parts.join(' ');
}

/** Only words of a day, a date and a time: "friday the 27th, 10am pt". */
const TIME_ONLY_WORDS =
  /^(?:(?:on|at|by|around|the|this|next|tomorrow|tonight|today|(?:mon|tues|wednes|thurs|fri|satur|sun)day|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*|\d{1,2}(?:st|nd|rd|th)?|\d{1,2}(?::\d\d)? ?(?:am|pm)?|pt|pst|pdt|et|est|utc|cet|noon|midnight|morning|afternoon|evening)(?:[ ,]+|[.!]*$))+$/;

/** `result` held for the operator, with why. */
const hold = (result: Classification, why: string): Classification => ({
  ...result,
  review: true,
  reasons: [...result.reasons, why],
});

/** "done, reset for all", "all done: reset for every plan": said done, then the reset named. */
const DONE_THEN_RESET = /^(?:done|all done|and done)[,:!.]? (?:✅ )?(?=re-?set\b)/;
const JUST_DONE =
  /\b(?:it is|it's|is now|all) done\b|^done(?: and dusted)?[.! ]*$|^(?:it )?(?:has )?landed[.! ]*$/;
/** "Confirmed landed across all accounts.": something arrived, said in a few words. */
const ARRIVED = /\b(?:landed|propagated|rolled out|went out|gone out)\b/;
/** Plans named together after "for": "for pro, plus and business", "for plus/pro". */
const PLAN_LIST =
  /\bfor (?:plus|pro|business|edu|enterprise)(?:(?:,? (?:and|&|\+) |, ?| ?[/+&] ?)(?:plus|pro|business|edu|enterprise))+\b(?! (?:is|are|was|were)\b)/;
/** "as of a few minutes ago", "an hour ago", "just now": a time just past. */
const JUST_PAST =
  /\b(?:seconds?|secs?|minutes?|mins?|hours?|hrs?|moments?) ago\b|\bjust now\b|\bas of (?:this morning|today|now|a (?:few|couple of) (?:minutes|mins|hours))\b/;
/** "… done ✅", "… done.": the last fragment says it is done. */
const SAID_DONE_AFTER = /\bdone\b[\s.!]*(?:\u2705\s*)?$|\u2705\s*$/u;
/** "reset now.", "limits reset right now": a reset named with its time, now. */
const RESET_NOW = /(?:^|\b(?:limits|usage|codex) )re-?set (?:right )?now\b/;

/** A short post that only says something is done or landed (rules-2.1.0: the new set). */
export const isBareDone = (text: string) =>
  (text.length <= 40 && JUST_DONE.test(text)) || (text.length <= 80 && ARRIVED.test(text));
