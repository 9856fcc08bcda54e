import type { ResetRecord } from '../../shared/domain/record.ts';
import type { PreparedSnapshot } from '../query/prepared-snapshot.ts';
import { recordPagePath } from '../web/encode-id.ts';
import { escapeHtml, renderPage } from '../web/layout.ts';
import { timeTag, utcDateTime } from './format.ts';
import {
  completionInstant,
  confidenceText,
  resetLabel,
  resetTypeLabel,
  scopeText,
  sourceHtml,
  stateLabel,
  windowHtml,
} from './record-html.ts';

/**
 * `/records/ID`: one record as a page (issue 11), from the snapshot being served, never
 * counted: what it is, its state, its window, its text, its source, and links to the
 * records it is linked with. Meta tags describe it, so a shared link previews well; they
 * use PUBLIC_BASE_URL for absolute URLs, never the request's Host.
 */

export const RECORD_PAGE_PREFIX = '/records/';

export interface RenderedRecordPage {
  readonly status: 200 | 404 | 503;
  readonly html: string;
}

const STATE_MEANING: Record<string, string> = {
  pending: 'Pending: its window has not ended and no completion is linked yet.',
  elapsed:
    'Elapsed: its window ended and no completion is linked. It may have happened unannounced, late, or not at all.',
  fulfilled: 'Fulfilled: a completion is linked to it.',
  unknown: 'Unknown: it had no window, and no completion was linked in time.',
};

export function renderRecordPage(
  snapshot: PreparedSnapshot | null,
  id: string,
  options: {
    readonly baseUrl: string | undefined;
    readonly now: number;
    readonly scripts: readonly string[];
    readonly styles: readonly string[];
  },
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
    `<meta property="og:site_name" content="Public Reset Records">`,
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
  return { status: 200, html: page(title, mainOf(record, snapshot, options.now), meta, options) };
}

function titleOf(record: ResetRecord): string {
  if (record.kind === 'reset_completed') {
    const at = completionInstant(record)?.at;
    return `Reset completed${at === undefined ? '' : ` on ${at.slice(0, 10)}`}: ${resetLabel(record)}`;
  }
  const state = record.scheduleState === null ? '' : ` (${stateLabel(record.scheduleState)})`;
  return `Reset scheduled: ${resetLabel(record)}${state}`;
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

function mainOf(record: ResetRecord, snapshot: PreparedSnapshot, now: number): string {
  const facts: string[] = [
    `<dt>Kind</dt><dd>${record.kind === 'reset_completed' ? 'Completed reset' : 'Scheduled reset'}</dd>`,
    `<dt>Type</dt><dd>${escapeHtml(resetTypeLabel(record.resetType))}${scopeText(record)}</dd>`,
  ];
  if (record.kind === 'reset_scheduled') {
    const passed =
      record.scheduleState === 'pending' &&
      record.scheduleWindow !== null &&
      Date.parse(record.scheduleWindow.endAt) < now;
    const meaning = passed
      ? 'Pending when the data was published; its window has ended since, and no completion is linked yet.'
      : (STATE_MEANING[record.scheduleState ?? ''] ?? 'No state.');
    facts.push(`<dt>State</dt><dd>${escapeHtml(meaning)}</dd>`);
    facts.push(`<dt>Window</dt><dd>${windowHtml(record)}</dd>`);
    if (record.scheduleBasis !== null) {
      const basis =
        record.scheduleBasis === 'explicit' ? 'stated in the post' : 'inferred from its words';
      facts.push(
        `<dt>Time basis</dt><dd>${basis} (${record.schedulePrecision === 'date' ? 'a day' : 'a time'})${confidenceText(record)}</dd>`,
      );
    }
  }
  const completed = completionInstant(record);
  if (record.completedAt !== null)
    facts.push(`<dt>Completed</dt><dd>${timeTag(record.completedAt)}</dd>`);
  else if (record.kind === 'reset_completed' && completed !== undefined)
    facts.push(`<dt>${completed.label}</dt><dd>${timeTag(completed.at)}</dd>`);
  const shown = record.completedAt ?? (record.kind === 'reset_completed' ? completed?.at : null);
  if (record.effectiveAt !== null && record.effectiveAt !== shown)
    facts.push(`<dt>Effective</dt><dd>${timeTag(record.effectiveAt)}</dd>`);
  if (record.announcedAt !== null)
    facts.push(`<dt>Announced</dt><dd>${timeTag(record.announcedAt)}</dd>`);
  facts.push(`<dt>Source</dt><dd>${sourceHtml(record)}</dd>`);
  facts.push(`<dt>Record id</dt><dd><code>${escapeHtml(record.id)}</code></dd>`);

  const related = relatedIds(record)
    .map((id) => {
      const row = snapshot.find(id);
      if (row === undefined) return `<li><code>${escapeHtml(id)}</code> (not published)</li>`;
      const other = JSON.parse(row.json) as ResetRecord;
      return `<li><a href="${recordPagePath(id)}">${escapeHtml(titleOf(other))}</a></li>`;
    })
    .join('');
  return [
    `<p class="breadcrumb"><a href="/">Status</a> › Record</p>`,
    `<h1>${escapeHtml(titleOf(record))}</h1>`,
    record.text === null
      ? ''
      : `<blockquote class="record-quote">${escapeHtml(record.text)}</blockquote>`,
    `<section class="panel" aria-labelledby="facts-heading"><h2 id="facts-heading">Facts</h2><dl class="facts">${facts.join('')}</dl></section>`,
    related === ''
      ? ''
      : `<section class="panel" aria-labelledby="related-heading"><h2 id="related-heading">${record.kind === 'reset_completed' ? 'Schedules it fulfils' : 'Fulfilled by'}</h2><ul>${related}</ul></section>`,
    '<p class="muted">The same record is in the API: <code>GET /openapi/v1/records</code> (this page does not count against the quota).</p>',
  ].join('\n');
}

const utcText = (iso: string | undefined) => (iso === undefined ? undefined : utcDateTime(iso));

const relatedIds = (record: ResetRecord) =>
  record.kind === 'reset_completed'
    ? record.relatedRecordIds
    : record.completionRecordId === null
      ? []
      : [record.completionRecordId];

function page(
  title: string,
  main: string,
  meta: string,
  options: { readonly scripts: readonly string[]; readonly styles: readonly string[] },
): string {
  return renderPage({
    title: `${title} · Reset records`,
    main,
    path: '/records',
    scripts: options.scripts,
    styles: options.styles,
    head: meta,
  });
}
