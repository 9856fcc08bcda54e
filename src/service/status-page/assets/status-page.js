// The pages' script (served as /assets/status-page.js, an ES module; no inline script, see
// PAGE_CSP). The server renders every fact in UTC days and times, with the words of
// /assets/answer-words.js; this script says the same in the visitor's own time zone with
// the very same words:
// - every <time datetime> in the visitor's zone and locale (a heading's day too);
// - the banner's verdict from the answer (the body of /status.json, in the page): "today"
//   is the visitor's day, the last reset always stated with how long ago it was, stale
//   data overriding every verdict; the page title carries the verdict;
// - when each open schedule lands, with the precision it has, countdowns kept current;
// - the 90-day strip in the visitor's days;
// - the calendar's subscription address completed from the page's own address;
// - new data: /status.json is asked every minute (uncounted, a 304 while nothing changed),
//   and the page's data is rewritten in place only when the answer changed (elements
//   marked data-keep stay as they are).
import {
  agoWords,
  createClock,
  scheduleWords,
  stripDays,
  stripHtml,
  verdictOf,
} from '/assets/answer-words.js';

const REFRESH_MS = 60_000;
const clock = createClock(undefined, undefined);
const dateTimeFormat = new Intl.DateTimeFormat(undefined, {
  dateStyle: 'medium',
  timeStyle: 'short',
});
const dayFormat = new Intl.DateTimeFormat(undefined, {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

const capitalize = (text) => text.charAt(0).toUpperCase() + text.slice(1);
const setText = (element, text) => {
  if (element && element.textContent !== text) element.textContent = text;
};

let answer = null;
let etag = null;
let stripDay = null;
/** One refresh at a time: a tab woken after hours fires many timers at once. */
let refreshing = false;

function readPage() {
  const block = document.getElementById('answer');
  answer = block ? JSON.parse(block.textContent) : null;
  etag = block?.dataset.etag ?? null;
  stripDay = null;
  for (const element of document.querySelectorAll('time[datetime]')) {
    const ms = Date.parse(element.getAttribute('datetime'));
    if (Number.isNaN(ms)) continue;
    element.title = element.textContent; // the UTC text stays available on hover
    element.textContent =
      'day' in element.dataset ? dayFormat.format(ms) : dateTimeFormat.format(ms);
  }
  setText(
    document.getElementById('zone-note'),
    `Days and times are in your time zone (${clock.zone}).`,
  );
  completeCalendarAddress();
}

/**
 * Without PUBLIC_BASE_URL the server writes the calendar's address as a path (it takes no
 * address from a request's Host header); the visitor's browser knows where it is.
 */
function completeCalendarAddress() {
  const link = document.getElementById('calendar-subscribe');
  if (link?.getAttribute('href')?.startsWith('/')) {
    link.setAttribute('href', `webcal://${window.location.host}${link.getAttribute('href')}`);
  }
  const code = document.getElementById('calendar-url');
  if (code?.textContent.startsWith('/'))
    code.textContent = `${window.location.origin}${code.textContent}`;
}

function updateBanner(now) {
  const banner = document.getElementById('banner');
  if (!banner || answer === null) return;
  const verdict = verdictOf(answer, now, clock);
  banner.className = `banner banner-${verdict.state}`;
  banner.dataset.state = verdict.state;
  setText(document.getElementById('banner-icon'), verdict.icon);
  setText(document.getElementById('verdict'), verdict.headline);
  setText(document.getElementById('banner-last'), verdict.lastLine);
  const global = document.getElementById('banner-global');
  if (global) {
    global.hidden = verdict.globalLine === null;
    setText(global, verdict.globalLine ?? '');
  }
  const note = document.getElementById('banner-note');
  if (note) note.hidden = verdict.state !== 'stale';
  const site = document.querySelector('.site-title')?.textContent;
  if (site) {
    const title = `${verdict.short} · ${site}`;
    if (document.title !== title) document.title = title;
  }
  const freshness = document.getElementById('freshness');
  if (freshness?.dataset.checked) {
    const age = Math.max(0, now - Date.parse(freshness.dataset.checked));
    const stale = verdict.state === 'stale';
    freshness.classList.toggle('freshness-ok', !stale);
    freshness.classList.toggle('freshness-unknown', stale);
    const ago = freshness.querySelector('.ago');
    if (ago) {
      ago.hidden = stale; // the banner says a stale age, once
      setText(ago, ` (${agoWords(age)})`);
    }
  }
}

function updateSchedules(now) {
  for (const element of document.querySelectorAll('[data-when]')) {
    const { start, end, precision, basis } = element.dataset;
    const words = scheduleWords(
      {
        startAt: start ?? null,
        endAt: end ?? null,
        precision: precision ?? null,
        basis: basis ?? null,
      },
      now,
      clock,
      undefined,
    );
    setText(element, 'sentence' in element.dataset ? `${capitalize(words)}.` : words);
  }
}

/** The strip in the visitor's days, rebuilt when their day changes. */
function updateStrip(now) {
  const strip = document.getElementById('strip');
  if (!strip?.dataset.resets) return;
  const today = clock.dayKey(now);
  if (today === stripDay) return;
  stripDay = today;
  const days = stripDays(JSON.parse(strip.dataset.resets), now, clock, undefined);
  const focused = document.activeElement?.closest?.('#strip') ? document.activeElement : null;
  const focusedDay = focused?.closest('[data-day]')?.dataset.day;
  strip.innerHTML = stripHtml(days);
  const first = days[0].label.split(':')[0];
  strip.setAttribute('aria-label', `Days from ${first} to today`);
  setText(document.getElementById('strip-first'), first);
  setText(document.getElementById('strip-days'), 'your days');
  const marked = days.filter((day) => day.resets.length > 0).length;
  const summary = document.getElementById('strip-summary');
  if (summary?.firstChild)
    summary.firstChild.textContent = `${marked} of ${days.length} days had a reset (`;
  if (focusedDay) strip.querySelector(`[data-day="${focusedDay}"] .day-cell`)?.focus();
}

function tick() {
  const now = Date.now();
  updateBanner(now);
  updateSchedules(now);
  updateStrip(now);
}

/**
 * New data: /status.json, with the ETag of the answer in the page (a 304 while nothing
 * changed: uncounted and cheap). When the answer changed, the page itself is fetched and
 * its data rewritten in place; focus stays where it was when its element is still there.
 */
async function refresh() {
  if (answer === null || refreshing) return;
  refreshing = true;
  try {
    // `no-store`: the conditional request is this script's own, so a 304 reaches it.
    const response = await fetch('/status.json', {
      headers: etag === null ? {} : { 'if-none-match': etag },
      cache: 'no-store',
    });
    if (response.status !== 200 || response.headers.get('etag') === etag) return;
    const page = await fetch(window.location.href, {
      headers: { accept: 'text/html' },
      cache: 'no-cache',
    });
    if (!page.ok) return;
    const next = new DOMParser().parseFromString(await page.text(), 'text/html');
    const main = next.getElementById('main');
    const current = document.getElementById('main');
    if (!main || !current) return;
    const focused = document.activeElement;
    const focusKey = focused?.id || focused?.getAttribute('href');
    // Elements marked data-keep (the "Get notified" control) hold the visitor's state, not
    // the data: the ones on the page stay as they are, in place of their new copies.
    const kept = [...current.querySelectorAll('[data-keep][id]')];
    current.replaceChildren(...main.childNodes);
    for (const element of kept) document.getElementById(element.id)?.replaceWith(element);
    readPage();
    tick();
    if (focusKey) {
      const again =
        document.getElementById(focusKey) ??
        [...current.querySelectorAll('a[href]')].find((a) => a.getAttribute('href') === focusKey);
      again?.focus();
    }
  } catch {
    // Offline or the server restarting: try again at the next minute.
  } finally {
    refreshing = false;
  }
}

readPage();
tick();
// Four times a second, so a countdown never lags a whole second behind the clock; the
// page is only written to when a text changes.
setInterval(tick, 250);
setInterval(refresh, REFRESH_MS);
// A tab woken from sleep asks at once rather than at the next minute.
document.addEventListener('visibilitychange', () => {
  if (document.visibilityState === 'visible') void refresh();
});
