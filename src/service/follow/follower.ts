import type { Logger } from 'pino';
import type { PreparedSnapshot } from '../query/prepared-snapshot.ts';
import type { Broadcaster } from './broadcaster.ts';
import { firstScheduleEventId, followEvents, nextEventInstant } from './events.ts';
import type { FollowStats } from './follow-stats.ts';
import type { PushFanOut } from './push/fan-out.ts';
import type { FollowStore } from './store/follow-store.ts';
import type { FollowEvent } from './topics.ts';

/**
 * Turns the snapshots this instance loads into notifications (docs/following.md): after each
 * new snapshot, and at the instants when something becomes due without one (a completion's
 * time coming, a window within the hour), it works out the events (events.ts), claims each
 * in the shared store, and sends the ones it won: push to the subscribers, the broadcast
 * channels. Every instance does this from the snapshots it loads, so a snapshot published by
 * any means notifies, and the claim makes each event sent once across instances.
 *
 * One evaluation at a time (a change meanwhile asks for one more); an event is looked at
 * once per process (a bounded set of ids handled); a store that fails is logged and tried
 * again at the next evaluation, never thrown at the service. At most MAX_FAN_OUTS push
 * deliveries run at once, the next events wait in line (MAX_WAITING at most); at shutdown
 * the deliveries under way and in line get `drainMs` to finish before they are cut short.
 */

export interface Follower {
  /** Looks again now (after a snapshot change); returns when that look is done. */
  evaluate(): Promise<void>;
  close(): Promise<void>;
}

export interface FollowerOptions {
  readonly current: () => PreparedSnapshot | null;
  readonly store: FollowStore;
  readonly fanOut: PushFanOut | undefined;
  readonly broadcaster: Broadcaster | undefined;
  readonly logger: Logger;
  readonly clock?: () => number;
  /** How long a claim is kept (longer than any event stays an event: RECENT_MS). */
  readonly keepClaimsMs?: number;
  /** The longest sleep between two looks (a safety net for missed instants). */
  readonly maxSleepMs?: number;
  readonly stats?: FollowStats;
  /** At shutdown, how long deliveries under way or in line may still take (default 5 s). */
  readonly drainMs?: number;
}

const HANDLED_MAX = 10_000;
/** Push deliveries of events at once (each has its own concurrency). */
const MAX_FAN_OUTS = 4;
/** Events waiting for a delivery; beyond, one is not pushed (logged, counted as an error). */
const MAX_WAITING = 64;

export function createFollower(options: FollowerOptions): Follower {
  const clock = options.clock ?? Date.now;
  const keepMs = options.keepClaimsMs ?? 30 * 24 * 3600_000;
  const maxSleepMs = options.maxSleepMs ?? 5 * 60_000;
  const { store, logger } = options;
  const handled = new Set<string>();
  const drainMs = options.drainMs ?? 5_000;
  const fanOuts = new Set<Promise<unknown>>();
  const waiting: FollowEvent[] = [];
  let drained: (() => void) | undefined;
  let running: Promise<void> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;

  const remember = (id: string) => {
    if (handled.size >= HANDLED_MAX) handled.clear(); // the store's claim still holds
    handled.add(id);
  };

  async function look(): Promise<void> {
    const snapshot = options.current();
    if (snapshot === null || closed) return;
    const now = clock();
    const events = followEvents(snapshot, now);
    if (!(await store.isPrimed())) {
      // A new store: what the snapshot shows now is the past; only what comes is news.
      for (const event of events) {
        await store.claimEvent(event.id, now, keepMs);
        if (event.type === 'reset_scheduled')
          await store.claimEvent(firstScheduleEventId(event.record.id), now, keepMs);
        remember(event.id);
      }
      await store.markPrimed(now);
      logger.info(
        { events: events.length, store: store.label },
        'following started: past events kept as sent',
      );
      return;
    }
    for (const found of events) {
      if (handled.has(found.id)) continue;
      if (!(await store.claimEvent(found.id, now, keepMs))) {
        remember(found.id);
        continue;
      }
      remember(found.id);
      let event: FollowEvent = found;
      if (found.type === 'reset_scheduled') {
        const first = await store.claimEvent(firstScheduleEventId(found.record.id), now, keepMs);
        if (!first) event = { ...found, type: 'schedule_moved' };
      }
      dispatch(event, now);
    }
  }

  function dispatch(event: FollowEvent, now: number) {
    logger.info({ eventId: event.id, type: event.type }, 'follow event');
    if (options.stats !== undefined) options.stats.events++;
    options.broadcaster?.announce(event, now);
    if (options.fanOut === undefined) return;
    if (fanOuts.size < MAX_FAN_OUTS) deliver(options.fanOut, event);
    else if (waiting.length < MAX_WAITING) waiting.push(event);
    else logger.error({ eventId: event.id }, 'push not sent: too many events waiting to be sent');
  }

  function deliver(fanOut: PushFanOut, event: FollowEvent) {
    const delivery: Promise<unknown> = fanOut
      .deliver(event)
      .catch((error: unknown) =>
        logger.error({ eventId: event.id, err: (error as Error).message }, 'push fan-out failed'),
      )
      .finally(() => {
        fanOuts.delete(delivery);
        const next = waiting.shift();
        if (next !== undefined) deliver(fanOut, next);
        else if (fanOuts.size === 0) drained?.();
      });
    fanOuts.add(delivery);
  }

  /** Resolves once nothing is under way or in line, or after `drainMs`, whichever first. */
  async function drain(): Promise<void> {
    if (fanOuts.size === 0) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      new Promise<void>((resolve) => {
        drained = resolve;
      }),
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, drainMs);
      }),
    ]);
    clearTimeout(timer);
    if (waiting.length > 0) {
      logger.error(
        { events: waiting.map((event) => event.id) },
        'push not sent: the service stopped before these events had their turn',
      );
      waiting.length = 0;
    }
  }

  function schedule() {
    clearTimeout(timer);
    if (closed) return;
    const snapshot = options.current();
    const now = clock();
    const next = snapshot === null ? null : nextEventInstant(snapshot, now);
    const wait = Math.min(maxSleepMs, next === null ? maxSleepMs : Math.max(0, next - now) + 10);
    timer = setTimeout(() => void evaluate(), wait);
    timer.unref();
  }

  function evaluate(): Promise<void> {
    if (running !== null) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await look();
        } catch (error) {
          logger.error(
            { err: (error as Error).message, store: store.label },
            'follow events not looked at; trying again later',
          );
        }
      } while (again && !closed);
    })().finally(() => {
      running = null;
      schedule();
    });
    return running;
  }

  return {
    evaluate,
    async close() {
      closed = true;
      clearTimeout(timer);
      await running?.catch(() => {});
      await drain();
      options.fanOut?.close();
      await Promise.allSettled([...fanOuts]);
      await options.broadcaster?.close();
      await store.close();
    },
  };
}
