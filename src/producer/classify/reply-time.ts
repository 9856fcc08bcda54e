import { WHENEVER_ONE_LIKES } from './cues.ts';
import { type Word, wordsOf } from './grammar.ts';
import { ARRIVAL_VERBS } from './sense/word-classes.ts';
import { isArrival } from './sense/words.ts';

/**
 * Whether a sentence of the author's reply under his own reset post says when *that reset*
 * lands, or when something else happens (rules-2.2.0, new set 2). "Will be there by EOD
 * PST.", "Banked, landing by EOD.", "Tomorrow, 10am PT." and "Meant 2pm obviously" have no
 * event of their own: their time is the reset's. "See you tomorrow for Day 3!" has one (a
 * verb that is neither arriving, being nor correcting: *see*): its time is that event's,
 * and the reply, with nothing else about the reset, is a comment on the thread, not a
 * second record. Read from the parse: the lexical verbs of the sentence, by lemma.
 */

/** Verbs that say the reset itself arrives or takes time, or correct the time said. */
const ITS_OWN_VERBS = new Set([
  ...ARRIVAL_VERBS,
  'be',
  'mean',
  'come',
  'go',
  'take',
  'expect',
  // "aiming for 1pm pacific" (rules-2.13.38).
  'aim',
  // "tomorrow, pinky swear", "friday, promise" (rules-2.13.43).
  'promise',
  'swear',
  'finish',
  'complete',
  'process',
  'load',
  'bank',
  // "Should show up by 5pm PT today, then redeem it whenever you like": what one does with
  // the reset itself (rules-2.11.0).
  'redeem',
  'apply',
  'use',
  'spend',
  'claim',
  // "update: pushing it to 9pm PT": the reset moved to another time (rules-2.13.16).
  'push',
  'move',
  'delay',
  'postpone',
  'bump',
  'shift',
  // "we're crediting it to every account by EOD today PT" under "when does the banked reset
  // show up?": the reset given (rules-2.13.54).
  'credit',
  // "it's scheduled for tonight, all plans" (rules-2.13.60); "theirs gets granted monday"
  // (rules-2.13.62).
  'schedule',
  'grant',
  // "every plan gets it tomorrow morning, enterprise included" (rules-2.13.63).
  'include',
]);

/** "workspaces get it tomorrow morning PT": the reset ("it", "one") received (rules-2.13.54). */
const RECEIVED = new Set(['it', 'one', 'theirs', 'yours']);

const NOTHING_NEEDED =
  /\bno (?:action|ticket|opt-?in|restart|need)s? (?:is |are )?(?:needed|required|necessary)?\b/g;
/**
 * "…, you'll get an email when it's there": how one learns the reset has landed, not another
 * event (rules-2.13.71).
 */
const TOLD_WHEN_THERE =
  /\b(?:you'll|you will|we'll|we will|u'll) (?:get|receive|see) (?:an? )?(?:e-?mail|notification|notice|banner|ping|in-app (?:message|notice)|toast)s? (?:when|once|as soon as) (?:it's|it is|it lands|it's there|they're|they are|they land|yours is)\b/g;

/**
 * Does `sentence` (with a time in it, found by the caller) give the time of the reset it
 * continues? True when no lexical verb in it names another event.
 */
export function timeIsTheResets(sentence: string): boolean {
  // "… then redeem it whenever you like": when one spends it, not another event (rules-2.11.0).
  // "…, no action needed", "no ticket needed": nothing asked of anyone (rules-2.13.65).
  // "…, you'll get an email when it's there": how one is told it landed (rules-2.13.71).
  const words = wordsOf(
    sentence
      .replace(WHENEVER_ONE_LIKES, '')
      .replace(NOTHING_NEEDED, '')
      .replace(TOLD_WHEN_THERE, ''),
  );
  return !words.some((word, index) => namesAnotherEvent(words, index, word));
}

function namesAnotherEvent(words: readonly Word[], index: number, word: Word): boolean {
  if (word.pos !== 'VERB') return false;
  if (ITS_OWN_VERBS.has(word.lemma) || isArrival(word)) return false;
  // "starts at noon PT, couple hours from now": its subject left out, the reset starts
  // (rules-2.13.63); not "your 5h window started at 9:17".
  if (index === 0 && (word.lemma === 'start' || word.lemma === 'begin')) return false;
  const next = words[index + 1];
  if (word.lemma === 'get' && RECEIVED.has(next?.text ?? '')) return false;
  // "a banked reset", "the updated window": a participle before a noun qualifies it.
  // "update: …": a heading, not an event (rules-2.13.16).
  if (next?.text === ':') return false;
  const participle =
    /(?:ed|en)$/.test(word.text) && (next?.pos === 'NOUN' || next?.pos === 'PROPN');
  return !participle;
}
