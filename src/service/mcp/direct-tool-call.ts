import type { IncomingHttpHeaders } from 'node:http';
import { classifyInboundRequest, type RequestId } from '@modelcontextprotocol/server';
import { TOOLS } from './tools/index.ts';
import type { ToolDefinition } from './tools/tool.ts';

/**
 * The message agents send most, recognised without the SDK's HTTP machinery: one
 * `tools/call` of one of this server's tools, under the 2026-07-28 revision, that the SDK
 * itself would accept. Such a call is answered by the same tool code (mcp-server.ts), and
 * its JSON-RPC response written directly.
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

export interface DirectToolCall {
  readonly id: RequestId;
  readonly tool: ToolDefinition;
}

/** Request params a plain call carries; anything more (a task, a future field) goes to the SDK. */
const PLAIN_PARAMS = new Set(['name', 'arguments', '_meta']);

export function directToolCall(
  headers: IncomingHttpHeaders,
  body: unknown,
): DirectToolCall | undefined {
  const protocolVersion = headers['mcp-protocol-version'];
  if (protocolVersion !== DIRECT_REVISION) return undefined;
  if (!acceptsJsonAndStream(headers.accept) || !isJsonContentType(headers['content-type'])) {
    return undefined;
  }
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
  return { id: message.id, tool };
}

function acceptsJsonAndStream(accept: string | undefined): boolean {
  return (accept?.includes('application/json') && accept.includes('text/event-stream')) === true;
}

function isJsonContentType(contentType: string | undefined): boolean {
  if (contentType === undefined) return false;
  const type = contentType.split(';', 1)[0]!.trim().toLowerCase();
  return type === 'application/json';
}
