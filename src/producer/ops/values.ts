import type { ResetRecord } from '../../shared/domain/record.ts';
import type { OpsContext } from './context.ts';
import { parseHumanTime } from './human-time.ts';
import { OpsRefusal } from './refusal.ts';

type Scope = NonNullable<ResetRecord['scope']>;
type ScheduleWindow = NonNullable<ResetRecord['scheduleWindow']>;

/**
 * Values as the operator types them, checked and turned into payload fields. A bad value is
 * a refusal (exit status 1) naming the option or field as it was typed.
 */

/** What reading a typed time needs: the command's time, the zone of "PT", and the echo. */
export type TimeContext = Pick<OpsContext, 'now' | 'timeZone' | 'echo'>;

/**
 * A time as the operator types it (human-time.ts: `2026-11-20T18:00:00.000Z`, `now`, `-2h`,
 * `6pm PT today`, `2026-11-26 18:00 America/Los_Angeles`…), in the contract's UTC form. A
 * time typed otherwise than in that form is echoed back, as read, before anything is written.
 */
export function timestampValue(name: string, value: string, context: TimeContext): string {
  const time = parseHumanTime(value, { now: context.now, zone: context.timeZone, name });
  if (time.utc !== value) context.echo(time.echo);
  return time.utc;
}

/** A timestamp that is not after `now`: a time that has already happened. */
export function pastTimestampValue(name: string, value: string, context: TimeContext): string {
  const timestamp = timestampValue(name, value, context);
  if (Date.parse(timestamp) > context.now)
    throw new OpsRefusal(`${name} is in the future: ${timestamp}`);
  return timestamp;
}

export function enumValue<T extends string>(name: string, value: string, allowed: readonly T[]): T {
  if (!(allowed as readonly string[]).includes(value)) {
    throw new OpsRefusal(`${name} must be one of ${allowed.join(', ')}, not "${value}"`);
  }
  return value as T;
}

/**
 * `START,END`: two times, END not before START (equal for an exact time); or one date, a
 * whole day on the calendar of the zone named (`2026-11-27`, `tomorrow`, `2026-11-27 UTC`).
 */
export function windowValue(name: string, value: string, context: TimeContext): ScheduleWindow {
  const parts = value.split(',');
  if (parts.length === 1) {
    const day = parseHumanTime(value, {
      now: context.now,
      zone: context.timeZone,
      name,
      allowDate: true,
    });
    if (day.dayEndMs === null) {
      throw new OpsRefusal(
        `${name} must be START,END (two times) or one date (a whole day), not "${value}"`,
      );
    }
    context.echo(day.echo);
    return { startAt: day.utc, endAt: new Date(day.dayEndMs).toISOString() };
  }
  if (parts.length !== 2) {
    throw new OpsRefusal(
      `${name} must be START,END (two times) or one date (a whole day), not "${value}"`,
    );
  }
  const startAt = timestampValue(`${name} start`, parts[0]!.trim(), context);
  const endAt = timestampValue(`${name} end`, parts[1]!.trim(), context);
  if (Date.parse(endAt) < Date.parse(startAt)) {
    throw new OpsRefusal(`${name} ends before it starts: ${startAt} is after ${endAt}`);
  }
  return { startAt, endAt };
}

export function confidenceValue(name: string, value: string): number {
  const confidence = Number(value);
  if (!/^(\d+(\.\d*)?|\.\d+)$/.test(value) || confidence > 1) {
    throw new OpsRefusal(`${name} must be a number from 0 to 1, not "${value}"`);
  }
  return confidence;
}

/** producer.md §2: lowercase plan ids, `all` for everyone; `unknown` when not named. */
export const PLANS = [
  'all',
  'free',
  'go',
  'plus',
  'pro',
  'business',
  'enterprise',
  'edu',
  'unknown',
];
export const WINDOWS = ['five_hour', 'weekly', 'unknown'];

const SCOPE_SYNTAX = 'plans:LIST;windows:LIST, e.g. plans:plus,pro;windows:weekly';

/**
 * A scope as `plans:plus,pro;windows:weekly` (either part may be left out: it is then
 * `["unknown"]`), or as the JSON object `{"plans":[…],"windows":[…]}`. Ids are checked
 * against producer.md's lists, so that a typo is refused rather than published.
 */
export function scopeValue(name: string, value: string): Scope {
  const lists = value.trimStart().startsWith('{')
    ? scopeFromJson(name, value)
    : scopeLists(name, value);
  return {
    plans: checkedIds(name, 'plan', lists.plans, PLANS),
    windows: checkedIds(name, 'window', lists.windows, WINDOWS),
  };
}

function scopeLists(name: string, value: string): { plans: string[]; windows: string[] } {
  const lists = new Map<string, string[]>();
  for (const part of value.split(';')) {
    const match = /^\s*(plans|windows)\s*:(.*)$/.exec(part);
    if (match === null || lists.has(match[1]!)) {
      throw new OpsRefusal(`${name} must be ${SCOPE_SYNTAX}, not "${value}"`);
    }
    lists.set(
      match[1]!,
      match[2]!.split(',').map((id) => id.trim()),
    );
  }
  return { plans: lists.get('plans') ?? ['unknown'], windows: lists.get('windows') ?? ['unknown'] };
}

function scopeFromJson(name: string, value: string): { plans: string[]; windows: string[] } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    parsed = undefined;
  }
  const { plans, windows, ...rest } = (parsed ?? {}) as Record<string, unknown>;
  const isList = (list: unknown): list is string[] =>
    Array.isArray(list) && list.every((id) => typeof id === 'string');
  if (!isList(plans) || !isList(windows) || Object.keys(rest).length > 0) {
    throw new OpsRefusal(
      `${name} as JSON must be {"plans":[…],"windows":[…]} (lists of strings), not ${value}`,
    );
  }
  return { plans, windows };
}

function checkedIds(name: string, what: string, ids: string[], allowed: string[]): string[] {
  if (ids.length === 0 || ids.includes('')) {
    throw new OpsRefusal(`${name}: empty ${what} list or ${what} id`);
  }
  const unknown = ids.find((id) => !allowed.includes(id));
  if (unknown !== undefined) {
    throw new OpsRefusal(`${name}: unknown ${what} "${unknown}" (${what}s: ${allowed.join(', ')})`);
  }
  return [...new Set(ids)];
}

/** A scope as `scopeValue` reads it: `plans:plus,pro;windows:weekly`. */
export const formatScope = (scope: Scope): string =>
  `plans:${scope.plans.join(',')};windows:${scope.windows.join(',')}`;
