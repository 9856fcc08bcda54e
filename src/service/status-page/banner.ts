import type { ResetRecord } from '../../shared/domain/record.ts';
import { agoText, utcDay, utcTime } from './format.ts';
import { type WhenKind, whenData, whenText } from './schedule-when.ts';

/**
 * The verdict banner at the top of the status page: both questions answered at a glance,
 * with a colour and an icon (never colour alone), above the fold on a phone. Stale data
 * overrides the verdict: "Unknown: data is 31 h old" rather than a green "Yes" under an
 * amber line. The server decides in UTC days; the client script re-decides "today" in
 * the visitor's own day and keeps the words current.
 */

export type BannerState = 'yes' | 'soon' | 'no' | 'stale';

export interface BannerInput {
  readonly now: number;
  /** The last successful check (epoch ms), or null when none is recorded. */
  readonly checkedMs: number | null;
  readonly fresh: boolean;
  /** Completion instants (epoch ms), newest first. */
  readonly completionTimes: readonly number[];
  readonly next: { readonly record: ResetRecord; readonly kind: WhenKind } | null;
}

const ICONS: Record<BannerState, string> = { yes: '✓', soon: '◷', no: '–', stale: '?' };

export function bannerState(input: BannerInput): BannerState {
  if (!input.fresh) return 'stale';
  const today = utcDay(input.now);
  if (input.completionTimes.some((ms) => utcDay(ms) === today)) return 'yes';
  return input.next === null ? 'no' : 'soon';
}

export function bannerSection(input: BannerInput): string {
  const state = bannerState(input);
  const today = utcDay(input.now);
  const todays = input.completionTimes.filter((ms) => utcDay(ms) === today);
  let headline: string;
  if (state === 'stale') {
    headline =
      input.checkedMs === null
        ? 'Unknown: no successful check of the source is recorded'
        : `Unknown: the data is ${hoursOld(input.now - input.checkedMs)} old`;
  } else if (state === 'yes') {
    headline = `Yes, limits were reset today at ${utcTime(new Date(Math.max(...todays)).toISOString())}`;
  } else {
    headline = 'No reset yet today';
  }
  const next =
    input.next === null
      ? '<p class="banner-next" id="banner-next">No reset is scheduled.</p>'
      : `<p class="banner-next" id="banner-next" ${whenData(input.next.record, input.next.kind)}>Next reset: <span class="banner-when">${whenText(input.next.record, input.next.kind, input.now)}</span>.</p>`;
  const staleNote =
    state === 'stale'
      ? `<p class="banner-note">Resets since the last check may be missing${input.checkedMs === null ? '' : ` (last check ${agoText(input.now - input.checkedMs)})`}; what is below is the last published data.</p>`
      : '';
  return [
    `<section class="banner banner-${state}" id="banner" aria-labelledby="verdict" data-state="${state}" data-fresh="${input.fresh}">`,
    `<p class="banner-icon" id="banner-icon" aria-hidden="true">${ICONS[state]}</p>`,
    '<div class="banner-text">',
    `<h2 class="banner-headline" id="verdict">${headline}</h2>`,
    next,
    staleNote,
    '</div>',
    '</section>',
  ].join('\n');
}

const hoursOld = (ms: number) => {
  const hours = Math.floor(ms / 3_600_000);
  return hours < 48 ? `${hours} h` : `${Math.floor(hours / 24)} days`;
};
