import { type Browser, chromium, type Page } from 'playwright-core';

/** Debian's Chromium (installed by .ci/run); Playwright never downloads a browser here. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Headless Chromium as this workplace runs it: no sandbox (root), no background networking. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export interface PageProblems {
  readonly consoleErrors: string[];
  readonly failedRequests: string[];
  /** Requests that left the server's origin (the pages must work offline). */
  readonly foreignRequests: string[];
}

/** Records console errors, failed requests and any request to another origin. */
export function watchPage(page: Page, origin: string): PageProblems {
  const problems: PageProblems = { consoleErrors: [], failedRequests: [], foreignRequests: [] };
  page.on('console', (message) => {
    if (message.type() === 'error') problems.consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => problems.consoleErrors.push(error.message));
  // Chromium (through Playwright) reports a fetch answered 304 Not Modified, which the page
  // asked for with If-None-Match, as a failed request (net::ERR_ABORTED) after its response:
  // that is no failure.
  const notModified = new WeakSet<object>();
  page.on('requestfailed', (request) => {
    if (notModified.has(request) && request.failure()?.errorText === 'net::ERR_ABORTED') return;
    problems.failedRequests.push(`${request.url()} ${request.failure()?.errorText}`);
  });
  page.on('response', (response) => {
    if (response.status() === 304) notModified.add(response.request());
    if (response.status() >= 400)
      problems.failedRequests.push(`${response.url()} ${response.status()}`);
  });
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(origin) && !url.startsWith('data:')) problems.foreignRequests.push(url);
  });
  return problems;
}
