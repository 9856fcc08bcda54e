// Status page enhancements (served as /assets/status-page.js, loaded with `defer`; no
// inline script, see PAGE_CSP). The server renders every fact in UTC; this script:
// - shows every <time datetime> in the visitor's own time zone and locale;
// - decides "was there a reset today" by the visitor's local calendar day;
// - runs the countdown to the next schedule, updating every second;
// - keeps the "checked … ago" freshness line current (stale after 30 hours).
// It never calls the API, so it never spends the visitor's quota.
(() => {
  const SECOND = 1000;
  const MINUTE = 60 * SECOND;
  const HOUR = 60 * MINUTE;
  const DAY = 24 * HOUR;

  const dateTimeFormat = new Intl.DateTimeFormat(undefined, {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  const timeFormat = new Intl.DateTimeFormat(undefined, { timeStyle: 'short' });
  const dayKeyFormat = new Intl.DateTimeFormat('en-CA', {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  const zone = dateTimeFormat.resolvedOptions().timeZone;

  /** The visitor's local calendar day of an instant, as YYYY-MM-DD. */
  const dayKey = (ms) => dayKeyFormat.format(ms);

  /** Local date and time, with "today"/"yesterday" instead of the date when it applies. */
  function localText(ms, now) {
    const day = dayKey(ms);
    if (day === dayKey(now)) return `today at ${timeFormat.format(ms)}`;
    if (day === dayKey(now - DAY)) return `yesterday at ${timeFormat.format(ms)}`;
    return dateTimeFormat.format(ms);
  }

  function localizeTimes() {
    for (const element of document.querySelectorAll('time[datetime]')) {
      const ms = Date.parse(element.getAttribute('datetime'));
      if (Number.isNaN(ms)) continue;
      element.title = element.textContent; // the UTC text stays available on hover
      element.textContent = dateTimeFormat.format(ms);
    }
    const note = document.getElementById('zone-note');
    if (note) note.textContent = `Times are shown in your time zone (${zone}).`;
  }

  const pad = (value) => String(value).padStart(2, '0');

  /**
   * A duration as `2 d 4 h 05 min 09 s`, `4 h 05 min 09 s`, `5 min 09 s`, `9 s`; rounded
   * up, as countdowns are, so it reads 0 s only once the moment has come.
   */
  function duration(ms) {
    const total = Math.max(0, Math.ceil(ms / SECOND));
    const days = Math.floor(total / 86400);
    const hours = Math.floor((total % 86400) / 3600);
    const minutes = Math.floor((total % 3600) / 60);
    const seconds = total % 60;
    if (days > 0) return `${days} d ${hours} h ${pad(minutes)} min ${pad(seconds)} s`;
    if (hours > 0) return `${hours} h ${pad(minutes)} min ${pad(seconds)} s`;
    if (minutes > 0) return `${minutes} min ${pad(seconds)} s`;
    return `${seconds} s`;
  }

  function ago(ms) {
    const count = (value, unit) => `${value} ${unit}${value === 1 ? '' : 's'} ago`;
    if (ms < MINUTE) return 'less than a minute ago';
    if (ms < HOUR) return count(Math.floor(ms / MINUTE), 'minute');
    if (ms < DAY) return count(Math.floor(ms / HOUR), 'hour');
    return count(Math.floor(ms / DAY), 'day');
  }

  const completionTimes = [...document.querySelectorAll('time[data-completion]')]
    .map((element) => Date.parse(element.getAttribute('datetime')))
    .filter((ms) => !Number.isNaN(ms));

  function updateVerdict(now) {
    const verdict = document.getElementById('verdict');
    const text = document.getElementById('verdict-text');
    if (!verdict || !text) return;
    const today = dayKey(now);
    const todays = completionTimes.filter((ms) => dayKey(ms) === today);
    let message;
    if (todays.length > 0) {
      message = `Yes, limits were reset today at ${timeFormat.format(Math.max(...todays))}.`;
    } else if (completionTimes.length > 0) {
      const latest = Math.max(...completionTimes);
      message = `No reset recorded today. The last recorded reset was ${localText(latest, now)}.`;
    } else {
      message = 'No reset recorded today. No completed reset is recorded at all.';
    }
    if (text.textContent !== message) text.textContent = message;
    verdict.classList.toggle('verdict-yes', todays.length > 0);
    verdict.classList.toggle('verdict-no', todays.length === 0);
  }

  function updateCountdown(now) {
    const element = document.getElementById('countdown');
    if (!element?.dataset.start) return;
    const start = Date.parse(element.dataset.start);
    const end = Date.parse(element.dataset.end);
    const dateOnly = element.dataset.precision === 'date';
    let message;
    if (now < start) {
      message = dateOnly
        ? `Expected on ${dateTimeFormat.format(start)} or later that day (date only, no time of day given). The day starts in ${duration(start - now)}.`
        : `Starts in ${duration(start - now)}, ${localText(start, now)}.`;
    } else if (now <= end) {
      message = dateOnly
        ? `In progress: expected some time during the announced day. The window ends in ${duration(end - now)}. It is not confirmed yet.`
        : `In progress: the window ends in ${duration(end - now)}. It is not confirmed yet.`;
    } else {
      message =
        'The scheduled time has passed. No completion is recorded on this page yet: reload to see whether it happened.';
    }
    if (element.textContent !== message) element.textContent = message;
  }

  function updateFreshness(now) {
    const element = document.getElementById('freshness');
    if (!element?.dataset.checked) return;
    const checked = Date.parse(element.dataset.checked);
    const staleAfter = Number(element.dataset.staleAfter);
    const age = Math.max(0, now - checked);
    const stale = age > staleAfter;
    element.classList.toggle('freshness-ok', !stale);
    element.classList.toggle('freshness-unknown', stale);
    const agoElement = element.querySelector('.ago');
    if (agoElement) agoElement.textContent = ago(age);
    if (stale && !element.dataset.wasStale) {
      element.dataset.wasStale = 'true';
      element.replaceChildren(
        Object.assign(document.createElement('strong'), { textContent: 'Freshness unknown:' }),
        ` the last successful check was ${dateTimeFormat.format(checked)}, more than 30 hours ago. Recent resets may be missing.`,
      );
    }
  }

  function tick() {
    const now = Date.now();
    updateVerdict(now);
    updateCountdown(now);
    updateFreshness(now);
  }

  localizeTimes();
  tick();
  // Four times a second, so the countdown never lags a whole second behind the clock;
  // the page is only written to when a text changes.
  setInterval(tick, SECOND / 4);
})();
