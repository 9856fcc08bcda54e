import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { snapshotVersionKey } from '../../src/shared/snapshot/redis-keys.ts';
import { capturingLogger, startTestServer, type TestServer } from '../support/server.ts';
import {
  deleteKeys,
  openTestClient,
  SHARED_REDIS_URL,
  sleep,
  type TestRedisClient,
  uniquePrefix,
  waitUntil,
} from './redis-support.ts';

/**
 * Issue 16, finding 15: SNAPSHOT_REDIS_KEY holding a hash (or any type but a string) is an
 * operator's mistake the service says at warn, once, not at debug on every poll.
 */

const prefix = uniquePrefix('snapshot-wrong-type');
const key = `${prefix}snapshot`;
const log = capturingLogger();
let redis: TestRedisClient;
let server: TestServer;

before(async () => {
  redis = await openTestClient(SHARED_REDIS_URL);
  await redis.hSet(key, 'records', '[]');
  server = await startTestServer({
    snapshot: null,
    env: {
      REDIS_URL: SHARED_REDIS_URL,
      REDIS_KEY_PREFIX: prefix,
      SNAPSHOT_REDIS_KEY: key,
      SNAPSHOT_PATH: '',
    },
    logger: log.logger,
  });
});
after(async () => {
  await server.close();
  await redis.del([key, snapshotVersionKey(key)]);
  await deleteKeys(redis, prefix);
  await redis.close();
});

test('a snapshot key of another type is a warning, logged once, and the service goes on', async () => {
  const warnings = () =>
    log.lines.filter(
      (line) =>
        line.msg ===
        'the snapshot key holds another type than a string (publish writes a string); keeping the current snapshot',
    );
  await waitUntil('the warning', () => warnings().length > 0, 10_000);
  await sleep(1_000); // four more polls
  const said = warnings();
  assert.equal(said.length, 1, 'once, not at every poll');
  assert.equal(said[0]!.level, 40);
  assert.equal(said[0]!.key, key);
  assert.match(String(said[0]!.err), /^WRONGTYPE /);
  assert.equal((await server.get('/healthz')).status, 200);
});
