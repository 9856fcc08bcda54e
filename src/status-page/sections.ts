import type { PreparedSnapshot } from '../query/prepared-snapshot.ts';
import { agoText, durationText, timeTag, utcDateTime, utcDay, utcTime } from './format.ts';
import { type Fragments, LATEST_RECORDS, STALE_AFTER_MS } from './fragments.ts';

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

export function todaySection(fragments: Fragments, now: number, fresh: boolean): string {
  const today = utcDay(now);
  const latest =
    fragments.completionTimes.length === 0 ? null : Math.max(...fragments.completionTimes);
  const todays = fragments.completionTimes.filter((ms) => utcDay(ms) === today);
  let verdict: string;
  let state: string;
  if (todays.length > 0) {
    const at = new Date(Math.max(...todays)).toISOString();
    verdict = `Yes, limits were reset today (UTC day ${today}) at ${utcTime(at)}.`;
    state = 'yes';
  } else if (latest !== null) {
    verdict = `No reset recorded today (UTC day ${today}). The last recorded reset was ${utcDateTime(new Date(latest).toISOString())}.`;
    state = 'no';
  } else {
    verdict = `No reset recorded today (UTC day ${today}). No completed reset is recorded at all.`;
    state = 'no';
  }
  const caveat = fresh
    ? ''
    : ' <span class="caveat">The data may be out of date, so a recent reset may be missing.</span>';
  return [
    '<section class="panel panel-today" aria-labelledby="today-heading">',
    '<h2 id="today-heading">Was there a reset today?</h2>',
    `<p class="verdict verdict-${state}" id="verdict" data-fresh="${fresh}"><span id="verdict-text">${verdict}</span>${caveat}</p>`,
    fragments.completionsHtml,
    '</section>',
  ].join('\n');
}

export function nextSection(fragments: Fragments, now: number): string {
  const { next, undatedOpen } = fragments;
  const lines: string[] = [
    '<section class="panel panel-next" aria-labelledby="next-heading">',
    '<h2 id="next-heading">Next scheduled reset</h2>',
  ];
  if (next === null) {
    lines.push(
      '<p class="countdown countdown-none" id="countdown">No upcoming reset with a known time is scheduled in the published records.</p>',
    );
  } else {
    const { record, startMs, endMs } = next;
    const precision = record.schedulePrecision ?? 'datetime';
    const data = `data-start="${record.scheduleWindow!.startAt}" data-end="${record.scheduleWindow!.endAt}" data-precision="${precision}"`;
    lines.push(
      `<p class="countdown" id="countdown" ${data}>${countdownText(startMs, endMs, precision, now)}</p>`,
      fragments.nextDetailsHtml,
    );
  }
  if (undatedOpen > 0) {
    const also = next === null ? '' : 'Also: ';
    lines.push(
      `<p class="undated">${also}${undatedOpen} open ${undatedOpen === 1 ? 'schedule has' : 'schedules have'} no announced time; see the latest records below.</p>`,
    );
  }
  lines.push('</section>');
  return lines.join('\n');
}

/** The server's version of the countdown, at minute resolution. */
function countdownText(startMs: number, endMs: number, precision: string, now: number): string {
  const start = utcDateTime(new Date(startMs).toISOString());
  const end = utcDateTime(new Date(endMs).toISOString());
  if (now < startMs) {
    return precision === 'date'
      ? `Expected on a day starting ${start} (date only, no time of day given): in ${durationText(startMs - now)}.`
      : `Starts ${start}: in ${durationText(startMs - now)}.`;
  }
  return precision === 'date'
    ? `In progress: expected some time during the announced day; the window ends ${end}, in ${durationText(endMs - now)}. It is not confirmed yet.`
    : `In progress: the window ends ${end}, in ${durationText(endMs - now)}. It is not confirmed yet.`;
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
