import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { ResetRecord } from '../../src/shared/domain/record.ts';
import type { SnapshotFile } from '../../src/shared/domain/snapshot.ts';
import type { Response } from '../support/http.ts';
import { completion, DAY, HOUR, iso, schedule } from '../support/records.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

/**
 * Both data endpoints against the real server, with a snapshot built around the current
 * time and the server's clock pinned to that time (decisions.md §4: `now` matters).
 */

const MINUTE = 60_000;
const NOW = Date.now();
const DAY_START = Math.floor(NOW / DAY) * DAY; // the UTC civil day containing NOW
const FUTURE = NOW + 2 * DAY;
const SAME_INSTANT = NOW - 3 * HOUR;

const x = (id: string): ResetRecord['source'] => ({
  origin: 'x',
  postId: id,
  handle: 'resetwatch',
  url: `https://x.com/resetwatch/status/${id}`,
});

/** Spelled out field by field: the manual completion of the stale schedule 1004. */
const MANUAL: ResetRecord = {
  id: 'manual:1004',
  kind: 'reset_completed',
  resetType: 'global_and_banked',
  announcedAt: null,
  effectiveAt: iso(NOW - 47 * HOUR),
  text: null,
  confidence: null,
  scope: null,
  source: { origin: 'operator', postId: null, handle: null, url: null },
  schedulePrecision: null,
  scheduleBasis: null,
  scheduleWindow: null,
  scheduleState: null,
  completedAt: iso(NOW - 46 * HOUR),
  completionRecordId: null,
  fulfillmentOrigin: 'manual',
  relatedRecordIds: ['1004'],
};

/** Spelled out field by field: today's date-precision schedule, in progress at NOW. */
const TODAY: ResetRecord = {
  id: '1003',
  kind: 'reset_scheduled',
  resetType: 'banked',
  announcedAt: iso(NOW - 3 * DAY),
  effectiveAt: null,
  text: 'Banked limits reset some time today.',
  confidence: 0.6,
  scope: { plans: ['all'], windows: ['weekly'] },
  source: x('1003'),
  schedulePrecision: 'date',
  scheduleBasis: 'contextual_inference',
  scheduleWindow: { startAt: iso(DAY_START), endAt: iso(DAY_START + DAY - 1) },
  scheduleState: 'pending',
  completedAt: null,
  completionRecordId: null,
  fulfillmentOrigin: null,
  relatedRecordIds: [],
};

const RECORDS: ResetRecord[] = [
  // Future schedules: '99' and '100' share window and timestamps; '1002' is an exact time.
  schedule('100', 'pending', [FUTURE, FUTURE + HOUR], {
    announcedAt: iso(NOW - HOUR),
    effectiveAt: iso(FUTURE),
    text: 'Reset in two days.',
    confidence: 0.9,
    scope: { plans: ['pro', 'max'], windows: ['five_hour'] },
  }),
  schedule('99', 'pending', [FUTURE, FUTURE + HOUR], {
    announcedAt: iso(NOW - HOUR),
    effectiveAt: iso(FUTURE),
  }),
  schedule('1002', 'pending', [FUTURE, FUTURE], {
    announcedAt: iso(NOW - 30 * MINUTE),
    effectiveAt: iso(FUTURE),
  }),
  TODAY,
  // Pending, but its window ended two days ago: stale, no longer pinned.
  schedule('1004', 'pending', [NOW - 2 * DAY, NOW - 2 * DAY + HOUR], {
    announcedAt: iso(NOW - 50 * HOUR),
    effectiveAt: iso(NOW - 2 * DAY),
  }),
  schedule('1005', 'elapsed', [NOW - 5 * DAY, NOW - 5 * DAY], {
    announcedAt: iso(NOW - 6 * DAY),
    effectiveAt: iso(NOW - 5 * DAY),
  }),
  schedule('1006', 'fulfilled', [NOW - 4 * DAY, NOW - 4 * DAY], {
    announcedAt: iso(NOW - 4 * DAY - 2 * HOUR),
    effectiveAt: iso(NOW - 4 * DAY),
    completedAt: iso(NOW - 4 * DAY + 10 * MINUTE),
    completionRecordId: '2001',
    fulfillmentOrigin: 'auto',
  }),
  schedule('op_unknown', 'unknown', [NOW - DAY, NOW - DAY + 2 * HOUR], {
    announcedAt: iso(NOW - 25 * HOUR),
    text: 'Operator note: a reset may have happened yesterday.',
  }),
  schedule('op_next_maintenance', 'pending', null, {
    announcedAt: iso(NOW - 2 * HOUR),
    text: 'Operator note: the next reset follows the maintenance.',
  }),
  completion('2001', {
    announcedAt: iso(NOW - 4 * DAY + 10 * MINUTE),
    effectiveAt: iso(NOW - 4 * DAY + 5 * MINUTE),
    confidence: 1,
    relatedRecordIds: ['1006'],
    fulfillmentOrigin: 'auto',
  }),
  MANUAL,
  // Equal timestamps: only the id orders these four (as integers when both are digits).
  completion('9', { announcedAt: iso(SAME_INSTANT), effectiveAt: iso(SAME_INSTANT) }),
  completion('10', { announcedAt: iso(SAME_INSTANT), effectiveAt: iso(SAME_INSTANT) }),
  completion('1234567890123456789', {
    announcedAt: iso(SAME_INSTANT),
    effectiveAt: iso(SAME_INSTANT),
  }),
  completion('op_correction', {
    announcedAt: iso(SAME_INSTANT),
    effectiveAt: iso(SAME_INSTANT),
    text: 'Operator copy.',
  }),
  // Same announcedAt, earlier effectiveAt: after the four above although its id is larger.
  completion('11', { announcedAt: iso(SAME_INSTANT), effectiveAt: iso(SAME_INSTANT - HOUR) }),
];

const SNAPSHOT: SnapshotFile = {
  generatedAt: iso(NOW - 5 * MINUTE),
  lastSuccessfulCheckAt: iso(NOW - 6 * MINUTE),
  records: RECORDS,
};
const META = {
  generatedAt: SNAPSHOT.generatedAt,
  lastSuccessfulCheckAt: SNAPSHOT.lastSuccessfulCheckAt,
};

const EXPECTED_ORDER = {
  all: [
    '1003',
    '1002',
    '99',
    '100',
    'op_next_maintenance',
    'op_correction',
    '1234567890123456789',
    '10',
    '9',
    '11',
    'op_unknown',
    'manual:1004',
    '1004',
    '2001',
    '1005',
  ],
  reset_scheduled: [
    '1002',
    '100',
    '99',
    '1003',
    'op_unknown',
    '1004',
    '1006',
    '1005',
    'op_next_maintenance',
  ],
  reset_completed: [
    '1003',
    'op_correction',
    '1234567890123456789',
    '10',
    '9',
    '11',
    'manual:1004',
    '2001',
  ],
} as const;
type Kind = keyof typeof EXPECTED_ORDER;
const KINDS = Object.keys(EXPECTED_ORDER) as Kind[];

const byId = (id: string) => {
  const record = RECORDS.find((candidate) => candidate.id === id);
  assert.ok(record, `fixture has no record ${id}`);
  return record;
};

interface ListBody {
  ok: true;
  data: {
    items: ResetRecord[];
    page: number;
    pageSize: number;
    total: number;
    totalPages: number;
    hasNext: boolean;
  };
  meta: typeof META;
}

function okJson(response: Response): unknown {
  assert.equal(response.status, 200, response.text);
  assert.equal(response.headers['content-type'], 'application/json; charset=utf-8');
  return response.json();
}

describe('the record endpoints over a snapshot around the current time', () => {
  let server: TestServer;
  const list = async (query: string) =>
    okJson(await server.get(`/openapi/v1/records${query}`)) as ListBody;
  const latest = async (query: string) =>
    okJson(await server.get(`/openapi/v1/records/latest${query}`));

  before(async () => {
    server = await startTestServer({
      snapshot: SNAPSHOT,
      env: { RATE_LIMIT_MAX: '10000' },
      clock: () => NOW,
    });
  });
  after(() => server.close());

  for (const kind of KINDS) {
    test(`lists kind=${kind} in the exact order of decisions.md §4`, async () => {
      const body = await list(`?kind=${kind}`);
      const expected = EXPECTED_ORDER[kind];
      assert.deepEqual(
        body.data.items.map((item) => item.id),
        expected.slice(0, 10),
      );
      assert.equal(body.data.total, expected.length);
      if (expected.length > 10) {
        const rest = await list(`?kind=${kind}&page=2`);
        assert.deepEqual(
          rest.data.items.map((item) => item.id),
          expected.slice(10),
        );
      }
    });

    test(`walking every page of kind=${kind} yields each matching record exactly once, in order`, async () => {
      const ids: string[] = [];
      let page = 1;
      for (;;) {
        const body = await list(`?kind=${kind}&page=${page}&pageSize=3`);
        ids.push(...body.data.items.map((item) => item.id));
        if (!body.data.hasNext) break;
        page++;
      }
      assert.deepEqual(ids, EXPECTED_ORDER[kind]);
      assert.equal(page, Math.ceil(EXPECTED_ORDER[kind].length / 3));
    });

    test(`latest of kind=${kind} is the whole first row of the same filter`, async () => {
      const body = await latest(`?kind=${kind}`);
      assert.deepEqual(body, { ok: true, data: byId(EXPECTED_ORDER[kind][0]), meta: META });
    });
  }

  test('returns the exact envelope of page 1 of kind=all: every record field, page fields and the snapshot meta', async () => {
    const body = await list('?kind=all&page=1&pageSize=10');
    assert.deepEqual(body, {
      ok: true,
      data: {
        items: EXPECTED_ORDER.all.slice(0, 10).map(byId),
        page: 1,
        pageSize: 10,
        total: 15,
        totalPages: 2,
        hasNext: true,
      },
      meta: META,
    });
  });

  test('returns the manual completion with every field present, nulls included', async () => {
    const body = await list('?kind=reset_completed&page=4&pageSize=2');
    assert.deepEqual(body, {
      ok: true,
      data: {
        items: [MANUAL, byId('2001')],
        page: 4,
        pageSize: 2,
        total: 8,
        totalPages: 4,
        hasNext: false,
      },
      meta: META,
    });
    const manual = body.data.items[0] as unknown as Record<string, unknown>;
    assert.deepEqual(Object.keys(manual).sort(), Object.keys(MANUAL).sort());
  });

  test('returns the in-progress date-precision schedule with its civil-day window unchanged', async () => {
    const body = (await latest('?kind=reset_completed')) as { data: ResetRecord };
    assert.deepEqual(body.data, TODAY);
    assert.deepEqual(body.data.scheduleWindow, {
      startAt: iso(DAY_START),
      endAt: iso(DAY_START + DAY - 1),
    });
  });

  test('leaves out fulfilled schedules from kind=all and lists them on kind=reset_scheduled', async () => {
    const all = await list('?kind=all&pageSize=10&page=2');
    const scheduled = await list('?kind=reset_scheduled');
    assert.ok(!all.data.items.some((item) => item.id === '1006'));
    assert.deepEqual(
      scheduled.data.items.find((item) => item.id === '1006'),
      byId('1006'),
    );
  });

  test('returns a middle page with page, total, totalPages and hasNext', async () => {
    const body = await list('?kind=all&page=2&pageSize=4');
    assert.deepEqual(body.data, {
      items: EXPECTED_ORDER.all.slice(4, 8).map(byId),
      page: 2,
      pageSize: 4,
      total: 15,
      totalPages: 4,
      hasNext: true,
    });
    assert.deepEqual(body.meta, META);
  });

  test('returns the last, partly filled page with hasNext false', async () => {
    const body = await list('?kind=all&page=4&pageSize=4');
    assert.deepEqual(body.data, {
      items: EXPECTED_ORDER.all.slice(12).map(byId),
      page: 4,
      pageSize: 4,
      total: 15,
      totalPages: 4,
      hasNext: false,
    });
  });

  test('returns a page just beyond the end as empty items, echoing the requested page', async () => {
    const body = await list('?kind=all&page=5&pageSize=4');
    assert.deepEqual(body, {
      ok: true,
      data: { items: [], page: 5, pageSize: 4, total: 15, totalPages: 4, hasNext: false },
      meta: META,
    });
  });

  test('returns the largest allowed page number as an empty page that echoes it', async () => {
    const body = await list('?kind=reset_scheduled&page=9007199254740991');
    assert.deepEqual(body.data, {
      items: [],
      page: 9007199254740991,
      pageSize: 10,
      total: 9,
      totalPages: 1,
      hasNext: false,
    });
  });

  test('returns every record of kind=reset_completed on one page with pageSize=8', async () => {
    const body = await list('?pageSize=8&kind=reset_completed');
    assert.deepEqual(body.data, {
      items: EXPECTED_ORDER.reset_completed.map(byId),
      page: 1,
      pageSize: 8,
      total: 8,
      totalPages: 1,
      hasNext: false,
    });
  });

  test('returns one record per page with pageSize=1', async () => {
    const body = await list('?kind=reset_scheduled&pageSize=1&page=9');
    assert.deepEqual(body.data, {
      items: [byId('op_next_maintenance')],
      page: 9,
      pageSize: 1,
      total: 9,
      totalPages: 9,
      hasNext: false,
    });
  });

  test('defaults the list to kind=all, page=1, pageSize=10', async () => {
    const implicit = await server.get('/openapi/v1/records');
    const explicit = await server.get('/openapi/v1/records?kind=all&page=1&pageSize=10');
    assert.equal(implicit.status, 200);
    assert.equal(implicit.text, explicit.text);
    const body = implicit.json() as ListBody;
    assert.equal(body.data.page, 1);
    assert.equal(body.data.pageSize, 10);
    assert.deepEqual(
      body.data.items.map((item) => item.id),
      EXPECTED_ORDER.all.slice(0, 10),
    );
  });

  test('defaults latest to kind=all', async () => {
    const implicit = await server.get('/openapi/v1/records/latest');
    const explicit = await server.get('/openapi/v1/records/latest?kind=all');
    assert.equal(implicit.status, 200);
    assert.equal(implicit.text, explicit.text);
    assert.deepEqual(implicit.json(), { ok: true, data: TODAY, meta: META });
  });

  test('accepts the parameters in any order', async () => {
    const a = await server.get('/openapi/v1/records?pageSize=4&page=2&kind=reset_scheduled');
    const b = await server.get('/openapi/v1/records?kind=reset_scheduled&page=2&pageSize=4');
    assert.equal(a.status, 200);
    assert.equal(a.text, b.text);
  });

  for (const path of ['/openapi/v1/records?kind=all&pageSize=4', '/openapi/v1/records/latest']) {
    test(`answers HEAD ${path} with the headers of GET and no body`, async () => {
      const get = await server.get(path);
      const head = await server.get(path, { method: 'HEAD' });
      assert.equal(head.status, 200);
      assert.equal(head.text, '');
      for (const name of [
        'content-type',
        'content-length',
        'etag',
        'cache-control',
        'access-control-allow-origin',
        'access-control-expose-headers',
        'x-content-type-options',
        'x-ratelimit-limit',
        'x-ratelimit-window',
      ]) {
        assert.notEqual(get.headers[name], undefined, `GET has no ${name}`);
        assert.equal(head.headers[name], get.headers[name], `HEAD ${name}`);
      }
      assert.equal(Number(get.headers['content-length']), Buffer.byteLength(get.text));
      assert.equal(
        Number(head.headers['x-ratelimit-remaining']),
        Number(get.headers['x-ratelimit-remaining']) - 1,
        'HEAD counts against the quota like GET',
      );
    });
  }
});

describe('the record endpoints when nothing matches a filter', () => {
  let server: TestServer;
  const snapshot: SnapshotFile = {
    generatedAt: iso(NOW - MINUTE),
    lastSuccessfulCheckAt: null,
    records: [
      schedule('500', 'fulfilled', [NOW - DAY, NOW - DAY], { effectiveAt: iso(NOW - DAY) }),
      schedule('501', 'pending', [NOW + DAY, NOW + DAY], { effectiveAt: iso(NOW + DAY) }),
    ],
  };
  const meta = { generatedAt: iso(NOW - MINUTE), lastSuccessfulCheckAt: null };

  before(async () => {
    server = await startTestServer({ snapshot, clock: () => NOW });
  });
  after(() => server.close());

  test('answers an empty list with total 0, totalPages 0 and hasNext false', async () => {
    const response = await server.get('/openapi/v1/records?kind=reset_completed');
    assert.equal(response.status, 200);
    assert.deepEqual(response.json(), {
      ok: true,
      data: { items: [], page: 1, pageSize: 10, total: 0, totalPages: 0, hasNext: false },
      meta,
    });
  });

  test('answers page 2 of an empty list as empty, echoing page 2', async () => {
    const response = await server.get('/openapi/v1/records?kind=reset_completed&page=2&pageSize=1');
    assert.deepEqual(response.json(), {
      ok: true,
      data: { items: [], page: 2, pageSize: 1, total: 0, totalPages: 0, hasNext: false },
      meta,
    });
  });

  test('answers latest with data null when nothing matches, keeping the meta', async () => {
    const response = await server.get('/openapi/v1/records/latest?kind=reset_completed');
    assert.equal(response.status, 200);
    assert.equal(response.headers['content-type'], 'application/json; charset=utf-8');
    assert.deepEqual(response.json(), { ok: true, data: null, meta });
  });

  test('excludes the fulfilled schedule from all and the future one from reset_completed', async () => {
    const all = await server.get('/openapi/v1/records?kind=all');
    const scheduled = await server.get('/openapi/v1/records?kind=reset_scheduled');
    assert.deepEqual(
      (all.json() as ListBody).data.items.map((item) => item.id),
      ['501'],
    );
    assert.deepEqual(
      (scheduled.json() as ListBody).data.items.map((item) => item.id),
      ['501', '500'],
    );
  });
});

describe('the record endpoints as the clock passes window boundaries', () => {
  let server: TestServer;
  let now = NOW;
  const start = NOW + 10 * MINUTE;
  const end = NOW + 20 * MINUTE;
  const snapshot: SnapshotFile = {
    generatedAt: iso(NOW - MINUTE),
    lastSuccessfulCheckAt: iso(NOW - MINUTE),
    records: [
      schedule('700', 'pending', [start, end], { announcedAt: iso(NOW - HOUR) }),
      completion('701', {
        announcedAt: iso(NOW - 30 * MINUTE),
        effectiveAt: iso(NOW - 30 * MINUTE),
      }),
    ],
  };
  const ids = async (kind: Kind) =>
    ((await server.get(`/openapi/v1/records?kind=${kind}`)).json() as ListBody).data.items.map(
      (item) => item.id,
    );

  before(async () => {
    server = await startTestServer({ snapshot, clock: () => now });
  });
  after(() => server.close());

  test('keeps a future schedule pinned in all but out of reset_completed before its window starts', async () => {
    now = start - 1;
    assert.deepEqual(await ids('all'), ['700', '701']);
    assert.deepEqual(await ids('reset_completed'), ['701']);
  });

  test('adds the schedule to reset_completed from the first millisecond of its window', async () => {
    now = start;
    assert.deepEqual(await ids('reset_completed'), ['700', '701']);
  });

  test('keeps the schedule open and in progress at its endAt exactly', async () => {
    now = end;
    assert.deepEqual(await ids('all'), ['700', '701']);
    assert.deepEqual(await ids('reset_completed'), ['700', '701']);
  });

  test('unpins the stale schedule one millisecond after its endAt and sorts it by announcedAt', async () => {
    now = end + 1;
    assert.deepEqual(await ids('all'), ['701', '700']);
    assert.deepEqual(await ids('reset_completed'), ['701']);
    assert.deepEqual(await ids('reset_scheduled'), ['700']);
  });
});
