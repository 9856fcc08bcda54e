import assert from 'node:assert/strict';
import { mkdir, readFile, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { sampleSnapshot as buildDemoSnapshot } from '../../src/producer/demo/sample-ledger.ts';
import { GUIDE_SECTIONS } from '../../src/service/docs/guide.ts';
import { launchBrowser, type PageProblems, watchPage } from '../support/browser.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

/**
 * /docs, /docs/guide and the HTML 404 in headless Chromium, at phone and desktop sizes, in
 * light and dark mode:
 * - axe-core finds no critical or serious violation (WCAG 2.x A and AA rules and axe's best
 *   practices), on /docs both as it loads and with an operation tried out and the schemas
 *   open (where stock Swagger UI's unlabelled selects and unreachable scroll areas appear);
 * - nothing is wider than the screen;
 * - the pages render from this origin alone, with no console error, failed request or CSP
 *   violation (axe is injected with page.evaluate: the CSP allows no inline script);
 * - "Try it out" works within the CSP, and the guide's Copy buttons copy, with and without
 *   the Clipboard API.
 * Every size and scheme is checked for text, width and a clean console. axe-core and the
 * screenshots run on two of the four, the corners: phone in light mode and desktop in dark
 * mode, so each size and each scheme is audited once (axe on Swagger UI is the slow part of
 * this file; the colours of a scheme do not change with the size). The screenshots go to
 * test-results/screenshots/ (CI artifacts, not committed).
 */

const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1366, height: 900 },
} as const;
type Size = keyof typeof VIEWPORTS;
type Scheme = 'light' | 'dark';
const COMBINATIONS = (['phone', 'desktop'] as const).flatMap((size) =>
  (['light', 'dark'] as const).map((scheme) => ({
    size,
    scheme,
    /** Audited with axe-core and photographed: phone in light, desktop in dark. */
    audited: (size === 'phone') === (scheme === 'light'),
  })),
);

const SCREENSHOTS = join('test-results', 'screenshots');
const AXE_SOURCE = readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Reports every Content-Security-Policy violation as a console error the watcher collects. */
const REPORT_CSP_VIOLATIONS = `document.addEventListener('securitypolicyviolation', (event) =>
  console.error('CSP violation: ' + event.violatedDirective + ' ' + event.blockedURI));`;

interface AxeViolation {
  readonly id: string;
  readonly impact: string | null;
  readonly help: string;
  readonly nodes: readonly {
    readonly target: readonly unknown[];
    readonly failureSummary?: string;
  }[];
}

function assertClean(problems: PageProblems): void {
  // Includes the favicon: Chromium asks for /favicon.ico unless the page declares an icon
  // (the layout declares an empty data: one), and that 404 shows only as a console error.
  assert.deepEqual(problems.consoleErrors, [], 'no console error or CSP violation');
  assert.deepEqual(problems.failedRequests, [], 'no failed request');
  assert.deepEqual(problems.foreignRequests, [], 'no request to another origin');
}

/** Runs axe-core in the page; fails listing every critical or serious violation. */
async function assertAccessible(page: Page, what: string): Promise<void> {
  if (!(await page.evaluate<boolean>('typeof window.axe === "object"'))) {
    await page.evaluate(await AXE_SOURCE);
  }
  const { violations } = await page.evaluate<{ violations: AxeViolation[] }>(
    'axe.run(document, { resultTypes: ["violations"] })',
  );
  const blocking = violations.filter((v) => v.impact === 'critical' || v.impact === 'serious');
  const report = blocking
    .map(
      (v) =>
        `${v.impact} ${v.id} (${v.help}):\n${v.nodes
          .slice(0, 8)
          .map(
            (node) => `  ${node.target.join(' ')}\n    ${node.failureSummary?.replace(/\n/g, ' ')}`,
          )
          .join('\n')}`,
    )
    .join('\n');
  assert.equal(blocking.length, 0, `${what}: axe-core violations\n${report}`);
}

/** Pixels the page is wider than the viewport (a string expression: no DOM types here). */
const pageWidth = (page: Page) => page.evaluate<number>('document.documentElement.scrollWidth');

async function screenshot(page: Page, name: string): Promise<void> {
  const file = join(SCREENSHOTS, `${name}.png`);
  await page.screenshot({ path: file, fullPage: false });
  assert.ok((await stat(file)).size > 1000, `${name}.png is not empty`);
}

describe('documentation pages in a browser', { timeout: 180_000 }, () => {
  let server: TestServer;
  let browser: Browser;
  /** One context and page per size and scheme, reused by the tests. */
  const pages = new Map<string, { context: BrowserContext; page: Page; problems: PageProblems }>();

  before(async () => {
    // "Try it out" sends real, counted requests: limiting is off so that reruns never hit it.
    server = await startTestServer({
      snapshot: buildDemoSnapshot(Date.now()),
      env: { RATE_LIMIT: 'off' },
    });
    browser = await launchBrowser();
    await mkdir(SCREENSHOTS, { recursive: true });
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });

  async function open(path: string, size: Size, scheme: Scheme, status = 200) {
    const key = `${size}-${scheme}`;
    let entry = pages.get(key);
    if (entry === undefined) {
      const context = await browser.newContext({ viewport: VIEWPORTS[size], colorScheme: scheme });
      const page = await context.newPage();
      await page.addInitScript(REPORT_CSP_VIOLATIONS);
      entry = { context, page, problems: watchPage(page, server.origin) };
      pages.set(key, entry);
    }
    const { page, problems } = entry;
    problems.consoleErrors.length = 0;
    problems.failedRequests.length = 0;
    problems.foreignRequests.length = 0;
    const response = await page.goto(`${server.origin}${path}`);
    assert.equal(response?.status(), status);
    return { page, problems };
  }

  for (const { size, scheme, audited } of COMBINATIONS) {
    const { width } = VIEWPORTS[size];
    /** axe-core and a screenshot, on the audited combinations only. */
    const audit = async (page: Page, what: string, name: string) => {
      if (!audited) return;
      await assertAccessible(page, what);
      await screenshot(page, name);
    };

    test(`/docs: both operations, ${audited ? 'accessible, ' : ''}no wider than the screen (${size}, ${scheme})`, async () => {
      const { page, problems } = await open('/docs', size, scheme);
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
      assert.equal(await page.locator('main').count(), 1, 'one <main>: the page’s own');
      assert.equal(
        await page.evaluate<boolean>('document.documentElement.classList.contains("dark-mode")'),
        scheme === 'dark',
        'Swagger UI’s dark theme follows the colour scheme',
      );
      // The operations use the page's width, not the guide's prose column.
      const blockWidth = (await page.locator('.opblock').first().boundingBox())?.width ?? 0;
      assert.ok(blockWidth > width * 0.75, `operation block ${blockWidth}px wide`);
      assert.ok((await pageWidth(page)) <= width, 'no horizontal scrolling of the page');
      await audit(page, `/docs ${size} ${scheme}`, `docs-${size}-${scheme}`);

      // Opened, tried out, schemas expanded: selects, examples and responses appear.
      const operation = page.locator('#operations-records-listResetRecords');
      await operation.locator('.opblock-summary-control').click();
      await operation.locator('.try-out__btn').click();
      await operation.locator('.execute').click();
      await operation.locator('.live-responses-table tbody .response-col_status').first().waitFor();
      await page.locator('.models .models-control').click();
      // "Expand all" on the first schema (the record): every level of it opens.
      await page.locator('.models .json-schema-2020-12-expand-deep-button').first().click();
      await page.locator('.models .json-schema-2020-12-body').first().waitFor();
      assert.ok((await pageWidth(page)) <= width, 'no horizontal scrolling, operation open');
      await operation.locator('.live-responses-table').scrollIntoViewIfNeeded();
      await audit(
        page,
        `/docs with an operation tried out ${size} ${scheme}`,
        `docs-tried-${size}-${scheme}`,
      );
      assertClean(problems);
    });

    test(`/docs/guide: every section, ${audited ? 'accessible, ' : ''}no wider than the screen (${size}, ${scheme})`, async () => {
      const { page, problems } = await open('/docs/guide', size, scheme);
      assert.equal(
        await page.locator('h1').textContent(),
        'Guide: OpenAI Codex usage-limit resets',
      );
      assert.deepEqual(
        await page.locator('h2[id]').allTextContents(),
        GUIDE_SECTIONS.map(([, heading]) => heading),
      );
      assert.equal(
        await page.locator('.site-header a[aria-current="page"]').textContent(),
        'Guide',
      );
      // Tables and examples scroll inside their own box, which the keyboard can reach.
      assert.ok((await pageWidth(page)) <= width, 'no horizontal scrolling of the page');
      const regions = await page.evaluate<string[]>(
        `[...document.querySelectorAll('.guide table, .guide pre')].map((element) => {
          const box = element.closest('[role="region"]');
          return box && box.tabIndex === 0 && box.getAttribute('aria-label') ? 'ok' : element.outerHTML.slice(0, 80);
        }).filter((result) => result !== 'ok')`,
      );
      assert.deepEqual(regions, [], 'every table and example is a labelled, focusable region');
      // On a phone, no table is wider than its box: they wrap, or stack (the errors table).
      const clipped = await page.evaluate<string[]>(
        `[...document.querySelectorAll('.guide .scroll-region')]
          .filter((box) => box.scrollWidth > box.clientWidth + 1)
          .map((box) => box.getAttribute('aria-label'))`,
      );
      assert.deepEqual(clipped, [], 'tables fit the screen');
      assert.ok((await page.locator('.copy-button').count()) >= 8, 'examples have Copy buttons');
      await audit(page, `/docs/guide ${size} ${scheme}`, `guide-${size}-${scheme}`);
      if (audited) {
        await page.locator('#agents').scrollIntoViewIfNeeded();
        await screenshot(page, `guide-agents-${size}-${scheme}`);
      }
      assertClean(problems);
    });

    test(`an unknown page is an HTML 404 in the site frame${audited ? ', accessible' : ''} (${size}, ${scheme})`, async () => {
      const { page, problems } = await open('/no-such-page', size, scheme, 404);
      assert.equal(await page.locator('h1').textContent(), 'Page not found');
      for (const name of ['Status', 'Guide', 'API reference']) {
        assert.equal(await page.locator('main').getByRole('link', { name }).count(), 1, name);
      }
      assert.ok((await pageWidth(page)) <= width);
      await audit(page, `404 ${size} ${scheme}`, `not-found-${size}-${scheme}`);
      // The page's own 404, and the console line Chromium writes for it, are expected.
      const own = `${server.origin}/no-such-page 404`;
      assert.deepEqual(problems.failedRequests, [own]);
      problems.failedRequests.length = 0;
      const notFoundLine = /^Failed to load resource: .* 404 \(Not Found\)$/;
      assert.ok(
        problems.consoleErrors.every((line) => notFoundLine.test(line)),
        String(problems.consoleErrors),
      );
      problems.consoleErrors.length = 0;
      assertClean(problems);
    });
  }

  test('/docs "Try it out" calls this server and shows the answer, within the CSP', async () => {
    const { page, problems } = await open('/docs', 'desktop', 'light');
    const operation = page.locator('#operations-records-getLatestResetRecord');
    await operation.locator('.opblock-summary').click();
    await operation.locator('.try-out__btn').click();
    await operation.locator('tr[data-param-name="kind"] select').selectOption('reset_completed');
    const answer = page.waitForResponse((r) => r.url().includes('/openapi/v1/records/latest'));
    await operation.locator('.execute').click();
    const response = await answer;
    assert.equal(response.url(), `${server.origin}/openapi/v1/records/latest?kind=reset_completed`);
    assert.equal(response.status(), 200);
    const status = operation.locator('.live-responses-table tbody .response-col_status').first();
    await status.waitFor();
    assert.equal((await status.textContent())?.trim(), '200');
    // The labels the initializer adds: the parameter's select, the response body's region.
    assert.equal(
      await operation.locator('tr[data-param-name="kind"] select').getAttribute('aria-label'),
      'Parameter kind',
    );
    assert.equal(
      await operation
        .locator('.live-responses-table pre[role="region"]')
        .first()
        .getAttribute('aria-label'),
      'GET /records/latest: Response body',
    );
    assertClean(problems);
  });

  test('a Copy button copies its example with the Clipboard API, and says so', async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    try {
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
        origin: server.origin,
      });
      const page = await context.newPage();
      const problems = watchPage(page, server.origin);
      await page.goto(`${server.origin}/docs/guide`);
      const block = page.locator('.code-block', {
        has: page.locator('pre[aria-label="Claude Code command"]'),
      });
      const button = block.locator('.copy-button');
      assert.equal(await button.textContent(), 'Copy');
      assert.equal(await button.getAttribute('type'), 'button');
      await button.click();
      await page.locator('[role="status"]', { hasText: 'Copied' }).waitFor();
      assert.equal(await button.textContent(), 'Copied');
      // Without PUBLIC_BASE_URL the commands carry the page's own address, not the placeholder.
      assert.equal(
        await page.evaluate<string>('navigator.clipboard.readText()'),
        `claude mcp add --transport http reset-records ${server.origin}/mcp`,
      );
      assert.equal(
        await page.locator('#address-note').textContent(),
        `The commands on this page use the address you are reading it at, ${server.origin}.`,
      );
      assertClean(problems);
    } finally {
      await context.close();
    }
  });

  test('without the Clipboard API, a Copy button still copies or selects, without an error', async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.phone });
    try {
      const page = await context.newPage();
      await page.addInitScript(
        "Object.defineProperty(Navigator.prototype, 'clipboard', { get: () => undefined });",
      );
      const problems = watchPage(page, server.origin);
      await page.goto(`${server.origin}/docs/guide`);
      assert.equal(await page.evaluate<string>('typeof navigator.clipboard'), 'undefined');
      const pre = page.locator('pre[aria-label="Codex CLI command"]');
      await page.locator('.code-block', { has: pre }).getByRole('button').click();
      const status = page.locator('[role="status"]');
      await status.filter({ hasText: /Copied|Selected/ }).waitFor();
      // Either execCommand copied it, or the text is selected for Ctrl+C: both say so.
      assert.match((await status.textContent()) ?? '', /^(Copied|Selected: press Ctrl\+C)/);
      assert.equal(
        await page.evaluate<string>('String(window.getSelection())'),
        `codex mcp add reset-records --url ${server.origin}/mcp`,
      );
      assertClean(problems);
    } finally {
      await context.close();
    }
  });
});
