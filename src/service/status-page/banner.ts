import type { Answer } from '../answer/answer.ts';
import type { StatusBody } from '../answer/status-body.ts';
import { type Verdict, verdictOf, whatWasReset } from '../answer/words.js';
import { escapeHtml } from '../web/layout.ts';
import { UTC_CLOCK } from './server-clock.ts';
import { whenElement } from './when-data.ts';

/**
 * The verdict banner at the top of the status page: both questions answered at a glance,
 * with a colour and an icon (never colour alone), above the fold on a phone. The verdict,
 * the last reset (always, with how long ago, so a day boundary never hides it) and what
 * was reset come from the one answer's words (answer/words.js); the server says them in
 * UTC days, and the page's script says the same in the visitor's own days.
 */

export function serverVerdict(body: StatusBody, now: number): Verdict {
  return verdictOf(body, now, UTC_CLOCK);
}

export function bannerSection(answer: Answer, verdict: Verdict, now: number): string {
  const next = answer.next;
  const nextLine =
    next === null
      ? '<p class="banner-next" id="banner-next">No reset is scheduled.</p>'
      : `<p class="banner-next" id="banner-next">Next reset: ${whenElement(next, now, { className: 'when banner-when' })} · ${escapeHtml(whatWasReset(next))}.</p>`;
  const staleNote = `<p class="banner-note" id="banner-note"${verdict.state === 'stale' ? '' : ' hidden'}>Resets since the last check may be missing; what is below is the last published data.</p>`;
  return [
    `<section class="banner banner-${verdict.state}" id="banner" aria-labelledby="verdict" data-state="${verdict.state}">`,
    `<p class="banner-icon" id="banner-icon" aria-hidden="true">${verdict.icon}</p>`,
    '<div class="banner-text">',
    `<h2 class="banner-headline" id="verdict">${escapeHtml(verdict.headline)}</h2>`,
    `<p class="banner-last" id="banner-last">${escapeHtml(verdict.lastLine)}</p>`,
    `<p class="banner-last" id="banner-global"${verdict.globalLine === null ? ' hidden' : ''}>${escapeHtml(verdict.globalLine ?? '')}</p>`,
    nextLine,
    staleNote,
    '</div>',
    '</section>',
  ].join('\n');
}
