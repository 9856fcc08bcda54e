import { setTimeout as delay } from 'node:timers/promises';
import type { Logger } from 'pino';
import { compareIds } from '../../shared/domain/ids.ts';
import type { Post } from '../ledger/post.ts';
import { linkedSignal } from '../monitor/linked-signal.ts';
import type { PostSource } from '../monitor/post-source.ts';
import { createXApi, PAGE_SIZE, type XApi, type XUser } from './x/x-api.ts';
import { postsOfPage } from './x/x-posts.ts';

/** Pages read per handle on the first check, when no cursor tells where the last one ended. */
const DEFAULT_FIRST_CHECK_PAGES = 5;

/**
 * Pages read per handle after a cursor: X's user timeline holds a user's last 3,200 posts,
 * 32 pages of 100. The bound only guards against a `next_token` that never ends.
 */
const MAX_PAGES = 32;

export interface XSourceOptions {
  /** App-only bearer token: a secret, never logged nor put in a message. */
  readonly bearerToken: string;
  /** Handles without @. */
  readonly handles: readonly string[];
  /** `https://api.x.com`, or a stand-in of the API (no trailing slash). */
  readonly baseUrl: string;
  readonly logger: Logger;
  /** Waits before a retry, ended by the signal (tests pass one that does not wait). */
  readonly sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Epoch ms, for the wait until a rate limit resets. */
  readonly clock?: () => number;
  /** Pages of 100 posts read per handle on the first check (default 5). */
  readonly maxPages?: number;
  /** Aborted when the monitor stops: the request or wait under way ends at once. */
  readonly signal?: AbortSignal;
  /** Each request's total deadline, ms (default 30 s: x-api.ts). */
  readonly requestDeadlineMs?: number;
  /** The most bytes of an answer, as sent and inflated (default 8 MiB: x-api.ts). */
  readonly maxAnswerBytes?: number;
  /** The most bytes of all the answers of a check, inflated (default 64 MiB: x-api.ts). */
  readonly maxCheckBytes?: number;
}

/**
 * The X source (producer.md §6): each handle is resolved to its user id once per process,
 * then every check reads the posts of each handle's timeline newer than the cursor
 * (`since_id`), replies included, following `next_token`. The first check (no cursor)
 * reads only the newest `maxPages` pages of each.
 *
 * One cursor serves every handle: post ids are time-ordered across X, so the newest id
 * stored is a fair `since_id` for each. A check fails as a whole when any request gives
 * up, so the cursor never moves past a handle that was not read. The check's `bounds`
 * (the monitor stopping, the round's deadline) end its requests and waits.
 */
export function createXSource(options: XSourceOptions): PostSource {
  const { handles, logger } = options;
  const firstCheckPages = options.maxPages ?? DEFAULT_FIRST_CHECK_PAGES;
  if (!Number.isInteger(firstCheckPages) || firstCheckPages < 1 || firstCheckPages > MAX_PAGES)
    throw new RangeError(`maxPages must be a whole number from 1 to ${MAX_PAGES}`);
  const apiFor = createXApi({
    bearerToken: options.bearerToken,
    baseUrl: options.baseUrl,
    pacing: {
      sleep: options.sleep ?? ((ms, signal) => delay(ms, undefined, { signal })),
      clock: options.clock ?? Date.now,
      logger,
    },
    ...(options.requestDeadlineMs === undefined
      ? {}
      : { requestDeadlineMs: options.requestDeadlineMs }),
    ...(options.maxAnswerBytes === undefined ? {} : { maxAnswerBytes: options.maxAnswerBytes }),
    ...(options.maxCheckBytes === undefined ? {} : { maxCheckBytes: options.maxCheckBytes }),
  });
  const users = new Map<string, XUser>();

  async function userOf(api: XApi, handle: string): Promise<XUser> {
    let user = users.get(handle);
    if (user === undefined) {
      user = await api.user(handle);
      users.set(handle, user);
      logger.info({ handle, userId: user.id }, 'X handle resolved');
    }
    return user;
  }

  return {
    name: `x:${handles.join(',')}`,
    async check(since, bounds = {}) {
      const linked = linkedSignal([options.signal, bounds.signal]);
      const { signal } = linked;
      try {
        return await checkAll(apiFor({ signal, deadline: bounds.deadline }), since);
      } catch (error) {
        // The round's reason (its deadline, or the monitor stopping) says best what happened.
        const reason: unknown = bounds.signal?.aborted ? bounds.signal.reason : undefined;
        if (reason instanceof Error && reason.name === 'Error') throw reason;
        if (signal.aborted) throw new Error('the monitor stopped while waiting for X');
        throw error;
      } finally {
        linked.dispose();
      }
    },
  };

  async function checkAll(api: XApi, since: string | null) {
    const byId = new Map<string, Post>();
    const problems: string[] = [];
    for (const handle of handles) {
      const user = await userOf(api, handle);
      const read = await readTimeline(
        api,
        user,
        since,
        since === null ? firstCheckPages : MAX_PAGES,
        logger,
      );
      for (const post of read.posts) if (!byId.has(post.id)) byId.set(post.id, post);
      problems.push(...read.problems);
    }
    const posts = [...byId.values()].sort((a, b) => compareIds(a.id, b.id));
    return { posts, problems };
  }
}

/** The posts of one user newer than `since`, at most `maxPages` pages. */
async function readTimeline(
  api: XApi,
  user: XUser,
  since: string | null,
  maxPages: number,
  logger: Logger,
): Promise<{ posts: Post[]; problems: string[] }> {
  const posts: Post[] = [];
  const problems: string[] = [];
  const tokens = new Set<string>();
  let paginationToken: string | undefined;
  for (let page = 1; ; page++) {
    const body = await api.timelinePage(user.id, { sinceId: since, paginationToken });
    // X sends at most 100 posts a page, each referring to 2 others at most: more is read
    // no further, so that a page of a million tiny items is not a million problems.
    const data = body.data ?? [];
    if (data.length > PAGE_SIZE) {
      problems.push(
        `X sent ${data.length} posts in one page of @${user.username}; only the first ${PAGE_SIZE} were read`,
      );
    }
    const read = postsOfPage(
      user.username,
      data.slice(0, PAGE_SIZE),
      (body.includes?.tweets ?? []).slice(0, 2 * PAGE_SIZE),
      (body.includes?.users ?? []).slice(0, 2 * PAGE_SIZE),
    );
    posts.push(...read.posts);
    problems.push(...read.problems);
    paginationToken = body.meta?.next_token;
    if (paginationToken === undefined) break;
    if (page === maxPages || tokens.has(paginationToken)) {
      // The older posts are left unread: on a first check by design, else X kept paging.
      logger.info(
        { handle: user.username, pages: page, since },
        'X timeline: older posts left unread',
      );
      break;
    }
    tokens.add(paginationToken);
  }
  return { posts, problems };
}
