import { createHmac } from 'node:crypto';
import type { HttpRequest } from '../http-attempt.ts';
import type { Message } from '../message.ts';
import { urlLabel, urlSecrets } from '../redact.ts';
import { type Channel, type DeliveryContext, httpOutcome } from './channel.ts';

/**
 * The generic webhook: the message as JSON, POSTed to the operator's URL, signed as the
 * Standard Webhooks specification says (www.standardwebhooks.com, v1) when a secret is set:
 *
 * - `webhook-id`: the message's id, the same on every retry (receivers drop repeats: delivery
 *   is at least once);
 * - `webhook-timestamp`: this attempt's time, Unix seconds (receivers refuse one more than
 *   5 minutes away from their clock: a captured request cannot be replayed later);
 * - `webhook-signature`: `v1,` and the base64 HMAC-SHA256, keyed with the secret's bytes
 *   (`whsec_` + base64), of `{webhook-id}.{webhook-timestamp}.{body}`: the exact body bytes.
 *
 * The official `standardwebhooks` libraries verify it; docs/operating.md shows the check.
 */

export interface WebhookSettings {
  readonly url: string;
  /** `whsec_` and the base64 of 24 to 64 random bytes, or null to send unsigned. */
  readonly secret: string | null;
}

/** The body every webhook receives. */
export function webhookBody(message: Message, delivery: DeliveryContext): string {
  return JSON.stringify({
    id: delivery.messageId,
    event: message.event,
    title: message.title,
    text: message.text,
    url: message.url,
    fields: message.fields,
    commands: message.commands,
    priority: message.priority,
    data: message.data,
  });
}

/** The signature header's value for `body` (exported for receivers' tests and docs). */
export function webhookSignature(
  secret: string,
  messageId: string,
  timestampSeconds: number,
  body: string,
): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const mac = createHmac('sha256', key)
    .update(`${messageId}.${timestampSeconds}.${body}`)
    .digest('base64');
  return `v1,${mac}`;
}

export function createWebhookChannel(settings: WebhookSettings): Channel {
  return {
    kind: 'webhook',
    label: `webhook ${urlLabel(settings.url)}`,
    secrets: [...urlSecrets(settings.url), ...(settings.secret === null ? [] : [settings.secret])],
    request(message, delivery): HttpRequest {
      const body = webhookBody(message, delivery);
      if (settings.secret === null) {
        return { url: settings.url, headers: { 'webhook-id': delivery.messageId }, body };
      }
      const timestamp = Math.floor(delivery.nowMs / 1000);
      return {
        url: settings.url,
        headers: {
          'webhook-id': delivery.messageId,
          'webhook-timestamp': String(timestamp),
          'webhook-signature': webhookSignature(
            settings.secret,
            delivery.messageId,
            timestamp,
            body,
          ),
        },
        body,
      };
    },
    outcome: (answer, nowMs) => httpOutcome(answer, nowMs),
  };
}
