import { Agent } from 'node:http';
import {
  ApiPartialResponseError,
  ApiRequestError,
  ApiResponseError,
  TwitterApi,
  type TwitterApiReadOnly,
} from 'twitter-api-v2';
import { z } from 'zod';
import { type Failure, type Pacing, withRetries } from './back-off.ts';

/**
 * The two X API v2 endpoints the X source reads (producer.md §6), through twitter-api-v2,
 * each request tried again as back-off.ts says. Every message this module makes names the
 * status and the endpoint's path (no query string) and never holds the bearer token.
 */

/** Every request gives up after this long (and counts as a network error). */
const REQUEST_TIMEOUT_MS = 30_000;

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
}

export function createXApi({ bearerToken, baseUrl, pacing }: XApiOptions): XApi {
  // The library sends every request with node:https unless given an agent: a plain
  // http:// base URL (a local stand-in of the API) needs an http.Agent.
  const settings = baseUrl.startsWith('http:') ? { httpAgent: new Agent() } : {};
  const client: TwitterApiReadOnly = new TwitterApi(bearerToken, settings).readOnly;
  // The library's `prefix` request option replaces its https://api.x.com/2/.
  const prefix = `${baseUrl}/2/`;
  const redact = (text: string) => text.split(bearerToken).join('***');

  async function get<T>(
    path: string,
    params: Record<string, string>,
    query: Record<string, string | number | undefined>,
    schema: z.ZodType<T>,
  ): Promise<T> {
    const endpoint = `GET /2/${path.replace(/:(\w+)/g, (_, name: string) => params[name] ?? '')}`;
    const body = await withRetries(
      endpoint,
      () => client.v2.get<unknown>(path, query, { prefix, params, timeout: REQUEST_TIMEOUT_MS }),
      (error) => {
        const failure = failureOf(error, endpoint);
        return { ...failure, message: redact(failure.message) };
      },
      pacing,
    );
    const parsed = schema.safeParse(body);
    if (!parsed.success) throw new Error(`X sent an unexpected answer to ${endpoint}`);
    return parsed.data;
  }

  return {
    async user(handle) {
      const found = await get('users/by/username/:username', { username: handle }, {}, UserLookup);
      if (found.data === undefined)
        throw new Error(`X has no user @${handle} (GET /2/users/by/username/${handle})`);
      return found.data;
    },
    timelinePage(userId, { sinceId, paginationToken }) {
      return get(
        'users/:id/tweets',
        { id: userId },
        { ...TIMELINE_FIELDS, since_id: sinceId ?? undefined, pagination_token: paginationToken },
        TimelinePage,
      );
    },
  };
}

/** What a failed request means: try again (when, how) or give up, and what to say. */
function failureOf(error: unknown, endpoint: string): Failure {
  if (error instanceof ApiResponseError) {
    const status = error.code;
    if (status === 401)
      return { retry: 'never', message: `X rejected the bearer token (401) on ${endpoint}` };
    if (status === 403) {
      return {
        retry: 'never',
        message: `X refused ${endpoint} (403): the bearer token's app has no access to it`,
      };
    }
    if (status === 429) {
      const reset = Number(headerOf(error, 'x-rate-limit-reset'));
      return {
        retry: 'at-reset',
        resetAt: Number.isFinite(reset) && reset > 0 ? reset * 1000 : null,
        message: `X answered 429 (rate limit) to ${endpoint}`,
      };
    }
    if (status >= 500) return { retry: 'back-off', message: `X answered ${status} to ${endpoint}` };
    return {
      retry: 'never',
      message: `X answered ${status} to ${endpoint}${quoted(problemOf(error))}`,
    };
  }
  if (error instanceof ApiPartialResponseError)
    return { retry: 'back-off', message: `X's answer to ${endpoint} was cut or unreadable` };
  if (error instanceof ApiRequestError) {
    return {
      retry: 'back-off',
      message: `X could not be reached for ${endpoint} (${networkCode(error)})`,
    };
  }
  return { retry: 'never', message: `X request ${endpoint} failed: ${(error as Error).message}` };
}

function headerOf(error: ApiResponseError, name: string): string | undefined {
  const value = error.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** The title and detail of X's problem object (`{title, detail, type, status}`), if any. */
function problemOf(error: ApiResponseError): string {
  const { title, detail } = error.data ?? {};
  return [title, detail].filter((part) => typeof part === 'string' && part !== '').join(': ');
}

/** `: "…"` with control characters blanked and the length bounded, or nothing. */
function quoted(text: string): string {
  if (text === '') return '';
  const clean = text.replace(/\p{Cc}/gu, ' ');
  return `: ${clean.length > MAX_QUOTED_CHARS ? `${clean.slice(0, MAX_QUOTED_CHARS)}…` : clean}`;
}

/**
 * The network error's code (ECONNREFUSED, ECONNRESET…) or its message. twitter-api-v2
 * 1.29.1 keeps the cause as `_options.error` while its `requestError` getter reads
 * `_options.requestError`, which is never set: both are read.
 */
function networkCode(error: ApiRequestError): string {
  const options = (error as unknown as { _options?: { error?: unknown } })._options;
  const cause = (error.requestError ?? options?.error) as NodeJS.ErrnoException | undefined;
  return cause?.code ?? cause?.message ?? 'network error';
}
