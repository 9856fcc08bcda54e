import http from 'node:http';
import https from 'node:https';
import { retryAfterHeaderMs } from '../../../shared/delivery/retry-after.ts';
import { publicOnlyLookup } from './endpoint-address.ts';
import type { PushRequest } from './push-request.ts';

/**
 * One POST of a push message, bounded: a deadline for the whole exchange, at most
 * `MAX_ANSWER_BYTES` of the answer read, no redirect followed, and (unless private
 * endpoints are allowed, for tests) only to public addresses, checked on every connection.
 * Never throws. What the answer means (RFC 8030 §5, and what the push services document):
 * 201/200/202 delivered; 404 or 410 the subscription is gone; 429, 5xx and network errors
 * may pass; anything else (400 bad request, 401/403 VAPID refused, 413 too large) will not.
 */

const MAX_ANSWER_BYTES = 4_096;

export type PushOutcome =
  | { readonly result: 'sent' }
  | { readonly result: 'gone'; readonly status: number }
  | { readonly result: 'retry'; readonly afterMs: number | null; readonly problem: string }
  | { readonly result: 'failed'; readonly problem: string };

export interface AttemptOptions {
  readonly timeoutMs: number;
  readonly allowPrivate: boolean;
  readonly signal?: AbortSignal;
  readonly agents?: { readonly http: http.Agent; readonly https: https.Agent };
}

export function sendPush(
  request: PushRequest,
  options: AttemptOptions,
  nowMs: number,
): Promise<PushOutcome> {
  // An abort listener added to a signal already aborted never runs: the request would wait
  // for its whole timeout after the stop.
  if (options.signal?.aborted) return Promise.resolve({ result: 'failed', problem: 'stopped' });
  return new Promise((resolve) => {
    let settled = false;
    const finish = (outcome: PushOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      resolve(outcome);
    };
    const url = new URL(request.url);
    const secure = url.protocol === 'https:';
    const client = secure ? https : http;
    const req = client.request(url, {
      method: 'POST',
      headers: { ...request.headers, 'content-length': String(request.body.length) },
      ...(options.allowPrivate ? {} : { lookup: publicOnlyLookup }),
      ...(options.agents === undefined
        ? {}
        : { agent: secure ? options.agents.https : options.agents.http }),
    });
    const timer = setTimeout(() => {
      req.destroy();
      finish({
        result: 'retry',
        afterMs: null,
        problem: `no answer within ${options.timeoutMs} ms`,
      });
    }, options.timeoutMs);
    const onAbort = () => {
      req.destroy();
      finish({ result: 'failed', problem: 'stopped' });
    };
    options.signal?.addEventListener('abort', onAbort, { once: true });
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EPRIVATEADDRESS') finish({ result: 'failed', problem: error.message });
      else
        finish({
          result: 'retry',
          afterMs: null,
          problem: `network error (${error.code ?? error.message})`,
        });
    });
    req.on('response', (res) => {
      let size = 0;
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => {
        if (size < MAX_ANSWER_BYTES) chunks.push(chunk.subarray(0, MAX_ANSWER_BYTES - size));
        size += chunk.length;
        if (size > MAX_ANSWER_BYTES) res.destroy();
      });
      const done = () =>
        finish(
          outcomeOf(
            res.statusCode ?? 0,
            res.headers['retry-after'],
            Buffer.concat(chunks).toString('utf8'),
            nowMs,
          ),
        );
      res.on('end', done);
      res.on('close', done);
      res.on('error', done);
    });
    req.end(request.body);
  });
}

function outcomeOf(
  status: number,
  retryAfter: string | string[] | undefined,
  body: string,
  nowMs: number,
): PushOutcome {
  if (status === 200 || status === 201 || status === 202) return { result: 'sent' };
  if (status === 404 || status === 410) return { result: 'gone', status };
  const said = `answered ${status}${body.trim() === '' ? '' : `: ${body.trim().slice(0, 160)}`}`;
  if (status === 429 || status >= 500) {
    const header = Array.isArray(retryAfter) ? retryAfter[0] : retryAfter;
    return { result: 'retry', afterMs: retryAfterHeaderMs(header ?? null, nowMs), problem: said };
  }
  return { result: 'failed', problem: said };
}
