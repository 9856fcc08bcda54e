import { formatTimestamp } from '../../shared/domain/timestamp.ts';
import type { Classification, ClassifiedReset } from '../ledger/entry.ts';
import type { Post } from '../ledger/post.ts';
import { confirmedFromContext } from './confirmation.ts';
import {
  BANK_VOCABULARY,
  BANKED,
  DAY_HEADING,
  GLOBAL,
  HABIT,
  HEDGED,
  INCIDENT,
  LANDING,
  OTHER_SENSE,
  PAST_REFERENCE,
  RESET_WORD,
  TALK_ABOUT,
  USAGE_CONTEXT,
} from './cues.ts';
import { forgetSentences, type Word, wordsOf } from './grammar.ts';
import { resetIdiomRead } from './idioms.ts';
import { timeIsTheResets } from './reply-time.ts';
import {
  namesDayGoneBy,
  scheduleWhen,
  timeAhead,
  timePassedToday,
  timeStartsAfter,
} from './schedule-time.ts';
import { scopeOf } from './scope.ts';
import { isArrival } from './sense/words.ts';
import { type MentionReading, readMention, resetWordsOf, type Tense } from './sense.ts';
import { matchesAny, type ReadText, readText } from './text.ts';
import { calledOff, readReply, threadOf } from './thread.ts';

/**
 * The rules classifier (producer.md §2): deterministic and versioned. It finds the
 * sentences that speak of a reset, reads from the grammar of each (sense.ts) whether the
 * reset is done, under way or coming, denied, asked about or only talked about, then the
 * type, the scope and the window, and gives a confidence. It publishes by itself only
 * what it is sure of: anything it doubts is held for the operator (REVIEW_BELOW, and the
 * hold reasons below), because a false reset published automatically is the worst error
 * this system can make. docs/classifier.md describes every rule; change the version when
 * a rule changes (stored classifications keep the version that made them).
 */
export const RULES_CLASSIFIER = 'rules-2.13.25';

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

export const notAReset = (reason: string): Classification => ({
  classifier: RULES_CLASSIFIER,
  reset: null,
  review: false,
  reasons: [reason],
});

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
  return mention.refused !== null && (mention.reading.negated || CALLED_OFF.test(mention.sentence));
}

/** "update: calling this off, we need the capacity": a reset called off, not named (rules-2.13.16). */
export function callsItOff(own: ReadText): boolean {
  return CALLED_OFF.test(own.all);
}

const OTHER_SENSES = new RegExp(OTHER_SENSE.source, 'g');
/** "sunday reset: clean desk, …": a reset heading whose colon is followed by no time ahead. */
function headingWithoutTime(sentence: string, announcedMs: number, zone: string): boolean {
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
 * Where a reset's own time is said: its clause, the sentence's heading ("Monday: reset."),
 * and what its own heading's colon introduces ("Reset: tomorrow 9am PT").
 */
function ownTimeText(m: Mention): string {
  const heading = HEADING.exec(m.sentence)?.[0] ?? '';
  const colon = RESET_HEADING.exec(m.sentence);
  const introduced = colon === null ? '' : introducedBy(m.sentence, colon);
  return `${heading} ${m.reading.clause} ${introduced}`;
}
/** A sentence's heading: "Monday:", "10am PT tomorrow:". */
const HEADING = /^[^:]{1,40}:/;
/** A verb group of a reset arriving: "is rolling out", "going out", "landing". */
const ARRIVING = /\b(?:rolling|going|landing|propagating|shipping|happening)$/;

/** The sentences of `text` that speak of a reset of limits, each read (sense.ts). */
export function mentionsOf(own: ReadText): Mention[] {
  const mentions: Mention[] = [];
  let previousMentioned: string | null = null;
  for (const [at, sentence] of own.sentences.entries()) {
    const previous = own.sentences[at - 1];
    // "Reset: done." is "reset is done" (rules-2.10.0).
    const stripped = sentence.replace(OTHER_SENSES, ' ').replace(STATUS_COLON, '$1 is $2');
    // "usage is back at zero", "wiped the usage counters": read as "reset" (idioms.ts).
    // "🔄 limits: refreshed." is "limits are reset" (rules-2.11.0).
    // "Codex rate limits will be refreshed": named by the cues, read as "reset" too, so the
    // grammar reads its verb (rules-2.13.19).
    const plain = (/\bre-?set/.test(stripped) ? stripped : (resetIdiomRead(stripped) ?? stripped))
      .replace(LIMITS_COLON, '$1 are reset')
      .replace(HAD_RESET, '$1 have been reset');
    const named = RESET_WORD.test(plain);
    // "…banked resets not applying. Everyone affected is getting another one.": "one" stands
    // for the reset of the sentence before.
    const anaphora = !named && previousMentioned !== null && ONE_MORE.test(plain);
    const antecedent = BANKED_NOUN.test(previousMentioned ?? '') ? 'banked reset' : 'reset';
    previousMentioned = named ? plain : null;
    if (!named && !anaphora) continue;
    const read = anaphora
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
    const doubted = doubt === reading.doubt ? reading : { ...reading, doubt };
    mentions.push({
      sentence,
      read,
      // "did we just reset everyone's codex limits? yes. yes we did.": a question he answers
      // yes at once is said (rules-2.13.13).
      refused: refusalOf(
        ASKED_DONE.test(sentence) && ANSWERED_YES.test(own.sentences[at + 1] ?? '')
          ? sentence.replace(QUESTION_END, '.')
          : sentence,
        doubted,
        read,
      ),
      reading: doubted,
    });
  }
  return mentions;
}

const BANKED_NOUN = /\bbank(?:ed|able) re-?sets?\b/;
/** A verb "reset" whose object is only a pronoun: "reset it", "resetting them". */
const PRONOUN_OBJECT = /\bre-?set(?:s|ting)? (?:it|them)\b/;
/** "One year ago today (April 14) we did our first reset": years back, anywhere in the sentence (not "to celebrate its 1-year anniversary, I have reset…"). */
const ANNIVERSARY = /\b(?:a|one|two|three|\d+) years? ago\b/;
/** "a banked reset … that you can spend whenever you hit your cap": when it is used, no habit. */
const BANKED_WHENEVER = /\bbank(?:ed|able)\b[^.!?]*\bwhenever\b/;
/** A reset only of the company's own accounts: "for internal employee accounts". */
const INTERNAL_ONLY =
  /\b(?:internal|employee|employees'|staff|test|testing|dogfood(?:ing)?) (?:employee |team |test )?(?:accounts?|users?|workspaces?|orgs?)\b/;
/**
 * "Good to see other labs resetting their limits", "competitors doing usage resets": the
 * reset's doer is another company (rules-2.11.0); not "unlike other labs, we reset…". Or
 * another product by its name, right before the verb: "saw claude code reset everyone's
 * limits" (rules-2.13.6), not "after the gemini outage we reset limits".
 */
const OTHERS_RESET =
  /\bcongrat\w* (?:to )?(?:the )?(?:[\w-]+ ){1,4}on (?:the |their )?(?:[\w-]+ )?(?:re-?set|refresh|refill)\b|\b(?:(?:other|another|rival|competing) (?:[\w-]+ ){0,2}(?:labs?|compan(?:y|ies)|providers?|vendors?|tools?|products?|platforms?|players?|apps?|startups?)|competitors?)\b(?! like us)[^.!?,;:]{0,40}?\b(?:re-?set|fresh (?:[\w-]+ ){0,2}(?:limits|usage)|refill)|\b(?:claude(?: code)?|anthropic|cursor|gemini(?: cli)?|copilot|windsurf|grok|deepseek)(?: (?:team|folks|people|guys))? (?:just |also |finally |quietly )?(?:(?:did|gave|ran|shipped|pushed|handed out|announced|rolled out) (?:a |an |their )?(?:[\w-]+ ){0,2})?re-?set\b/;
/**
 * Another reset after the one named, in its sentence, and what is said of it: "…, with
 * another one coming later today" (its time is not the first one's).
 */
const SECOND_ONE =
  /[,;]? ?(?:\b(?:and|with|plus)\b ?|\+ ?)?\b(?:another|one more|a second) one\b.*$/;
/** A reset for each period: "per day", "each week". */
const PER_PERIOD = /\b(?:per|each|every) (?:day|week|month)\b/;
/** The words of a future in a verb group: "will give", "'re going to reset". */
const FUTURE_WORD = /\b(?:will|'ll|shall|going to|gonna)\b|'ll\b/;
/** Words that say nothing is planned, or that what went round is fake. */
const DISMISSED =
  /\b(?:this|it|that) (?:is|'s) not a promise\b|\b(?:limits|usage) (?:are|is|remain|remains|stay|stays) (?:unchanged|untouched|the same|as-is|as is)\b|^(?:a )?re-?set\? (?:not today|nope|no|not this week)\b|\b(?:limits|usage) (?:are|is) not (?:part of|affected by|touched by) (?:this|it|that)\b|\b(?:we )?(?:didn't|did not) touch (?:anything|your limits|limits)\b|(?:^|[.!?] )(?:not true|not real|totally fake|fake)[.!]|\b(?:nothing|none)(?:'s| is)? (?:planned|scheduled|coming|happening)\b|\bno plans? (?:for|to do) (?:another|a|any)(?: one| reset)?\b|\b(?:is|are|it's|that's) (?:fake|not real|not true|false|a fake)\b|\bisn't mine\b|\bnothing (?:is )?decided\b|\bno decision yet\b|\bthinking out loud\b|\bjust an idea\b|\bnothing(?:'s| is) committed\b|\bfingers crossed\b/;
/** Words that say a reset was not users', or that users have none. */
const NOT_FOR_USERS =
  /\bnothing (?:has )?changed\b|\b(?:internal|test|red-team|eval(?: harness)?) accounts? only\b|\bonly (?:that|one|this) (?:customer|workspace|account)\b|\bnothing to do with your\b|\bnot a user reset\b|\bno (?:codex |global |usage |user )?reset (?:today|this week|in real life|for (?:you|users|codex))\b|\bplan now: no\b|\bnot (?:announcing|promising) anything\b|\bon my own account\b|\b(?:codex )?(?:limits|usage) (?:were|was|have|has)(?: not|n't)(?: been)? (?:reset|touched|changed)\b|\b(?:this|that|it)(?:'s| is| was) (?:about|for) [^.!?]{1,40}?, not (?:about )?(?:your |the |anyone's )?(?:codex )?(?:usage|limits?|quotas?)\b|\b(?:that's|that is|it's|it is|but) not (?:for )?codex\b|\bnot codex though\b|\bthat was (?:(?:jan|febr)uary|march|april|may|june|july|august|september|october|november|december|weeks ago|months ago|last (?:week|month|year))\b/;
/** Words that open a story or a dream: "Picture it:", "throwback:", "weird dream:". */
const STORY =
  /^(?:picture it|throwback|flashback|story time|weird dream|(?:had a|last night i had a) dream|imagine)\b|\bjust a daydream\b/;
/** A poll: "poll: if we gave you one banked reset, when would you use it?" (rules-2.13.24). */
const POLL =
  /^(?:\W+ )?(?:quick |twitter |x )?poll(?: time)? ?(?::|\p{Extended_Pictographic}|\n|$)/u;
/** A recap's heading: "Week recap:", "This month in review:". */
const RECAP = /^(?:(?:week(?:ly)?|month(?:ly)?|year(?:ly)?|quick|friday) )?recap\b|\bin review:/;
/** Words that take back what was said, or mark it as a joke. */
// "me: we should stop doing resets. also me, …: resetting everyone": the meme (rules-2.13.15).
const JOKING =
  /\b(?:jk|j\/k|just kidding|kidding|april fools?|april 1st)\b|^me: [^\n]*\balso me\b|\bby hand\b[^.!?]{0,60}\b(?:one (?:account|user|person|workspace|by one) at a time|with a (?:pencil|pen|quill|spreadsheet|calculator|abacus))\b|\bthanks for asking every \d+ (?:seconds|minutes|mins|hours)\b/;
/** Post-level words that take an announcement back, each with its reason. */
const TAKEN_BACK: readonly (readonly [RegExp, (words: string) => string])[] = [
  // "LIMITS RESET FOR EVERYONE!!! ...jk it's april 1st"; "yes, I personally reset
  // everyone's limits by hand, one account at a time, with a pencil" (rules-2.13.16).
  [JOKING, (words) => `"${words}": a joke?`],
  // "… That account isn't mine and nothing is planned."
  [DISMISSED, (words) => `"${words}": the post says no reset is coming?`],
  // "Week recap:\n- Monday's limit reset …": what was (rules-2.13.3).
  [RECAP, (words) => `"${words}": a recap of what was?`],
  [POLL, (words) => `"${words}": a poll, asking?`],
  // "(internal accounts only, not you, sorry)", "Only that customer was affected", "For Codex:
  // nothing changed", "Plan now: no reset", "That was September": the post says whose reset
  // it was, or that there is none for users (rules-2.13.5).
  [NOT_FOR_USERS, (words) => `"${words}": not a reset of users' limits?`],
  // "Picture it: …", "weird dream: …", "Imagine: …": a story, a dream, a daydream.
  [STORY, (words) => `"${words}": a story, not an announcement?`],
];
/** Limits and their state after a colon: "limits: refreshed." (read "limits: reset"). */
const LIMITS_COLON = /\b(limits|usage): re-?set\b/;
/**
 * "Plus & Pro subscriptions have had their Codex rate limits refreshed", "every paid
 * subscription now has its usage limits refreshed": a causative, what was done to them
 * (rules-2.12.0); not after a modal, "will have their usage limits reset" (rules-2.12.1).
 */
const HAD_RESET =
  /(?<!\b(?:will|'ll|to|would|should|could|may|might|must|shall|gonna) )\b(?:has|have)(?: now| just| all)? (?:had )?(?:its|their|your|our) ((?:[\w&-]+ ){0,3}(?:limits|usage)) (?:re-?set|refreshed)\b/;
/**
 * A reset called off, as a heading: "Cancelled: the reset we teased yesterday."; or in words:
 * "we're not going to do it after all", "decided against it" (rules-2.13.6).
 */
const CALLED_OFF =
  /^(?:cancel+ed|postponed|delayed|paused|scrapped|called off|on hold) ?:|\b(?:not|n't) (?:going to |gonna )?(?:do|doing|happen|happening)(?: (?:it|that|this|one))? (?:after all|anymore|any more)\b|\bdecided against (?:it|that|the reset)\b|\bcall(?:ed|ing) (?:it|that|this|the reset) off\b|\b(?:have|need|going|had) to push (?:it|this|the reset)\b(?![^.!?]{0,40}\b(?:to|until|till) )|\bnot happening\b|\bcancel+(?:ed|ing) (?:it|that|this)\b|\bscrap(?:ped|ping) (?:it|that|this)\b|\bcall(?:ed|ing) off (?:the |today's |tonight's |tomorrow's |this week's |friday's |monday's )?re-?set\b|\bhold(?:ing)? off\b|\b(?:we're|we are) holding (?:the|tonight's|today's|tomorrow's|this) re-?set\b|\b(?:the )?re-?set(?:'s| is) (?:off|cancel+ed|scrapped)\b|\b(?:was|were) going to re-?set\b[^.!?]{0,60}\bbut\b/;
/** A reset and its state after a colon: "Reset: done.", "Global reset: live". */
const STATUS_COLON = /\b(re-?set): (done|live|complete|completed|landed|out|shipped)\b/;

/** Why the words around a mention put it in doubt (rules-2.10.0), or null. */
function sentenceDoubt(read: string, previous: string | undefined): string | null {
  // "\"codex team reset limits again, legends\" - that was last tuesday": someone else's?
  if (insideQuotes(read)) return "a reset inside quotation marks: someone else's words?";
  // "Broke my Duolingo streak… Had to reset it to zero.": what is "it"? Not when the
  // sentence before names the limits: "your limits get a fresh start tomorrow. we're
  // resetting them…" (rules-2.12.0).
  if (PRONOUN_OBJECT.test(read) && !USAGE_CONTEXT.test(read) && !LIMITS_NAMED.test(previous ?? ''))
    return 'a reset of "it", with no limits named in its sentence';
  return null;
}

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
/**
 * "one" standing for the reset of the sentence before: "another one", "a fresh one"; "one
 * will hit every account within the next hour" after "Want a full reset?" (rules-2.12.2).
 */
const ONE_MORE =
  /\b(another|one more|a new|a fresh|a second) one\b|^one(?= (?:will|'ll|is|'s|lands?|goes|hits?|arrives?|drops?)\b)/;

/** The sentence after a question that answers it yes. */
const ANSWERED_YES = /^(?:yes|yep|yup|yeah|of course|absolutely|you bet|indeed|sure)\b/;
/** A question of what was done: "did we just reset…?", "have we reset…?" (not "will…?"). */
const ASKED_DONE = /^(?:did|have|has)\b/;
const QUESTION_END = /\?+(?=["')\s]*$)/;

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
    // "fresh weekly allowance for everyone on codex" (rules-2.13.16).
    if (
      word.text === 'fresh' &&
      /^(?:(?:codex|weekly|5-hour) ){0,2}(?:usage|limits|allowance|quota)/.test(next)
    )
      found.push(index);
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
    return `the reset is talked about, not announced: "${clip(sentence)}"`;
  if (reading.negated) return `the reset is denied: "${clip(sentence)}"`;
  if (CALLED_OFF.test(sentence)) return `a reset called off: "${clip(sentence)}"`;
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
    (reading.tense === 'done' &&
      (pastBeforeRecent(reading.clause) || ANNIVERSARY.test(sentence))) ||
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
  const recent = RECENTLY.exec(clause);
  return recent === null || recent.index > past.index;
}
/** A warning of what comes: "heads up:", "heads-up to team workspaces". */
const HEADS_UP = /^(?:\W+ )?heads[ -]up\b/;
/**
 * A question by its opening: "hmm should we do a reset...", "so do we reset tonight", "most
 * asked question in my DMs: when's the next reset." (rules-2.13.20, 2.13.21), "- what's a
 * banked reset" (rules-2.13.24).
 */
const ASKING_OPENING =
  /^(?:(?:hmm+|so|ok|okay|ok so|question),? )?(?:should|shall|do|could|would) (?:we|i)\b|(?:^|: )when(?:'s| is| will| does) (?:the )?(?:next )?re-?set\b|^(?:[-•*] )?(?:what|which|who)(?:'s| is| are) (?:an? |the )?(?:[\w-]+ ){0,2}re-?sets?\b/;
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
const RECENTLY =
  /\b(?:(?:seconds?|secs?|minutes?|mins?|hours?|hrs?|moments?) ago|just now|earlier today|this morning)\b/;

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
  if (announcing.length === 0) {
    if (thread !== null) return readReply(post, own, thread, mentions, options);
    if (mentions.length > 0) return notAReset(mentions[0]!.refused!);
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
  const teaser = announcing.every(
    (m) =>
      m.reading.tense === 'none' &&
      !checkedOff(m.read) &&
      !USAGE_CONTEXT.test(m.sentence) &&
      !DAY_HEADING.test(m.sentence) &&
      // "All reset, fully propagated.": it says it arrived (rules-2.12.0).
      !ARRIVED.test(m.sentence) &&
      // "reset now. go build": when is now (rules-2.13.23).
      !RESET_NOW.test(m.sentence) &&
      // "all reset as of a few minutes ago" (rules-2.13.24).
      !JUST_PAST.test(m.sentence) &&
      // "yes, another reset. it's rolling out now" (rules-2.13.16).
      !IT_ARRIVES.test(own.sentences[own.sentences.indexOf(m.sentence) + 1] ?? '') &&
      timeAhead(m.sentence, Date.parse(post.createdAt), options.timeZone) === null &&
      timeAhead(withFragments(m.sentence, own), Date.parse(post.createdAt), options.timeZone) !==
        'explicit',
  );
  if (teaser)
    return notAReset(
      `a reset named without what or when (a teaser?): "${clip(announcing[0]!.sentence)}"`,
    );
  const result = readAnnouncement(post, own, mentions, options);
  // A reply to someone else that announces in its own words: one notch less sure; held when
  // the reset is of that one person's account: "we'll restore the banked reset on your
  // account today" (rules-2.13.2).
  if (thread?.author === 'other' && result.reset !== null) {
    if (announcing.some((m) => ONE_ACCOUNT.test(m.sentence)))
      return hold(
        lessSure(result, 0.1, 'a reply to someone else', options),
        'a reset of one account ("your account"): theirs alone?',
      );
    return lessSure(result, 0.1, 'a reply to someone else', options);
  }
  return result;
}

/**
 * `sentence` and the fragments that follow it, words said one by one: "reset. tonight. 8pm
 * PT." (rules-2.13.2). A fragment has at most three words and no reset of its own.
 */
function withFragments(sentence: string, own: ReadText): string {
  const at = own.sentences.indexOf(sentence);
  if (at < 0) return sentence;
  const fragment = (other: string) => other.split(/\s+/).length <= 3 && !RESET_WORD.test(other);
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

/** Headings of what is not the announcer's announcement: a myth, a rumour, a question. */
const NOT_SAID_HEADING = /^[-•*\s]*(myth|rumou?r|claim|q|question|hot take|hypothetically)\s*:/;
/** A reset marked with a cross: "Reset ❌", "reset: ✗". */
const CROSSED_OUT = /\bre-?sets?\b:? ?(?:\u274c|\u2716|\u2717|\u2718|\u{1f6ab})/u;

/** One person's account, in a reply to them: "on your account", "yours". */
const ONE_ACCOUNT = /\b(?:your (?:account|workspace|org|seat)|yours)\b/;

/** `result` held for the operator, with why. */
const hold = (result: Classification, why: string): Classification => ({
  ...result,
  review: true,
  reasons: [...result.reasons, why],
});

const JUST_DONE =
  /\b(?:it is|it's|is now|all) done\b|^done(?: and dusted)?[.! ]*$|^(?:it )?(?:has )?landed[.! ]*$/;
/** "Confirmed landed across all accounts.": something arrived, said in a few words. */
const ARRIVED = /\b(?:landed|propagated|rolled out|went out|gone out)\b/;
/** "as of a few minutes ago", "an hour ago", "just now": a time just past. */
const JUST_PAST =
  /\b(?:seconds?|secs?|minutes?|mins?|hours?|hrs?|moments?) ago\b|\bjust now\b|\bas of (?:this morning|today|now|a (?:few|couple of) (?:minutes|mins|hours))\b/;
/** "reset now.", "limits reset right now": a reset named with its time, now. */
const RESET_NOW = /(?:^|\b(?:limits|usage|codex) )re-?set (?:right )?now\b/;

/** A short post that only says something is done or landed (rules-2.1.0: the new set). */
export const isBareDone = (text: string) =>
  (text.length <= 40 && JUST_DONE.test(text)) || (text.length <= 80 && ARRIVED.test(text));

/** The post's tense from its announcing mentions and its landing sentences. */
interface PostTense {
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
      (kind === 'none' && UPCOMING.test(headingAhead ?? ''))) &&
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
/** Words of a time and whom it is for, the whole of a sentence: "wednesday morning PT, all plans". */
const FRAGMENT_WORD =
  /^(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day|today|tonight|tomorrow|morning|afternoon|evening|night|noon|midnight|early|late|this|next|at|around|by|from|the|ish|\d{1,2}(?::\d{2})?(?:am|pm)?|am|pm|pt|pst|pdt|et|est|utc|all|plans?|tiers?|everyone|everybody|for|users|paid|free|plus|pro|business|enterprise|edu|teams?|workspaces?|accounts?|and|[^\p{L}\p{N}]+)$/u;
/** A verb group that says the reset has happened, whatever time follows. */
const FIRMLY_DONE = /(?:'ve|\b(?:has|have|had|was|were|been|just|already))\b/;
/** What follows a spaced dash at the end of a sentence. */
const DASH_TAIL = /\s[—–-]\s([^—–]+)$/;
/** `sentence` (lower case, as readText gives it) is nothing but FRAGMENT_WORDs. */
function isTimeFragment(sentence: string): boolean {
  // "~8pm pt, all tiers)": the marks around a word are no word (rules-2.13.17).
  const words = sentence
    .split(/[\s,.!]+/)
    .map((w) => w.replace(/^[~(]+|[)]+$/g, ''))
    .filter((w) => w !== '');
  return words.length > 0 && words.length <= 10 && words.every((w) => FRAGMENT_WORD.test(w));
}
/** A heading of what is to come: "## upcoming (v0.64 / Nov 20)", "release notes preview". */
const UPCOMING = /\b(?:upcoming|coming|next|preview|planned|scheduled)\b/;
/** "it's rolling out now", "it's live": the sentence after a reset named, saying it arrives. */
const IT_ARRIVES =
  /^(?:it's|it is|that's|that is) (?:rolling out|going out|live|landing|propagating|out)\b/;
/** "it's a reset", "(that's a reset.": what the sentence before spoke of. */
const IT_IS_A = /^\(?(?:it's|it is|that's|that is|this is) a /;
/** A heading of what comes: "how it's going to go:", "the plan:", "next up:". */
const FUTURE_HEADING = /\b(?:going to|gonna|will|plan|next up|what happens next|coming up)\b/;
/** A bare "reset" whose subject is "they" or "it". */
const THEY_RESET = /(?:^|\s)(?:they|it) re-?set\b/;
/** "in a few hours", "in a couple of minutes": a while ahead. */
const IN_A_WHILE =
  /\b(?:in|within) (?:a few|a couple(?: of)?|several|the next (?:few|couple(?: of)?)) (?:minutes|mins|hours|hrs)\b/;
/** A deadline: "by EOD", "by 5pm", "by tonight", "by end of day". */
const DEADLINE = /\bby (?:eod|end of (?:the )?day|tonight|tomorrow|\d)/;
/** Words that place a weekday ahead: "next monday", "tomorrow", "this friday", "on monday at 9". */
const NEAR_DAY = /\b(?:next|this|coming|tomorrow|tonight|today)\b/;
/** A bare "reset", or a bare "do" before the noun ("we do a global reset tonight"). */
/** An item of a list: "• monday 9am", "- friday", "2. noon". */
const LIST_ITEM = /^(?:[•*·▪‣◦-]|\d{1,2}[.)])\s/;
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
const DAY_FIRST = /^(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day|tomorrow|tonight)\b/;
/** A reset by a time: "getting reset before standup tomorrow". */
const RESET_BEFORE = /\bre-?set(?:ting)? before\b/;
/** "are reset", "is all reset", "is fresh": the present passive of "reset", and its state. */
const PRESENT_PASSIVE = /^(?:is|are|'re|'s|am) (?:all )?(?:re-?set|fresh)$/;
const BARE_RESET = /^(?:re-?set|do|push|run|ship|flip|give)$/;
/** "limits reset on the way shortly", "a reset of rate limits is headed your way". */
const ON_THE_WAY =
  /\bre-?set (?:is |are )?on (?:the|its) way\b|\bre-?set\b[^.!?]{0,40}?\b(?:is|are|'s) (?:headed|heading) (?:your|our|to|out|for)\b/;
/** How long a done reset takes to show: "may take a few hrs to show up". */
const TAKES_TIME = /\b(?:may|might|could) take\b[^.!?]*/g;
/** A check mark after the reset's word, or opening its sentence: "global usage reset ✔️",
 * "✅ limits reset."; not "fix holding ✅ … reset". */
function checkedOff(read: string): boolean {
  const reset = read.search(/\bre-?set/);
  return (
    reset >= 0 && (CHECK_MARK.test(read.slice(reset)) || /^\s*[\u2705\u2714\u2611]/.test(read))
  );
}
const CHECK_MARK = /[\u2705\u2714\u2611]/;
/** What is expected to show: "should be reset", "will be back", "should see". */
const SHOWS = /^(?:should|will|'ll|must) (?:be|see|show)\b/;
/** A progressive with its auxiliary: "is rolling", "'re resetting", "are being reset". */
const PROGRESSIVE = /^(?:is|are|'s|'re|am|'m)(?: being)? \S+ing\b/;
/** A span of minutes or hours from now: "within a few hours", "in the next hour". */
const SPAN =
  /\b(?:within|in|over)(?: the next)?(?: ~| about| around| roughly)?(?: a few| a couple of| an?| \d+| one| two| three)? ?(?:min(?:ute)?s?|hours?)\b/;
/** Said to be rolling out, in the reset's sentence. */
const ROLLING_OUT = /\b(?:rolling|going) out\b/;
/** A time of the clock: "2pm", "14:30", "noon", "midnight", "end of day". */
const CLOCK_TIME =
  /\b\d{1,2}(?::\d{2})? ?(?:am|pm)\b|\b\d{1,2}:\d{2}\b|\b(?:noon|midnight|eod|end of (?:the )?day)\b/;
/** Now: "resetting limits now", "… as we speak" (rules-2.12.0). */
const UNDER_WAY_NOW = /\bnow\b(?! that\b)|\bas (?:we speak|i type(?: this)?|we type)\b/;
/** A time just gone: "about an hour ago", "just now", "earlier today". */
const JUST_GONE = /\b(?:ago|just now|earlier today)\b/;
/** ", the fix is deploying now": another subject's progressive, and its "now". */
const OTHER_NOW = /, (?:the|our|a|this|that|its) [\w-]+(?: [\w-]+)? (?:is|are) [\w-]+ing now\b/g;
export const GOING_OUT_NOW =
  /\bas (?:we speak|i type(?: this)?|we type)\b|\b(?:going|rolling) out\b[^.!?]*\bnow\b/;

/** What one announcing mention says, its time counted: under way + a time ahead is coming. */
function mentionKind(mention: Mention, announcedMs: number, zone: string): Tense {
  const { tense, cue } = mention.reading;
  // "limits reset on the way shortly" (rules-2.11.0).
  if (ON_THE_WAY.test(mention.reading.clause)) return 'coming';
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
      BY_THE_TIME.test(mention.sentence))
  )
    return 'coming';
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
  // "Tomorrow we reset usage limits": a bare "reset" (no auxiliary) is past or present alike;
  // a time in its own clause that starts after the post makes it a schedule. So is a bare
  // "do": "we do a global reset tonight at 8pm PT" (rules-2.13.1).
  if (tense === 'done' && BARE_RESET.test(cue)) {
    // "- reset everyone's limits by EOD": a deadline ahead too (rules-2.13.3); so is "in a few
    // hours" (rules-2.13.4).
    const byDeadline =
      (DEADLINE.test(mention.reading.clause) &&
        timeAhead(mention.reading.clause, announcedMs, zone) === 'explicit') ||
      IN_A_WHILE.test(mention.reading.clause) ||
      LATER_TODAY.test(mention.sentence);
    if (byDeadline || timeStartsAfter(mention.reading.clause, announcedMs, zone)) return 'coming';
    // "tomorrow 10am PT: codex reset, all plans", "EOD: codex limits reset for everyone": its
    // day first, or its heading's time ahead (rules-2.13.23).
    const heading = HEADING.exec(mention.sentence)?.[0];
    if (
      (DAY_FIRST.test(mention.sentence) && timeStartsAfter(mention.sentence, announcedMs, zone)) ||
      (heading !== undefined && timeAhead(heading, announcedMs, zone) === 'explicit')
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
    // "the second it ships, we reset everyone's Codex limits": a bare "reset" awaiting an
    // event is ahead of it (rules-2.13.5); so is one under a heading of what comes ("how
    // it's going to go: … we push the reset.").
    if (mention.reading.dependsOn?.startsWith('awaited ("the ') === true) return 'coming';
    if (FUTURE_HEADING.test(HEADING.exec(mention.sentence)?.[0] ?? '')) return 'coming';
    // "(they reset. all of them.)": a bare "reset" of "they" or "it" says neither when nor
    // whether it has (rules-2.13.4); "we reset limits" is ours, and done.
    if (THEY_RESET.test(mention.reading.clause)) return 'none';
    return 'done';
  }
  // "banked resets are going out to all Pro users as we speak", "… going out to every user
  // now": under way (rules-2.10.0).
  if (tense === 'coming' && GOING_OUT_NOW.test(mention.reading.clause)) return 'ongoing';
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
  const own = mention.sentence.replace(SECOND_ONE, '');
  if (tense === 'none' && timePassedToday(own, announcedMs, zone)) return 'done';
  return timeAhead(own, announcedMs, zone) === null ? tense : 'coming';
}

function postTense(
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
      ((kinds[i] === 'ongoing' && PROGRESSIVE.test(m.reading.cue)) ||
        (m.reading.tense === 'none' && ROLLING_OUT.test(m.sentence))) &&
      !UNDER_WAY_NOW.test(m.sentence),
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
  const underWayNow =
    announcing.some((m, i) => kinds[i] === 'ongoing' && UNDER_WAY_NOW.test(m.sentence)) ||
    landing.some((s) => GOING_OUT_NOW.test(s));
  // "another reset is going out now … your weekly limit should be back at 100% in a few
  // minutes": the second says when it shows, not another reset ahead (rules-2.12.2).
  const shows = (m: Mention, i: number) =>
    kinds[i] === 'coming' && underWayNow && SHOWS.test(m.reading.cue);
  const hasDone = kinds.includes('done');
  const hasComing = kinds.some((kind, i) => kind === 'coming' && !shows(announcing[i]!, i));
  const now = kinds.filter((k) => k === 'ongoing' || k === 'none');
  if (hasDone && hasComing) {
    return {
      kind: 'both',
      confidence: 0.6,
      reason: `both a done reset ("${cue('done')}") and a coming one ("${cue('coming')}")`,
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
      reason: `done: "${cue('done')}"`,
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
  // Only a name: "Another reset for all our users." Announced now when it says for whom;
  // or when the sentence after says for whom, or bids them use it: "limits reset. all
  // plans. ✅", "limits reset. go build." (rules-2.13.16).
  const named = sentences.some((s) => NAMED_FOR.test(s));
  const sequel = sequels.find((s) => s !== undefined && (WHOM_ALONE.test(s) || GO_USE_IT.test(s)));
  return {
    kind: 'reset_completed',
    confidence: named || sequel !== undefined ? 0.85 : 0.5,
    reason: named
      ? `a reset named for its users, counted as done: "${clip(which.sentence)}"`
      : sequel !== undefined
        ? `a reset named, then "${clip(sequel)}": counted as done`
        : `no tense: "${clip(which.sentence)}" could be done or coming`,
    whenText: [],
  };
}

/** A named reset says for whom: "for all paid users", "everyone", a plan. */
const NAMED_FOR =
  /\b(?:for|to) (?:all|every|everyone|everybody|our|your|paid|plus|pro|business|the|codex|chatgpt|free|edu|enterprise)\b|\b(?:on|across) (?:all|every|paid|plus|pro|business|free|edu|enterprise)\b|\beveryone\b|\ball (?:paid )?(?:users|accounts|plans)\b/;

/** A sentence of nothing but whom: "all plans.", "everyone!", "plus and pro." */
const WHOM_ALONE =
  /^(?:all (?:plans|tiers|users)|every (?:plan|tier|user)|everyone|everybody|(?:plus|pro|business|edu|enterprise)(?:(?:,| and| \+| &) (?:plus|pro|business|edu|enterprise))*)[.!]*(?: [^\p{L}\p{N}\s]+)?$/u;
/** A bid to use what was given: "go build.", "enjoy!", "happy shipping". */
const GO_USE_IT =
  /^(?:go (?:build|ship|nuts|wild|forth|crazy|code)|enjoy|have fun|happy (?:building|coding|shipping|hacking))\b/;

/** The same classification, `by` less sure (and held when that falls below the threshold). */
export function lessSure(
  result: Classification,
  by: number,
  why: string,
  options: ClassifierOptions,
): Classification {
  if (result.reset === null) return result;
  const confidence = Math.round(Math.max(0.05, (result.reset.confidence ?? 0) - by) * 100) / 100;
  const below = confidence < options.reviewBelow;
  return {
    ...result,
    reset: { ...result.reset, confidence },
    review: result.review || below,
    reasons: [
      ...(below && !result.review
        ? [`confidence ${confidence} is below ${options.reviewBelow}`]
        : []),
      ...result.reasons,
      why,
    ],
  };
}

/** A held classification: the operator decides. */
export function held(
  fields: Pick<ClassifiedReset, 'kind' | 'resetType' | 'scope'> &
    Partial<Pick<ClassifiedReset, 'schedulePrecision' | 'scheduleBasis' | 'scheduleWindow'>>,
  reasons: readonly string[],
): Classification {
  return {
    classifier: RULES_CLASSIFIER,
    reset: {
      effectiveAt: null,
      confidence: 0.4,
      schedulePrecision: null,
      scheduleBasis: null,
      scheduleWindow: null,
      ...fields,
    },
    review: true,
    reasons: [...reasons],
  };
}

/**
 * What the type and scope are read from: the announcing sentences and the sentence after
 * each ("You should be back to 100% weekly and hourly limits."), not the rest of a long
 * post, whose "weekly active users" or "three banked resets already" say nothing of this one.
 */
function aboutText(own: ReadText, tenseText: readonly string[]): string {
  const picked = new Set<number>();
  own.sentences.forEach((sentence, index) => {
    if (!tenseText.includes(sentence)) return;
    picked.add(index);
    if (index + 1 < own.sentences.length) picked.add(index + 1);
  });
  return [...picked]
    .sort((a, b) => a - b)
    .map((index) => own.sentences[index])
    .join(' \n ');
}

const BANKED_ALL = new RegExp(BANKED.source, 'g');

export function resetTypeOf(text: string): ClassifiedReset['resetType'] {
  const banked = BANKED.test(text);
  const global = GLOBAL.test(text.replace(BANKED_ALL, ' '));
  if (banked && global) return 'global_and_banked';
  return banked ? 'banked' : 'global';
}

export const clip = (text: string) => (text.length <= 100 ? text : `${text.slice(0, 99)}…`);
