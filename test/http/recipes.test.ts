import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { DateTime } from 'luxon';
import { sampleSnapshot } from '../../src/producer/demo/sample-ledger.ts';
import type { StatusAnswer } from '../../src/service/answer/status-schema.ts';
import { EXAMPLE_AT } from '../../src/service/openapi/examples.ts';
import { compareIds } from '../../src/shared/domain/ids.ts';
import type { ResetRecord } from '../../src/shared/domain/record.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

/**
 * Every recipe of the guide (/docs/guide) and the agent skill (SKILL.md and its
 * references), run as an agent following it would, over real HTTP and MCP against the demo,
 * must give the answer of /status.json; and docs/api.md's examples must show what the demo
 * answers. The recipes are restated here step by step; the test also checks that the
 * documents still say each rule it follows.
 */

interface ListBody {
  data: {
    items: ResetRecord[];
    page: number;
    pageSize: number;
    total: number;
    totalPages: number;
    hasNext: boolean;
  };
}

const SKILL = readFileSync(new URL('../../skill/reset-records/SKILL.md', import.meta.url), 'utf8');
const REFERENCE = readFileSync(
  new URL('../../skill/reset-records/references/api.md', import.meta.url),
  'utf8',
);
const API_MD = readFileSync(new URL('../../docs/api.md', import.meta.url), 'utf8');

/** Starts: 00:30, 12:00 and 23:30 in Los Angeles, and the OpenAPI examples' instant. */
const STARTS = [
  ...['00:30', '12:00', '23:30'].map((time) =>
    DateTime.fromISO(`2026-11-21T${time}`, { zone: 'America/Los_Angeles' }).toMillis(),
  ),
  EXAMPLE_AT,
];

const resetTime = (record: ResetRecord) =>
  record.completedAt ?? record.effectiveAt ?? record.announcedAt;

for (const start of STARTS) {
  describe(`the recipes on the demo started ${new Date(start).toISOString()}`, () => {
    let server: TestServer;
    let status: StatusAnswer;
    before(async () => {
      server = await startTestServer({
        snapshot: sampleSnapshot(start),
        clock: () => start,
        env: { RATE_LIMIT: 'off' },
      });
      status = (await server.get('/status.json')).json() as StatusAnswer;
    });
    after(() => server.close());

    /** "Follow hasNext, incrementing page with unchanged filters; deduplicate by id." */
    async function pageThrough(kind: string, pageSize: number): Promise<ResetRecord[]> {
      const seen = new Map<string, ResetRecord>();
      for (let page = 1; ; page++) {
        const body = (
          await server.get(`/openapi/v1/records?kind=${kind}&page=${page}&pageSize=${pageSize}`)
        ).json() as ListBody;
        for (const item of body.data.items) if (!seen.has(item.id)) seen.set(item.id, item);
        if (!body.data.hasNext) return [...seen.values()];
      }
    }

    test('the last reset: page reset_completed, skip schedules, date by completedAt ?? effectiveAt ?? announcedAt, the first left', async () => {
      for (const text of [SKILL, API_MD])
        assert.ok(text.includes('completedAt ?? effectiveAt ?? announcedAt'));
      // The trap the recipes warn of: the first row of reset_completed is a schedule in progress.
      const latest = (
        await server.get('/openapi/v1/records/latest?kind=reset_completed')
      ).json() as { data: ResetRecord };
      assert.equal(latest.data.kind, 'reset_scheduled');
      assert.ok(status.open[0]!.inProgress);
      for (const pageSize of [10, 3]) {
        const first = (await pageThrough('reset_completed', pageSize)).find(
          (record) => record.kind === 'reset_completed' && Date.parse(resetTime(record)!) <= start,
        )!;
        assert.deepEqual(
          {
            recordId: first.id,
            at: resetTime(first),
            resetType: first.resetType,
            plans: first.scope?.plans ?? ['unknown'],
            windows: first.scope?.windows ?? ['unknown'],
          },
          status.lastReset,
        );
      }
    });

    test('a reset on a given day: the completions dated that day hold the last reset', async () => {
      const day = status.lastReset!.at.slice(0, 10);
      const onDay = (await pageThrough('reset_completed', 10)).filter(
        (record) => record.kind === 'reset_completed' && resetTime(record)?.startsWith(day),
      );
      assert.ok(onDay.some((record) => record.id === status.lastReset!.recordId));
    });

    test('the next reset: page reset_scheduled, keep pending windows not ended, earliest startAt, then endAt, then id', async () => {
      assert.ok(
        SKILL.includes(
          'The next reset is the one with the earliest `scheduleWindow.startAt` (on a tie the\n   earlier `endAt`, then the smaller id).',
        ),
      );
      for (const pageSize of [10, 4]) {
        const schedules = await pageThrough('reset_scheduled', pageSize);
        const open = schedules
          .filter(
            (record) =>
              record.scheduleState === 'pending' &&
              record.scheduleWindow !== null &&
              Date.parse(record.scheduleWindow.endAt) >= start,
          )
          .sort(
            (a, b) =>
              Date.parse(a.scheduleWindow!.startAt) - Date.parse(b.scheduleWindow!.startAt) ||
              Date.parse(a.scheduleWindow!.endAt) - Date.parse(b.scheduleWindow!.endAt) ||
              compareIds(a.id, b.id),
          );
        // Step 5: a pending schedule without a window, only when none has one.
        const windowless = schedules.filter(
          (record) => record.scheduleState === 'pending' && record.scheduleWindow === null,
        );
        const next = open[0] ?? windowless.sort((a, b) => compareIds(a.id, b.id))[0] ?? null;
        assert.equal(next?.id ?? null, status.next?.recordId ?? null);
        assert.deepEqual(
          open.map((record) => record.id),
          status.open.filter((o) => o.startAt !== null).map((o) => o.recordId),
        );
        // A whole Pacific day in progress is next; said as open now.
        if (next !== null && next.schedulePrecision === 'date') {
          assert.equal(status.next!.inProgress, Date.parse(next.scheduleWindow!.startAt) <= start);
        }
      }
    });

    test('the quick look: kind=all pins the open schedules first, in the same order', async () => {
      const body = (
        await server.get('/openapi/v1/records?kind=all&pageSize=10')
      ).json() as ListBody;
      const ids = status.open.map((o) => o.recordId);
      assert.deepEqual(
        body.data.items.slice(0, ids.length).map((item) => item.id),
        ids,
      );
    });

    test('the raw MCP call of the references, as written there, lists the same page', async () => {
      const call = /-d '(\{"jsonrpc".*\})'/.exec(REFERENCE)![1]!;
      const version = /-H 'mcp-protocol-version: ([^']+)'/.exec(REFERENCE)![1]!;
      const response = await server.get('/mcp', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-protocol-version': version,
        },
        body: call,
      });
      assert.equal(response.status, 200);
      const body = (
        response.text.startsWith('{')
          ? response.json()
          : JSON.parse(/^data: (.*)$/m.exec(response.text)![1]!)
      ) as {
        result: { structuredContent: ListBody };
      };
      const http = (
        await server.get('/openapi/v1/records?kind=reset_scheduled&page=1&pageSize=10')
      ).json() as ListBody;
      assert.deepEqual(body.result.structuredContent.data, http.data);
    });
  });
}

describe("docs/api.md's examples show what the demo answers", () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({
      snapshot: sampleSnapshot(EXAMPLE_AT),
      clock: () => EXAMPLE_AT,
      env: { RATE_LIMIT: 'off' },
    });
  });
  after(() => server.close());

  test('records/latest?kind=reset_completed is the schedule in progress, pinned first', async () => {
    const shown = /records\/latest\?kind=reset_completed'\n```\n\n```json\n([\s\S]*?)\n```/.exec(
      API_MD,
    )![1]!;
    const { data } = (
      await server.get('/openapi/v1/records/latest?kind=reset_completed')
    ).json() as { data: ResetRecord };
    const example = JSON.parse(shown) as { data: Partial<ResetRecord> };
    assert.equal(example.data.id, data.id);
    assert.equal(example.data.kind, data.kind);
    assert.equal(example.data.resetType, data.resetType);
    assert.equal(example.data.scheduleState, data.scheduleState);
  });

  test("the page of reset_scheduled shows the demo's counts", async () => {
    const shown =
      /"page":2,"pageSize":5,"total":(\d+),"totalPages":(\d+),"hasNext":(true|false)/.exec(API_MD)!;
    const { data } = (
      await server.get('/openapi/v1/records?kind=reset_scheduled&page=2&pageSize=5')
    ).json() as ListBody;
    assert.deepEqual(
      [Number(shown[1]), Number(shown[2]), shown[3] === 'true'],
      [data.total, data.totalPages, data.hasNext],
    );
  });

  test("the /status.json example is the answer at the examples' instant", async () => {
    const status = (await server.get('/status.json')).json() as StatusAnswer;
    const shown =
      /curl -s http:\/\/127\.0\.0\.1:8080\/status\.json\n```\n\n```json\n([\s\S]*?)\n```/.exec(
        API_MD,
      )![1]!;
    for (const value of [
      status.generatedAt,
      status.lastReset!.recordId,
      status.lastReset!.at,
      status.next!.recordId,
      status.next!.startAt!,
      status.next!.endAt!,
    ]) {
      assert.ok(shown.includes(JSON.stringify(value)), value);
    }
  });
});
