import { z } from 'zod';
import { toWellFormed } from '../../shared/text/well-formed.ts';

/**
 * A post as the producer observes it (producer.md §5, one JSON line per post), stored
 * verbatim in the ledger. `createdAt` is any ISO 8601 UTC instant; the build reads it
 * with Date.parse and publishes it in the contract's millisecond format.
 */
export const Post = z.strictObject({
  id: z.string().regex(/^\d{1,25}$/, 'a post id is 1 to 25 digits'),
  handle: z.string().regex(/^[A-Za-z0-9_]{1,15}$/, 'a handle is 1 to 15 letters, digits or _'),
  createdAt: z.iso.datetime({ offset: false }),
  text: z.string().max(25_000),
  inReplyToId: z
    .string()
    .regex(/^\d{1,25}$/)
    .optional(),
  quotedId: z
    .string()
    .regex(/^\d{1,25}$/)
    .optional(),
  conversationId: z
    .string()
    .regex(/^\d{1,25}$/)
    .optional(),
  /** The parent's text, when the source has it at hand (a reply means little without it). */
  parentText: z.string().max(25_000).optional(),
  /** The quoted post's text, when at hand. */
  quotedText: z.string().max(25_000).optional(),
  /** Who wrote the parent (X sends it with the parent): the author's own thread or not. */
  parentHandle: z
    .string()
    .regex(/^[A-Za-z0-9_]{1,15}$/)
    .optional(),
  /** Who wrote the quoted post, when at hand. */
  quotedHandle: z
    .string()
    .regex(/^[A-Za-z0-9_]{1,15}$/)
    .optional(),
});
export type Post = z.infer<typeof Post>;

/**
 * The post with each lone surrogate of its texts replaced by U+FFFD, as it is stored
 * (shared/text/well-formed.ts): X and a posts file can send half a surrogate pair.
 */
export function wellFormedPost(post: Post): Post {
  const fixed: Post = { ...post, text: toWellFormed(post.text) };
  if (post.parentText !== undefined) fixed.parentText = toWellFormed(post.parentText);
  if (post.quotedText !== undefined) fixed.quotedText = toWellFormed(post.quotedText);
  return fixed;
}

export const postUrl = (post: Pick<Post, 'handle' | 'id'>) =>
  `https://x.com/${post.handle}/status/${post.id}`;
