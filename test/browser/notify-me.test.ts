import assert from 'node:assert/strict';
import { createECDH, randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { FOLLOW_TOPICS } from '../../src/service/follow/topics.ts';
import { launchBrowser, type PageProblems, watchPage } from '../support/browser.ts';
import { request } from '../support/http.ts';
import { type PushStandin, startPushStandin } from '../support/push-standin.ts';
import { completion, iso, snapshotOf } from '../support/records.ts';
import { startTestServer, type TestServer, waitFor } from '../support/server.ts';
import { testVapidKeys } from '../support/vapid.ts';

/**
 * "Get notified" on the status page in headless Chromium (issue 21). Headless Chromium has
 * no push service, so an init script stands in for the browser's side of push:
 * PushManager.prototype.subscribe and getSubscription give a fake subscription (its keys
 * made here: a 65-byte P-256 public key and a 16-byte secret) and Notification's permission
 * is whatever the test says. The service worker (/push-sw.js) is registered for real.
 *
 * Two parts:
 * - THE PAGE AGAINST THE CONTRACT: the server renders the page with push on
 *   (`sitePush`), and page.route stands in for GET /push/key and POST and DELETE
 *   /push/subscriptions, answering as the contract says and keeping what it was sent. It
 *   needs no push configuration, so it runs before the push routes exist and after.
 * - THE PAGE AGAINST THE SERVICE'S OWN ROUTES: VAPID_* and PUSH_* set as an operator would,
 *   nothing stood in for.
 *
 * axe-core (no critical or serious violation) with the section shown, at 390 and 1366 px,
 * light and dark; screenshots of the section go to a temporary directory (printed as a
 * diagnostic), not to the repository.
 */

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };
const SCREENSHOTS = join(tmpdir(), 'reset-records-notify-me');
const AXE_SOURCE = readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const AXE_RUN = `axe.run(document, { resultTypes: ['violations'] }).then((results) => ({
  passes: results.passes.length,
  violations: results.violations
    .filter((violation) => violation.impact === 'critical' || violation.impact === 'serious')
    .map((violation) => ({ id: violation.id, impact: violation.impact,
      nodes: violation.nodes.map((node) => node.target.join(' ') + ': ' + node.failureSummary) })),
}))`;

/** The browser's keys of the fake subscription, base64url without padding. */
const P256DH = createECDH('prime256v1').generateKeys().toString('base64url');
const AUTH = randomBytes(16).toString('base64url');
/** The service's VAPID key pair, for the stand-in and for the service's own routes. */
const { publicKey: VAPID_PUBLIC_KEY, privateKey: VAPID_PRIVATE_KEY } = testVapidKeys();

const LABELS = [
  'A global reset happened',
  'Any reset, banked ones included',
  'A reset is scheduled or moved',
  'An hour before a scheduled reset',
];

/** Collects CSP violations in the page. */
const CSP_LISTENER = `window.cspViolations = [];
document.addEventListener('securitypolicyviolation', (event) =>
  window.cspViolations.push(event.violatedDirective + ' ' + event.blockedURI));`;

/**
 * The browser's side of push, faked (page-side code as a string: no DOM types here). The
 * subscription lives in localStorage, so a reload finds it as a real browser would;
 * `window.pushCalls` records what the page asked; `window.fakePermission` is the answer to
 * the next permission request.
 */
function fakePush(
  endpoint: string,
  withoutPushManager = false,
  keys: { p256dh: string; auth: string } = { p256dh: P256DH, auth: AUTH },
): string {
  const config = JSON.stringify({ endpoint, ...keys, withoutPushManager });
  return `(() => {
  const config = ${config};
  if (config.withoutPushManager) {
    delete window.PushManager;
    return;
  }
  const SUBSCRIBED = 'fake-push-key';
  window.pushCalls = [];
  window.fakePermission = 'granted';
  let permission = 'default';
  const toBase64 = (bytes) => btoa(String.fromCharCode(...new Uint8Array(bytes)));
  const fromBase64 = (text) => Uint8Array.from(atob(text), (char) => char.charCodeAt(0)).buffer;
  const subscription = (key) => ({
    endpoint: config.endpoint,
    expirationTime: null,
    options: { userVisibleOnly: true, applicationServerKey: fromBase64(key) },
    toJSON: () => ({ endpoint: config.endpoint, expirationTime: null,
      keys: { p256dh: config.p256dh, auth: config.auth } }),
    unsubscribe() {
      window.pushCalls.push('unsubscribe');
      localStorage.removeItem(SUBSCRIBED);
      return Promise.resolve(true);
    },
  });
  PushManager.prototype.subscribe = function (options) {
    const key = toBase64(options.applicationServerKey);
    window.pushCalls.push('subscribe userVisibleOnly=' + options.userVisibleOnly + ' key=' + key);
    localStorage.setItem(SUBSCRIBED, key);
    return Promise.resolve(subscription(key));
  };
  PushManager.prototype.getSubscription = function () {
    const key = localStorage.getItem(SUBSCRIBED);
    return Promise.resolve(key === null ? null : subscription(key));
  };
  Object.defineProperty(Notification, 'permission', { get: () => permission });
  Notification.requestPermission = () => {
    window.pushCalls.push('requestPermission');
    permission = window.fakePermission;
    return Promise.resolve(permission);
  };
})();`;
}

interface SentRequest {
  readonly method: string;
  readonly contentType: string | undefined;
  readonly body: unknown;
}

interface Answer {
  readonly status: number;
  readonly body: string;
  readonly contentType?: string;
}

/**
 * GET /push/key and POST/DELETE /push/subscriptions as the contract says, inside the page
 * (page.route): 201 for a new endpoint, 200 for a known one, 204 for a DELETE. `stored` is
 * what a service would now hold; `nextPosts` answers the next POSTs instead, in order.
 */
class StandIn {
  readonly sent: SentRequest[] = [];
  readonly stored = new Map<string, unknown>();
  readonly nextPosts: Answer[] = [];
  keyRequests = 0;
  key: Answer = {
    status: 200,
    body: JSON.stringify({ publicKey: VAPID_PUBLIC_KEY, topics: FOLLOW_TOPICS }),
  };

  async install(page: Page, origin: string): Promise<void> {
    const json = 'application/json; charset=utf-8';
    await page.route(`${origin}/push/key`, (route) => {
      this.keyRequests++;
      return route.fulfill({ status: this.key.status, contentType: json, body: this.key.body });
    });
    await page.route(`${origin}/push/subscriptions`, (route) => {
      const sent = route.request();
      const body = sent.postDataJSON() as {
        subscription?: { endpoint: string };
        topics?: unknown;
        endpoint?: string;
      };
      this.sent.push({ method: sent.method(), contentType: sent.headers()['content-type'], body });
      if (sent.method() === 'DELETE') {
        this.stored.delete(body.endpoint!);
        return route.fulfill({ status: 204, body: '' });
      }
      const answer = this.nextPosts.shift();
      if (answer) {
        return route.fulfill({
          status: answer.status,
          contentType: answer.contentType ?? json,
          body: answer.body,
        });
      }
      const endpoint = body.subscription!.endpoint;
      const known = this.stored.has(endpoint);
      this.stored.set(endpoint, body.topics);
      return route.fulfill({
        status: known ? 200 : 201,
        contentType: json,
        body: JSON.stringify({ topics: body.topics }),
      });
    });
  }
}

interface Opened {
  readonly context: BrowserContext;
  readonly page: Page;
  readonly problems: PageProblems;
  /** Every URL the page asked, in order. */
  readonly asked: string[];
}

interface OpenOptions {
  readonly standIn?: StandIn;
  readonly withoutPushManager?: boolean;
  readonly javaScriptEnabled?: boolean;
  readonly viewport?: { width: number; height: number };
}

const squash = (value: string) => value.replace(/\s+/g, ' ').trim();

describe('"Notify me" on the status page in a browser', { timeout: 120_000 }, () => {
  let browser: Browser;
  let plain: TestServer;
  let push: TestServer;
  let endpoint: string;
  before(async () => {
    await mkdir(SCREENSHOTS, { recursive: true });
    const snapshot = snapshotOf([
      completion('1990500000000000042', { completedAt: iso(Date.now() - 3_600_000) }),
    ]);
    [browser, plain, push] = await Promise.all([
      launchBrowser(),
      startTestServer({ snapshot }),
      startTestServer({ snapshot, sitePush: true }),
    ]);
    endpoint = `http://127.0.0.1:${new URL(push.origin).port}/push/abc`;
  });
  after(async () => {
    await Promise.all([browser?.close(), plain?.close(), push?.close()]);
  });

  async function open(server: TestServer, options: OpenOptions = {}): Promise<Opened> {
    const context = await browser.newContext({
      viewport: options.viewport ?? PHONE,
      locale: 'en-GB',
      javaScriptEnabled: options.javaScriptEnabled ?? true,
    });
    const page = await context.newPage();
    const problems = watchPage(page, server.origin);
    const asked: string[] = [];
    page.on('request', (sent) => asked.push(sent.url()));
    await page.addInitScript({ content: CSP_LISTENER });
    await page.addInitScript({ content: fakePush(endpoint, options.withoutPushManager) });
    await options.standIn?.install(page, server.origin);
    assert.equal((await page.goto(`${server.origin}/`))?.status(), 200);
    return { context, page, problems, asked };
  }

  /** Waits until notify.js has decided (data-push on the section); returns its decision. */
  const decision = async (page: Page) => {
    await page.locator('#notify[data-push]').waitFor({ state: 'attached', timeout: 10_000 });
    return page.locator('#notify').getAttribute('data-push');
  };

  const statusText = (page: Page) => page.locator('#notify-status').innerText().then(squash);

  /** Waits for the status line to say `expected` (it is written after an answer arrives). */
  async function statusBecomes(page: Page, expected: string): Promise<void> {
    try {
      await waitFor(async () => (await statusText(page)) === expected, 10_000);
    } catch {
      assert.equal(await statusText(page), expected);
    }
  }

  const checkedTopics = (page: Page) =>
    page
      .locator('#notify input[name="notify-topic"]')
      .evaluateAll((boxes) =>
        (boxes as unknown as { checked: boolean; value: string }[])
          .filter((box) => box.checked)
          .map((box) => box.value),
      );

  /**
   * No console error, failed request, foreign request or CSP violation but the `failed`
   * responses expected (each of which Chromium also reports on the console).
   */
  async function assertClean(opened: Opened, failed: [string, string][] = []): Promise<void> {
    assert.deepEqual(
      opened.problems.consoleErrors,
      failed.map(
        ([, status]) => `Failed to load resource: the server responded with a status of ${status}`,
      ),
    );
    assert.deepEqual(
      opened.problems.failedRequests,
      failed.map(([url, status]) => `${url} ${status.split(' ')[0]}`),
    );
    assert.deepEqual(opened.problems.foreignRequests, []);
    assert.deepEqual(await opened.page.evaluate('window.cspViolations'), []);
  }

  async function axe(page: Page, label: string): Promise<string[]> {
    if (!(await page.evaluate<boolean>('typeof window.axe === "object"'))) {
      await page.evaluate(await AXE_SOURCE);
    }
    const result = (await page.evaluate(AXE_RUN)) as { passes: number; violations: unknown[] };
    assert.ok(result.passes > 10, `${label}: axe checked ${result.passes} rules only`);
    return result.violations.map((violation) => `${label}: ${JSON.stringify(violation)}`);
  }

  // THE PAGE AGAINST THE CONTRACT (stand-in routes).

  test('without push configured the section is not on the page and nothing of push is asked', async () => {
    const opened = await open(plain, { standIn: new StandIn() });
    try {
      await opened.page.locator('#zone-note').waitFor();
      assert.equal(await opened.page.locator('#notify').count(), 0);
      assert.deepEqual(
        opened.asked.filter((url) => /notify|push/.test(url)),
        [],
      );
      await assertClean(opened);
    } finally {
      await opened.context.close();
    }
  });

  test('with push, a browser without PushManager shows nothing and asks for no key', async () => {
    const standIn = new StandIn();
    const opened = await open(push, { standIn, withoutPushManager: true });
    try {
      assert.equal(await decision(opened.page), 'unsupported');
      assert.equal(await opened.page.locator('#notify').isHidden(), true);
      assert.equal(standIn.keyRequests, 0);
      assert.deepEqual(
        opened.asked.filter((url) => url.includes('push')),
        [],
      );
      await assertClean(opened);
    } finally {
      await opened.context.close();
    }
  });

  test('with push, without JavaScript nothing of it shows', async () => {
    const opened = await open(push, { javaScriptEnabled: false });
    try {
      assert.equal(await opened.page.locator('#notify').count(), 1);
      assert.equal(await opened.page.locator('#notify').isHidden(), true);
      assert.equal(await opened.page.getByRole('button', { name: 'Notify me' }).count(), 0);
    } finally {
      await opened.context.close();
    }
  });

  test('when /push/key answers 404 (push off at the service) nothing shows', async () => {
    const standIn = new StandIn();
    standIn.key = {
      status: 404,
      body: JSON.stringify({ ok: false, error: 'not_found', detail: 'No such resource.' }),
    };
    const opened = await open(push, { standIn });
    try {
      assert.equal(await decision(opened.page), 'off');
      assert.equal(await opened.page.locator('#notify').isHidden(), true);
      assert.equal(standIn.keyRequests, 1);
      await assertClean(opened, [[`${push.origin}/push/key`, '404 (Not Found)']]);
    } finally {
      await opened.context.close();
    }
  });

  test('subscribing sends the subscription with exactly the chosen topics and says them; axe at both sizes and schemes; unsubscribing sends DELETE', async (t) => {
    const standIn = new StandIn();
    const opened = await open(push, { standIn });
    const { page } = opened;
    try {
      assert.equal(await decision(page), 'ready');
      assert.equal(await page.locator('#notify').isVisible(), true);
      assert.equal(squash(await page.locator('#notify-heading').innerText()), 'Get notified');
      assert.deepEqual((await page.locator('#notify label').allInnerTexts()).map(squash), LABELS);
      assert.deepEqual(await checkedTopics(page), ['global_reset']);
      assert.equal(await statusText(page), '');
      assert.equal(await page.locator('#notify-status').getAttribute('aria-live'), 'polite');
      assert.equal(await page.locator('#notify-unsubscribe').isHidden(), true);
      assert.deepEqual(await page.evaluate('window.pushCalls'), []);

      await page.getByLabel('An hour before a scheduled reset').check();
      await page.getByRole('button', { name: 'Notify me' }).click();
      await statusBecomes(
        page,
        'You will be notified: a global reset happened; an hour before a scheduled reset.',
      );
      assert.deepEqual(standIn.sent, [
        {
          method: 'POST',
          contentType: 'application/json',
          body: {
            subscription: { endpoint, expirationTime: null, keys: { p256dh: P256DH, auth: AUTH } },
            topics: ['global_reset', 'window_soon'],
          },
        },
      ]);
      assert.deepEqual([...standIn.stored], [[endpoint, ['global_reset', 'window_soon']]]);
      // Permission first, then a subscription with the service's key, shown to the user.
      assert.deepEqual(await page.evaluate('window.pushCalls'), [
        'requestPermission',
        `subscribe userVisibleOnly=true key=${Buffer.from(VAPID_PUBLIC_KEY, 'base64url').toString('base64')}`,
      ]);
      // The service worker is registered for real, at the root.
      assert.deepEqual(
        await page.evaluate(
          'navigator.serviceWorker.ready.then((r) => [r.scope, r.active.scriptURL])',
        ),
        [`${push.origin}/`, `${push.origin}/push-sw.js`],
      );
      assert.equal(await page.locator('#notify-status').getAttribute('data-state'), 'ok');
      assert.equal(squash(await page.locator('#notify-subscribe').innerText()), 'Update choices');
      assert.equal(await page.locator('#notify-unsubscribe').isVisible(), true);
      assert.equal(
        await page.evaluate('localStorage.getItem("notify-topics")'),
        '["global_reset","window_soon"]',
      );

      const violations: string[] = [];
      for (const viewport of [PHONE, DESKTOP]) {
        for (const colorScheme of ['light', 'dark'] as const) {
          const label = `${viewport.width} px ${colorScheme}`;
          await page.setViewportSize(viewport);
          await page.emulateMedia({ colorScheme });
          violations.push(...(await axe(page, label)));
          await page
            .locator('#notify')
            .screenshot({ path: join(SCREENSHOTS, `notify-${viewport.width}-${colorScheme}.png`) });
          // Nothing is wider than the screen.
          assert.ok(
            (await page.evaluate<number>('document.documentElement.scrollWidth')) <= viewport.width,
            label,
          );
        }
      }
      assert.deepEqual(violations, []);
      t.diagnostic(`screenshots in ${SCREENSHOTS}`);

      await page.getByRole('button', { name: 'Unsubscribe' }).click();
      await statusBecomes(page, 'Unsubscribed: you will not be notified.');
      assert.deepEqual(standIn.sent.slice(1), [
        { method: 'DELETE', contentType: 'application/json', body: { endpoint } },
      ]);
      assert.deepEqual([...standIn.stored], []);
      assert.deepEqual((await page.evaluate<string[]>('window.pushCalls')).slice(2), [
        'unsubscribe',
      ]);
      assert.equal(await page.locator('#notify-unsubscribe').isHidden(), true);
      assert.equal(squash(await page.locator('#notify-subscribe').innerText()), 'Notify me');
      assert.equal(await page.evaluate('localStorage.getItem("notify-topics")'), null);
      await assertClean(opened);
    } finally {
      await opened.context.close();
    }
  });

  test("a later visit shows this browser's subscription with its choices; the page's refresh keeps the section as it is", async () => {
    const standIn = new StandIn();
    const opened = await open(push, { standIn });
    const { page } = opened;
    try {
      assert.equal(await decision(page), 'ready');
      await page.getByLabel('A global reset happened').uncheck();
      await page.getByLabel('Any reset, banked ones included').check();
      await page.getByLabel('A reset is scheduled or moved').check();
      await page.getByRole('button', { name: 'Notify me' }).click();
      const said =
        'You will be notified: any reset, banked ones included; a reset is scheduled or moved.';
      await statusBecomes(page, said);

      await page.reload();
      assert.equal(await decision(page), 'ready');
      assert.equal(await statusText(page), said);
      assert.deepEqual(await checkedTopics(page), ['any_reset', 'schedule']);
      assert.equal(await page.locator('#notify-unsubscribe').isVisible(), true);
      assert.equal(squash(await page.locator('#notify-subscribe').innerText()), 'Update choices');

      // New data: status-page.js rewrites <main> in place, the section kept as it is.
      const generatedAt = iso(Date.now() - 1_000);
      await push.publish(
        snapshotOf(
          [completion('1990500000000000043', { completedAt: iso(Date.now() - 60_000) })],
          Date.parse(generatedAt),
        ),
      );
      await waitFor(async () => (await push.get('/status.json')).text.includes(generatedAt), 5_000);
      const checkedBefore = await page.locator('#freshness').getAttribute('data-checked');
      await page.evaluate('document.dispatchEvent(new Event("visibilitychange"))');
      await waitFor(
        async () =>
          (await page.locator('#freshness').getAttribute('data-checked')) !== checkedBefore,
        5_000,
      );
      assert.equal(await page.locator('#notify').count(), 1);
      assert.equal(await page.locator('#notify').isVisible(), true);
      assert.equal(await statusText(page), said);
      assert.deepEqual(await checkedTopics(page), ['any_reset', 'schedule']);

      // The kept section still works: choices updated (200: the same endpoint), then off.
      await page.getByLabel('An hour before a scheduled reset').check();
      await page.getByRole('button', { name: 'Update choices' }).click();
      await statusBecomes(
        page,
        'You will be notified: any reset, banked ones included; a reset is scheduled or moved; an hour before a scheduled reset.',
      );
      await page.getByRole('button', { name: 'Unsubscribe' }).click();
      await statusBecomes(page, 'Unsubscribed: you will not be notified.');
      assert.deepEqual(
        standIn.sent.map(({ method, body }) => [method, body]),
        [
          [
            'POST',
            {
              subscription: {
                endpoint,
                expirationTime: null,
                keys: { p256dh: P256DH, auth: AUTH },
              },
              topics: ['any_reset', 'schedule'],
            },
          ],
          [
            'POST',
            {
              subscription: {
                endpoint,
                expirationTime: null,
                keys: { p256dh: P256DH, auth: AUTH },
              },
              topics: ['any_reset', 'schedule', 'window_soon'],
            },
          ],
          ['DELETE', { endpoint }],
        ],
      );
      await assertClean(opened);
    } finally {
      await opened.context.close();
    }
  });

  test('what goes wrong is said, and the browser is not left subscribed', async () => {
    const standIn = new StandIn();
    const opened = await open(push, { standIn });
    const { page } = opened;
    const subscribed = () => page.evaluate('localStorage.getItem("fake-push-key")');
    try {
      assert.equal(await decision(page), 'ready');
      // Nothing chosen: nothing asked.
      await page.getByLabel('A global reset happened').uncheck();
      await page.getByRole('button', { name: 'Notify me' }).click();
      await statusBecomes(page, 'Choose at least one thing to be told about.');
      assert.equal(await page.locator('#notify-status').getAttribute('data-state'), 'error');
      assert.deepEqual(await page.evaluate('window.pushCalls'), []);

      // Permission refused.
      await page.getByLabel('A global reset happened').check();
      await page.evaluate('window.fakePermission = "denied"');
      await page.getByRole('button', { name: 'Notify me' }).click();
      await statusBecomes(
        page,
        "Notifications are blocked for this site: allow them in the browser's settings, then try again.",
      );
      assert.deepEqual(await page.evaluate('window.pushCalls'), ['requestPermission']);

      // The service refuses: its detail is said; the browser's subscription is undone.
      await page.evaluate('window.fakePermission = "granted"');
      standIn.nextPosts.push(
        {
          status: 400,
          body: JSON.stringify({
            ok: false,
            error: 'invalid_request',
            detail: 'subscription.endpoint must be an https URL',
          }),
        },
        { status: 503, body: '<html>busy</html>', contentType: 'text/html' },
      );
      await page.getByRole('button', { name: 'Notify me' }).click();
      await statusBecomes(page, 'Subscription.endpoint must be an https URL');
      assert.equal(await subscribed(), null);
      await page.getByRole('button', { name: 'Notify me' }).click();
      await statusBecomes(page, 'The service cannot take more subscriptions for now.');
      assert.equal(await subscribed(), null);
      assert.equal(await page.locator('#notify-unsubscribe').isHidden(), true);
      assert.equal(await page.locator('#notify-subscribe').isEnabled(), true);
      assert.deepEqual(
        standIn.sent.map(({ method }) => method),
        ['POST', 'POST'],
      );
      assert.deepEqual([...standIn.stored], []);
      await assertClean(opened, [
        [`${push.origin}/push/subscriptions`, '400 (Bad Request)'],
        [`${push.origin}/push/subscriptions`, '503 (Service Unavailable)'],
      ]);
    } finally {
      await opened.context.close();
    }
  });

  // THE PAGE AGAINST THE SERVICE'S OWN ROUTES (VAPID_*, PUSH_STORE_URL, PUSH_ALLOW_PRIVATE_ENDPOINTS).

  test('against the push routes: the subscription made on the page is stored, and removed by Unsubscribe', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'notify-me-store-'));
    const snapshot = snapshotOf([completion('1990500000000000042')]);
    const server = await startTestServer({
      snapshot,
      env: {
        VAPID_PUBLIC_KEY,
        VAPID_PRIVATE_KEY,
        VAPID_SUBJECT: 'mailto:push-tests@example.com',
        PUSH_STORE_URL: `sqlite:${join(dir, 'push.db')}`,
        PUSH_ALLOW_PRIVATE_ENDPOINTS: '1',
      },
    });
    let standin: PushStandin | undefined;
    try {
      const key = await server.get('/push/key');
      assert.equal(key.status, 200, 'GET /push/key: push is not configured on this server');
      assert.deepEqual(key.json(), { publicKey: VAPID_PUBLIC_KEY, topics: FOLLOW_TOPICS });
      // The "browser" is a subscriber of the stand-in push service: what the service sends
      // it is verified (VAPID) and decrypted with the keys this page subscribed with.
      standin = await startPushStandin({ vapidPublicKey: VAPID_PUBLIC_KEY });
      const subscriber = standin.subscribe('page');
      const serverEndpoint = subscriber.subscription.endpoint;
      const context = await browser.newContext({ viewport: PHONE });
      try {
        const page = await context.newPage();
        const problems = watchPage(page, server.origin);
        await page.addInitScript({
          content: fakePush(serverEndpoint, false, subscriber.subscription.keys),
        });
        await page.goto(`${server.origin}/`);
        assert.equal(await decision(page), 'ready');
        await page.getByLabel('A reset is scheduled or moved').check();
        await page.getByRole('button', { name: 'Notify me' }).click();
        await statusBecomes(
          page,
          'You will be notified: a global reset happened; a reset is scheduled or moved.',
        );
        // The choices are shared with the service worker, which renews a rotated subscription.
        // The page writes them to Cache Storage without holding up its status line: wait
        // (bounded) for the write, then read what was written.
        const readShared = `caches.open('reset-records-notify').then((cache) => cache.match('/push-topics')).then((saved) => (saved === undefined ? null : saved.json()))`;
        await page
          .waitForFunction(`${readShared}.then((topics) => topics !== null)`, undefined, {
            timeout: 5_000,
          })
          .catch(() => undefined);
        const shared = await page.evaluate(readShared);
        assert.deepEqual(shared, ['global_reset', 'schedule']);

        // A global reset published: the page's subscriber is told, in the page's words.
        await server.publish(
          snapshotOf([
            ...snapshot.records,
            completion('1990500000000000043', {
              completedAt: new Date(Date.now() - 60_000).toISOString(),
              scope: { plans: ['all'], windows: ['five_hour'] },
            }),
          ]),
        );
        const [pushed] = await standin.waitFor(1, 10_000);
        assert.equal((pushed!.json as { title: string }).title, 'Usage limits were reset');
        assert.equal((pushed!.json as { url: string }).url, '/records/1990500000000000043');

        // Stored: the same subscription again replaces it (200, not 201).
        const body = JSON.stringify({
          subscription: {
            endpoint: serverEndpoint,
            expirationTime: null,
            keys: subscriber.subscription.keys,
          },
          topics: ['global_reset', 'schedule'],
        });
        const post = () =>
          request(server.origin, '/push/subscriptions', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body,
          });
        const again = await post();
        assert.equal(again.status, 200);
        assert.deepEqual(again.json(), { topics: ['global_reset', 'schedule'] });

        const deleted = page.waitForResponse(
          (response) => response.request().method() === 'DELETE',
        );
        await page.getByRole('button', { name: 'Unsubscribe' }).click();
        assert.equal((await deleted).status(), 204);
        await statusBecomes(page, 'Unsubscribed: you will not be notified.');
        const cleared = await page.evaluate(
          `caches.open('reset-records-notify').then((cache) => cache.match('/push-topics')).then((saved) => saved === undefined)`,
        );
        assert.equal(cleared, true);
        // Removed: the same subscription is new again (201).
        assert.equal((await post()).status, 201);
        assert.deepEqual(problems.consoleErrors, []);
        assert.deepEqual(problems.failedRequests, []);
      } finally {
        await context.close();
      }
    } finally {
      await standin?.close();
      await server.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
