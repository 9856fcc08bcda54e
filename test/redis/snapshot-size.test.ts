import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { snapshotChannel, snapshotVersionKey } from '../../src/shared/snapshot/redis-keys.ts';
import { completion, iso, snapshotOf } from '../support/records.ts';
import { capturingLogger, startTestServer, type TestServer } from '../support/server.ts';
import {
  cli,
  deleteKeys,
  LATEST,
  openTestClient,
  SHARED_REDIS_URL,
  sleep,
  type TestRedisClient,
  uniquePrefix,
  waitUntil,
} from './redis-support.ts';

/**
 * SNAPSHOT_MAX_BYTES holds in Redis mode as it does for files: `publish` refuses a larger
 * file, and an instance refuses a larger value found in the key (checked with STRLEN,
 * before reading it) and keeps serving its last good snapshot.
 */

const T = Date.parse('2026-11-20T12:00:00.000Z');
const SMALL = snapshotOf([completion('1001', { announcedAt: iso(T) })], T);
const LARGE = snapshotOf(
  Array.from({ length: 20 }, (_, i) => completion(String(7_000 + i), { text: 'y'.repeat(200) })),
  T,
);
const LIMIT = '4096';

describe('the snapshot size limit in Redis mode', () => {
  const prefix = uniquePrefix('snapshot-size');
  const key = `${prefix}snapshot`;
  // A prefix of its own: with the default one, this file's requests would share the quota
  // of 127.0.0.1 with every earlier run against the same Redis (an hour's window), and
  // its polling could end in 429 rather than in the snapshot.
  const env = {
    REDIS_URL: SHARED_REDIS_URL,
    REDIS_KEY_PREFIX: prefix,
    SNAPSHOT_REDIS_KEY: key,
    SNAPSHOT_MAX_BYTES: LIMIT,
  };
  const log = capturingLogger();
  let redis: TestRedisClient;
  let server: TestServer;
  let dir: string;

  before(async () => {
    redis = await openTestClient(SHARED_REDIS_URL);
    dir = await mkdtemp(join(tmpdir(), 'reset-records-redis-size-'));
    await writeFile(join(dir, 'small.json'), JSON.stringify(SMALL));
    await writeFile(join(dir, 'large.json'), JSON.stringify(LARGE));
    server = await startTestServer({
      snapshot: null,
      // Polling for the snapshot spends quota: room for ten seconds of it.
      env: { ...env, SNAPSHOT_PATH: '', RATE_LIMIT_MAX: '1000' },
      logger: log.logger,
    });
  });
  after(async () => {
    await server.close();
    await redis.del([key, snapshotVersionKey(key)]);
    await deleteKeys(redis, prefix); // the quota's keys
    await redis.close();
    await rm(dir, { recursive: true, force: true });
  });

  test('publish refuses a file over the limit and writes nothing', async () => {
    const run = await cli(['publish', join(dir, 'large.json')], env);
    assert.equal(run.code, 1);
    assert.match(run.stderr, /over the snapshot size limit of 4096 bytes \(SNAPSHOT_MAX_BYTES\)/);
    assert.equal(await redis.exists(key), 0);
  });

  test('an instance refuses a value over the limit written into the key, and keeps its snapshot', async () => {
    assert.equal((await cli(['publish', join(dir, 'small.json')], env)).code, 0);
    await waitUntil(
      'the small snapshot is served',
      async () => (await server.get(LATEST)).status === 200,
      10_000,
    );

    const text = JSON.stringify(LARGE);
    await redis.multi().set(key, text).set(snapshotVersionKey(key), 'by-hand').exec();
    await redis.publish(snapshotChannel(key), 'by-hand');
    const rejections = () =>
      log.lines.filter((line) => line.msg === 'snapshot rejected; still serving the previous one');
    await waitUntil('the large value is refused', () => rejections().length > 0, 10_000);
    await sleep(600); // two more polls: the same value is not refused again
    const latest = await server.get(LATEST);
    assert.equal(latest.status, 200, latest.text);
    assert.equal((latest.json() as { data: { id: string } }).data.id, '1001');
    const refused = rejections();
    assert.deepEqual(refused.at(-1)?.problems, [
      `redis ${key}: ${text.length} bytes, over the snapshot size limit of 4096 bytes (SNAPSHOT_MAX_BYTES)`,
    ]);
    assert.equal(refused.length, 1, 'refused once, not at every poll');
  });
});
