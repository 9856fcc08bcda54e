// "Get notified" on the status page (served as /assets/notify.js, an ES module, only on a
// page rendered with push configured; notify-section.ts). The section is hidden in the
// HTML; this script shows it only in a browser that can take push messages (a service
// worker, the Push API, notifications) and when GET /push/key answers, so the page works
// the same without it. Then:
// - "Notify me" registers the service worker (/push-sw.js), asks the browser's permission,
//   subscribes with the service's public key and sends the subscription with the chosen
//   topics to POST /push/subscriptions; the status line says what the service answered;
// - on a later visit a subscription of this browser is shown as such, with the choices
//   remembered in localStorage, and "Update choices" sends them again (same endpoint:
//   the service replaces it);
// - "Unsubscribe" ends the browser's subscription and tells the service (DELETE).
// Every wait is bounded; no failure leaves the buttons disabled.

const KEY_PATH = '/push/key';
const SUBSCRIPTIONS_PATH = '/push/subscriptions';
const WORKER_PATH = '/push-sw.js';
const STORAGE_KEY = 'notify-topics';
/** Any request, the service worker's start and the browser's push service. */
const WAIT_MS = 15_000;
/** An uncompressed P-256 public key: 65 bytes, 87 characters of base64url without padding. */
const PUBLIC_KEY = /^[A-Za-z0-9_-]{87}$/;

const section = document.getElementById('notify');
const subscribeButton = document.getElementById('notify-subscribe');
const unsubscribeButton = document.getElementById('notify-unsubscribe');
const statusLine = document.getElementById('notify-status');
let boxes = section ? [...section.querySelectorAll('input[name="notify-topic"]')] : [];

/** The service's public key (bytes) and its topics, once GET /push/key answered. */
let server = null;

const supported = () =>
  'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/** Resolves as `promise` does, or rejects after `ms` (a browser that never answers). */
/** Where the choices are kept for the service worker (the names push-sw.js reads). */
const WORKER_CACHE = 'reset-records-notify';
const WORKER_TOPICS = '/push-topics';

function bounded(promise, ms, what) {
  let timer;
  const timeout = new Promise((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer in time.`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function keyBytes(text) {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(`${base64}=`);
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

const sameBytes = (buffer, bytes) => {
  if (!buffer || buffer.byteLength !== bytes.length) return false;
  const view = new Uint8Array(buffer);
  return bytes.every((byte, index) => view[index] === byte);
};

function say(text, state = 'info') {
  statusLine.textContent = text;
  statusLine.dataset.state = state;
}

/** The label of each topic, as the page words it. */
function labelOf(topic) {
  const box = boxes.find((candidate) => candidate.value === topic);
  return box?.closest('label')?.textContent.trim() ?? topic;
}

const lowerFirst = (text) => text.charAt(0).toLowerCase() + text.slice(1);

function notifiedLine(topics) {
  return `You will be notified: ${topics.map((topic) => lowerFirst(labelOf(topic))).join('; ')}.`;
}

function rememberedTopics() {
  try {
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null');
    return Array.isArray(stored) ? stored.filter((topic) => typeof topic === 'string') : null;
  } catch {
    return null; // storage disabled or damaged: the choices are the page's defaults
  }
}

function remember(topics) {
  try {
    if (topics === null) localStorage.removeItem(STORAGE_KEY);
    else localStorage.setItem(STORAGE_KEY, JSON.stringify(topics));
  } catch {
    // storage disabled: the next visit shows the defaults, the subscription is unchanged
  }
  shareWithWorker(topics);
}

/**
 * The choices, for the service worker too (push-sw.js renews a subscription the browser
 * rotates with them): Cache Storage is the store a page and its worker share.
 */
function shareWithWorker(topics) {
  if (!('caches' in window)) return;
  caches
    .open(WORKER_CACHE)
    .then((cache) =>
      topics === null
        ? cache.delete(WORKER_TOPICS)
        : cache.put(
            WORKER_TOPICS,
            new Response(JSON.stringify(topics), {
              headers: { 'content-type': 'application/json' },
            }),
          ),
    )
    .catch(() => {
      // storage disabled: a rotated subscription then lapses until the next "Notify me"
    });
}

function showSubscribed(subscribed) {
  subscribeButton.textContent = subscribed ? 'Update choices' : 'Notify me';
  unsubscribeButton.hidden = !subscribed;
}

function busy(isBusy) {
  subscribeButton.disabled = isBusy;
  unsubscribeButton.disabled = isBusy;
  section.setAttribute('aria-busy', String(isBusy));
}

/**
 * The service's words from its JSON error body ({ ok: false, error: code, detail }, as every
 * error of the service), or a sentence for the status.
 */
async function errorMessage(response) {
  try {
    const body = await response.json();
    const message = body?.detail;
    if (typeof message === 'string' && message !== '') {
      return `${message.charAt(0).toUpperCase()}${message.slice(1, 300)}`;
    }
  } catch {
    // not the service's JSON (a proxy's page): said by status below
  }
  if (response.status === 429) return 'Too many changes from this address: try again later.';
  if (response.status === 503) return 'The service cannot take more subscriptions for now.';
  return `The service refused the subscription (HTTP ${response.status}).`;
}

function request(method, body) {
  return fetch(SUBSCRIPTIONS_PATH, {
    method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    cache: 'no-store',
    signal: AbortSignal.timeout(WAIT_MS),
  });
}

/** This site's service worker registration, if any, without registering one. */
async function existingRegistration() {
  const registration = await bounded(
    navigator.serviceWorker.getRegistration('/'),
    WAIT_MS,
    'The service worker',
  );
  return registration ?? null;
}

async function registration() {
  await bounded(
    navigator.serviceWorker.register(WORKER_PATH, { scope: '/' }),
    WAIT_MS,
    'The service worker',
  );
  return bounded(navigator.serviceWorker.ready, WAIT_MS, 'The service worker');
}

/** The browser's subscription for this service's key: the one it has, else a new one. */
async function browserSubscription(pushManager) {
  const existing = await pushManager.getSubscription();
  if (existing) {
    const key = existing.options?.applicationServerKey;
    // A subscription made with another key (the operator changed it) cannot be used.
    if (key === undefined || key === null || sameBytes(key, server.key)) return existing;
    await existing.unsubscribe();
  }
  return bounded(
    pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: server.key }),
    WAIT_MS,
    "The browser's push service",
  );
}

async function subscribe() {
  const topics = boxes.filter((box) => box.checked).map((box) => box.value);
  if (topics.length === 0) {
    say('Choose at least one thing to be told about.', 'error');
    return;
  }
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') {
    say(
      permission === 'denied'
        ? "Notifications are blocked for this site: allow them in the browser's settings, then try again."
        : 'Notifications were not allowed, so nothing was subscribed.',
      'error',
    );
    return;
  }
  say('Subscribing…');
  const { pushManager } = await registration();
  const subscription = await browserSubscription(pushManager);
  const response = await request('POST', { subscription: subscription.toJSON(), topics });
  if (response.status === 200 || response.status === 201) {
    const body = await response.json();
    // The topics the service kept (its answer), said and remembered as such.
    const saved = Array.isArray(body?.topics)
      ? body.topics.filter((topic) => typeof topic === 'string')
      : topics;
    remember(saved);
    for (const box of boxes) box.checked = saved.includes(box.value);
    showSubscribed(true);
    say(notifiedLine(saved), 'ok');
    return;
  }
  const message = await errorMessage(response);
  // The service does not have it: neither should the browser (no push would ever come).
  if (unsubscribeButton.hidden) await subscription.unsubscribe().catch(() => false);
  say(message, 'error');
}

async function unsubscribe() {
  say('Unsubscribing…');
  const current = await existingRegistration();
  const subscription = current ? await current.pushManager.getSubscription() : null;
  if (subscription) {
    const { endpoint } = subscription;
    await subscription.unsubscribe();
    // The browser no longer receives; the service is told so it stops sending. Should
    // this fail, the push service refuses its next message and the service forgets it.
    const response = await request('DELETE', { endpoint }).catch(() => null);
    if (response !== null && response.status !== 204 && response.status !== 404) {
      remember(null);
      showSubscribed(false);
      say(`Unsubscribed in this browser; ${lowerFirst(await errorMessage(response))}`, 'error');
      return;
    }
  }
  remember(null);
  showSubscribed(false);
  say('Unsubscribed: you will not be notified.', 'ok');
}

/** Runs a button's action once at a time; any failure is said, never thrown at the page. */
function action(run) {
  return async () => {
    busy(true);
    try {
      await run();
    } catch (error) {
      const name = error instanceof Error ? error.name : '';
      say(
        name === 'NotAllowedError'
          ? "Notifications are blocked for this site: allow them in the browser's settings, then try again."
          : `Something went wrong: ${error instanceof Error ? error.message : String(error)}`,
        'error',
      );
    } finally {
      busy(false);
    }
  };
}

/** GET /push/key: the public key's bytes and the topics, or null when push is off. */
async function readKey() {
  const response = await fetch(KEY_PATH, {
    cache: 'no-store',
    signal: AbortSignal.timeout(WAIT_MS),
  });
  if (response.status !== 200) return null;
  const body = await response.json();
  if (typeof body?.publicKey !== 'string' || !PUBLIC_KEY.test(body.publicKey)) return null;
  const key = keyBytes(body.publicKey);
  if (key.length !== 65 || key[0] !== 4) return null;
  const topics = Array.isArray(body.topics) ? body.topics : [];
  return { key, topics };
}

/** Shows the section, or says why it stays hidden (data-push, for tests and the curious). */
async function start() {
  if (!section || !subscribeButton || !unsubscribeButton || !statusLine) return;
  if (!supported()) {
    section.dataset.push = 'unsupported';
    return;
  }
  server = await readKey().catch(() => null);
  if (server === null) {
    section.dataset.push = 'off';
    return;
  }
  // Choices the service does not offer are not shown.
  for (const box of boxes) {
    if (!server.topics.includes(box.value)) box.closest('li')?.remove();
  }
  boxes = boxes.filter((box) => server.topics.includes(box.value));
  if (boxes.length === 0) {
    section.dataset.push = 'off'; // nothing on offer that this page knows how to say
    return;
  }
  const current = await existingRegistration().catch(() => null);
  const subscription = current
    ? await current.pushManager.getSubscription().catch(() => null)
    : null;
  if (subscription) {
    const topics = rememberedTopics()?.filter((topic) => server.topics.includes(topic)) ?? [];
    if (topics.length > 0) {
      for (const box of boxes) box.checked = topics.includes(box.value);
      say(notifiedLine(topics), 'ok');
    } else {
      say('This browser is subscribed.', 'ok');
    }
    showSubscribed(true);
  } else if (Notification.permission === 'denied') {
    say("Notifications are blocked for this site in the browser's settings.", 'error');
  }
  subscribeButton.addEventListener('click', action(subscribe));
  unsubscribeButton.addEventListener('click', action(unsubscribe));
  section.hidden = false;
  section.dataset.push = 'ready';
}

void start().catch(() => {
  // Whatever failed, the section stays hidden and the rest of the page is untouched.
  if (section) {
    section.hidden = true;
    section.dataset.push = 'failed';
  }
});
