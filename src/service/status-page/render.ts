/**
 * The status page at `/`: server-rendered from the snapshot being served and the one
 * answer (answer/), so it never calls the API and never counts against anyone's quota.
 * Everything a visitor needs is in the HTML, in UTC days and times (said so); the page's
 * script (/assets/status-page.js) says the same in the visitor's own days with the same
 * words (/assets/answer-words.js), keeps the countdowns current, and refreshes from
 * /status.json. With push configured (Site.push), "Get notified" offers Web Push
 * (notify-section.ts, /assets/notify.js).
 */
import type { AnswerCache, EncodedAnswer } from '../answer/answer-cache.ts';
import { completionIndex, firstAtOrBefore } from '../answer/completion-index.ts';
import { DAY, type StripReset } from '../answer/words.js';
import { recordOf } from '../query/prepared-record.ts';
import type { PreparedSnapshot } from '../query/prepared-snapshot.ts';
import { escapeHtml, renderPage } from '../web/layout.ts';
import type { Site } from '../web/site.ts';
import { bannerSection, serverVerdict } from './banner.ts';
import { historySection, recentResets } from './history-strip.ts';
import { NOTIFY_SCRIPT, notifySection } from './notify-section.ts';
import { completionsList, recordsList } from './record-html.ts';
import {
  aboutSection,
  completionsSection,
  freshnessLine,
  nextSection,
  recordsSection,
  subscribeSection,
} from './sections.ts';

export const STATUS_PAGE_PATH = '/';
export const STATUS_PAGE_SCRIPT = '/assets/status-page.js';
export const STATUS_PAGE_STYLE = '/assets/status-page.css';
export const ANSWER_WORDS_SCRIPT = '/assets/answer-words.js';
/** Copy buttons (the calendar's address), shared with the guide. */
export const COPY_SCRIPT = '/docs/assets/copy-code.js';

/** Rows of the `all` view shown under "Latest records" (its first page). */
export const LATEST_RECORDS = 8;
/** Completed resets listed under "Latest completed resets". */
export const LATEST_COMPLETIONS = 5;

export interface RenderedStatusPage {
  readonly status: 200 | 503;
  readonly html: string;
  /** First instant (epoch ms) at which this page's facts may change, or null. */
  readonly validUntil: number | null;
}

/** The parts of the page that depend only on the answer's interval and the UTC day. */
interface Fragments {
  readonly key: string;
  readonly resets: readonly StripReset[];
  readonly historyHtml: string;
  readonly completionsHtml: string;
  readonly recordsHtml: string;
  readonly shown: number;
  readonly total: number;
}

/**
 * The answer as the page's script reads it: the body of /status.json itself, in a data
 * block (not executed, so the CSP's script-src does not apply), `<` escaped so no text in
 * it can close the element.
 */
export const answerBlock = (encoded: EncodedAnswer) =>
  `<script type="application/json" id="answer" data-etag="${escapeHtml(encoded.etag)}">${encoded.json.replace(/</g, '\\u003c')}</script>`;

export class StatusPageRenderer {
  #cached: Fragments | undefined;
  readonly #site: Site;
  readonly #baseUrl: string | undefined;
  readonly #answers: AnswerCache;

  /** `baseUrl`: PUBLIC_BASE_URL, for the calendar's webcal:// link; never a request's Host. */
  constructor(site: Site, answers: AnswerCache, baseUrl?: string) {
    this.#site = site;
    this.#answers = answers;
    this.#baseUrl = baseUrl;
  }

  render(snapshot: PreparedSnapshot | null, now: number): RenderedStatusPage {
    if (snapshot === null) {
      return { status: 503, html: unavailablePage(this.#site), validUntil: null };
    }
    const encoded = this.#answers.get(snapshot, now);
    const { answer } = encoded;
    const utcDay = Math.floor(now / DAY);
    const key = `${answer.key}.${utcDay}`;
    let fragments = this.#cached;
    if (fragments?.key !== key) {
      fragments = buildFragments(key, snapshot, now);
      this.#cached = fragments;
    }
    const verdict = serverVerdict(JSON.parse(encoded.json), now);
    const main = [
      `<h1 class="site-title">${escapeHtml(this.#site.name)}</h1>`,
      bannerSection(answer, verdict, now),
      freshnessLine(snapshot.meta.lastSuccessfulCheckAt, now),
      '<p class="zone-note" id="zone-note">Days and times are UTC.</p>',
      nextSection(answer, now),
      fragments.historyHtml,
      completionsSection(fragments.completionsHtml),
      recordsSection(fragments.recordsHtml, fragments.shown, fragments.total),
      ...(this.#site.push === true ? [notifySection()] : []),
      subscribeSection(this.#baseUrl),
      aboutSection(snapshot, this.#site),
      answerBlock(encoded),
    ].join('\n');

    const nextUtcMidnight = (utcDay + 1) * DAY;
    const changes = [nextUtcMidnight];
    if (answer.validUntil !== null) changes.push(answer.validUntil);
    return {
      status: 200,
      html: page(this.#site, verdict.short, main, this.#site.push === true),
      validUntil: Math.min(...changes),
    };
  }
}

/** `notify`: the page holds "Get notified", so its script is loaded. */
function page(site: Site, title: string, main: string, notify = false): string {
  return renderPage({
    site,
    title,
    main,
    path: STATUS_PAGE_PATH,
    modules: notify ? [STATUS_PAGE_SCRIPT, NOTIFY_SCRIPT] : [STATUS_PAGE_SCRIPT],
    scripts: [COPY_SCRIPT],
    styles: [STATUS_PAGE_STYLE],
    // Feed readers and browsers find the subscriptions from the page itself.
    head: [
      `<link rel="alternate" type="application/atom+xml" title="${escapeHtml(site.name)} (Atom)" href="/feed.xml">`,
      `<link rel="alternate" type="text/calendar" title="${escapeHtml(site.name)} (iCalendar)" href="/calendar.ics">`,
      `<link rel="alternate" type="application/json" title="Status answer (JSON)" href="/status.json">`,
      `<link rel="modulepreload" href="${ANSWER_WORDS_SCRIPT}">`,
    ].join('\n'),
  });
}

function unavailablePage(site: Site): string {
  return page(
    site,
    'Data unavailable',
    [
      `<h1 class="site-title">${escapeHtml(site.name)}</h1>`,
      '<section class="panel panel-unavailable" aria-labelledby="unavailable-heading">',
      '<h2 id="unavailable-heading">Data unavailable</h2>',
      '<p class="verdict">No data has been published yet, so this page cannot say whether limits were reset. This is not the same as "no reset": nothing is known.</p>',
      '<p>The page fills in by itself as soon as a snapshot is published; reload in a minute.</p>',
      '</section>',
    ].join('\n'),
  );
}

function buildFragments(key: string, snapshot: PreparedSnapshot, now: number): Fragments {
  const resets = recentResets(snapshot, now);
  const { all } = completionIndex(snapshot);
  const start = firstAtOrBefore(all, now);
  const latest = all.slice(start, start + LATEST_COMPLETIONS).map(({ row }) => recordOf(row));
  const rows = snapshot.viewsAt(now).rows.all;
  const shown = Math.min(LATEST_RECORDS, rows.length);
  return {
    key,
    resets,
    historyHtml: historySection(resets, now),
    completionsHtml: completionsList(latest),
    recordsHtml: recordsList(rows.slice(0, shown), now),
    shown,
    total: rows.length,
  };
}
