import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { PAGE_CSP } from '../../src/service/web/security-headers.ts';
import type { ResetRecord } from '../../src/shared/domain/record.ts';
import type { SnapshotFile } from '../../src/shared/domain/snapshot.ts';
import { completion, DAY, HOUR, iso, schedule, snapshotOf } from '../support/records.ts';
import { startTestServer, type TestServer, waitFor } from '../support/server.ts';

/**
 * GET / : the status page, rendered from the snapshot and the one answer with an injected
 * clock. Assertions are on the server-rendered HTML, what a visitor without JavaScript
 * reads (UTC days, said so); test/browser/status-page.test.ts covers the visitor's own
 * days. The five problems of issue 20 each have a test here or there, named after it.
 */

const NOW = Date.parse('2026-11-21T10:00:00.000Z');
const MINUTE = 60_000;
/** 00:00 on Saturday 21 November 2026 in Los Angeles (PST, UTC-8). */
const PACIFIC_TODAY = Date.parse('2026-11-21T08:00:00.000Z');

interface Clock {
  now: number;
}

async function serve(
  snapshot: SnapshotFile | null,
  clock: Clock = { now: NOW },
  env: Record<string, string> = {},
) {
  return startTestServer({ snapshot, clock: () => clock.now, env });
}

function snapshotAt(records: ResetRecord[], checkedAgoMs: number | null = 5 * MINUTE, at = NOW) {
  return {
    ...snapshotOf(records, at - MINUTE),
    lastSuccessfulCheckAt: checkedAgoMs === null ? null : iso(at - checkedAgoMs),
  };
}

const wholeDay = (id: string, startMs: number, fields: Partial<ResetRecord> = {}) =>
  schedule(id, 'pending', [startMs, startMs + DAY - 1], { schedulePrecision: 'date', ...fields });

const one = (html: string, pattern: RegExp): string => {
  const match = pattern.exec(html);
  assert.ok(match, `expected ${pattern} in the page`);
  return match[1]!;
};
const textOf = (html: string) =>
  html
    .replace(/<[^>]*>/g, '')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();

const bannerOf = (html: string) => one(html, /(<section class="banner[\s\S]*?<\/section>)/);
const stateOf = (html: string) =>
  one(html, /id="banner" aria-labelledby="verdict" data-state="([^"]*)"/);
const verdictOf = (html: string) =>
  one(html, /<h2 class="banner-headline" id="verdict">([^<]*)<\/h2>/);
const lastOf = (html: string) =>
  textOf(one(html, /(<p class="banner-last" id="banner-last">[\s\S]*?<\/p>)/));
const globalOf = (html: string) =>
  /<p class="banner-last" id="banner-global"( hidden)?>/.exec(html)?.[1] ?? '';
const bannerNextOf = (html: string) =>
  textOf(one(html, /(<p class="banner-next" id="banner-next">[\s\S]*?<\/p>)/));
const countdownOf = (html: string) => textOf(one(html, /(<p id="countdown"[\s\S]*?<\/p>)/));
const thenOf = (html: string) =>
  [
    ...(/<ol class="others"[\s\S]*?<\/ol>/.exec(html)?.[0] ?? '').matchAll(/<li>([\s\S]*?)<\/li>/g),
  ].map((m) => textOf(m[1]!));
const titleOf = (html: string) => textOf(one(html, /<title>([^<]*)<\/title>/));
const stripOf = (html: string) => one(html, /(<ol class="strip"[\s\S]*?<\/ol>)/);
const cellsOf = (html: string) => [
  ...stripOf(html).matchAll(/<li class="(day[^"]*)" data-day="([^"]*)">(.*?)<\/li>/g),
];
const answerOf = (html: string) =>
  JSON.parse(one(html, /<script type="application\/json" id="answer"[^>]*>([^<]*)<\/script>/));

describe('issue 20, problem 1: a reset five hours ago never disappears at a day boundary', () => {
  test('at 00:27 UTC the global reset of 19:28 the evening before is stated with its age; the strip marks yesterday', async () => {
    const at = Date.parse('2026-11-22T00:27:00.000Z');
    const server = await serve(
      snapshotAt(
        [
          completion('1990500000000000042', {
            announcedAt: '2026-11-21T19:28:00.000Z',
            completedAt: '2026-11-21T19:28:00.000Z',
            scope: { plans: ['all'], windows: ['unknown'] },
          }),
        ],
        5 * MINUTE,
        at,
      ),
      { now: at },
    );
    try {
      const { text } = await server.get('/');
      assert.equal(verdictOf(text), 'No reset yet today');
      assert.equal(stateOf(text), 'no');
      assert.equal(
        lastOf(text),
        'Last reset: 4 h ago, yesterday 19:28 UTC: global limits, all plans.',
      );
      assert.equal(titleOf(text), 'No reset today; last 4 h ago · OpenAI Codex usage-limit resets');
      const cells = cellsOf(text);
      assert.equal(cells.at(-1)![1], 'day', 'today (UTC) has no reset');
      assert.equal(cells.at(-2)![1], 'day day-reset day-full');
      assert.equal(cells.at(-2)![2], '2026-11-21');
      assert.match(text, /\(<span id="strip-days">UTC days<\/span>\)/);
      assert.match(text, /<p class="zone-note" id="zone-note">Days and times are UTC\.<\/p>/);
    } finally {
      await server.close();
    }
  });
});

describe('issue 20, problem 2: a banked reset for one plan is said as what it was', () => {
  test('a banked reset for Pro today: "A banked reset for Pro", never "Yes, limits were reset"; the last global reset beside it', async () => {
    const server = await serve(
      snapshotAt([
        completion('1990600000000000001', {
          resetType: 'banked',
          announcedAt: iso(NOW - HOUR),
          completedAt: iso(NOW - HOUR),
          scope: { plans: ['pro'], windows: ['weekly'] },
        }),
        completion('manual:old', {
          effectiveAt: iso(NOW - 3 * DAY),
          completedAt: iso(NOW - 3 * DAY),
        }),
      ]),
    );
    try {
      const { text } = await server.get('/');
      assert.equal(verdictOf(text), 'A banked reset for Pro today at 09:00 UTC');
      assert.equal(stateOf(text), 'partial');
      assert.doesNotMatch(bannerOf(text), /Yes|banner-yes/);
      assert.equal(
        lastOf(text),
        'Last reset: 1 h ago, today 09:00 UTC: banked usage, Pro, weekly window.',
      );
      assert.equal(globalOf(text), '');
      assert.match(
        bannerOf(text),
        /id="banner-global">Last global reset: 3 days ago, Wed 18 Nov 10:00 UTC: global limits\.<\/p>/,
      );
      assert.equal(
        titleOf(text),
        'A banked reset for Pro 1 h ago · OpenAI Codex usage-limit resets',
      );
    } finally {
      await server.close();
    }
  });

  test('a global reset of all plans today: the unqualified "Yes", in green, with what was reset', async () => {
    const server = await serve(
      snapshotAt([
        completion('100', {
          announcedAt: iso(NOW - 2 * HOUR),
          completedAt: iso(NOW - 2 * HOUR),
          scope: { plans: ['all'], windows: ['five_hour'] },
        }),
      ]),
    );
    try {
      const { text } = await server.get('/');
      assert.equal(verdictOf(text), 'Yes, limits were reset today at 08:00 UTC');
      assert.equal(stateOf(text), 'yes');
      assert.match(bannerOf(text), /<section class="banner banner-yes"/);
      assert.match(
        bannerOf(text),
        /<p class="banner-icon" id="banner-icon" aria-hidden="true">✓<\/p>/,
      );
      assert.equal(
        lastOf(text),
        'Last reset: 2 h ago, today 08:00 UTC: global limits, all plans, five-hour window.',
      );
      assert.equal(globalOf(text), ' hidden');
      assert.equal(titleOf(text), 'Reset 2 h ago · OpenAI Codex usage-limit resets');
    } finally {
      await server.close();
    }
  });
});

describe('issue 20, problem 3: one "next reset" for people and agents', () => {
  test('a whole Pacific day in progress is next, the known time later that day comes then, as /status.json says', async () => {
    const server = await serve(
      snapshotAt([
        wholeDay('op_banked_today', PACIFIC_TODAY, {
          resetType: 'banked',
          confidence: 0.6,
          scope: { plans: ['plus', 'pro'], windows: ['unknown'] },
          text: 'Banked usage resets some time today.',
        }),
        schedule('op_global', 'pending', [NOW + 5 * HOUR, NOW + 5 * HOUR], {
          scope: { plans: ['all'], windows: ['five_hour'] },
        }),
        schedule('op_none', 'pending', null, { schedulePrecision: null }),
        schedule('op_fulfilled', 'fulfilled', [NOW + HOUR, NOW + HOUR]),
        schedule('op_passed', 'pending', [NOW - 2 * HOUR, NOW - HOUR]),
      ]),
    );
    try {
      const { text } = await server.get('/');
      const status = (await server.get('/status.json')).json() as {
        next: { recordId: string };
        open: { recordId: string }[];
      };
      assert.equal(status.next.recordId, 'op_banked_today');
      assert.deepEqual(
        status.open.map((open) => open.recordId),
        ['op_banked_today', 'op_global', 'op_none'],
      );
      assert.equal(
        bannerNextOf(text),
        'Next reset: some time on Sat 21 Nov, Pacific time: open now, until tomorrow 07:59 UTC · banked usage, Plus and Pro.',
      );
      assert.equal(
        countdownOf(text),
        'Some time on Sat 21 Nov, Pacific time: open now, until tomorrow 07:59 UTC.',
      );
      assert.match(
        text,
        /<p class="next-what">Banked usage, Plus and Pro · <a href="\/records\/op_banked_today">details<\/a><\/p>/,
      );
      assert.deepEqual(thenOf(text), [
        'Today 15:00 UTC, in 5 h 00 min. Global limits, all plans, five-hour window · details',
        'No time announced. Global limits · details',
      ]);
      assert.equal(stateOf(text), 'soon');
      // The page's own answer is /status.json's, byte for byte.
      assert.deepEqual(answerOf(text), status);
    } finally {
      await server.close();
    }
  });

  test('nothing open: "No reset is scheduled", and the verdict says no', async () => {
    const server = await serve(
      snapshotAt([schedule('op_elapsed', 'elapsed', [NOW - DAY, NOW - DAY])]),
    );
    try {
      const { text } = await server.get('/');
      assert.equal(bannerNextOf(text), 'No reset is scheduled.');
      assert.equal(stateOf(text), 'no');
      assert.equal(lastOf(text), 'Last reset: none recorded.');
      assert.match(
        text,
        /<p class="countdown countdown-none" id="countdown">No reset is scheduled in the published records\.<\/p>/,
      );
    } finally {
      await server.close();
    }
  });

  test('the page follows the clock across a window start and end without a new snapshot', async () => {
    const clock = { now: NOW };
    const server = await serve(
      snapshotAt([
        schedule('op_window', 'pending', [NOW + HOUR, NOW + 3 * HOUR], {
          scheduleBasis: 'contextual_inference',
        }),
      ]),
      clock,
    );
    try {
      assert.equal(
        countdownOf((await server.get('/')).text),
        'Between today 11:00 UTC and 13:00 UTC (inferred, not announced).',
      );
      clock.now = NOW + 2 * HOUR;
      assert.equal(
        countdownOf((await server.get('/')).text),
        'Between today 11:00 UTC and 13:00 UTC, open now (inferred, not announced).',
      );
      clock.now = NOW + 3 * HOUR + 1;
      assert.equal(bannerNextOf((await server.get('/')).text), 'No reset is scheduled.');
    } finally {
      await server.close();
    }
  });
});

describe('stale data: overrides every verdict, its age said once', () => {
  test('31 h without a successful check: "Unknown: the data is 31 h old" and nowhere else', async () => {
    const server = await serve(
      snapshotAt([completion('100', { completedAt: iso(NOW - HOUR) })], 31 * HOUR),
    );
    try {
      const { text } = await server.get('/');
      assert.equal(verdictOf(text), 'Unknown: the data is 31 h old');
      assert.equal(stateOf(text), 'stale');
      assert.doesNotMatch(bannerOf(text), /Yes|banner-yes/);
      assert.match(
        bannerOf(text),
        /<p class="banner-note" id="banner-note">Resets since the last check may be missing; what is below is the last published data\.<\/p>/,
      );
      const main = one(text, /<main id="main">([\s\S]*)<\/main>/);
      assert.equal(
        [...textOf(main).matchAll(/31 h|1 day ago|30 hours/g)].length,
        1,
        'the age, once',
      );
      assert.equal(titleOf(text), 'Unknown: data 31 h old · OpenAI Codex usage-limit resets');
    } finally {
      await server.close();
    }
  });

  test('never checked: unknown, whatever the records say', async () => {
    const server = await serve(
      snapshotAt([completion('100', { completedAt: iso(NOW - HOUR) })], null),
    );
    try {
      const { text } = await server.get('/');
      assert.equal(verdictOf(text), 'Unknown: no successful check of the source is recorded');
      assert.equal(stateOf(text), 'stale');
    } finally {
      await server.close();
    }
  });

  test('fresh up to exactly 30 h; the page may be kept until the moment it turns stale', async () => {
    const server = await serve(
      snapshotAt([completion('100', { completedAt: iso(NOW - HOUR) })], 30 * HOUR - 7_000),
    );
    try {
      const response = await server.get('/');
      assert.equal(stateOf(response.text), 'yes');
      assert.equal(response.headers['cache-control'], 'public, max-age=7');
    } finally {
      await server.close();
    }
  });
});

describe('the product named, the page title, the header and the footer', () => {
  test('SITE_NAME names the product in the title, the heading, the feed and the calendar; RATE_LIMIT=off makes the footer say so', async () => {
    const server = await serve(
      snapshotAt([]),
      { now: NOW },
      { SITE_NAME: 'Claude Code resets', RATE_LIMIT: 'off' },
    );
    try {
      const { text } = await server.get('/');
      assert.equal(titleOf(text), 'No reset recorded · Claude Code resets');
      assert.match(text, /<h1 class="site-title">Claude Code resets<\/h1>/);
      assert.match(
        text,
        /<footer class="site-footer">[\s\S]*The API and the MCP tools are not rate-limited on this server\.<\/p><\/footer>/,
      );
      assert.doesNotMatch(text, /20 requests/);
      assert.match((await server.get('/feed.xml')).text, /<title>Claude Code resets<\/title>/);
      assert.match((await server.get('/calendar.ics')).text, /X-WR-CALNAME:Claude Code resets/);
      assert.match(
        (await server.get('/docs/guide')).text,
        /<title>Guide · Claude Code resets<\/title>/,
      );
    } finally {
      await server.close();
    }
  });

  test('the header lists the pages; the developer files are in the footer; the quota sentence is the configured one', async () => {
    const server = await serve(snapshotAt([]), { now: NOW }, { RATE_LIMIT_MAX: '7' });
    try {
      const { text } = await server.get('/');
      const header = one(text, /(<header class="site-header">[\s\S]*?<\/header>)/);
      assert.deepEqual(
        [...header.matchAll(/href="([^"]*)"/g)].map((m) => m[1]),
        ['/', '/history/', '/docs/guide', '/docs'],
      );
      const footer = one(text, /(<footer class="site-footer">[\s\S]*?<\/footer>)/);
      assert.deepEqual(
        [...footer.matchAll(/href="([^"]*)"/g)].map((m) => m[1]),
        [
          '/status.json',
          '/openapi/v1/openapi.json',
          '/skill/SKILL.md',
          '/llms.txt',
          '/feed.xml',
          '/calendar.ics',
        ],
      );
      assert.match(
        footer,
        /Quota: 7 requests per rolling hour per IP for the API and the MCP tools; these pages, the status answer, the feed and the calendar do not count\./,
      );
    } finally {
      await server.close();
    }
  });
});

describe('the last 90 days', () => {
  test('90 labelled cells, oldest first, today last, labelled ends; marked days link to their newest record; a link to the history', async () => {
    const server = await serve(
      snapshotAt([
        completion('manual:late', { completedAt: '2026-11-21T09:00:00.000Z' }),
        completion('300', {
          announcedAt: '2026-11-21T08:15:00.000Z',
          completedAt: '2026-11-21T08:15:00.000Z',
          resetType: 'banked',
        }),
        completion('201', { completedAt: '2026-08-24T00:00:00.000Z' }),
        completion('200', { completedAt: '2026-08-23T23:59:59.000Z' }),
        schedule('op_done', 'fulfilled', [
          Date.parse('2026-11-10T12:00:00.000Z'),
          Date.parse('2026-11-10T12:00:00.000Z'),
        ]),
      ]),
    );
    try {
      const { text } = await server.get('/');
      const cells = cellsOf(text);
      assert.equal(cells.length, 90);
      assert.equal(
        cells[0]![0],
        '<li class="day day-reset day-full" data-day="2026-08-24"><a class="day-cell" href="/records/201" title="Mon 24 Aug: global limits"><span class="visually-hidden">Mon 24 Aug: global limits</span></a></li>',
      );
      assert.equal(
        cells[1]![0],
        '<li class="day" data-day="2026-08-25"><span class="day-cell" title="Tue 25 Aug: no reset"><span class="visually-hidden">Tue 25 Aug: no reset</span></span></li>',
      );
      assert.equal(
        cells[89]![0],
        '<li class="day day-reset day-full" data-day="2026-11-21"><a class="day-cell" href="/records/manual%3Alate" title="Sat 21 Nov: 2 resets, the last global limits"><span class="visually-hidden">Sat 21 Nov: 2 resets, the last global limits</span></a></li>',
      );
      assert.match(
        text,
        /<p class="strip-ends" aria-hidden="true"><span id="strip-first">Mon 24 Aug<\/span><span>today<\/span><\/p>/,
      );
      assert.match(text, /<a href="\/history\/">Every record, day by day<\/a>/);
      // Record 200 (23:59:59 the day before the strip) is handed to the script, whose days may
      // start earlier than UTC's, but is in no UTC cell; a schedule is in none.
      assert.ok(!cells.some((cell) => /records\/(200|op_done)"/.test(cell[3]!)));
      // The resets the page's script rebuilds the strip from, in the visitor's days.
      const resets = JSON.parse(one(text, /data-resets="([^"]*)"/).replace(/&quot;/g, '"'));
      assert.deepEqual(
        resets.map((reset: { recordId: string }) => reset.recordId),
        ['manual:late', '300', '201', '200'],
      );
    } finally {
      await server.close();
    }
  });
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
    assert.equal(response.headers['cache-control'], 'no-store');
    assert.equal(response.headers['content-security-policy'], PAGE_CSP);
    assert.match(response.text, /<h2 id="unavailable-heading">Data unavailable<\/h2>/);
    assert.doesNotMatch(response.text, /id="banner"/);
  });

  test('switches to the data once a snapshot is published', async () => {
    await server.publish(snapshotAt([completion('100', { completedAt: iso(NOW - HOUR) })]));
    await waitFor(async () => (await server.get('/')).status === 200, 2_000);
    assert.equal(
      verdictOf((await server.get('/')).text),
      'Yes, limits were reset today at 09:00 UTC',
    );
  });
});

describe('status page: records, escaping, links, headers, quota', () => {
  let server: TestServer;
  const hostile = `<script>alert("x")</script> & 'quoted'`;
  before(async () => {
    const records: ResetRecord[] = [
      completion('200', {
        announcedAt: iso(NOW - HOUR),
        completedAt: iso(NOW - HOUR),
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
      // The last reset, whose plan ids reach the page's embedded answer.
      completion('op_hostile', {
        completedAt: iso(NOW - 30 * MINUTE),
        scope: { plans: ['</script><script>alert(1)</script>'], windows: ['<!--'] },
      }),
    );
    server = await serve(snapshotAt(records));
  });
  after(() => server.close());

  test('latest records: the first 8 rows of `all`, pinned schedule first, and the way to the history', async () => {
    const { text } = await server.get('/');
    const texts = [...text.matchAll(/<p class="record-text[^"]*">([^<]*)<\/p>/g)].map(
      (match) => match[1],
    );
    assert.deepEqual(texts, [
      'pinned first',
      'No text.',
      '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quoted&#39;',
      'javascript url',
      'http url with query',
      'older 0',
      'older 1',
      'older 2',
    ]);
    assert.match(
      text,
      /The first 8 of 11 public records: open schedules first, then the newest\. <a href="\/history\/">Browse every record by day<\/a>\./,
    );
  });

  test('record text is escaped; the page runs only its own module; the answer block cannot be closed by data', async () => {
    const { text } = await server.get('/');
    assert.ok(!text.includes('<script>alert'));
    assert.deepEqual(
      [...text.matchAll(/<script[^>]*>/g)].map((match) => match[0]),
      [
        '<script src="/docs/assets/copy-code.js" defer>',
        '<script type="module" src="/assets/status-page.js">',
        `<script type="application/json" id="answer" data-etag="${(await server.get('/status.json')).headers.etag!.replace(/"/g, '&quot;')}">`,
      ],
    );
    assert.match(text, /<blockquote>pinned first<\/blockquote>/);
    // The hostile plan id is in the embedded answer, unable to close it.
    const block = one(text, /(<script type="application\/json" id="answer"[\s\S]*?<\/script>)/);
    assert.match(block, /\\u003c\/script>\\u003cscript>alert\(1\)\\u003c\/script>/);
    assert.equal(answerOf(text).lastReset.plans[0], '</script><script>alert(1)</script>');
  });

  test('links: http(s) sources with rel="noopener noreferrer", the rest to this site only', async () => {
    const { text } = await server.get('/');
    const main = one(text, /<main id="main">([\s\S]*)<\/main>/);
    const links = [
      ...main.matchAll(/<a (?:class="[^"]*" )?(?:id="[^"]*" )?href="([^"]*)"([^>]*)>/g),
    ].map((match) => [match[1]!, match[2]!] as const);
    for (const [href, rest] of links.filter(([href]) => !href.startsWith('/'))) {
      assert.match(href, /^https?:\/\//);
      assert.equal(rest, ' rel="noopener noreferrer"');
    }
    for (const [href] of links.filter(([href]) => href.startsWith('/'))) {
      assert.match(
        href,
        /^\/(records\/[A-Za-z0-9_%-]+|feed\.xml|calendar\.ics|docs\/guide|history\/|status\.json)$/,
        href,
      );
    }
    assert.ok(main.includes('Source: javascript:alert(1)'));
    assert.doesNotMatch(main, /href="(javascript|data):/);
  });

  test('subscriptions: the calendar as a subscription and an address to copy, relative without PUBLIC_BASE_URL, never the Host', async () => {
    const { text } = await server.get('/', { headers: { host: 'evil.example' } });
    assert.match(
      text,
      /<a id="calendar-subscribe" href="\/calendar\.ics" type="text\/calendar">Add to calendar<\/a>/,
    );
    assert.match(
      text,
      /<pre data-copy tabindex="0" role="region" aria-label="Calendar address"><code id="calendar-url">\/calendar\.ics<\/code><\/pre>/,
    );
    assert.match(
      text,
      /<a href="\/feed\.xml" type="application\/atom\+xml">Subscribe in a feed reader<\/a>/,
    );
    assert.doesNotMatch(text, /evil\.example/);
  });

  test('headers: HTML, the page CSP, a short max-age bounded by the next window start; uncounted', async () => {
    const first = await server.get('/openapi/v1/records/latest');
    const response = await server.get('/');
    assert.equal(response.headers['content-type'], 'text/html; charset=utf-8');
    assert.equal(response.headers['content-security-policy'], PAGE_CSP);
    assert.equal(response.headers['referrer-policy'], 'no-referrer');
    assert.equal(
      response.headers['cache-control'],
      'public, max-age=10',
      'op_next starts in 10.5 s',
    );
    assert.equal(response.headers['x-ratelimit-remaining'], undefined);
    assert.doesNotMatch(response.text, /<style|style=/);
    for (const asset of [
      '/assets/status-page.js',
      '/assets/answer-words.js',
      '/assets/status-page.css',
    ]) {
      assert.equal((await server.get(asset)).status, 200, asset);
    }
    assert.equal(
      (await server.get('/assets/answer-words.js')).headers['content-type'],
      'text/javascript; charset=utf-8',
    );
    const second = await server.get('/openapi/v1/records/latest');
    assert.equal(
      Number(second.headers['x-ratelimit-remaining']),
      Number(first.headers['x-ratelimit-remaining']) - 1,
    );
  });
});

describe('status page: PUBLIC_BASE_URL', () => {
  test('the calendar is webcal:// on the configured address with its https address to copy, never the Host header', async () => {
    const server = await serve(
      snapshotAt([]),
      { now: NOW },
      { PUBLIC_BASE_URL: 'https://resets.example.com/' },
    );
    try {
      const { text } = await server.get('/', { headers: { host: 'evil.example' } });
      assert.match(
        text,
        /<a id="calendar-subscribe" href="webcal:\/\/resets\.example\.com\/calendar\.ics" type="text\/calendar">Add to calendar<\/a>/,
      );
      assert.match(
        text,
        /<code id="calendar-url">https:\/\/resets\.example\.com\/calendar\.ics<\/code>/,
      );
      assert.doesNotMatch(text, /evil\.example/);
    } finally {
      await server.close();
    }
  });
});

describe('status page: cache lifetime', () => {
  test('bounded by the next UTC midnight (when the UTC "today" changes)', async () => {
    const clock = { now: Date.parse('2026-11-21T23:59:48.500Z') };
    const server = await serve(snapshotAt([completion('100', { completedAt: iso(NOW) })]), clock);
    try {
      assert.equal((await server.get('/')).headers['cache-control'], 'public, max-age=11');
    } finally {
      await server.close();
    }
  });
});

describe('the history page, /robots.txt and the addresses with and without a slash', () => {
  let server: TestServer;
  before(async () => {
    const records: ResetRecord[] = [
      completion('100', {
        completedAt: iso(NOW - HOUR),
        scope: { plans: ['all'], windows: ['unknown'] },
      }),
      schedule('op_ahead', 'pending', [NOW + 2 * DAY, NOW + 2 * DAY]),
      schedule('op_quiet', 'elapsed', [NOW - 5 * DAY, NOW - 5 * DAY]),
      completion('manual:old', { completedAt: iso(NOW - 40 * DAY) }),
      schedule('op_undated', 'unknown', null, { schedulePrecision: null }),
    ];
    server = await serve(snapshotAt(records));
  });
  after(() => server.close());

  test('every record by day, newest first; quiet days one line; days without a reset say so; pages', async () => {
    const response = await server.get('/history/');
    assert.equal(response.status, 200);
    assert.equal(response.headers['content-security-policy'], PAGE_CSP);
    const { text } = response;
    assert.match(text, /<title>History · OpenAI Codex usage-limit resets<\/title>/);
    const main = textOf(one(text, /<main id="main">([\s\S]*)<\/main>/));
    assert.match(main, /Page 1 of 2/);
    assert.match(
      main,
      /Mon 23 Nov 2026 \(ahead\) UTC No reset .* Scheduled \(pending\): Global limits/,
    );
    assert.match(
      main,
      /No record on Sun 22 Nov 2026\. Sat 21 Nov 2026 \(today\) UTC A reset: global limits, all plans/,
    );
    assert.match(
      main,
      /No record on 4 days, Tue 17 Nov 2026 to Fri 20 Nov 2026\. Mon 16 Nov 2026 UTC No reset/,
    );
    assert.match(text, /<a href="\/history\/\?page=2" rel="next">Older days →<\/a>/);
    const second = await server.get('/history/?page=2');
    assert.equal(second.status, 200);
    assert.match(
      textOf(second.text),
      /Mon 12 Oct 2026 UTC A reset: global limits .* Without a date No time · Scheduled \(state unknown\)/,
    );
    assert.match(second.text, /<a href="\/history\/" rel="prev">← Newer days<\/a>/);
  });

  test('a page past the end, or any other query, is a 404 page pointing back', async () => {
    for (const query of ['?page=3', '?page=0', '?page=01', '?day=x', '?page=1&page=2']) {
      const response = await server.get(`/history/${query}`);
      assert.equal(response.status, 404, query);
      assert.equal(response.headers['cache-control'], 'no-store');
      assert.match(response.text, /There is no such page of the history: it has 2 pages\./);
    }
  });

  test('/history is sent to /history/, /docs/ to /docs; /robots.txt keeps crawlers off the counted endpoints', async () => {
    const history = await server.get('/history');
    assert.equal(history.status, 301);
    assert.equal(history.headers.location, '/history/');
    const docs = await server.get('/docs/');
    assert.equal(docs.status, 301);
    assert.equal(docs.headers.location, '/docs');
    const robots = await server.get('/robots.txt');
    assert.equal(robots.status, 200);
    assert.equal(robots.headers['content-type'], 'text/plain; charset=utf-8');
    assert.equal(
      robots.text,
      'User-agent: *\nDisallow: /openapi/v1/records\nDisallow: /mcp\nAllow: /\n',
    );
  });
});
