import assert from 'node:assert/strict';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { GUIDE_SECTIONS } from '../../src/docs/guide.ts';
import { sampleSnapshot as buildDemoSnapshot } from '../../src/producer/demo/sample-ledger.ts';
import { launchBrowser, type PageProblems, watchPage } from '../support/browser.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

/**
 * /docs and /docs/guide in headless Chromium: they render from this origin alone (the
 * pages must work offline), with no console error, failed request or CSP violation.
 */

const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const;

/** Reports every Content-Security-Policy violation as a console error the watcher collects. */
const REPORT_CSP_VIOLATIONS = `document.addEventListener('securitypolicyviolation', (event) =>
  console.error('CSP violation: ' + event.violatedDirective + ' ' + event.blockedURI));`;

function assertClean(problems: PageProblems): void {
  // Includes the favicon: Chromium asks for /favicon.ico unless the page declares an icon
  // (the layout declares an empty data: one), and that 404 shows only as a console error.
  assert.deepEqual(problems.consoleErrors, [], 'no console error or CSP violation');
  assert.deepEqual(problems.failedRequests, [], 'no failed request');
  assert.deepEqual(problems.foreignRequests, [], 'no request to another origin');
}

describe('documentation pages in a browser', { timeout: 60_000 }, () => {
  let server: TestServer;
  let browser: Browser;
  let screenshots: string;

  before(async () => {
    server = await startTestServer({ snapshot: buildDemoSnapshot(Date.now()) });
    browser = await launchBrowser();
    screenshots = await mkdtemp(join(tmpdir(), 'reset-records-docs-screens-'));
  });
  after(async () => {
    await browser?.close();
    await server?.close();
    if (screenshots) await rm(screenshots, { recursive: true, force: true });
  });

  async function open(path: string, viewport: keyof typeof VIEWPORTS) {
    const page = await browser.newPage({ viewport: VIEWPORTS[viewport] });
    const problems = watchPage(page, server.origin);
    await page.addInitScript(REPORT_CSP_VIOLATIONS);
    const response = await page.goto(`${server.origin}${path}`);
    assert.equal(response?.status(), 200);
    return { page, problems };
  }

  /** Pixels the page is wider than the viewport (a string expression: no DOM types here). */
  const horizontalOverflow = (page: Page) =>
    page.evaluate<number>(
      'document.documentElement.scrollWidth - document.documentElement.clientWidth',
    );

  async function screenshot(page: Page, name: string): Promise<void> {
    const file = join(screenshots, `${name}.png`);
    await page.screenshot({ path: file, fullPage: false });
    assert.ok((await stat(file)).size > 1000, `${name}.png is not empty`);
  }

  for (const viewport of ['desktop', 'phone'] as const) {
    test(`/docs renders the reference of both operations (${viewport})`, async () => {
      const { page, problems } = await open('/docs', viewport);
      try {
        const paths = page.locator('.opblock-summary-path');
        await paths.nth(1).waitFor({ timeout: 10_000 });
        assert.deepEqual(await paths.allTextContents(), ['/records/latest', '/records']);
        assert.deepEqual(await page.locator('.opblock-summary-method').allTextContents(), [
          'GET',
          'GET',
        ]);
        assert.equal(
          await page.locator('.swagger-ui .info .title').first().textContent(),
          'Public Reset Records API 1.0.0 OAS 3.1',
        );
        assert.equal(
          await page.locator('.site-header a[aria-current="page"]').textContent(),
          'API reference',
        );
        assert.equal(await horizontalOverflow(page), 0, 'no horizontal scrolling of the page');
        // The operations use the page's width, not the guide's prose column.
        const width = (await page.locator('.opblock').first().boundingBox())?.width ?? 0;
        assert.ok(width > VIEWPORTS[viewport].width * 0.75, `operation block ${width}px wide`);
        await screenshot(page, `docs-${viewport}`);
        assertClean(problems);
      } finally {
        await page.close();
      }
    });
  }

  test('/docs "Try it out" calls this server and shows the answer, within the CSP', async () => {
    const { page, problems } = await open('/docs', 'desktop');
    try {
      const operation = page.locator('#operations-records-getLatestResetRecord');
      await operation.locator('.opblock-summary').click();
      await operation.locator('.try-out__btn').click();
      const answer = page.waitForResponse((r) => r.url().includes('/openapi/v1/records/latest'));
      await operation.locator('.execute').click();
      const response = await answer;
      assert.equal(response.url(), `${server.origin}/openapi/v1/records/latest?kind=all`);
      assert.equal(response.status(), 200);
      await operation.locator('.live-responses-table tbody .response-col_status').first().waitFor();
      assert.equal(
        (
          await operation
            .locator('.live-responses-table tbody .response-col_status')
            .first()
            .textContent()
        )?.trim(),
        '200',
      );
      assertClean(problems);
    } finally {
      await page.close();
    }
  });

  for (const viewport of ['desktop', 'phone'] as const) {
    test(`/docs/guide renders every section (${viewport})`, async () => {
      const { page, problems } = await open('/docs/guide', viewport);
      try {
        assert.equal(
          await page.locator('h1').textContent(),
          'Guide to the Public Reset Records Service',
        );
        assert.deepEqual(
          await page.locator('h2[id]').allTextContents(),
          GUIDE_SECTIONS.map(([, heading]) => heading),
        );
        assert.equal(
          await page.locator('.site-header a[aria-current="page"]').textContent(),
          'Guide',
        );
        // Nothing wider than the screen: tables scroll inside their own box.
        assert.equal(await horizontalOverflow(page), 0, 'no horizontal scrolling of the page');
        await screenshot(page, `guide-${viewport}`);
        assertClean(problems);
      } finally {
        await page.close();
      }
    });
  }
});
