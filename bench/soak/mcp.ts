/**
 * Raw JSON-RPC over POST /mcp as a 2026-07-28 client sends it (as in
 * test/mcp/mcp-support.ts): no initialize; `MCP-Protocol-Version`, `Mcp-Method` and, on
 * tools/call, `Mcp-Name` headers; the version and client info in each request's `_meta`.
 */
import { checkErrorBody, type ErrorBody } from './contract.ts';
import type { Reply, RequestSpec } from './http-client.ts';

export const MODERN = '2026-07-28';
export const LIST_TOOL = 'list_reset_records';
export const LATEST_TOOL = 'get_latest_reset_record';

/** The `_meta` of every 2026-07-28 request, as JSON text. */
export const META = JSON.stringify({
  'io.modelcontextprotocol/protocolVersion': MODERN,
  'io.modelcontextprotocol/clientInfo': { name: 'reset-records-soak', version: '1.0.0' },
  'io.modelcontextprotocol/clientCapabilities': {},
});

/** A POST /mcp of `method`; `params` members are raw JSON text (so `1.0` stays `1.0`). */
export function mcpRequest(
  method: string,
  params: Record<string, string> = {},
  id: number | string = 1,
): RequestSpec {
  const members = Object.entries(params).map(([name, json]) => `${JSON.stringify(name)}:${json}`);
  members.push(`"_meta":${META}`);
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'mcp-protocol-version': MODERN,
    'mcp-method': method,
  };
  if (method === 'tools/call' && params['name'] !== undefined) {
    headers['mcp-name'] = JSON.parse(params['name']) as string;
  }
  return {
    method: 'POST',
    path: '/mcp',
    headers,
    body: `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"method":"${method}","params":{${members.join(',')}}}`,
  };
}

/** tools/call of `tool` with `argumentsJson` as written (undefined: no arguments). */
export function toolCall(
  tool: string,
  argumentsJson?: string,
  id: number | string = 1,
): RequestSpec {
  const params: Record<string, string> = { name: JSON.stringify(tool) };
  if (argumentsJson !== undefined) params['arguments'] = argumentsJson;
  return mcpRequest('tools/call', params, id);
}

export type ToolOutcome =
  | { readonly kind: 'success'; readonly envelope: Record<string, unknown> }
  | { readonly kind: 'tool-error'; readonly error: ErrorBody }
  | { readonly kind: 'problem'; readonly problem: string };

/** Reads the answer to a tools/call: a success envelope, a contract tool error, or a problem. */
export function readToolReply(reply: Reply, id: number | string = 1): ToolOutcome {
  const problem = (text: string): ToolOutcome => ({
    kind: 'problem',
    problem: `MCP HTTP ${reply.status}: ${text}`,
  });
  if (reply.status !== 200) return problem(`expected 200: ${reply.body.slice(0, 160)}`);
  if (!String(reply.headers['content-type']).startsWith('application/json')) {
    return problem(`content-type ${reply.headers['content-type']}`);
  }
  let message: { jsonrpc?: unknown; id?: unknown; result?: unknown; error?: unknown };
  try {
    message = JSON.parse(reply.body);
  } catch {
    return problem('body is not JSON');
  }
  if (message.jsonrpc !== '2.0' || message.id !== id) return problem('not a JSON-RPC answer');
  if (message.error !== undefined)
    return problem(`JSON-RPC error ${JSON.stringify(message.error)}`);
  const result = message.result as
    | {
        content?: { type?: string; text?: string }[];
        structuredContent?: unknown;
        isError?: boolean;
      }
    | undefined;
  if (result === undefined || typeof result.structuredContent !== 'object') {
    return problem('result without structuredContent');
  }
  const text = result.content?.length === 1 ? result.content[0] : undefined;
  if (text?.type !== 'text' || typeof text.text !== 'string') {
    return problem('result without exactly one text item');
  }
  try {
    if (JSON.stringify(JSON.parse(text.text)) !== JSON.stringify(result.structuredContent)) {
      return problem('text item differs from structuredContent');
    }
  } catch {
    return problem('text item is not JSON');
  }
  if (result.isError === true) {
    const [error, bodyProblem] = checkErrorBody(result.structuredContent);
    if (bodyProblem !== undefined || error === undefined)
      return problem(`tool error: ${bodyProblem}`);
    return { kind: 'tool-error', error };
  }
  return { kind: 'success', envelope: result.structuredContent as Record<string, unknown> };
}

/** A JSON-RPC answer (result or error) with an acceptable status: the shape of any /mcp reply. */
export function checkProtocolReply(reply: Reply): string | undefined {
  if (reply.status === 202 && reply.body === '') return undefined;
  if (reply.status === 413) return undefined; // checked as a contract error by the caller
  try {
    const message = JSON.parse(reply.body) as { jsonrpc?: unknown; error?: { code?: unknown } };
    if (message.jsonrpc !== '2.0') return `MCP HTTP ${reply.status}: not JSON-RPC`;
    if (reply.status !== 200 && typeof message.error?.code !== 'number') {
      return `MCP HTTP ${reply.status} without a JSON-RPC error`;
    }
    return undefined;
  } catch {
    return `MCP HTTP ${reply.status}: body is not JSON: ${reply.body.slice(0, 120)}`;
  }
}
