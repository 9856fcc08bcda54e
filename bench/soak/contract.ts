/**
 * The contract's promises about answers, restated from ../shared/spec/service.md and
 * decisions.md (not imported from src/, so the soak checks the service against the
 * contract rather than against itself). Each check returns a problem, or undefined.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { Reply } from './http-client.ts';

/** service.md § Errors. */
export const ERROR_STATUS: Readonly<Record<string, number>> = {
  invalid_query: 422,
  rate_limited: 429,
  rate_limit_unavailable: 503,
  data_unavailable: 503,
  internal_error: 500,
  not_found: 404,
  method_not_allowed: 405,
};

/** Requests refused before routing carry invalid_query with their own status (README). */
const REFUSAL_STATUSES = new Set([400, 408, 413, 431]);

/** The only 5xx the contract allows: its two 503s. */
export const CONTRACT_503 = new Set(['rate_limit_unavailable', 'data_unavailable']);

export const QUOTA_LIMIT = 20;
export const QUOTA_WINDOW_SECONDS = 3600;

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
/** What a 500 must never carry: a stack frame, a file path, a Node internal. */
const LEAK = /\bat .+\(|\/work\/|\/src\/|node:internal|node_modules|Error:/;

export interface ErrorBody {
  readonly ok: false;
  readonly error: string;
  readonly detail: string;
  readonly retryAfter?: number;
}

/** Checks an error body's shape (decisions.md §6); returns [body, problem]. */
export function checkErrorBody(value: unknown): [ErrorBody | undefined, string | undefined] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return [undefined, 'error body is not a JSON object'];
  }
  const body = value as Record<string, unknown>;
  const code = body['error'];
  if (typeof code !== 'string' || !(code in ERROR_STATUS)) {
    return [undefined, `unknown error code ${JSON.stringify(code)}`];
  }
  const expectedKeys = [
    'ok',
    'error',
    'detail',
    ...(code === 'rate_limited' ? ['retryAfter'] : []),
  ];
  const keys = Object.keys(body);
  if (keys.length !== expectedKeys.length || !expectedKeys.every((key) => key in body)) {
    return [undefined, `error body keys ${JSON.stringify(keys)}, expected ${expectedKeys}`];
  }
  if (body['ok'] !== false) return [undefined, 'error body ok is not false'];
  const detail = body['detail'];
  if (typeof detail !== 'string' || detail === '') return [undefined, 'detail is not a string'];
  if (LEAK.test(detail)) return [undefined, `detail leaks internals: ${detail}`];
  if (code === 'rate_limited') {
    const retryAfter = body['retryAfter'];
    if (!Number.isInteger(retryAfter) || (retryAfter as number) < 1) {
      return [undefined, `retryAfter ${JSON.stringify(retryAfter)} is not an integer >= 1`];
    }
  }
  return [body as unknown as ErrorBody, undefined];
}

/** Checks an HTTP error answer: body, status, headers. */
export function checkHttpError(reply: Reply): string | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(reply.body);
  } catch {
    return `HTTP ${reply.status} body is not JSON: ${reply.body.slice(0, 120)}`;
  }
  const [body, problem] = checkErrorBody(parsed);
  if (problem !== undefined || body === undefined) return `HTTP ${reply.status}: ${problem}`;
  const expected = ERROR_STATUS[body.error];
  const refused = body.error === 'invalid_query' && REFUSAL_STATUSES.has(reply.status);
  if (reply.status !== expected && !refused) {
    return `HTTP ${reply.status} carries ${body.error} (expected HTTP ${expected})`;
  }
  if (!String(reply.headers['content-type']).startsWith('application/json')) {
    return `HTTP ${reply.status} ${body.error}: content-type ${reply.headers['content-type']}`;
  }
  if (!String(reply.headers['cache-control']).includes('no-store')) {
    return `HTTP ${reply.status} ${body.error}: cache-control ${reply.headers['cache-control']}`;
  }
  if (reply.status === 429 && reply.headers['retry-after'] !== String(body.retryAfter)) {
    return `429 Retry-After ${reply.headers['retry-after']} != retryAfter ${body.retryAfter}`;
  }
  return undefined;
}

/** The error code of an HTTP error answer, if its body has one. */
export function errorCodeOf(reply: Reply): string | undefined {
  try {
    const body = JSON.parse(reply.body) as { error?: unknown };
    return typeof body.error === 'string' ? body.error : undefined;
  } catch {
    return undefined;
  }
}

/** A 5xx the contract does not allow (anything but its two 503s). */
export function isForbidden5xx(reply: Reply): boolean {
  if (reply.status < 500) return false;
  return !(reply.status === 503 && CONTRACT_503.has(errorCodeOf(reply) ?? ''));
}

/**
 * The rate-limit headers of the n-th counted request (from 1) of a client that has sent
 * nothing else counted (decisions.md §5). `refused` says whether it was refused.
 */
export function checkQuotaHeaders(
  headers: IncomingHttpHeaders,
  n: number,
  refused: boolean,
): string | undefined {
  const shouldRefuse = n > QUOTA_LIMIT;
  if (refused !== shouldRefuse) {
    return `counted request #${n} was ${refused ? 'refused' : 'admitted'} (limit ${QUOTA_LIMIT})`;
  }
  const remaining = Math.max(0, QUOTA_LIMIT - n);
  const expected: Record<string, string> = {
    'x-ratelimit-limit': String(QUOTA_LIMIT),
    'x-ratelimit-remaining': String(remaining),
    'x-ratelimit-window': String(QUOTA_WINDOW_SECONDS),
  };
  for (const [name, value] of Object.entries(expected)) {
    if (headers[name] !== value) return `#${n}: ${name} ${headers[name]}, expected ${value}`;
  }
  if (!TIMESTAMP.test(String(headers['x-ratelimit-reset']))) {
    return `#${n}: x-ratelimit-reset ${headers['x-ratelimit-reset']} is not a timestamp`;
  }
  return undefined;
}

/** An uncounted answer carries no rate-limit headers. */
export function checkNoQuotaHeaders(headers: IncomingHttpHeaders): string | undefined {
  for (const name of ['x-ratelimit-limit', 'x-ratelimit-remaining', 'retry-after']) {
    if (headers[name] !== undefined) return `uncounted answer carries ${name}`;
  }
  return undefined;
}

export function isTimestamp(value: unknown): boolean {
  return typeof value === 'string' && TIMESTAMP.test(value);
}
