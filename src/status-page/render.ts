/**
 * The status page at `/`: server-rendered from the snapshot being served, through the
 * same query service as the API (`viewsAt`), so it never calls the API and never counts
 * against anyone's quota. Everything a visitor needs is in the HTML as UTC facts;
 * /assets/status-page.js only localizes times, decides "today" in the visitor's zone and
 * runs the countdown.
 */
import type { ResetRecord } from '../domain/record.ts';
import type { PreparedRecord } from '../query/prepared-record.ts';
import type { PreparedSnapshot } from '../query/prepared-snapshot.ts';
import { escapeHtml, renderPage } from '../web/layout.ts';
import {
  agoText,
  DAY,
  durationText,
  HOUR,
  isWebUrl,
  timeTag,
  utcDateTime,
  utcDay,
  utcTime,
} from './format.ts';

export const STATUS_PAGE_PATH = '/';
export const STATUS_PAGE_SCRIPT = '/assets/status-page.js';
export const STATUS_PAGE_STYLE = '/assets/status-page.css';

/** A last successful check older than this makes freshness unknown rather than fresh. */
export const STALE_AFTER_MS = 30 * HOUR;
/** Rows of the `all` view shown under "Latest records" (its first page). */
export const LATEST_RECORDS = 8;
/** Completion records offered to the "today" decision and listed under it. */
export const LATEST_COMPLETIONS = 5;

const TITLE = 'Usage-limit resets: status';

export interface RenderedStatusPage {
  readonly status: 200 | 503;
  readonly html: string;
  /** First instant (epoch ms) at which this page's facts may change, or null. */
  readonly validUntil: number | null;
}

/** The parts of the page that depend only on (snapshot version, view epoch). */
interface Fragments {
  readonly key: string;
  readonly completionTimes: readonly number[];
  readonly completionsHtml: string;
  readonly next: NextSchedule | null;
  readonly undatedOpen: number;
  readonly nextDetailsHtml: string;
  readonly recordsHtml: string;
  readonly total: number;
}

interface NextSchedule {
  readonly record: ResetRecord;
  readonly startMs: number;
  readonly endMs: number;
}

/** Renders the page; remembers the time-independent fragments of the last epoch. */
export class StatusPageRenderer {
  #cached: Fragments | undefined;

  render(snapshot: PreparedSnapshot | null, now: number): RenderedStatusPage {
    if (snapshot === null) return { status: 503, html: unavailablePage(), validUntil: null };
    const views = snapshot.viewsAt(now);
    const key = `${snapshot.version}.${views.epoch}`;
    let fragments = this.#cached;
    if (fragments?.key !== key) {
      fragments = buildFragments(key, views.rows, now);
      this.#cached = fragments;
    }
    const checkedAt = snapshot.meta.lastSuccessfulCheckAt;
    const checkedMs = checkedAt === null ? null : Date.parse(checkedAt);
    const fresh = checkedMs !== null && now - checkedMs <= STALE_AFTER_MS;

    const main = [
      '<h1>Usage-limit resets</h1>',
      freshnessLine(checkedAt, checkedMs, now),
      '<p class="zone-note" id="zone-note">Times are shown in UTC.</p>',
      todaySection(fragments, now, fresh),
      nextSection(fragments, now),
      recordsSection(fragments),
      aboutSection(snapshot),
    ].join('\n');

    const nextUtcMidnight = (Math.floor(now / DAY) + 1) * DAY;
    const changes = [nextUtcMidnight, views.validUntil];
    if (checkedMs !== null && fresh) changes.push(checkedMs + STALE_AFTER_MS + 1);
    return {
      status: 200,
      html: page(main),
      validUntil: Math.min(...changes.filter((instant): instant is number => instant !== null)),
    };
  }
}

function page(main: string): string {
  return renderPage({
    title: TITLE,
    main,
    path: STATUS_PAGE_PATH,
    scripts: [STATUS_PAGE_SCRIPT],
    styles: [STATUS_PAGE_STYLE],
  });
}

function unavailablePage(): string {
  return page(
    [
      '<h1>Usage-limit resets</h1>',
      '<section class="panel panel-unavailable" aria-labelledby="unavailable-heading">',
      '<h2 id="unavailable-heading">Data unavailable</h2>',
      '<p class="verdict">No data has been published yet, so this page cannot say whether limits were reset. This is not the same as "no reset": nothing is known.</p>',
      '<p>The page fills in by itself as soon as a snapshot is published; reload in a minute.</p>',
      '</section>',
    ].join('\n'),
  );
}

// ---------------------------------------------------------------------------------------
// Time-independent fragments (cached per snapshot version and view epoch)

function buildFragments(
  key: string,
  rows: Readonly<Record<'all' | 'reset_completed', readonly PreparedRecord[]>>,
  now: number,
): Fragments {
  const completions: ResetRecord[] = [];
  for (const row of rows.reset_completed) {
    if (row.isSchedule) continue; // the in-progress schedules pinned first are no completion
    completions.push(row.record);
    if (completions.length === LATEST_COMPLETIONS) break;
  }
  const completionTimes = completions
    .map((record) => completionInstant(record)?.at)
    .filter((at): at is string => at !== undefined)
    .map((at) => Date.parse(at));

  // The pinned block of `all`: open schedules, soonest window first, windowless ones last.
  let next: NextSchedule | null = null;
  let undatedOpen = 0;
  for (const row of rows.all) {
    if (!isOpenRow(row, now)) break;
    if (row.startMs === null || row.endMs === null) undatedOpen++;
    else next ??= { record: row.record, startMs: row.startMs, endMs: row.endMs };
  }

  return {
    key,
    completionTimes,
    completionsHtml: completionsList(completions),
    next,
    undatedOpen,
    nextDetailsHtml: next === null ? '' : scheduleDetails(next.record),
    recordsHtml: recordsList(rows.all.slice(0, LATEST_RECORDS), now),
    total: rows.all.length,
  };
}

const isOpenRow = (row: PreparedRecord, now: number) =>
  row.isSchedule && row.state === 'pending' && (row.endMs === null || row.endMs >= now);

/** When a completion says the reset happened: effectiveAt, else completedAt, else its post. */
function completionInstant(record: ResetRecord): { at: string; label: string } | undefined {
  if (record.effectiveAt !== null) return { at: record.effectiveAt, label: 'Reset at' };
  if (record.completedAt !== null) return { at: record.completedAt, label: 'Confirmed at' };
  if (record.announcedAt !== null) return { at: record.announcedAt, label: 'Reported at' };
  return undefined;
}

function completionsList(completions: readonly ResetRecord[]): string {
  if (completions.length === 0) {
    return '<p class="empty">No completed reset is recorded.</p>';
  }
  const items = completions.map((record) => {
    const instant = completionInstant(record);
    const when =
      instant === undefined
        ? 'Time unknown'
        : `${instant.label} ${timeTag(instant.at, 'data-completion')}`;
    return `<li><span class="when">${when}</span> · ${escapeHtml(resetTypeLabel(record.resetType))}${scopeText(record)} · ${sourceHtml(record)}</li>`;
  });
  return `<h3 id="completions-heading">Latest completed resets</h3>\n<ul class="completions" aria-labelledby="completions-heading">${items.join('')}</ul>`;
}

function scheduleDetails(record: ResetRecord): string {
  const facts: string[] = [
    `<dt>Window</dt><dd>${windowHtml(record)}</dd>`,
    `<dt>Type</dt><dd>${escapeHtml(resetTypeLabel(record.resetType))}${scopeText(record)}</dd>`,
  ];
  if (record.announcedAt !== null) {
    facts.push(`<dt>Announced</dt><dd>${timeTag(record.announcedAt)}</dd>`);
  }
  if (record.scheduleBasis !== null) {
    const basis =
      record.scheduleBasis === 'explicit' ? 'stated explicitly' : 'inferred from context';
    facts.push(`<dt>Basis</dt><dd>${basis}${confidenceText(record)}</dd>`);
  }
  facts.push(`<dt>Source</dt><dd>${sourceHtml(record)}</dd>`);
  const text = record.text === null ? '' : `<blockquote>${escapeHtml(record.text)}</blockquote>`;
  return `<dl class="facts">${facts.join('')}</dl>${text}`;
}

function recordsList(rows: readonly PreparedRecord[], now: number): string {
  if (rows.length === 0) return '<p class="empty">No records are published.</p>';
  const items = rows.map((row) => {
    const { record } = row;
    const state =
      record.scheduleState === 'pending' && !isOpenRow(row, now)
        ? 'pending, window passed'
        : stateLabel(record.scheduleState);
    const badges =
      record.kind === 'reset_completed'
        ? '<span class="badge badge-completed">Completed</span>'
        : `<span class="badge badge-scheduled">Scheduled</span> <span class="badge badge-state">${escapeHtml(state)}</span>`;
    const when = record.kind === 'reset_completed' ? completionWhen(record) : windowHtml(record);
    const announced =
      record.announcedAt === null ? '' : ` · announced ${timeTag(record.announcedAt)}`;
    const text =
      record.text === null
        ? '<p class="record-text muted">No text.</p>'
        : `<p class="record-text">${escapeHtml(record.text)}</p>`;
    return [
      '<li class="record">',
      `<p class="record-head">${badges} <span class="reset-type">${escapeHtml(resetTypeLabel(record.resetType))}</span></p>`,
      `<p class="record-time">${when}${announced}</p>`,
      text,
      `<p class="record-source">${sourceHtml(record)}</p>`,
      '</li>',
    ].join('');
  });
  return `<ol class="records">${items.join('\n')}</ol>`;
}

function completionWhen(record: ResetRecord): string {
  const instant = completionInstant(record);
  return instant === undefined ? 'Time unknown' : `${instant.label} ${timeTag(instant.at)}`;
}

function windowHtml(record: ResetRecord): string {
  const window = record.scheduleWindow;
  if (window === null) return 'No time given';
  if (record.schedulePrecision === 'date') {
    return `Date only: the day from ${timeTag(window.startAt)} to ${timeTag(window.endAt)}`;
  }
  if (window.startAt === window.endAt) return `At ${timeTag(window.startAt)}`;
  return `Between ${timeTag(window.startAt)} and ${timeTag(window.endAt)}`;
}

function stateLabel(state: ResetRecord['scheduleState']): string {
  switch (state) {
    case 'pending':
      return 'pending';
    case 'elapsed':
      return 'elapsed, not confirmed';
    case 'fulfilled':
      return 'fulfilled';
    case 'unknown':
      return 'state unknown';
    default:
      return 'no state';
  }
}

function resetTypeLabel(type: ResetRecord['resetType']): string {
  switch (type) {
    case 'global':
      return 'Global limits';
    case 'banked':
      return 'Banked usage';
    case 'global_and_banked':
      return 'Global limits and banked usage';
  }
}

function scopeText(record: ResetRecord): string {
  if (record.scope === null) return '';
  const plans = record.scope.plans.join(', ') || 'unknown';
  const windows = record.scope.windows.map((window) => window.replace(/_/g, '-')).join(', ');
  return ` (plans: ${escapeHtml(plans)}; windows: ${escapeHtml(windows || 'unknown')})`;
}

function confidenceText(record: ResetRecord): string {
  return record.confidence === null
    ? ''
    : `, confidence ${Math.round(record.confidence * 100)}&nbsp;%`;
}

function sourceHtml(record: ResetRecord): string {
  const { source } = record;
  if (source.url !== null && isWebUrl(source.url)) {
    const label = source.handle === null ? 'Source post' : `Post by @${source.handle}`;
    return `<a href="${escapeHtml(source.url)}" rel="noopener noreferrer">${escapeHtml(label)}</a>`;
  }
  if (source.url !== null) return `Source: ${escapeHtml(source.url)}`;
  if (record.id.startsWith('manual:')) return 'Manual completion by the operator';
  if (source.origin === 'operator') return 'Operator note';
  return 'No source link';
}

// ---------------------------------------------------------------------------------------
// Time-dependent parts (rendered on every request; cheap)

function freshnessLine(checkedAt: string | null, checkedMs: number | null, now: number): string {
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

function todaySection(fragments: Fragments, now: number, fresh: boolean): string {
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

function nextSection(fragments: Fragments, now: number): string {
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

function recordsSection(fragments: Fragments): string {
  const shown = Math.min(LATEST_RECORDS, fragments.total);
  return [
    '<section class="panel panel-records" aria-labelledby="records-heading">',
    '<h2 id="records-heading">Latest records</h2>',
    `<p class="muted">The first ${shown} of ${fragments.total} public records: open schedules first, then the newest.</p>`,
    fragments.recordsHtml,
    '</section>',
  ].join('\n');
}

function aboutSection(snapshot: PreparedSnapshot): string {
  return [
    '<section class="panel panel-about" aria-labelledby="about-heading">',
    '<h2 id="about-heading">About this data</h2>',
    `<p>Snapshot generated ${timeTag(snapshot.meta.generatedAt)}. A completed reset is only reported when a record of it exists; a schedule is not a reset. This page reads the published snapshot directly and does not count against your API quota.</p>`,
    '<p>Agents and scripts: use the <a href="/docs">HTTP API</a> or the MCP server (20 requests per rolling hour per IP).</p>',
    '</section>',
  ].join('\n');
}
