import type { MessageInput } from '../../shared/delivery/message.ts';
import type { HeldPost } from '../ops/review.ts';

/** A post's text in a message: long posts are cut here (the link has the rest). */
const MAX_TEXT_CHARS = 4_000;

const clip = (text: string, max: number) =>
  text.length <= max ? text : `${text.slice(0, max - 1)}…`;

/**
 * The alert for a held post: what it says (and what it answers), what the rules propose
 * and why they held it, and the exact commands that decide it: accept as proposed, accept
 * with a correction, or dismiss. The generic webhook's `data` is
 * `{postId, url, text, parentText, proposed, reasons, commands}` (issue 19).
 */
export function heldPostMessage(held: HeldPost, cli: string): MessageInput {
  const proposed = held.proposed;
  const what =
    proposed === null
      ? 'no reset found'
      : `${proposed.kind} ${proposed.resetType}${proposed.confidence === null ? '' : ` (confidence ${proposed.confidence})`}`;
  const window = proposed?.scheduleWindow ?? null;
  const commands = [
    proposed === null
      ? `${cli} ops accept ${held.postId} --set kind=reset_completed --set resetType=global`
      : `${cli} ops accept ${held.postId}`,
    `${cli} ops accept ${held.postId} --set FIELD=VALUE   # to correct it as you accept it`,
    `${cli} ops dismiss ${held.postId} --reason "not an announcement"`,
    `${cli} ops review`,
  ];
  const parentText = held.parentText ?? held.quotedText;
  const text = [
    clip(held.text, MAX_TEXT_CHARS),
    ...(parentText === null ? [] : ['', `In reply to: ${clip(parentText, 1_000)}`]),
  ].join('\n');
  return {
    event: 'post_held',
    title: `Held for review: @${held.handle} — ${what}`,
    text,
    url: held.url,
    priority: 'high',
    tags: ['eyes'],
    fields: [
      { name: 'proposed', value: clip(what, 1_000) },
      ...(window === null
        ? []
        : [{ name: 'window', value: `${window.startAt} to ${window.endAt}` }]),
      { name: 'held because', value: clip(held.reasons.join('; ') || '(no reason given)', 1_000) },
      { name: 'posted', value: held.postedAt },
    ],
    commands,
    data: {
      postId: held.postId,
      url: held.url,
      text: clip(held.text, MAX_TEXT_CHARS),
      parentText: parentText === null ? null : clip(parentText, 4_000),
      proposed,
      reasons: held.reasons.slice(0, 20).map((reason) => clip(reason, 500)),
      commands,
    },
  };
}
