import { z } from 'zod';
import { Post } from '../../ledger/post.ts';

/**
 * X API v2 posts (tweets) as our `Post` (producer.md §5, §6): the full text of a long post
 * (`note_tweet`), what it replies to and quotes, and the text of those when the page
 * includes them. A post that does not make a valid `Post` is described for a person and
 * skipped, never failing the check.
 */

/** The fields of a post that we read, as X sends them; the rest is ignored. */
const ApiTweet = z.object({
  id: z.string(),
  text: z.string(),
  created_at: z.string().optional(),
  conversation_id: z.string().optional(),
  note_tweet: z.object({ text: z.string() }).optional(),
  referenced_tweets: z.array(z.object({ type: z.string(), id: z.string() })).optional(),
  author_id: z.string().optional(),
});
type ApiTweet = z.infer<typeof ApiTweet>;

/** An author among the page's `includes.users` (the expansion `referenced_tweets.id.author_id`). */
const ApiUser = z.object({ id: z.string(), username: z.string() });

/** A post the page refers to: its full text and, when X says, its author's handle. */
interface Referenced {
  readonly text: string;
  readonly handle: string | undefined;
}

export interface MappedTweets {
  readonly posts: Post[];
  readonly problems: string[];
}

const fullText = (tweet: ApiTweet) => tweet.note_tweet?.text ?? tweet.text;

/**
 * The posts of one timeline page of `handle`; `included` is the page's `includes.tweets`,
 * `users` its `includes.users` (who wrote a parent: the classifier reads a reply in the
 * author's own thread as the continuation of his post).
 */
export function postsOfPage(
  handle: string,
  data: readonly unknown[],
  included: readonly unknown[],
  users: readonly unknown[] = [],
): MappedTweets {
  const handles = new Map<string, string>();
  for (const item of users) {
    const user = ApiUser.safeParse(item);
    if (user.success) handles.set(user.data.id, user.data.username);
  }
  const referenced = new Map<string, Referenced>();
  for (const item of included) {
    const tweet = ApiTweet.safeParse(item);
    if (!tweet.success) continue;
    const author = tweet.data.author_id;
    referenced.set(tweet.data.id, {
      text: fullText(tweet.data),
      handle: author === undefined ? undefined : handles.get(author),
    });
  }
  const posts: Post[] = [];
  const problems: string[] = [];
  for (const item of data) {
    const id = (item as { id?: unknown } | null)?.id;
    const tweet = ApiTweet.safeParse(item);
    const post = tweet.success ? Post.safeParse(toPost(handle, tweet.data, referenced)) : tweet;
    if (post.success) posts.push(post.data);
    else problems.push(describeProblem(handle, id, post.error.issues[0]));
  }
  return { posts, problems };
}

function toPost(handle: string, tweet: ApiTweet, referenced: ReadonlyMap<string, Referenced>) {
  const refersTo = (type: string) => tweet.referenced_tweets?.find((ref) => ref.type === type)?.id;
  const inReplyToId = refersTo('replied_to');
  const quotedId = refersTo('quoted');
  const parent = inReplyToId === undefined ? undefined : referenced.get(inReplyToId);
  const quoted = quotedId === undefined ? undefined : referenced.get(quotedId);
  const parentText = parent?.text;
  const quotedText = quoted?.text;
  // Absent fields stay absent (the ledger stores the post as given).
  return {
    id: tweet.id,
    handle,
    createdAt: tweet.created_at,
    text: fullText(tweet),
    ...(inReplyToId === undefined ? {} : { inReplyToId }),
    ...(quotedId === undefined ? {} : { quotedId }),
    ...(tweet.conversation_id === undefined ? {} : { conversationId: tweet.conversation_id }),
    ...(parentText === undefined ? {} : { parentText }),
    ...(quotedText === undefined ? {} : { quotedText }),
    ...(parent?.handle === undefined ? {} : { parentHandle: parent.handle }),
    ...(quoted?.handle === undefined ? {} : { quotedHandle: quoted.handle }),
  };
}

function describeProblem(
  handle: string,
  id: unknown,
  issue: { readonly path: readonly PropertyKey[]; readonly message: string } | undefined,
): string {
  const which = typeof id === 'string' ? JSON.stringify(id.slice(0, 40)) : '(without an id)';
  const field =
    issue === undefined || issue.path.length === 0 ? 'the post' : issue.path.map(String).join('.');
  return `X post ${which} of @${handle}: ${field}: ${issue?.message ?? 'not a post'}`;
}
