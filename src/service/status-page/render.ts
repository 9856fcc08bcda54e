/**
 * The status page at `/`: server-rendered from the snapshot being served, through the
 * same query service as the API (`viewsAt`), so it never calls the API and never counts
 * against anyone's quota. Everything a visitor needs is in the HTML as UTC facts;
 * /assets/status-page.js only localizes times, decides "today" in the visitor's zone and
 * runs the countdown.
 */
import type { ResetRecord } from '../../shared/domain/record.ts';
import { type PreparedRecord, recordOf } from '../query/prepared-record.ts';
import type { PreparedSnapshot } from '../query/prepared-snapshot.ts';
import { renderPage } from '../web/layout.ts';
import { bannerSection } from './banner.ts';
import { DAY } from './format.ts';
import {
  type Fragments,
  LATEST_COMPLETIONS,
  LATEST_RECORDS,
  type OpenRecord,
  STALE_AFTER_MS,
} from './fragments.ts';
import { type Completion, HISTORY_DAYS, historySection } from './history-strip.ts';
import { chooseNext, type OpenSchedule } from './next-reset.ts';
import {
  completionInstant,
  completionsList,
  isOpenRow,
  recordsList,
  resetLabel,
  scheduleDetails,
} from './record-html.ts';
import { whenKind } from './schedule-when.ts';
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

const TITLE = 'Usage-limit resets: status';

export interface RenderedStatusPage {
  readonly status: 200 | 503;
  readonly html: string;
  /** First instant (epoch ms) at which this page's facts may change, or null. */
  readonly validUntil: number | null;
}

/** Renders the page; remembers the time-independent fragments of the last epoch. */
export class StatusPageRenderer {
  #cached: Fragments | undefined;
  readonly #baseUrl: string | undefined;

  /** `baseUrl`: PUBLIC_BASE_URL, for the calendar's webcal:// link; never a request's Host. */
  constructor(baseUrl?: string) {
    this.#baseUrl = baseUrl;
  }

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
      bannerSection({
        now,
        checkedMs,
        fresh,
        completionTimes: fragments.completionTimes,
        next: fragments.next,
      }),
      freshnessLine(checkedAt, checkedMs, now),
      '<p class="zone-note" id="zone-note">Times are shown in UTC.</p>',
      nextSection(fragments, now),
      fragments.historyHtml,
      completionsSection(fragments),
      recordsSection(fragments),
      subscribeSection(this.#baseUrl),
      aboutSection(snapshot),
      // Changes exactly when the page's data does (snapshot version and view epoch): the
      // script's refresh rewrites the page only then.
      `<span hidden data-version="${fragments.key}"></span>`,
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
    // Feed readers and browsers find the subscriptions from the page itself.
    head: [
      '<link rel="alternate" type="application/atom+xml" title="Reset records (Atom)" href="/feed.xml">',
      '<link rel="alternate" type="text/calendar" title="Scheduled resets (iCalendar)" href="/calendar.ics">',
    ].join('\n'),
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
  // Completions of the last 90 days (the strip), the latest few listed by name.
  const since = (Math.floor(now / DAY) - (HISTORY_DAYS - 1)) * DAY;
  const latest: ResetRecord[] = [];
  const history: Completion[] = [];
  for (const row of rows.reset_completed) {
    if (row.isSchedule) continue; // the in-progress schedules pinned first are no completion
    const record = recordOf(row);
    const at = completionInstant(record)?.at;
    const ms = at === undefined ? null : Date.parse(at);
    if (latest.length < LATEST_COMPLETIONS) latest.push(record);
    if (ms !== null && ms >= since && ms <= now)
      history.push({ id: record.id, ms, label: resetLabel(record) });
    // Newest first by announcement: once a completion is a week older than the strip, stop.
    const sortMs = row.announcedMs ?? row.completedMs ?? row.effectiveMs;
    if (latest.length >= LATEST_COMPLETIONS && sortMs !== null && sortMs < since - 7 * DAY) break;
  }
  const completionTimes = latest
    .map((record) => completionInstant(record)?.at)
    .filter((at): at is string => at !== undefined)
    .map((at) => Date.parse(at));

  // The pinned block of `all`: the open schedules.
  const open: (OpenRecord & OpenSchedule)[] = [];
  let undatedOpen = 0;
  for (const row of rows.all) {
    if (!isOpenRow(row, now)) break;
    if (row.startMs === null || row.endMs === null) {
      undatedOpen++;
      continue;
    }
    const record = recordOf(row);
    const schedule = {
      id: row.id,
      startMs: row.startMs,
      endMs: row.endMs,
      precision: record.schedulePrecision,
      basis: record.scheduleBasis,
    };
    open.push({ ...schedule, record, kind: whenKind(schedule) });
  }
  const { next, others } = chooseNext(open, now);

  return {
    key,
    completionTimes,
    completionsHtml: completionsList(latest),
    next,
    others,
    undatedOpen,
    nextDetailsHtml: next === null ? '' : scheduleDetails(next.record),
    historyHtml: historySection(history, now),
    recordsHtml: recordsList(rows.all.slice(0, LATEST_RECORDS), now),
    total: rows.all.length,
  };
}
