import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { PAGE_CSP } from '../../src/service/web/security-headers.ts';
import type { ResetRecord } from '../../src/shared/domain/record.ts';
import type { SnapshotFile } from '../../src/shared/domain/snapshot.ts';
import { completion, DAY, HOUR, iso, schedule, snapshotOf } from '../support/records.ts';
import { startTestServer, type TestServer, waitFor } from '../support/server.ts';

/**
 * GET / : the status page, rendered from the snapshot with an injected clock. Assertions
 * are on the server-rendered (UTC) HTML, what a visitor without JavaScript reads;
 * test/browser/status-page.test.ts covers what the client script does with it.
 * test/http/record-pages.test.ts covers GET /records/ID.
 *
 * NOW is Saturday 21 November 2026, 10:00 UTC (02:00 in Los Angeles, Saturday too).
 */

const NOW = Date.parse('2026-11-21T10:00:00.000Z');
const MINUTE = 60_000;
const UTC_TODAY = Date.parse('2026-11-21T00:00:00.000Z');
/** 00:00 on Saturday 21 November 2026 in Los Angeles (PST, UTC-8). */
const PACIFIC_TODAY = Date.parse('2026-11-21T08:00:00.000Z');

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

/** A whole calendar day from `startMs` (its midnight in some zone), as a date schedule. */
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
    .replace(/\s+/g, ' ')
    .trim();

const bannerOf = (html: string) => one(html, /(<section class="banner[\s\S]*?<\/section>)/);
const stateOf = (html: string) =>
  one(html, /<section class="banner[^"]*" id="banner"[^>]*data-state="([^"]*)"/);
const verdictOf = (html: string) =>
  one(html, /<h2 class="banner-headline" id="verdict">([^<]*)<\/h2>/);
const iconOf = (html: string) =>
  one(html, /<p class="banner-icon" id="banner-icon" aria-hidden="true">([^<]*)<\/p>/);
const bannerNextOf = (html: string) =>
  textOf(one(html, /(<p class="banner-next" id="banner-next"[\s\S]*?<\/p>)/));
const countdownOf = (html: string) =>
  one(html, /<p class="countdown[^"]*" id="countdown"[^>]*>([^<]*)<\/p>/);
const countdownTag = (html: string) =>
  one(html, /(<p class="countdown[^"]*" id="countdown"[^>]*>)/);
/** The "Also scheduled" entries: [when, record link]. */
const othersOf = (html: string) =>
  [
    ...html.matchAll(
      /<li><span class="when"[^>]*>([^<]*)<\/span> · [^<]* · <a href="([^"]*)">details<\/a><\/li>/g,
    ),
  ].map((match) => [match[1], match[2]]);
const othersList = (html: string) => /<ul class="others"[\s\S]*?<\/ul>/.exec(html)?.[0] ?? '';
const freshnessOf = (html: string) => one(html, /(<p class="freshness[^"]*"[^>]*>.*?<\/p>)/);
const recordTexts = (html: string) =>
  [...html.matchAll(/<p class="record-text[^"]*">([^<]*)<\/p>/g)].map((match) => match[1]);
const stripOf = (html: string) => one(html, /(<ol class="strip"[\s\S]*?<\/ol>)/);
const cellsOf = (html: string) => [
  ...stripOf(html).matchAll(/<li class="(day[^"]*)">(.*?)<\/li>/g),
];

describe('status page: the next reset', () => {
  test("a known time 5 h away beats a whole-day window in progress; every other open schedule is listed (the demo's case)", async () => {
    const server = await serve(
      snapshotAt([
        wholeDay('op_banked_today', PACIFIC_TODAY, {
          resetType: 'banked',
          confidence: 0.6,
          text: 'Banked usage resets some time today.',
        }),
        schedule('op_global', 'pending', [NOW + 5 * HOUR, NOW + 5 * HOUR], {
          confidence: 0.93,
          scope: { plans: ['all'], windows: ['five_hour'] },
          text: 'Global limits reset at 15:00 UTC.',
        }),
        schedule('op_inferred', 'pending', [NOW + 20 * HOUR, NOW + 26 * HOUR], {
          scheduleBasis: 'contextual_inference',
        }),
        // Not open: neither listed nor chosen.
        schedule('op_fulfilled', 'fulfilled', [NOW + HOUR, NOW + HOUR]),
        schedule('op_elapsed', 'elapsed', [NOW - HOUR, NOW - HOUR]),
        schedule('op_passed', 'pending', [NOW - 2 * HOUR, NOW - HOUR]),
      ]),
    );
    try {
      const { status, text } = await server.get('/');
      assert.equal(status, 200);
      assert.equal(countdownOf(text), 'At 2026-11-21 15:00 UTC, in 5 h 00 min.');
      assert.equal(
        countdownTag(text),
        '<p class="countdown" id="countdown" data-start="2026-11-21T15:00:00.000Z" data-end="2026-11-21T15:00:00.000Z" data-when="known">',
      );
      assert.match(
        text,
        /<p class="next-what">Global limits, all plans · <a href="\/records\/op_global">details<\/a><\/p>/,
      );
      assert.match(text, /<dt>Basis<\/dt><dd>stated explicitly, confidence 93&nbsp;%<\/dd>/);
      assert.match(text, /<blockquote>Global limits reset at 15:00 UTC\.<\/blockquote>/);
      // The banner names the same reset.
      assert.equal(stateOf(text), 'soon');
      assert.equal(bannerNextOf(text), 'Next reset: at 2026-11-21 15:00 UTC, in 5 h 00 min.');
      // Every other open schedule, due soonest first (a window is due at its end).
      assert.match(text, /<h3 id="others-heading">Also scheduled<\/h3>/);
      assert.deepEqual(othersOf(text), [
        [
          'Some time today, Sat 21 Nov 2026 (Pacific time: 2026-11-21 08:00 UTC to 07:59 UTC the next day); no time of day was given',
          '/records/op_banked_today',
        ],
        [
          'Between 2026-11-22 06:00 UTC and 2026-11-22 12:00 UTC (inferred, not announced)',
          '/records/op_inferred',
        ],
      ]);
      assert.doesNotMatch(othersList(text), /op_fulfilled|op_elapsed|op_passed|op_global/);
    } finally {
      await server.close();
    }
  });

  test('a window that ends before a known time starts is the next reset', async () => {
    const server = await serve(
      snapshotAt([
        schedule('op_known', 'pending', [NOW + 5 * HOUR, NOW + 5 * HOUR]),
        schedule('op_window', 'pending', [NOW + HOUR, NOW + 3 * HOUR], {
          scheduleBasis: 'contextual_inference',
        }),
      ]),
    );
    try {
      const { text } = await server.get('/');
      assert.equal(
        countdownOf(text),
        'Between 2026-11-21 11:00 UTC and 2026-11-21 13:00 UTC (inferred, not announced).',
      );
      assert.match(countdownTag(text), /data-when="window"/);
      assert.deepEqual(othersOf(text), [
        ['At 2026-11-21 15:00 UTC, in 5 h 00 min', '/records/op_known'],
      ]);
    } finally {
      await server.close();
    }
  });

  test('a known time whose window is running: due by its end, to the minute', async () => {
    const server = await serve(
      snapshotAt([
        schedule('op_now', 'pending', [NOW - 30 * MINUTE, NOW + HOUR + 30 * MINUTE]),
        schedule('op_later', 'pending', [NOW + 5 * HOUR, NOW + 5 * HOUR]),
      ]),
    );
    try {
      const { text } = await server.get('/');
      assert.equal(countdownOf(text), 'By 2026-11-21 11:30 UTC (in 1 h 30 min).');
      assert.equal(
        countdownTag(text),
        '<p class="countdown" id="countdown" data-start="2026-11-21T09:30:00.000Z" data-end="2026-11-21T11:30:00.000Z" data-when="known">',
      );
      assert.deepEqual(othersOf(text), [
        ['At 2026-11-21 15:00 UTC, in 5 h 00 min', '/records/op_later'],
      ]);
    } finally {
      await server.close();
    }
  });

  test('a date window is named as its Pacific day, or as its UTC day, never as a countdown', async () => {
    const server = await serve(
      snapshotAt([
        wholeDay('op_pacific_today', PACIFIC_TODAY),
        wholeDay('op_utc_tomorrow', UTC_TODAY + DAY),
        wholeDay('op_pacific_friday', PACIFIC_TODAY + 6 * DAY),
      ]),
    );
    try {
      const { text } = await server.get('/');
      assert.equal(
        countdownOf(text),
        'Some time today, Sat 21 Nov 2026 (Pacific time: 2026-11-21 08:00 UTC to 07:59 UTC the next day); no time of day was given.',
      );
      assert.equal(
        countdownTag(text),
        '<p class="countdown" id="countdown" data-start="2026-11-21T08:00:00.000Z" data-end="2026-11-22T07:59:59.999Z" data-when="day" data-day="Sat 21 Nov 2026" data-day-zone="America/Los_Angeles" data-day-zone-label="Pacific time">',
      );
      assert.deepEqual(
        othersOf(text).map(([when]) => when),
        [
          'Some time on Sun 22 Nov 2026 (UTC: 2026-11-22 00:00 UTC to 23:59 UTC); no time of day was given',
          'Some time on Fri 27 Nov 2026 (Pacific time: 2026-11-27 08:00 UTC to 07:59 UTC the next day); no time of day was given',
        ],
      );
      assert.match(
        othersList(text),
        /data-when="day" data-day="Sun 22 Nov 2026" data-day-zone="UTC" data-day-zone-label="UTC"/,
      );
      // No duration on a day: "in 13 h 59 min" would claim a precision it does not have.
      assert.doesNotMatch(
        bannerOf(text) + countdownOf(text) + othersList(text),
        /\bin \d+ (h|min|d)\b/,
      );
    } finally {
      await server.close();
    }
  });

  test('a date window that is no whole day in Pacific time or UTC is said as its span', async () => {
    // 00:00 to 23:59:59 in Tokyo (UTC+9).
    const server = await serve(
      snapshotAt([wholeDay('op_tokyo_day', Date.parse('2026-11-20T15:00:00.000Z'))]),
    );
    try {
      const { text } = await server.get('/');
      assert.equal(
        countdownOf(text),
        'Some time today, the day from 2026-11-20 15:00 UTC to 2026-11-21 14:59 UTC; no time of day was given.',
      );
      assert.match(countdownTag(text), /data-when="day">$/);
    } finally {
      await server.close();
    }
  });

  test('an announced window longer than 2 h is a window, but not called "inferred"', async () => {
    const server = await serve(
      snapshotAt([
        schedule('op_explicit', 'pending', [NOW + HOUR, NOW + 4 * HOUR], {
          text: 'Limits reset between 11:00 and 14:00 UTC today.',
        }),
      ]),
    );
    try {
      const { text } = await server.get('/');
      assert.match(countdownTag(text), /data-when="window"/);
      assert.match(text, /<dt>Basis<\/dt><dd>stated explicitly<\/dd>/);
      assert.doesNotMatch(countdownOf(text), /inferred|not announced/);
      assert.doesNotMatch(bannerNextOf(text), /inferred|not announced/);
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
        'No upcoming reset with a known time or day is scheduled in the published records.',
      );
      assert.doesNotMatch(text, /data-start=/);
      assert.doesNotMatch(text, /class="others"/);
      assert.equal(bannerNextOf(text), 'No reset is scheduled.');
      assert.equal(stateOf(text), 'no');
      assert.match(
        text,
        /<p class="undated">1 open schedule has no announced time; see the latest records below\.<\/p>/,
      );
      assert.match(text, /<span class="badge badge-state">pending, window passed<\/span>/);
    } finally {
      await server.close();
    }
  });

  test('the page follows the clock across a window start and end without a new snapshot', async () => {
    const clock = { now: NOW };
    const server = await serve(
      snapshotAt([schedule('op_next', 'pending', [NOW + 10 * MINUTE, NOW + HOUR])]),
      clock,
    );
    try {
      let text = (await server.get('/')).text;
      assert.equal(countdownOf(text), 'At 2026-11-21 10:10 UTC, in 10 min.');
      assert.equal(bannerNextOf(text), 'Next reset: at 2026-11-21 10:10 UTC, in 10 min.');
      clock.now = NOW + 10 * MINUTE;
      text = (await server.get('/')).text;
      assert.equal(countdownOf(text), 'By 2026-11-21 11:00 UTC (in 50 min).');
      assert.equal(stateOf(text), 'soon');
      clock.now = NOW + HOUR + 1;
      text = (await server.get('/')).text;
      assert.equal(
        countdownOf(text),
        'No upcoming reset with a known time or day is scheduled in the published records.',
      );
      assert.equal(stateOf(text), 'no');
      assert.match(text, /<span class="badge badge-state">pending, window passed<\/span>/);
    } finally {
      await server.close();
    }
  });
});

describe('status page: the verdict banner (UTC without JavaScript)', () => {
  test('a completion today: yes, with its UTC time, a colour and an icon', async () => {
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
      assert.equal(verdictOf(text), 'Yes, limits were reset today at 08:12 UTC');
      assert.match(
        text,
        /<section class="banner banner-yes" id="banner" aria-labelledby="verdict" data-state="yes" data-fresh="true">/,
      );
      assert.equal(iconOf(text), '✓');
      assert.equal(bannerNextOf(text), 'No reset is scheduled.');
      assert.match(
        text,
        /Reset at <time datetime="2026-11-21T08:12:00.000Z" data-completion>2026-11-21 08:12 UTC<\/time>/,
      );
      // The banner comes first in <main>, right under the page's heading.
      assert.match(
        text,
        /<main id="main">\s*<h1>Usage-limit resets<\/h1>\s*<section class="banner/,
      );
    } finally {
      await server.close();
    }
  });

  test('only a completion yesterday (UTC) and a schedule in progress: no reset yet, next one named', async () => {
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
      assert.equal(verdictOf(text), 'No reset yet today');
      assert.equal(stateOf(text), 'soon');
      assert.equal(iconOf(text), '◷');
      assert.match(bannerOf(text), /class="banner banner-soon"/);
      assert.equal(bannerNextOf(text), 'Next reset: by 2026-11-21 11:00 UTC (in 1 h 00 min).');
      assert.match(
        bannerOf(text),
        /id="banner-next" data-start="2026-11-21T09:00:00.000Z" data-end="2026-11-21T11:00:00.000Z" data-when="known">/,
      );
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
      assert.equal(verdictOf(text), 'No reset yet today');
      assert.equal(stateOf(text), 'soon');
      assert.match(text, /<p class="empty">No completed reset is recorded\.<\/p>/);
      assert.doesNotMatch(text, /data-completion/);
      assert.doesNotMatch(text, /Yes, limits were reset/);
    } finally {
      await server.close();
    }
  });

  test('nothing at all: no, with its own colour and icon', async () => {
    const server = await serve(snapshotAt([]));
    try {
      const { text } = await server.get('/');
      assert.equal(verdictOf(text), 'No reset yet today');
      assert.equal(stateOf(text), 'no');
      assert.equal(iconOf(text), '–');
      assert.match(bannerOf(text), /class="banner banner-no"/);
      assert.match(text, /<p class="empty">No records are published\.<\/p>/);
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
      assert.equal(verdictOf(text), 'Yes, limits were reset today at 07:00 UTC');
      assert.match(text, /Manual completion by the operator/);
      assert.match(text, /<a href="\/records\/manual%3Am1">details<\/a>/);
    } finally {
      await server.close();
    }
  });

  test('stale data overrides the verdict: "Unknown: the data is 31 h old", even with a completion today', async () => {
    const server = await serve(
      snapshotAt(
        [
          completion('manual:today', { completedAt: iso(NOW - HOUR) }),
          schedule('op_next', 'pending', [NOW + 2 * HOUR, NOW + 2 * HOUR]),
        ],
        31 * HOUR,
      ),
    );
    try {
      const { text } = await server.get('/');
      assert.equal(verdictOf(text), 'Unknown: the data is 31 h old');
      assert.match(
        text,
        /<section class="banner banner-stale" id="banner" aria-labelledby="verdict" data-state="stale" data-fresh="false">/,
      );
      assert.equal(iconOf(text), '?');
      assert.doesNotMatch(bannerOf(text), /Yes|banner-yes/);
      assert.match(
        bannerOf(text),
        /<p class="banner-note">Resets since the last check may be missing \(last check 1 day ago\); what is below is the last published data\.<\/p>/,
      );
      // The last published facts are still shown, below the warning.
      assert.equal(bannerNextOf(text), 'Next reset: at 2026-11-21 12:00 UTC, in 2 h 00 min.');
      assert.match(text, /data-completion>2026-11-21 09:00 UTC<\/time>/);
    } finally {
      await server.close();
    }
  });

  test('never checked: unknown, whatever the records say', async () => {
    const server = await serve(
      snapshotAt([completion('100', { effectiveAt: iso(NOW - HOUR) })], null),
    );
    try {
      const { text } = await server.get('/');
      assert.equal(verdictOf(text), 'Unknown: no successful check of the source is recorded');
      assert.equal(stateOf(text), 'stale');
      assert.match(
        bannerOf(text),
        /<p class="banner-note">Resets since the last check may be missing; what is below is the last published data\.<\/p>/,
      );
    } finally {
      await server.close();
    }
  });

  test('data a few days old is said in days', async () => {
    const server = await serve(snapshotAt([], 50 * HOUR));
    try {
      assert.equal(verdictOf((await server.get('/')).text), 'Unknown: the data is 2 days old');
    } finally {
      await server.close();
    }
  });
});

describe('status page: data freshness', () => {
  const cases: [string, number | null, RegExp, string, 'yes' | 'stale'][] = [
    ['checked 5 minutes ago: fresh', 5 * MINUTE, /freshness-ok/, 'Data checked', 'yes'],
    [
      'checked exactly 30 hours ago: still fresh',
      30 * HOUR,
      /freshness-ok/,
      '(<span class="ago">1 day ago</span>)',
      'yes',
    ],
    [
      'checked 30 hours and 1 ms ago: unknown',
      30 * HOUR + 1,
      /freshness-unknown/,
      '<strong>Freshness unknown:</strong> the last successful check was',
      'stale',
    ],
    [
      'never checked (null): unknown',
      null,
      /freshness-unknown/,
      'no successful check of the source is recorded',
      'stale',
    ],
  ];
  for (const [name, ago, cssClass, phrase, state] of cases) {
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
        if (ago === 30 * HOUR + 1) assert.ok(line.includes('Recent resets may be missing.'), line);
        const fresh = state === 'yes';
        assert.equal(text.includes('Data checked'), fresh);
        assert.equal(stateOf(text), state);
        assert.equal(verdictOf(text).startsWith(fresh ? 'Yes' : 'Unknown:'), true);
        assert.equal(text.includes('Resets since the last check may be missing'), !fresh);
      } finally {
        await server.close();
      }
    });
  }
});

describe('status page: the last 90 days', () => {
  test('90 cells, oldest first, today last; marked days link to the newest record of that day', async () => {
    const server = await serve(
      snapshotAt([
        completion('manual:late', { completedAt: '2026-11-21T09:00:00.000Z' }),
        completion('300', {
          announcedAt: '2026-11-21T08:15:00.000Z',
          effectiveAt: '2026-11-21T08:12:00.000Z',
        }),
        completion('250', { announcedAt: '2026-10-01T12:00:00.000Z' }),
        // The first day of the strip (89 days before today), and the day before it.
        completion('201', { effectiveAt: '2026-08-24T00:00:00.000Z' }),
        completion('200', { effectiveAt: '2026-08-23T23:59:59.000Z' }),
        // A schedule, even fulfilled, is not a completion of its own.
        schedule('op_done', 'fulfilled', [
          Date.parse('2026-11-10T12:00:00.000Z'),
          Date.parse('2026-11-10T12:00:00.000Z'),
        ]),
      ]),
    );
    try {
      const { text } = await server.get('/');
      assert.match(text, /<h2 id="history-heading">The last 90 days<\/h2>/);
      assert.match(
        text,
        /<p class="muted">3 of 90 days had a completed reset \(UTC days, 2026-08-24 to today\)\. Select a marked day for its record\.<\/p>/,
      );
      assert.match(text, /<ol class="strip" aria-label="Days from 2026-08-24 to today">/);
      const cells = cellsOf(text);
      assert.equal(cells.length, 90);
      assert.equal(
        cells[0]![0],
        '<li class="day day-reset"><a href="/records/201" title="2026-08-24: 1 reset (Global limits)"><span class="visually-hidden">2026-08-24: 1 reset (Global limits)</span></a></li>',
      );
      assert.equal(
        cells[1]![0],
        '<li class="day"><span class="visually-hidden">2026-08-25: no reset</span></li>',
      );
      assert.equal(
        cells[89]![0],
        '<li class="day day-reset"><a href="/records/manual%3Alate" title="2026-11-21: 2 resets (Global limits)"><span class="visually-hidden">2026-11-21: 2 resets (Global limits)</span></a></li>',
      );
      const marked = cells
        .map((cell, index) => [index, cell[1], /href="([^"]*)"/.exec(cell[2]!)?.[1]])
        .filter(([, cssClass]) => cssClass === 'day day-reset');
      assert.deepEqual(marked, [
        [0, 'day day-reset', '/records/201'],
        [38, 'day day-reset', '/records/250'],
        [89, 'day day-reset', '/records/manual%3Alate'],
      ]);
      assert.doesNotMatch(stripOf(text), /2026-08-23|op_done/);
    } finally {
      await server.close();
    }
  });

  test('no completion: 90 empty cells, none of them a link', async () => {
    const server = await serve(
      snapshotAt([schedule('op_next', 'pending', [NOW + HOUR, NOW + HOUR])]),
    );
    try {
      const { text } = await server.get('/');
      assert.equal(cellsOf(text).length, 90);
      assert.doesNotMatch(stripOf(text), /<a |day-reset/);
      assert.match(text, /0 of 90 days had a completed reset/);
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
    assert.equal(response.headers['content-type'], 'text/html; charset=utf-8');
    assert.equal(response.headers['cache-control'], 'no-store');
    assert.equal(response.headers['content-security-policy'], PAGE_CSP);
    assert.match(response.text, /<h2 id="unavailable-heading">Data unavailable<\/h2>/);
    assert.doesNotMatch(response.text, /No reset yet today/);
    assert.doesNotMatch(response.text, /Yes, limits were reset/);
    assert.doesNotMatch(response.text, /id="banner"/);
  });

  test('switches to the data once a snapshot is published', async () => {
    await server.publish(snapshotAt([completion('100', { effectiveAt: iso(NOW - HOUR) })]));
    await waitFor(async () => (await server.get('/')).status === 200, 2_000);
    const { text } = await server.get('/');
    assert.equal(verdictOf(text), 'Yes, limits were reset today at 09:00 UTC');
    assert.equal(stateOf(text), 'yes');
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
    // The next reset's quote too.
    assert.match(text, /<blockquote>pinned first<\/blockquote>/);
  });

  test('links: http(s) sources with rel="noopener noreferrer", the rest to this site only', async () => {
    const { text } = await server.get('/');
    const main = one(text, /<main id="main">([\s\S]*)<\/main>/);
    const links = [...main.matchAll(/<a href="([^"]*)"([^>]*)>/g)].map(
      (match) => [match[1]!, match[2]!] as const,
    );
    const external = links.filter(([href]) => !href.startsWith('/'));
    const internal = links.filter(([href]) => href.startsWith('/'));
    assert.ok(external.length > 0);
    for (const [href, rest] of external) {
      assert.match(href, /^https?:\/\//);
      assert.equal(rest, ' rel="noopener noreferrer"');
    }
    for (const [href] of internal) {
      assert.match(href, /^\/(records\/[A-Za-z0-9_%-]+|feed\.xml|calendar\.ics|docs)$/, href);
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

  test('every record on the page links to its own page', async () => {
    const { text } = await server.get('/');
    const records = one(text, /(<ol class="records">[\s\S]*?<\/ol>)/);
    assert.deepEqual(
      [...records.matchAll(/<a href="(\/records\/[^"]*)">details<\/a>/g)].map((match) => match[1]),
      [
        '/records/op_next',
        '/records/200',
        '/records/199',
        '/records/198',
        '/records/197',
        '/records/100',
        '/records/101',
        '/records/102',
      ],
    );
    assert.match(
      text,
      /<p class="next-what">Global limits · <a href="\/records\/op_next">details<\/a><\/p>/,
    );
    const completions = one(text, /(<ul class="completions"[\s\S]*?<\/ul>)/);
    assert.equal([...completions.matchAll(/<a href="\/records\/\d+">details<\/a>/g)].length, 5);
    for (const [, href] of [...stripOf(text).matchAll(/href="([^"]*)"/g)]) {
      assert.match(href!, /^\/records\/\d+$/);
    }
  });

  test('subscribe links: the Atom feed and the calendar, relative without PUBLIC_BASE_URL', async () => {
    const { text } = await server.get('/', { headers: { host: 'evil.example' } });
    assert.match(text, /<h2 id="subscribe-heading">Follow the resets<\/h2>/);
    assert.match(text, /<a href="\/feed\.xml" type="application\/atom\+xml">Subscribe<\/a>/);
    assert.match(text, /<a href="\/calendar\.ics" type="text\/calendar">Add to calendar<\/a>/);
    assert.doesNotMatch(text, /evil\.example/);
  });

  test('headers: HTML, the page CSP, a short max-age bounded by the next window start', async () => {
    const response = await server.get('/');
    assert.equal(response.status, 200);
    assert.equal(response.headers['content-type'], 'text/html; charset=utf-8');
    assert.equal(response.headers['content-security-policy'], PAGE_CSP);
    assert.equal(response.headers['x-content-type-options'], 'nosniff');
    assert.equal(response.headers['referrer-policy'], 'no-referrer');
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
    await server.get('/assets/status-page.css');
    const second = await server.get('/openapi/v1/records/latest');
    assert.equal(Number(second.headers['x-ratelimit-remaining']), remaining - 1);
  });
});

describe('status page: PUBLIC_BASE_URL', () => {
  test('the calendar link is webcal:// on the configured address, never the Host header', async () => {
    const server = await startTestServer({
      snapshot: snapshotAt([]),
      clock: () => NOW,
      env: { PUBLIC_BASE_URL: 'https://resets.example.com/' },
    });
    try {
      const { text } = await server.get('/', { headers: { host: 'evil.example' } });
      assert.match(
        text,
        /<a href="webcal:\/\/resets\.example\.com\/calendar\.ics" type="text\/calendar">Add to calendar<\/a>/,
      );
      assert.match(text, /<a href="\/feed\.xml" type="application\/atom\+xml">Subscribe<\/a>/);
      assert.doesNotMatch(text, /evil\.example/);
    } finally {
      await server.close();
    }
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
