import { z } from 'zod';
import { type Failure, type Pacing, withRetries } from './back-off.ts';
import { type BoundedAnswer, boundedGet, GetError, sizeOf } from './bounded-get.ts';

/**
 * The two X API v2 endpoints the X source reads (producer.md §6), each request tried again
 * as back-off.ts says. The requests are ours (bounded-get.ts), not a client library's: a
 * library that reads the answer itself cannot bound its bytes nor end it at a deadline
 * (docs/producer.md, "X source limits"). Every message this module makes names the status
 * and the endpoint's path (no query string) and never holds the bearer token.
 */

/** Every request, answer read, ends within this long (a total deadline, not an idle timeout). */
export const REQUEST_DEADLINE_MS = 30_000;

/**
 * The most bytes an answer may have, as sent and once inflated: a page of 100 posts with
 * their parents and quotes, each at X's longest (25,000 characters), is about 5 MB.
 */
export const MAX_ANSWER_BYTES = 8 * 1024 * 1024;

/**
 * The most bytes of all the answers of one check, inflated: the 32 pages a check may read
 * could otherwise hold 256 MiB of posts, all stored. A check that needs more fails (and the
 * cursor stays: the next check reads the same posts, in the same pages).
 */
export const MAX_CHECK_BYTES = 64 * 1024 * 1024;

/** X's own text in a message (an error's title or detail) is cut to this length. */
const MAX_QUOTED_CHARS = 200;

/** Posts per timeline page: the endpoint's maximum. */
export const PAGE_SIZE = 100;

/** Fields of each post (and of the posts it refers to), and the expansions that bring those. */
const TIMELINE_FIELDS = {
  max_results: PAGE_SIZE,
  'tweet.fields':
    'created_at,note_tweet,referenced_tweets,conversation_id,in_reply_to_user_id,author_id',
  expansions: 'referenced_tweets.id,referenced_tweets.id.author_id',
  'user.fields': 'username',
  // A retweet is someone else's words (and X cuts its text): the announcer's own posts,
  // replies and quotes are what records come from.
  exclude: 'retweets',
} as const;

const DIGITS = /^\d{1,25}$/;

const UserLookup = z.object({
  data: z
    .object({
      id: z.string().regex(DIGITS),
      username: z.string().regex(/^[A-Za-z0-9_]{1,15}$/),
    })
    .optional(),
});

/** A timeline page; the posts themselves are checked one by one (x-posts.ts). */
const TimelinePage = z.object({
  data: z.array(z.unknown()).optional(),
  includes: z
    .object({ tweets: z.array(z.unknown()).optional(), users: z.array(z.unknown()).optional() })
    .optional(),
  meta: z.object({ next_token: z.string().min(1).optional() }).optional(),
});
export type TimelinePage = z.infer<typeof TimelinePage>;

export interface XUser {
  readonly id: string;
  /** The handle as X spells it. */
  readonly username: string;
}

export interface XApi {
  /** `GET /2/users/by/username/:username`. */
  user(handle: string): Promise<XUser>;
  /** `GET /2/users/:id/tweets`: one page, newest first. */
  timelinePage(
    userId: string,
    page: { readonly sinceId: string | null; readonly paginationToken: string | undefined },
  ): Promise<TimelinePage>;
}

export interface XApiOptions {
  readonly bearerToken: string;
  readonly baseUrl: string;
  readonly pacing: Pacing;
  /** Per request (default REQUEST_DEADLINE_MS). */
  readonly requestDeadlineMs?: number;
  /** Per answer (default MAX_ANSWER_BYTES). */
  readonly maxAnswerBytes?: number;
  /** Per check, all answers together (default MAX_CHECK_BYTES). */
  readonly maxCheckBytes?: number;
}

/** What bounds the requests of one check: the monitor stopping, and the check's deadline. */
export interface CheckBounds {
  readonly signal?: AbortSignal | undefined;
  /** Date.now() ms (real time, whatever clock the source was given): no request nor wait goes past it. */
  readonly deadline?: number | undefined;
}

/** The API for one check: its requests and waits end when `bounds` say. */
export function createXApi(options: XApiOptions): (bounds: CheckBounds) => XApi {
  const { bearerToken, baseUrl, pacing } = options;
  const deadlineMs = options.requestDeadlineMs ?? REQUEST_DEADLINE_MS;
  const maxBytes = options.maxAnswerBytes ?? MAX_ANSWER_BYTES;
  const maxCheckBytes = options.maxCheckBytes ?? MAX_CHECK_BYTES;
  const redact = (text: string) => text.split(bearerToken).join('***');
  const headers = {
    authorization: `Bearer ${bearerToken}`,
    accept: 'application/json',
    'user-agent': 'reset-records',
  };

  async function get<T>(
    path: string,
    query: Record<string, string | number | undefined>,
    schema: z.ZodType<T>,
    { signal, deadline }: CheckBounds,
    spent: { bytes: number },
  ): Promise<T> {
    const endpoint = `GET /2/${path}`;
    const url = new URL(`${baseUrl}/2/${path}`);
    for (const [name, value] of Object.entries(query))
      if (value !== undefined) url.searchParams.set(name, String(value));
    const body = await withRetries(
      endpoint,
      async () => {
        const remaining = deadline === undefined ? Infinity : deadline - Date.now();
        const answer = await boundedGet(url, {
          headers,
          deadlineMs: Math.max(1, Math.min(deadlineMs, remaining)),
          maxBytes,
          signal,
        });
        spent.bytes += answer.bytes;
        if (spent.bytes > maxCheckBytes) {
          throw new GetError(
            'too-large',
            `the answers of this check are more than ${sizeOf(maxCheckBytes)} in all`,
          );
        }
        if (answer.status < 200 || answer.status > 299) throw new StatusError(answer);
        try {
          return JSON.parse(answer.body) as unknown;
        } catch {
          throw new StatusError(answer, 'not JSON');
        }
      },
      (error) => {
        const failure = failureOf(error, endpoint);
        return { ...failure, message: redact(failure.message) };
      },
      { ...pacing, deadline, signal },
    );
    const parsed = schema.safeParse(body);
    if (!parsed.success) throw new Error(`X sent an unexpected answer to ${endpoint}`);
    return parsed.data;
  }

  return (bounds) => {
    const spent = { bytes: 0 };
    return {
      async user(handle) {
        const path = `users/by/username/${encodeURIComponent(handle)}`;
        const found = await get(path, {}, UserLookup, bounds, spent);
        if (found.data === undefined)
          throw new Error(`X has no user @${handle} (GET /2/users/by/username/${handle})`);
        return found.data;
      },
      timelinePage(userId, { sinceId, paginationToken }) {
        return get(
          `users/${encodeURIComponent(userId)}/tweets`,
          { ...TIMELINE_FIELDS, since_id: sinceId ?? undefined, pagination_token: paginationToken },
          TimelinePage,
          bounds,
          spent,
        );
      },
    };
  };
}

/** An answer whose status is not 2xx, or a 2xx that is not JSON. */
class StatusError extends Error {
  readonly answer: BoundedAnswer;
  readonly notJson: boolean;
  constructor(answer: BoundedAnswer, why?: 'not JSON') {
    super(`status ${answer.status}`);
    this.answer = answer;
    this.notJson = why !== undefined;
  }
}

/** What a failed request means: try again (when, how) or give up, and what to say. */
function failureOf(error: unknown, endpoint: string): Failure {
  if (error instanceof GetError) {
    switch (error.problem) {
      case 'aborted':
        return { retry: 'never', message: `the monitor stopped during ${endpoint}` };
      case 'too-large':
        return {
          retry: 'never',
          message: `X's answer to ${endpoint} was refused: ${error.message}`,
        };
      case 'deadline':
        return { retry: 'back-off', message: `X gave ${endpoint} ${error.message}` };
      case 'unreadable':
        return {
          retry: 'back-off',
          message: `X's answer to ${endpoint} was unreadable: ${error.message}`,
        };
      case 'network':
        return {
          retry: 'back-off',
          message: `X could not be reached for ${endpoint} (${error.code ?? 'network error'})`,
        };
    }
  }
  if (!(error instanceof StatusError))
    return { retry: 'never', message: `X request ${endpoint} failed: ${(error as Error).message}` };
  const { status, headers } = error.answer;
  if (error.notJson)
    return { retry: 'back-off', message: `X's answer to ${endpoint} was cut or unreadable` };
  if (status >= 300 && status <= 399) {
    return {
      retry: 'never',
      message: `X answered ${status} (a redirect, not followed) to ${endpoint}`,
    };
  }
  if (status === 401)
    return { retry: 'never', message: `X rejected the bearer token (401) on ${endpoint}` };
  if (status === 403) {
    return {
      retry: 'never',
      message: `X refused ${endpoint} (403): the bearer token's app has no access to it`,
    };
  }
  if (status === 429) {
    const value = headers['x-rate-limit-reset'];
    const reset = Number(Array.isArray(value) ? value[0] : value);
    return {
      retry: 'at-reset',
      resetAt: Number.isFinite(reset) && reset > 0 ? reset * 1000 : null,
      message: `X answered 429 (rate limit) to ${endpoint}`,
    };
  }
  if (status >= 500 && status <= 599)
    return { retry: 'back-off', message: `X answered ${status} to ${endpoint}` };
  return {
    retry: 'never',
    message: `X answered ${status} to ${endpoint}${quoted(problemOf(error.answer.body))}`,
  };
}

/** The title and detail of X's problem object (`{title, detail, type, status}`), if any. */
function problemOf(body: string): string {
  let data: unknown;
  try {
    data = JSON.parse(body);
  } catch {
    return '';
  }
  if (typeof data !== 'object' || data === null) return '';
  const { title, detail } = data as { title?: unknown; detail?: unknown };
  return [title, detail].filter((part) => typeof part === 'string' && part !== '').join(': ');
}

/**
 * `: "…"` with control, format (bidi) and lone surrogate characters blanked and the length
 * bounded, or nothing: X's words go into the ledger and onto the operator's terminal.
 */
function quoted(text: string): string {
  if (text === '') return '';
  const cut = text.length > MAX_QUOTED_CHARS ? `${text.slice(0, MAX_QUOTED_CHARS)}…` : text;
  return `: ${cut.replace(/[\p{Cc}\p{Cf}\p{Cs}]/gu, ' ')}`;
}
