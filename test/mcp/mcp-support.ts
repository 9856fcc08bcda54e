import assert from 'node:assert/strict';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { ResetRecord } from '../../src/shared/domain/record.ts';
import { type RequestOptions, type Response, request } from '../support/http.ts';
import { completion, DAY, HOUR, iso, schedule, snapshotOf } from '../support/records.ts';

/**
 * Shared by the MCP integration tests: a snapshot with records in every state, raw
 * JSON-RPC messages as each protocol revision sends them, and SDK clients per revision.
 */

/** The instant the injected clocks stand at. */
export const T0 = Date.parse('2026-11-20T12:00:00.000Z');

export const MODERN = '2026-07-28';
/** The earlier revisions the official SDK still negotiates through `initialize`. */
export const LEGACY_REVISIONS = [
  '2025-11-25',
  '2025-06-18',
  '2025-03-26',
  '2024-11-05',
  '2024-10-07',
] as const;

export const LATEST_TOOL = 'get_latest_reset_record';
export const LIST_TOOL = 'list_reset_records';
export const RATE_HEADERS = [
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'x-ratelimit-window',
  'x-ratelimit-reset',
] as const;

/**
 * Schedules pending (future, in progress, stale), elapsed, fulfilled and unknown;
 * completions from posts, an operator note and a manual completion. 13 records.
 */
export const RECORDS: ResetRecord[] = [
  schedule('2001', 'pending', [T0 + 2 * HOUR, T0 + 3 * HOUR], {
    announcedAt: iso(T0 - HOUR),
    text: 'Limits reset at 14:00 UTC.',
    confidence: 0.9,
    scope: { plans: ['all'], windows: ['five_hour'] },
  }),
  schedule('2002', 'pending', [T0 - HOUR, T0 + HOUR], {
    announcedAt: iso(T0 - 5 * HOUR),
    scope: { plans: ['unknown'], windows: ['weekly'] },
  }),
  schedule('2003', 'pending', [T0 + DAY, T0 + DAY + HOUR], { announcedAt: iso(T0 - 2 * HOUR) }),
  schedule('1990', 'elapsed', [T0 - 3 * DAY, T0 - 3 * DAY + HOUR], {
    announcedAt: iso(T0 - 4 * DAY),
  }),
  schedule('1991', 'fulfilled', [T0 - 2 * DAY, T0 - 2 * DAY], {
    announcedAt: iso(T0 - 3 * DAY),
    effectiveAt: iso(T0 - 2 * DAY),
    completionRecordId: '1992',
    fulfillmentOrigin: 'link',
  }),
  completion('1992', {
    announcedAt: iso(T0 - 2 * DAY + 60_000),
    effectiveAt: iso(T0 - 2 * DAY),
    confidence: 0.95,
    relatedRecordIds: ['1991'],
  }),
  schedule('1993', 'unknown', null, {
    announcedAt: iso(T0 - 6 * DAY),
    schedulePrecision: 'date',
    scheduleBasis: 'contextual_inference',
  }),
  schedule('1994', 'pending', [T0 - 5 * DAY, T0 - 5 * DAY + HOUR], {
    announcedAt: iso(T0 - 6 * DAY - HOUR),
  }),
  completion('manual:1994', {
    effectiveAt: iso(T0 - 5 * DAY + 2 * HOUR),
    completedAt: iso(T0 - 5 * DAY + 2 * HOUR),
    relatedRecordIds: ['1994'],
  }),
  completion('op_note_1', {
    announcedAt: iso(T0 - 7 * DAY),
    effectiveAt: iso(T0 - 7 * DAY),
    text: 'Operator note: weekly limits were reset.',
  }),
  completion('1980', { announcedAt: iso(T0 - 8 * DAY), effectiveAt: iso(T0 - 8 * DAY) }),
  completion('1981', { announcedAt: iso(T0 - 8 * DAY), effectiveAt: null }),
  schedule('1970', 'elapsed', [T0 - 9 * DAY, T0 - 9 * DAY + HOUR], {
    announcedAt: iso(T0 - 10 * DAY),
    resetType: 'global_and_banked',
  }),
];

export const SNAPSHOT = snapshotOf(RECORDS, T0 - 5 * 60_000);

// ---------------------------------------------------------------------------------------
// Raw JSON-RPC over HTTP

export const ACCEPT = 'application/json, text/event-stream';

/** The `_meta` envelope a 2026-07-28 client puts in every request's params. */
export const MODERN_META = {
  'io.modelcontextprotocol/protocolVersion': MODERN,
  'io.modelcontextprotocol/clientInfo': { name: 'mcp-tests', version: '1.0.0' },
  'io.modelcontextprotocol/clientCapabilities': {},
};

export type Id = string | number;

export interface JsonRpcReply {
  jsonrpc: '2.0';
  id: Id | null;
  result?: Record<string, unknown>;
  error?: { code: number; message: string; data?: unknown };
}

export interface ToolResult {
  content: { type: string; text?: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

/** The start of a response body, for assertion messages (tool lists are long). */
export const brief = (response: Response): string =>
  response.text.length > 400 ? `${response.text.slice(0, 400)}…` : response.text;

/** One POST /mcp with a body sent byte for byte. */
export function postMcp(
  origin: string,
  body: string,
  headers: Record<string, string> = {},
  options: Pick<RequestOptions, 'localAddress'> = {},
): Promise<Response> {
  return request(origin, '/mcp', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: ACCEPT, ...headers },
    body,
    ...options,
  });
}

/**
 * Speaks one protocol revision over raw HTTP the way the SDK client does: a 2025-era
 * revision sends `MCP-Protocol-Version` after `initialize`; 2026-07-28 adds `Mcp-Method`
 * (and `Mcp-Name` on tools/call) and the `_meta` envelope in params.
 */
export class RawMcp {
  readonly origin: string;
  readonly revision: string;
  readonly localAddress: string | undefined;

  constructor(origin: string, revision: string, localAddress?: string) {
    this.origin = origin;
    this.revision = revision;
    this.localAddress = localAddress;
  }

  get modern(): boolean {
    return this.revision === MODERN;
  }

  /** The body of a request as this revision writes it. */
  body(method: string, params: Record<string, unknown> = {}, id: Id = 1): string {
    const withMeta = this.modern ? { ...params, _meta: MODERN_META } : params;
    return JSON.stringify({ jsonrpc: '2.0', id, method, params: withMeta });
  }

  /** The headers of a request as this revision writes them. */
  headers(method: string, toolName?: string): Record<string, string> {
    const headers: Record<string, string> = { 'mcp-protocol-version': this.revision };
    if (this.modern) {
      headers['mcp-method'] = method;
      if (toolName !== undefined) headers['mcp-name'] = toolName;
    }
    return headers;
  }

  post(body: string, headers: Record<string, string>): Promise<Response> {
    const options = this.localAddress === undefined ? {} : { localAddress: this.localAddress };
    return postMcp(this.origin, body, headers, options);
  }

  send(method: string, params: Record<string, unknown> = {}, id: Id = 1): Promise<Response> {
    const toolName = method === 'tools/call' ? (params['name'] as string) : undefined;
    return this.post(this.body(method, params, id), this.headers(method, toolName));
  }

  /** A 2025-era `initialize` (sent without a version header, as the SDK does). */
  initialize(id: Id = 0): Promise<Response> {
    const body = JSON.stringify({
      jsonrpc: '2.0',
      id,
      method: 'initialize',
      params: {
        protocolVersion: this.revision,
        capabilities: {},
        clientInfo: { name: 'mcp-tests', version: '1.0.0' },
      },
    });
    return this.post(body, {});
  }

  /** `tools/call` with `arguments` given as raw JSON text (so `1.0` stays `1.0`). */
  callRaw(name: string, argumentsJson: string | undefined, id: Id = 1): Promise<Response> {
    const members = [`"name":${JSON.stringify(name)}`];
    if (argumentsJson !== undefined) members.push(`"arguments":${argumentsJson}`);
    if (this.modern) members.push(`"_meta":${JSON.stringify(MODERN_META)}`);
    const body = `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"method":"tools/call","params":{${members.join(',')}}}`;
    return this.post(body, this.headers('tools/call', name));
  }

  call(name: string, args?: unknown, id: Id = 1): Promise<Response> {
    return this.callRaw(name, args === undefined ? undefined : JSON.stringify(args), id);
  }
}

/** The JSON-RPC response of a 200 JSON answer, checked for shape. */
export function jsonRpc(response: Response, id: Id | null = 1): JsonRpcReply {
  assert.match(String(response.headers['content-type']), /^application\/json/, brief(response));
  const reply = response.json() as JsonRpcReply;
  assert.equal(reply.jsonrpc, '2.0', brief(response));
  assert.equal(reply.id, id, brief(response));
  return reply;
}

/** Asserts a JSON-RPC error with this HTTP status and code; returns the error. */
export function assertProtocolError(
  response: Response,
  status: number,
  code: number,
  id: Id | null = null,
): { code: number; message: string } {
  assert.equal(response.status, status, brief(response));
  const reply = jsonRpc(response, id);
  assert.equal(reply.result, undefined, brief(response));
  assert.ok(reply.error, brief(response));
  assert.equal(reply.error.code, code, brief(response));
  assert.equal(typeof reply.error.message, 'string');
  return reply.error;
}

/** The tool result of a `tools/call` answered on HTTP 200. */
export function toolResult(response: Response, id: Id = 1): ToolResult {
  assert.equal(response.status, 200, brief(response));
  const reply = jsonRpc(response, id);
  assert.equal(reply.error, undefined, brief(response));
  assert.ok(reply.result, brief(response));
  return reply.result as unknown as ToolResult;
}

/** Asserts the one text item carries exactly the JSON of structuredContent. */
export function assertTextMirrorsStructured(result: ToolResult): void {
  assert.equal(result.content.length, 1, JSON.stringify(result.content));
  const [item] = result.content;
  assert.equal(item?.type, 'text');
  assert.deepEqual(JSON.parse(item?.text ?? 'null'), result.structuredContent);
}

/**
 * Asserts a tool error: `isError: true`, structuredContent exactly
 * `{ok:false, error, detail}` (plus `retryAfter` for rate_limited), one text item with the
 * same JSON. Returns the structured error.
 */
export function assertToolError(
  result: ToolResult,
  error: string,
): { ok: false; error: string; detail: string; retryAfter?: number } {
  assert.equal(result.isError, true, JSON.stringify(result));
  const body = result.structuredContent as { detail?: unknown; retryAfter?: unknown };
  assert.equal(typeof body?.detail, 'string', JSON.stringify(body));
  assert.notEqual(body.detail, '');
  const expected: Record<string, unknown> = { ok: false, error, detail: body.detail };
  if (error === 'rate_limited') expected['retryAfter'] = body.retryAfter;
  assert.deepEqual(body, expected);
  assertTextMirrorsStructured(result);
  return body as { ok: false; error: string; detail: string; retryAfter?: number };
}

/** The rate-limit headers of a response, undefined where absent. */
export function rateHeaders(response: Response) {
  return {
    limit: response.headers['x-ratelimit-limit'],
    remaining: response.headers['x-ratelimit-remaining'],
    window: response.headers['x-ratelimit-window'],
    reset: response.headers['x-ratelimit-reset'],
  };
}

export function assertNoRateHeaders(response: Response, label: string): void {
  for (const name of [...RATE_HEADERS, 'retry-after']) {
    assert.equal(response.headers[name], undefined, `${label}: ${name} must not be set`);
  }
}

// ---------------------------------------------------------------------------------------
// SDK clients

export type ClientMode = 'pinned' | 'auto' | 'legacy';

/** Which revision each way of building the client ends up speaking with this server. */
export const CLIENT_MODES: readonly { mode: ClientMode; expected: string; label: string }[] = [
  { mode: 'pinned', expected: MODERN, label: 'a client pinned to 2026-07-28' },
  { mode: 'auto', expected: MODERN, label: 'a client with automatic negotiation' },
  { mode: 'legacy', expected: '2025-11-25', label: 'a client using the 2025 handshake' },
];

export async function connectClient(origin: string, mode: ClientMode): Promise<Client> {
  const info = { name: 'mcp-tests', version: '1.0.0' };
  const client =
    mode === 'pinned'
      ? new Client(info, { versionNegotiation: { mode: { pin: MODERN } } })
      : mode === 'auto'
        ? new Client(info, { versionNegotiation: { mode: 'auto' } })
        : new Client(info);
  await client.connect(new StreamableHTTPClientTransport(new URL(`${origin}/mcp`)));
  return client;
}
