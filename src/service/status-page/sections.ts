import type { Answer } from '../answer/answer.ts';
import { agoWords, STALE_AFTER_MS, whatWasReset } from '../answer/words.js';
import { CALENDAR_PATH, FEED_PATH } from '../feeds/paths.ts';
import type { PreparedSnapshot } from '../query/prepared-snapshot.ts';
import { recordPagePath } from '../web/encode-id.ts';
import { escapeHtml } from '../web/layout.ts';
import type { Site } from '../web/site.ts';
import { timeTag } from './format.ts';
import { HISTORY_PATH } from './history-page.ts';
import { scheduleDetails } from './record-html.ts';
import { capitalize, whenElement } from './when-data.ts';

/** The sections of the status page below the banner. */

/**
 * When the data was last checked. Stale data has its age said once, in the banner; this
 * line then only gives the time of the last check.
 */
export function freshnessLine(checkedAt: string | null, now: number): string {
  const data = `id="freshness" data-checked="${checkedAt ?? ''}" data-stale-after="${STALE_AFTER_MS}"`;
  if (checkedAt === null) {
    return `<p class="freshness freshness-unknown" ${data}>No successful check of the source is recorded.</p>`;
  }
  const age = now - Date.parse(checkedAt);
  const stale = age > STALE_AFTER_MS;
  // Stale: the banner says the age; the script fills this in again if the data is fresh.
  const ago = stale
    ? '<span class="ago" hidden></span>'
    : `<span class="ago"> (${agoWords(Math.max(0, age))})</span>`;
  return `<p class="freshness ${stale ? 'freshness-unknown' : 'freshness-ok'}" ${data}>Last successful check of the source: ${timeTag(checkedAt)}${ago}.</p>`;
}

/**
 * The next reset in the words of its precision, its facts, and every other open schedule
 * after it, in the one order of answer.md §1 (a whole-day window in progress is next; a
 * known time later that day comes then).
 */
export function nextSection(answer: Answer, now: number): string {
  const [next, ...then] = answer.open;
  const lines: string[] = [
    '<section class="panel panel-next" aria-labelledby="next-heading">',
    '<h2 id="next-heading">Next scheduled reset</h2>',
  ];
  if (next === undefined) {
    lines.push(
      '<p class="countdown countdown-none" id="countdown">No reset is scheduled in the published records.</p>',
    );
  } else {
    lines.push(
      whenElement(next, now, { tag: 'p', id: 'countdown', className: 'countdown', sentence: true }),
      `<p class="next-what">${escapeHtml(capitalize(whatWasReset(next)))} · <a href="${recordPagePath(next.recordId)}">details</a></p>`,
      scheduleDetails(next.record),
    );
  }
  if (then.length > 0) {
    const items = then.map(
      (open) =>
        `<li>${whenElement(open, now, { sentence: true })} ${escapeHtml(capitalize(whatWasReset(open)))} · <a href="${recordPagePath(open.recordId)}">details</a></li>`,
    );
    lines.push(
      '<h3 id="others-heading">Then</h3>',
      `<ol class="others" aria-labelledby="others-heading">${items.join('')}</ol>`,
    );
  }
  lines.push('</section>');
  return lines.join('\n');
}

/**
 * Subscribe and add to calendar, neither counted. The calendar is offered as a `webcal://`
 * subscription (calendar apps then keep it up to date) with its https address to copy.
 * Without PUBLIC_BASE_URL the server knows no address of its own (a Host header is the
 * client's word), so the links are relative and the page's script completes them from
 * the address the visitor is reading.
 */
export function subscribeSection(baseUrl: string | undefined): string {
  const https = baseUrl === undefined ? CALENDAR_PATH : `${baseUrl}${CALENDAR_PATH}`;
  const webcal =
    baseUrl === undefined
      ? CALENDAR_PATH
      : `${baseUrl.replace(/^https?:/, 'webcal:')}${CALENDAR_PATH}`;
  return [
    '<section class="panel panel-subscribe" aria-labelledby="subscribe-heading">',
    '<h2 id="subscribe-heading">Follow the resets</h2>',
    '<ul class="subscribe">',
    `<li><a id="calendar-subscribe" href="${escapeHtml(webcal)}" type="text/calendar">Add to calendar</a>: a subscription to every scheduled and completed reset, updated as each is confirmed or elapses. Or give your calendar app this address:</li>`,
    '</ul>',
    `<pre data-copy tabindex="0" role="region" aria-label="Calendar address"><code id="calendar-url">${escapeHtml(https)}</code></pre>`,
    `<ul class="subscribe"><li><a href="${FEED_PATH}" type="application/atom+xml">Subscribe in a feed reader</a> (Atom): the newest records, each titled with its time and what was reset.</li></ul>`,
    '<p class="muted">None of these counts against the API quota.</p>',
    '</section>',
  ].join('\n');
}

export function completionsSection(html: string): string {
  return [
    '<section class="panel panel-completions" aria-labelledby="completions-heading">',
    html,
    '</section>',
  ].join('\n');
}

export function recordsSection(html: string, shown: number, total: number): string {
  return [
    '<section class="panel panel-records" aria-labelledby="records-heading">',
    '<h2 id="records-heading">Latest records</h2>',
    `<p class="muted">The first ${shown} of ${total} public records: open schedules first, then the newest. <a href="${HISTORY_PATH}">Browse every record by day</a>.</p>`,
    html,
    '</section>',
  ].join('\n');
}

export function aboutSection(snapshot: PreparedSnapshot, site: Site): string {
  const quota =
    site.quota === null
      ? 'not rate-limited on this server'
      : `${site.quota.max} requests per rolling ${site.quota.windowSeconds === 3600 ? 'hour' : `${site.quota.windowSeconds} s`} per IP`;
  return [
    '<section class="panel panel-about" aria-labelledby="about-heading">',
    '<h2 id="about-heading">About this data</h2>',
    `<p>Snapshot generated ${timeTag(snapshot.meta.generatedAt)}. A completed reset is only reported when a record of it exists; a schedule is not a reset. This page reads the published snapshot directly and does not count against your API quota.</p>`,
    `<p>Agents and scripts: the same answer is <a href="/status.json" type="application/json">/status.json</a> (one call, never counted); the records are in the <a href="/docs/guide">HTTP API</a> and the MCP server (${quota}).</p>`,
    '</section>',
  ].join('\n');
}
