import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtemp, rename, rm, symlink, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { SnapshotFile } from '../../src/shared/domain/snapshot.ts';
import { request } from '../support/http.ts';
import { completion, iso, snapshotOf } from '../support/records.ts';
import { capturingLogger, startTestServer, type TestServer, waitFor } from '../support/server.ts';

/**
 * A snapshot file is operator input, but a wrong or poisoned one must never take the
 * service down: it is refused (counted and logged), the last good snapshot keeps serving,
 * and the event loop keeps answering other clients while it is read and checked.
 */

const NOW = Date.now();
const GOOD: SnapshotFile = snapshotOf(
  [completion('1001', { announcedAt: iso(NOW - 60_000) })],
  NOW,
);

/** `count` empty objects as records: 4 bytes each, 17 problems each. */
const emptyRecords = (count: number) =>
  `{"generatedAt":"${iso(NOW)}","lastSuccessfulCheckAt":null,"records":[${Array(count).fill('{}').join(',')}]}`;

async function rejections(server: TestServer): Promise<number> {
  const line = (await server.metrics()).text
    .split('\n')
    .find((each) => each.startsWith('snapshot_rejections_total'));
  return Number(line?.split(' ')[1]);
}

/** Samples /healthz every 20 ms while `work` runs; returns the slowest answer in ms. */
async function slowestHealthzDuring(server: TestServer, work: Promise<unknown>): Promise<number> {
  let done = false;
  let slowest = 0;
  const sampling = (async () => {
    while (!done) {
      const started = performance.now();
      await request(server.origin, '/healthz', { localAddress: '127.0.0.51' });
      slowest = Math.max(slowest, performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  await work;
  done = true;
  await sampling;
  return slowest;
}

const servesGood = async (server: TestServer) => {
  const response = await server.get('/openapi/v1/records/latest', { localAddress: '127.0.0.52' });
  return (
    response.status === 200 && (response.json() as { data: { id: string } }).data.id === '1001'
  );
};

describe('hostile snapshot files at SNAPSHOT_PATH', () => {
  let server: TestServer;
  const log = capturingLogger();
  before(async () => {
    server = await startTestServer({
      snapshot: GOOD,
      env: { RATE_LIMIT: 'off' },
      logger: log.logger,
    });
  });
  after(() => server.close());

  for (const [count, label] of [
    [1_000_000, '4 MB'],
    [100_000, '400 KB'],
    [10_000, '40 KB'],
  ] as const) {
    test(`${count} empty records (${label}) are refused cheaply while the previous snapshot keeps serving`, async () => {
      const before = await rejections(server);
      const refused = waitFor(async () => (await rejections(server)) === before + 1, 10_000);
      const publishing = server.publish(emptyRecords(count)).then(() => refused);
      const slowest = await slowestHealthzDuring(server, publishing);
      // The main thread never parses or checks it (the snapshot worker does): JSON.parse
      // alone of the million records stalls a thread 280 to 420 ms on the 2-core machine.
      // 250 ms leaves room for a loaded one, where the sampler shares this process (CI once
      // measured 124 ms).
      assert.ok(slowest < 250, `/healthz took ${slowest.toFixed(0)} ms during the load`);
      assert.ok(await servesGood(server));
      const logged = log.lines.findLast(
        (line) => line.msg === 'snapshot rejected; still serving the previous one',
      );
      const problems = logged?.problems as string[];
      assert.equal(problems.length, 101, 'at most 100 problems, then a line saying it stopped');
      assert.equal(problems.at(-1), '(stopped after the first 100 problems)');
    });
  }

  test('a deeply nested file is refused before it is parsed', async () => {
    const before = await rejections(server);
    await server.publish(`${'['.repeat(1_000_000)}${']'.repeat(1_000_000)}`);
    await waitFor(async () => (await rejections(server)) === before + 1, 5_000);
    const logged = log.lines.findLast(
      (line) => line.msg === 'snapshot rejected; still serving the previous one',
    );
    assert.deepEqual(logged?.problems, ['snapshot: (file): nested deeper than 32 levels']);
    assert.ok(await servesGood(server));
  });

  test('a valid snapshot over 256 KB is loaded off the main thread and served', async () => {
    const records = Array.from({ length: 2_000 }, (_, i) =>
      completion(String(5_000 + i), { announcedAt: iso(NOW - i * 60_000), text: 'x'.repeat(200) }),
    );
    const big = snapshotOf(records, NOW);
    assert.ok(JSON.stringify(big).length > 256 * 1024);
    const loaded = waitFor(async () => {
      const response = await server.get('/openapi/v1/records?pageSize=1', {
        localAddress: '127.0.0.53',
      });
      return (response.json() as { data: { total: number } }).data.total === 2_000;
    }, 10_000);
    const slowest = await slowestHealthzDuring(
      server,
      server.publish(big).then(() => loaded),
    );
    assert.ok(slowest < 100, `/healthz took ${slowest.toFixed(0)} ms during the load`);
    await server.publish(GOOD);
    await waitFor(() => servesGood(server), 5_000);
  });
});

describe('SNAPSHOT_PATH that is not a regular file', () => {
  let dir: string;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'reset-records-hostile-'));
  });
  after(() => rm(dir, { recursive: true, force: true }));

  test('a FIFO is refused at once; a valid file published over it is served; shutdown is prompt', async () => {
    const path = join(dir, 'fifo.json');
    execFileSync('mkfifo', [path]);
    const log = capturingLogger();
    const server = await startTestServer({
      snapshot: null,
      env: { SNAPSHOT_PATH: path },
      logger: log.logger,
    });
    try {
      assert.equal((await server.get('/readyz')).status, 503);
      assert.equal(await rejections(server), 1);
      const logged = log.lines.find(
        (line) => line.msg === 'snapshot rejected; still serving the previous one',
      );
      assert.deepEqual(logged?.problems, [`${path}: not a regular file`]);

      const next = join(dir, 'next.json');
      await writeFile(next, JSON.stringify(GOOD));
      await rename(next, path);
      await waitFor(() => servesGood(server), 2_000);
    } finally {
      const started = performance.now();
      await server.close();
      assert.ok(performance.now() - started < 2_000, 'close() does not hang');
    }
  });

  test('a symlink to /dev/urandom is refused without being read', async () => {
    const path = join(dir, 'random.json');
    await symlink('/dev/urandom', path);
    const server = await startTestServer({ snapshot: null, env: { SNAPSHOT_PATH: path } });
    try {
      assert.equal(await rejections(server), 1);
      assert.equal(
        (await server.get('/openapi/v1/records', { localAddress: '127.0.0.54' })).status,
        503,
      );
    } finally {
      await server.close();
      await unlink(path);
    }
  });

  test('a symlink loop is logged once, not at every check', async () => {
    const path = join(dir, 'loop.json');
    await symlink(path, path);
    const log = capturingLogger();
    const server = await startTestServer({
      snapshot: null,
      env: { SNAPSHOT_PATH: path },
      logger: log.logger,
    });
    try {
      await new Promise((resolve) => setTimeout(resolve, 1_200)); // about 5 checks
      const errors = log.lines.filter((line) => line.msg === 'snapshot file could not be read');
      assert.equal(errors.length, 1);
      assert.equal(errors[0]!.code, 'ELOOP');
    } finally {
      await server.close();
    }
  });
});

describe('a snapshot file present at start that cannot be served', () => {
  test('the service starts anyway, answers 503 data_unavailable, and is not ready', async () => {
    const server = await startTestServer({ snapshot: null });
    await server.close();
    const dir = await mkdtemp(join(tmpdir(), 'reset-records-hostile-'));
    const path = join(dir, 'snapshot.json');
    await writeFile(path, emptyRecords(1_000_000));
    const restarted = await startTestServer({ snapshot: null, env: { SNAPSHOT_PATH: path } });
    try {
      const response = await restarted.get('/openapi/v1/records');
      assert.equal(response.status, 503);
      assert.equal((response.json() as { error: string }).error, 'data_unavailable');
      assert.equal((await restarted.get('/readyz')).status, 503);
    } finally {
      await restarted.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('the one snapshot size limit (SNAPSHOT_MAX_BYTES)', () => {
  test('a valid snapshot over the limit is refused, counted and logged with the limit named', async () => {
    const log = capturingLogger();
    const server = await startTestServer({
      snapshot: GOOD,
      env: { SNAPSHOT_MAX_BYTES: '4096' },
      logger: log.logger,
    });
    try {
      const records = Array.from({ length: 20 }, (_, i) =>
        completion(String(7_000 + i), { text: 'y'.repeat(200) }),
      );
      const large = JSON.stringify(snapshotOf(records, NOW));
      assert.ok(large.length > 4096);
      await server.publish(large);
      await waitFor(async () => (await rejections(server)) === 1, 3_000);
      const logged = log.lines.find(
        (line) => line.msg === 'snapshot rejected; still serving the previous one',
      );
      assert.deepEqual(logged?.problems, [
        `${server.snapshotPath}: ${large.length} bytes, over the snapshot size limit of 4096 bytes (SNAPSHOT_MAX_BYTES)`,
      ]);
      assert.ok(await servesGood(server));
    } finally {
      await server.close();
    }
  });
});
