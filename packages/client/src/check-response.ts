import { ResetRecordsError } from './errors.ts';
import {
  ERROR_CODES,
  type ErrorBody,
  type LatestEnvelope,
  type ListEnvelope,
  type Meta,
  type ResetRecord,
  type StatusAnswer,
  type StatusReset,
  type StatusSchedule,
} from './generated/types.ts';

/**
 * Checks that a parsed body has the shape the contract gives, field by field, before it is
 * typed as such: a client that trusts a body's shape fails later, far from the cause, or
 * gives a wrong answer. (The service validates with zod; the client ships no dependency,
 * so these are the same rules written out for what the client reads.)
 */

type Value = unknown;

function fail(path: string, expected: string): never {
  throw new ResetRecordsError('invalid_response', `response ${path}: expected ${expected}`);
}

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

function object(value: Value, path: string): Record<string, Value> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) fail(path, 'an object');
  return value as Record<string, Value>;
}

function string(value: Value, path: string): string {
  if (typeof value !== 'string') fail(path, 'a string');
  return value;
}

function timestamp(value: Value, path: string): string {
  if (typeof value !== 'string' || !TIMESTAMP.test(value) || !Number.isFinite(Date.parse(value))) {
    fail(path, 'a UTC timestamp');
  }
  return value;
}

function boolean(value: Value, path: string): boolean {
  if (typeof value !== 'boolean') fail(path, 'a boolean');
  return value;
}

function integer(value: Value, path: string, min: number): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min) {
    fail(path, `an integer of at least ${min}`);
  }
  return value;
}

function oneOf<T extends string>(value: Value, path: string, allowed: readonly T[]): T {
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) {
    fail(path, `one of ${allowed.join(', ')}`);
  }
  return value as T;
}

function nullable<T>(check: (value: Value, path: string) => T) {
  return (value: Value, path: string): T | null => (value === null ? null : check(value, path));
}

function nullableOneOf<T extends string>(value: Value, path: string, allowed: readonly T[]) {
  return value === null ? null : oneOf(value, path, allowed);
}

function strings(value: Value, path: string): string[] {
  if (!Array.isArray(value)) fail(path, 'an array');
  for (const [index, item] of value.entries()) string(item, `${path}[${index}]`);
  return value as string[];
}

const RESET_TYPES = ['global', 'banked', 'global_and_banked'] as const;

export function checkRecord(value: Value, path: string): ResetRecord {
  const r = object(value, path);
  if (string(r['id'], `${path}.id`) === '') fail(`${path}.id`, 'a non-empty string');
  oneOf(r['kind'], `${path}.kind`, ['reset_scheduled', 'reset_completed']);
  oneOf(r['resetType'], `${path}.resetType`, RESET_TYPES);
  for (const field of ['announcedAt', 'effectiveAt', 'completedAt']) {
    nullable(timestamp)(r[field], `${path}.${field}`);
  }
  nullable(string)(r['text'], `${path}.text`);
  if (r['confidence'] !== null) {
    const c = r['confidence'];
    if (typeof c !== 'number' || !(c >= 0 && c <= 1)) fail(`${path}.confidence`, 'a number 0–1');
  }
  if (r['scope'] !== null) {
    const scope = object(r['scope'], `${path}.scope`);
    strings(scope['plans'], `${path}.scope.plans`);
    strings(scope['windows'], `${path}.scope.windows`);
  }
  const source = object(r['source'], `${path}.source`);
  oneOf(source['origin'], `${path}.source.origin`, ['x', 'operator']);
  for (const field of ['postId', 'handle', 'url']) {
    nullable(string)(source[field], `${path}.source.${field}`);
  }
  nullableOneOf(r['schedulePrecision'], `${path}.schedulePrecision`, ['date', 'datetime']);
  nullableOneOf(r['scheduleBasis'], `${path}.scheduleBasis`, ['explicit', 'contextual_inference']);
  if (r['scheduleWindow'] !== null) {
    const window = object(r['scheduleWindow'], `${path}.scheduleWindow`);
    const start = timestamp(window['startAt'], `${path}.scheduleWindow.startAt`);
    const end = timestamp(window['endAt'], `${path}.scheduleWindow.endAt`);
    if (end < start) fail(`${path}.scheduleWindow.endAt`, 'a time not before startAt');
  }
  const states = ['pending', 'elapsed', 'fulfilled', 'unknown'] as const;
  nullableOneOf(r['scheduleState'], `${path}.scheduleState`, states);
  nullable(string)(r['completionRecordId'], `${path}.completionRecordId`);
  nullableOneOf(r['fulfillmentOrigin'], `${path}.fulfillmentOrigin`, ['auto', 'link', 'manual']);
  strings(r['relatedRecordIds'], `${path}.relatedRecordIds`);
  return value as ResetRecord;
}

function checkMeta(value: Value, path: string): Meta {
  const meta = object(value, path);
  timestamp(meta['generatedAt'], `${path}.generatedAt`);
  nullable(timestamp)(meta['lastSuccessfulCheckAt'], `${path}.lastSuccessfulCheckAt`);
  return value as Meta;
}

export function checkLatestEnvelope(value: Value): LatestEnvelope {
  const body = object(value, 'body');
  if (body['ok'] !== true) fail('body.ok', 'true');
  nullable(checkRecord)(body['data'], 'body.data');
  checkMeta(body['meta'], 'body.meta');
  return value as LatestEnvelope;
}

export function checkListEnvelope(value: Value): ListEnvelope {
  const body = object(value, 'body');
  if (body['ok'] !== true) fail('body.ok', 'true');
  const data = object(body['data'], 'body.data');
  const items = data['items'];
  if (!Array.isArray(items)) fail('body.data.items', 'an array');
  for (const [index, item] of items.entries()) checkRecord(item, `body.data.items[${index}]`);
  const page = integer(data['page'], 'body.data.page', 1);
  const pageSize = integer(data['pageSize'], 'body.data.pageSize', 1);
  const total = integer(data['total'], 'body.data.total', 0);
  const totalPages = integer(data['totalPages'], 'body.data.totalPages', 0);
  const hasNext = boolean(data['hasNext'], 'body.data.hasNext');
  // The page's own arithmetic (service.md § List page object): a body that contradicts
  // itself would make pagination loop or stop too soon.
  if (items.length > pageSize) fail('body.data.items', `at most pageSize (${pageSize}) records`);
  if (totalPages !== Math.ceil(total / pageSize))
    fail('body.data.totalPages', 'ceil(total / pageSize)');
  if (hasNext !== page < totalPages) fail('body.data.hasNext', 'page < totalPages');
  checkMeta(body['meta'], 'body.meta');
  return value as ListEnvelope;
}

function checkStatusReset(value: Value, path: string): StatusReset {
  const reset = object(value, path);
  string(reset['recordId'], `${path}.recordId`);
  timestamp(reset['at'], `${path}.at`);
  oneOf(reset['resetType'], `${path}.resetType`, RESET_TYPES);
  strings(reset['plans'], `${path}.plans`);
  strings(reset['windows'], `${path}.windows`);
  return value as StatusReset;
}

function checkStatusSchedule(value: Value, path: string): StatusSchedule {
  const schedule = object(value, path);
  string(schedule['recordId'], `${path}.recordId`);
  oneOf(schedule['resetType'], `${path}.resetType`, RESET_TYPES);
  strings(schedule['plans'], `${path}.plans`);
  strings(schedule['windows'], `${path}.windows`);
  nullableOneOf(schedule['precision'], `${path}.precision`, ['date', 'datetime']);
  nullable(timestamp)(schedule['startAt'], `${path}.startAt`);
  nullable(timestamp)(schedule['endAt'], `${path}.endAt`);
  boolean(schedule['inProgress'], `${path}.inProgress`);
  return value as StatusSchedule;
}

export function checkStatusAnswer(value: Value): StatusAnswer {
  const body = object(value, 'body');
  timestamp(body['generatedAt'], 'body.generatedAt');
  nullable(timestamp)(body['lastSuccessfulCheckAt'], 'body.lastSuccessfulCheckAt');
  boolean(body['stale'], 'body.stale');
  nullable(checkStatusReset)(body['lastReset'], 'body.lastReset');
  nullable(checkStatusReset)(body['lastGlobalReset'], 'body.lastGlobalReset');
  nullable(checkStatusSchedule)(body['next'], 'body.next');
  const open = body['open'];
  if (!Array.isArray(open)) fail('body.open', 'an array');
  for (const [index, item] of open.entries()) checkStatusSchedule(item, `body.open[${index}]`);
  const links = object(body['links'], 'body.links');
  for (const field of ['api', 'feed', 'calendar']) string(links[field], `body.links.${field}`);
  return value as StatusAnswer;
}

/** The contract's error body, or null when the body is not one. */
export function errorBodyOf(value: Value): ErrorBody | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const body = value as Record<string, Value>;
  if (typeof body['error'] !== 'string' || typeof body['detail'] !== 'string') return null;
  if (!(ERROR_CODES as readonly string[]).includes(body['error'])) return null;
  return value as ErrorBody;
}
