import type { IncomingHttpHeaders } from 'node:http';
import { classifyInboundRequest, type RequestId } from '@modelcontextprotocol/server';
import { TOOLS } from './tools/index.ts';
import type { ToolDefinition } from './tools/tool.ts';

/**
 * The message agents send most, recognised without the SDK's HTTP machinery: one
 * `tools/call` of one of this server's tools, under the 2026-07-28 revision or one of the
 * 2025 revisions clients of the v1 SDK send (2025-03-26, 2025-06-18, 2025-11-25), that the
 * SDK itself would accept. Such a call is answered by the same tool code (mcp-server.ts),
 * and its JSON-RPC response written directly.
 *
 * Why: through the SDK a call costs about 1 ms of CPU, 15 times an HTTP request for the
 * same page (BENCHMARKS.md, "Where the time goes"): a web `Request` and `Response` per
 * call (undici, abort signals), a server instance and a transport per call, and the
 * validation of every message. An over-quota call costs as much as a served one.
 *
 * What keeps the two paths the same:
 * - the request is accepted only after the SDK's own validation ladder
 *   (`classifyInboundRequest`: JSON-RPC shape, era, `_meta` envelope, method registry,
 *   request params, the Mcp-Method/Mcp-Name headers against the body, client
 *   capabilities) routes it to the modern path with no rejection;
 * - anything else (another revision or method, an unknown tool, a batch, a task-augmented
 *   call, a notification, other transport headers) goes to the SDK, unchanged;
 * - a differential test sends the same requests to a server with and without this path
 *   and requires the same status, headers and bytes.
 */

export const DIRECT_REVISION = '2026-07-28';
/**
 * The 2025 revisions answered directly. Their calls reach the SDK through a stateless
 * transport per request (mcp-server.ts), about 0.5 to 0.9 ms of CPU a call.
 */
export const LEGACY_DIRECT_REVISIONS: ReadonlySet<string> = new Set([
  '2025-03-26',
  '2025-06-18',
  '2025-11-25',
]);

export interface DirectToolCall {
  readonly kind: 'call';
  readonly id: RequestId;
  readonly tool: ToolDefinition;
  /** A 2025 revision: the result carries no `resultType` and no `_meta`. */
  readonly legacy: boolean;
}

/** A plain `tools/list` of a 2025 revision: its answer is always the same (TOOL_LIST). */
export interface DirectToolList {
  readonly kind: 'list';
  readonly id: RequestId;
}

/** Request params a plain call carries; anything more (a task, a future field) goes to the SDK. */
const PLAIN_PARAMS = new Set(['name', 'arguments', '_meta']);

export function directToolCall(
  headers: IncomingHttpHeaders,
  body: unknown,
): DirectToolCall | DirectToolList | undefined {
  const protocolVersion = headers['mcp-protocol-version'];
  if (typeof protocolVersion !== 'string') return undefined;
  if (!acceptsJsonAndStream(headers.accept) || !isJsonContentType(headers['content-type'])) {
    return undefined;
  }
  if (LEGACY_DIRECT_REVISIONS.has(protocolVersion)) return legacyToolCall(headers, body);
  if (protocolVersion !== DIRECT_REVISION) return undefined;
  for (const name in headers) {
    // Only the three headers of the revision; a session id or any other MCP header is the SDK's.
    if (
      name.startsWith('mcp-') &&
      name !== 'mcp-protocol-version' &&
      name !== 'mcp-method' &&
      name !== 'mcp-name'
    ) {
      return undefined;
    }
  }
  if (headers['last-event-id'] !== undefined) return undefined;
  const mcpMethod = headers['mcp-method'];
  const mcpName = headers['mcp-name'];
  if (mcpMethod !== 'tools/call' || typeof mcpName !== 'string') return undefined;
  const tool = TOOLS.get(mcpName);
  if (tool === undefined) return undefined;

  const outcome = classifyInboundRequest({
    httpMethod: 'POST',
    protocolVersionHeader: protocolVersion,
    mcpMethodHeader: mcpMethod,
    mcpNameHeader: mcpName,
    body,
  });
  if (outcome.kind !== 'modern' || outcome.messageKind !== 'request') return undefined;
  const { message } = outcome;
  if (message.method !== 'tools/call') return undefined;
  const params = message.params as Record<string, unknown> | undefined;
  if (params === undefined || params.name !== mcpName) return undefined;
  for (const key in params) if (!PLAIN_PARAMS.has(key)) return undefined;
  return { kind: 'call', id: message.id, tool, legacy: false };
}

/** The members of a plain 2025 request; anything more goes to the SDK. */
const LEGACY_MESSAGE = new Set(['jsonrpc', 'id', 'method', 'params']);
/** A plain 2025 call's params: no `_meta` (a progress token, a 2026 envelope...), no task. */
const LEGACY_PARAMS = new Set(['name', 'arguments']);

/**
 * A 2025 call the SDK's stateless transport accepts and hands to the tool (or a plain
 * `tools/list`, answered with the list the SDK would write), checked
 * without it: the transport's own ladder (Accept and Content-Type, checked above; a JSON-RPC
 * request; the protocol version header, one of LEGACY_DIRECT_REVISIONS; no session id),
 * narrowed to the plainest form clients send: one request object with nothing beyond
 * `jsonrpc`, an integer or string `id`, `method` and `params` of `name` (a tool of this
 * server) and `arguments` (any value: the tool judges it, as on the SDK's path, where
 * raw-tool-calls.ts hands the tool the raw value).
 */
function legacyToolCall(
  headers: IncomingHttpHeaders,
  body: unknown,
): DirectToolCall | DirectToolList | undefined {
  for (const name in headers) {
    if (name.startsWith('mcp-') && name !== 'mcp-protocol-version') return undefined;
  }
  if (headers['last-event-id'] !== undefined) return undefined;
  if (!isPlainObject(body)) return undefined;
  for (const key in body) if (!LEGACY_MESSAGE.has(key)) return undefined;
  if (body['jsonrpc'] !== '2.0') return undefined;
  const id = body['id'];
  if (typeof id !== 'string' && !Number.isSafeInteger(id)) return undefined;
  const params = body['params'];
  if (body['method'] === 'tools/list') {
    // No cursor (the list is one page), no _meta: nothing the answer could depend on.
    if (params !== undefined && !(isPlainObject(params) && Object.keys(params).length === 0)) {
      return undefined;
    }
    return { kind: 'list', id: id as RequestId };
  }
  if (body['method'] !== 'tools/call') return undefined;
  if (!isPlainObject(params)) return undefined;
  for (const key in params) if (!LEGACY_PARAMS.has(key)) return undefined;
  const name = params['name'];
  const tool = typeof name === 'string' ? TOOLS.get(name) : undefined;
  if (tool === undefined) return undefined;
  return { kind: 'call', id: id as RequestId, tool, legacy: true };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.getPrototypeOf(value) === Object.prototype
  );
}

function acceptsJsonAndStream(accept: string | undefined): boolean {
  return (accept?.includes('application/json') && accept.includes('text/event-stream')) === true;
}

function isJsonContentType(contentType: string | undefined): boolean {
  if (contentType === undefined) return false;
  const type = contentType.split(';', 1)[0]!.trim().toLowerCase();
  return type === 'application/json';
}
