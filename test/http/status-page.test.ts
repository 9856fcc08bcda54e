import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { ResetRecord } from '../../src/domain/record.ts';
import type { SnapshotFile } from '../../src/domain/snapshot.ts';
import { PAGE_CSP } from '../../src/web/security-headers.ts';
import { completion, DAY, HOUR, iso, schedule, snapshotOf } from '../support/records.ts';
import { startTestServer, type TestServer, waitFor } from '../support/server.ts';

/**
 * GET / : the status page, rendered from the snapshot with an injected clock. Assertions
 * are on the server-rendered (UTC) HTML; test/browser/status-page.test.ts covers what the
 * client script does with it.
 */

const NOW = Date.parse('2026-11-21T10:00:00.000Z');
const MINUTE = 60_000;

interface Clock {
  now: number;
}

async function serve(snapshot: SnapshotFile | null, clock: Clock = { now: NOW }) {
  return startTestServer({ snapshot, clock: () => clock.now });
}

function snapshotAt(records: ResetRecord[], checkedAgoMs: number | null = 5 * MINUTE) {
  return {
    ...snapshotOf(records, NOW - MINUTE),
    lastSuccessfulCheckAt: checkedAgoMs === null ? null : iso(NOW - checkedAgoMs),
  };
}

const one = (html: string, pattern: RegExp): string => {
  const match = pattern.exec(html);
  assert.ok(match, `expected ${pattern} in the page`);
  return match[1]!;
};
const verdictOf = (html: string) => one(html, /<span id="verdict-text">([^<]*)<\/span>/);
const countdownOf = (html: string) =>
  one(html, /<p class="countdown[^"]*" id="countdown"[^>]*>([^<]*)<\/p>/);
const freshnessOf = (html: string) => one(html, /(<p class="freshness[^"]*"[^>]*>.*?<\/p>)/);
const recordTexts = (html: string) =>
  [...html.matchAll(/<p class="record-text[^"]*">([^<]*)<\/p>/g)].map((match) => match[1]);

describe('status page: next scheduled reset', () => {
  test('a schedule in progress (window started, not ended): window end and time left, in UTC', async () => {
    const server = await serve(
      snapshotAt([
        schedule('op_later', 'pending', [NOW + 5 * HOUR, NOW + 5 * HOUR]),
        schedule('op_now', 'pending', [NOW - HOUR, NOW + 2 * HOUR + 30 * MINUTE]),
      ]),
    );
    try {
      const response = await server.get('/');
      assert.equal(response.status, 200);
      assert.equal(
        countdownOf(response.text),
        'In progress: the window ends 2026-11-21 12:30 UTC, in 2 h 30 min. It is not confirmed yet.',
      );
      assert.match(
        response.text,
        /id="countdown" data-start="2026-11-21T09:00:00.000Z" data-end="2026-11-21T12:30:00.000Z" data-precision="datetime"/,
      );
    } finally {
      await server.close();
    }
  });

  test('a date-level schedule for today is in progress for the whole day', async () => {
    const dayStart = Date.parse('2026-11-21T00:00:00.000Z');
    const server = await serve(
      snapshotAt([
        schedule('op_today', 'pending', [dayStart, dayStart + DAY - 1], {
          schedulePrecision: 'date',
        }),
      ]),
    );
    try {
      const { text } = await server.get('/');
      assert.equal(
        countdownOf(text),
        'In progress: expected some time during the announced day; the window ends 2026-11-21 23:59 UTC, in 13 h 59 min. It is not confirmed yet.',
      );
      assert.match(text, /data-precision="date"/);
    } finally {
      await server.close();
    }
  });

  test('future schedules: the soonest open one, with the time until it starts', async () => {
    const server = await serve(
      snapshotAt([
        schedule('op_later', 'pending', [NOW + 5 * HOUR, NOW + 6 * HOUR]),
        schedule('op_soon', 'pending', [NOW + 3 * HOUR + 5 * MINUTE, NOW + 3 * HOUR + 5 * MINUTE]),
        schedule('op_fulfilled', 'fulfilled', [NOW + HOUR, NOW + HOUR]),
        schedule('op_elapsed', 'elapsed', [NOW - HOUR, NOW - HOUR]),
        schedule('op_stale', 'pending', [NOW - 2 * HOUR, NOW - HOUR]),
      ]),
    );
    try {
      const { text } = await server.get('/');
      assert.equal(countdownOf(text), 'Starts 2026-11-21 13:05 UTC: in 3 h 05 min.');
      assert.match(text, /id="countdown" data-start="2026-11-21T13:05:00.000Z"/);
    } finally {
      await server.close();
    }
  });

  test('none known: says so, and never turns a schedule without a time into a countdown', async () => {
    const server = await serve(
      snapshotAt([
        schedule('op_stale', 'pending', [NOW - 2 * HOUR, NOW - 1]),
        schedule('op_elapsed', 'elapsed', [NOW - HOUR, NOW - HOUR]),
        schedule('op_unknown', 'unknown', [NOW + HOUR, NOW + HOUR]),
        schedule('op_undated', 'pending', null, { schedulePrecision: null }),
      ]),
    );
    try {
      const { text } = await server.get('/');
      assert.equal(
        countdownOf(text),
        'No upcoming reset with a known time is scheduled in the published records.',
      );
      assert.doesNotMatch(text, /data-start=/);
      assert.match(
        text,
        /<p class="undated">1 open schedule has no announced time; see the latest records below\.<\/p>/,
      );
      assert.match(text, /<span class="badge badge-state">pending, window passed<\/span>/);
    } finally {
      await server.close();
    }
  });

  test('the page follows the clock across a window start without a new snapshot', async () => {
    const clock = { now: NOW };
    const server = await serve(
      snapshotAt([schedule('op_next', 'pending', [NOW + 10 * MINUTE, NOW + HOUR])]),
      clock,
    );
    try {
      assert.equal(
        countdownOf((await server.get('/')).text),
        'Starts 2026-11-21 10:10 UTC: in 10 min.',
      );
      clock.now = NOW + 10 * MINUTE;
      assert.equal(
        countdownOf((await server.get('/')).text),
        'In progress: the window ends 2026-11-21 11:00 UTC, in 50 min. It is not confirmed yet.',
      );
      clock.now = NOW + HOUR + 1;
      assert.equal(
        countdownOf((await server.get('/')).text),
        'No upcoming reset with a known time is scheduled in the published records.',
      );
    } finally {
      await server.close();
    }
  });
});

describe('status page: was there a reset today (UTC without JavaScript)', () => {
  test('a completion today: yes, with its UTC time', async () => {
    const server = await serve(
      snapshotAt([
        completion('101', {
          effectiveAt: '2026-11-21T08:12:00.000Z',
          announcedAt: '2026-11-21T08:15:00.000Z',
        }),
        completion('100', {
          effectiveAt: '2026-11-20T23:50:00.000Z',
          announcedAt: '2026-11-20T23:50:00.000Z',
        }),
      ]),
    );
    try {
      const { text } = await server.get('/');
      assert.equal(
        verdictOf(text),
        'Yes, limits were reset today (UTC day 2026-11-21) at 08:12 UTC.',
      );
      assert.match(text, /<p class="verdict verdict-yes" id="verdict"/);
      assert.match(
        text,
        /Reset at <time datetime="2026-11-21T08:12:00.000Z" data-completion>2026-11-21 08:12 UTC<\/time>/,
      );
    } finally {
      await server.close();
    }
  });

  test('only a completion yesterday: no, naming the last one', async () => {
    const server = await serve(
      snapshotAt([
        completion('100', {
          effectiveAt: '2026-11-20T23:50:00.000Z',
          announcedAt: '2026-11-20T23:50:00.000Z',
        }),
        // In progress now, but a schedule is not a reset.
        schedule('op_now', 'pending', [NOW - HOUR, NOW + HOUR]),
      ]),
    );
    try {
      const { text } = await server.get('/');
      assert.equal(
        verdictOf(text),
        'No reset recorded today (UTC day 2026-11-21). The last recorded reset was 2026-11-20 23:50 UTC.',
      );
      assert.match(text, /<p class="verdict verdict-no" id="verdict"/);
    } finally {
      await server.close();
    }
  });

  test('no completion at all: no, and an in-progress or fulfilled schedule does not count', async () => {
    const server = await serve(
      snapshotAt([
        schedule('op_now', 'pending', [NOW - HOUR, NOW + HOUR]),
        schedule('op_done', 'fulfilled', [NOW - 2 * HOUR, NOW - 2 * HOUR]),
      ]),
    );
    try {
      const { text } = await server.get('/');
      assert.equal(
        verdictOf(text),
        'No reset recorded today (UTC day 2026-11-21). No completed reset is recorded at all.',
      );
      assert.match(text, /<p class="empty">No completed reset is recorded\.<\/p>/);
      assert.doesNotMatch(text, /data-completion/);
    } finally {
      await server.close();
    }
  });

  test('a manual completion without effectiveAt is dated by completedAt', async () => {
    const server = await serve(
      snapshotAt([completion('manual:m1', { completedAt: '2026-11-21T07:00:00.000Z' })]),
    );
    try {
      const { text } = await server.get('/');
      assert.equal(
        verdictOf(text),
        'Yes, limits were reset today (UTC day 2026-11-21) at 07:00 UTC.',
      );
      assert.match(text, /Manual completion by the operator/);
    } finally {
      await server.close();
    }
  });
});

describe('status page: data freshness', () => {
  const cases: [string, number | null, RegExp, string][] = [
    ['checked 5 minutes ago: fresh', 5 * MINUTE, /freshness-ok/, 'Data checked'],
    [
      'checked exactly 30 hours ago: still fresh',
      30 * HOUR,
      /freshness-ok/,
      '(<span class="ago">1 day ago</span>)',
    ],
    [
      'checked 30 hours and 1 ms ago: unknown',
      30 * HOUR + 1,
      /freshness-unknown/,
      '<strong>Freshness unknown:</strong> the last successful check was',
    ],
    [
      'never checked (null): unknown',
      null,
      /freshness-unknown/,
      'no successful check of the source is recorded',
    ],
  ];
  for (const [name, ago, cssClass, phrase] of cases) {
    test(name, async () => {
      const server = await serve(
        snapshotAt([completion('100', { effectiveAt: iso(NOW - HOUR) })], ago),
      );
      try {
        const { text } = await server.get('/');
        const line = freshnessOf(text);
        assert.match(line, cssClass);
        assert.ok(line.includes(phrase), line);
        if (ago === 5 * MINUTE) {
          assert.equal(
            line,
            '<p class="freshness freshness-ok" id="freshness" data-checked="2026-11-21T09:55:00.000Z" data-stale-after="108000000">Data checked <time datetime="2026-11-21T09:55:00.000Z">2026-11-21 09:55 UTC</time> (<span class="ago">5 minutes ago</span>).</p>',
          );
        }
        const fresh = ago !== null && ago <= 30 * HOUR;
        assert.equal(text.includes('Data checked'), fresh);
        assert.equal(
          text.includes('The data may be out of date, so a recent reset may be missing.'),
          !fresh,
        );
      } finally {
        await server.close();
      }
    });
  }
});

describe('status page: no snapshot published', () => {
  let server: TestServer;
  before(async () => {
    server = await serve(null);
  });
  after(() => server.close());

  test('503 with the page saying data unavailable, not cached', async () => {
    const response = await server.get('/');
    assert.equal(response.status, 503);
    assert.equal(response.headers['content-type'], 'text/html; charset=utf-8');
    assert.equal(response.headers['cache-control'], 'no-store');
    assert.equal(response.headers['content-security-policy'], PAGE_CSP);
    assert.match(response.text, /<h2 id="unavailable-heading">Data unavailable<\/h2>/);
    assert.doesNotMatch(response.text, /No reset recorded/);
    assert.doesNotMatch(response.text, /Yes, limits were reset/);
  });

  test('switches to the data once a snapshot is published', async () => {
    await server.publish(snapshotAt([completion('100', { effectiveAt: iso(NOW - HOUR) })]));
    await waitFor(async () => (await server.get('/')).status === 200, 2_000);
    assert.equal(
      verdictOf((await server.get('/')).text),
      'Yes, limits were reset today (UTC day 2026-11-21) at 09:00 UTC.',
    );
  });
});

describe('status page: records, escaping, links, headers, quota', () => {
  let server: TestServer;
  const hostile = `<script>alert("x")</script> & 'quoted'`;
  before(async () => {
    const records: ResetRecord[] = [
      completion('200', {
        announcedAt: iso(NOW - 1 * HOUR),
        effectiveAt: iso(NOW - HOUR),
        text: hostile,
      }),
      completion('199', {
        announcedAt: iso(NOW - 2 * HOUR),
        text: 'javascript url',
        source: { origin: 'x', postId: '199', handle: 'resetwatch', url: 'javascript:alert(1)' },
      }),
      completion('198', {
        announcedAt: iso(NOW - 3 * HOUR),
        text: 'http url with query',
        source: {
          origin: 'x',
          postId: '198',
          handle: 'a"b',
          url: 'http://example.com/p?a=1&b="2"',
        },
      }),
      completion('197', {
        announcedAt: iso(NOW - 4 * HOUR),
        text: 'data url',
        source: {
          origin: 'x',
          postId: '197',
          handle: 'resetwatch',
          url: 'data:text/html,<b>hi</b>',
        },
      }),
    ];
    for (let index = 0; index < 6; index++) {
      records.push(
        completion(`10${index}`, {
          announcedAt: iso(NOW - (10 + index) * HOUR),
          text: `older ${index}`,
        }),
      );
    }
    records.push(
      schedule('op_next', 'pending', [NOW + 10_500, NOW + HOUR], { text: 'pinned first' }),
    );
    server = await serve(snapshotAt(records));
  });
  after(() => server.close());

  test('latest records: the first 8 rows of `all`, pinned schedule first, then newest first', async () => {
    const { text } = await server.get('/');
    assert.deepEqual(recordTexts(text), [
      'pinned first',
      '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quoted&#39;',
      'javascript url',
      'http url with query',
      'data url',
      'older 0',
      'older 1',
      'older 2',
    ]);
    assert.match(text, /The first 8 of 11 public records/);
  });

  test('record text is escaped: no markup from the data reaches the page', async () => {
    const { text } = await server.get('/');
    assert.ok(!text.includes('<script>alert'));
    assert.ok(!text.includes('<b>hi</b>'));
    assert.equal([...text.matchAll(/<script/g)].length, 1, 'only the page script');
    assert.match(text, /<script src="\/assets\/status-page.js" defer><\/script>/);
  });

  test('only http(s) source URLs become links, escaped, with rel="noopener noreferrer"', async () => {
    const { text } = await server.get('/');
    const main = one(text, /<main id="main">([\s\S]*)<\/main>/);
    const links = [...main.matchAll(/<a href="([^"]*)"([^>]*)>/g)].map((match) => [
      match[1],
      match[2],
    ]);
    const sourceLinks = links.filter(([href]) => href !== '/docs');
    assert.ok(sourceLinks.length > 0);
    for (const [href, rest] of sourceLinks) {
      assert.match(href!, /^https?:\/\//);
      assert.equal(rest, ' rel="noopener noreferrer"');
    }
    assert.ok(
      main.includes(
        '<a href="http://example.com/p?a=1&amp;b=&quot;2&quot;" rel="noopener noreferrer">Post by @a&quot;b</a>',
      ),
    );
    assert.ok(main.includes('Source: javascript:alert(1)'));
    assert.ok(main.includes('Source: data:text/html,&lt;b&gt;hi&lt;/b&gt;'));
    assert.doesNotMatch(main, /href="(javascript|data):/);
  });

  test('headers: HTML, the page CSP, a short max-age bounded by the next window start', async () => {
    const response = await server.get('/');
    assert.equal(response.status, 200);
    assert.equal(response.headers['content-type'], 'text/html; charset=utf-8');
    assert.equal(response.headers['content-security-policy'], PAGE_CSP);
    assert.equal(response.headers['x-content-type-options'], 'nosniff');
    assert.equal(
      response.headers['cache-control'],
      'public, max-age=10',
      'op_next starts in 10.5 s',
    );
    assert.doesNotMatch(response.text, /<style|style=/, 'no inline style');
    assert.doesNotMatch(response.text, /<script(?![^>]*\bsrc=)/, 'no inline script');
  });

  test('the page assets are served from memory with their types; HEAD works', async () => {
    const script = await server.get('/assets/status-page.js');
    assert.equal(script.status, 200);
    assert.equal(script.headers['content-type'], 'text/javascript; charset=utf-8');
    assert.match(script.text, /Intl\.DateTimeFormat/);
    const style = await server.get('/assets/status-page.css');
    assert.equal(style.status, 200);
    assert.equal(style.headers['content-type'], 'text/css; charset=utf-8');
    const head = await server.get('/', { method: 'HEAD' });
    assert.equal(head.status, 200);
    assert.equal(head.text, '');
    const post = await server.get('/', { method: 'POST' });
    assert.equal(post.status, 405);
    assert.equal(post.headers.allow, 'GET, HEAD');
  });

  test('the page does not count against the quota and carries no rate-limit headers', async () => {
    const first = await server.get('/openapi/v1/records/latest');
    const remaining = Number(first.headers['x-ratelimit-remaining']);
    assert.ok(Number.isInteger(remaining));
    for (let index = 0; index < 5; index++) {
      const page = await server.get('/');
      assert.equal(page.status, 200);
      assert.equal(page.headers['x-ratelimit-remaining'], undefined);
    }
    await server.get('/assets/status-page.js');
    const second = await server.get('/openapi/v1/records/latest');
    assert.equal(Number(second.headers['x-ratelimit-remaining']), remaining - 1);
  });
});

describe('status page: cache lifetime', () => {
  test('bounded by the next UTC midnight (when "today" changes)', async () => {
    const clock = { now: Date.parse('2026-11-21T23:59:48.500Z') };
    const server = await serve(snapshotAt([completion('100', { effectiveAt: iso(NOW) })]), clock);
    try {
      assert.equal((await server.get('/')).headers['cache-control'], 'public, max-age=11');
    } finally {
      await server.close();
    }
  });

  test('bounded by the moment the last check becomes stale', async () => {
    const server = await serve(
      snapshotAt([completion('100', { effectiveAt: iso(NOW) })], 30 * HOUR - 7_000),
    );
    try {
      assert.equal((await server.get('/')).headers['cache-control'], 'public, max-age=7');
    } finally {
      await server.close();
    }
  });
});
