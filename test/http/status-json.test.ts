import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { StatusAnswer } from '../../src/service/answer/status-schema.ts';
import type { SnapshotFile } from '../../src/shared/domain/snapshot.ts';
import { completion, HOUR, iso, schedule } from '../support/records.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

/**
 * GET /status.json (answer.md §2) over real HTTP: the exact body, uncounted, the same for
 * every client (public caching bounded by the next change of the answer), ETag and 304,
 * HEAD, 503 before any snapshot, and its own OpenAPI document.
 */

const NOW = Date.parse('2026-11-21T10:00:00.000Z');
const MINUTE = 60_000;
/** 00:00 Saturday 21 November 2026 in Los Angeles (PST): a whole Pacific day in progress. */
const PACIFIC_DAY = Date.parse('2026-11-21T08:00:00.000Z');

const SNAPSHOT: SnapshotFile = {
  generatedAt: iso(NOW - MINUTE),
  lastSuccessfulCheckAt: iso(NOW - 5 * MINUTE),
  records: [
    completion('1990500000000000042', {
      announcedAt: iso(NOW - 5 * HOUR),
      completedAt: iso(NOW - 5 * HOUR),
      scope: { plans: ['all'], windows: ['five_hour', 'weekly'] },
    }),
    completion('1990600000000000001', {
      resetType: 'banked',
      announcedAt: iso(NOW - HOUR),
      completedAt: iso(NOW - HOUR),
      scope: { plans: ['pro'], windows: ['unknown'] },
    }),
    schedule('op_day', 'pending', [PACIFIC_DAY, PACIFIC_DAY + 24 * HOUR - 1], {
      resetType: 'banked',
      schedulePrecision: 'date',
      scope: { plans: ['plus'], windows: ['weekly'] },
    }),
    schedule('1991000000000000101', 'pending', [NOW + 5 * HOUR, NOW + 5 * HOUR]),
    schedule('op_none', 'pending', null, { schedulePrecision: null }),
    schedule('op_elapsed', 'elapsed', [NOW - 3 * HOUR, NOW - 2 * HOUR]),
  ],
};

const EXPECTED = {
  generatedAt: '2026-11-21T09:59:00.000Z',
  lastSuccessfulCheckAt: '2026-11-21T09:55:00.000Z',
  stale: false,
  lastReset: {
    recordId: '1990600000000000001',
    at: '2026-11-21T09:00:00.000Z',
    resetType: 'banked',
    plans: ['pro'],
    windows: ['unknown'],
  },
  lastGlobalReset: {
    recordId: '1990500000000000042',
    at: '2026-11-21T05:00:00.000Z',
    resetType: 'global',
    plans: ['all'],
    windows: ['five_hour', 'weekly'],
  },
  next: {
    recordId: 'op_day',
    resetType: 'banked',
    plans: ['plus'],
    windows: ['weekly'],
    precision: 'date',
    startAt: '2026-11-21T08:00:00.000Z',
    endAt: '2026-11-22T07:59:59.999Z',
    inProgress: true,
  },
  open: [
    {
      recordId: 'op_day',
      resetType: 'banked',
      plans: ['plus'],
      windows: ['weekly'],
      precision: 'date',
      startAt: '2026-11-21T08:00:00.000Z',
      endAt: '2026-11-22T07:59:59.999Z',
      inProgress: true,
    },
    {
      recordId: '1991000000000000101',
      resetType: 'global',
      plans: ['unknown'],
      windows: ['unknown'],
      precision: 'datetime',
      startAt: '2026-11-21T15:00:00.000Z',
      endAt: '2026-11-21T15:00:00.000Z',
      inProgress: false,
    },
    {
      recordId: 'op_none',
      resetType: 'global',
      plans: ['unknown'],
      windows: ['unknown'],
      precision: null,
      startAt: null,
      endAt: null,
      inProgress: false,
    },
  ],
  links: { api: '/openapi/v1/records', feed: '/feed.xml', calendar: '/calendar.ics' },
};

describe('GET /status.json', () => {
  const clock = { now: NOW };
  let server: TestServer;
  before(async () => {
    server = await startTestServer({
      snapshot: SNAPSHOT,
      clock: () => clock.now,
      env: { RATE_LIMIT_MAX: '3', CACHE_MAX_AGE_SECONDS: '600' },
    });
  });
  after(() => server.close());

  test('the answer, exactly: last reset, last global reset, next and every open schedule in the one order', async () => {
    clock.now = NOW;
    const response = await server.get('/status.json');
    assert.equal(response.status, 200);
    assert.equal(response.headers['content-type'], 'application/json; charset=utf-8');
    assert.deepEqual(response.json(), EXPECTED);
    assert.deepEqual(StatusAnswer.parse(response.json()), EXPECTED);
    // Field order as answer.md §2 writes it.
    assert.ok(
      response.text.startsWith(
        '{"generatedAt":"2026-11-21T09:59:00.000Z","lastSuccessfulCheckAt":',
      ),
    );
  });

  test('the same for every client: public, no quota headers, max-age bounded by the next change of the answer', async () => {
    clock.now = NOW;
    const response = await server.get('/status.json');
    // The exact time's window starts at 15:00: 5 h away, beyond CACHE_MAX_AGE_SECONDS (600).
    assert.equal(response.headers['cache-control'], 'public, max-age=600');
    for (const name of Object.keys(response.headers))
      assert.doesNotMatch(name, /^x-ratelimit|^retry-after/);
    assert.equal(response.headers['access-control-allow-origin'], '*');
    clock.now = NOW + 5 * HOUR - 42_000;
    assert.equal((await server.get('/status.json')).headers['cache-control'], 'public, max-age=42');
    // The data turns stale 30 h after the last check: the answer changes then, too.
    clock.now = NOW - 5 * MINUTE + 30 * HOUR - 7_000;
    const late = await server.get('/status.json');
    assert.equal(late.headers['cache-control'], 'public, max-age=7');
    assert.equal((late.json() as { stale: boolean }).stale, false);
    clock.now += 8_000;
    assert.equal(((await server.get('/status.json')).json() as { stale: boolean }).stale, true);
  });

  test('never counted: asked far more often than the quota allows, while the API counts', async () => {
    clock.now = NOW;
    for (let i = 0; i < 10; i++) assert.equal((await server.get('/status.json')).status, 200);
    const api = await server.get('/openapi/v1/records/latest');
    assert.equal(api.headers['x-ratelimit-remaining'], '2', 'only the API call counted');
  });

  test('ETag and If-None-Match: 304 while the answer holds, a new ETag once it changes; HEAD', async () => {
    clock.now = NOW;
    const first = await server.get('/status.json');
    const etag = first.headers.etag!;
    assert.match(etag, /^"[\w-]{22}"$/);
    const again = await server.get('/status.json', { headers: { 'if-none-match': etag } });
    assert.equal(again.status, 304);
    assert.equal(again.text, '');
    assert.equal(again.headers.etag, etag);
    const head = await server.get('/status.json', { method: 'HEAD' });
    assert.equal(head.status, 200);
    assert.equal(head.text, '');
    assert.equal(head.headers.etag, etag);
    // At 15:00 the exact time's window starts: the answer (inProgress) and its ETag change.
    clock.now = NOW + 5 * HOUR;
    const later = await server.get('/status.json', { headers: { 'if-none-match': etag } });
    assert.equal(later.status, 200);
    assert.notEqual(later.headers.etag, etag);
    assert.equal((later.json() as typeof EXPECTED).open[1]!.inProgress, true);
  });

  test('other methods: 405 with Allow: GET, HEAD', async () => {
    const response = await server.get('/status.json', { method: 'POST' });
    assert.equal(response.status, 405);
    assert.equal(response.headers.allow, 'GET, HEAD');
  });

  test('its own OpenAPI document: valid, version 1.0.0, and the body fits its schema', async () => {
    clock.now = NOW;
    const response = await server.get('/status.openapi.json');
    assert.equal(response.status, 200);
    const doc = response.json() as {
      info: { version: string; title: string };
      paths: Record<string, unknown>;
      components: { schemas: Record<string, unknown> };
    };
    const validation = await new Validator().validate(structuredClone(doc) as never);
    assert.equal(validation.valid, true, JSON.stringify(validation.errors));
    assert.equal(doc.info.version, '1.0.0');
    assert.equal(doc.info.title, 'OpenAI Codex usage-limit resets: status answer');
    assert.deepEqual(Object.keys(doc.paths), ['/status.json']);
    const validate = new Ajv2020({ strict: false }).compile(
      doc.components.schemas['StatusAnswer']!,
    );
    assert.equal(
      validate((await server.get('/status.json')).json()),
      true,
      JSON.stringify(validate.errors),
    );
    // The contract's own document still describes only the contract's API.
    const contract = (await server.get('/openapi/v1/openapi.json')).json() as typeof doc;
    assert.deepEqual(Object.keys(contract.paths), ['/records/latest', '/records']);
    assert.equal(contract.info.version, '1.0.0');
    assert.doesNotMatch(JSON.stringify(contract), /status\.json|StatusAnswer/);
  });
});

describe('GET /status.json before any snapshot', () => {
  test('503 data_unavailable with Retry-After, not stored', async () => {
    const server = await startTestServer({ snapshot: null });
    try {
      const response = await server.get('/status.json');
      assert.equal(response.status, 503);
      assert.equal(response.headers['retry-after'], '60');
      assert.equal(response.headers['cache-control'], 'no-store');
      assert.deepEqual(response.json(), {
        ok: false,
        error: 'data_unavailable',
        detail: 'No snapshot has been published yet.',
      });
    } finally {
      await server.close();
    }
  });
});
