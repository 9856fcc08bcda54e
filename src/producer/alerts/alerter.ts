import type { Logger } from 'pino';
import {
  type ChannelSettings,
  createChannel,
} from '../../shared/delivery/channels/create-channel.ts';
import { createSender, type SenderLimits } from '../../shared/delivery/sender.ts';
import type { Ledger } from '../ledger/ledger.ts';
import {
  type AlertOptions,
  type AlertState,
  INITIAL_ALERT_STATE,
  type RoundReport,
  roundAlerts,
} from './round-alerts.ts';

/**
 * The monitor's alerts (docs/operating.md#alerts): after each round, what round-alerts.ts
 * decides is handed to the one sender (src/shared/delivery/sender.ts), which sends in the
 * background, retries, bounds its queue and keeps every step in the ledger for `ops status`.
 * `afterRound` returns at once and never throws: a channel that fails or hangs never slows a
 * round. Without ALERT_* channels nothing is sent (and nothing is kept).
 */
export interface Alerter {
  afterRound(report: RoundReport): void;
  /** Waits (at most `timeoutMs`) for the deliveries under way, then stops. */
  close(timeoutMs?: number): Promise<void>;
}

export interface AlerterOptions extends AlertOptions {
  readonly channels: readonly ChannelSettings[];
  readonly ledger: Pick<Ledger, 'recordDelivery'>;
  readonly logger: Logger;
  /** The X token, a model's key…: kept out of every message and log line. */
  readonly secrets?: readonly string[];
  readonly limits?: Partial<SenderLimits>;
}

export function createAlerter(options: AlerterOptions): Alerter {
  if (options.channels.length === 0) {
    return { afterRound() {}, async close() {} };
  }
  const sender = createSender({
    channels: options.channels.map(createChannel),
    ...(options.limits === undefined ? {} : { limits: options.limits }),
    ...(options.secrets === undefined ? {} : { secrets: options.secrets }),
    logger: options.logger,
    record: (record) =>
      options.ledger.recordDelivery(record).catch((error: unknown) => {
        options.logger.warn({ err: (error as Error).message }, 'alert delivery not recorded');
      }),
  });
  let state: AlertState = INITIAL_ALERT_STATE;
  return {
    afterRound(report) {
      const { state: next, messages } = roundAlerts(state, report, options);
      state = next;
      for (const message of messages) {
        const sent = sender.send(message);
        if (!sent.accepted)
          options.logger.error({ event: message.event, problem: sent.problem }, 'alert refused');
      }
    },
    async close(timeoutMs = 5_000) {
      await sender.idle(timeoutMs);
      await sender.close(timeoutMs);
    },
  };
}
