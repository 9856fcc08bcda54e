import type { PreparedSnapshot } from '../query/prepared-snapshot.ts';
import { recordPagePath } from '../web/encode-id.ts';
import { escapeHtml } from '../web/layout.ts';
import { agoText, timeTag } from './format.ts';
import { type Fragments, LATEST_RECORDS, STALE_AFTER_MS } from './fragments.ts';
import { resetLabel } from './record-html.ts';
import { whenData, whenText } from './schedule-when.ts';

/** The sections of the status page, from the cached fragments and the request time. */

export function freshnessLine(
  checkedAt: string | null,
  checkedMs: number | null,
  now: number,
): string {
  const data = `id="freshness" data-checked="${checkedAt ?? ''}" data-stale-after="${STALE_AFTER_MS}"`;
  if (checkedAt === null || checkedMs === null) {
    return `<p class="freshness freshness-unknown" ${data}><strong>Freshness unknown:</strong> no successful check of the source is recorded.</p>`;
  }
  const age = now - checkedMs;
  if (age > STALE_AFTER_MS) {
    return `<p class="freshness freshness-unknown" ${data}><strong>Freshness unknown:</strong> the last successful check was ${timeTag(checkedAt)}, <span class="ago">${agoText(age)}</span>, more than 30 hours ago. Recent resets may be missing.</p>`;
  }
  return `<p class="freshness freshness-ok" ${data}>Data checked ${timeTag(checkedAt)} (<span class="ago">${agoText(Math.max(0, age))}</span>).</p>`;
}

export function completionsSection(fragments: Fragments): string {
  return [
    '<section class="panel panel-completions" aria-labelledby="completions-heading">',
    fragments.completionsHtml,
    '</section>',
  ].join('\n');
}

/**
 * The next reset in the words of its precision, its facts, and every other open schedule
 * with its time (a person asks "and after that?").
 */
export function nextSection(fragments: Fragments, now: number): string {
  const { next, others, undatedOpen } = fragments;
  const lines: string[] = [
    '<section class="panel panel-next" aria-labelledby="next-heading">',
    '<h2 id="next-heading">Next scheduled reset</h2>',
  ];
  if (next === null) {
    lines.push(
      '<p class="countdown countdown-none" id="countdown">No upcoming reset with a known time or day is scheduled in the published records.</p>',
    );
  } else {
    lines.push(
      `<p class="countdown" id="countdown" ${whenData(next.record, next.kind)}>${capitalize(whenText(next.record, next.kind, now))}.</p>`,
      `<p class="next-what">${escapeHtml(resetLabel(next.record))} · <a href="${recordPagePath(next.record.id)}">details</a></p>`,
      fragments.nextDetailsHtml,
    );
  }
  if (others.length > 0) {
    const items = others.map(
      ({ record, kind }) =>
        `<li><span class="when" ${whenData(record, kind)}>${capitalize(whenText(record, kind, now))}</span> · ${escapeHtml(resetLabel(record))} · <a href="${recordPagePath(record.id)}">details</a></li>`,
    );
    lines.push(
      '<h3 id="others-heading">Also scheduled</h3>',
      `<ul class="others" aria-labelledby="others-heading">${items.join('')}</ul>`,
    );
  }
  if (undatedOpen > 0) {
    lines.push(
      `<p class="undated">${undatedOpen} open ${undatedOpen === 1 ? 'schedule has' : 'schedules have'} no announced time; see the latest records below.</p>`,
    );
  }
  lines.push('</section>');
  return lines.join('\n');
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Subscribe and add to calendar: both uncounted, both follow the published data. */
export function subscribeSection(baseUrl: string | undefined): string {
  const calendar =
    baseUrl === undefined
      ? '/calendar.ics'
      : `${baseUrl.replace(/^https?:/, 'webcal:')}/calendar.ics`;
  return [
    '<section class="panel panel-subscribe" aria-labelledby="subscribe-heading">',
    '<h2 id="subscribe-heading">Follow the resets</h2>',
    '<ul class="subscribe">',
    '<li><a href="/feed.xml" type="application/atom+xml">Subscribe</a> to the newest records in a feed reader (Atom).</li>',
    `<li><a href="${escapeHtml(calendar)}" type="text/calendar">Add to calendar</a>: each scheduled reset as an event that updates when it is confirmed or elapses (iCalendar).</li>`,
    '</ul>',
    '<p class="muted">Neither counts against the API quota.</p>',
    '</section>',
  ].join('\n');
}

export function recordsSection(fragments: Fragments): string {
  const shown = Math.min(LATEST_RECORDS, fragments.total);
  return [
    '<section class="panel panel-records" aria-labelledby="records-heading">',
    '<h2 id="records-heading">Latest records</h2>',
    `<p class="muted">The first ${shown} of ${fragments.total} public records: open schedules first, then the newest.</p>`,
    fragments.recordsHtml,
    '</section>',
  ].join('\n');
}

export function aboutSection(snapshot: PreparedSnapshot): string {
  return [
    '<section class="panel panel-about" aria-labelledby="about-heading">',
    '<h2 id="about-heading">About this data</h2>',
    `<p>Snapshot generated ${timeTag(snapshot.meta.generatedAt)}. A completed reset is only reported when a record of it exists; a schedule is not a reset. This page reads the published snapshot directly and does not count against your API quota.</p>`,
    '<p>Agents and scripts: use the <a href="/docs">HTTP API</a> or the MCP server (20 requests per rolling hour per IP).</p>',
    '</section>',
  ].join('\n');
}
