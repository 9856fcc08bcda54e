import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { compareIds } from '../../../src/shared/domain/ids.ts';

/**
 * A local stand-in of the two X API v2 endpoints the X source reads, on 127.0.0.1 and a
 * free port, answering with the documented shapes:
 *
 * - `GET /2/users/by/username/:username`: `{data: {id, name, username}}`, or for an
 *   unknown user a 200 with `{errors: [{title: "Not Found Error", detail, type, …}]}`;
 * - `GET /2/users/:id/tweets`: newest first, `{data, includes: {tweets, users}, meta:
 *   {result_count, newest_id, oldest_id, next_token}}` (no `data` when nothing matched),
 *   honouring `since_id`, `max_results` (5 to 100), `pagination_token`, `tweet.fields`
 *   (a post carries only `id`, `text`, `edit_history_tweet_ids` and the fields asked
 *   for) and `expansions` (`referenced_tweets.id`, `referenced_tweets.id.author_id`);
 * - errors as problem objects `{title, detail, type, status}`; 401 without
 *   `Authorization: Bearer <token>`; 429 with `x-rate-limit-*` headers.
 *
 * Tests script it: users and their posts, posts only referenced (parents by others),
 * failures for the next N requests, or raw answers (a hostile X: a gzip bomb, a drip-fed
 * body, a redirect) written by the test itself; every request is recorded.
 */

/** Writes a whole answer by hand; `request` is the recorded one. */
export type RawAnswer = (
  response: ServerResponse,
  request: RecordedRequest,
  incoming: IncomingMessage,
) => void;

/** A post as X sends it with every field asked for (tests may break it on purpose). */
export interface ApiTweet {
  readonly id: string;
  readonly text: string;
  readonly author_id?: string;
  readonly created_at?: string;
  readonly conversation_id?: string;
  readonly in_reply_to_user_id?: string;
  readonly note_tweet?: { readonly text: string };
  readonly referenced_tweets?: readonly {
    readonly type: 'replied_to' | 'quoted' | 'retweeted';
    readonly id: string;
  }[];
}

export interface ApiUser {
  readonly id: string;
  readonly name: string;
  readonly username: string;
}

export interface RecordedRequest {
  readonly method: string;
  /** Without the query string. */
  readonly path: string;
  readonly query: Record<string, string>;
  readonly headers: IncomingHttpHeaders;
}

interface ScriptedFailure {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly detail: string | undefined;
  remaining: number;
}

/** Fields every post carries whatever `tweet.fields` asks (X's defaults). */
const DEFAULT_FIELDS = new Set(['id', 'text', 'edit_history_tweet_ids']);

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found Error',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/** Newest first; ids compare as numbers (malformed ones, sent on purpose, as text). */
const byIdDescending = (a: ApiTweet, b: ApiTweet) => compareIds(b.id, a.id);

export class XStandIn {
  readonly requests: RecordedRequest[] = [];
  readonly #server: Server;
  readonly #token: string;
  readonly #users: ApiUser[] = [];
  /** Each user's posts, by user id. */
  readonly #timelines = new Map<string, ApiTweet[]>();
  /** Posts that are in no scripted timeline but may be referenced (and expanded). */
  readonly #others = new Map<string, ApiTweet>();
  readonly #failures: ScriptedFailure[] = [];
  readonly #raw: { answer: RawAnswer; remaining: number }[] = [];
  /** Opaque pagination tokens: token → offset in the (filtered) timeline. */
  readonly #pages = new Map<string, number>();
  #origin = '';

  private constructor(token: string) {
    this.#token = token;
    this.#server = createServer((request, response) => {
      const url = new URL(request.url ?? '/', 'http://stand-in');
      const recorded: RecordedRequest = {
        method: request.method ?? '',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers: request.headers,
      };
      this.requests.push(recorded);
      request.resume();
      const raw = this.#raw[0];
      if (raw !== undefined) {
        raw.remaining--;
        if (raw.remaining <= 0) this.#raw.shift();
        request.on('end', () => raw.answer(response, recorded, request));
        return;
      }
      request.on('end', () => send(response, this.#answer(recorded)));
    });
  }

  /** Listens on 127.0.0.1, a free port; `token` is the one bearer token it accepts. */
  static async start(token: string): Promise<XStandIn> {
    const standIn = new XStandIn(token);
    await new Promise<void>((resolve) => standIn.#server.listen(0, '127.0.0.1', resolve));
    const { port } = standIn.#server.address() as AddressInfo;
    standIn.#origin = `http://127.0.0.1:${port}`;
    return standIn;
  }

  /** `http://127.0.0.1:PORT`: what X_API_BASE_URL is set to. */
  get origin(): string {
    return this.#origin;
  }

  close(): Promise<void> {
    this.#server.closeAllConnections();
    return new Promise((resolve) => this.#server.close(() => resolve()));
  }

  /** A user and their posts (any order: they are served newest first). */
  addUser(user: ApiUser, tweets: readonly ApiTweet[] = []): void {
    this.#users.push(user);
    this.#timelines.set(user.id, [...tweets]);
  }

  /** More posts of a user already added. */
  addTweets(userId: string, tweets: readonly ApiTweet[]): void {
    const timeline = this.#timelines.get(userId);
    if (timeline === undefined) throw new Error(`no user ${userId} in the stand-in`);
    timeline.push(...tweets);
  }

  /** Posts outside the scripted timelines (parents and quotes by others), for expansions. */
  addReferenced(tweets: readonly ApiTweet[]): void {
    for (const tweet of tweets) this.#others.set(tweet.id, tweet);
  }

  /**
   * The next `count` requests (Infinity: all) are answered `status` with `headers`, and a
   * problem object whose detail is `detail` (default: the title).
   */
  failNext(
    status: number,
    count: number,
    headers: Record<string, string> = {},
    detail?: string,
  ): void {
    this.#failures.push({ status, headers, detail, remaining: count });
  }

  /** The next `count` requests (Infinity: all) are answered by `answer`, before any failure. */
  answerNextWith(answer: RawAnswer, count = 1): void {
    this.#raw.push({ answer, remaining: count });
  }

  /** What the stand-in would answer `request` (for a raw answer that re-encodes it). */
  answerOf(request: RecordedRequest): { status: number; body: string } {
    const reply = this.#answer(request);
    return { status: reply.status, body: JSON.stringify(reply.body) };
  }

  /** Ends every scripted failure and raw answer. */
  recover(): void {
    this.#failures.length = 0;
    this.#raw.length = 0;
  }

  /** The requests to a path matching `pattern`. */
  requestsTo(pattern: RegExp): RecordedRequest[] {
    return this.requests.filter((request) => pattern.test(request.path));
  }

  #answer(request: RecordedRequest): Reply {
    const failure = this.#failures[0];
    if (failure !== undefined) {
      failure.remaining--;
      if (failure.remaining <= 0) this.#failures.shift();
      const headers =
        failure.status === 429
          ? { 'x-rate-limit-limit': '900', 'x-rate-limit-remaining': '0', ...failure.headers }
          : failure.headers;
      const title = TITLES[failure.status] ?? 'Error';
      return problem(failure.status, title, headers, failure.detail);
    }
    if (request.headers.authorization !== `Bearer ${this.#token}`)
      return problem(401, 'Unauthorized');
    if (request.method !== 'GET') return problem(405, 'Method Not Allowed');

    const byUsername = /^\/2\/users\/by\/username\/([^/]+)$/.exec(request.path);
    if (byUsername !== null) return this.#userLookup(decodeURIComponent(byUsername[1]!));
    const timeline = /^\/2\/users\/([^/]+)\/tweets$/.exec(request.path);
    if (timeline !== null) return this.#timeline(timeline[1]!, request.query);
    return problem(404, 'Not Found Error');
  }

  #userLookup(username: string): Reply {
    const user = this.#users.find((u) => u.username.toLowerCase() === username.toLowerCase());
    if (user === undefined) {
      return json(200, {
        errors: [
          {
            value: username,
            detail: `Could not find user with username: [${username}].`,
            title: 'Not Found Error',
            resource_type: 'user',
            parameter: 'username',
            resource_id: username,
            type: 'https://api.twitter.com/2/problems/resource-not-found',
          },
        ],
      });
    }
    return json(200, { data: user });
  }

  #timeline(userId: string, query: Record<string, string>): Reply {
    const tweets = this.#timelines.get(userId);
    if (tweets === undefined) return problem(404, 'Not Found Error');
    const maxResults = Number(query['max_results'] ?? 10);
    if (!Number.isInteger(maxResults) || maxResults < 5 || maxResults > 100) {
      return invalid(
        `The \`max_results\` query parameter value [${query['max_results']}] is not between 5 and 100`,
      );
    }
    const sinceId = query['since_id'];
    if (sinceId !== undefined && !/^\d{1,19}$/.test(sinceId))
      return invalid(`The \`since_id\` query parameter value [${sinceId}] is not valid`);
    let offset = 0;
    const token = query['pagination_token'];
    if (token !== undefined) {
      const known = this.#pages.get(token);
      if (known === undefined)
        return invalid(`The \`pagination_token\` query parameter value [${token}] is not valid`);
      offset = known;
    }

    const newer = [...tweets]
      .filter((tweet) => sinceId === undefined || compareIds(tweet.id, sinceId) > 0)
      .sort(byIdDescending);
    const page = newer.slice(offset, offset + maxResults);
    if (page.length === 0) return json(200, { meta: { result_count: 0 } });

    const fields = new Set((query['tweet.fields'] ?? '').split(',').filter(Boolean));
    const expansions = new Set((query['expansions'] ?? '').split(',').filter(Boolean));
    const body: Record<string, unknown> = { data: page.map((tweet) => shown(tweet, fields)) };

    const includes: Record<string, unknown> = {};
    if (expansions.has('referenced_tweets.id')) {
      const referenced = new Map<string, ApiTweet>();
      for (const tweet of page) {
        for (const ref of tweet.referenced_tweets ?? []) {
          const found = this.#find(ref.id);
          if (found !== undefined) referenced.set(found.id, found);
        }
      }
      if (referenced.size > 0) {
        includes['tweets'] = [...referenced.values()].map((tweet) => shown(tweet, fields));
        if (expansions.has('referenced_tweets.id.author_id')) {
          const authors = [...referenced.values()]
            .map((tweet) => this.#users.find((user) => user.id === tweet.author_id))
            .filter((user): user is ApiUser => user !== undefined);
          if (authors.length > 0) includes['users'] = [...new Set(authors)];
        }
      }
    }
    if (Object.keys(includes).length > 0) body['includes'] = includes;

    const meta: Record<string, unknown> = {
      result_count: page.length,
      newest_id: page[0]!.id,
      oldest_id: page.at(-1)!.id,
    };
    if (offset + maxResults < newer.length) {
      const next = `stand-in-page-${this.#pages.size + 1}`;
      this.#pages.set(next, offset + maxResults);
      meta['next_token'] = next;
    }
    body['meta'] = meta;
    return json(200, body);
  }

  #find(id: string): ApiTweet | undefined {
    for (const timeline of this.#timelines.values()) {
      const found = timeline.find((tweet) => tweet.id === id);
      if (found !== undefined) return found;
    }
    return this.#others.get(id);
  }
}

/** A post with only the default fields and those asked for in `tweet.fields`. */
function shown(tweet: ApiTweet, fields: ReadonlySet<string>): Record<string, unknown> {
  const full: Record<string, unknown> = { ...tweet, edit_history_tweet_ids: [tweet.id] };
  return Object.fromEntries(
    Object.entries(full).filter(([name]) => DEFAULT_FIELDS.has(name) || fields.has(name)),
  );
}

interface Reply {
  readonly status: number;
  readonly body: unknown;
  readonly headers: Record<string, string>;
}

function send(response: ServerResponse, { status, body, headers }: Reply): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  response.end(JSON.stringify(body));
}

function json(status: number, body: unknown, headers: Record<string, string> = {}): Reply {
  return { status, body, headers };
}

/** An error as X API v2 sends it: a problem object. */
function problem(
  status: number,
  title: string,
  headers: Record<string, string> = {},
  detail = title,
): Reply {
  return json(status, { title, detail, type: 'about:blank', status }, headers);
}

/** A 400 for a bad query parameter, as X sends it. */
function invalid(message: string): Reply {
  return json(400, {
    errors: [{ parameters: {}, message }],
    title: 'Invalid Request',
    detail: 'One or more parameters to your request was invalid.',
    type: 'https://api.twitter.com/2/problems/invalid-request',
  });
}
