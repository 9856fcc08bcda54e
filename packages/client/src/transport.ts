import { errorBodyOf } from './check-response.ts';
import { ApiError, RateLimitError, ResetRecordsError } from './errors.ts';
import type { EtagCache } from './etag-cache.ts';
import { type Quota, quotaOf, retryAfterSecondsOf } from './quota.ts';
import { readBoundedText } from './read-body.ts';

/** What every request of a client shares; resolved once, in `createClient`. */
export interface TransportSettings {
  readonly baseUrl: URL;
  readonly fetch: typeof fetch;
  readonly timeoutMs: number;
  readonly maxBodyBytes: number;
  readonly onRateLimit: 'throw' | 'wait';
  readonly maxWaitMs: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly clock: () => number;
  readonly cache: EtagCache | null;
}

/** How long an operation may still wait for Retry-After, shared by all its requests. */
export interface WaitBudget {
  remainingMs: number;
}

export interface GetOptions {
  readonly signal?: AbortSignal | undefined;
  readonly budget?: WaitBudget | undefined;
}

/** A refusal is retried at most this many times per request, whatever the budget. */
const MAX_RATE_LIMIT_RETRIES = 5;

export class Transport {
  readonly #settings: TransportSettings;
  /** The quota of the last counted answer (null before one, or when limiting is off). */
  quota: Quota | null = null;

  constructor(settings: TransportSettings) {
    this.#settings = settings;
  }

  /**
   * GET `path` (relative to the base URL) and return its checked JSON body. With
   * `onRateLimit: 'wait'`, a 429 is retried after its Retry-After when the wait fits in
   * the budget; otherwise, and always after MAX_RATE_LIMIT_RETRIES, it throws.
   */
  async get<T>(path: string, check: (body: unknown) => T, options: GetOptions = {}): Promise<T> {
    const url = new URL(path, this.#settings.baseUrl).href;
    const budget = options.budget ?? { remainingMs: this.#settings.maxWaitMs };
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.#once(url, check, options.signal);
      } catch (error) {
        if (!(error instanceof RateLimitError) || this.#settings.onRateLimit !== 'wait')
          throw error;
        const waitMs = error.retryAfterSeconds * 1000;
        if (waitMs > budget.remainingMs || attempt >= MAX_RATE_LIMIT_RETRIES) throw error;
        budget.remainingMs -= waitMs;
        await sleep(waitMs, options.signal);
      }
    }
  }

  async #once<T>(url: string, check: (body: unknown) => T, caller?: AbortSignal): Promise<T> {
    const settings = this.#settings;
    const deadline = linkedSignal(settings.timeoutMs, caller);
    try {
      const cached = settings.cache?.get(url);
      const headers: Record<string, string> = { accept: 'application/json', ...settings.headers };
      if (cached !== undefined) headers['if-none-match'] = cached.etag;
      const response = await settings.fetch(url, { headers, signal: deadline.signal });
      const quota = quotaOf(response.headers);
      if (quota !== null) this.quota = quota;

      if (response.status === 304) {
        await response.body?.cancel().catch(() => {});
        if (cached === undefined) throw invalid('304 Not Modified to a request without an ETag');
        return check(JSON.parse(cached.text));
      }
      const text = await readBoundedText(response, settings.maxBodyBytes);
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        // Not JSON: a 200 that is not the contract's, or an error page of something between.
        if (response.status === 200) throw invalid('HTTP 200 with a body that is not JSON', 200);
      }
      if (response.status === 200) {
        const value = check(body);
        const etag = response.headers.get('etag');
        if (etag !== null && settings.cache !== null) settings.cache.set(url, etag, text);
        return value;
      }
      const error = errorBodyOf(body);
      if (response.status === 429 || error?.error === 'rate_limited') {
        // A proxy's 429 without the contract's body is a refusal all the same.
        const retryAfter = retryAfterSecondsOf(
          response.headers.get('retry-after'),
          error?.retryAfter,
          settings.clock(),
        );
        throw new RateLimitError(error?.detail ?? `HTTP ${response.status}`, retryAfter, quota);
      }
      if (error === null) {
        throw new ResetRecordsError(
          'unexpected_status',
          `HTTP ${response.status} without the contract's error body`,
          response.status,
        );
      }
      throw new ApiError(error.error, error.detail, response.status);
    } catch (error) {
      if (caller?.aborted) throw caller.reason;
      if (deadline.timedOut()) {
        throw new ResetRecordsError('timeout', `no answer within ${settings.timeoutMs} ms: ${url}`);
      }
      if (error instanceof ResetRecordsError) throw error;
      throw new ResetRecordsError('network', `request failed: ${url}`, null, error);
    } finally {
      deadline.done();
    }
  }
}

const invalid = (message: string, status: number | null = null) =>
  new ResetRecordsError('invalid_response', message, status);

/**
 * A signal that aborts after `timeoutMs` or when the caller's does, whichever comes first
 * (written out rather than AbortSignal.any/timeout, for every runtime the client supports);
 * the timeout covers the whole exchange, the body's reading included.
 */
function linkedSignal(timeoutMs: number, caller: AbortSignal | undefined) {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new Error('timeout'));
  }, timeoutMs);
  const onAbort = () => controller.abort(caller?.reason);
  if (caller?.aborted) controller.abort(caller.reason);
  else caller?.addEventListener('abort', onAbort, { once: true });
  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    done() {
      clearTimeout(timer);
      caller?.removeEventListener('abort', onAbort);
    },
  };
}

/** Waits `ms`, or rejects with the signal's reason when it aborts first. */
function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
