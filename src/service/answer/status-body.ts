import { CALENDAR_PATH, FEED_PATH } from '../feeds/paths.ts';
import type { Answer, OpenSchedule, ResetFact } from './answer.ts';

/**
 * The body of `GET /status.json` (answer.md §2), field for field in its order. Links are
 * root-relative: they resolve against the address the body was fetched from, so nothing
 * in it comes from a request's Host header.
 */

export const STATUS_LINKS = Object.freeze({
  api: '/openapi/v1/records',
  feed: FEED_PATH,
  calendar: CALENDAR_PATH,
});

const reset = (fact: ResetFact | null) =>
  fact === null
    ? null
    : {
        recordId: fact.recordId,
        at: fact.at,
        resetType: fact.resetType,
        plans: fact.plans,
        windows: fact.windows,
      };

const schedule = (open: OpenSchedule) => ({
  recordId: open.recordId,
  resetType: open.resetType,
  plans: open.plans,
  windows: open.windows,
  precision: open.precision,
  startAt: open.startAt,
  endAt: open.endAt,
  inProgress: open.inProgress,
});

export function statusBodyOf(answer: Answer) {
  return {
    generatedAt: answer.generatedAt,
    lastSuccessfulCheckAt: answer.lastSuccessfulCheckAt,
    stale: answer.stale,
    lastReset: reset(answer.lastReset),
    lastGlobalReset: reset(answer.lastGlobalReset),
    next: answer.next === null ? null : schedule(answer.next),
    open: answer.open.map(schedule),
    links: STATUS_LINKS,
  };
}

export type StatusBody = ReturnType<typeof statusBodyOf>;
