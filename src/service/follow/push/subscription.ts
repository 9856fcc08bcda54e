import { createECDH } from 'node:crypto';
import { z } from 'zod';
import type { PushSubscriptionKeys } from '../store/follow-store.ts';
import { FOLLOW_TOPICS, type FollowTopic } from '../topics.ts';
import { endpointProblem } from './endpoint-address.ts';

/**
 * The bodies of POST and DELETE /push/subscriptions (docs/following.md), checked strictly:
 * the subscription exactly as the Push API's `PushSubscription.toJSON()` gives it, an
 * endpoint the service may send to (endpoint-address.ts), a P-256 public key that is a point
 * on the curve (65 bytes, uncompressed) and a 16-byte authentication secret; one to four
 * distinct topics. Anything else is a 400 naming what is wrong.
 */

export const MAX_ENDPOINT_CHARS = 2_000;
/** The most a subscription body can be: a 2,000-character endpoint and the keys fit well. */
export const MAX_BODY_BYTES = 4_096;

const base64url = /^[A-Za-z0-9_-]+={0,2}$/;

const curve = createECDH('prime256v1');
curve.generateKeys();

/** Whether `bytes` is an uncompressed point on P-256 (computing a secret with it checks). */
function isCurvePoint(bytes: Buffer): boolean {
  if (bytes.length !== 65 || bytes[0] !== 0x04) return false;
  try {
    curve.computeSecret(bytes);
    return true;
  } catch {
    return false;
  }
}

const key = (name: string, valid: (bytes: Buffer) => boolean, what: string) =>
  z
    .string({ error: `${name} must be a string` })
    .max(200, `${name} is too long`)
    .refine((value) => base64url.test(value) && valid(Buffer.from(value, 'base64url')), {
      message: `${name} must be the base64url of ${what}`,
    })
    .transform((value) => Buffer.from(value, 'base64url').toString('base64url'));

const Keys = z.strictObject(
  {
    p256dh: key('subscription.keys.p256dh', isCurvePoint, 'a P-256 public key (65 bytes)'),
    auth: key('subscription.keys.auth', (bytes) => bytes.length === 16, '16 bytes'),
  },
  { error: 'subscription.keys must be an object of p256dh and auth' },
);

const Endpoint = (allowPrivate: boolean) =>
  z
    .string({ error: 'subscription.endpoint must be a string' })
    .max(MAX_ENDPOINT_CHARS, `subscription.endpoint is longer than ${MAX_ENDPOINT_CHARS}`)
    .superRefine((value, ctx) => {
      const problem = endpointProblem(value, allowPrivate);
      if (problem !== null) ctx.addIssue({ code: 'custom', message: problem });
    });

const Topics = z
  .array(z.enum(FOLLOW_TOPICS, { error: `each topic is one of ${FOLLOW_TOPICS.join(', ')}` }), {
    error: 'topics must be an array',
  })
  .min(1, 'topics must name at least one topic')
  .max(FOLLOW_TOPICS.length, `topics has at most ${FOLLOW_TOPICS.length} entries`)
  .refine((topics) => new Set(topics).size === topics.length, 'topics must not repeat')
  // One order everywhere: the catalogue's.
  .transform((topics) => FOLLOW_TOPICS.filter((topic) => topics.includes(topic)));

export function subscribeBody(allowPrivate: boolean) {
  return z.strictObject(
    {
      subscription: z.strictObject(
        {
          endpoint: Endpoint(allowPrivate),
          expirationTime: z
            .number({ error: 'subscription.expirationTime must be a number or null' })
            .nullable()
            .optional(),
          keys: Keys,
        },
        { error: 'subscription must be an object of endpoint, expirationTime and keys' },
      ),
      topics: Topics,
    },
    { error: 'the body must be an object of subscription and topics' },
  );
}

export function unsubscribeBody(allowPrivate: boolean) {
  return z.strictObject(
    { endpoint: Endpoint(allowPrivate) },
    { error: 'the body must be an object of endpoint' },
  );
}

export interface Subscribe {
  readonly subscription: PushSubscriptionKeys;
  readonly topics: readonly FollowTopic[];
}

/** The first problem of a refused body, as one line. */
export function firstProblem(error: z.ZodError): string {
  const issue = error.issues[0];
  if (issue === undefined) return 'the body is not valid';
  return issue.message;
}
