// The service worker of "Get notified" (served as /push-sw.js, at the root so that its scope
// is the whole site; a classic script, which every browser with push can run). It shows the
// notifications the service pushes and opens the page a notification is about. A push
// message is the service's JSON, { title, body, url, tag, event }; anything else still
// shows a notification (a push that shows none is one a browser holds against the site),
// a generic one with the site's name, and nothing here throws. A click opens only a page of
// this site: a URL of another origin in a message opens the site's root instead.

/** The site's name (SITE_NAME): the server writes it here when it serves this file. */
const SITE_NAME = 'OpenAI Codex usage-limit resets';

/** Bounds on what a message may make the notification say (browsers cut shorter). */
const MAX_TITLE = 200;
const MAX_BODY = 1_000;
const MAX_TAG = 200;
const MAX_URL = 2_000;

const GENERIC = {
  title: SITE_NAME,
  body: 'Something changed in the reset records: open the page to see what.',
  url: '/',
};

/**
 * An absolute URL of this site for `url` (absolute, or a path from the root); the site's
 * root for anything else: another origin, another scheme, not a string, too long.
 */
function pageUrl(url) {
  const root = new URL('/', self.location.origin).href;
  if (typeof url !== 'string' || url.length > MAX_URL) return root;
  try {
    const resolved = new URL(url, root);
    return resolved.origin === self.location.origin ? resolved.href : root;
  } catch {
    return root;
  }
}

/** The message's text as JSON, or null: no payload, not JSON, not an object. */
function payloadOf(data) {
  if (!data) return null;
  try {
    const parsed = data.json();
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/** What to show for a push message: its own words when they are usable, else the generic. */
function notificationOf(data) {
  const payload = payloadOf(data);
  if (payload === null || typeof payload.title !== 'string' || payload.title.trim() === '') {
    return { title: GENERIC.title, options: { body: GENERIC.body, data: { url: pageUrl('/') } } };
  }
  const options = {
    body: typeof payload.body === 'string' ? payload.body.slice(0, MAX_BODY) : '',
    data: { url: pageUrl(payload.url) },
  };
  if (typeof payload.tag === 'string' && payload.tag !== '') {
    options.tag = payload.tag.slice(0, MAX_TAG);
  }
  return { title: payload.title.slice(0, MAX_TITLE), options };
}

// A new version of this file takes over at once: it holds no state to migrate.
self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('push', (event) => {
  let shown;
  try {
    const { title, options } = notificationOf(event.data);
    shown = self.registration.showNotification(title, options);
  } catch {
    shown = self.registration.showNotification(GENERIC.title, {
      body: GENERIC.body,
      data: { url: pageUrl('/') },
    });
  }
  event.waitUntil(Promise.resolve(shown).catch(() => undefined));
});

/** Focuses a tab of this site already at `url`, else opens one. */
async function openPage(url) {
  const tabs = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = tabs.find((tab) => tab.url === url);
  if (open) return open.focus();
  return self.clients.openWindow(url);
}

// A subscription the browser renews by itself (its push service rotated the endpoint, or it
// expired): the service is told the new one with the choices the page saved for this worker
// (Cache Storage, the one store both share), and the old one is removed. Without saved
// choices (never subscribed here, or unsubscribed) nothing is sent. Each request is bounded.
const NOTIFY_CACHE = 'reset-records-notify';
const TOPICS_KEY = '/push-topics';
const RENEW_WAIT_MS = 15_000;

async function savedTopics() {
  try {
    const cache = await self.caches.open(NOTIFY_CACHE);
    const saved = await cache.match(TOPICS_KEY);
    const topics = saved ? await saved.json() : null;
    return Array.isArray(topics) &&
      topics.length > 0 &&
      topics.length <= 4 &&
      topics.every((topic) => typeof topic === 'string')
      ? topics
      : null;
  } catch {
    return null;
  }
}

function send(path, method, body) {
  return self.fetch(path, {
    method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(RENEW_WAIT_MS),
  });
}

async function renew(event) {
  const topics = await savedTopics();
  if (topics === null) return;
  let subscription = event.newSubscription ?? null;
  if (subscription === null) {
    const answer = await self.fetch('/push/key', { signal: AbortSignal.timeout(RENEW_WAIT_MS) });
    if (!answer.ok) return; // push is off now: nothing to renew
    const { publicKey } = await answer.json();
    subscription = await self.registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: publicKey,
    });
  }
  await send('/push/subscriptions', 'POST', { subscription: subscription.toJSON(), topics });
  const old = event.oldSubscription?.endpoint;
  if (typeof old === 'string' && old !== subscription.endpoint)
    await send('/push/subscriptions', 'DELETE', { endpoint: old });
}

self.addEventListener('pushsubscriptionchange', (event) => {
  event.waitUntil(renew(event).catch(() => undefined));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data;
  const url = pageUrl(data !== null && typeof data === 'object' ? data.url : undefined);
  event.waitUntil(openPage(url).catch(() => undefined));
});
