import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { StatusAnswer, StatusSchedule } from '../../packages/client/src/index.ts';
import { sampleSnapshot } from '../../src/producer/demo/sample-ledger.ts';
import { cli } from '../support/process.ts';
import { HOUR, schedule, snapshotOf } from '../support/records.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

/** `reset-records next` and `reset-records last` as processes, against the real server. */

const words = (fact: Pick<StatusSchedule, 'resetType' | 'plans' | 'windows'>) =>
  `${fact.resetType}; plans: ${fact.plans.join(', ')}; windows: ${fact.windows.join(', ')}`;

describe('reset-records next / last --base-url', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({
      snapshot: sampleSnapshot(Date.now()),
      env: { RATE_LIMIT: 'off' },
    });
  });
  after(() => server.close());

  const readAllNote = async (kind: string) => {
    const { data, meta } = (await server.get(`/openapi/v1/records?kind=${kind}`)).json() as {
      data: { total: number; totalPages: number };
      meta: { generatedAt: string };
    };
    const pages = `${data.totalPages} page${data.totalPages === 1 ? '' : 's'}`;
    return `Read all ${pages} of ${kind} (${data.total} records) of the snapshot generated at ${meta.generatedAt}.`;
  };

  test('next: the next reset of /status.json, its window, and what was read; exit 0', async () => {
    const run = await cli(['next', '--base-url', server.origin]);
    const status = (await server.get('/status.json')).json() as StatusAnswer;
    const next = status.next!;
    assert.equal(run.stderr, '');
    assert.equal(run.code, 0);
    assert.equal(
      run.stdout,
      [
        `next: ${next.recordId} (${words(next)})`,
        `window: ${next.startAt} to ${next.endAt}${next.inProgress ? ' (in progress)' : ''}`,
        await readAllNote('reset_scheduled'),
        '',
      ].join('\n'),
    );
  });

  test('last --global --json: the last global reset of /status.json as JSON; exit 0', async () => {
    const run = await cli(['last', '--global', '--json', '--base-url', `${server.origin}/`]);
    assert.equal(run.code, 0);
    const status = (await server.get('/status.json')).json() as StatusAnswer;
    const result = JSON.parse(run.stdout) as {
      complete: boolean;
      last: { record: { id: string }; at: string };
      note: string;
    };
    assert.equal(result.complete, true);
    assert.deepEqual(
      [result.last.record.id, result.last.at],
      [status.lastGlobalReset!.recordId, status.lastGlobalReset!.at],
    );
    assert.equal(result.note, await readAllNote('reset_completed'));
  });

  test('usage errors exit 2; an unreachable service exits 1 with one line', async () => {
    const missing = await cli(['last']);
    assert.equal(missing.code, 2);
    assert.match(
      missing.stderr,
      /^reset-records: --base-url is required\nUsage: reset-records next\|last/,
    );
    const unreachable = await cli(['last', '--base-url', 'http://127.0.0.1:1', '--timeout', '2']);
    assert.equal(unreachable.code, 1);
    assert.equal(
      unreachable.stderr,
      'reset-records: request failed: http://127.0.0.1:1/openapi/v1/records?kind=reset_completed&page=1&pageSize=10\n',
    );
  });
});

test('next stopped by the quota: the candidate, the range it checked, "not necessarily the overall one"; exit 3', async () => {
  const now = Date.now();
  // Twelve schedules, 1 to 12 h ahead: page 1 of reset_scheduled holds the ten latest.
  const records = Array.from({ length: 12 }, (_, i) =>
    schedule(`op_h${String(i + 1).padStart(2, '0')}`, 'pending', [
      now + (i + 1) * HOUR,
      now + (i + 1) * HOUR,
    ]),
  );
  const server = await startTestServer({
    snapshot: snapshotOf(records, now),
    env: { RATE_LIMIT_MAX: '1' },
  });
  try {
    const run = await cli(['next', '--base-url', server.origin]);
    assert.equal(run.code, 3);
    const lines = run.stdout.split('\n');
    assert.equal(lines[0], 'next: op_h03 (global; plans: unknown; windows: unknown)');
    assert.match(
      lines[2]!,
      /^Stopped after page 1 of 2 of reset_scheduled \(10 of 12 records of the snapshot generated at .+\): the quota is spent \(retry after \d+ s\)\. This is the earliest open schedule among the records checked, not necessarily the overall one\.$/,
    );
  } finally {
    await server.close();
  }
});

test('next --wait: waits for Retry-After within the bound and gives the whole answer; exit 0', async () => {
  const now = Date.now();
  const records = Array.from({ length: 12 }, (_, i) =>
    schedule(`op_w${String(i + 1).padStart(2, '0')}`, 'pending', [
      now + (i + 1) * HOUR,
      now + (i + 1) * HOUR,
    ]),
  );
  const server = await startTestServer({
    snapshot: snapshotOf(records, now),
    env: { RATE_LIMIT_MAX: '1', RATE_LIMIT_WINDOW_SECONDS: '1' },
  });
  try {
    const run = await cli(['next', '--wait', '5', '--base-url', server.origin]);
    assert.equal(run.code, 0);
    assert.match(
      run.stdout,
      /^next: op_w01 \(global; plans: unknown; windows: unknown\)\n.*\nRead all 2 pages of reset_scheduled \(12 records\) of the snapshot generated at .+\.\n$/,
    );
  } finally {
    await server.close();
  }
});
