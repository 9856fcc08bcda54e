import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { request } from '../support/http.ts';
import { freePort } from '../support/process.ts';
import {
  assertExit,
  createLedger,
  healthy,
  jsonLines,
  LongRunning,
  ledgerEntries,
  listRecords,
  ops,
  run,
  tempDir,
  until,
} from './support-producer/processes.ts';

/**
 * `reset-records serve --monitor`: the service and the producer's monitor in one process,
 * one command for a single box (README). It serves what its own monitor publishes.
 */

/**
 * How long `serve --monitor` may take to start (tsx, the classifier's libraries, the
 * ledger), and its monitor's first round: a liveness bound, not a speed target. More than
 * 20 s has been seen with the three tests below starting boxes at once beside the rest of
 * `npm test` on a slower 2-core machine.
 */
const STARTUP_MS = 60_000;
const FIRST_ROUND_MS = 20_000;

const POST = {
  id: '1990000000000000301',
  handle: 'resetwatch',
  createdAt: new Date(Date.now() - 60_000).toISOString(),
  // Hedged, so the rules classifier holds it for review.
  text: 'Usage limits might reset for everyone tonight.',
};

describe('serve --monitor', { concurrency: true }, () => {
  const started: LongRunning[] = [];
  const cleanups: (() => Promise<void>)[] = [];
  after(async () => {
    for (const child of started) child.kill();
    for (const cleanup of cleanups) await cleanup();
  });
  async function sandbox(label: string) {
    const temp = await tempDir(label);
    cleanups.push(temp.remove);
    return temp.dir;
  }

  test('starts, serves the snapshot its monitor publishes, answers /healthz and exits 0 on SIGTERM', async () => {
    const dir = await sandbox('serve-monitor');
    const posts = join(dir, 'posts.jsonl');
    const snapshotPath = join(dir, 'snapshot.json');
    const ledger = { LEDGER_URL: `sqlite:${join(dir, 'ledger.db')}` };
    await createLedger(ledger.LEDGER_URL);
    await writeFile(posts, jsonLines([POST]));
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const box = new LongRunning(['serve', '--monitor'], {
      ...ledger,
      HOST: '127.0.0.1',
      PORT: String(port),
      METRICS_PORT: '0',
      RATE_LIMIT: 'off',
      SNAPSHOT_PATH: snapshotPath,
      MONITOR_SOURCE: `file:${posts}`,
      MONITOR_INTERVAL_SECONDS: '1',
      LOG_LEVEL: 'info',
    });
    started.push(box);
    await healthy(origin, STARTUP_MS, box);

    // The monitor's snapshot, not the demo: the post is held for review, so no record yet.
    const { value: first } = await until(
      'the monitor publishes its first snapshot',
      async () => {
        const list = await listRecords(origin, 'all');
        return list.meta.lastSuccessfulCheckAt === null ? undefined : list;
      },
      STARTUP_MS,
      () => box.stdout.slice(-2000) + box.stderr,
    );
    assert.deepEqual(first.items, []);
    const published = JSON.parse(await readFile(snapshotPath, 'utf8')) as {
      generatedAt: string;
      lastSuccessfulCheckAt: string;
    };
    assert.equal(first.meta.lastSuccessfulCheckAt, published.lastSuccessfulCheckAt);

    // The loop goes on: an accepted post is served within a round or two.
    await ops(['accept', POST.id, '--by', 'alice'], ledger);
    await until(
      'the accepted post is served',
      async () => {
        const list = await listRecords(origin, 'all');
        return list.items.map((item) => item.id).join() === POST.id ? true : undefined;
      },
      FIRST_ROUND_MS,
      () => box.stdout.slice(-2000) + box.stderr,
    );
    assert.equal((await request(origin, '/healthz')).status, 200);
    assert.match(box.stdout, /"msg":"snapshot published"/);

    await box.terminate('serve --monitor');
  });

  test("an operator's decision is public within 10 s, with no round due; `monitor --once` beside it says so and exits 3", async () => {
    const dir = await sandbox('serve-monitor-once');
    const posts = join(dir, 'posts.jsonl');
    const snapshotPath = join(dir, 'snapshot.json');
    const ledger = { LEDGER_URL: `sqlite:${join(dir, 'ledger.db')}` };
    await createLedger(ledger.LEDGER_URL);
    await writeFile(posts, jsonLines([POST]));
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const box = new LongRunning(['serve', '--monitor'], {
      ...ledger,
      HOST: '127.0.0.1',
      PORT: String(port),
      RATE_LIMIT: 'off',
      SNAPSHOT_PATH: snapshotPath,
      MONITOR_SOURCE: `file:${posts}`,
      MONITOR_INTERVAL_SECONDS: '3600', // no round by the interval during this test
    });
    started.push(box);
    try {
      await healthy(origin, STARTUP_MS, box);
      await until(
        'the first snapshot',
        async () =>
          (await listRecords(origin, 'all')).meta.lastSuccessfulCheckAt ? true : undefined,
        FIRST_ROUND_MS,
      );
      await ops(['accept', POST.id, '--by', 'alice'], ledger);
      const accepted = performance.now();
      await until(
        'the accepted post is served',
        async () =>
          (await listRecords(origin, 'all')).items.some((item) => item.id === POST.id)
            ? true
            : undefined,
        10_000,
      );
      console.log(`accept to public: ${Math.round(performance.now() - accepted)} ms`);
      const once = await run(['monitor', '--once'], {
        ...ledger,
        SNAPSHOT_PATH: snapshotPath,
        MONITOR_SOURCE: `file:${posts}`,
      });
      assertExit(once, 3, 'monitor --once beside a running monitor');
      assert.match(
        once.stderr,
        /^reset-records: another monitor \(\S+\) runs the rounds: the source was not checked; published from the ledger\. "ops check" asks it for a round now\.\n$/,
      );
    } finally {
      await box.terminate('serve --monitor');
    }
  });

  test('restarted after a crash (SIGKILL), the box checks its source again once the dead lease expires (15 s)', async () => {
    const dir = await sandbox('serve-monitor-crash');
    const posts = join(dir, 'posts.jsonl');
    const ledger = { LEDGER_URL: `sqlite:${join(dir, 'ledger.db')}` };
    await createLedger(ledger.LEDGER_URL);
    await writeFile(posts, jsonLines([POST]));
    const start = async () => {
      const port = await freePort();
      const box = new LongRunning(['serve', '--monitor'], {
        ...ledger,
        HOST: '127.0.0.1',
        PORT: String(port),
        RATE_LIMIT: 'off',
        SNAPSHOT_PATH: join(dir, 'snapshot.json'),
        MONITOR_SOURCE: `file:${posts}`,
        MONITOR_INTERVAL_SECONDS: '1',
      });
      started.push(box);
      await healthy(`http://127.0.0.1:${port}`, STARTUP_MS, box);
      return box;
    };
    const checks = async () =>
      (await ledgerEntries(ledger.LEDGER_URL)).filter((entry) => entry.type === 'source_checked')
        .length;

    const crashed = await start();
    await until(
      'a first check',
      async () => ((await checks()) > 0 ? true : undefined),
      FIRST_ROUND_MS,
    );
    crashed.child.kill('SIGKILL');
    await crashed.exited;
    const before = await checks();

    const restarted = await start();
    try {
      await until(
        'a check by the restarted box',
        async () => ((await checks()) > before ? true : undefined),
        20_000,
        () => restarted.stdout.slice(-1000),
      );
    } finally {
      await restarted.terminate('the restarted box');
    }
  });

  test('without SNAPSHOT_PATH it exits 2 with a message (it would have nowhere to publish)', async () => {
    const dir = await sandbox('serve-monitor-no-target');
    const result = await run(['serve', '--monitor'], {
      LEDGER_URL: `sqlite:${join(dir, 'ledger.db')}`,
      MONITOR_SOURCE: `file:${join(dir, 'posts.jsonl')}`,
      PORT: String(await freePort()),
    });
    assertExit(result, 2, 'serve --monitor without SNAPSHOT_PATH');
    assert.match(
      result.stderr,
      /^reset-records: Invalid configuration:\n {2}- serve --monitor needs SNAPSHOT_PATH/,
    );
  });

  test('without MONITOR_SOURCE it exits 2 with a message, instead of serving with no monitor', async () => {
    const dir = await sandbox('serve-monitor-no-source');
    const box = new LongRunning(['serve', '--monitor'], {
      LEDGER_URL: `sqlite:${join(dir, 'ledger.db')}`,
      HOST: '127.0.0.1',
      PORT: String(await freePort()),
      SNAPSHOT_PATH: join(dir, 'snapshot.json'),
    });
    started.push(box);
    await until(
      'the message names MONITOR_SOURCE',
      async () => (/MONITOR_SOURCE/.test(box.stderr) || !box.running ? true : undefined),
      STARTUP_MS,
      () => box.stderr,
    );
    // The exit follows the monitor's (its last messages are read for up to a second) and
    // the service's modules loading meanwhile: seconds on a loaded box, so the start's bound.
    const { code } = await box.exitWithin(STARTUP_MS);
    assert.equal(code, 2, `exit ${code}: ${box.stderr}`);
    assert.match(box.stderr, /^reset-records: serve --monitor: /m);
  });
});
