import { completionIndex, firstAtOrBefore } from '../answer/completion-index.ts';
import { DAY, HISTORY_DAYS, type StripReset, stripDays, stripHtml } from '../answer/words.js';
import { recordOf } from '../query/prepared-record.ts';
import type { PreparedSnapshot } from '../query/prepared-snapshot.ts';
import { recordPagePath } from '../web/encode-id.ts';
import { escapeHtml } from '../web/layout.ts';
import { HISTORY_PATH } from './history-page.ts';
import { LOCALE, UTC_CLOCK } from './server-clock.ts';

/**
 * The last 90 days at a glance: one cell per day, oldest first, today last, each with its
 * label (for a screen reader and as a tooltip) and a 24 px touch target; a day with a reset
 * links to its newest record. The server's cells are UTC days, said so; the page's script
 * rebuilds the same cells in the visitor's days from the resets given in `data-resets`,
 * with the same code (answer/words.js). The ends are labelled, and the full history by day
 * is one link away.
 */

/** Resets handed to the page's script: the newest this many at most (a hostile snapshot may hold thousands a day). */
export const STRIP_RESETS_MAX = 1_000;

/** The resets of the last 91 days (a day more than the strip: the visitor's days are not UTC's). */
export function recentResets(snapshot: PreparedSnapshot, now: number): StripReset[] {
  const { all } = completionIndex(snapshot);
  const since = now - (HISTORY_DAYS + 1) * DAY;
  const resets: StripReset[] = [];
  for (let i = firstAtOrBefore(all, now); i < all.length && resets.length < STRIP_RESETS_MAX; i++) {
    const { row, ms } = all[i]!;
    if (ms < since) break;
    const record = recordOf(row);
    resets.push({
      recordId: row.id,
      at: new Date(ms).toISOString(),
      resetType: record.resetType,
      plans: record.scope?.plans ?? ['unknown'],
      windows: record.scope?.windows ?? ['unknown'],
      path: recordPagePath(row.id),
    });
  }
  return resets;
}

export function historySection(resets: readonly StripReset[], now: number): string {
  const days = stripDays(resets, now, UTC_CLOCK, LOCALE);
  const marked = days.filter((day) => day.resets.length > 0).length;
  const first = days[0]!.label.split(':')[0]!;
  return [
    '<section class="panel panel-history" aria-labelledby="history-heading">',
    '<h2 id="history-heading">The last 90 days</h2>',
    `<p class="muted" id="strip-summary">${marked} of ${HISTORY_DAYS} days had a reset (<span id="strip-days">UTC days</span>). Select a marked day for its record.</p>`,
    `<ol class="strip" id="strip" aria-label="Days from ${escapeHtml(first)} to today" data-resets="${escapeHtml(JSON.stringify(resets))}">${stripHtml(days)}</ol>`,
    `<p class="strip-ends" aria-hidden="true"><span id="strip-first">${escapeHtml(first)}</span><span>today</span></p>`,
    `<p><a href="${HISTORY_PATH}">Every record, day by day</a></p>`,
    '</section>',
  ].join('\n');
}
