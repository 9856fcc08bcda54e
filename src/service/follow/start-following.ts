import type { Logger } from 'pino';
import { redactUrl } from '../../shared/util/redact-url.ts';
import type { Config } from '../config.ts';
import type { SnapshotStore } from '../snapshot/snapshot-store.ts';
import { type Broadcaster, createBroadcaster } from './broadcaster.ts';
import { type FollowStats, newFollowStats } from './follow-stats.ts';
import { createFollower, type Follower } from './follower.ts';
import { createPushFanOut } from './push/fan-out.ts';
import { deferredStore } from './store/deferred-store.ts';
import type { FollowStore } from './store/follow-store.ts';
import { openFollowStore } from './store/open-follow-store.ts';

/**
 * Following, as configured: nothing without VAPID keys and BROADCAST_* channels (no store is
 * opened, no timer runs). Otherwise the store (PUSH_STORE_URL), the push fan-out when VAPID
 * keys are set, the broadcaster when channels are, and the follower that drives them from
 * the snapshots this instance loads. The store is opened in the background (deferred-store.ts):
 * one that is down at start-up is logged and waited for, and the data surfaces never wait.
 */
/** The same as Redis's start-up wait (server.ts). */
const STORE_STARTUP_WAIT_MS = 2_000;

export interface Following {
  readonly store: FollowStore;
  readonly follower: Follower;
  readonly broadcaster: Broadcaster | undefined;
  readonly stats: FollowStats;
}

export async function startFollowing(
  config: Config,
  deps: {
    readonly snapshots: SnapshotStore;
    readonly logger: Logger;
    readonly clock: () => number;
  },
): Promise<Following | undefined> {
  const { push, broadcast, storeUrl } = config.follow;
  if (push === undefined && broadcast.length === 0) return undefined;
  const logger = deps.logger.child({ part: 'follow' });
  let follower: Follower | undefined;
  const store = deferredStore({
    label: redactUrl(storeUrl),
    logger,
    open: () =>
      openFollowStore(storeUrl, { logger, redisKeyPrefix: `${config.redisKeyPrefix}push:` }),
    onOpen: () => void follower?.evaluate(),
  });
  const site = { name: config.siteName, baseUrl: config.publicBaseUrl };
  const stats = newFollowStats();
  const broadcaster =
    broadcast.length === 0
      ? undefined
      : createBroadcaster({ channels: broadcast, site, logger, clock: deps.clock, stats });
  const fanOut =
    push === undefined
      ? undefined
      : createPushFanOut({
          store,
          vapid: push.vapid,
          site,
          logger,
          allowPrivate: push.allowPrivateEndpoints,
          clock: deps.clock,
          stats,
        });
  follower = createFollower({
    current: () => deps.snapshots.current,
    store,
    fanOut,
    broadcaster,
    logger,
    clock: deps.clock,
    stats,
  });
  const following = follower;
  deps.snapshots.onInstall(() => void following.evaluate());
  logger.info(
    { store: store.label, push: push !== undefined, broadcastChannels: broadcast.length },
    'following the resets',
  );
  // The usual case (a SQLite file, a store that is up) is open before the first request;
  // one that is down delays start-up by this at most, then is waited for in the background.
  await store.firstAttempt(STORE_STARTUP_WAIT_MS);
  return { store, follower: following, broadcaster, stats };
}
