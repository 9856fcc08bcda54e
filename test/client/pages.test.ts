import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import {
  createClient,
  RateLimitError,
  type RecordsPage,
  type ResetRecord,
  ResetRecordsError,
} from '../../packages/client/src/index.ts';
import { completion, iso, schedule } from '../support/records.ts';
import { scriptedFetch } from './in-process-service.ts';

/**
 * Pagination as the contract tells clients to do it (service.md: "follow hasNext …
 * deduplicate by id", "new or corrected records may move between pages"), against scripted
 * answers: pages that repeat records, a snapshot that changes mid-way, a quota that runs out.
 */

const GENERATED = '2026-11-21T09:59:00.000Z';
const NOW = Date.parse('2026-11-21T10:00:00.000Z');

function listBody(
  items: ResetRecord[],
  page: number,
  pageSize: number,
  total: number,
  generatedAt = GENERATED,
) {
  const totalPages = Math.ceil(total / pageSize);
  return JSON.stringify({
    ok: true,
    data: { items, page, pageSize, total, totalPages, hasNext: page < totalPages },
    meta: { generatedAt, lastSuccessfulCheckAt: null },
  });
}

const json =
  (body: string, status = 200, headers: Record<string, string> = {}) =>
  () =>
    new Response(body, { status, headers: { 'content-type': 'application/json', ...headers } });

const refusal = () =>
  json(
    JSON.stringify({
      ok: false,
      error: 'rate_limited',
      detail: 'Quota exceeded.',
      retryAfter: 1200,
    }),
    429,
    { 'retry-after': '1200' },
  );

const client = (fetch: typeof globalThis.fetch, options = {}) =>
  createClient({ baseUrl: 'http://service.test/', fetch, clock: () => NOW, ...options });

async function collect(pages: AsyncIterable<RecordsPage>) {
  const out: RecordsPage[] = [];
  for await (const page of pages) out.push(page);
  return out;
}

describe('pages(kind): follows hasNext and yields each id once', () => {
  test('property: over pages that repeat records (moved by new snapshots), every id once, at its first place', async () => {
    const ids = fc.uniqueArray(fc.integer({ min: 1, max: 60 }), { minLength: 0, maxLength: 40 });
    await fc.assert(
      fc.asyncProperty(
        ids,
        fc.integer({ min: 1, max: 10 }),
        fc.array(fc.nat(), { maxLength: 20 }),
        async (unique, pageSize, repeats) => {
          // The served sequence: the ids, with earlier ones repeated (a record that moved
          // down a page between two requests is served twice).
          const served = unique.map((n) => `op_${n}`);
          for (const [i, r] of repeats.entries()) {
            const at = Math.min(served.length, (r % (served.length + 1)) + i);
            if (at > 0) served.splice(at, 0, served[r % at]!);
          }
          const total = served.length;
          const totalPages = Math.ceil(total / pageSize);
          const responses = [];
          for (let page = 1; page <= Math.max(1, totalPages); page++) {
            const items = served
              .slice((page - 1) * pageSize, page * pageSize)
              .map((id) => completion(id, { announcedAt: iso(NOW) }));
            responses.push(json(listBody(items, page, pageSize, total)));
          }
          const scripted = scriptedFetch(responses);
          const pages = await collect(
            client(scripted.fetch).pages('reset_completed', { pageSize, maxPages: 100 }),
          );
          const yielded = pages.flatMap((page) => page.items.map((record) => record.id));
          assert.deepEqual(yielded, [...new Set(served)]);
          assert.equal(
            pages.reduce((sum, page) => sum + page.duplicates, 0),
            served.length - new Set(served).size,
          );
          assert.equal(scripted.urls.length, Math.max(1, totalPages), 'one request a page');
          assert.deepEqual(
            scripted.urls.map((url) => new URL(url).search),
            pages.map((_, i) => `?kind=reset_completed&page=${i + 1}&pageSize=${pageSize}`),
          );
        },
      ),
      { numRuns: 300 },
    );
  });

  test('a service that says hasNext for ever is stopped at maxPages with page_limit', async () => {
    let page = 0;
    const endless: typeof fetch = async () => {
      page++;
      const items = [completion(`op_${page}`, { announcedAt: iso(NOW) })];
      return new Response(listBody(items, page, 1, 1_000_000));
    };
    const seen: number[] = [];
    await assert.rejects(
      (async () => {
        for await (const p of client(endless).pages('all', { pageSize: 1, maxPages: 5 })) {
          seen.push(p.page);
        }
      })(),
      (error: unknown) => error instanceof ResetRecordsError && error.code === 'page_limit',
    );
    assert.deepEqual(seen, [1, 2, 3, 4, 5]);
    assert.equal(page, 5);
  });
});

describe('nextSchedule(): every schedule page, or a disclosed partial answer', () => {
  const later = (h: number): [number, number] => [NOW + h * 3_600_000, NOW + h * 3_600_000];
  const s1 = schedule('op_1', 'pending', later(5));
  const s2 = schedule('op_2', 'pending', later(3));
  const s3 = schedule('op_3', 'pending', later(1));

  test('the quota refusing page 3 of 3: the candidate of pages 1-2, the range, and "not the overall next"', async () => {
    const scripted = scriptedFetch([
      json(listBody([s1], 1, 1, 3)),
      json(listBody([s2], 2, 1, 3)),
      refusal(),
    ]);
    const result = await client(scripted.fetch).nextSchedule({ pageSize: 1 });
    assert.equal(result.complete, false);
    assert.deepEqual(result.stopped, { reason: 'rate_limited', retryAfterSeconds: 1200 });
    assert.equal(result.next?.record.id, 'op_2');
    assert.deepEqual(result.checked, {
      kind: 'reset_scheduled',
      pageSize: 1,
      pagesRead: 2,
      totalPages: 3,
      recordsRead: 2,
      total: 3,
      generatedAt: GENERATED,
      requests: 3,
    });
    assert.equal(
      result.note,
      `Stopped after page 2 of 3 of reset_scheduled (2 of 3 records of the snapshot generated at ${GENERATED}): the quota is spent (retry after 1200 s). This is the earliest open schedule among the records checked, not necessarily the overall one.`,
    );
  });

  test('a refusal of the first page is thrown: there is no candidate to give', async () => {
    const scripted = scriptedFetch([refusal()]);
    await assert.rejects(
      client(scripted.fetch).nextSchedule(),
      (error: unknown) => error instanceof RateLimitError && error.retryAfterSeconds === 1200,
    );
  });

  test('the snapshot changing mid-way: read again from page 1 of the new one (a record may have moved past)', async () => {
    const newer = '2026-11-21T10:00:00.000Z';
    const scripted = scriptedFetch([
      json(listBody([s1], 1, 1, 2)),
      json(listBody([s3], 2, 1, 3, newer)), // a new snapshot: s2 moved onto page 1
      json(listBody([s2], 1, 1, 3, newer)),
      json(listBody([s1], 2, 1, 3, newer)),
      json(listBody([s3], 3, 1, 3, newer)),
    ]);
    const result = await client(scripted.fetch).nextSchedule({ pageSize: 1 });
    assert.equal(result.complete, true);
    assert.deepEqual(
      result.open.map((o) => o.record.id),
      ['op_3', 'op_2', 'op_1'],
    );
    assert.equal(result.checked.generatedAt, newer);
    assert.deepEqual(
      scripted.urls.map((url) => new URL(url).searchParams.get('page')),
      ['1', '2', '1', '2', '3'],
    );
  });

  test('a snapshot that keeps changing: stopped after maxRestarts, said so', async () => {
    const scripted = scriptedFetch([
      json(listBody([s1], 1, 1, 2, '2026-11-21T09:00:00.000Z')),
      json(listBody([s2], 2, 1, 2, '2026-11-21T09:01:00.000Z')),
      json(listBody([s1], 1, 1, 2, '2026-11-21T09:01:00.000Z')),
      json(listBody([s2], 2, 1, 2, '2026-11-21T09:02:00.000Z')),
    ]);
    const result = await client(scripted.fetch).nextSchedule({ pageSize: 1 });
    assert.equal(result.complete, false);
    assert.deepEqual(result.stopped, { reason: 'snapshot_changed' });
    assert.equal(result.next?.record.id, 'op_1');
    assert.match(result.note, /the snapshot changed while it was read\. This is the earliest/);
  });

  test('maxPages: stopped at the budget the caller gave, said so', async () => {
    const scripted = scriptedFetch([json(listBody([s1], 1, 1, 3)), json(listBody([s3], 2, 1, 3))]);
    const result = await client(scripted.fetch).nextSchedule({ pageSize: 1, maxPages: 2 });
    assert.equal(result.complete, false);
    assert.deepEqual(result.stopped, { reason: 'page_limit', maxPages: 2 });
    assert.equal(result.next?.record.id, 'op_3');
    assert.equal(scripted.urls.length, 2);
  });
});
