import assert from 'node:assert/strict';
import { open, rm } from 'node:fs/promises';
import { after, before, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { completion, DAY, HOUR, iso, schedule, snapshotOf } from '../support/records.ts';
import { startTestServer, type TestServer, waitFor } from '../support/server.ts';

/**
 * The SNAPSHOT_PATH lifecycle (decisions.md §1 and §2): a missing file, a published one,
 * bad replacements that are refused, deletion, and a non-atomic write. Rate limiting is
 * off so that polling the data endpoints does not run into the quota.
 */

const LIST = '/openapi/v1/records';
const LATEST = '/openapi/v1/records/latest';
const T = Date.parse('2026-03-01T08:00:00.000Z');

const SNAPSHOT_A = {
  generatedAt: '2026-03-01T08:00:00.000Z',
  lastSuccessfulCheckAt: '2026-03-01T07:59:30.000Z',
  records: [
    completion('1111', { announcedAt: iso(T - HOUR), effectiveAt: iso(T - HOUR) }),
    completion('op_first', { announcedAt: iso(T - 2 * HOUR) }),
  ],
};
const SNAPSHOT_B = {
  generatedAt: '2026-03-02T09:30:00.000Z',
  lastSuccessfulCheckAt: null,
  records: [
    completion('2222', { announcedAt: iso(T + DAY), effectiveAt: iso(T + DAY) }),
    schedule('2221', 'elapsed', [T - DAY, T - DAY], { announcedAt: iso(T - 2 * DAY) }),
    completion('op_second', { announcedAt: iso(T - 3 * DAY) }),
  ],
};
const SNAPSHOT_C = snapshotOf(
  [completion('3333', { announcedAt: iso(T + 2 * DAY), text: 'x'.repeat(20_000) })],
  T + 2 * DAY,
);

interface ListBody {
  data: { items: { id: string }[]; total: number };
  meta: { generatedAt: string; lastSuccessfulCheckAt: string | null };
}

async function served(server: TestServer): Promise<{ status: number; body: ListBody | null }> {
  const response = await server.get(LIST);
  return {
    status: response.status,
    body: response.status === 200 ? (response.json() as ListBody) : null,
  };
}

async function servesGeneratedAt(server: TestServer, generatedAt: string): Promise<boolean> {
  const { body } = await served(server);
  return body?.meta.generatedAt === generatedAt;
}

/** Polls 4 times over ~600 ms (more than two watcher intervals); each poll must serve `snapshot`. */
async function assertKeepsServing(
  server: TestServer,
  snapshot: typeof SNAPSHOT_A | typeof SNAPSHOT_B,
): Promise<void> {
  for (let poll = 0; poll < 4; poll++) {
    await sleep(150);
    const { status, body } = await served(server);
    assert.equal(status, 200, `poll ${poll + 1}`);
    assert.deepEqual(body?.meta, {
      generatedAt: snapshot.generatedAt,
      lastSuccessfulCheckAt: snapshot.lastSuccessfulCheckAt,
    });
    assert.deepEqual(
      body?.data.items.map((item) => item.id),
      snapshot.records.map((record) => record.id),
    );
  }
}

describe('the snapshot file lifecycle (SNAPSHOT_PATH)', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ snapshot: null, env: { RATE_LIMIT: 'off' } });
  });
  after(() => server.close());

  test('with no snapshot file yet, both data endpoints answer 503 data_unavailable and /readyz answers 503', async () => {
    for (const path of [LIST, LATEST, `${LIST}?kind=reset_scheduled&page=2`]) {
      const response = await server.get(path);
      assert.equal(response.status, 503, path);
      assert.match(String(response.headers['content-type']), /^application\/json/);
      const body = response.json() as Record<string, unknown>;
      assert.equal(typeof body['detail'], 'string');
      assert.notEqual(body['detail'], '');
      assert.deepEqual(body, { ok: false, error: 'data_unavailable', detail: body['detail'] });
    }
    assert.equal((await server.get('/readyz')).status, 503);
    assert.equal((await server.get('/healthz')).status, 200, 'the process itself is alive');
  });

  test('a snapshot published by atomic rename is served within 1 s, with meta from the file', async () => {
    await server.publish(SNAPSHOT_A);
    const took = await waitFor(() => servesGeneratedAt(server, SNAPSHOT_A.generatedAt), 3000);
    assert.ok(took < 1000, `served after ${took} ms`);

    const { body } = await served(server);
    assert.deepEqual(body?.meta, {
      generatedAt: '2026-03-01T08:00:00.000Z',
      lastSuccessfulCheckAt: '2026-03-01T07:59:30.000Z',
    });
    assert.deepEqual(
      body?.data.items.map((item) => item.id),
      ['1111', 'op_first'],
    );
    const latest = (await server.get(LATEST)).json() as { data: { id: string }; meta: unknown };
    assert.equal(latest.data.id, '1111');
    assert.deepEqual(latest.meta, body?.meta);
    assert.equal((await server.get('/readyz')).status, 200);
  });

  test('a corrupted replacement (invalid JSON) is refused and the previous snapshot keeps serving', async () => {
    await server.publish(`${JSON.stringify(SNAPSHOT_B).slice(0, 200)}`);
    await assertKeepsServing(server, SNAPSHOT_A);
    assert.equal((await server.get('/readyz')).status, 200);
  });

  test('a schema-invalid replacement (a record with a bad enum) is refused as a whole and the previous snapshot keeps serving', async () => {
    const invalid = structuredClone(SNAPSHOT_B) as { records: Record<string, unknown>[] };
    invalid.records[1] = { ...invalid.records[1], resetType: 'weekly' };
    await server.publish(JSON.stringify(invalid));
    await assertKeepsServing(server, SNAPSHOT_A);
  });

  test('a valid replacement is served within 1 s, its meta taken from the file and not from the request time', async () => {
    await server.publish(SNAPSHOT_B);
    const took = await waitFor(() => servesGeneratedAt(server, SNAPSHOT_B.generatedAt), 3000);
    assert.ok(took < 1000, `served after ${took} ms`);
    const { body } = await served(server);
    assert.deepEqual(body?.meta, {
      generatedAt: '2026-03-02T09:30:00.000Z',
      lastSuccessfulCheckAt: null,
    });
    assert.deepEqual(
      body?.data.items.map((item) => item.id),
      ['2222', '2221', 'op_second'],
    );
    assert.equal(body?.data.total, 3);
  });

  test('deleting the snapshot file keeps the last good snapshot serving', async () => {
    await rm(server.snapshotPath);
    await assertKeepsServing(server, SNAPSHOT_B);
    assert.equal((await server.get('/readyz')).status, 200);
  });

  test('a non-atomic write picked up half-way is refused, and the complete file is served once written', async () => {
    const text = JSON.stringify(SNAPSHOT_C);
    const half = Math.floor(text.length / 2);
    const handle = await open(server.snapshotPath, 'w');
    try {
      await handle.write(text.slice(0, half));
      await handle.sync();
      // the watcher sees the half-written file at least once; it must not replace snapshot B
      await assertKeepsServing(server, SNAPSHOT_B);
      await handle.write(text.slice(half));
      await handle.sync();
    } finally {
      await handle.close();
    }
    await waitFor(() => servesGeneratedAt(server, SNAPSHOT_C.generatedAt), 3000);
    const { body } = await served(server);
    assert.deepEqual(
      body?.data.items.map((item) => item.id),
      ['3333'],
    );
    assert.deepEqual(body?.meta, {
      generatedAt: SNAPSHOT_C.generatedAt,
      lastSuccessfulCheckAt: SNAPSHOT_C.lastSuccessfulCheckAt,
    });
  });
});
