import type { Classification } from '../ledger/entry.ts';
import { isLandingSentence } from './announcement-kinds.ts';
import { held, scheduledAt } from './classification.ts';
import { TAKES_IT_BACK } from './cues.ts';
import { callsOff, type Mention } from './mentions.ts';
import { scheduleWhen, timeAhead } from './schedule-time.ts';
import { scopeOf } from './scope.ts';
import type { ReadText } from './text.ts';

/**
 * A reset denied or put off, and then, in a later sentence of the same post, given again:
 * "the reset isn't live yet. It goes out at 5pm PT for everyone", "no reset today, sorry.
 * it'll be tomorrow instead", "said no reset this week. changed my mind. it's done"
 * (rules-2.13.51). The later sentence names no reset of its own ("it", "that batch"), so
 * what it gives is read from a few words: held for the operator, never published.
 */

/**
 * A later time said of what was put off, and only of it: "it goes out at 5pm", "it'll be
 * tomorrow instead", "that batch goes out by EOD", "new time: tomorrow 10am PT", "but
 * tomorrow at 9am PT we are" (rules-2.13.52). Not "fix
 * going out this afternoon" (another thing), nor "not happening this week" (denied again).
 */
const GIVEN_AGAIN =
  /^(?:(?:but|and|so|ok|okay|update:?) )?(?:it|it's|it'll|it will|that|that batch|that one|new (?:time|date|eta):?)\b(?!.*\b(?:not|no|never)\b|.*n't\b)|^(?:but |and )?(?!.*\b(?:not|no|never)\b|.*n't\b).*\b(?:we|it) (?:are|will|is|do)[.!]*$/;
const ARRIVES_AGAIN =
  /\b(?:instead|moved to|pushed to|rescheduled|be|goes out|going out|locked in|new (?:time|date|eta))\b|\b(?:we|it) (?:are|will|is|do)[.!]*$/;
const CLAUSE_BREAK = /, | - | — | – |; /;

export function putOffThenGiven(
  own: ReadText,
  mentions: readonly Mention[],
  announcedMs: number,
  zone: string,
): Classification | null {
  if (mentions.length === 0 || !mentions.every(isPutOff)) return null;
  const first = mentions[0]!.sentence;
  const mentioned = new Set(mentions.map((m) => m.sentence));
  // And the clauses after the first's: "… haven't been reset yet, that batch goes out by EOD".
  const later = [
    ...first.split(CLAUSE_BREAK).slice(1),
    ...own.sentences.slice(own.sentences.indexOf(first) + 1).filter((s) => !mentioned.has(s)),
  ];
  const takenBack = later.find((s) => TAKES_IT_BACK.test(s));
  if (takenBack !== undefined)
    return held({ kind: 'reset_completed', resetType: 'global', scope: scopeOf(own.all) }, [
      `a reset denied, then the denial taken back ("${takenBack}"): given after all?`,
    ]);
  const given = later.find(
    (s) =>
      GIVEN_AGAIN.test(s) &&
      timeAhead(s, announcedMs, zone) === 'explicit' &&
      (ARRIVES_AGAIN.test(s) || isLandingSentence(s)),
  );
  if (given === undefined) return null;
  const { when } = scheduleWhen(given, announcedMs, zone);
  return held(
    {
      kind: 'reset_scheduled',
      resetType: 'global',
      scope: scopeOf(own.all),
      ...scheduledAt(when),
    },
    [`a reset denied or put off, then given a later time ("${given}"): to come?`],
  );
}

/** Denied, called off or stopped: not asked about, talked about, or another sense. */
const isPutOff = (m: Mention) => callsOff(m) || (m.refused?.startsWith('a reset stopped') ?? false);
