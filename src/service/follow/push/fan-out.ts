import { setMaxListeners } from 'node:events';
import http from 'node:http';
import https from 'node:https';
import type { Logger } from 'pino';
import { backOffMs } from '../../../shared/delivery/back-off.ts';
import { type EventSite, pushPayload } from '../event-words.ts';
import type { FollowStats } from '../follow-stats.ts';
import type { FollowStore, StoredSubscription } from '../store/follow-store.ts';
import type { FollowEvent } from '../topics.ts';
import { sendPush } from './push-attempt.ts';
import { createPushRequests, type VapidKeys } from './push-request.ts';

/**
 * Sends one event to every subscriber who chose one of its topics (each once, whatever
 * topics they chose), `concurrency` requests at a time, reading the subscribers a page at a
 * time (memory bounded by a page and the ids already sent, at most the store's cap). A
 * message that may pass (429, 5xx, network) is tried again after the wait the push service
 * asks for or a back-off, `maxAttempts` in all, within `deadlineMs` of the event; a gone
 * subscription (404, 410) is removed from the store.
 */

export interface FanOutOptions {
  readonly store: FollowStore;
  readonly vapid: VapidKeys;
  readonly site: EventSite;
  readonly logger: Logger;
  readonly allowPrivate: boolean;
  readonly clock?: () => number;
  readonly concurrency?: number;
  readonly maxAttempts?: number;
  readonly attemptTimeoutMs?: number;
  readonly deadlineMs?: number;
  readonly pageSize?: number;
  /** The longest wait a 429's Retry-After is honoured for; longer gives up. */
  readonly maxRetryWaitMs?: number;
  readonly stats?: FollowStats;
}

export interface FanOutReport {
  readonly eventId: string;
  readonly subscribers: number;
  readonly sent: number;
  readonly gone: number;
  readonly failed: number;
  readonly ms: number;
}

export interface PushFanOut {
  deliver(event: FollowEvent): Promise<FanOutReport>;
  /** Aborts every delivery under way (they report what they did). */
  close(): void;
}

const TTL_SECONDS = 24 * 3600;
/** Deliveries at once (follower.ts) times their requests, and some room. */
const MAX_LISTENERS = 1_000;

export function createPushFanOut(options: FanOutOptions): PushFanOut {
  const clock = options.clock ?? Date.now;
  const concurrency = options.concurrency ?? 50;
  const maxAttempts = options.maxAttempts ?? 3;
  const attemptTimeoutMs = options.attemptTimeoutMs ?? 10_000;
  const deadlineMs = options.deadlineMs ?? 10 * 60_000;
  const pageSize = options.pageSize ?? 500;
  const maxRetryWaitMs = options.maxRetryWaitMs ?? 60_000;
  const requests = createPushRequests(options.vapid, clock);
  const agents = {
    http: new http.Agent({ keepAlive: true, maxSockets: concurrency }),
    https: new https.Agent({ keepAlive: true, maxSockets: concurrency }),
  };
  const stopping = new AbortController();
  // Each request and each wait listens for the stop: up to `concurrency` per delivery.
  setMaxListeners(MAX_LISTENERS, stopping.signal);

  async function deliverOne(
    subscription: StoredSubscription,
    payload: string,
    urgency: 'normal' | 'high',
    deadline: number,
  ): Promise<'sent' | 'gone' | 'failed'> {
    for (let attempt = 1; ; attempt++) {
      const request = requests(subscription, payload, { ttlSeconds: TTL_SECONDS, urgency });
      const outcome = await sendPush(
        request,
        {
          timeoutMs: attemptTimeoutMs,
          allowPrivate: options.allowPrivate,
          signal: stopping.signal,
          agents,
        },
        clock(),
      );
      if (outcome.result === 'sent') return 'sent';
      if (outcome.result === 'gone') {
        await options.store.removeSubscription(subscription.endpoint).catch((error: unknown) => {
          options.logger.warn(
            { err: (error as Error).message },
            'gone push subscription not removed',
          );
        });
        return 'gone';
      }
      const wait =
        outcome.result === 'retry'
          ? (outcome.afterMs ?? backOffMs(attempt, { baseMs: 1_000, maxMs: 30_000 }, Math.random))
          : 0;
      if (
        outcome.result === 'failed' ||
        attempt >= maxAttempts ||
        wait > maxRetryWaitMs ||
        clock() + wait > deadline ||
        stopping.signal.aborted
      ) {
        options.logger.debug(
          { host: new URL(subscription.endpoint).host, problem: outcome.problem, attempt },
          'push not delivered',
        );
        return 'failed';
      }
      await sleep(wait, stopping.signal);
    }
  }

  return {
    async deliver(event) {
      const started = clock();
      const deadline = started + deadlineMs;
      const payload = JSON.stringify(pushPayload(event, started, options.site));
      const urgency = event.type === 'reset_completed' ? 'high' : 'normal';
      const seen = new Set<string>();
      const counts = { subscribers: 0, sent: 0, gone: 0, failed: 0 };

      // The subscribers, page by page, each once: a pull source for the workers below.
      const topics = [...event.topics];
      let topicIndex = 0;
      let after: string | null = null;
      let buffer: StoredSubscription[] = [];
      let reading: Promise<void> | null = null;
      const refill = async () => {
        while (buffer.length === 0 && topicIndex < topics.length) {
          const page = await options.store.subscribersOf(topics[topicIndex]!, after, pageSize);
          for (const subscription of page.subscriptions) {
            if (seen.has(subscription.id)) continue;
            seen.add(subscription.id);
            buffer.push(subscription);
          }
          after = page.next;
          if (after === null) topicIndex++;
        }
      };
      const take = async (): Promise<StoredSubscription | undefined> => {
        while (buffer.length === 0 && topicIndex < topics.length) {
          reading ??= refill().finally(() => {
            reading = null;
          });
          await reading;
        }
        return buffer.shift();
      };
      const worker = async () => {
        for (;;) {
          if (stopping.signal.aborted || clock() > deadline) return;
          const subscription = await take();
          if (subscription === undefined || stopping.signal.aborted) return;
          counts.subscribers++;
          counts[await deliverOne(subscription, payload, urgency, deadline)]++;
        }
      };
      try {
        await Promise.all(Array.from({ length: concurrency }, worker));
      } catch (error) {
        options.logger.error(
          { eventId: event.id, err: (error as Error).message },
          'push fan-out stopped',
        );
      }
      buffer = [];
      const report = { eventId: event.id, ...counts, ms: clock() - started };
      if (options.stats !== undefined) {
        options.stats.pushSent += counts.sent;
        options.stats.pushGone += counts.gone;
        options.stats.pushFailed += counts.failed;
      }
      options.logger.info(report, 'push notifications sent');
      return report;
    },
    close() {
      stopping.abort();
      agents.http.destroy();
      agents.https.destroy();
    },
  };
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}
