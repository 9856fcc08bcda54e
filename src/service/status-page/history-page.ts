import { resetTimeOf } from '../answer/completion-index.ts';
import { DAY, dayKeyName, whatWasReset } from '../answer/words.js';
import { compareRest } from '../query/order.ts';
import { parseCanonicalInteger } from '../query/params.ts';
import { type PreparedRecord, recordOf } from '../query/prepared-record.ts';
import type { PreparedSnapshot } from '../query/prepared-snapshot.ts';
import { recordPagePath } from '../web/encode-id.ts';
import { escapeHtml, renderPage } from '../web/layout.ts';
import type { Site } from '../web/site.ts';
import { timeTag } from './format.ts';
import { resetLabel, scopeFacts, stateLabel } from './record-html.ts';
import { LOCALE } from './server-clock.ts';

/**
 * `/history/`: every public record by day, newest day first, DAYS_PER_PAGE days a page.
 * A record's day is the day of its reset (a completion: completedAt ?? effectiveAt ??
 * announcedAt) or of its window (a schedule: its start, else its announcement); days are
 * UTC days, said so (pages cannot be cut at the visitor's midnights without JavaScript).
 * A run of days without any record is one line ("no record"), a day with records but no
 * completed reset says "no reset". Records without any time are listed on the last page.
 */

export const HISTORY_PATH = '/history/';
export const DAYS_PER_PAGE = 30;
/** Records listed for one day; more than this (a hostile snapshot) are counted, not listed. */
export const RECORDS_PER_DAY = 50;

interface Dated {
  readonly row: PreparedRecord;
  readonly ms: number;
}

interface HistoryIndex {
  /** Dated records, newest first (ties in the API's order). */
  readonly dated: readonly Dated[];
  readonly undated: readonly PreparedRecord[];
}

const indices = new WeakMap<PreparedSnapshot, HistoryIndex>();

const dayOf = (row: PreparedRecord): number | null =>
  row.isSchedule ? (row.startMs ?? row.announcedMs ?? row.completedMs) : resetTimeOf(row);

function historyIndex(snapshot: PreparedSnapshot): HistoryIndex {
  const cached = indices.get(snapshot);
  if (cached !== undefined) return cached;
  const dated: Dated[] = [];
  const undated: PreparedRecord[] = [];
  for (const row of snapshot.records) {
    const ms = dayOf(row);
    if (ms === null) undated.push(row);
    else dated.push({ row, ms });
  }
  dated.sort((a, b) => b.ms - a.ms || compareRest(a.row, b.row));
  const index = { dated, undated };
  indices.set(snapshot, index);
  return index;
}

/** Index of the first dated record before `ms` (the list is newest first). */
function firstBefore(dated: readonly Dated[], ms: number): number {
  let low = 0;
  let high = dated.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (dated[mid]!.ms >= ms) low = mid + 1;
    else high = mid;
  }
  return low;
}

export interface RenderedHistoryPage {
  readonly status: 200 | 404 | 503;
  readonly html: string;
}

/** The page number of a raw query (`page=N`, nothing else), or undefined when it is not one. */
export function historyPageOf(rawQuery: string): number | undefined {
  if (rawQuery === '') return 1;
  const match = /^page=(.*)$/.exec(rawQuery);
  return match === null ? undefined : parseCanonicalInteger(match[1]!, Number.MAX_SAFE_INTEGER);
}

export function renderHistoryPage(
  snapshot: PreparedSnapshot | null,
  page: number | undefined,
  now: number,
  options: {
    readonly site: Site;
    readonly scripts: readonly string[];
    readonly modules: readonly string[];
    readonly styles: readonly string[];
  },
): RenderedHistoryPage {
  const frame = (title: string, main: string) =>
    renderPage({ ...options, title, main, path: HISTORY_PATH });
  if (snapshot === null) {
    return {
      status: 503,
      html: frame(
        'Data unavailable',
        '<h1>History</h1><p>No data has been published yet. Reload in a minute.</p>',
      ),
    };
  }
  const { dated, undated } = historyIndex(snapshot);
  const today = Math.floor(now / DAY);
  const top = Math.max(today, dated.length === 0 ? today : Math.floor(dated[0]!.ms / DAY));
  const bottom = dated.length === 0 ? top : Math.floor(dated[dated.length - 1]!.ms / DAY);
  const pages = Math.floor((top - bottom) / DAYS_PER_PAGE) + 1;
  if (page === undefined || page > pages) {
    return {
      status: 404,
      html: frame(
        'No such page',
        `<h1>History</h1><p>There is no such page of the history: it has ${pages} ${pages === 1 ? 'page' : 'pages'}.</p><p><a href="${HISTORY_PATH}">The newest days</a></p>`,
      ),
    };
  }

  const first = top - (page - 1) * DAYS_PER_PAGE; // newest day of the page
  const last = Math.max(bottom, first - DAYS_PER_PAGE + 1);
  const parts: string[] = [];
  let quiet: number[] = [];
  const flushQuiet = () => {
    if (quiet.length > 0) parts.push(quietLine(quiet));
    quiet = [];
  };
  let cursor = firstBefore(dated, (first + 1) * DAY);
  for (let day = first; day >= last; day--) {
    const end = firstBefore(dated, day * DAY);
    const records = dated.slice(cursor, end).map(({ row }) => row);
    cursor = end;
    if (records.length === 0) {
      quiet.push(day);
      continue;
    }
    flushQuiet();
    parts.push(daySection(day, records, today));
  }
  flushQuiet();
  if (page === pages && undated.length > 0) parts.push(undatedSection(undated));

  const nav = (where: string) => pager(page, pages, where);
  const range = `${dayName(first)} to ${dayName(last)}`;
  const main = [
    '<h1>History</h1>',
    `<p class="muted">Every public record by day, newest first: ${escapeHtml(range)} (UTC days). A completed reset is only shown when a record of it exists; a schedule is not a reset.</p>`,
    nav('top'),
    ...parts,
    nav('bottom'),
  ].join('\n');
  return { status: 200, html: frame(page === 1 ? 'History' : `History, page ${page}`, main) };
}

const dayName = (day: number) => {
  const key = new Date(day * DAY).toISOString().slice(0, 10);
  return `${dayKeyName(key, LOCALE)} ${key.slice(0, 4)}`;
};

function quietLine(days: readonly number[]): string {
  const newest = days[0]!;
  const oldest = days[days.length - 1]!;
  const text =
    days.length === 1
      ? `No record on ${dayName(newest)}.`
      : `No record on ${days.length} days, ${dayName(oldest)} to ${dayName(newest)}.`;
  return `<p class="quiet">${escapeHtml(text)}</p>`;
}

function daySection(day: number, rows: readonly PreparedRecord[], today: number): string {
  const key = new Date(day * DAY).toISOString().slice(0, 10);
  const completions = rows.filter((row) => !row.isSchedule);
  const verdict =
    completions.length === 0
      ? 'No reset'
      : `${completions.length === 1 ? 'A reset' : `${completions.length} resets`}: ${escapeHtml(
          [...new Set(completions.map((row) => whatWasReset(scopeFacts(recordOf(row)))))].join(
            '; ',
          ),
        )}`;
  const shown = rows.slice(0, RECORDS_PER_DAY).map((row) => recordItem(row));
  const more =
    rows.length > RECORDS_PER_DAY
      ? `<li class="muted">…and ${rows.length - RECORDS_PER_DAY} more records on this day, in the API.</li>`
      : '';
  const label = day === today ? ' (today)' : day > today ? ' (ahead)' : '';
  return [
    `<section class="history-day${completions.length > 0 ? ' history-reset' : ''}" id="d-${key}" aria-labelledby="h-${key}">`,
    `<h2 id="h-${key}">${escapeHtml(dayName(day))}${label} <span class="muted">UTC</span></h2>`,
    `<p class="day-verdict">${verdict}</p>`,
    `<ul class="history-records">${shown.join('')}${more}</ul>`,
    '</section>',
  ].join('\n');
}

function recordItem(row: PreparedRecord): string {
  const record = recordOf(row);
  const at = dayOf(row);
  const when = at === null ? 'No time' : timeTag(new Date(at).toISOString());
  const kind =
    record.kind === 'reset_completed'
      ? 'Completed'
      : `Scheduled (${escapeHtml(stateLabel(record.scheduleState))})`;
  return `<li>${when} · ${kind}: ${escapeHtml(resetLabel(record))} · <a href="${recordPagePath(record.id)}">details</a></li>`;
}

function undatedSection(rows: readonly PreparedRecord[]): string {
  const items = rows.slice(0, RECORDS_PER_DAY).map((row) => recordItem(row));
  return [
    '<section class="history-day" id="undated" aria-labelledby="h-undated">',
    '<h2 id="h-undated">Without a date</h2>',
    `<ul class="history-records">${items.join('')}</ul>`,
    '</section>',
  ].join('\n');
}

function pager(page: number, pages: number, where: string): string {
  const link = (target: number, label: string, rel: string) =>
    `<a href="${HISTORY_PATH}${target === 1 ? '' : `?page=${target}`}" rel="${rel}">${label}</a>`;
  return [
    `<nav class="pager" aria-label="History pages (${where})"><p>`,
    page > 1 ? link(page - 1, '← Newer days', 'prev') : '<span class="muted">← Newer days</span>',
    ` <span>Page ${page} of ${pages}</span> `,
    page < pages
      ? link(page + 1, 'Older days →', 'next')
      : '<span class="muted">Older days →</span>',
    '</p></nav>',
  ].join('');
}
