import { recordPagePath } from '../web/encode-id.ts';
import { escapeHtml } from '../web/layout.ts';
import { DAY, utcDay } from './format.ts';

/**
 * The last 90 days at a glance: one cell per UTC day, oldest first, today last; a day with
 * a completed reset is marked and links to its record's page (the newest that day). A
 * list for screen readers: each cell says its day and what happened; the strip is the
 * same for every visitor (UTC days, said so above it).
 */

export const HISTORY_DAYS = 90;

export interface Completion {
  readonly id: string;
  readonly ms: number;
  readonly label: string;
}

export function historySection(completions: readonly Completion[], now: number): string {
  const byDay = new Map<string, Completion[]>();
  for (const completion of completions) {
    const day = utcDay(completion.ms);
    const list = byDay.get(day) ?? [];
    list.push(completion);
    byDay.set(day, list);
  }
  const todayStart = Math.floor(now / DAY) * DAY;
  const cells: string[] = [];
  let marked = 0;
  for (let index = HISTORY_DAYS - 1; index >= 0; index--) {
    const day = utcDay(todayStart - index * DAY);
    const resets = byDay.get(day);
    if (resets === undefined) {
      cells.push(`<li class="day"><span class="visually-hidden">${day}: no reset</span></li>`);
      continue;
    }
    marked++;
    const newest = resets.reduce((a, b) => (b.ms > a.ms ? b : a));
    const what = resets.length === 1 ? '1 reset' : `${resets.length} resets`;
    const title = `${day}: ${what} (${newest.label})`;
    cells.push(
      `<li class="day day-reset"><a href="${recordPagePath(newest.id)}" title="${escapeHtml(title)}"><span class="visually-hidden">${escapeHtml(title)}</span></a></li>`,
    );
  }
  const first = utcDay(todayStart - (HISTORY_DAYS - 1) * DAY);
  return [
    '<section class="panel panel-history" aria-labelledby="history-heading">',
    '<h2 id="history-heading">The last 90 days</h2>',
    `<p class="muted">${marked} of ${HISTORY_DAYS} days had a completed reset (UTC days, ${first} to today). Select a marked day for its record.</p>`,
    `<ol class="strip" aria-label="Days from ${first} to today">${cells.join('')}</ol>`,
    '</section>',
  ].join('\n');
}
