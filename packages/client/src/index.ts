/**
 * The official client of the Public Reset Records Service (docs/client.md): TypeScript,
 * ESM, no dependencies; Node 20+, browsers and Deno.
 */
export {
  type CallOptions,
  type ClientOptions,
  createClient,
  type LastResetResult,
  type Latest,
  type List,
  type ListQuery,
  type NextScheduleResult,
  type PagesOptions,
  type ReadOptions,
  type ResetRecordsClient,
} from './client.ts';
export {
  ApiError,
  type ClientErrorCode,
  QueryError,
  RateLimitError,
  ResetRecordsError,
} from './errors.ts';
export * from './generated/types.ts';
export type { Quota } from './quota.ts';
export {
  compareIds,
  compareOpen,
  isOpen,
  type LastReset,
  lastResetOf,
  type OpenSchedule,
  openSchedules,
  resetTimeOf,
} from './select.ts';
export type { CheckedRange, RecordsPage, StopReason } from './walk.ts';
