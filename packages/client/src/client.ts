import { checkLatestEnvelope, checkListEnvelope, checkStatusAnswer } from './check-response.ts';
import { QueryError } from './errors.ts';
import { EtagCache } from './etag-cache.ts';
import {
  KIND_FILTERS,
  type KindFilter,
  type ListPage,
  type Meta,
  type ResetRecord,
  type StatusAnswer,
} from './generated/types.ts';
import type { Quota } from './quota.ts';
import { type LastReset, lastResetOf, type OpenSchedule, openSchedules } from './select.ts';
import { Transport, type WaitBudget } from './transport.ts';
import {
  type CheckedRange,
  describeReading,
  type Reading,
  type RecordsPage,
  readAll,
  type StopReason,
  walkPages,
} from './walk.ts';

export interface ClientOptions {
  /** The service's root, where /status.json is served (e.g. `https://example.org/`). */
  readonly baseUrl: string | URL;
  /** On HTTP 429: `'throw'` a RateLimitError (default) or `'wait'` for Retry-After. */
  readonly onRateLimit?: 'throw' | 'wait';
  /** With `'wait'`: the most one call may wait in all, in ms (default 60,000; at most 24 h). */
  readonly maxWaitMs?: number;
  /** Each request, body included, in ms (default 10,000). */
  readonly timeoutMs?: number;
  /** The largest response body read, in bytes (default 1 MiB). */
  readonly maxBodyBytes?: number;
  /** The most requests one reading of every page makes (default 100). */
  readonly maxPages?: number;
  /** Keep bodies with their ETag and revalidate with If-None-Match (default true). */
  readonly cache?: boolean;
  /** Extra request headers, e.g. a User-Agent naming your program where the runtime allows. */
  readonly headers?: Readonly<Record<string, string>>;
  /** The fetch to use (default the global one). */
  readonly fetch?: typeof fetch;
  /** The clock (epoch ms) that decides what is open and what has happened (default Date.now). */
  readonly clock?: () => number;
}

export interface CallOptions {
  readonly signal?: AbortSignal;
}

export interface ListQuery {
  readonly kind?: KindFilter;
  readonly page?: number;
  readonly pageSize?: number;
}

export interface PagesOptions extends CallOptions {
  readonly pageSize?: number;
  readonly maxPages?: number;
}

export interface ReadOptions extends PagesOptions {
  /** Readings that saw the snapshot change start again from page 1 this often (default 1). */
  readonly maxRestarts?: number;
}

export interface Latest {
  readonly record: ResetRecord | null;
  readonly meta: Meta;
}

export type List = ListPage & { readonly meta: Meta };

/** What a reading of every page found, and whether it read them all. */
interface ReadingResult {
  /** Every page was read from one snapshot: the answer is the overall one. */
  readonly complete: boolean;
  /** Why it stopped early (null when complete). */
  readonly stopped: StopReason | null;
  /** The pages and records it read. */
  readonly checked: CheckedRange;
  /** The instant the answer is for. */
  readonly at: string;
  /** One sentence saying what was read, and that a partial answer is not the overall one. */
  readonly note: string;
}

export interface NextScheduleResult extends ReadingResult {
  /** The earliest open schedule read (the overall next only when `complete`). */
  readonly next: OpenSchedule | null;
  /** Every open schedule read, next first. */
  readonly open: OpenSchedule[];
}

export interface LastResetResult extends ReadingResult {
  /** The latest reset read (the overall last only when `complete`). */
  readonly last: LastReset | null;
}

export interface ResetRecordsClient {
  /** GET /status.json: the service's own answer in one uncounted call. */
  status(options?: CallOptions): Promise<StatusAnswer>;
  /** GET /openapi/v1/records/latest: the first row of a filter (one counted request). */
  latest(kind?: KindFilter, options?: CallOptions): Promise<Latest>;
  /** GET /openapi/v1/records: one page (one counted request). */
  list(query?: ListQuery, options?: CallOptions): Promise<List>;
  /** Every page of a filter, following hasNext, each record once (one request a page). */
  pages(kind?: KindFilter, options?: PagesOptions): AsyncGenerator<RecordsPage>;
  /** The next reset by the contract's guidance: reads every schedule page, then decides. */
  nextSchedule(options?: ReadOptions): Promise<NextScheduleResult>;
  /** The last reset: reads every completion page, then decides. */
  lastReset(options?: ReadOptions & { readonly global?: boolean }): Promise<LastResetResult>;
  /** The X-RateLimit-* of the last counted answer; null before one or with limiting off. */
  readonly quota: Quota | null;
}

const MIB = 1024 * 1024;
const DEFAULTS = {
  maxWaitMs: 60_000,
  timeoutMs: 10_000,
  maxBodyBytes: MIB,
  maxPages: 100,
  cacheChars: 4 * MIB,
  pageSize: 10,
  maxRestarts: 1,
};

function bounded(
  name: string,
  value: number | undefined,
  fallback: number,
  min: number,
  max: number,
) {
  if (value === undefined) return fallback;
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    throw new RangeError(`${name} must be an integer from ${min} to ${max}`);
  }
  return value;
}

function baseUrlOf(value: string | URL): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new TypeError(`baseUrl is not a URL: ${String(value)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new TypeError('baseUrl must be an http or https URL');
  }
  if (url.search !== '' || url.hash !== '' || url.username !== '' || url.password !== '') {
    throw new TypeError('baseUrl must not carry a query, a fragment or credentials');
  }
  if (!url.pathname.endsWith('/')) url.pathname += '/'; // paths resolve below it
  return url;
}

function kindOf(kind: unknown): KindFilter {
  if (!(KIND_FILTERS as readonly unknown[]).includes(kind)) {
    throw new QueryError(`kind must be one of ${KIND_FILTERS.join(', ')}`);
  }
  return kind as KindFilter;
}

function integerOf(name: string, value: unknown, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min || value > max) {
    throw new QueryError(`${name} must be an integer from ${min} to ${max}`);
  }
  return value;
}

const listPath = (kind: KindFilter, page: number, pageSize: number) =>
  `openapi/v1/records?kind=${kind}&page=${page}&pageSize=${pageSize}`;

/** A client of one service. Options are checked here, once; a bad one throws. */
export function createClient(options: ClientOptions): ResetRecordsClient {
  const clock = options.clock ?? Date.now;
  const maxWaitMs = bounded('maxWaitMs', options.maxWaitMs, DEFAULTS.maxWaitMs, 0, 86_400_000);
  const maxPages = bounded('maxPages', options.maxPages, DEFAULTS.maxPages, 1, 100_000);
  const onRateLimit = options.onRateLimit ?? 'throw';
  if (onRateLimit !== 'throw' && onRateLimit !== 'wait') {
    throw new TypeError("onRateLimit must be 'throw' or 'wait'");
  }
  if (typeof (options.fetch ?? globalThis.fetch) !== 'function') {
    throw new TypeError('no fetch: pass options.fetch');
  }
  // Called as a method of its owner: browsers refuse a detached `fetch` ("Illegal invocation").
  const fetchImpl: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const transport = new Transport({
    baseUrl: baseUrlOf(options.baseUrl),
    fetch: fetchImpl,
    timeoutMs: bounded('timeoutMs', options.timeoutMs, DEFAULTS.timeoutMs, 1, 600_000),
    maxBodyBytes: bounded(
      'maxBodyBytes',
      options.maxBodyBytes,
      DEFAULTS.maxBodyBytes,
      1024,
      64 * MIB,
    ),
    onRateLimit,
    maxWaitMs,
    headers: { ...options.headers },
    clock,
    cache: options.cache === false ? null : new EtagCache(DEFAULTS.cacheChars),
  });

  const list = (query: ListQuery = {}, call: CallOptions & { budget?: WaitBudget } = {}) => {
    for (const key of Object.keys(query)) {
      if (key !== 'kind' && key !== 'page' && key !== 'pageSize') {
        throw new QueryError(`unknown query parameter: ${key}`);
      }
    }
    const kind = kindOf(query.kind ?? 'all');
    const page = integerOf('page', query.page ?? 1, 1, Number.MAX_SAFE_INTEGER);
    const pageSize = integerOf('pageSize', query.pageSize ?? 10, 1, 10);
    return transport.get(listPath(kind, page, pageSize), checkListEnvelope, call);
  };

  /** Reads every page of `kind` for one operation, its waits sharing one budget. */
  const read = (kind: KindFilter, readOptions: ReadOptions): Promise<Reading> => {
    const pageSize = integerOf('pageSize', readOptions.pageSize ?? DEFAULTS.pageSize, 1, 10);
    const budget = { remainingMs: maxWaitMs };
    return readAll(
      kind,
      pageSize,
      (page) => list({ kind, page, pageSize }, { signal: readOptions.signal, budget }),
      {
        maxPages: bounded('maxPages', readOptions.maxPages, maxPages, 1, 100_000),
        maxRestarts: bounded('maxRestarts', readOptions.maxRestarts, DEFAULTS.maxRestarts, 0, 10),
      },
    );
  };

  const summary = (reading: Reading, at: number, what: string): ReadingResult => ({
    complete: reading.complete,
    stopped: reading.stopped,
    checked: reading.checked,
    at: new Date(at).toISOString(),
    note: describeReading(reading, what),
  });

  return {
    status: (call = {}) => transport.get('status.json', checkStatusAnswer, call),

    async latest(kind = 'all', call = {}) {
      const path = `openapi/v1/records/latest?kind=${kindOf(kind)}`;
      const envelope = await transport.get(path, checkLatestEnvelope, call);
      return { record: envelope.data, meta: envelope.meta };
    },

    async list(query = {}, call = {}) {
      const envelope = await list(query, call);
      return { ...envelope.data, meta: envelope.meta };
    },

    pages(kind = 'all', pagesOptions = {}) {
      const checkedKind = kindOf(kind);
      const pageSize = integerOf('pageSize', pagesOptions.pageSize ?? DEFAULTS.pageSize, 1, 10);
      const limit = bounded('maxPages', pagesOptions.maxPages, maxPages, 1, 100_000);
      const budget = { remainingMs: maxWaitMs };
      return walkPages(
        (page) =>
          list({ kind: checkedKind, page, pageSize }, { signal: pagesOptions.signal, budget }),
        limit,
      );
    },

    async nextSchedule(readOptions = {}) {
      const reading = await read('reset_scheduled', readOptions);
      const now = clock();
      const open = openSchedules(reading.records, now);
      return {
        ...summary(reading, now, 'the earliest open schedule'),
        next: open[0] ?? null,
        open,
      };
    },

    async lastReset(readOptions = {}) {
      const reading = await read('reset_completed', readOptions);
      const now = clock();
      const last = lastResetOf(reading.records, now, readOptions.global === true);
      return { ...summary(reading, now, 'the latest reset'), last };
    },

    get quota() {
      return transport.quota;
    },
  };
}
