/**
 * Which open schedule a person calls "the next reset" (issue 11): the API lists open
 * schedules soonest window first, but a whole-day window that is in progress is not what
 * someone means by "next" when an announced time five hours away exists.
 *
 * A schedule with a **known time** (datetime precision, stated explicitly, and a window of
 * at most KNOWN_TIME_SPAN) is due at its start, or now while its window runs. Any other
 * window (a whole day, "in a few hours", "this afternoon") is only known to have happened
 * by its end, so it is due at its end. The next reset is the one due soonest; a tie goes
 * to the known time, then to the earlier start, then to the smaller id. Every other open
 * schedule is listed after it, in the same order.
 */

/** A deadline window ("by 8pm", "in the next hour") up to this long still names a time. */
export const KNOWN_TIME_SPAN_MS = 2 * 60 * 60 * 1000;

export interface OpenSchedule {
  readonly id: string;
  readonly startMs: number;
  readonly endMs: number;
  readonly precision: 'date' | 'datetime' | null;
  readonly basis: 'explicit' | 'contextual_inference' | null;
}

export interface NextChoice<T extends OpenSchedule> {
  readonly next: T | null;
  readonly others: readonly T[];
}

export const hasKnownTime = (schedule: OpenSchedule) =>
  schedule.precision === 'datetime' &&
  schedule.basis === 'explicit' &&
  schedule.endMs - schedule.startMs <= KNOWN_TIME_SPAN_MS;

/** When a person would expect to know: a known time at its start (now once it runs), a window at its end. */
export const dueAt = (schedule: OpenSchedule, now: number) =>
  hasKnownTime(schedule) ? Math.max(schedule.startMs, now) : schedule.endMs;

/** Chooses among the schedules still open at `now` (windows that have ended are left out). */
export function chooseNext<T extends OpenSchedule>(
  schedules: readonly T[],
  now: number,
): NextChoice<T> {
  const open = schedules.filter((schedule) => schedule.endMs >= now);
  const ordered = [...open].sort(
    (a, b) =>
      dueAt(a, now) - dueAt(b, now) ||
      Number(hasKnownTime(b)) - Number(hasKnownTime(a)) ||
      a.startMs - b.startMs ||
      (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
  return { next: ordered[0] ?? null, others: ordered.slice(1) };
}
