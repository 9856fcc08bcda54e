import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { ERROR_CATALOGUE } from '../../src/shared/domain/errors.ts';
import type { SnapshotFile } from '../../src/shared/domain/snapshot.ts';
import { snapshotChannel, snapshotVersionKey } from '../../src/shared/snapshot/redis-keys.ts';
import { assertToolError, LIST_TOOL, RawMcp, toolResult } from '../mcp/mcp-support.ts';
import { freePort } from '../support/process.ts';
import { completion, HOUR, iso, schedule, snapshotOf } from '../support/records.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import {
  cli,
  deleteKeys,
  LATEST,
  LIST,
  OwnRedis,
  openTestClient,
  type Run,
  SHARED_REDIS_URL,
  sleep,
  type TestRedisClient,
  uniquePrefix,
  waitUntil,
} from './redis-support.ts';

/**
 * The snapshot published to a Redis key (decisions.md §1 "snapshot in Redis", "publishing";
 * §2): `reset-records publish FILE` validates and publishes atomically, every instance
 * switches within 1 s, invalid input changes nothing, and an instance keeps serving its
 * last good snapshot while Redis is away.
 */

const T = Date.parse('2026-11-20T12:00:00.000Z');

const FIRST = snapshotOf(
  [
    schedule('1001', 'pending', [T + HOUR, T + 2 * HOUR], { announcedAt: iso(T - HOUR) }),
    completion('1000', { announcedAt: iso(T - 2 * HOUR), effectiveAt: iso(T - 2 * HOUR) }),
  ],
  T,
);
const SECOND = snapshotOf(
  [
    completion('2000', { announcedAt: iso(T - HOUR), effectiveAt: iso(T - HOUR) }),
    completion('op_second_note', { text: 'Second snapshot.' }),
    completion('manual:2026-11-19', { completedAt: iso(T - 24 * HOUR) }),
  ],
  T + HOUR,
);
const THIRD = snapshotOf([completion('op_third_note', { text: 'Third snapshot.' })], T + 2 * HOUR);

/** Three problems, in three records, each on its own field. */
const INVALID = {
  ...FIRST,
  generatedAt: iso(T + 3 * HOUR),
  records: [
    { ...schedule('4001', 'pending', [T, T]), resetType: 'weekly' },
    completion('op_too_sure', { confidence: 1.5 }),
    completion('4003', { announcedAt: '2026-11-20 12:00:00' }),
  ],
};
const INVALID_PROBLEMS = [
  ['4001', 'resetType'],
  ['op_too_sure', 'confidence'],
  ['4003', 'announcedAt'],
] as const;

const DATA_UNAVAILABLE = {
  ok: false,
  error: 'data_unavailable',
  detail: ERROR_CATALOGUE.data_unavailable.detail,
};

/** What an instance serves: the snapshot's generatedAt and the ids of `kind=all`, sorted. */
async function served(server: TestServer): Promise<{ generatedAt: string; ids: string[] } | null> {
  const response = await server.get(`${LIST}?pageSize=10`);
  if (response.status !== 200) return null;
  const body = response.json() as {
    data: { items: { id: string }[] };
    meta: { generatedAt: string };
  };
  return {
    generatedAt: body.meta.generatedAt,
    ids: body.data.items.map((item) => item.id).sort(),
  };
}

const expectedOf = (snapshot: SnapshotFile) => ({
  generatedAt: snapshot.generatedAt,
  ids: snapshot.records.map((record) => record.id).sort(),
});

async function serves(server: TestServer, snapshot: SnapshotFile): Promise<boolean> {
  const now = await served(server);
  return now !== null && now.generatedAt === snapshot.generatedAt;
}

async function assertServes(servers: TestServer[], snapshot: SnapshotFile, label: string) {
  for (const [i, server] of servers.entries()) {
    assert.deepEqual(await served(server), expectedOf(snapshot), `${label}: instance ${i + 1}`);
  }
}

async function assertDataUnavailable(server: TestServer, label: string): Promise<void> {
  for (const path of [LIST, LATEST]) {
    const response = await server.get(path);
    assert.equal(response.status, 503, `${label}: ${path}`);
    assert.deepEqual(response.json(), DATA_UNAVAILABLE, `${label}: ${path}`);
  }
  const call = await new RawMcp(server.origin, '2025-11-25').call(LIST_TOOL, {});
  assertToolError(toolResult(call), 'data_unavailable');
  const ready = await server.get('/readyz');
  assert.equal(ready.status, 503, `${label}: /readyz without a snapshot`);
}

function assertProblemsListed(run: Run): void {
  const lines = run.stderr.split('\n');
  for (const [id, field] of INVALID_PROBLEMS) {
    assert.ok(
      lines.some((line) => line.includes(id) && line.includes(field)),
      `a line naming record ${id} and field ${field} in:\n${run.stderr}`,
    );
  }
}

interface Target {
  readonly redis: () => TestRedisClient;
  readonly url: string;
  readonly key: string;
  readonly servers: TestServer[];
}

/**
 * Runs `publish FILE` while watching, in parallel, the version key in Redis and what both
 * instances serve; returns the run and the time from the version changing in Redis to the
 * last instance serving `snapshot`.
 */
async function publishAndMeasure(
  target: Target,
  file: string,
  snapshot: SnapshotFile,
): Promise<{ run: Run; ms: number }> {
  const client = target.redis();
  const versionKey = snapshotVersionKey(target.key);
  const oldVersion = await client.get(versionKey);
  let stop = false;
  let publishedAt: number | undefined;
  const servedAt: (number | undefined)[] = target.servers.map(() => undefined);
  const watchRedis = (async () => {
    while (!stop && publishedAt === undefined) {
      if ((await client.get(versionKey)) !== oldVersion) publishedAt = performance.now();
      else await sleep(5);
    }
  })();
  const watchServers = target.servers.map(async (server, i) => {
    while (!stop && servedAt[i] === undefined) {
      if (await serves(server, snapshot)) servedAt[i] = performance.now();
      else await sleep(10);
    }
  });
  let run: Run | undefined;
  try {
    run = await cli(['publish', file], { REDIS_URL: target.url, SNAPSHOT_REDIS_KEY: target.key });
    assert.equal(run.code, 0, `publish: ${run.stderr}`);
    await waitUntil(
      'every instance serves the published snapshot',
      () => publishedAt !== undefined && servedAt.every((at) => at !== undefined),
      3_000,
    );
  } finally {
    stop = true;
    await Promise.all([watchRedis, ...watchServers]);
  }
  const last = Math.max(...servedAt.map((at) => at!));
  return { run, ms: Math.max(0, last - publishedAt!) };
}

describe('a snapshot published to SNAPSHOT_REDIS_KEY on the shared Redis', () => {
  const prefix = uniquePrefix('snapshot');
  const key = `${prefix}snapshot`;
  let redis: TestRedisClient;
  let dir: string;
  const servers: TestServer[] = [];
  const target: Target = { redis: () => redis, url: SHARED_REDIS_URL, key, servers };
  const env = {
    REDIS_URL: SHARED_REDIS_URL,
    SNAPSHOT_REDIS_KEY: key,
    SNAPSHOT_PATH: '',
    REDIS_KEY_PREFIX: prefix,
    RATE_LIMIT_MAX: '100000',
  };
  const file = (name: string) => join(dir, name);

  before(async () => {
    redis = await openTestClient(SHARED_REDIS_URL);
    dir = await mkdtemp(join(tmpdir(), 'reset-records-redis-snapshot-'));
    await writeFile(file('first.json'), JSON.stringify(FIRST, null, 2));
    await writeFile(file('second.json'), `${JSON.stringify(SECOND)}\n`);
    await writeFile(file('third.json'), JSON.stringify(THIRD));
    await writeFile(file('invalid.json'), JSON.stringify(INVALID, null, 2));
    servers.push(await startTestServer({ snapshot: null, env }));
    servers.push(await startTestServer({ snapshot: null, env }));
  });
  after(async () => {
    await Promise.all(servers.map((server) => server.close()));
    await rm(dir, { recursive: true, force: true });
    if (redis !== undefined) {
      await redis.del([key, snapshotVersionKey(key)]);
      await deleteKeys(redis, prefix);
      await redis.close();
    }
  });

  test('before anything is published, both instances answer 503 data_unavailable', async () => {
    assert.equal(await redis.exists(key), 0);
    for (const [i, server] of servers.entries()) {
      await assertDataUnavailable(server, `instance ${i + 1}`);
    }
  });

  test('publish FILE exits 0, stores the exact bytes, and both instances serve the snapshot within 1 s', async (t) => {
    const { run, ms } = await publishAndMeasure(target, file('first.json'), FIRST);
    t.diagnostic(`both instances switched ${ms.toFixed(0)} ms after the publish`);
    assert.match(run.stdout, new RegExp(key));
    assert.ok(ms < 1000, `both instances switched ${ms.toFixed(0)} ms after the publish`);
    assert.equal(await redis.get(key), await readFile(file('first.json'), 'utf8'));
    await assertServes(servers, FIRST, 'after the first publish');
    for (const server of servers) assert.equal((await server.get('/readyz')).status, 200);
  });

  test('publishing an invalid file exits 1, lists every problem, and changes nothing in Redis or on either instance', async () => {
    const keyBefore = await redis.get(key);
    const versionBefore = await redis.get(snapshotVersionKey(key));
    const run = await cli(['publish', file('invalid.json')], {
      REDIS_URL: SHARED_REDIS_URL,
      SNAPSHOT_REDIS_KEY: key,
    });
    assert.equal(run.code, 1, run.stderr);
    assertProblemsListed(run);
    assert.equal(await redis.get(key), keyBefore, 'the snapshot key is byte-identical');
    assert.equal(await redis.get(snapshotVersionKey(key)), versionBefore, 'same version');
    await sleep(600); // longer than the instances' polling interval
    await assertServes(servers, FIRST, 'after the invalid publish');
  });

  test('a second valid publish replaces the data on both instances within 1 s', async (t) => {
    const { ms } = await publishAndMeasure(target, file('second.json'), SECOND);
    t.diagnostic(`both instances switched ${ms.toFixed(0)} ms after the publish`);
    assert.ok(ms < 1000, `both instances switched ${ms.toFixed(0)} ms after the publish`);
    assert.equal(await redis.get(key), `${JSON.stringify(SECOND)}\n`);
    await assertServes(servers, SECOND, 'after the second publish');
  });

  test('an invalid snapshot written straight into the key, with a new version and a message, is ignored like an invalid file', async () => {
    const versionKey = snapshotVersionKey(key);
    await redis.multi().set(key, JSON.stringify(INVALID)).set(versionKey, 'hand-written').exec();
    await redis.publish(snapshotChannel(key), 'hand-written');
    await sleep(700);
    await assertServes(servers, SECOND, 'after an invalid snapshot in the key');

    await redis.multi().set(key, '{"generatedAt": ').set(versionKey, 'not-json').exec();
    await redis.publish(snapshotChannel(key), 'not-json');
    await sleep(700);
    await assertServes(servers, SECOND, 'after a truncated snapshot in the key');

    // An instance that starts now has no good snapshot to keep: data_unavailable.
    const late = await startTestServer({ snapshot: null, env });
    try {
      await assertDataUnavailable(late, 'an instance started on an invalid key');
    } finally {
      await late.close();
    }

    // And the watchers are not stuck: the next valid publish is served.
    const { ms } = await publishAndMeasure(target, file('third.json'), THIRD);
    assert.ok(ms < 1000, `switched ${ms.toFixed(0)} ms after the publish`);
    await assertServes(servers, THIRD, 'after a valid publish following the invalid key');
  });

  test('publish with Redis unreachable exits 1 with a message naming Redis, and publishes nothing', async () => {
    const url = `redis://127.0.0.1:${await freePort()}`;
    const run = await cli(['publish', file('first.json')], {
      REDIS_URL: url,
      SNAPSHOT_REDIS_KEY: key,
    });
    assert.equal(run.code, 1, run.stderr);
    assert.match(run.stderr, /redis/i);
    assert.match(run.stderr, /unreachable|refused|connect/i);
    assert.ok(run.stderr.includes(url), `the message names ${url}: ${run.stderr}`);
    assert.match(run.stderr, /nothing (was )?published/i);
    assert.doesNotMatch(run.stderr, /^\s+at /m, 'a message, not a stack trace');
    await assertServes(servers, THIRD, 'after the failed publish');
  });
});

describe('a snapshot in Redis while Redis is away', () => {
  const key = `${uniquePrefix('snapshot-down')}snapshot`;
  let redis: OwnRedis;
  let client: TestRedisClient;
  let dir: string;
  const servers: TestServer[] = [];
  const target: Target = {
    redis: () => client,
    get url() {
      return redis.url;
    },
    key,
    servers,
  };

  before(async () => {
    redis = await OwnRedis.start();
    client = await openTestClient(redis.url);
    dir = await mkdtemp(join(tmpdir(), 'reset-records-redis-down-'));
    await writeFile(join(dir, 'first.json'), JSON.stringify(FIRST));
    await writeFile(join(dir, 'second.json'), JSON.stringify(SECOND));
    const env = {
      REDIS_URL: redis.url,
      SNAPSHOT_REDIS_KEY: key,
      SNAPSHOT_PATH: '',
      RATE_LIMIT: 'off',
    };
    servers.push(await startTestServer({ snapshot: null, env }));
    servers.push(await startTestServer({ snapshot: null, env }));
  });
  after(async () => {
    await Promise.all(servers.map((server) => server.close()));
    await client?.close().catch(() => undefined);
    await redis?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  test('the last good snapshot keeps serving while Redis is down, and a publish made after Redis returns is picked up', async (t) => {
    const first = await publishAndMeasure(target, join(dir, 'first.json'), FIRST);
    t.diagnostic(`first publish: switched after ${first.ms.toFixed(0)} ms`);
    assert.ok(first.ms < 1000, `switched ${first.ms.toFixed(0)} ms after the publish`);
    await client.close();

    await redis.kill();
    for (let i = 0; i < 6; i++) {
      await assertServes(servers, FIRST, `Redis down, check ${i + 1}`);
      await sleep(250);
    }

    await redis.start(); // empty: no persistence, the key is gone
    client = await openTestClient(redis.url);
    await sleep(600);
    await assertServes(servers, FIRST, 'Redis back without the key');

    const second = await publishAndMeasure(target, join(dir, 'second.json'), SECOND);
    t.diagnostic(`publish after Redis returned: switched after ${second.ms.toFixed(0)} ms`);
    assert.ok(second.ms < 1000, `switched ${second.ms.toFixed(0)} ms after the publish`);
    await assertServes(servers, SECOND, 'after the publish once Redis returned');
  });

  test('an instance started while Redis is down starts, answers 503 data_unavailable, and serves the first publish after Redis returns', async (t) => {
    await client.close();
    await redis.kill();
    const env = {
      REDIS_URL: redis.url,
      SNAPSHOT_REDIS_KEY: key,
      SNAPSHOT_PATH: '',
      RATE_LIMIT: 'off',
    };
    const started = Date.now();
    const late = await startTestServer({ snapshot: null, env });
    servers.push(late); // closed in `after`, and watched by the next publish
    assert.ok(Date.now() - started < 5_000, 'start-up does not wait long for Redis');
    assert.equal((await late.get('/healthz')).status, 200);
    await assertDataUnavailable(late, 'started with Redis down');
    await assertServes(servers.slice(0, 2), SECOND, 'the others keep their last good snapshot');

    await redis.start();
    client = await openTestClient(redis.url);
    const { ms } = await publishAndMeasure(target, join(dir, 'first.json'), FIRST);
    t.diagnostic(`all three instances switched after ${ms.toFixed(0)} ms`);
    assert.ok(ms < 1000, `switched ${ms.toFixed(0)} ms after the publish`);
    await assertServes(servers, FIRST, 'after the publish once Redis came up');
  });
});
