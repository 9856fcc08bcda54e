import assert from 'node:assert/strict';
import { copyFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, type PageProblems, watchPage } from '../support/browser.ts';
import { completion, HOUR, iso, schedule } from '../support/records.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

/**
 * The status page in headless Chromium: the client script decides "today" in the
 * visitor's own time zone, runs the countdown, and the page loads nothing but its own
 * assets, with no console error and no CSP violation.
 *
 * Time: the server's clock stands at NOW; the page's clock (Playwright's, which keeps
 * flowing) starts at NOW, ten hours after UTC midnight. The only completion is at
 * 23:50 UTC the day before, ten minutes before UTC midnight: in Tokyo (UTC+9) that is
 * 08:50 today, in Los Angeles (UTC-8) 15:50 yesterday, and in UTC yesterday.
 */

const NOW = Date.parse('2026-11-21T10:00:00.000Z');
const COMPLETION = '2026-11-20T23:50:00.000Z';
const NEXT_START = NOW + 2 * HOUR; // 12:00 UTC = 21:00 in Tokyo, 04:00 in Los Angeles

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/**
 * Collects Content-Security-Policy violations reported in the page. Page-side code is
 * given as strings: the project's type check has no DOM library.
 */
const CSP_LISTENER = `window.cspViolations = [];
document.addEventListener('securitypolicyviolation', (event) =>
  window.cspViolations.push(event.violatedDirective + ' ' + event.blockedURI));`;
const CSP_VIOLATIONS = 'window.cspViolations';

describe('status page in a browser', () => {
  let server: TestServer;
  let browser: Browser;
  let shots: string;

  before(async () => {
    server = await startTestServer({
      clock: () => NOW,
      snapshot: {
        generatedAt: iso(NOW - 60_000),
        lastSuccessfulCheckAt: iso(NOW - 5 * 60_000),
        records: [
          completion('1990500000000000042', {
            announcedAt: COMPLETION,
            effectiveAt: COMPLETION,
            text: 'Limits have been reset for everyone. <b>Enjoy!</b>',
            scope: { plans: ['all'], windows: ['five_hour', 'weekly'] },
          }),
          schedule('1991000000000000101', 'pending', [NEXT_START, NEXT_START], {
            announcedAt: iso(NOW - HOUR),
            effectiveAt: iso(NEXT_START),
            text: 'Heads up: usage limits for all plans reset in about two hours.',
            confidence: 0.93,
          }),
          schedule('op_maintenance', 'pending', null, {
            schedulePrecision: null,
            announcedAt: iso(NOW - 30 * 60_000),
            text: 'A reset is expected after the next maintenance; no date given.',
          }),
          schedule('op_weekend', 'elapsed', [NOW - 3 * 24 * HOUR, NOW - 2 * 24 * HOUR - 1], {
            schedulePrecision: 'date',
            announcedAt: iso(NOW - 4 * 24 * HOUR),
            text: 'Operator note: a weekend reset was expected but never confirmed.',
          }),
        ],
      },
    });
    browser = await launchBrowser();
    shots = await mkdtemp(join(tmpdir(), 'status-page-shots-'));
  });

  after(async () => {
    await browser?.close();
    await server?.close();
    if (shots) await rm(shots, { recursive: true, force: true });
  });

  async function open(
    timezoneId: string,
    viewport = DESKTOP,
    javaScriptEnabled = true,
  ): Promise<{ context: BrowserContext; page: Page; problems: PageProblems }> {
    const context = await browser.newContext({
      timezoneId,
      locale: 'en-GB',
      viewport,
      javaScriptEnabled,
    });
    const page = await context.newPage();
    const problems = watchPage(page, server.origin);
    await page.addInitScript({ content: CSP_LISTENER });
    await page.clock.install({ time: NOW });
    const response = await page.goto(`${server.origin}/`, { waitUntil: 'load' });
    assert.equal(response?.status(), 200);
    return { context, page, problems };
  }

  async function assertClean(page: Page, problems: PageProblems): Promise<void> {
    assert.deepEqual(problems.consoleErrors, []);
    assert.deepEqual(problems.failedRequests, []);
    assert.deepEqual(problems.foreignRequests, []);
    assert.deepEqual(await page.evaluate(CSP_VIOLATIONS), []);
  }

  const text = (page: Page, selector: string) =>
    page
      .locator(selector)
      .innerText()
      .then((value) => value.replace(/\s+/g, ' ').trim());

  test('Tokyo: the completion at 08:50 local time was today', async () => {
    const { context, page, problems } = await open('Asia/Tokyo');
    try {
      assert.equal(await text(page, '#verdict-text'), 'Yes, limits were reset today at 08:50.');
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
        await page.locator('time[data-completion]').getAttribute('title'),
        '2026-11-20 23:50 UTC',
      );
      assert.match(await text(page, '#verdict'), /^Yes/);
      assert.equal(await page.locator('#verdict').getAttribute('class'), 'verdict verdict-yes');
      await assertClean(page, problems);
    } finally {
      await context.close();
    }
  });

  test('Los Angeles: the same completion, 15:50 local time, was yesterday', async () => {
    const { context, page, problems } = await open('America/Los_Angeles');
    try {
      assert.equal(
        await text(page, '#verdict-text'),
        'No reset recorded today. The last recorded reset was yesterday at 15:50.',
      );
      assert.equal(await page.locator('#verdict').getAttribute('class'), 'verdict verdict-no');
      assert.equal(await text(page, 'time[data-completion]'), '20 Nov 2026, 15:50');
      await assertClean(page, problems);
    } finally {
      await context.close();
    }
  });

  test('without JavaScript the page states the UTC facts (yesterday in UTC)', async () => {
    const { context, page } = await open('Asia/Tokyo', DESKTOP, false);
    try {
      assert.equal(
        await text(page, '#verdict-text'),
        'No reset recorded today (UTC day 2026-11-21). The last recorded reset was 2026-11-20 23:50 UTC.',
      );
      assert.equal(await text(page, '#countdown'), 'Starts 2026-11-21 12:00 UTC: in 2 h 00 min.');
      assert.equal(await text(page, '#zone-note'), 'Times are shown in UTC.');
    } finally {
      await context.close();
    }
  });

  test('the countdown to the next schedule ticks every second', async () => {
    const { context, page, problems } = await open('America/Los_Angeles');
    try {
      // Two hours minus the time the page took to load, rounded up to the second.
      const pattern = /^Starts in ([12]) h (\d\d) min (\d\d) s, today at 04:00\.$/;
      const secondsLeft = (value: string) => {
        const match = pattern.exec(value);
        assert.ok(match, value);
        return Number(match[1]) * 3600 + Number(match[2]) * 60 + Number(match[3]);
      };
      const first = await text(page, '#countdown');
      await page.waitForTimeout(1_500);
      const second = await text(page, '#countdown');
      assert.ok(secondsLeft(first) <= 7200 && secondsLeft(first) > 7190, first);
      const elapsed = secondsLeft(first) - secondsLeft(second);
      assert.ok(elapsed >= 1 && elapsed <= 2, `${first} → ${second}`);
      assert.match(
        await text(page, '#freshness'),
        /^Data checked 21 Nov 2026, 01:55 \(5 minutes ago\)\.$/,
      );
      await assertClean(page, problems);
    } finally {
      await context.close();
    }
  });

  test('the CSP watch works: an injected inline script is refused and reported', async () => {
    const { context, page } = await open('Asia/Tokyo');
    try {
      await page.evaluate(`{
        const script = document.createElement('script');
        script.textContent = 'window.injected = true';
        document.body.append(script);
      }`);
      await page.waitForFunction(`${CSP_VIOLATIONS}.length > 0`);
      assert.deepEqual(await page.evaluate(CSP_VIOLATIONS), ['script-src-elem inline']);
      assert.equal(await page.evaluate(`'injected' in window`), false);
    } finally {
      await context.close();
    }
  });

  test('screenshots at phone and desktop widths; no horizontal scrolling on a phone', async () => {
    for (const [name, viewport] of [
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ] as const) {
      const { context, page, problems } = await open('Asia/Tokyo', viewport);
      try {
        const overflow = await page.evaluate(
          'document.documentElement.scrollWidth - document.documentElement.clientWidth',
        );
        assert.equal(overflow, 0, `${name}: content wider than the viewport`);
        const file = join(shots, `status-page-${name}.png`);
        await page.screenshot({ path: file });
        const png = await readFile(file);
        assert.ok(png.length > 10_000, `${name}: screenshot is ${png.length} bytes`);
        assert.equal(png.subarray(1, 4).toString('latin1'), 'PNG');
        assert.deepEqual(
          [png.readUInt32BE(16), png.readUInt32BE(20)],
          [viewport.width, viewport.height],
        );
        await copyFile(file, `/tmp/status-page-${name}.png`);
        await assertClean(page, problems);
      } finally {
        await context.close();
      }
    }
  });
});
