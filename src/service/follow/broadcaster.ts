import type { Logger } from 'pino';
import {
  type ChannelSettings,
  createChannel,
} from '../../shared/delivery/channels/create-channel.ts';
import { createSender } from '../../shared/delivery/sender.ts';
import { broadcastMessage, type EventSite } from './event-words.ts';
import type { FollowStats } from './follow-stats.ts';
import type { FollowEvent } from './topics.ts';

/**
 * The operator's broadcast channels (BROADCAST_*: ntfy, Discord, Slack, Telegram, a signed
 * webhook): every event, through the one sender the producer's alerts use
 * (src/shared/delivery/sender.ts: a queue per channel, retries, bounded, never blocking).
 * Each outcome is a log line (the service keeps no ledger) and a count in /metrics.
 */
export interface Broadcaster {
  readonly channels: number;
  announce(event: FollowEvent, now: number): void;
  close(timeoutMs?: number): Promise<void>;
}

export function createBroadcaster(options: {
  readonly channels: readonly ChannelSettings[];
  readonly site: EventSite;
  readonly logger: Logger;
  readonly clock?: () => number;
  readonly stats?: FollowStats;
}): Broadcaster {
  const { logger } = options;
  const sender = createSender({
    channels: options.channels.map(createChannel),
    logger,
    ...(options.clock === undefined ? {} : { clock: options.clock }),
    record: (record) => {
      if (record.outcome === 'queued') return;
      if (options.stats !== undefined) {
        if (record.outcome === 'sent') options.stats.broadcastSent++;
        else options.stats.broadcastFailed++;
      }
      const details = { event: record.event, channel: record.channel, attempts: record.attempts };
      if (record.outcome === 'sent') logger.info(details, 'broadcast sent');
      else
        logger.warn(
          { ...details, outcome: record.outcome, problem: record.problem },
          'broadcast not sent',
        );
    },
  });
  return {
    channels: options.channels.length,
    announce(event, now) {
      const result = sender.send(broadcastMessage(event, now, options.site));
      if (!result.accepted)
        logger.error({ eventId: event.id, problem: result.problem }, 'broadcast refused');
    },
    async close(timeoutMs = 5_000) {
      await sender.idle(timeoutMs);
      await sender.close(timeoutMs);
    },
  };
}
