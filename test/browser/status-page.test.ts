import assert from 'node:assert/strict';
import { mkdir, readFile, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { ResetRecord } from '../../src/shared/domain/record.ts';
import type { SnapshotFile } from '../../src/shared/domain/snapshot.ts';
import { launchBrowser, type PageProblems, watchPage } from '../support/browser.ts';
import { completion, DAY, HOUR, iso, schedule } from '../support/records.ts';
import { startTestServer, type TestServer, waitFor } from '../support/server.ts';

/**
 * The status page and a record page in headless Chromium: the client script decides
 * "today" in the visitor's own time zone, says when the next resets land with the
 * precision each has, refreshes the data by itself; the pages load nothing but their own
 * assets (no console error, no CSP violation), the verdict banner is above the fold on a
 * phone, and axe-core finds no critical or serious violation at phone and desktop sizes,
 * in light and dark mode. Screenshots go to test-results/screenshots/ (CI artifacts).
 *
 * Time: the server's clock stands at NOW, Saturday 21 November 2026, 10:00 UTC; the
 * page's clock (Playwright's) is set to NOW and paused there unless a test moves it.
 * The latest completion is at 23:50 UTC the day before: in Tokyo (UTC+9) 08:50 today,
 * in Berlin (UTC+1) 00:50 today, in Los Angeles (UTC-8) 15:50 yesterday, and in UTC (the
 * page without JavaScript) yesterday.
 */

const NOW = Date.parse('2026-11-21T10:00:00.000Z');
const MINUTE = 60_000;
const COMPLETION_ID = '1990500000000000042';
const COMPLETION = '2026-11-20T23:50:00.000Z';
/** 12:00 UTC: 21:00 in Tokyo, 13:00 in Berlin, 04:00 in Los Angeles. */
const NEXT_START = NOW + 2 * HOUR;
/** Midnight starting Saturday 21 November in Los Angeles (PST, UTC-8): in progress at NOW. */
const PACIFIC_SATURDAY = Date.parse('2026-11-21T08:00:00.000Z');
const PACIFIC_SUNDAY = PACIFIC_SATURDAY + DAY;

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };
const SCREENSHOTS = join('test-results', 'screenshots');

const TOKYO = 'Asia/Tokyo';
const BERLIN = 'Europe/Berlin';
const LOS_ANGELES = 'America/Los_Angeles';

const wholeDay = (id: string, startMs: number, fields: Partial<ResetRecord> = {}) =>
  schedule(id, 'pending', [startMs, startMs + DAY - 1], { schedulePrecision: 'date', ...fields });

const RECORDS: ResetRecord[] = [
  completion(COMPLETION_ID, {
    announcedAt: COMPLETION,
    effectiveAt: COMPLETION,
    text: 'Limits have been reset for everyone. <b>Enjoy!</b>',
    scope: { plans: ['all'], windows: ['five_hour', 'weekly'] },
    relatedRecordIds: ['op_done'],
  }),
  schedule('op_done', 'fulfilled', [Date.parse(COMPLETION), Date.parse(COMPLETION)], {
    announcedAt: iso(NOW - 20 * HOUR),
    completionRecordId: COMPLETION_ID,
    confidence: 0.9,
    text: 'Operator note: a reset is planned for 23:50 UTC.',
  }),
  schedule('1991000000000000101', 'pending', [NEXT_START, NEXT_START], {
    announcedAt: iso(NOW - HOUR),
    effectiveAt: iso(NEXT_START),
    text: 'Heads up: usage limits for all plans reset in about two hours.',
    confidence: 0.93,
    scope: { plans: ['all'], windows: ['five_hour'] },
  }),
  wholeDay('op_banked_today', PACIFIC_SATURDAY, {
    resetType: 'banked',
    announcedAt: iso(NOW - 3 * HOUR),
    confidence: 0.6,
    text: 'Banked usage resets some time today (Pacific time).',
  }),
  wholeDay('op_banked_sunday', PACIFIC_SUNDAY, {
    resetType: 'banked',
    announcedAt: iso(NOW - 2 * HOUR),
    confidence: 0.6,
    text: 'And once more on Sunday.',
  }),
  schedule('op_maintenance', 'pending', null, {
    schedulePrecision: null,
    announcedAt: iso(NOW - 30 * MINUTE),
    text: 'A reset is expected after the next maintenance; no date given.',
  }),
  schedule('op_weekend', 'elapsed', [NOW - 3 * DAY, NOW - 2 * DAY - 1], {
    schedulePrecision: 'date',
    announcedAt: iso(NOW - 4 * DAY),
    text: 'Operator note: a weekend reset was expected but never confirmed.',
  }),
];

const SNAPSHOT: SnapshotFile = {
  generatedAt: iso(NOW - MINUTE),
  lastSuccessfulCheckAt: iso(NOW - 5 * MINUTE),
  records: RECORDS,
};

/**
 * Collects Content-Security-Policy violations reported in the page. Page-side code is
 * given as strings: the project's type check has no DOM library.
 */
const CSP_LISTENER = `window.cspViolations = [];
document.addEventListener('securitypolicyviolation', (event) =>
  window.cspViolations.push(event.violatedDirective + ' ' + event.blockedURI));`;
const CSP_VIOLATIONS = 'window.cspViolations';

const AXE_SOURCE = readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
/** The critical and serious violations axe finds in the page, with what a fix needs. */
const AXE_RUN = `axe.run(document, { resultTypes: ['violations'] }).then((results) => ({
  passes: results.passes.length,
  minor: results.violations
    .filter((violation) => violation.impact !== 'critical' && violation.impact !== 'serious')
    .map((violation) => violation.id + ' (' + violation.impact + ')'),
  violations: results.violations
    .filter((violation) => violation.impact === 'critical' || violation.impact === 'serious')
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      nodes: violation.nodes.map((node) => ({
        target: node.target.join(' '),
        html: node.html,
        summary: node.failureSummary,
      })),
    })),
}))`;

interface AxeFindings {
  readonly passes: number;
  readonly minor: string[];
  readonly violations: unknown[];
}

interface Opened {
  readonly context: BrowserContext;
  readonly page: Page;
  readonly problems: PageProblems;
}

interface OpenOptions {
  readonly path?: string;
  readonly viewport?: { width: number; height: number };
  readonly javaScriptEnabled?: boolean;
  readonly colorScheme?: 'light' | 'dark';
  /** Pause the page's clock at NOW once loaded (default); false lets it flow from NOW. */
  readonly pause?: boolean;
}

const squash = (value: string) => value.replace(/\s+/g, ' ').trim();

describe('status page in a browser', { timeout: 90_000 }, () => {
  let server: TestServer;
  let browser: Browser;

  before(async () => {
    await mkdir(SCREENSHOTS, { recursive: true });
    server = await startTestServer({ clock: () => NOW, snapshot: SNAPSHOT });
    browser = await launchBrowser();
  });

  after(async () => {
    await browser?.close();
    await server?.close();
  });

  async function open(
    timezoneId: string,
    options: OpenOptions = {},
    origin = server.origin,
  ): Promise<Opened> {
    const context = await browser.newContext({
      timezoneId,
      locale: 'en-GB',
      viewport: options.viewport ?? DESKTOP,
      javaScriptEnabled: options.javaScriptEnabled ?? true,
      colorScheme: options.colorScheme ?? 'light',
    });
    const page = await context.newPage();
    const problems = watchPage(page, origin);
    await page.addInitScript({ content: CSP_LISTENER });
    // Slightly before NOW, so the page loads with its timers running, then paused at NOW.
    await page.clock.install({ time: NOW - 30_000 });
    const response = await page.goto(`${origin}${options.path ?? '/'}`, { waitUntil: 'load' });
    assert.equal(response?.status(), 200);
    if (options.pause ?? true) await page.clock.pauseAt(NOW);
    else await page.clock.setSystemTime(NOW);
    return { context, page, problems };
  }

  async function assertClean(page: Page, problems: PageProblems): Promise<void> {
    assert.deepEqual(problems.consoleErrors, []);
    assert.deepEqual(problems.failedRequests, []);
    assert.deepEqual(problems.foreignRequests, []);
    assert.deepEqual(await page.evaluate(CSP_VIOLATIONS), []);
  }

  const text = (page: Page, selector: string) =>
    page.locator(selector).first().innerText().then(squash);
  const texts = (page: Page, selector: string) =>
    page
      .locator(selector)
      .allInnerTexts()
      .then((values) => values.map(squash));
  const bannerState = (page: Page) => page.locator('#banner').getAttribute('data-state');

  /** Polls (in Node, real time: the page's clock may be paused) until the text is `expected`. */
  async function until(page: Page, selector: string, expected: string, timeoutMs = 5_000) {
    try {
      await waitFor(async () => (await text(page, selector)) === expected, timeoutMs);
    } catch {
      assert.equal(await text(page, selector), expected, `${selector} within ${timeoutMs} ms`);
    }
  }

  test('Tokyo: the completion at 08:50 local time was today; days and times in Tokyo time', async () => {
    const { context, page, problems } = await open(TOKYO);
    try {
      assert.equal(await text(page, '#verdict'), 'Yes, limits were reset today at 08:50');
      assert.equal(await bannerState(page), 'yes');
      assert.equal(await page.locator('#banner').getAttribute('class'), 'banner banner-yes');
      assert.equal(await text(page, '#banner-icon'), '✓');
      assert.equal(await text(page, '#banner-next'), 'Next reset: today at 21:00, in 2 h 00 min.');
      assert.equal(await text(page, '#countdown'), 'Today at 21:00, in 2 h 00 min.');
      // Whole days: named as the Pacific day they are, with their span in Tokyo time.
      assert.deepEqual(await texts(page, '.others .when'), [
        'Some time during Sat 21 Nov 2026 in Pacific time, until tomorrow at 16:59 your time; no time of day was given',
        'Some time on Sun 22 Nov 2026 in Pacific time (from tomorrow at 17:00 to Mon 23 Nov at 16:59 your time); no time of day was given',
      ]);
      assert.equal(
        await text(page, '#zone-note'),
        'Times are shown in your time zone (Asia/Tokyo).',
      );
      assert.equal(
        await text(page, 'time[data-completion]'),
        '21 Nov 2026, 08:50',
        'localized in the visitor zone',
      );
      assert.equal(
        await page.locator('time[data-completion]').first().getAttribute('title'),
        '2026-11-20 23:50 UTC',
      );
      assert.match(
        await text(page, '#freshness'),
        /^Data checked 21 Nov 2026, 18:55 \(5 minutes ago\)\.$/,
      );
      await assertClean(page, problems);
    } finally {
      await context.close();
    }
  });

  test('Berlin: the completion at 00:50 local time was today, though UTC says yesterday', async () => {
    const { context, page, problems } = await open(BERLIN);
    try {
      assert.equal(await text(page, '#verdict'), 'Yes, limits were reset today at 00:50');
      assert.equal(await bannerState(page), 'yes');
      assert.equal(await text(page, '#countdown'), 'Today at 13:00, in 2 h 00 min.');
      assert.deepEqual(await texts(page, '.others .when'), [
        'Some time during Sat 21 Nov 2026 in Pacific time, until tomorrow at 08:59 your time; no time of day was given',
        'Some time on Sun 22 Nov 2026 in Pacific time (from tomorrow at 09:00 to Mon 23 Nov at 08:59 your time); no time of day was given',
      ]);
      assert.equal(await text(page, 'time[data-completion]'), '21 Nov 2026, 00:50');
      await assertClean(page, problems);
    } finally {
      await context.close();
    }
  });

  test('Los Angeles: the same completion, 15:50 local time, was yesterday; the next reset is named', async () => {
    const { context, page, problems } = await open(LOS_ANGELES);
    try {
      assert.equal(await text(page, '#verdict'), 'No reset yet today');
      assert.equal(await bannerState(page), 'soon');
      assert.equal(await page.locator('#banner').getAttribute('class'), 'banner banner-soon');
      assert.equal(await text(page, '#banner-icon'), '◷');
      assert.equal(await text(page, '#banner-next'), 'Next reset: today at 04:00, in 2 h 00 min.');
      assert.equal(await text(page, '#countdown'), 'Today at 04:00, in 2 h 00 min.');
      // The Pacific day is the visitor's own day here: still named, span in local time.
      assert.deepEqual(await texts(page, '.others .when'), [
        'Some time during Sat 21 Nov 2026 in Pacific time, until today at 23:59 your time; no time of day was given',
        'Some time on Sun 22 Nov 2026 in Pacific time (from tomorrow at 00:00 to tomorrow at 23:59 your time); no time of day was given',
      ]);
      assert.equal(await text(page, 'time[data-completion]'), '20 Nov 2026, 15:50');
      await assertClean(page, problems);
    } finally {
      await context.close();
    }
  });

  test("Tokyo: at the visitor's midnight the banner's today moves on without a reload", async () => {
    const { context, page, problems } = await open(TOKYO);
    try {
      await page.evaluate('window.sameDocument = true');
      assert.equal(await bannerState(page), 'yes');
      // 15:00:30 UTC is 00:00:30 on Sunday in Tokyo (still Saturday in UTC).
      await page.clock.fastForward(5 * HOUR + 30_000);
      await until(page, '#verdict', 'No reset yet today');
      assert.equal(await bannerState(page), 'soon');
      assert.equal(await text(page, '#banner-icon'), '◷');
      assert.equal(await page.evaluate('window.sameDocument'), true);
      await assertClean(page, problems);
    } finally {
      await context.close();
    }
  });

  test('countdown precision: a known time in h/min, min/s in its last hour; a whole day never in seconds', async () => {
    const { context, page, problems } = await open(BERLIN);
    try {
      const when = () => texts(page, '#countdown, #banner-next .banner-when, .others .when');
      for (const value of await when()) assert.doesNotMatch(value, /\d+ s\b/, value);
      assert.match(await text(page, '#countdown'), /^Today at 13:00, in 2 h 00 min\.$/);

      // 11:30 UTC: 30 minutes to go.
      await page.clock.fastForward(90 * MINUTE);
      const pattern = /^Today at 13:00, in (\d+) min (\d\d) s\.$/;
      const secondsLeft = async () => {
        const value = await text(page, '#countdown');
        const match = pattern.exec(value);
        assert.ok(match, value);
        return Number(match[1]) * 60 + Number(match[2]);
      };
      await waitFor(async () => pattern.test(await text(page, '#countdown')), 5_000);
      const first = await secondsLeft();
      assert.ok(first >= 1799 && first <= 1801, String(first));
      assert.match(
        await text(page, '#banner-next'),
        /^Next reset: today at 13:00, in \d+ min \d\d s\.$/,
      );
      await page.clock.runFor(3_000);
      const second = await secondsLeft();
      assert.ok(first - second >= 2 && first - second <= 4, `${first} → ${second}`);
      // The whole-day windows say the same words, without a countdown of any unit.
      for (const value of await texts(page, '.others .when')) {
        assert.doesNotMatch(value, /\d+ s\b|\bin \d/, value);
        assert.match(value, /in Pacific time.*your time\)?; no time of day was given$/);
      }
      await assertClean(page, problems);
    } finally {
      await context.close();
    }
  });

  test('without JavaScript the page states the UTC facts (yesterday in UTC)', async () => {
    const { context, page } = await open(TOKYO, { javaScriptEnabled: false });
    try {
      assert.equal(await text(page, '#verdict'), 'No reset yet today');
      assert.equal(await bannerState(page), 'soon');
      assert.equal(await text(page, '#countdown'), 'At 2026-11-21 12:00 UTC, in 2 h 00 min.');
      assert.deepEqual(await texts(page, '.others .when'), [
        'Some time today, Sat 21 Nov 2026 (Pacific time: 2026-11-21 08:00 UTC to 07:59 UTC the next day); no time of day was given',
        'Some time on Sun 22 Nov 2026 (Pacific time: 2026-11-22 08:00 UTC to 07:59 UTC the next day); no time of day was given',
      ]);
      assert.equal(await text(page, '#zone-note'), 'Times are shown in UTC.');
    } finally {
      await context.close();
    }
  });

  test('the page refreshes its data by itself, in place, from the page (no API call)', async () => {
    // The page's HTML may be kept 30 s (CACHE_MAX_AGE_SECONDS) and the page refreshes
    // every 60 s, so in real time the browser's cached copy has expired by the refresh.
    // The page's clock is moved instead of waiting a minute, and real time does not pass:
    // max-age 0 stands for the copy having expired.
    const own = await startTestServer({
      clock: () => NOW,
      snapshot: SNAPSHOT,
      env: { CACHE_MAX_AGE_SECONDS: '0' },
    });
    try {
      const { context, page, problems } = await open(LOS_ANGELES, {}, own.origin);
      try {
        const requests: string[] = [];
        page.on('request', (request) => requests.push(new URL(request.url()).pathname));
        await page.evaluate('window.sameDocument = true');
        assert.equal(await text(page, '#verdict'), 'No reset yet today');

        // A new completion at 09:50 UTC, 01:50 in Los Angeles: published while the page is open.
        await own.publish({
          ...SNAPSHOT,
          generatedAt: iso(NOW),
          records: [
            completion('1990600000000000077', {
              announcedAt: iso(NOW - 10 * MINUTE),
              effectiveAt: iso(NOW - 10 * MINUTE),
              text: 'Reset again, just now.',
            }),
            ...RECORDS,
          ],
        });
        await waitFor(async () => (await own.get('/')).text.includes('1990600000000000077'), 5_000);
        // A minute later (the page's refresh period), the page has the new data.
        await page.clock.fastForward(61_000);
        await until(page, '#verdict', 'Yes, limits were reset today at 01:50');
        assert.equal(await bannerState(page), 'yes');
        assert.equal(await text(page, 'time[data-completion]'), '21 Nov 2026, 01:50');
        assert.equal(await page.evaluate('window.sameDocument'), true, 'no reload');
        assert.deepEqual([...new Set(requests)], ['/']);
        await assertClean(page, problems);
      } finally {
        await context.close();
      }
    } finally {
      await own.close();
    }
  });

  test('a refresh keeps the keyboard focus where the visitor left it', async () => {
    const { context, page } = await open(BERLIN);
    try {
      await page.locator('.strip a').first().focus();
      await page.clock.fastForward(61_000);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      assert.equal(
        await page.evaluate(`document.activeElement.getAttribute('href')`),
        `/records/${COMPLETION_ID}`,
      );
    } finally {
      await context.close();
    }
  });

  test('stale data overrides the verdict, in the page as time passes, and above the fold on a phone', async () => {
    // Checked 30 h minus 30 s before NOW: fresh when the page loads, stale 30 s later.
    const aging = await startTestServer({
      clock: () => NOW,
      snapshot: { ...SNAPSHOT, lastSuccessfulCheckAt: iso(NOW - 30 * HOUR + 30_000) },
    });
    // Checked 31 h before NOW: stale from the server on.
    const stale = await startTestServer({
      clock: () => NOW,
      snapshot: { ...SNAPSHOT, lastSuccessfulCheckAt: iso(NOW - 31 * HOUR) },
    });
    try {
      {
        const { context, page, problems } = await open(TOKYO, {}, aging.origin);
        try {
          assert.equal(await text(page, '#verdict'), 'Yes, limits were reset today at 08:50');
          await page.clock.fastForward(HOUR + 30_000);
          await until(page, '#verdict', 'Unknown: the data is 31 h old');
          assert.equal(await bannerState(page), 'stale');
          assert.equal(await text(page, '#banner-icon'), '?');
          assert.equal(await page.locator('#banner').getAttribute('class'), 'banner banner-stale');
          await assertClean(page, problems);
        } finally {
          await context.close();
        }
      }
      const { context, page, problems } = await open(TOKYO, { viewport: PHONE }, stale.origin);
      try {
        // A completion today in Tokyo, yet no "Yes": the data is too old to say.
        assert.equal(await text(page, '#verdict'), 'Unknown: the data is 31 h old');
        assert.equal(await bannerState(page), 'stale');
        assert.match(
          await text(page, '.banner-note'),
          /^Resets since the last check may be missing \(last check 1 day ago\); what is below is the last published data\.$/,
        );
        const box = await page.locator('#banner').boundingBox();
        assert.ok(
          box && box.y + box.height < PHONE.height,
          `banner ends at ${box?.y}+${box?.height}`,
        );
        await page.screenshot({
          path: join(SCREENSHOTS, 'status-page-status-phone-stale-fold.png'),
        });
        await assertClean(page, problems);
      } finally {
        await context.close();
      }
    } finally {
      await aging.close();
      await stale.close();
    }
  });

  test('the CSP watch works: an injected inline script is refused and reported', async () => {
    const { context, page } = await open(TOKYO);
    try {
      await page.evaluate(`{
        const script = document.createElement('script');
        script.textContent = 'window.injected = true';
        document.body.append(script);
      }`);
      await waitFor(
        async () => ((await page.evaluate(CSP_VIOLATIONS)) as unknown[]).length > 0,
        5_000,
      );
      assert.deepEqual(await page.evaluate(CSP_VIOLATIONS), ['script-src-elem inline']);
      assert.equal(await page.evaluate(`'injected' in window`), false);
    } finally {
      await context.close();
    }
  });

  const PAGES = [
    ['status', '/'],
    ['record', `/records/${COMPLETION_ID}`],
  ] as const;
  const SIZES = [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const;
  const SCHEMES = ['light', 'dark'] as const;

  test('axe: no critical or serious violation; the banner above the fold on a phone; screenshots', async (t) => {
    const axeSource = await AXE_SOURCE;
    const found: string[] = [];
    const minor = new Set<string>();
    for (const [name, path] of PAGES) {
      for (const [size, viewport] of SIZES) {
        for (const colorScheme of SCHEMES) {
          const label = `${name}-${size}-${colorScheme}`;
          // The clock flows (axe waits on timers of its own).
          const { context, page, problems } = await open(BERLIN, {
            path,
            viewport,
            colorScheme,
            pause: false,
          });
          try {
            const overflow = await page.evaluate<number>(
              'document.documentElement.scrollWidth - document.documentElement.clientWidth',
            );
            assert.equal(overflow, 0, `${label}: content wider than the viewport`);
            if (name === 'status' && size === 'phone') {
              const box = await page.locator('#banner').boundingBox();
              assert.ok(box, `${label}: no banner`);
              assert.ok(
                box.y + box.height < viewport.height,
                `${label}: the banner ends at ${box.y + box.height}px, below the fold`,
              );
            }
            if (name === 'record') {
              assert.equal(
                await text(page, 'h1'),
                'Reset completed on 2026-11-20: Global limits, all plans',
              );
            }
            await page.evaluate(axeSource);
            const axe = (await page.evaluate(AXE_RUN)) as AxeFindings;
            assert.ok(axe.passes > 10, `${label}: axe checked ${axe.passes} rules only`);
            if (axe.violations.length > 0)
              found.push(`${label}: ${JSON.stringify(axe.violations, null, 2)}`);
            if (axe.minor.length > 0) minor.add(`${name}: ${axe.minor.join(', ')}`);
            const file = join(SCREENSHOTS, `status-page-${label}.png`);
            await page.screenshot({ path: file, fullPage: true });
            assert.ok((await stat(file)).size > 10_000, `${label}: screenshot is empty`);
            if (size === 'phone') {
              // What a phone shows before any scrolling.
              await page.screenshot({ path: join(SCREENSHOTS, `status-page-${label}-fold.png`) });
            }
            await assertClean(page, problems);
          } finally {
            await context.close();
          }
        }
      }
    }
    // Moderate and minor findings are not failures; they are shown for the record.
    if (minor.size > 0) t.diagnostic(`axe, moderate or minor: ${[...minor].join('; ')}`);
    assert.deepEqual(found, [], found.join('\n'));
  });
});
