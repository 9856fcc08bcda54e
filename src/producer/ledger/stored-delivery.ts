import type { DeliveryOutcome, DeliveryRecord } from '../../shared/delivery/sender.ts';

/** A delivery step as both stores keep it (recordDelivery): the message itself is not kept. */
export interface DeliveryRow {
  readonly message_id: string;
  readonly event: string;
  readonly channel: string;
  readonly outcome: string;
  readonly attempts: number | string;
  readonly at: string;
  readonly problem: string | null;
}

/** The columns in order, as `recordDelivery` inserts them. */
export const deliveryValues = (record: DeliveryRecord) => [
  record.messageId,
  record.event,
  record.channel,
  record.outcome,
  record.attempts,
  record.at,
  record.problem,
];

export const toDelivery = (row: DeliveryRow): DeliveryRecord => ({
  messageId: row.message_id,
  event: row.event,
  channel: row.channel,
  outcome: row.outcome as DeliveryOutcome,
  attempts: Number(row.attempts),
  at: row.at,
  problem: row.problem,
});
