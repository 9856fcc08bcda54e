import assert from 'node:assert/strict';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { pino } from 'pino';
import {
  SNAPSHOT_READ,
  snapshotReadDeadlineMs,
  watchRedisSnapshot,
} from '../../src/service/snapshot/redis-watcher.ts';
import { createSnapshotLoader } from '../../src/service/snapshot/snapshot-loader.ts';
import { SnapshotStore } from '../../src/service/snapshot/snapshot-store.ts';
import { closeRedisClient, createRedisClient } from '../../src/shared/redis/redis-client.ts';
import { snapshotChannel, snapshotVersionKey } from '../../src/shared/snapshot/redis-keys.ts';
import { request } from '../support/http.ts';
import { completion, iso, snapshotOf } from '../support/records.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import {
  deleteKeys,
  LIST,
  openTestClient,
  SHARED_REDIS_URL,
  sleep,
  type TestRedisClient,
  uniquePrefix,
  waitUntil,
} from './redis-support.ts';

/**
 * A large snapshot over a slow link to Redis (issue 16, finding 6): the snapshot is read on
 * a connection of its own, so the quota, on its own, keeps answering during the transfer;
 * one read at a time, never a second GET while one is on its way; a read that outlives
 * its deadline (which grows with the size) is cut.
 */

const T = Date.parse('2026-11-20T12:00:00.000Z');
/** About 20 MB: 8,000 records of some 2.5 KB. */
const LARGE = snapshotOf(
  Array.from({ length: 8_000 }, (_, i) =>
    completion(String(10_000 + i), { announcedAt: iso(T - i * 1000), text: 'z'.repeat(2_400) }),
  ),
  T,
);

/**
 * A TCP proxy to Redis whose answers come at `bytesPerSecond`, counting the GETs of `key`
 * the clients send.
 */
function slowLink(bytesPerSecond: number, key: string) {
  const upstreamUrl = new URL(SHARED_REDIS_URL);
  const get = `*2\r\n$3\r\nGET\r\n$${Buffer.byteLength(key)}\r\n${key}\r\n`;
  const sockets = new Set<Socket>();
  /** `gets`: in all; `perConnection`: of each connection, in order. */
  const link = {
    gets: 0,
    perConnection: [] as number[],
    server: undefined as Server | undefined,
    url: '',
  };
  link.server = createServer((client) => {
    const upstream = connect(Number(upstreamUrl.port || 6379), upstreamUrl.hostname);
    sockets.add(client).add(upstream);
    let tail = '';
    const index = link.perConnection.push(0) - 1;
    client.on('data', (chunk) => {
      const text = tail + chunk.toString('latin1');
      const gets = text.split(get).length - 1;
      link.gets += gets;
      link.perConnection[index]! += gets;
      tail = text.slice(-(get.length - 1)); // a command split across chunks, never one counted
      upstream.write(chunk);
    });
    upstream.on('data', (chunk) => {
      client.write(chunk);
      upstream.pause();
      setTimeout(() => upstream.resume(), (chunk.length / bytesPerSecond) * 1000);
    });
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('close', end).on('error', end);
    upstream.on('close', end).on('error', end);
  });
  return {
    link,
    async open() {
      await new Promise<void>((resolve) => link.server!.listen(0, '127.0.0.1', resolve));
      const address = link.server!.address();
      if (typeof address !== 'object' || address === null) throw new Error('no port');
      link.url = `redis://127.0.0.1:${address.port}`;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => link.server!.close(resolve));
    },
  };
}

async function publish(redis: TestRedisClient, key: string, text: string, version: string) {
  await redis
    .multi()
    .set(key, text)
    .set(snapshotVersionKey(key), version)
    .publish(snapshotChannel(key), version)
    .exec();
}

describe('a large snapshot over a slow link to Redis', () => {
  let redis: TestRedisClient;
  before(async () => {
    redis = await openTestClient(SHARED_REDIS_URL);
  });
  after(async () => {
    await redis.close();
  });

  test('the read deadline grows with the size: 2 s plus 1 s a MiB', () => {
    assert.equal(snapshotReadDeadlineMs(0), 2_000);
    assert.equal(snapshotReadDeadlineMs(20 * 1024 * 1024), 22_000);
    assert.equal(snapshotReadDeadlineMs(1), 2_001);
    assert.deepEqual(SNAPSHOT_READ, { baseMs: 2_000, minBytesPerSecond: 1024 * 1024 });
  });

  test('20 MB at 4 MB/s: counted requests keep answering 200 during the transfer, one GET reads it, and it is served', async () => {
    const prefix = uniquePrefix('slow-link');
    const key = `${prefix}snapshot`;
    const proxy = slowLink(4_000_000, key);
    await proxy.open();
    const text = JSON.stringify(LARGE);
    assert.ok(text.length > 19_000_000, `${text.length} bytes`);
    let server: TestServer | undefined;
    try {
      server = await startTestServer({
        snapshot: null,
        env: {
          REDIS_URL: proxy.link.url,
          REDIS_KEY_PREFIX: prefix,
          SNAPSHOT_REDIS_KEY: key,
          SNAPSHOT_PATH: '',
          SNAPSHOT_MAX_BYTES: String(64 * 1024 * 1024),
          RATE_LIMIT_MAX: '100000',
        },
      });
      const origin = server.origin;
      const small = snapshotOf([completion('1001', { announcedAt: iso(T) })], T - 60_000);
      await publish(redis, key, JSON.stringify(small), 'v0');
      await waitUntil(
        'the small snapshot served',
        async () => (await request(origin, `${LIST}?kind=all&pageSize=1`)).status === 200,
        10_000,
      );
      const getsBefore = proxy.link.gets;
      await publish(redis, key, text, 'v1');
      // Counted requests all along the transfer (about 5 s at 4 MB/s): each is answered
      // from the small snapshot until the large one is in, so anything but 200 is the
      // quota failing (503 quota_store_unavailable).
      const statuses: number[] = [];
      const started = Date.now();
      let served = false;
      while (Date.now() - started < 40_000) {
        const response = await request(origin, `${LIST}?kind=all&pageSize=1`);
        statuses.push(response.status);
        const meta = (response.json() as { meta?: { generatedAt: string } }).meta;
        if (meta?.generatedAt === LARGE.generatedAt) {
          served = true;
          break;
        }
        await sleep(50);
      }
      assert.ok(served, `not served within 40 s; statuses ${[...new Set(statuses)]}`);
      const took = Date.now() - started;
      assert.ok(took > 3_000, `the transfer took ${took} ms: not a slow link`);
      assert.ok(statuses.length > 20, `${statuses.length} requests`);
      assert.deepEqual(
        statuses.filter((status) => status !== 200),
        [],
      );
      // One read of the large value: no second GET while the first was on its way.
      assert.equal(proxy.link.gets - getsBefore, 1);
    } finally {
      await server?.close();
      await proxy.close();
      await redis.del([key, snapshotVersionKey(key)]);
      await deleteKeys(redis, prefix);
    }
  });

  test('a read past its deadline is cut (the reader reconnects), the next waits that long, and none overlaps', async () => {
    const prefix = uniquePrefix('slow-link-cut');
    const key = `${prefix}snapshot`;
    const proxy = slowLink(1_000_000, key);
    await proxy.open();
    const lines: { level: number; msg: string; deadlineMs?: number }[] = [];
    const logger = pino({ level: 'debug' }, {
      write: (line: string) => void lines.push(JSON.parse(line)),
    } as unknown as NodeJS.WritableStream);
    const reader = createRedisClient(proxy.link.url, logger, 'snapshot reader');
    const subscriber = createRedisClient(proxy.link.url, logger, 'snapshot subscriber');
    const loader = createSnapshotLoader(64 * 1024 * 1024);
    const store = new SnapshotStore(logger, loader);
    // About 4 MB: 4 s at 1 MB/s, against a deadline of 0.2 s + 0.4 s.
    const text = JSON.stringify(LARGE).slice(0, 4_000_000);
    await publish(redis, key, text, 'v1');
    const watcher = watchRedisSnapshot(
      reader,
      subscriber,
      key,
      store,
      64 * 1024 * 1024,
      logger,
      50,
      {
        baseMs: 200,
        minBytesPerSecond: 10_000_000,
      },
    );
    try {
      await watcher.ready;
      await sleep(3_000);
      const cuts = lines.filter(
        (line) =>
          line.msg === 'snapshot not read from redis within its deadline; keeping the current one',
      );
      assert.ok(cuts.length >= 1, JSON.stringify(lines.slice(-5)));
      assert.equal(cuts[0]!.level, 40);
      assert.equal(cuts[0]!.deadlineMs, 600);
      // Each attempt: 0.6 s on the wire, then 0.6 s of waiting. Polling every 50 ms, a
      // watcher that did not wait for its read would have sent dozens.
      assert.ok(proxy.link.gets >= 2 && proxy.link.gets <= 4, `${proxy.link.gets} GETs in 3.6 s`);
      // Never a GET behind another: each cut read took its connection with it.
      assert.equal(Math.max(...proxy.link.perConnection), 1, String(proxy.link.perConnection));
      assert.equal(store.current, null);
    } finally {
      await watcher.stop();
      await loader.close();
      await closeRedisClient(reader);
      await closeRedisClient(subscriber);
      await proxy.close();
      await redis.del([key, snapshotVersionKey(key)]);
    }
  });
});
