import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import fc from 'fast-check';
import {
  createClient,
  type KindFilter,
  QueryError,
  RateLimitError,
  type ResetRecord,
  type ResetRecordsClient,
  type StatusAnswer,
} from '../../packages/client/src/index.ts';
import { sampleSnapshot } from '../../src/producer/demo/sample-ledger.ts';
import { answerSnapshot } from '../support/answer-snapshots.ts';
import { HOUR, iso, schedule, snapshotOf } from '../support/records.ts';
import { startTestServer, type TestServer, waitFor } from '../support/server.ts';

/**
 * The client against the real server on a free port: each method gives what the raw HTTP
 * answer says, nextSchedule() and lastReset() give what /status.json says (a differential
 * over the demo and random snapshots), a 304 revalidates, and the quota is read, waited
 * for or reported as the caller chose.
 */

const KINDS: KindFilter[] = ['all', 'reset_scheduled', 'reset_completed'];
const START = Date.parse('2026-11-21T20:00:00.000Z');

/** A fetch that records each request's If-None-Match and each response's status. */
function recordingFetch() {
  const log: Array<{ url: string; ifNoneMatch: string | null; status: number }> = [];
  const fetchImpl: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    const headers = new Headers(init?.headers);
    log.push({
      url: String(input),
      ifNoneMatch: headers.get('if-none-match'),
      status: response.status,
    });
    return response;
  };
  return { fetch: fetchImpl, log };
}

/** What /status.json says, in the terms the client's results use. */
function statusTerms(status: StatusAnswer) {
  return {
    open: status.open.map((o) => [o.recordId, o.inProgress]),
    last: status.lastReset && { id: status.lastReset.recordId, at: status.lastReset.at },
    lastGlobal: status.lastGlobalReset?.recordId ?? null,
  };
}

async function clientTerms(client: ResetRecordsClient, pageSize: number) {
  const next = await client.nextSchedule({ pageSize });
  const last = await client.lastReset({ pageSize });
  const lastGlobal = await client.lastReset({ pageSize, global: true });
  assert.ok(next.complete && last.complete && lastGlobal.complete);
  assert.equal(next.next?.record.id, next.open[0]?.record.id);
  return {
    open: next.open.map((o) => [o.record.id, o.inProgress]),
    last: last.last && { id: last.last.record.id, at: last.last.at },
    lastGlobal: lastGlobal.last?.record.id ?? null,
  };
}

describe('the client against the demo (RATE_LIMIT=off)', () => {
  let server: TestServer;
  let recorded: ReturnType<typeof recordingFetch>;
  let client: ResetRecordsClient;
  before(async () => {
    server = await startTestServer({
      snapshot: sampleSnapshot(START),
      clock: () => START,
      env: { RATE_LIMIT: 'off' },
    });
    recorded = recordingFetch();
    client = createClient({ baseUrl: server.origin, fetch: recorded.fetch, clock: () => START });
  });
  after(() => server.close());

  test('status() is /status.json', async () => {
    assert.deepEqual(await client.status(), (await server.get('/status.json')).json());
  });

  test('latest(kind) and list(query) are the envelopes of the API, for every kind', async () => {
    for (const kind of KINDS) {
      const raw = (await server.get(`/openapi/v1/records/latest?kind=${kind}`)).json() as {
        data: ResetRecord | null;
        meta: unknown;
      };
      assert.deepEqual(await client.latest(kind), { record: raw.data, meta: raw.meta });
      const rawList = (
        await server.get(`/openapi/v1/records?kind=${kind}&page=2&pageSize=3`)
      ).json() as { data: object; meta: unknown };
      assert.deepEqual(await client.list({ kind, page: 2, pageSize: 3 }), {
        ...rawList.data,
        meta: rawList.meta,
      });
    }
  });

  test('pages(kind) yields every record once, in the order of the API', async () => {
    for (const kind of KINDS) {
      const raw = (await server.get(`/openapi/v1/records?kind=${kind}&pageSize=10`)).json() as {
        data: { items: ResetRecord[]; total: number };
      };
      assert.ok(raw.data.total <= 10, 'the demo fits one page of 10');
      const ids: string[] = [];
      let pages = 0;
      for await (const page of client.pages(kind, { pageSize: 3 })) {
        pages++;
        ids.push(...page.items.map((record) => record.id));
      }
      assert.deepEqual(
        ids,
        raw.data.items.map((record) => record.id),
      );
      assert.equal(pages, Math.max(1, Math.ceil(raw.data.total / 3)));
    }
  });

  test('nextSchedule() and lastReset() give the answer of /status.json, page size 10 and 2', async () => {
    const status = (await server.get('/status.json')).json() as StatusAnswer;
    assert.ok(status.next !== null && status.lastReset !== null, 'the demo has both');
    for (const pageSize of [10, 2]) {
      assert.deepEqual(await clientTerms(client, pageSize), statusTerms(status));
    }
  });

  test('ETag: a second read sends If-None-Match, gets 304 and gives the same answer', async () => {
    const first = await client.latest('reset_completed');
    const firstStatus = await client.status();
    recorded.log.length = 0;
    assert.deepEqual(await client.latest('reset_completed'), first);
    assert.deepEqual(await client.status(), firstStatus);
    assert.deepEqual(
      recorded.log.map((entry) => [
        new URL(entry.url).pathname,
        entry.status,
        entry.ifNoneMatch !== null,
      ]),
      [
        ['/openapi/v1/records/latest', 304, true],
        ['/status.json', 304, true],
      ],
    );
    const uncached = recordingFetch();
    const plain = createClient({ baseUrl: server.origin, fetch: uncached.fetch, cache: false });
    await plain.status();
    await plain.status();
    assert.deepEqual(
      uncached.log.map((entry) => [entry.status, entry.ifNoneMatch]),
      [
        [200, null],
        [200, null],
      ],
    );
  });

  test('a query the contract refuses is refused before anything is sent', async () => {
    recorded.log.length = 0;
    for (const query of [
      { pageSize: 11 },
      { page: 0 },
      { page: 1.5 },
      { kind: 'any' },
      { size: 1 },
    ]) {
      await assert.rejects(client.list(query as never), QueryError);
    }
    await assert.rejects(client.latest('nope' as KindFilter), QueryError);
    assert.deepEqual(recorded.log, []);
  });
});

describe('the differential with /status.json on random snapshots', () => {
  const NOW = Date.parse('2026-11-21T10:00:00.000Z');
  let server: TestServer;
  before(async () => {
    server = await startTestServer({
      snapshot: null,
      clock: () => NOW,
      env: { RATE_LIMIT: 'off' },
    });
  });
  after(() => server.close());

  test('6 random snapshots, page sizes 1 to 10', async () => {
    const files = fc.sample(answerSnapshot(NOW), { numRuns: 6, seed: 21 });
    const client = createClient({ baseUrl: server.origin, clock: () => NOW });
    for (const [i, file] of files.entries()) {
      const generatedAt = iso(NOW - 60_000 - i * 1000);
      await server.publish({ ...file, generatedAt });
      await waitFor(async () => {
        const response = await server.get('/status.json');
        return (
          response.status === 200 && (response.json() as StatusAnswer).generatedAt === generatedAt
        );
      }, 5000);
      const status = (await server.get('/status.json')).json() as StatusAnswer;
      assert.deepEqual(
        await clientTerms(client, 1 + ((i * 3) % 10)),
        statusTerms(status),
        `snapshot ${i}`,
      );
    }
  });
});

describe('the quota (X-RateLimit-*, 429 and Retry-After)', () => {
  /** Five pending schedules 1 to 5 h ahead: reset_scheduled lists the latest window first. */
  const fiveSchedules = () => {
    const now = Date.now();
    const records = [1, 2, 3, 4, 5].map((h) =>
      schedule(`op_h${h}`, 'pending', [now + h * HOUR, now + h * HOUR]),
    );
    return snapshotOf(records, now);
  };

  test('nextSchedule() stopped by the quota: the candidate of the pages read, the range, not the overall next', async () => {
    const server = await startTestServer({
      snapshot: fiveSchedules(),
      env: { RATE_LIMIT_MAX: '3' },
    });
    try {
      const client = createClient({ baseUrl: server.origin });
      const result = await client.nextSchedule({ pageSize: 1 });
      assert.equal(result.complete, false);
      assert.equal(result.stopped?.reason, 'rate_limited');
      // Pages 1-3 hold the schedules 5, 4 and 3 h ahead; the overall next (1 h) was not read.
      assert.deepEqual(
        result.open.map((o) => o.record.id),
        ['op_h3', 'op_h4', 'op_h5'],
      );
      assert.equal(result.next?.record.id, 'op_h3');
      assert.deepEqual(
        {
          pagesRead: result.checked.pagesRead,
          totalPages: result.checked.totalPages,
          total: result.checked.total,
        },
        { pagesRead: 3, totalPages: 5, total: 5 },
      );
      assert.match(
        result.note,
        /^Stopped after page 3 of 5 of reset_scheduled \(3 of 5 records of the snapshot generated at .+\): the quota is spent \(retry after \d+ s\)\. This is the earliest open schedule among the records checked, not necessarily the overall one\.$/,
      );
      assert.equal(client.quota?.limit, 3);
      assert.equal(client.quota?.remaining, 0);
      assert.equal(client.quota?.windowSeconds, 3600);
      const error = await client.list().then(
        () => assert.fail('the quota is spent'),
        (e: unknown) => e,
      );
      assert.ok(error instanceof RateLimitError);
      assert.equal(error.status, 429);
      assert.ok(error.retryAfterSeconds >= 3590 && error.retryAfterSeconds <= 3600);
      assert.equal(error.quota?.remaining, 0);
    } finally {
      await server.close();
    }
  });

  test("onRateLimit 'wait': waits Retry-After within maxWaitMs, throws at once beyond it", async () => {
    const server = await startTestServer({
      snapshot: fiveSchedules(),
      env: { RATE_LIMIT_MAX: '1', RATE_LIMIT_WINDOW_SECONDS: '1' },
    });
    try {
      const waiting = createClient({
        baseUrl: server.origin,
        onRateLimit: 'wait',
        maxWaitMs: 5000,
      });
      await waiting.latest();
      let started = performance.now();
      assert.equal((await waiting.latest()).record?.id, 'op_h1');
      const waited = performance.now() - started;
      assert.ok(waited >= 900 && waited < 4000, `waited ${waited} ms for Retry-After: 1`);

      const impatient = createClient({
        baseUrl: server.origin,
        onRateLimit: 'wait',
        maxWaitMs: 500,
      });
      await new Promise((resolve) => setTimeout(resolve, 1100)); // the window is free again
      await impatient.latest();
      started = performance.now();
      await assert.rejects(impatient.latest(), RateLimitError);
      const gaveUp = performance.now() - started;
      assert.ok(gaveUp < 500, `gave up after ${gaveUp} ms instead of waiting beyond maxWaitMs`);
    } finally {
      await server.close();
    }
  });
});
