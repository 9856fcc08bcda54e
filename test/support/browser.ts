import { type Browser, type BrowserServer, chromium, type Page } from 'playwright-core';
import { findChromium } from './chromium.ts';

/**
 * Headless Chromium as this workplace runs it: no sandbox (root), and nothing that reaches
 * out (the machine has no network but loopback).
 */
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Set by scripts/run-tests.mjs: the one browser every browser test file of a run shares. */
export const SHARED_BROWSER_VARIABLE = 'TEST_BROWSER_WS_ENDPOINT';

/**
 * The browser of a test file: the run's shared one when the test runner started one,
 * else its own (a file run alone). Closing a shared one ends this file's connection and
 * the contexts it made, not the browser.
 */
export async function launchBrowser(): Promise<Browser> {
  const shared = process.env[SHARED_BROWSER_VARIABLE];
  if (shared) return chromium.connect(shared);
  const { path } = await findChromium();
  return chromium.launch({ executablePath: path, headless: true, args: ARGS });
}

/** The shared browser of a test run, for scripts/run-tests.mjs. */
export function launchBrowserServer(executablePath: string): Promise<BrowserServer> {
  return chromium.launchServer({ executablePath, headless: true, args: ARGS, host: '127.0.0.1' });
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
