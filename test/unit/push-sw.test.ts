import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import vm from 'node:vm';
import { pushWorkerSource, readPushWorker } from '../../src/service/status-page/push-worker.ts';
import { DEFAULT_SITE_NAME } from '../../src/service/web/site.ts';

/**
 * The push service worker (/push-sw.js) run in a node:vm context with a fake `self`: its
 * registration's showNotification and its clients are recorders. A message of the service
 * is shown with its own words; anything else (no payload, not JSON, the wrong shape, a
 * showNotification that fails) shows the generic notification with the site's name and
 * never throws; a click opens only a page of the site's own origin.
 */

const ORIGIN = 'https://resets.example';
const ROOT = `${ORIGIN}/`;
/** A SITE_NAME with every character a string literal must escape. */
const NAME = `Resets "R" 'us' \\ </script>`;
const GENERIC_BODY = 'Something changed in the reset records: open the page to see what.';

interface Shown {
  readonly title: string;
  readonly options: Record<string, unknown>;
}

interface Tab {
  readonly url: string;
  focused: boolean;
}

/** Objects of the vm's realm as plain ones of this realm, keys undefined included. */
const plain = (value: unknown): unknown =>
  value === null || typeof value !== 'object'
    ? value
    : Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, plain(inner)]));

interface Sent {
  readonly path: string;
  readonly method: string;
  readonly body: unknown;
}

function loadWorker(
  options: {
    failShow?: boolean;
    tabs?: string[];
    /** What the page saved for the worker in Cache Storage (undefined: nothing). */
    savedTopics?: string;
    /** GET /push/key's status. */
    keyStatus?: number;
  } = {},
) {
  const sent: Sent[] = [];
  const subscribed: unknown[] = [];
  const listeners = new Map<string, (event: unknown) => void>();
  const shown: Shown[] = [];
  const opened: string[] = [];
  const matchAllOptions: unknown[] = [];
  const tabs: Tab[] = (options.tabs ?? []).map((url) => ({ url, focused: false }));
  let skippedWaiting = 0;
  const self = {
    location: new URL(`${ORIGIN}/push-sw.js`),
    addEventListener(type: string, listener: (event: unknown) => void) {
      assert.equal(listeners.has(type), false, `a second ${type} listener`);
      listeners.set(type, listener);
    },
    skipWaiting() {
      skippedWaiting++;
      return Promise.resolve();
    },
    caches: {
      async open(name: string) {
        assert.equal(name, 'reset-records-notify');
        return {
          async match(key: string) {
            assert.equal(key, '/push-topics');
            return options.savedTopics === undefined
              ? undefined
              : { json: async () => JSON.parse(options.savedTopics!) };
          },
        };
      },
    },
    async fetch(path: string, init: { method?: string; body?: string } = {}) {
      if (path === '/push/key') {
        const status = options.keyStatus ?? 200;
        return { ok: status === 200, json: async () => ({ publicKey: 'BKEY' }) };
      }
      sent.push({ path, method: init.method ?? 'GET', body: JSON.parse(init.body ?? 'null') });
      return { ok: true, status: 201 };
    },
    registration: {
      pushManager: {
        async subscribe(subscribeOptions: unknown) {
          subscribed.push(plain(subscribeOptions));
          return subscription('https://push.example/renewed');
        },
      },
      showNotification(title: string, notificationOptions: Record<string, unknown>) {
        shown.push({ title, options: plain(notificationOptions) as Record<string, unknown> });
        return options.failShow
          ? Promise.reject(new TypeError('no permission'))
          : Promise.resolve();
      },
    },
    clients: {
      async matchAll(query: unknown) {
        matchAllOptions.push(plain(query));
        return tabs.map((tab) => ({
          url: tab.url,
          focus() {
            tab.focused = true;
            return Promise.resolve(this);
          },
        }));
      },
      async openWindow(url: string) {
        opened.push(url);
        return null;
      },
    },
  };
  const context = vm.createContext({ self, URL, AbortSignal });
  new vm.Script(readPushWorker(NAME), { filename: 'push-sw.js' }).runInContext(context);

  /** Dispatches an event; resolves when what it gave waitUntil settled, with its outcome. */
  async function dispatch(type: string, event: Record<string, unknown>): Promise<unknown> {
    const waited: Promise<unknown>[] = [];
    const listener = listeners.get(type);
    assert.ok(listener, `no ${type} listener`);
    listener({ ...event, waitUntil: (promise: Promise<unknown>) => waited.push(promise) });
    assert.equal(waited.length, 1, `${type}: waitUntil called ${waited.length} times`);
    return waited[0];
  }

  /** A push event whose data is `text` (as PushMessageData: json() parses, may throw). */
  const push = (text: string | null) =>
    dispatch('push', {
      data: text === null ? null : { text: () => text, json: () => JSON.parse(text) },
    });

  /** A click on a notification carrying `data`; returns whether it was closed. */
  async function click(data: unknown): Promise<boolean> {
    let closed = false;
    await dispatch('notificationclick', {
      notification: {
        data,
        close() {
          closed = true;
        },
      },
    });
    return closed;
  }

  return {
    listeners,
    sent,
    subscribed,
    change: (event: Record<string, unknown>) => dispatch('pushsubscriptionchange', event),
    shown,
    opened,
    tabs,
    matchAllOptions,
    push,
    click,
    skippedWaiting: () => skippedWaiting,
  };
}

/** A PushSubscription as the worker sees one. */
function subscription(endpoint: string) {
  return {
    endpoint,
    toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh: 'P', auth: 'A' } }),
  };
}

const generic = { title: NAME, options: { body: GENERIC_BODY, data: { url: ROOT } } };

describe('the push service worker', () => {
  test('the file parses as a classic script and listens to install, push and notificationclick, once each', () => {
    const worker = loadWorker();
    assert.deepEqual(
      [...worker.listeners.keys()],
      ['install', 'push', 'pushsubscriptionchange', 'notificationclick'],
    );
    worker.listeners.get('install')!({});
    assert.equal(worker.skippedWaiting(), 1);
  });

  test("the site's name is written in as a string literal; the file must have the line to fill", () => {
    const source = readPushWorker(NAME);
    assert.equal(
      source.match(/^const SITE_NAME = .*$/m)?.[0],
      `const SITE_NAME = "Resets \\"R\\" 'us' \\\\ </script>";`,
    );
    const template = readFileSync(
      new URL('../../src/service/status-page/assets/push-sw.js', import.meta.url),
      'utf8',
    );
    // The file's own value is the default SITE_NAME; nothing but that line changes.
    const line = `const SITE_NAME = '${DEFAULT_SITE_NAME}';`;
    assert.equal(template.split(line).length, 2);
    assert.equal(pushWorkerSource(template, 'x'), template.replace(line, 'const SITE_NAME = "x";'));
    assert.throws(
      () => pushWorkerSource(template.replace('const SITE_NAME', 'let SITE_NAME'), 'x'),
      /no SITE_NAME line/,
    );
  });

  test("a message of the service is shown with its words, its tag and the page's absolute URL", async () => {
    const worker = loadWorker();
    const outcome = await worker.push(
      JSON.stringify({
        title: 'Limits were reset',
        body: 'A global reset for all plans at 14:02 UTC.',
        url: '/records/1990500000000000042',
        tag: 'reset_completed:1990500000000000042',
        event: 'reset_completed',
      }),
    );
    assert.equal(outcome, undefined);
    assert.deepEqual(worker.shown, [
      {
        title: 'Limits were reset',
        options: {
          body: 'A global reset for all plans at 14:02 UTC.',
          data: { url: `${ORIGIN}/records/1990500000000000042` },
          tag: 'reset_completed:1990500000000000042',
        },
      },
    ]);
    // An absolute URL of the site stays as it is; a message without body or tag still shows.
    await worker.push(JSON.stringify({ title: 'T', url: `${ORIGIN}/history/?page=2#day` }));
    assert.deepEqual(worker.shown[1], {
      title: 'T',
      options: { body: '', data: { url: `${ORIGIN}/history/?page=2#day` } },
    });
  });

  test("whatever the payload, a notification shows: the generic one, with the site's name", async () => {
    const malformed: (string | null)[] = [
      null, // a push without payload
      '', // empty
      '{"title": "Limits were reset"', // not JSON
      'Limits were reset', // text
      '[{"title":"in an array"}]',
      '"a string"',
      '42',
      'null',
      '{}',
      '{"title": 7, "body": "title not a string"}',
      '{"title": "   ", "body": "blank title"}',
      '{"title": null}',
      '{"body": "no title", "url": "/records/1"}',
    ];
    for (const payload of malformed) {
      const worker = loadWorker();
      assert.equal(await worker.push(payload), undefined, String(payload));
      assert.deepEqual(worker.shown, [generic], String(payload));
    }
  });

  test('the fields of a usable message that are not strings are left out; long ones are cut', async () => {
    const worker = loadWorker();
    await worker.push(JSON.stringify({ title: 'T', body: 12, tag: { a: 1 }, url: ['/'] }));
    assert.deepEqual(worker.shown[0], { title: 'T', options: { body: '', data: { url: ROOT } } });
    await worker.push(
      JSON.stringify({ title: 'x'.repeat(500), body: 'y'.repeat(5_000), tag: 'z'.repeat(300) }),
    );
    assert.deepEqual(worker.shown[1], {
      title: 'x'.repeat(200),
      options: { body: 'y'.repeat(1_000), data: { url: ROOT }, tag: 'z'.repeat(200) },
    });
    assert.equal(Object.hasOwn(worker.shown[0]!.options, 'icon'), false);
  });

  test('a showNotification that fails does not reject the push event', async () => {
    const worker = loadWorker({ failShow: true });
    assert.equal(await worker.push('{"title":"T"}'), undefined);
    assert.equal(await worker.push('not json'), undefined);
    assert.deepEqual(
      worker.shown.map((shown) => shown.title),
      ['T', NAME],
    );
  });

  test('a URL of another origin or scheme in a message becomes the root of the site', async () => {
    const foreign = [
      'https://evil.example/records/1',
      '//evil.example/records/1',
      'http://resets.example/records/1', // the same host, another scheme: another origin
      'https://resets.example:8443/records/1',
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      `/${'a'.repeat(2_000)}`,
      'http://[::1', // no URL at all
    ];
    for (const url of foreign) {
      const worker = loadWorker();
      await worker.push(JSON.stringify({ title: 'T', body: 'B', url }));
      assert.deepEqual(
        worker.shown,
        [{ title: 'T', options: { body: 'B', data: { url: ROOT } } }],
        url,
      );
    }
  });

  test('a click closes the notification and opens its page, or focuses a tab already at it', async () => {
    const worker = loadWorker({ tabs: [`${ORIGIN}/history/`, `${ORIGIN}/records/7`] });
    assert.equal(await worker.click({ url: `${ORIGIN}/records/7` }), true);
    assert.deepEqual(
      worker.tabs.map((tab) => tab.focused),
      [false, true],
    );
    assert.deepEqual(worker.opened, []);
    assert.deepEqual(worker.matchAllOptions, [{ type: 'window', includeUncontrolled: true }]);
    // A tab of the site at another page is left alone: the page is opened.
    assert.equal(await worker.click({ url: '/records/8' }), true);
    assert.deepEqual(worker.opened, [`${ORIGIN}/records/8`]);
  });

  test('a click never opens another origin: the data of the notification is checked again', async () => {
    const worker = loadWorker();
    for (const data of [
      { url: 'https://evil.example/' },
      { url: '//evil.example' },
      { url: 'javascript:alert(1)' },
      { url: 42 },
      {},
      null,
      undefined,
      'https://evil.example/',
    ]) {
      assert.equal(await worker.click(data), true);
    }
    assert.deepEqual(worker.opened, Array(8).fill(ROOT));
  });

  test('a subscription the browser renews is sent with the saved choices, the old one removed', async () => {
    const worker = loadWorker({ savedTopics: '["global_reset","schedule"]' });
    await worker.change({
      oldSubscription: subscription('https://push.example/old'),
      newSubscription: subscription('https://push.example/new'),
    });
    assert.deepEqual(worker.sent, [
      {
        path: '/push/subscriptions',
        method: 'POST',
        body: {
          subscription: {
            endpoint: 'https://push.example/new',
            expirationTime: null,
            keys: { p256dh: 'P', auth: 'A' },
          },
          topics: ['global_reset', 'schedule'],
        },
      },
      {
        path: '/push/subscriptions',
        method: 'DELETE',
        body: { endpoint: 'https://push.example/old' },
      },
    ]);
  });

  test('without a new subscription it subscribes again with the service key', async () => {
    const worker = loadWorker({ savedTopics: '["any_reset"]' });
    await worker.change({ oldSubscription: null, newSubscription: null });
    assert.deepEqual(worker.subscribed, [{ userVisibleOnly: true, applicationServerKey: 'BKEY' }]);
    assert.deepEqual(
      worker.sent.map((request) => request.method),
      ['POST'],
    );
  });

  test('nothing is sent without saved choices, with damaged ones, or when push is off', async () => {
    for (const savedTopics of [undefined, 'not json', '[]', '{"a":1}', '[1,2]']) {
      const worker = loadWorker(savedTopics === undefined ? {} : { savedTopics });
      await worker.change({ oldSubscription: null, newSubscription: subscription('https://p/n') });
      assert.deepEqual(worker.sent, [], String(savedTopics));
    }
    const off = loadWorker({ savedTopics: '["any_reset"]', keyStatus: 404 });
    await off.change({ oldSubscription: null, newSubscription: null });
    assert.deepEqual(off.sent, []);
    assert.deepEqual(off.subscribed, []);
  });
});
