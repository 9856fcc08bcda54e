import { randomUUID } from 'node:crypto';
import { formatTimestamp } from '../domain/timestamp.ts';
import { type BackOff, backOffMs } from './back-off.ts';
import type { AttemptOutcome, Channel } from './channels/channel.ts';
import { postJson } from './http-attempt.ts';
import { Message, type MessageInput } from './message.ts';
import { problemLine, redactSecrets } from './redact.ts';

/**
 * The sender: one outbox for every channel. `send` checks a message, queues one delivery
 * per channel and returns at once; the deliveries go out in the background, at least once:
 *
 * - each channel sends one request at a time, in order, and at most `maxConcurrent`
 *   channels send at once;
 * - a failure that may pass (network error, no answer within `attemptTimeoutMs`, 408, 425,
 *   429, 5xx) is tried again after an exponential back-off with jitter, or after the wait a
 *   429 or 503 asks for; the channel waits meanwhile (a rate limit is the channel's);
 * - a delivery gives up after `maxAttempts` attempts or `maxDeliveryMs` after it was queued,
 *   whichever comes first, and at once on an answer that trying again would not change;
 * - each channel queues at most `maxQueuedPerChannel` deliveries: when full, the oldest
 *   one waiting is dropped (the newest says most about now) and counted;
 * - every outcome (queued, sent, failed, dropped) is passed to `record`, whose slowness or
 *   failure never holds the sender (at most `maxPendingRecords` calls wait; more are
 *   counted and left out);
 * - no secret of any channel (nor `secrets`) ever reaches a message, a record or a log line.
 */

export interface SenderLimits {
  readonly maxQueuedPerChannel: number;
  readonly maxConcurrent: number;
  readonly attemptTimeoutMs: number;
  readonly maxAttempts: number;
  readonly maxDeliveryMs: number;
  readonly backOff: BackOff;
  readonly maxResponseBytes: number;
  readonly maxPendingRecords: number;
}

export const DEFAULT_SENDER_LIMITS: SenderLimits = Object.freeze({
  maxQueuedPerChannel: 100,
  maxConcurrent: 4,
  attemptTimeoutMs: 10_000,
  maxAttempts: 8,
  maxDeliveryMs: 15 * 60_000,
  backOff: Object.freeze({ baseMs: 2_000, maxMs: 120_000 }),
  maxResponseBytes: 16 * 1024,
  maxPendingRecords: 1_000,
});

export type DeliveryOutcome = 'queued' | 'sent' | 'failed' | 'dropped';

/** One step of one delivery (a message to a channel), for the ledger and `ops status`. */
export interface DeliveryRecord {
  readonly messageId: string;
  readonly event: string;
  /** The channel's label: its kind and host or chat, never a secret. */
  readonly channel: string;
  readonly outcome: DeliveryOutcome;
  /** Requests made so far. */
  readonly attempts: number;
  /** UTC, the contract's format. */
  readonly at: string;
  /** Why it failed or was dropped (one line, no secret); null otherwise. */
  readonly problem: string | null;
  /** The message itself, on `queued` only: what a restart needs to send it again. */
  readonly message?: Message;
}

export interface SenderStats {
  readonly queued: number;
  readonly inFlight: number;
  readonly sent: number;
  readonly failed: number;
  readonly dropped: number;
  /** Records not passed on because `maxPendingRecords` calls were already waiting. */
  readonly recordsDropped: number;
}

export type SendResult =
  | { readonly accepted: true; readonly messageId: string; readonly channels: number }
  | { readonly accepted: false; readonly problem: string };

export interface SenderLogger {
  warn(details: object, message: string): void;
  info(details: object, message: string): void;
}

export interface SenderOptions {
  readonly channels: readonly Channel[];
  readonly limits?: Partial<SenderLimits>;
  readonly record?: (record: DeliveryRecord) => unknown;
  readonly logger?: SenderLogger;
  /** More secrets to keep out of messages and logs (the X token, a model's key…). */
  readonly secrets?: readonly string[];
  readonly clock?: () => number;
  readonly random?: () => number;
}

export interface Sender {
  /** Queues `message` for every channel and returns at once; never throws. */
  send(message: MessageInput, options?: { readonly messageId?: string }): SendResult;
  stats(): SenderStats;
  /** Resolves true once nothing is queued or in flight, false if `timeoutMs` passes first. */
  idle(timeoutMs: number): Promise<boolean>;
  /**
   * Stops: requests in flight are aborted, queued deliveries are left as they are (their
   * `queued` record has no outcome, so a restart can send them again), and the pending
   * records are awaited for at most `timeoutMs`.
   */
  close(timeoutMs?: number): Promise<void>;
}

interface Delivery {
  readonly message: Message;
  readonly messageId: string;
  readonly queuedAt: number;
  attempts: number;
}

interface Lane {
  readonly channel: Channel;
  readonly queue: Delivery[];
  busy: boolean;
  /** No request before this time (a back-off or a rate limit). */
  pausedUntil: number;
  timer: NodeJS.Timeout | undefined;
}

const MESSAGE_ID = /^[A-Za-z0-9_-]{1,64}$/;

export function createSender(options: SenderOptions): Sender {
  const limits: SenderLimits = { ...DEFAULT_SENDER_LIMITS, ...options.limits };
  const clock = options.clock ?? Date.now;
  const random = options.random ?? Math.random;
  const secrets = [
    ...options.channels.flatMap((channel) => channel.secrets),
    ...(options.secrets ?? []),
  ];
  const lanes = options.channels.map(
    (channel): Lane => ({ channel, queue: [], busy: false, pausedUntil: 0, timer: undefined }),
  );
  const waitingForSlot: Lane[] = [];
  const closing = new AbortController();
  const counts = { sent: 0, failed: 0, dropped: 0, recordsDropped: 0 };
  let inFlight = 0;
  const pendingRecords = new Set<Promise<unknown>>();
  const idleWaiters = new Set<() => void>();

  const line = (text: string) => problemLine(text, secrets);

  function record(
    delivery: Delivery,
    lane: Lane,
    outcome: DeliveryOutcome,
    problem: string | null,
  ) {
    if (options.record === undefined) return;
    if (pendingRecords.size >= limits.maxPendingRecords) {
      counts.recordsDropped++;
      return;
    }
    const entry: DeliveryRecord = {
      messageId: delivery.messageId,
      event: delivery.message.event,
      channel: lane.channel.label,
      outcome,
      attempts: delivery.attempts,
      at: formatTimestamp(clock()),
      problem,
      ...(outcome === 'queued' ? { message: delivery.message } : {}),
    };
    let pending: Promise<unknown>;
    try {
      pending = Promise.resolve(options.record(entry));
    } catch (error) {
      pending = Promise.reject(error);
    }
    const settled = pending.then(
      () => {},
      (error: unknown) =>
        options.logger?.warn(
          { channel: lane.channel.label, problem: line(String(error)) },
          'a delivery record could not be stored',
        ),
    );
    pendingRecords.add(settled);
    void settled.finally(() => pendingRecords.delete(settled));
  }

  function finish(
    lane: Lane,
    delivery: Delivery,
    outcome: 'sent' | 'failed' | 'dropped',
    problem: string | null,
  ) {
    counts[outcome]++;
    record(delivery, lane, outcome, problem);
    if (outcome !== 'sent') {
      options.logger?.warn(
        {
          channel: lane.channel.label,
          event: delivery.message.event,
          messageId: delivery.messageId,
          attempts: delivery.attempts,
          problem,
        },
        outcome === 'failed' ? 'delivery failed' : 'delivery dropped',
      );
    }
  }

  function pump(lane: Lane): void {
    if (closing.signal.aborted || lane.busy || lane.queue.length === 0) return;
    const now = clock();
    if (now < lane.pausedUntil) {
      if (lane.timer === undefined) {
        lane.timer = setTimeout(() => {
          lane.timer = undefined;
          pump(lane);
        }, lane.pausedUntil - now);
        lane.timer.unref();
      }
      return;
    }
    if (inFlight >= limits.maxConcurrent) {
      if (!waitingForSlot.includes(lane)) waitingForSlot.push(lane);
      return;
    }
    const delivery = lane.queue.shift()!;
    const left = delivery.queuedAt + limits.maxDeliveryMs - now;
    if (left <= 0) {
      finish(
        lane,
        delivery,
        'failed',
        `${lane.channel.label}: not delivered within ${limits.maxDeliveryMs / 1000} s`,
      );
      pump(lane);
      // A lane paused past the deadline (its timer fired late) ends its last delivery here,
      // not in an attempt's `finally`: whoever waits for the sender to be idle is told too.
      notifyIfIdle();
      return;
    }
    lane.busy = true;
    inFlight++;
    void attempt(lane, delivery, Math.min(limits.attemptTimeoutMs, left)).finally(() => {
      lane.busy = false;
      inFlight--;
      // Channels waiting for a slot go first (in the order they began to wait), so a busy
      // channel with a long queue cannot keep the slots to itself.
      while (inFlight < limits.maxConcurrent && waitingForSlot.length > 0)
        pump(waitingForSlot.shift()!);
      pump(lane);
      notifyIfIdle();
    });
  }

  async function attempt(lane: Lane, delivery: Delivery, timeoutMs: number): Promise<void> {
    delivery.attempts++;
    let outcome: AttemptOutcome;
    try {
      const request = lane.channel.request(delivery.message, {
        messageId: delivery.messageId,
        nowMs: clock(),
      });
      const answer = await postJson(request, {
        timeoutMs,
        maxBodyBytes: limits.maxResponseBytes,
        signal: closing.signal,
      });
      if (closing.signal.aborted) return; // stopping: its `queued` record stays open
      outcome = lane.channel.outcome(answer, clock());
    } catch (error) {
      outcome = { result: 'failed', problem: `could not be sent: ${String(error)}` };
    }
    if (outcome.result === 'sent') return finish(lane, delivery, 'sent', null);
    const problem = line(`${lane.channel.label}: ${outcome.problem}`);
    if (outcome.result === 'failed') return finish(lane, delivery, 'failed', problem);
    const now = clock();
    const deadline = delivery.queuedAt + limits.maxDeliveryMs;
    if (delivery.attempts >= limits.maxAttempts)
      return finish(
        lane,
        delivery,
        'failed',
        line(`${problem}; gave up after ${delivery.attempts} attempts`),
      );
    const waitMs = outcome.afterMs ?? backOffMs(delivery.attempts, limits.backOff, random);
    if (now + waitMs >= deadline) {
      return finish(
        lane,
        delivery,
        'failed',
        line(
          `${problem}; the next attempt (in ${Math.ceil(waitMs / 1000)} s) would be past the ${limits.maxDeliveryMs / 1000} s bound`,
        ),
      );
    }
    options.logger?.info(
      {
        channel: lane.channel.label,
        messageId: delivery.messageId,
        attempts: delivery.attempts,
        waitMs,
        problem,
      },
      'delivery attempt failed; trying again',
    );
    lane.pausedUntil = now + waitMs;
    lane.queue.unshift(delivery);
  }

  function queuedCount(): number {
    return lanes.reduce((sum, lane) => sum + lane.queue.length, 0);
  }

  function notifyIfIdle(): void {
    if (inFlight > 0 || queuedCount() > 0) return;
    for (const wake of idleWaiters) wake();
    idleWaiters.clear();
  }

  return {
    send(input, sendOptions = {}) {
      const parsed = Message.safeParse(input);
      if (!parsed.success) {
        const problem = line(
          `message refused: ${parsed.error.issues.map((issue) => `${issue.path.join('.') || 'message'} ${issue.message}`).join('; ')}`,
        );
        options.logger?.warn({ problem }, 'message refused');
        return { accepted: false, problem };
      }
      const messageId = sendOptions.messageId ?? `msg_${randomUUID().replace(/-/g, '')}`;
      if (!MESSAGE_ID.test(messageId))
        return { accepted: false, problem: 'messageId must be 1 to 64 of A-Z a-z 0-9 _ -' };
      if (closing.signal.aborted) return { accepted: false, problem: 'the sender is closed' };
      const message = redactMessage(parsed.data, secrets);
      for (const lane of lanes) {
        const delivery: Delivery = { message, messageId, queuedAt: clock(), attempts: 0 };
        if (lane.queue.length >= limits.maxQueuedPerChannel) {
          // The oldest waiting delivery gives way (never one in flight: it is not queued).
          const oldest = lane.queue.shift()!;
          finish(
            lane,
            oldest,
            'dropped',
            `${lane.channel.label}: the queue was full (${limits.maxQueuedPerChannel})`,
          );
        }
        lane.queue.push(delivery);
        record(delivery, lane, 'queued', null);
        pump(lane);
      }
      return { accepted: true, messageId, channels: lanes.length };
    },
    stats: () => ({ queued: queuedCount(), inFlight, ...counts }),
    idle(timeoutMs) {
      if (inFlight === 0 && queuedCount() === 0) return Promise.resolve(true);
      return new Promise((resolve) => {
        const wake = () => {
          clearTimeout(timer);
          resolve(true);
        };
        const timer = setTimeout(() => {
          idleWaiters.delete(wake);
          resolve(false);
        }, timeoutMs);
        idleWaiters.add(wake);
      });
    },
    async close(timeoutMs = 5_000) {
      closing.abort();
      for (const lane of lanes) clearTimeout(lane.timer);
      for (const wake of idleWaiters) wake();
      idleWaiters.clear();
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.allSettled([...pendingRecords]),
        new Promise((resolve) => {
          timer = setTimeout(resolve, timeoutMs);
        }),
      ]);
      clearTimeout(timer);
    },
  };
}

/** The message with every secret replaced by ***: a message never carries one. */
function redactMessage(message: Message, secrets: readonly string[]): Message {
  const clean = (text: string) => redactSecrets(text, secrets);
  const data = JSON.parse(
    redactSecrets(
      JSON.stringify(message.data),
      secrets.map((s) => JSON.stringify(s).slice(1, -1)),
    ),
  );
  return {
    ...message,
    title: clean(message.title),
    text: clean(message.text),
    url: message.url === null ? null : clean(message.url),
    fields: message.fields.map((field) => ({ name: clean(field.name), value: clean(field.value) })),
    commands: message.commands.map(clean),
    data,
  };
}
