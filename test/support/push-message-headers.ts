import type { IncomingHttpHeaders } from 'node:http';

/**
 * A push service's reading of a push message's own headers (RFC 8030 section 5): TTL is
 * required (autopush and FCM answer 400 without it), Urgency and Topic are checked when
 * present, and a body must say it is aes128gcm (RFC 8291; the older aesgcm draft is refused
 * with 415, the status for a content coding the server does not take).
 */

export type Urgency = 'very-low' | 'low' | 'normal' | 'high';

export interface PushMessageHeaders {
  /** Seconds the sender asked the message to be kept (as sent, not as retained). */
  readonly ttl: number;
  readonly urgency: Urgency | null;
  readonly topic: string | null;
}

export type HeadersCheck =
  | { readonly ok: true; readonly headers: PushMessageHeaders }
  | { readonly ok: false; readonly status: 400 | 415; readonly reason: string };

const URGENCIES: readonly string[] = ['very-low', 'low', 'normal', 'high'];
/** RFC 8030 section 5.4: at most 32 characters of the URL and filename safe base64 alphabet. */
const TOPIC = /^[A-Za-z0-9_-]{1,32}$/;
/** delta-seconds (RFC 9111): digits; more than 10 of them would outlast any retention. */
const TTL = /^\d{1,10}$/;

export function checkPushHeaders(headers: IncomingHttpHeaders, bodyLength: number): HeadersCheck {
  const ttl = header(headers, 'ttl');
  if (ttl === undefined) return refuse(400, 'no TTL header');
  if (!TTL.test(ttl.trim())) return refuse(400, `TTL ${JSON.stringify(ttl)} is not delta-seconds`);

  const urgency = header(headers, 'urgency');
  if (urgency !== undefined && !URGENCIES.includes(urgency.trim().toLowerCase())) {
    return refuse(400, `Urgency ${JSON.stringify(urgency)} is not very-low, low, normal or high`);
  }
  const topic = header(headers, 'topic');
  if (topic !== undefined && !TOPIC.test(topic.trim())) {
    return refuse(400, `Topic ${JSON.stringify(topic)} is not 1 to 32 base64url characters`);
  }

  const encoding = header(headers, 'content-encoding');
  if (bodyLength > 0) {
    if (encoding === undefined) return refuse(400, 'a body without Content-Encoding');
    if (encoding.trim().toLowerCase() !== 'aes128gcm') {
      return refuse(415, `Content-Encoding ${JSON.stringify(encoding)} is not aes128gcm`);
    }
  }
  return {
    ok: true,
    headers: {
      ttl: Number(ttl.trim()),
      urgency: urgency === undefined ? null : (urgency.trim().toLowerCase() as Urgency),
      topic: topic === undefined ? null : topic.trim(),
    },
  };
}

/** One header's value; a repeated header as Node joins it (so "60, 60" is not delta-seconds). */
function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

function refuse(status: 400 | 415, reason: string): HeadersCheck {
  return { ok: false, status, reason };
}
