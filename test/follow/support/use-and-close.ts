import { pino } from 'pino';
import { openFollowStore } from '../../../src/service/follow/store/open-follow-store.ts';

/**
 * A child process for the suite's close() test: opens the store PUSH_STORE_URL names
 * (argv[2]; argv[3] a Redis key prefix), uses every kind of call, closes it and prints
 * `done`. Nothing else ends it: if close() left a socket, a pool or a timer behind, the
 * process would not exit and the test would see that.
 */
const [url, prefix] = process.argv.slice(2);
if (url === undefined) throw new Error('usage: use-and-close.ts URL [REDIS_KEY_PREFIX]');
const store = await openFollowStore(url, {
  logger: pino({ level: 'silent' }),
  ...(prefix === undefined ? {} : { redisKeyPrefix: prefix }),
});
const now = Date.now();
const subscription = { endpoint: 'https://push.example.net/child', p256dh: 'k', auth: 'a' };
await store.saveSubscription(subscription, ['schedule'], now, 10);
await store.subscribersOf('schedule', null, 10);
await store.countSubscriptions();
await store.claimEvent('child-event', now, 60_000);
await store.markPrimed(now);
await store.isPrimed();
await store.removeSubscription(subscription.endpoint);
await store.close();
process.stdout.write('done\n');
