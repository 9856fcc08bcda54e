import { formatTimestamp } from '../../shared/domain/timestamp.ts';
import type { ClassifiedReset } from '../ledger/entry.ts';
import type { PostTense } from './announcement.ts';
import type { Landing, MentionKinds } from './announcement-kinds.ts';
import { INCIDENT, withoutTimeToUse } from './cues.ts';
import type { Mention } from './mentions.ts';
import { scheduleWhen, timeAhead } from './schedule-time.ts';
import type { Verdict } from './verdict.ts';

/** The schedule fields of a reset: all null for a completed one. */
export type Schedule = Pick<
  ClassifiedReset,
  'effectiveAt' | 'schedulePrecision' | 'scheduleBasis' | 'scheduleWindow'
>;

export const NO_SCHEDULE: Schedule = Object.freeze({
  effectiveAt: null,
  schedulePrecision: null,
  scheduleBasis: null,
  scheduleWindow: null,
});

/**
 * When a coming reset lands, from the sentences that say it: a reply's own time first
 * (rules-2.1.0), then the post's first sentence naming its time explicitly ("your limits
 * get a fresh start tomorrow. we're resetting them as a thank you for the queueing this
 * week", rules-2.12.0), before it a clock time with its herald's day (rules-2.13.83), then a heading ahead (rules-2.13.3), the sentence before "it's a
 * reset" (rules-2.13.5), a time fragment beside it (rules-2.13.6), and last every sentence
 * of its tense. Its doubts hold the post.
 */
export function scheduleOf(
  verdict: Verdict,
  announcing: readonly Mention[],
  { kinds, headingAhead, antecedent, fragment, dated }: MentionKinds,
  { replyTimes }: Landing,
  tense: PostTense,
  announcedMs: number,
  zone: string,
): Schedule {
  // A sentence of an incident tells its times, not the reset's; not the sentence of a
  // coming reset itself: "we're resetting limits later today to make up for this
  // morning's outage" (rules-2.12.0).
  const comingSentences = new Set(
    announcing.filter((_, i) => kinds[i] === 'coming').map((m) => m.sentence),
  );
  const explicit = tense.whenText.find((s) => timeAhead(s, announcedMs, zone) === 'explicit');
  const sentences =
    replyTimes.size > 0
      ? [...replyTimes]
      : dated !== undefined
        ? [dated]
        : explicit !== undefined
          ? [explicit]
          : headingAhead !== null
            ? [headingAhead]
            : antecedent !== undefined
              ? [antecedent]
              : fragment !== undefined
                ? [fragment]
                : tense.whenText;
  const { when, doubts } = scheduleWhen(
    sentences
      .filter((s) => !INCIDENT.test(s) || comingSentences.has(s))
      // "banked resets land tomorrow, use them within 30 days" (rules-2.13.54).
      .map(withoutTimeToUse)
      .join(' \n '),
    announcedMs,
    zone,
  );
  verdict.note(`window from "${when.cue}" (${when.precision}, ${when.basis})`);
  verdict.holdAll(doubts, 0.2);
  return {
    effectiveAt: when.effectiveMs === null ? null : formatTimestamp(when.effectiveMs),
    schedulePrecision: when.precision,
    scheduleBasis: when.basis,
    scheduleWindow: { startAt: formatTimestamp(when.startMs), endAt: formatTimestamp(when.endMs) },
  };
}
