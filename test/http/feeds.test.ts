import assert from 'node:assert/strict';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { after, before, describe, test } from 'node:test';
import { parseFeed } from '@rowanmanning/feed-parser';
import ICAL from 'ical.js';
import { syntheticSnapshot } from '../../bench/synthetic-snapshot.ts';
import type { ResetRecord } from '../../src/shared/domain/record.ts';
import type { SnapshotFile } from '../../src/shared/domain/snapshot.ts';
import type { Response } from '../support/http.ts';
import { completion, HOUR, iso, schedule, snapshotOf } from '../support/records.ts';
import { startTestServer, type TestServer, waitFor } from '../support/server.ts';

/**
 * GET /feed.xml and /calendar.ics over real HTTP, read back with a feed parser
 * (@rowanmanning/feed-parser) and an iCalendar parser (ical.js), as a subscriber would.
 */

const NOW = Date.parse('2026-11-21T10:00:00.000Z');
const MINUTE = 60_000;
const at = (timestamp: string) => Date.parse(timestamp);
const BASE = 'https://resets.example.com';
const FEED = '/feed.xml';
const CALENDAR = '/calendar.ics';
const RATE_HEADERS = [
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'x-ratelimit-window',
  'x-ratelimit-reset',
];

/** Every kind of record the subscriptions have to show, newest first by their time. */
const RECORDS: ResetRecord[] = [
  schedule('2001', 'pending', [at('2026-11-21T18:00:00.000Z'), at('2026-11-21T18:00:00.000Z')], {
    announcedAt: '2026-11-21T09:00:00.000Z',
    text: 'Limits reset tonight at 18:00 UTC.',
  }),
  schedule('op_date', 'pending', [at('2026-11-22T08:00:00.000Z'), at('2026-11-23T07:59:59.999Z')], {
    schedulePrecision: 'date',
    announcedAt: '2026-11-21T07:00:00.000Z',
  }),
  completion('3001', {
    effectiveAt: '2026-11-21T05:30:00.000Z',
    announcedAt: '2026-11-21T05:40:00.000Z',
    scope: { plans: ['all'], windows: ['five_hour'] },
    relatedRecordIds: ['2003'],
    text: 'Usage limits were reset for everyone.',
  }),
  schedule('2003', 'fulfilled', [at('2026-11-21T05:00:00.000Z'), at('2026-11-21T06:00:00.000Z')], {
    announcedAt: '2026-11-21T04:00:00.000Z',
    completedAt: '2026-11-21T05:30:00.000Z',
    fulfillmentOrigin: 'link',
    completionRecordId: '3001',
  }),
  schedule('2005', 'pending', null, {
    schedulePrecision: null,
    announcedAt: '2026-11-21T03:00:00.000Z',
  }),
  schedule('2002', 'elapsed', [at('2026-11-20T06:00:00.000Z'), at('2026-11-20T08:00:00.000Z')], {
    announcedAt: '2026-11-19T10:00:00.000Z',
    resetType: 'banked',
  }),
  completion('manual:2026-11-19', { completedAt: '2026-11-19T09:00:00.000Z' }),
  schedule(
    'op_unknown',
    'unknown',
    [at('2026-11-25T12:00:00.000Z'), at('2026-11-25T12:00:00.000Z')],
    { announcedAt: '2026-11-18T12:00:00.000Z', resetType: 'global_and_banked' },
  ),
];

const SNAPSHOT = snapshotOf(RECORDS, NOW - MINUTE);

interface Clock {
  now: number;
}

async function serve(
  snapshot: SnapshotFile | null = SNAPSHOT,
  env: Record<string, string> = {},
  clock: Clock = { now: NOW },
) {
  return startTestServer({ snapshot, env, clock: () => clock.now });
}

// ---------------------------------------------------------------------------------------
// Reading the documents back

interface Entry {
  id: string | null;
  title: string | null;
  url: string | null;
  related: string[];
  updated: string | undefined;
  published: string | undefined;
}

function entriesOf(body: string): Entry[] {
  return parseFeed(body).items.map((item) => {
    const links = item.element.findElementsWithName('link');
    return {
      id: item.id,
      title: item.title,
      url: item.url,
      related: links
        .filter((link) => link.getAttribute('rel') === 'related')
        .map((link) => link.getAttribute('href')!),
      updated: item.updated?.toISOString(),
      published: item.published?.toISOString(),
    };
  });
}

interface Event {
  uid: string;
  start: string;
  end: string;
  hasEnd: boolean;
  summary: string;
  status: string;
  sequence: number;
  lastModified: string;
  url: string | null;
  description: string;
}

const timeOf = (value: unknown) => (value as ICAL.Time).toJSDate().toISOString();

function eventsOf(body: string): Event[] {
  const calendar = new ICAL.Component(ICAL.parse(body));
  return calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component);
    return {
      uid: event.uid,
      // An all-day event's dates as dates (a JS Date of one depends on the process's zone).
      start: event.startDate.isDate
        ? event.startDate.toString()
        : event.startDate.toJSDate().toISOString(),
      end: event.endDate.isDate ? event.endDate.toString() : event.endDate.toJSDate().toISOString(),
      hasEnd: component.hasProperty('dtend'),
      summary: event.summary,
      status: String(component.getFirstPropertyValue('status')),
      sequence: event.sequence,
      lastModified: timeOf(component.getFirstPropertyValue('last-modified')),
      url: component.getFirstPropertyValue('url') as string | null,
      description: event.description,
    };
  });
}

const eventBy = (events: Event[], uid: string) => {
  const event = events.find((candidate) => candidate.uid === uid);
  assert.ok(event, `event ${uid}`);
  return event;
};

const rateHeadersOf = (response: Response) =>
  RATE_HEADERS.filter((name) => response.headers[name] !== undefined);

// ---------------------------------------------------------------------------------------

describe('subscriptions: the Atom feed', () => {
  let server: TestServer;
  before(async () => {
    server = await serve(SNAPSHOT, { PUBLIC_BASE_URL: BASE });
  });
  after(() => server.close());

  test('lists the records newest first, each with a stable tag id, a readable title and its times', async () => {
    const response = await server.get(FEED);
    assert.equal(response.status, 200);
    assert.equal(response.headers['content-type'], 'application/atom+xml; charset=utf-8');
    const feed = parseFeed(response.text);
    assert.equal(feed.title, 'OpenAI Codex usage-limit resets');
    assert.equal(feed.self, `${BASE}/feed.xml`);
    assert.equal(feed.updated?.toISOString(), SNAPSHOT.generatedAt);

    const entry = (id: string, title: string, updated: string, published: string) => ({
      id: `tag:reset-records,2026:record:${encodeURIComponent(id)}`,
      title,
      url: `${BASE}/records/${encodeURIComponent(id)}`,
      related: /^\d+$/.test(id) ? [`https://x.com/resetwatch/status/${id}`] : [],
      updated,
      published,
    });
    assert.deepEqual(entriesOf(response.text), [
      entry(
        '2001',
        'Reset scheduled for 2026-11-21 18:00 UTC: global limits (pending)',
        '2026-11-21T09:00:00.000Z',
        '2026-11-21T09:00:00.000Z',
      ),
      entry(
        'op_date',
        'Reset scheduled for Sun 22 Nov 2026, Pacific time: global limits (pending)',
        '2026-11-21T07:00:00.000Z',
        '2026-11-21T07:00:00.000Z',
      ),
      // A completion is published at its reset time and updated at its latest own time.
      entry(
        '3001',
        'Reset completed 2026-11-21 05:30 UTC: global limits, all plans, five-hour window',
        '2026-11-21T05:40:00.000Z',
        '2026-11-21T05:30:00.000Z',
      ),
      // A fulfilled schedule changed when it was completed; an elapsed one when its window ended.
      entry(
        '2003',
        'Reset scheduled between 2026-11-21 05:00 and 06:00 UTC: global limits (fulfilled, confirmed 2026-11-21 05:30 UTC)',
        '2026-11-21T05:30:00.000Z',
        '2026-11-21T04:00:00.000Z',
      ),
      entry(
        '2005',
        'Reset scheduled with no announced time: global limits (pending)',
        '2026-11-21T03:00:00.000Z',
        '2026-11-21T03:00:00.000Z',
      ),
      entry(
        '2002',
        'Reset scheduled between 2026-11-20 06:00 and 08:00 UTC: banked usage (elapsed, not confirmed)',
        '2026-11-20T08:00:00.000Z',
        '2026-11-19T10:00:00.000Z',
      ),
      entry(
        'manual:2026-11-19',
        'Reset completed 2026-11-19 09:00 UTC: global limits',
        '2026-11-19T09:00:00.000Z',
        '2026-11-19T09:00:00.000Z',
      ),
      entry(
        'op_unknown',
        'Reset scheduled for 2026-11-25 12:00 UTC: global limits and banked usage (state unknown)',
        '2026-11-18T12:00:00.000Z',
        '2026-11-18T12:00:00.000Z',
      ),
    ]);
  });

  test("an entry's content holds the post text, the facts and the source post", async () => {
    const { text } = await server.get(FEED);
    const item = parseFeed(text).items.find((candidate) => candidate.id?.endsWith(':3001'));
    const content = item?.content ?? '';
    assert.match(content, /<p>Usage limits were reset for everyone\.<\/p>/);
    assert.match(content, /<li>Plans: all plans<\/li>/);
    assert.match(content, /<li>Quota windows: five_hour<\/li>/);
    assert.match(content, /<li>Reset at: 2026-11-21 05:30 UTC<\/li>/);
    assert.match(content, /<li>Related records: 2003<\/li>/);
    assert.match(content, /<a href="https:\/\/x\.com\/resetwatch\/status\/3001">Source post<\/a>/);
  });

  test('keeps at most the newest 50 records', async () => {
    const many = Array.from({ length: 60 }, (_, i) =>
      completion(String(5000 + i), { effectiveAt: iso(NOW - (i + 1) * HOUR) }),
    );
    const local = await serve(snapshotOf(many, NOW - MINUTE));
    try {
      const ids = entriesOf((await local.get(FEED)).text).map((entry) => entry.id);
      assert.equal(ids.length, 50);
      assert.equal(ids[0], 'tag:reset-records,2026:record:5000');
      assert.equal(ids[49], 'tag:reset-records,2026:record:5049');
    } finally {
      await local.close();
    }
  });
});

describe('subscriptions: the iCalendar feed', () => {
  let server: TestServer;
  before(async () => {
    server = await serve(SNAPSHOT, { PUBLIC_BASE_URL: BASE });
  });
  after(() => server.close());

  test('one event per schedule with a window, in every state, and per completion at its time; a Pacific day is an all-day event; windowless schedules are none', async () => {
    const response = await server.get(CALENDAR);
    assert.equal(response.status, 200);
    assert.equal(response.headers['content-type'], 'text/calendar; charset=utf-8');
    const calendar = new ICAL.Component(ICAL.parse(response.text));
    assert.equal(calendar.getFirstPropertyValue('x-wr-calname'), 'OpenAI Codex usage-limit resets');
    assert.equal(String(calendar.getFirstPropertyValue('refresh-interval')), 'PT15M');
    assert.equal(String(calendar.getFirstPropertyValue('x-published-ttl')), 'PT15M');

    const summary = eventsOf(response.text).map(
      ({ uid, start, end, hasEnd, summary, status, sequence }) => ({
        uid,
        start,
        end,
        hasEnd,
        summary,
        status,
        sequence,
      }),
    );
    assert.deepEqual(summary, [
      // A completion is an event at the time of its reset.
      {
        uid: 'manual%3A2026-11-19@reset-records',
        start: '2026-11-19T09:00:00.000Z',
        end: '2026-11-19T09:00:00.000Z',
        hasEnd: false,
        summary: 'Reset: global limits',
        status: 'CONFIRMED',
        sequence: 0,
      },
      {
        uid: '2002@reset-records',
        start: '2026-11-20T06:00:00.000Z',
        end: '2026-11-20T08:00:00.000Z',
        hasEnd: true,
        summary: 'Reset not confirmed (elapsed): banked usage',
        status: 'TENTATIVE',
        sequence: 2,
      },
      // A fulfilled schedule says when it was confirmed.
      {
        uid: '2003@reset-records',
        start: '2026-11-21T05:00:00.000Z',
        end: '2026-11-21T06:00:00.000Z',
        hasEnd: true,
        summary: 'Reset confirmed 2026-11-21 05:30 UTC: global limits',
        status: 'CONFIRMED',
        sequence: 3,
      },
      {
        uid: '3001@reset-records',
        start: '2026-11-21T05:30:00.000Z',
        end: '2026-11-21T05:30:00.000Z',
        hasEnd: false,
        summary: 'Reset: global limits, all plans, five-hour window',
        status: 'CONFIRMED',
        sequence: 0,
      },
      // An exact time is a zero-length event: DTSTART and no DTEND.
      {
        uid: '2001@reset-records',
        start: '2026-11-21T18:00:00.000Z',
        end: '2026-11-21T18:00:00.000Z',
        hasEnd: false,
        summary: 'Reset expected: global limits',
        status: 'TENTATIVE',
        sequence: 0,
      },
      // A whole Pacific day: an all-day event on that date (DTEND the next date, exclusive).
      {
        uid: 'op_date@reset-records',
        start: '2026-11-22',
        end: '2026-11-23',
        hasEnd: true,
        summary: 'Reset expected: global limits',
        status: 'TENTATIVE',
        sequence: 0,
      },
      {
        uid: 'op_unknown@reset-records',
        start: '2026-11-25T12:00:00.000Z',
        end: '2026-11-25T12:00:00.000Z',
        hasEnd: false,
        summary: 'Reset (state unknown): global limits and banked usage',
        status: 'TENTATIVE',
        sequence: 1,
      },
    ]);
  });

  test('an event links its record page and describes the post, the facts and the source', async () => {
    const event = eventBy(eventsOf((await server.get(CALENDAR)).text), '2001@reset-records');
    assert.equal(event.url, `${BASE}/records/2001`);
    assert.equal(event.lastModified, '2026-11-21T09:00:00.000Z');
    assert.match(event.description, /^Limits reset tonight at 18:00 UTC\.\n\n/);
    assert.match(event.description, /\nState: pending\n/);
    assert.match(event.description, /\nSource post: https:\/\/x\.com\/resetwatch\/status\/2001\n/);
    assert.match(event.description, /\nRecord: https:\/\/resets\.example\.com\/records\/2001$/);
  });
});

describe('subscriptions: a state change in a newer snapshot', () => {
  test('keeps entry ids and event UIDs, and changes STATUS, SEQUENCE, LAST-MODIFIED and updated', async () => {
    const clock = { now: NOW };
    const server = await serve(SNAPSHOT, {}, clock);
    try {
      const calendarBefore = await server.get(CALENDAR);
      const feedBefore = await server.get(FEED);

      const later = at('2026-11-23T09:00:00.000Z');
      clock.now = later;
      const changed = RECORDS.map((record) => {
        if (record.id === '2001') {
          return {
            ...record,
            scheduleState: 'fulfilled' as const,
            completedAt: '2026-11-21T18:02:00.000Z',
            fulfillmentOrigin: 'auto' as const,
          };
        }
        if (record.id === 'op_date') return { ...record, scheduleState: 'elapsed' as const };
        return record;
      });
      await server.publish(snapshotOf(changed, later - MINUTE));
      await waitFor(
        async () => (await server.get(CALENDAR)).headers.etag !== calendarBefore.headers.etag,
        3000,
      );

      const before = eventsOf(calendarBefore.text);
      const afterwards = eventsOf((await server.get(CALENDAR)).text);
      assert.deepEqual(
        afterwards.map((event) => event.uid),
        before.map((event) => event.uid),
      );
      const fulfilled = eventBy(afterwards, '2001@reset-records');
      assert.equal(eventBy(before, '2001@reset-records').status, 'TENTATIVE');
      assert.equal(fulfilled.status, 'CONFIRMED');
      assert.equal(fulfilled.summary, 'Reset confirmed 2026-11-21 18:02 UTC: global limits');
      assert.ok(fulfilled.sequence > eventBy(before, '2001@reset-records').sequence);
      assert.equal(fulfilled.lastModified, '2026-11-21T18:02:00.000Z');

      const elapsed = eventBy(afterwards, 'op_date@reset-records');
      assert.equal(elapsed.status, 'TENTATIVE', 'elapsed is not cancelled');
      assert.equal(elapsed.summary, 'Reset not confirmed (elapsed): global limits');
      assert.ok(elapsed.sequence > eventBy(before, 'op_date@reset-records').sequence);
      assert.equal(elapsed.lastModified, '2026-11-23T07:59:59.000Z');
      // The records that did not change are the same events, byte for byte.
      assert.deepEqual(
        eventBy(afterwards, '2002@reset-records'),
        eventBy(before, '2002@reset-records'),
      );

      const entriesBefore = entriesOf(feedBefore.text);
      const entriesAfter = entriesOf((await server.get(FEED)).text);
      assert.deepEqual(
        entriesAfter.map((entry) => entry.id),
        entriesBefore.map((entry) => entry.id),
      );
      assert.deepEqual(entriesAfter[0], {
        ...entriesBefore[0],
        title:
          'Reset scheduled for 2026-11-21 18:00 UTC: global limits (fulfilled, confirmed 2026-11-21 18:02 UTC)',
        updated: '2026-11-21T18:02:00.000Z',
      });
      assert.equal(entriesAfter[2]!.updated, entriesBefore[2]!.updated, 'an unchanged record');
    } finally {
      await server.close();
    }
  });
});

describe('subscriptions: HTTP caching', () => {
  const clock = { now: NOW };
  let server: TestServer;
  before(async () => {
    server = await serve(SNAPSHOT, {}, clock);
  });
  after(() => server.close());

  for (const path of [FEED, CALENDAR]) {
    test(`${path}: a strong ETag from the body; If-None-Match answers 304`, async () => {
      clock.now = NOW;
      const first = await server.get(path);
      const etag = String(first.headers.etag);
      assert.match(etag, /^"[\w-]{22}"$/);
      assert.equal(first.headers['cache-control'], 'public, max-age=30');

      const again = await server.get(path, { headers: { 'if-none-match': etag } });
      assert.equal(again.status, 304);
      assert.equal(again.text, '');
      assert.equal(again.headers.etag, etag);
      assert.equal(again.headers['cache-control'], 'public, max-age=30');

      const other = await server.get(path, { headers: { 'if-none-match': '"something-else"' } });
      assert.equal(other.status, 200);
      assert.equal(other.text, first.text);
    });

    test(`${path}: the same body and ETag at any time of one snapshot; max-age ends at the next window boundary`, async () => {
      clock.now = NOW;
      const first = await server.get(path);
      // 10 s before schedule 2001's window starts, the moment its state is next likely to change.
      clock.now = at('2026-11-21T17:59:50.000Z');
      const later = await server.get(path);
      assert.equal(later.headers.etag, first.headers.etag);
      assert.equal(later.text, first.text);
      assert.equal(later.headers['cache-control'], 'public, max-age=10');
    });

    test(`${path}: HEAD answers the headers of GET without a body`, async () => {
      clock.now = NOW;
      const get = await server.get(path);
      const head = await server.get(path, { method: 'HEAD' });
      assert.equal(head.status, 200);
      assert.equal(head.text, '');
      assert.equal(head.headers.etag, get.headers.etag);
      assert.equal(head.headers['content-type'], get.headers['content-type']);
      assert.equal(head.headers['cache-control'], get.headers['cache-control']);
    });

    test(`${path}: other methods are 405 naming GET and HEAD`, async () => {
      const post = await server.get(path, { method: 'POST' });
      assert.equal(post.status, 405);
      assert.equal(post.headers.allow, 'GET, HEAD');
    });
  }
});

describe('subscriptions: never counted against the quota', () => {
  test('with the quota spent by 20 API calls, both still answer 200 without X-RateLimit headers', async () => {
    const server = await serve(SNAPSHOT, { RATE_LIMIT: 'on' });
    try {
      // Asked first, they take nothing: all 20 API calls are still admitted afterwards.
      for (const path of [FEED, CALENDAR, FEED, CALENDAR]) {
        const response = await server.get(path);
        assert.equal(response.status, 200);
        assert.deepEqual(rateHeadersOf(response), [], path);
      }
      for (let i = 0; i < 20; i++) {
        const response = await server.get('/openapi/v1/records');
        assert.equal(response.status, 200, `API call ${i + 1}`);
        assert.equal(response.headers['x-ratelimit-remaining'], String(19 - i));
      }
      assert.equal((await server.get('/openapi/v1/records')).status, 429);
      for (const path of [FEED, CALENDAR]) {
        for (const method of ['GET', 'HEAD']) {
          const response = await server.get(path, { method });
          assert.equal(response.status, 200, `${method} ${path}`);
          assert.deepEqual(rateHeadersOf(response), [], `${method} ${path}`);
          assert.match(String(response.headers['cache-control']), /^public, /);
        }
      }
    } finally {
      await server.close();
    }
  });
});

describe('subscriptions: links', () => {
  const forged = { host: 'evil.example', 'x-forwarded-host': 'evil.example' };

  test('PUBLIC_BASE_URL set: absolute links with it, whatever Host the request names', async () => {
    const server = await serve(SNAPSHOT, { PUBLIC_BASE_URL: `${BASE}/` });
    try {
      const feed = await server.get(FEED, { headers: forged });
      const calendar = await server.get(CALENDAR, { headers: forged });
      for (const { text } of [feed, calendar]) assert.doesNotMatch(text, /evil\.example/);
      assert.equal(parseFeed(feed.text).self, `${BASE}/feed.xml`);
      assert.equal(entriesOf(feed.text)[0]!.url, `${BASE}/records/2001`);
      assert.equal(
        entriesOf(feed.text).find((entry) => entry.id?.endsWith('manual%3A2026-11-19'))!.url,
        `${BASE}/records/manual%3A2026-11-19`,
      );
      assert.equal(
        eventBy(eventsOf(calendar.text), 'op_date@reset-records').url,
        `${BASE}/records/op_date`,
      );
      assert.match(
        calendar.text,
        /\r\nSOURCE;VALUE=URI:https:\/\/resets\.example\.com\/calendar\.ics\r\n/,
      );
    } finally {
      await server.close();
    }
  });

  test('PUBLIC_BASE_URL unset: relative links in the feed, none the calendar cannot resolve', async () => {
    const server = await serve(SNAPSHOT);
    try {
      const feed = await server.get(FEED, { headers: forged });
      const calendar = await server.get(CALENDAR, { headers: forged });
      for (const { text } of [feed, calendar]) {
        assert.doesNotMatch(text, /evil\.example/);
        assert.doesNotMatch(text, /127\.0\.0\.1|localhost/);
        assert.doesNotMatch(text, /relative\.invalid/);
      }
      const parsed = parseFeed(feed.text);
      assert.equal(parsed.self, '/feed.xml');
      // Relative to the root of the address the feed was read from, said in the feed.
      assert.match(
        feed.text,
        /^<\?xml[^>]*>\n<feed xmlns="http:\/\/www\.w3\.org\/2005\/Atom" xml:base="\/">/,
      );
      const entries = entriesOf(feed.text);
      assert.equal(entries[0]!.url, '/records/2001');
      assert.deepEqual(entries[0]!.related, ['https://x.com/resetwatch/status/2001']);
      assert.equal(entries[6]!.url, '/records/manual%3A2026-11-19');
      // The ids do not depend on the address: the same as with PUBLIC_BASE_URL.
      assert.equal(entries[0]!.id, 'tag:reset-records,2026:record:2001');
      // iCalendar URL and SOURCE must be absolute URIs: left out rather than made up.
      for (const event of eventsOf(calendar.text)) assert.equal(event.url, null);
      assert.doesNotMatch(calendar.text, /\r\n(SOURCE|URL)[;:]/);
    } finally {
      await server.close();
    }
  });
});

describe('subscriptions: before any snapshot', () => {
  test('503 data_unavailable with Retry-After, not stored, not counted', async () => {
    const server = await serve(null, { RATE_LIMIT: 'on' });
    try {
      for (const path of [FEED, CALENDAR]) {
        const response = await server.get(path);
        assert.equal(response.status, 503, path);
        assert.equal(response.headers['retry-after'], '60');
        assert.equal(response.headers['cache-control'], 'no-store');
        assert.equal(response.headers['content-type'], 'application/json; charset=utf-8');
        assert.deepEqual(response.json(), {
          ok: false,
          error: 'data_unavailable',
          detail: 'No snapshot has been published yet.',
        });
        assert.deepEqual(rateHeadersOf(response), []);
        assert.equal(response.headers.etag, undefined);
        const head = await server.get(path, { method: 'HEAD' });
        assert.equal(head.status, 503);
        assert.equal(head.headers['retry-after'], '60');
      }
    } finally {
      await server.close();
    }
  });
});

describe('the calendar under hostile and large snapshots (issue 16, findings 12 and 14)', () => {
  test('a window ending 9999-12-31T23:59:59.999Z ends at the last writable second, never in year 10000', async () => {
    const last = '9999-12-31T23:59:59.999Z';
    const server = await serve(
      snapshotOf(
        [
          schedule('op_far', 'pending', [at('9999-12-31T20:00:00.000Z'), at(last)]),
          // A whole UTC day, the very last one: no writable next date, so a timed event.
          schedule('op_far_day', 'pending', [at('9999-12-31T00:00:00.000Z'), at(last)], {
            schedulePrecision: 'date',
          }),
          // An exact time at the last millisecond: one second, no DTEND equal to DTSTART.
          schedule('op_far_exact', 'pending', [at(last), at(last)]),
        ],
        NOW - MINUTE,
      ),
    );
    try {
      const { text } = await server.get(CALENDAR);
      const stamps = [...text.matchAll(/^(DTSTART|DTEND)[^:\r\n]*:(.*)\r$/gm)].map((m) => m[2]!);
      assert.equal(stamps.length, 5);
      for (const stamp of stamps) assert.match(stamp, /^\d{8}T\d{6}Z$/, stamp);
      const events = eventsOf(text);
      assert.equal(eventBy(events, 'op_far@reset-records').end, '9999-12-31T23:59:59.000Z');
      const day = eventBy(events, 'op_far_day@reset-records');
      assert.deepEqual(
        [day.start, day.end],
        ['9999-12-31T00:00:00.000Z', '9999-12-31T23:59:59.000Z'],
      );
      const exact = eventBy(events, 'op_far_exact@reset-records');
      assert.deepEqual([exact.start, exact.hasEnd], ['9999-12-31T23:59:59.000Z', false]);
    } finally {
      await server.close();
    }
  });

  test('3,000 records with long texts: the calendar is built off the main thread, which never stalls', async (t) => {
    // 500 events with 500-character texts: about 2 s of rendering on this machine's main
    // thread (ical-generator folds lines character by character), which used to stall every
    // request once per new snapshot. Built in the worker, the main thread only picks the
    // rows: the longest stall of its event loop stays far below that.
    const file = syntheticSnapshot(3000, NOW);
    for (const record of file.records) {
      record.text = `${record.text} ${'Limits reset for everyone, all plans. '.repeat(14)}`;
    }
    const server = await serve(file);
    const delay = monitorEventLoopDelay({ resolution: 10 });
    try {
      await server.get('/healthz'); // the snapshot is loaded and the server warm
      delay.enable();
      const started = performance.now();
      const response = await server.get(CALENDAR);
      const took = performance.now() - started;
      delay.disable();
      assert.equal(response.status, 200);
      assert.equal(eventsOf(response.text).length, 500);
      const stallMs = delay.max / 1e6;
      t.diagnostic(`first calendar: ${took.toFixed(0)} ms, longest stall ${stallMs.toFixed(0)} ms`);
      assert.ok(
        stallMs < 250,
        `longest stall ${stallMs.toFixed(0)} ms while rendering for ${took.toFixed(0)} ms`,
      );
      // The next request is served from the rendered body.
      const again = await server.get(CALENDAR, {
        headers: { 'if-none-match': response.headers.etag! },
      });
      assert.equal(again.status, 304);
    } finally {
      delay.disable();
      await server.close();
    }
  });
});
