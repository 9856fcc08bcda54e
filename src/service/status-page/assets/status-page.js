// Status page enhancements (served as /assets/status-page.js, loaded with `defer`; no
// inline script, see PAGE_CSP). The server renders every fact in UTC; this script:
// - shows every <time datetime> in the visitor's own time zone and locale;
// - decides the banner's "today" by the visitor's local calendar day, and lets stale data
//   override it ("Unknown: the data is 31 h old");
// - says when the next resets land with the precision each has: a known time to the
//   minute (to the second in its last hour), a whole day as a day (named in its own zone,
//   with its span in the visitor's), an inferred window as a window;
// - reloads the page's data every minute from the page itself (served from the snapshot:
//   it never calls the API, so it never spends the visitor's quota).
(() => {
  const SECOND = 1000;
  const MINUTE = 60 * SECOND;
  const HOUR = 60 * MINUTE;
  const DAY = 24 * HOUR;
  const REFRESH_MS = MINUTE;

  const dateTimeFormat = new Intl.DateTimeFormat(undefined, {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  const timeFormat = new Intl.DateTimeFormat(undefined, { timeStyle: 'short' });
  const weekdayFormat = new Intl.DateTimeFormat(undefined, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
  });
  const dayKeyFormat = new Intl.DateTimeFormat('en-CA', {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  const zone = dateTimeFormat.resolvedOptions().timeZone;

  /** The visitor's local calendar day of an instant, as YYYY-MM-DD. */
  const dayKey = (ms) => dayKeyFormat.format(ms);

  /** "today at 18:00", "tomorrow at 09:00", "Fri 21 Nov at 18:00". */
  function localText(ms, now) {
    const day = dayKey(ms);
    if (day === dayKey(now)) return `today at ${timeFormat.format(ms)}`;
    if (day === dayKey(now - DAY)) return `yesterday at ${timeFormat.format(ms)}`;
    if (day === dayKey(now + DAY)) return `tomorrow at ${timeFormat.format(ms)}`;
    return `${weekdayFormat.format(ms)} at ${timeFormat.format(ms)}`;
  }

  const pad = (value) => String(value).padStart(2, '0');

  /** "4 h 05 min" (minute resolution); "12 min 09 s" in the last hour; rounded up. */
  function countdown(ms) {
    const total = Math.max(0, Math.ceil(ms / SECOND));
    const days = Math.floor(total / 86400);
    const hours = Math.floor((total % 86400) / 3600);
    const minutes = Math.floor((total % 3600) / 60);
    const seconds = total % 60;
    if (days > 0) return `${days}\u00a0d ${hours}\u00a0h`;
    if (hours > 0) return `${hours}\u00a0h ${pad(minutes)}\u00a0min`;
    if (minutes > 0) return `${minutes}\u00a0min ${pad(seconds)}\u00a0s`;
    return `${seconds}\u00a0s`;
  }

  function ago(ms) {
    const count = (value, unit) => `${value} ${unit}${value === 1 ? '' : 's'} ago`;
    if (ms < MINUTE) return 'less than a minute ago';
    if (ms < HOUR) return count(Math.floor(ms / MINUTE), 'minute');
    if (ms < DAY) return count(Math.floor(ms / HOUR), 'hour');
    return count(Math.floor(ms / DAY), 'day');
  }

  /** When a schedule lands, in the words its precision allows (see schedule-when.ts). */
  function whenText(data, now) {
    const start = Date.parse(data.start);
    const end = Date.parse(data.end);
    if (data.when === 'known') {
      if (start > now) return `${localText(start, now)}, in ${countdown(start - now)}`;
      if (start === end) return `${localText(start, now)}: the time has come; not confirmed yet`;
      return now <= end
        ? `by ${localText(end, now)} (in ${countdown(end - now)})`
        : `by ${localText(end, now)}: the time has passed; not confirmed yet`;
    }
    if (data.when === 'day') {
      const span = `from ${localText(start, now)} to ${localText(end, now)} your time`;
      const named = data.day ? `${data.day} in ${data.dayZoneLabel}` : 'the announced day';
      if (now < start) return `some time on ${named} (${span}); no time of day was given`;
      return `some time during ${named}, until ${localText(end, now)} your time; no time of day was given`;
    }
    const inferred = data.basis === 'explicit' ? '' : ' (inferred, not announced)';
    return `between ${localText(start, now)} and ${localText(end, now)}${inferred}`;
  }

  /** "31 h", under two days; then "3 days" (as the server says it). */
  const oldText = (ms) =>
    ms < 48 * HOUR ? `${Math.floor(ms / HOUR)} h` : `${Math.floor(ms / DAY)} days`;

  const capitalize = (text) => text.charAt(0).toUpperCase() + text.slice(1);
  const setText = (element, text) => {
    if (element && element.textContent !== text) element.textContent = text;
  };

  let completionTimes = [];

  function readPage() {
    completionTimes = [...document.querySelectorAll('time[data-completion]')]
      .map((element) => Date.parse(element.getAttribute('datetime')))
      .filter((ms) => !Number.isNaN(ms));
    for (const element of document.querySelectorAll('time[datetime]')) {
      const ms = Date.parse(element.getAttribute('datetime'));
      if (Number.isNaN(ms)) continue;
      element.title = element.textContent; // the UTC text stays available on hover
      element.textContent = dateTimeFormat.format(ms);
    }
    setText(document.getElementById('zone-note'), `Times are shown in your time zone (${zone}).`);
  }

  /** How old the data is, and whether it is stale (from the freshness line's data). */
  function freshness(now) {
    const element = document.getElementById('freshness');
    if (!element?.dataset.checked) return { stale: true, age: null };
    const age = Math.max(0, now - Date.parse(element.dataset.checked));
    return { stale: age > Number(element.dataset.staleAfter), age };
  }

  const ICONS = { yes: '✓', soon: '◷', no: '–', stale: '?' };

  function updateBanner(now, fresh) {
    const banner = document.getElementById('banner');
    if (!banner) return;
    const today = dayKey(now);
    const todays = completionTimes.filter((ms) => dayKey(ms) === today && ms <= now);
    const next = document.getElementById('banner-next');
    let state;
    let headline;
    if (fresh.stale) {
      state = 'stale';
      headline =
        fresh.age === null
          ? 'Unknown: no successful check of the source is recorded'
          : `Unknown: the data is ${oldText(fresh.age)} old`;
    } else if (todays.length > 0) {
      state = 'yes';
      headline = `Yes, limits were reset today at ${timeFormat.format(Math.max(...todays))}`;
    } else {
      state = next?.dataset.start ? 'soon' : 'no';
      headline = 'No reset yet today';
    }
    banner.className = `banner banner-${state}`;
    banner.dataset.state = state;
    setText(document.getElementById('verdict'), headline);
    setText(document.getElementById('banner-icon'), ICONS[state]);
    if (next?.dataset.start) {
      setText(next.querySelector('.banner-when'), whenText(next.dataset, now));
    }
  }

  function updateSchedules(now) {
    const countdownElement = document.getElementById('countdown');
    if (countdownElement?.dataset.start) {
      setText(countdownElement, `${capitalize(whenText(countdownElement.dataset, now))}.`);
    }
    for (const element of document.querySelectorAll('.others .when[data-start]')) {
      setText(element, capitalize(whenText(element.dataset, now)));
    }
  }

  function updateFreshness(fresh) {
    const element = document.getElementById('freshness');
    if (!element?.dataset.checked) return;
    element.classList.toggle('freshness-ok', !fresh.stale);
    element.classList.toggle('freshness-unknown', fresh.stale);
    setText(element.querySelector('.ago'), ago(fresh.age));
  }

  function tick() {
    const now = Date.now();
    const fresh = freshness(now);
    updateBanner(now, fresh);
    updateSchedules(now);
    updateFreshness(fresh);
  }

  /**
   * New data from the page itself (uncounted). The page is rewritten only when the data
   * changed (a new snapshot, or a schedule's state at a window's edge: `data-version`), not
   * for the words that change with the clock, which `tick` keeps current; focus stays where
   * it was when its element is still there.
   */
  async function refresh() {
    try {
      const response = await fetch(window.location.href, {
        headers: { accept: 'text/html' },
        cache: 'no-cache',
      });
      if (!response.ok) return;
      const html = await response.text();
      const next = new DOMParser().parseFromString(html, 'text/html').getElementById('main');
      const current = document.getElementById('main');
      if (!next || !current) return;
      const version = (root) => root.querySelector('[data-version]')?.dataset.version;
      if (version(next) === version(current)) return;
      const focused = document.activeElement;
      const focusKey = focused?.id || focused?.getAttribute('href');
      current.replaceChildren(...next.childNodes);
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
    }
  }

  readPage();
  tick();
  // Four times a second, so a countdown never lags a whole second behind the clock; the
  // page is only written to when a text changes.
  setInterval(tick, SECOND / 4);
  setInterval(refresh, REFRESH_MS);
})();
