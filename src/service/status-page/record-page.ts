import type { ResetRecord } from '../../shared/domain/record.ts';
import type { AnswerCache } from '../answer/answer-cache.ts';
import { dayKeyName } from '../answer/words.js';
import type { PreparedSnapshot } from '../query/prepared-snapshot.ts';
import { recordPagePath } from '../web/encode-id.ts';
import { escapeHtml, renderPage } from '../web/layout.ts';
import type { Site } from '../web/site.ts';
import { timeTag, utcDateTime } from './format.ts';
import { HISTORY_PATH } from './history-page.ts';
import {
  completionInstant,
  confidenceText,
  resetLabel,
  resetTypeLabel,
  scopeText,
  sourceHtml,
  windowHtml,
} from './record-html.ts';
import { LOCALE } from './server-clock.ts';
import { whenElement } from './when-data.ts';

/**
 * `/records/ID`: one record as a page (issue 11), from the snapshot being served, never
 * counted: what it is, its day (the same in the heading and the body: both are the one
 * instant, localized by the page's script), a timeline in plain words (announced, window,
 * confirmed, elapsed), a countdown while it is open (from the one answer), its text, its
 * source, and the records it is linked with. Meta tags describe it, so a shared link
 * previews well; they use PUBLIC_BASE_URL for absolute URLs, never the request's Host.
 */

export const RECORD_PAGE_PREFIX = '/records/';

export interface RenderedRecordPage {
  readonly status: 200 | 404 | 503;
  readonly html: string;
}

export interface RecordPageOptions {
  readonly site: Site;
  readonly answers: AnswerCache;
  readonly baseUrl: string | undefined;
  readonly now: number;
  readonly scripts: readonly string[];
  readonly modules: readonly string[];
  readonly styles: readonly string[];
}

const CONFIRMED_BY: Record<NonNullable<ResetRecord['fulfillmentOrigin']>, string> = {
  auto: 'matched automatically to a completion post',
  link: 'linked to a completion by the operator',
  manual: 'confirmed by the operator',
};

export function renderRecordPage(
  snapshot: PreparedSnapshot | null,
  id: string,
  options: RecordPageOptions,
): RenderedRecordPage {
  if (snapshot === null) {
    return {
      status: 503,
      html: page(
        'Data unavailable',
        '<h1>Data unavailable</h1><p>No data has been published yet. Reload in a minute.</p>',
        '',
        options,
      ),
    };
  }
  const row = snapshot.find(id);
  if (row === undefined) {
    return {
      status: 404,
      html: page(
        'No such record',
        `<h1>No such record</h1><p>No published record has the id <code>${escapeHtml(id)}</code>. It may have been dismissed by the operator, or the link is mistyped.</p><p><a href="/">Back to the status page</a></p>`,
        '',
        options,
      ),
    };
  }
  const record = JSON.parse(row.json) as ResetRecord;
  const title = titleOf(record);
  const description = descriptionOf(record);
  const url =
    options.baseUrl === undefined ? undefined : `${options.baseUrl}${recordPagePath(record.id)}`;
  const meta = [
    `<meta name="description" content="${escapeHtml(description)}">`,
    `<meta property="og:type" content="article">`,
    `<meta property="og:title" content="${escapeHtml(title)}">`,
    `<meta property="og:description" content="${escapeHtml(description)}">`,
    `<meta property="og:site_name" content="${escapeHtml(options.site.name)}">`,
    '<meta name="twitter:card" content="summary">',
    `<meta name="twitter:title" content="${escapeHtml(title)}">`,
    `<meta name="twitter:description" content="${escapeHtml(description)}">`,
    ...(url === undefined
      ? []
      : [
          `<meta property="og:url" content="${escapeHtml(url)}">`,
          `<link rel="canonical" href="${escapeHtml(url)}">`,
        ]),
  ].join('\n');
  return { status: 200, html: page(title, mainOf(record, snapshot, options), meta, options) };
}

/** The instant a record's heading is dated by: its reset, or its window's start. */
function headingInstant(record: ResetRecord): string | null {
  if (record.kind === 'reset_completed') return completionInstant(record)?.at ?? null;
  return record.scheduleWindow?.startAt ?? null;
}

/** `Fri 20 Nov 2026` of an instant, in UTC (the script shows the visitor's day). */
const utcDayName = (iso: string) => `${dayKeyName(iso.slice(0, 10), LOCALE)} ${iso.slice(0, 4)}`;

/** The title (UTC): "Reset completed on Fri 20 Nov 2026 (UTC): Global limits, all plans". */
function titleOf(record: ResetRecord): string {
  const at = headingInstant(record);
  const on = at === null ? '' : ` on ${utcDayName(at)} (UTC)`;
  if (record.kind === 'reset_completed') return `Reset completed${on}: ${resetLabel(record)}`;
  const state = record.scheduleState === null ? '' : ` (${record.scheduleState})`;
  return `Reset scheduled${at === null ? ', no time announced' : ` for ${utcDayName(at)} (UTC)`}: ${resetLabel(record)}${state}`;
}

/** The heading: the title's words, its day a `<time>` the page's script localizes. */
function headingOf(record: ResetRecord): string {
  const at = headingInstant(record);
  const day =
    at === null
      ? null
      : `<time datetime="${at}" data-day="">${escapeHtml(utcDayName(at))} (UTC)</time>`;
  const what = escapeHtml(resetLabel(record));
  if (record.kind === 'reset_completed') {
    return `Reset completed${day === null ? '' : ` on ${day}`}: ${what}`;
  }
  const state = record.scheduleState === null ? '' : ` (${escapeHtml(record.scheduleState)})`;
  return `Reset scheduled${day === null ? ', no time announced' : ` for ${day}`}: ${what}${state}`;
}

function descriptionOf(record: ResetRecord): string {
  const when =
    record.kind === 'reset_completed'
      ? `Completed ${utcText(completionInstant(record)?.at) ?? 'at an unknown time'}.`
      : record.scheduleWindow === null
        ? 'No time was announced.'
        : record.scheduleWindow.startAt === record.scheduleWindow.endAt
          ? `Announced for ${utcText(record.scheduleWindow.startAt)}.`
          : `Window ${utcText(record.scheduleWindow.startAt)} to ${utcText(record.scheduleWindow.endAt)}.`;
  const text =
    record.text === null
      ? ''
      : ` "${record.text.length > 160 ? `${record.text.slice(0, 159)}…` : record.text}"`;
  return `${when}${text}`;
}

/** The record's life in plain words, in order: announced, window, then its outcome. */
function timeline(record: ResetRecord, snapshot: PreparedSnapshot, open: boolean): string[] {
  const steps: string[] = [];
  if (record.announcedAt !== null) {
    const by = record.source.handle === null ? '' : ` by @${escapeHtml(record.source.handle)}`;
    steps.push(`Announced ${timeTag(record.announcedAt)}${by}.`);
  }
  if (record.kind === 'reset_completed') {
    const instant = completionInstant(record);
    steps.push(
      instant === undefined
        ? 'Reset at a time nobody stated.'
        : `${instant.label === 'Reset at' ? 'Reset' : 'Reported'} ${timeTag(instant.at)}.`,
    );
    for (const scheduleId of record.relatedRecordIds) {
      steps.push(`Fulfils the schedule ${linkTo(scheduleId, snapshot)}.`);
    }
    return steps;
  }
  steps.push(`Window: ${windowHtml(record)}.`);
  switch (record.scheduleState) {
    case 'fulfilled':
      steps.push(
        `Confirmed ${record.completedAt === null ? '' : `${timeTag(record.completedAt)} `}(${CONFIRMED_BY[record.fulfillmentOrigin ?? 'manual']})${record.completionRecordId === null ? '' : `: ${linkTo(record.completionRecordId, snapshot)}`}.`,
      );
      break;
    case 'elapsed':
      steps.push(
        `Elapsed: the window ended${record.scheduleWindow === null ? '' : ` ${timeTag(record.scheduleWindow.endAt)}`} without a confirmed completion. Elapsed does not mean it happened, nor that it did not.`,
      );
      break;
    case 'unknown':
      steps.push('State unknown: no time was announced, and no completion was linked in time.');
      break;
    default:
      steps.push(
        open
          ? 'Not confirmed yet: the window is open or still ahead.'
          : 'Pending when the data was published; its window has ended since, and no completion is linked yet.',
      );
  }
  return steps;
}

function linkTo(id: string, snapshot: PreparedSnapshot): string {
  const row = snapshot.find(id);
  if (row === undefined) return `<code>${escapeHtml(id)}</code> (not published)`;
  return `<a href="${recordPagePath(id)}">${escapeHtml(titleOf(JSON.parse(row.json) as ResetRecord))}</a>`;
}

function mainOf(
  record: ResetRecord,
  snapshot: PreparedSnapshot,
  options: RecordPageOptions,
): string {
  const { now } = options;
  const open = options.answers.get(snapshot, now).answer.open.find((o) => o.recordId === record.id);
  const facts: string[] = [
    `<dt>Kind</dt><dd>${record.kind === 'reset_completed' ? 'Completed reset' : 'Scheduled reset'}</dd>`,
    `<dt>Type</dt><dd>${escapeHtml(resetTypeLabel(record.resetType))}${scopeText(record)}</dd>`,
  ];
  if (record.kind === 'reset_scheduled' && record.scheduleBasis !== null) {
    const basis =
      record.scheduleBasis === 'explicit' ? 'stated in the post' : 'inferred from its words';
    facts.push(
      `<dt>Time basis</dt><dd>${basis} (${record.schedulePrecision === 'date' ? 'a day' : 'a time'})${confidenceText(record)}</dd>`,
    );
  }
  facts.push(`<dt>Source</dt><dd>${sourceHtml(record)}</dd>`);
  facts.push(`<dt>Record id</dt><dd><code>${escapeHtml(record.id)}</code></dd>`);
  const steps = timeline(record, snapshot, open !== undefined);
  return [
    `<p class="breadcrumb"><a href="/">Status</a> › <a href="${HISTORY_PATH}">History</a> › Record</p>`,
    `<h1>${headingOf(record)}</h1>`,
    open === undefined
      ? ''
      : whenElement(open, now, {
          tag: 'p',
          id: 'countdown',
          className: 'countdown',
          sentence: true,
        }),
    record.text === null
      ? ''
      : `<blockquote class="record-quote">${escapeHtml(record.text)}</blockquote>`,
    `<section class="panel" aria-labelledby="timeline-heading"><h2 id="timeline-heading">Timeline</h2><ol class="timeline">${steps.map((step) => `<li>${step}</li>`).join('')}</ol></section>`,
    `<section class="panel" aria-labelledby="facts-heading"><h2 id="facts-heading">Facts</h2><dl class="facts">${facts.join('')}</dl></section>`,
    '<p class="muted">The same record is in the API: <code>GET /openapi/v1/records</code> (this page does not count against the quota).</p>',
  ].join('\n');
}

const utcText = (iso: string | undefined) => (iso === undefined ? undefined : utcDateTime(iso));

function page(title: string, main: string, meta: string, options: RecordPageOptions): string {
  return renderPage({
    site: options.site,
    title,
    main,
    path: '/records',
    scripts: options.scripts,
    modules: options.modules,
    styles: options.styles,
    head: meta,
  });
}
