import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { Transform } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';

/**
 * One GET to X, read by us rather than by a client library (docs/producer.md, "X source
 * limits"): a total deadline from the first byte sent to the last byte read, an abort
 * signal (the monitor stopping) that ends it at once, and a bound on the bytes of the
 * answer both as they arrive and once inflated, so that neither a drip-fed answer nor a
 * gzip bomb can hold a round or fill the heap. Redirects are not followed.
 */

export interface BoundedGetOptions {
  readonly headers: Readonly<Record<string, string>>;
  /** The whole request, answer read, ends within this many ms. */
  readonly deadlineMs: number;
  /** The answer's bytes, compressed and inflated, are at most this many. */
  readonly maxBytes: number;
  readonly signal?: AbortSignal | undefined;
}

export interface BoundedAnswer {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  /** The inflated body as UTF-8 (malformed sequences replaced). */
  readonly body: string;
  /** The inflated body's bytes. */
  readonly bytes: number;
}

/** Why a GET gave no answer; `message` names no URL, header nor secret. */
export type GetProblem =
  | 'network' // the connection failed: `code` is ECONNREFUSED, ECONNRESET…
  | 'deadline' // the deadline passed before the answer was read
  | 'too-large' // the answer, compressed or inflated, passed `maxBytes`
  | 'unreadable' // a content encoding we did not ask for, or one that does not decode
  | 'aborted'; // the signal was aborted (the monitor is stopping)

export class GetError extends Error {
  readonly problem: GetProblem;
  readonly code: string | undefined;
  constructor(problem: GetProblem, message: string, code?: string) {
    super(message);
    this.name = 'GetError';
    this.problem = problem;
    this.code = code;
  }
}

/** What we ask for; anything else in `content-encoding` is refused. */
export const ACCEPT_ENCODING = 'gzip, deflate, br';

function decoderOf(encoding: string | undefined): Transform | null | undefined {
  const name = (encoding ?? '').trim().toLowerCase();
  if (name === '' || name === 'identity') return null;
  if (name === 'gzip' || name === 'x-gzip') return createGunzip();
  if (name === 'deflate') return createInflate();
  if (name === 'br') return createBrotliDecompress();
  return undefined;
}

/** `8 MiB`, or `65537 bytes` when not a whole number of MiB. */
export const sizeOf = (bytes: number) =>
  bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MiB` : `${bytes} bytes`;

/** GETs `url`; resolves with any status (3xx included: nothing is followed), or rejects with a GetError. */
export function boundedGet(url: URL, options: BoundedGetOptions): Promise<BoundedAnswer> {
  const { deadlineMs, maxBytes, signal } = options;
  return new Promise((resolve, reject) => {
    let settled = false;
    let decoder: Transform | null = null;
    let response: IncomingMessage | undefined;
    const finish = (error: GetError | null, answer?: BoundedAnswer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      if (error !== null) {
        decoder?.destroy();
        response?.destroy();
        req.destroy();
        reject(error);
      } else resolve(answer!);
    };
    const onAbort = () => finish(new GetError('aborted', 'the request was stopped'));
    if (signal?.aborted) {
      reject(new GetError('aborted', 'the request was stopped'));
      return;
    }
    const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = request(url, {
      method: 'GET',
      headers: { ...options.headers, 'accept-encoding': ACCEPT_ENCODING },
    });
    const timer = setTimeout(
      () => finish(new GetError('deadline', `no complete answer within ${deadlineMs / 1000} s`)),
      deadlineMs,
    );
    signal?.addEventListener('abort', onAbort, { once: true });
    req.on('error', (error: NodeJS.ErrnoException) =>
      finish(new GetError('network', error.message, error.code ?? error.message)),
    );
    req.on('response', (res) => {
      response = res;
      const tooLarge = (what: string) =>
        finish(new GetError('too-large', `the answer ${what} more than ${sizeOf(maxBytes)}`));
      const declared = Number(res.headers['content-length']);
      if (Number.isFinite(declared) && declared > maxBytes) {
        tooLarge('would be');
        return;
      }
      const found = decoderOf(res.headers['content-encoding']);
      if (found === undefined) {
        finish(new GetError('unreadable', 'the answer has a content encoding we did not ask for'));
        return;
      }
      decoder = found;
      const chunks: Buffer[] = [];
      let received = 0;
      let inflated = 0;
      const keep = (chunk: Buffer) => {
        inflated += chunk.length;
        if (inflated > maxBytes) tooLarge('inflates to');
        else chunks.push(chunk);
      };
      const done = () =>
        finish(null, {
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks).toString('utf8'),
          bytes: inflated,
        });
      res.on('data', (chunk: Buffer) => {
        if (settled) return;
        received += chunk.length;
        if (received > maxBytes) tooLarge('is');
        else if (decoder === null) keep(chunk);
        else decoder.write(chunk);
      });
      res.on('error', (error: NodeJS.ErrnoException) =>
        finish(new GetError('network', error.message, error.code ?? 'ECONNRESET')),
      );
      res.on('aborted', () => finish(new GetError('network', 'the answer was cut', 'ECONNRESET')));
      if (decoder === null) {
        res.on('end', done);
        return;
      }
      decoder.on('data', (chunk: Buffer) => {
        if (!settled) keep(chunk);
      });
      decoder.on('error', () =>
        finish(
          new GetError('unreadable', 'the answer does not decode as its content encoding says'),
        ),
      );
      decoder.on('end', done);
      res.on('end', () => decoder?.end());
    });
    req.end();
  });
}
