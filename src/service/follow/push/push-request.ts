import webpush from 'web-push';

/**
 * One push message as the push service wants it (RFC 8030, 8291, 8292): the payload
 * encrypted for the subscription by the `web-push` library (aes128gcm), and its VAPID
 * `Authorization` header, also by the library, made once per push service origin and hour
 * (a signature per message would cost more than the encryption for 10,000 subscribers of
 * the same service). Sending is push-attempt.ts's: bounded, and never to a private address.
 */

export interface VapidKeys {
  readonly publicKey: string;
  readonly privateKey: string;
  /** `mailto:` or `https:`: who the push service can reach about these messages. */
  readonly subject: string;
}

export interface PushRequest {
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Buffer;
}

export interface PushOptions {
  /** Seconds the push service keeps the message for an offline browser. */
  readonly ttlSeconds: number;
  readonly urgency: 'very-low' | 'low' | 'normal' | 'high';
  /** Replaces an undelivered message of the same topic (RFC 8030 §5.4): 1–32 base64url. */
  readonly topic?: string;
}

/** A JWT is valid 12 h (RFC 8292 allows 24); one is made again after an hour. */
const JWT_LIFETIME_S = 12 * 3600;
const JWT_REUSE_MS = 3600_000;
/** Push service origins whose header is kept (there are a handful in the world). */
const MAX_ORIGINS = 100;

export function createPushRequests(vapid: VapidKeys, clock: () => number = Date.now) {
  const headers = new Map<string, { value: string; madeAt: number }>();
  const authorization = (origin: string): string => {
    const now = clock();
    const kept = headers.get(origin);
    if (kept !== undefined && now - kept.madeAt < JWT_REUSE_MS) return kept.value;
    const made = webpush.getVapidHeaders(
      origin,
      vapid.subject,
      vapid.publicKey,
      vapid.privateKey,
      'aes128gcm',
      Math.floor(now / 1000) + JWT_LIFETIME_S,
    ) as { Authorization: string };
    if (headers.size >= MAX_ORIGINS) headers.clear();
    headers.set(origin, { value: made.Authorization, madeAt: now });
    return made.Authorization;
  };

  return (
    subscription: { endpoint: string; p256dh: string; auth: string },
    payload: string,
    options: PushOptions,
  ): PushRequest => {
    const { cipherText } = webpush.encrypt(
      subscription.p256dh,
      subscription.auth,
      payload,
      'aes128gcm',
    );
    return {
      url: subscription.endpoint,
      headers: {
        'content-type': 'application/octet-stream',
        'content-encoding': 'aes128gcm',
        ttl: String(options.ttlSeconds),
        urgency: options.urgency,
        ...(options.topic === undefined ? {} : { topic: options.topic }),
        authorization: authorization(new URL(subscription.endpoint).origin),
      },
      body: cipherText,
    };
  };
}
