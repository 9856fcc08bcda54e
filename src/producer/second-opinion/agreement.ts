import type { Classification } from '../ledger/entry.ts';
import type { ProposedReset } from './proposal.ts';

/**
 * When a held post may be published on the model's word (issue 19): the model proposes the
 * same kind, type and window as the rules, and every doubt that held the post is one a reader
 * resolves by reading it. Those doubts, by name (the reasons rules-classifier.ts gives):
 *
 * - `tense`: "no tense: … could be done or coming": whether the reset happened or is coming;
 * - `a reset of what?`: "a reset of what? No limits, usage, plans or users are named near it":
 *   whether the reset is one of usage limits.
 *
 * The low-confidence hold ("confidence X is below Y") counts as resolved only beside one of
 * those, since it is their deduction that put the post below REVIEW_BELOW; held for low
 * confidence alone (REVIEW_BELOW=1 reviews everything), a post stays held. Every other hold
 * (hedged, both tenses, global or banked, a cutoff, a range, several times, a time already
 * past, a reply read with its parent) stays with the operator, and so does any reason this
 * module does not know: a reason renamed in the rules can only keep posts held.
 */

export const READER_DOUBTS: Readonly<Record<string, RegExp>> = Object.freeze({
  tense: /^no tense: /,
  'a reset of what?': /^a reset of what\? /,
});

const LOW_CONFIDENCE = /^confidence [\d.]+ is below [\d.]+$/;

/** Reasons the rules give that are not holds: what they read, and deductions already counted. */
const NOT_HOLDS: readonly RegExp[] = [
  /^done: "/,
  /^under way, counted as done: "/,
  /^(?:under way|announced) \("[^"]*"\), landing "/,
  /^a reset named for its users, counted as done: "/,
  /^no limits or users named: a reset of usage limits, on this account$/,
  /^coming: "/,
  /^window from "/,
  /^other sentences talk about resets without announcing one$/,
  /^a short reply$/,
];

export type Agreement =
  | { readonly agrees: true; readonly resolved: readonly string[] }
  | { readonly agrees: false; readonly why: readonly string[] };

export function decideAgreement(rules: Classification, proposed: ProposedReset | null): Agreement {
  const why: string[] = [];
  const resolved = new Set<string>();
  if (!rules.review) why.push('the rules did not hold this post');
  const ours = rules.reset;
  if (ours === null) why.push('the rules propose no record');
  if (proposed === null) why.push('the model reads no announcement');
  if (ours !== null && proposed !== null) {
    if (ours.kind !== proposed.kind)
      why.push(`kind: the rules say ${ours.kind}, the model ${proposed.kind}`);
    if (ours.resetType !== proposed.resetType)
      why.push(`type: the rules say ${ours.resetType}, the model ${proposed.resetType}`);
    if (windowText(ours.scheduleWindow) !== windowText(proposed.scheduleWindow)) {
      why.push(
        `window: the rules say ${windowText(ours.scheduleWindow)}, the model ${windowText(proposed.scheduleWindow)}`,
      );
    }
  }
  let lowConfidence = false;
  for (const reason of rules.reasons) {
    const doubt = Object.entries(READER_DOUBTS).find(([, pattern]) => pattern.test(reason));
    if (doubt !== undefined) resolved.add(doubt[0]);
    else if (LOW_CONFIDENCE.test(reason)) lowConfidence = true;
    else if (!NOT_HOLDS.some((pattern) => pattern.test(reason)))
      why.push(`the rules doubt more than a reader resolves: ${reason}`);
  }
  if (resolved.size === 0 && rules.review)
    why.push(
      lowConfidence
        ? 'held for low confidence alone: no doubt a reader resolves'
        : 'no doubt a reader resolves',
    );
  return why.length === 0 ? { agrees: true, resolved: [...resolved] } : { agrees: false, why };
}

function windowText(window: ProposedReset['scheduleWindow']): string {
  return window === null ? 'no window' : `${window.startAt} to ${window.endAt}`;
}
