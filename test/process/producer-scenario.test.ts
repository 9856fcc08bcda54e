import assert from 'node:assert/strict';
import { appendFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { request } from '../support/http.ts';
import { freePort } from '../support/process.ts';
import {
  type ApiList,
  type ApiRecord,
  assertExit,
  createLedger,
  healthy,
  jsonLines,
  LongRunning,
  ledgerEntries,
  listRecords,
  ops,
  type PostLine,
  run,
  tempDir,
  until,
} from './support-producer/processes.ts';

/**
 * The scenario, end to end: a real service process and a real monitor process
 * share SNAPSHOT_PATH; the monitor follows a JSON-lines posts file and a SQLite ledger;
 * the operator's `ops` commands change the ledger; the public API follows.
 */

const HANDLE = 'resetwatch';
const MINUTE = 60_000;
/** How long each change may take to reach the API (a monitor round a second, the service's 1 s). */
const TRANSITION_MS = 5_000;
/**
 * How long a monitor process may take to start and publish its first snapshot: tsx, the
 * classifier's libraries and the ledger load first, which on a loaded 2-core CI machine
 * has taken more than 5 s.
 */
const STARTUP_MS = 20_000;

const iso = (ms: number) => new Date(ms).toISOString();
const post = (id: string, createdAt: number, text: string): PostLine => ({
  id,
  handle: HANDLE,
  createdAt: iso(createdAt),
  text,
});
const ids = (list: ApiList) => list.items.map((item) => item.id);
const find = (list: ApiList, id: string): ApiRecord | undefined =>
  list.items.find((item) => item.id === id);

interface Box {
  readonly dir: string;
  readonly posts: string;
  readonly env: { readonly LEDGER_URL: string; readonly REVIEW_BELOW: string };
  readonly origin: string;
  readonly service: LongRunning;
  startMonitor(intervalSeconds: number): LongRunning;
}

describe('the service and the monitor as two processes, driven by the operator', () => {
  const started: LongRunning[] = [];
  const cleanups: (() => Promise<void>)[] = [];
  after(async () => {
    for (const child of started) child.kill();
    for (const cleanup of cleanups) await cleanup();
  });

  /** A temp dir with a posts file, a ledger and a snapshot path, and the service on it. */
  async function box(label: string): Promise<Box> {
    const temp = await tempDir(label);
    cleanups.push(temp.remove);
    const { dir } = temp;
    const snapshotPath = join(dir, 'snapshot.json');
    const posts = join(dir, 'posts.jsonl');
    // REVIEW_BELOW=1 holds every post (no confidence reaches 1): the operator decides each.
    const env = { LEDGER_URL: `sqlite:${join(dir, 'ledger.db')}`, REVIEW_BELOW: '1' };
    await createLedger(env.LEDGER_URL);
    const port = await freePort();
    const service = new LongRunning(['serve'], {
      HOST: '127.0.0.1',
      PORT: String(port),
      SNAPSHOT_PATH: snapshotPath,
      METRICS_PORT: '0',
      RATE_LIMIT: 'off',
      LOG_LEVEL: 'warn',
    });
    started.push(service);
    return {
      dir,
      posts,
      env,
      origin: `http://127.0.0.1:${port}`,
      service,
      startMonitor(intervalSeconds) {
        const monitor = new LongRunning(['monitor'], {
          ...env,
          MONITOR_SOURCE: `file:${posts}`,
          MONITOR_INTERVAL_SECONDS: String(intervalSeconds),
          SNAPSHOT_PATH: snapshotPath,
          LOG_LEVEL: 'info',
        });
        started.push(monitor);
        return monitor;
      },
    };
  }

  /** Polls the list of `kind` until `check` holds (a bounded wait per transition). */
  async function listUntil(
    origin: string,
    kind: string,
    what: string,
    check: (list: ApiList) => boolean,
    monitor: LongRunning,
    withinMs = TRANSITION_MS,
  ): Promise<ApiList> {
    let last: ApiList | undefined;
    const { value } = await until(
      what,
      async () => {
        last = await listRecords(origin, kind);
        return check(last) ? last : undefined;
      },
      withinMs,
      () =>
        `${JSON.stringify(last?.items.map((item) => [item.id, item.scheduleState]))}\nmonitor: ${monitor.stdout.slice(-2000)}${monitor.stderr}`,
    );
    return value;
  }

  test('a schedule post appears, is accepted and pinned first, is fulfilled by a completion post, dismissed and brought back', async () => {
    const { posts, env, origin, service, startMonitor } = await box('scenario');
    const now = Date.now();
    // "tomorrow": ahead at any hour the test runs ("at 6pm PT" alone, written after 6pm
    // Pacific, is a reset of that evening, done).
    const S = post(
      '1990000000000000101',
      now - 10 * MINUTE,
      'Usage limits reset for everyone tomorrow at 6pm PT.',
    );
    // Announced after S: without the pin of a pending schedule it would be listed first.
    const B = post('1990000000000000102', now - 5 * MINUTE, 'Banked usage has been reset.');
    await writeFile(posts, jsonLines([S, B]));
    const monitor = startMonitor(1);
    await healthy(origin, 20_000, service); // a start takes seconds on a loaded machine

    // The monitor's first round stores both posts, held for review: nothing public.
    const first = await listUntil(
      origin,
      'all',
      'the first snapshot',
      () => true,
      monitor,
      STARTUP_MS,
    );
    assert.deepEqual(ids(first), []);
    assert.notEqual(first.meta.lastSuccessfulCheckAt, null);

    // The operator accepts S with its exact time, a little in the future, and B as banked.
    const at = iso(Math.ceil((Date.now() + 10 * MINUTE) / 1000) * 1000);
    await Promise.all([
      ops(
        [
          'accept',
          S.id,
          '--set',
          `window=${at},${at}`,
          '--set',
          'precision=datetime',
          '--set',
          'basis=explicit',
          '--by',
          'alice',
          '--reason',
          'exact time announced',
        ],
        env,
      ),
      ops(['accept', B.id, '--set', 'resetType=banked', '--by', 'alice'], env),
    ]);
    const pinned = await listUntil(
      origin,
      'all',
      'S pending, pinned first, then B',
      (list) => ids(list).join() === [S.id, B.id].join(),
      monitor,
    );
    assert.equal(find(pinned, S.id)!.scheduleState, 'pending');
    assert.deepEqual(find(pinned, S.id)!['scheduleWindow'], { startAt: at, endAt: at });
    assert.equal(find(pinned, S.id)!['schedulePrecision'], 'datetime');
    assert.equal(find(pinned, S.id)!['scheduleBasis'], 'explicit');
    const latest = (await request(origin, '/openapi/v1/records/latest')).json() as {
      data: { id: string } | null;
    };
    assert.equal(latest.data?.id, S.id, 'the latest record is the pinned schedule');

    // A completion post arrives in the file; once stored, the operator accepts it.
    const C = post('1990000000000000103', Date.now(), 'Limits have been reset for everyone.');
    await appendFile(posts, jsonLines([C]));
    await until(
      'the monitor stores the completion post',
      async () =>
        (await ledgerEntries(env.LEDGER_URL)).some(
          (entry) => entry.type === 'post_observed' && entry.payload.post.id === C.id,
        ) || undefined,
      TRANSITION_MS,
    );
    await ops(['accept', C.id, '--by', 'alice'], env);
    const all = await listUntil(
      origin,
      'all',
      'S fulfilled leaves kind=all',
      (list) => ids(list).join() === [C.id, B.id].join(),
      monitor,
    );
    assert.deepEqual(find(all, C.id)!.relatedRecordIds, [S.id]);
    const scheduled = await listRecords(origin, 'reset_scheduled');
    assert.deepEqual(ids(scheduled), [S.id]);
    assert.deepEqual(
      pick(find(scheduled, S.id)!),
      { scheduleState: 'fulfilled', completionRecordId: C.id, fulfillmentOrigin: 'auto' },
      'listed under kind=reset_scheduled as fulfilled by C (auto link)',
    );

    // Dismissed: omitted from every list.
    const dismissed = await ops(['dismiss', S.id, '--by', 'bob', '--reason', 'not for us'], env);
    await listUntil(
      origin,
      'reset_scheduled',
      'S omitted from kind=reset_scheduled',
      (list) => ids(list).length === 0,
      monitor,
    );
    const [allAfter, completedAfter] = await Promise.all([
      listRecords(origin, 'all'),
      listRecords(origin, 'reset_completed'),
    ]);
    assert.deepEqual(ids(allAfter), [C.id, B.id]);
    assert.deepEqual(find(allAfter, C.id)!.relatedRecordIds, []);
    assert.deepEqual(ids(completedAfter), [C.id, B.id]);

    // The dismissal undone: back, fulfilled by C again.
    await ops(['undo', String(dismissed.entryId), '--by', 'alice'], env);
    const back = await listUntil(
      origin,
      'reset_scheduled',
      'S back under kind=reset_scheduled',
      (list) => ids(list).join() === S.id,
      monitor,
    );
    assert.deepEqual(pick(find(back, S.id)!), {
      scheduleState: 'fulfilled',
      completionRecordId: C.id,
      fulfillmentOrigin: 'auto',
    });
    assert.deepEqual(ids(await listRecords(origin, 'all')), [C.id, B.id]);

    await Promise.all([monitor.terminate('the monitor'), service.terminate('the service')]);
  });

  test('the monitor republishes when a window ends, with no new post and no round due (MONITOR_INTERVAL_SECONDS=60)', async (t) => {
    const { posts, env, origin, service, startMonitor } = await box('window-end');
    const E = post('1990000000000000201', Date.now() - MINUTE, 'Limits reset in a few seconds.');
    await writeFile(posts, jsonLines([E]));
    // Stored and accepted before the monitor starts: its first round publishes E pending and
    // arms its timer for the window's end; the next round by the interval is a minute away.
    const ingested = await run(['ingest', posts], env);
    assertExit(ingested, 0, 'ingest');
    // Far enough ahead for the monitor to start and publish E while it is still pending.
    const end = Math.ceil((Date.now() + STARTUP_MS + 5_000) / 1000) * 1000;
    await ops(
      [
        'accept',
        E.id,
        '--set',
        `window=${iso(end)},${iso(end)}`,
        '--set',
        'precision=datetime',
        '--set',
        'basis=explicit',
        '--by',
        'alice',
      ],
      env,
    );
    const monitor = startMonitor(60);
    await healthy(origin, 20_000, service); // a start takes seconds on a loaded machine
    const pending = await listUntil(
      origin,
      'reset_scheduled',
      'E published pending',
      (list) => find(list, E.id)?.scheduleState === 'pending',
      monitor,
      STARTUP_MS,
    );
    assert.ok(Date.now() < end, 'E was seen pending before its window ended');
    assert.equal(ids(pending).join(), E.id);

    const { value } = await until(
      'E elapsed in the API',
      async () => {
        const list = await listRecords(origin, 'reset_scheduled');
        return find(list, E.id)?.scheduleState === 'elapsed' ? Date.now() : undefined;
      },
      end - Date.now() + TRANSITION_MS,
      () => monitor.stdout.slice(-2000),
    );
    const late = value - end;
    t.diagnostic(`elapsed in the API ${late} ms after the window's end`);
    assert.ok(late <= 2_500, `elapsed in the API ${late} ms after the window's end`);

    // The round that published it ran at the window's end, not by the interval.
    const checks = (await ledgerEntries(env.LEDGER_URL)).filter(
      (entry) => entry.type === 'source_checked',
    );
    const atEnd = checks.filter((entry) => Date.parse(entry.at) >= end);
    assert.equal(atEnd.length, 1, JSON.stringify(checks.map((entry) => entry.at)));
    assert.ok(Date.parse(atEnd[0]!.at) - end < 1_000, `that round ran at ${atEnd[0]!.at}`);

    await Promise.all([monitor.terminate('the monitor'), service.terminate('the service')]);
  });
});

function pick(record: ApiRecord) {
  return {
    scheduleState: record.scheduleState,
    completionRecordId: record.completionRecordId,
    fulfillmentOrigin: record.fulfillmentOrigin,
  };
}
