import type { ResetRecord } from '../../shared/domain/record.ts';
import { dayKeyName, whatWasReset, wholeDayOf } from '../answer/words.js';
import { type PreparedRecord, recordOf } from '../query/prepared-record.ts';
import { recordPagePath } from '../web/encode-id.ts';
import { escapeHtml } from '../web/layout.ts';
import { isWebUrl, timeTag } from './format.ts';
import { LOCALE } from './server-clock.ts';
import { capitalize } from './when-data.ts';

/** HTML of single records on the status page: labels, windows, scope, source links. */

export const isOpenRow = (row: PreparedRecord, now: number) =>
  row.isSchedule && row.state === 'pending' && (row.endMs === null || row.endMs >= now);

/**
 * When a completion's reset happened (answer.md §1: completedAt ?? effectiveAt ??
 * announcedAt); "Reported at" when only the post's time is known.
 */
export function completionInstant(record: ResetRecord): { at: string; label: string } | undefined {
  const at = record.completedAt ?? record.effectiveAt;
  if (at !== null) return { at, label: 'Reset at' };
  if (record.announcedAt !== null) return { at: record.announcedAt, label: 'Reported at' };
  return undefined;
}

/** What a record's reset touches, as the answer's words say it: "Global limits, all plans". */
export function resetLabel(record: ResetRecord): string {
  return capitalize(whatWasReset(scopeFacts(record)));
}

/** The answer's scope facts of a record: unknown scope is `unknown`. */
export const scopeFacts = (record: ResetRecord) => ({
  resetType: record.resetType,
  plans: record.scope?.plans ?? ['unknown'],
  windows: record.scope?.windows ?? ['unknown'],
});

/** A link to the record's own page. */
export const recordLink = (record: ResetRecord, label: string) =>
  `<a href="${recordPagePath(record.id)}">${escapeHtml(label)}</a>`;

export function completionsList(completions: readonly ResetRecord[]): string {
  if (completions.length === 0) {
    return '<h2 id="completions-heading">Latest completed resets</h2>\n<p class="empty">No completed reset is recorded.</p>';
  }
  const items = completions.map((record) => {
    const instant = completionInstant(record);
    const when =
      instant === undefined
        ? 'Time unknown'
        : `${instant.label} ${timeTag(instant.at, 'data-completion')}`;
    return `<li><span class="when">${when}</span> · ${escapeHtml(resetLabel(record))} · ${sourceHtml(record)} · ${recordLink(record, 'details')}</li>`;
  });
  return `<h2 id="completions-heading">Latest completed resets</h2>\n<ul class="completions" aria-labelledby="completions-heading">${items.join('')}</ul>`;
}

export function scheduleDetails(record: ResetRecord): string {
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

export function recordsList(rows: readonly PreparedRecord[], now: number): string {
  if (rows.length === 0) return '<p class="empty">No records are published.</p>';
  const items = rows.map((row) => {
    const record = recordOf(row);
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
      `<p class="record-source">${sourceHtml(record)} · ${recordLink(record, 'details')}</p>`,
      '</li>',
    ].join('');
  });
  return `<ol class="records">${items.join('\n')}</ol>`;
}

function completionWhen(record: ResetRecord): string {
  const instant = completionInstant(record);
  return instant === undefined ? 'Time unknown' : `${instant.label} ${timeTag(instant.at)}`;
}

export function windowHtml(record: ResetRecord): string {
  const window = record.scheduleWindow;
  if (window === null) return 'No time given';
  if (record.schedulePrecision === 'date') {
    const whole = wholeDayOf(Date.parse(window.startAt), Date.parse(window.endAt));
    const day =
      whole === null
        ? 'A day'
        : `${escapeHtml(dayKeyName(whole.day, LOCALE))} ${whole.day.slice(0, 4)}, ${whole.label}, all day`;
    return `${day} (no time of day): from ${timeTag(window.startAt)} to ${timeTag(window.endAt)}`;
  }
  if (window.startAt === window.endAt) return `At ${timeTag(window.startAt)}`;
  return `Between ${timeTag(window.startAt)} and ${timeTag(window.endAt)}`;
}

export function stateLabel(state: ResetRecord['scheduleState']): string {
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

export function resetTypeLabel(type: ResetRecord['resetType']): string {
  switch (type) {
    case 'global':
      return 'Global limits';
    case 'banked':
      return 'Banked usage';
    case 'global_and_banked':
      return 'Global limits and banked usage';
  }
}

export function scopeText(record: ResetRecord): string {
  if (record.scope === null) return '';
  const plans = record.scope.plans.join(', ') || 'unknown';
  const windows = record.scope.windows.map((window) => window.replace(/_/g, '-')).join(', ');
  return ` (plans: ${escapeHtml(plans)}; windows: ${escapeHtml(windows || 'unknown')})`;
}

export function confidenceText(record: ResetRecord): string {
  return record.confidence === null
    ? ''
    : `, confidence ${Math.round(record.confidence * 100)}&nbsp;%`;
}

export function sourceHtml(record: ResetRecord): string {
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
