import type { Classification, ClassifiedReset } from '../ledger/entry.ts';
import type { Post } from '../ledger/post.ts';
import {
  type Announcing,
  dateDoubts,
  headsUpReadAsDone,
  weighDoubts,
  weighWhatIsReset,
} from './announcement-doubts.ts';
import { landingOf, readKinds } from './announcement-kinds.ts';
import { NO_SCHEDULE, scheduleOf } from './announcement-window.ts';
import { aboutText, resetTypeOf } from './classification.ts';
import type { Mention } from './mentions.ts';
import { postTense } from './post-tense.ts';
import type { ClassifierOptions } from './rules-classifier.ts';
import { scopeOf } from './scope.ts';
import type { ReadText } from './text.ts';
import { Verdict } from './verdict.ts';
import { RULES_CLASSIFIER } from './version.ts';

/**
 * A post's announcing mentions read together: the kind, type, scope and window of its reset,
 * and the confidence, with every reason to hold it for the operator. Each step is a module
 * of its own: the kinds of its mentions (announcement-kinds.ts), its doubts
 * (announcement-doubts.ts) and its window (announcement-window.ts). Small functions are also
 * what V8 optimises cheaply: one function of 300 lines was compiled ten times on Node 20,
 * two seconds of `classify`'s 10,000 posts.
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
  const zone = options.timeZone;
  const announcing = mentions.filter((m) => m.refused === null);
  const landing = landingOf(own, mentions, replyText, announcedMs, zone);
  const read = readKinds(own, announcing, announcedMs, zone);
  const { kinds } = read;
  // The sentence after each: "limits reset. go build.", "limits reset. all plans. ✅".
  const sequels = announcing.map((m) => own.sentences[own.sentences.indexOf(m.sentence) + 1]);
  const tense = postTense(announcing, kinds, landing.landing, sequels, announcedMs, zone);
  const context: Announcing = { own, mentions: announcing, kinds, announcedMs, zone };

  const verdict = new Verdict(tense.confidence);
  for (const why of dateDoubts(context)) verdict.hold(why);
  let kind: ClassifiedReset['kind'];
  if (tense.kind === 'both') {
    kind = kinds[0] === 'coming' ? 'reset_scheduled' : 'reset_completed';
    verdict.hold(`${tense.reason}: one record is proposed, add the other as a note`);
  } else {
    kind = tense.kind;
    verdict.note(tense.reason);
  }
  if (kind === 'reset_completed' && headsUpReadAsDone(context))
    verdict.hold('a heads-up of a reset read as done: ahead, or done?');

  const tenseText = [...announcing.map((m) => m.sentence), ...landing.landing];
  weighDoubts(
    verdict,
    context,
    kind === 'reset_completed',
    tenseText,
    mentions.length - announcing.length,
  );
  const about = [aboutText(own, tenseText), ...announcing.map((m) => m.read)].join(' \n ');
  const resetType = resetTypeOf(about);
  const scope = scopeOf(about);
  weighWhatIsReset(verdict, context, about, resetType);
  const schedule =
    kind === 'reset_scheduled'
      ? scheduleOf(verdict, announcing, read, landing, tense, announcedMs, zone)
      : NO_SCHEDULE;

  const confidence = Math.round(Math.max(0.05, Math.min(1, verdict.confidence)) * 100) / 100;
  if (confidence < options.reviewBelow)
    verdict.hold(`confidence ${confidence} is below ${options.reviewBelow}`);
  return {
    classifier: RULES_CLASSIFIER,
    reset: { kind, resetType, confidence, scope, ...schedule },
    review: verdict.holds.length > 0,
    reasons: [...verdict.holds, ...verdict.notes],
  };
}
