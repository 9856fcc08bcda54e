import type { FastifyInstance, FastifyReply } from 'fastify';
import { createChangeLimiter } from '../../follow/push/change-limiter.ts';
import {
  firstProblem,
  MAX_BODY_BYTES,
  subscribeBody,
  unsubscribeBody,
} from '../../follow/push/subscription.ts';
import type { FollowStore } from '../../follow/store/follow-store.ts';
import { FOLLOW_TOPICS } from '../../follow/topics.ts';
import type { KnownRoutes } from '../known-routes.ts';
import { requestIp } from '../request-ip.ts';

/**
 * The Web Push endpoints (docs/following.md), outside /openapi/v1 and never counted against
 * the data quota: GET /push/key (the VAPID public key and the topics), POST and DELETE
 * /push/subscriptions. Registered only when push is configured; without VAPID keys these
 * paths are unknown, so they answer 404 like any other. Bodies are JSON of at most 4 KiB,
 * checked strictly (subscription.ts); an address makes at most `changesPerWindow` changes
 * per window (429 with Retry-After); a full store answers 503 with Retry-After.
 * Errors have the API's shape: `{ ok: false, error, detail }`.
 */

export const PUSH_KEY_PATH = '/push/key';
export const PUSH_SUBSCRIPTIONS_PATH = '/push/subscriptions';

export interface PushRouteDeps {
  readonly knownRoutes: KnownRoutes;
  readonly store: FollowStore;
  readonly publicKey: string;
  readonly allowPrivate: boolean;
  readonly maxSubscriptions: number;
  readonly clock: () => number;
  readonly changes?: { readonly max: number; readonly windowMs: number };
}

type PushErrorCode =
  | 'invalid_request'
  | 'rate_limited'
  | 'subscriptions_full'
  | 'store_unavailable';

function refuse(
  reply: FastifyReply,
  status: number,
  error: PushErrorCode,
  detail: string,
  retryAfter?: number,
): FastifyReply {
  if (retryAfter !== undefined) reply.header('retry-after', String(retryAfter));
  return reply
    .code(status)
    .header('content-type', 'application/json; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(
      JSON.stringify(
        retryAfter === undefined
          ? { ok: false, error, detail }
          : { ok: false, error, detail, retryAfter },
      ),
    );
}

const FULL_RETRY_SECONDS = 3600;
const STORE_RETRY_SECONDS = 60;

export function registerPushRoutes(app: FastifyInstance, deps: PushRouteDeps): void {
  const { store, knownRoutes, clock } = deps;
  const limiter = createChangeLimiter(deps.changes ?? { max: 10, windowMs: 10 * 60_000 });
  const subscribe = subscribeBody(deps.allowPrivate);
  const unsubscribe = unsubscribeBody(deps.allowPrivate);
  const keyBody = JSON.stringify({ publicKey: deps.publicKey, topics: FOLLOW_TOPICS });

  app.get(PUSH_KEY_PATH, async (_request, reply) =>
    reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(keyBody),
  );
  knownRoutes.add(PUSH_KEY_PATH, ['GET']);

  app.register(async (scope) => {
    // Bodies here are the push API's: any framework refusal (not JSON, too large, another
    // content type) is answered in this shape, with the framework's status.
    scope.setErrorHandler((error, _request, reply) => {
      const status = (error as { statusCode?: number }).statusCode ?? 500;
      if (status >= 400 && status < 500) {
        const detail =
          status === 413
            ? `the body is larger than ${MAX_BODY_BYTES} bytes`
            : status === 415
              ? 'the body must be application/json'
              : 'the body is not valid JSON (a __proto__ or constructor.prototype key counts as not valid)';
        return refuse(reply, status, 'invalid_request', detail);
      }
      reply.log.error({ err: error }, 'push subscription not handled');
      return refuse(
        reply,
        503,
        'store_unavailable',
        'Subscriptions cannot be changed right now.',
        STORE_RETRY_SECONDS,
      );
    });

    // JSON only: Fastify would also take text/plain (a request any page can send without
    // asking first), and it is no subscription.
    scope.addHook('preValidation', async (request, reply) => {
      const type = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
      if (type !== 'application/json')
        return refuse(reply, 415, 'invalid_request', 'the body must be application/json');
    });

    const limited = (address: string, reply: FastifyReply): boolean => {
      const wait = limiter.take(address, clock());
      if (wait === 0) return false;
      refuse(reply, 429, 'rate_limited', 'Too many subscription changes from this address.', wait);
      return true;
    };

    scope.post(PUSH_SUBSCRIPTIONS_PATH, { bodyLimit: MAX_BODY_BYTES }, async (request, reply) => {
      const parsed = subscribe.safeParse(request.body);
      if (!parsed.success) return refuse(reply, 400, 'invalid_request', firstProblem(parsed.error));
      if (limited(requestIp(request), reply)) return reply;
      const { subscription, topics } = parsed.data;
      const outcome = await store.saveSubscription(
        {
          endpoint: subscription.endpoint,
          p256dh: subscription.keys.p256dh,
          auth: subscription.keys.auth,
        },
        topics,
        clock(),
        deps.maxSubscriptions,
      );
      if (outcome === 'full')
        return refuse(
          reply,
          503,
          'subscriptions_full',
          'This service holds as many subscriptions as it can; try again later.',
          FULL_RETRY_SECONDS,
        );
      return reply
        .code(outcome === 'created' ? 201 : 200)
        .header('content-type', 'application/json; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(JSON.stringify({ topics }));
    });

    scope.delete(PUSH_SUBSCRIPTIONS_PATH, { bodyLimit: MAX_BODY_BYTES }, async (request, reply) => {
      const parsed = unsubscribe.safeParse(request.body);
      if (!parsed.success) return refuse(reply, 400, 'invalid_request', firstProblem(parsed.error));
      if (limited(requestIp(request), reply)) return reply;
      await store.removeSubscription(parsed.data.endpoint);
      return reply.code(204).header('cache-control', 'no-store').send();
    });
  });
  knownRoutes.add(PUSH_SUBSCRIPTIONS_PATH, ['POST', 'DELETE']);
}
