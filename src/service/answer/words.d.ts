// Types of words.js (plain JavaScript, shared with the browser) for the server's TypeScript.

export declare const MINUTE: number;
export declare const HOUR: number;
export declare const DAY: number;
export declare const STALE_AFTER_MS: number;
export declare const ANNOUNCER_ZONE: string;
export declare const KNOWN_TIME_SPAN_MS: number;
export declare const HISTORY_DAYS: number;

export type ResetType = 'global' | 'banked' | 'global_and_banked';

/** What was reset: the part of a reset or a schedule that words describe. */
export interface ResetScope {
  readonly resetType: ResetType;
  readonly plans: readonly string[];
  readonly windows: readonly string[];
}

/** A completed reset as /status.json gives it (answer.md §2). */
export interface ResetFact extends ResetScope {
  readonly recordId: string;
  readonly at: string;
}

/** An open schedule as /status.json gives it (answer.md §2). */
export interface ScheduleFact extends ResetScope {
  readonly recordId: string;
  readonly precision: 'date' | 'datetime' | null;
  readonly startAt: string | null;
  readonly endAt: string | null;
  readonly inProgress: boolean;
}

/** The fields of /status.json the words read. */
export interface AnswerView {
  readonly lastSuccessfulCheckAt: string | null;
  readonly lastReset: ResetFact | null;
  readonly lastGlobalReset: ResetFact | null;
  readonly next: ScheduleFact | null;
}

export interface Clock {
  readonly zone: string;
  readonly utc: boolean;
  readonly yours: string;
  dayKey(ms: number): string;
  time(ms: number): string;
  dayName(ms: number): string;
  when(ms: number, now: number): string;
}

export type VerdictState = 'yes' | 'partial' | 'soon' | 'no' | 'stale';

export interface Verdict {
  readonly state: VerdictState;
  readonly icon: string;
  readonly headline: string;
  /** For the page title: `Reset 2 h ago`, `No reset today; last 3 days ago`. */
  readonly short: string;
  readonly lastLine: string;
  readonly globalLine: string | null;
}

export interface WhenSchedule {
  readonly startAt: string | null;
  readonly endAt: string | null;
  readonly precision: 'date' | 'datetime' | null;
  readonly basis: 'explicit' | 'contextual_inference' | null;
}

export interface StripReset extends ResetFact {
  /** The record page's path, encoded. */
  readonly path: string;
}

export interface StripDay {
  readonly key: string;
  readonly label: string;
  readonly resets: readonly StripReset[];
}

export declare function escapeHtml(text: string): string;
export declare function listWords(items: readonly string[]): string;
export declare function plansWords(plans: readonly string[]): string | null;
export declare function windowsWords(windows: readonly string[]): string | null;
export declare function typeWords(resetType: ResetType): string;
export declare function whatWasReset(fact: ResetScope): string;
export declare function isFullReset(fact: ResetScope): boolean;
export declare function resetNoun(fact: ResetScope): string;
export declare function shiftDayKey(key: string, days: number): string;
export declare function dayKeyIn(ms: number, zone: string): { day: string; clock: string };
export declare function createClock(zone: string | undefined, locale: string | undefined): Clock;
export declare function agoWords(ms: number): string;
export declare function ageWords(ms: number): string;
export declare function countdownWords(ms: number): string;
export declare function wholeDayOf(
  startMs: number,
  endMs: number,
): { zone: string; label: string; day: string } | null;
export declare function dayKeyName(key: string, locale: string | undefined): string;
export declare function isKnownTime(
  schedule: Pick<WhenSchedule, 'precision' | 'basis'>,
  startMs: number,
  endMs: number,
): boolean;
export declare function scheduleWords(
  schedule: WhenSchedule,
  now: number,
  clock: Clock,
  locale: string | undefined,
): string;
export declare function verdictOf(answer: AnswerView, now: number, clock: Clock): Verdict;
export declare function stripDays(
  resets: readonly StripReset[],
  now: number,
  clock: Clock,
  locale: string | undefined,
): StripDay[];
export declare function stripHtml(days: readonly StripDay[]): string;
