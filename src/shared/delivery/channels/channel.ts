import { bodyExcerpt, type HttpAnswer, type HttpRequest } from '../http-attempt.ts';
import type { Message } from '../message.ts';
import { retryAfterHeaderMs } from '../retry-after.ts';

/** A place messages go: one service's documented HTTP API, no SDK. */
export interface Channel {
  readonly kind: ChannelKind;
  /** Safe for logs and the ledger: the kind and a host or chat id, never a path or token. */
  readonly label: string;
  /** What must never appear in a log line or a message (tokens, secret URLs). */
  readonly secrets: readonly string[];
  /** The request that delivers `message`; `delivery` is the same on every attempt. */
  request(message: Message, delivery: DeliveryContext): HttpRequest;
  /** What an answer means for this delivery. */
  outcome(answer: HttpAnswer, nowMs: number): AttemptOutcome;
}

export const CHANNEL_KINDS = ['webhook', 'ntfy', 'slack', 'discord', 'telegram'] as const;
export type ChannelKind = (typeof CHANNEL_KINDS)[number];

export interface DeliveryContext {
  /** The message's id (`msg_…`): the same on every attempt and every channel. */
  readonly messageId: string;
  /** When this attempt is made (epoch ms). */
  readonly nowMs: number;
}

export type AttemptOutcome =
  | { readonly result: 'sent' }
  /** Trying again may help: after `afterMs` when the service said, else after a back-off. */
  | { readonly result: 'retry'; readonly afterMs: number | null; readonly problem: string }
  /** Trying again would not (a bad token, a gone channel, a refused payload). */
  | { readonly result: 'failed'; readonly problem: string };

/**
 * The common reading of an answer: 2xx sent; 429 and 503 retried when the service says
 * (`Retry-After`, or `afterMs` from the body), 408, 425, 429 and 5xx retried after a
 * back-off, as are network errors and timeouts; a redirect or any other 4xx fails.
 */
export function httpOutcome(
  answer: HttpAnswer,
  nowMs: number,
  bodyRetryAfterMs: number | null = null,
): AttemptOutcome {
  const { status } = answer;
  if (status === 0)
    return { result: 'retry', afterMs: null, problem: answer.failure ?? 'no answer' };
  if (status >= 200 && status < 300) return { result: 'sent' };
  const said = ` answered ${status}${bodyExcerpt(answer.body)}`;
  if (status === 429 || status === 503) {
    const afterMs =
      bodyRetryAfterMs ?? retryAfterHeaderMs(answer.headers.get('retry-after'), nowMs);
    return { result: 'retry', afterMs, problem: said.trim() };
  }
  if (status === 408 || status === 425 || status >= 500)
    return { result: 'retry', afterMs: null, problem: said.trim() };
  if (status >= 300 && status < 400)
    return { result: 'failed', problem: `${said.trim()} (a redirect: not followed)` };
  return { result: 'failed', problem: said.trim() };
}
