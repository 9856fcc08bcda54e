import type { IncomingHttpHeaders } from 'node:http';
import {
  type CallToolRequest,
  createMcpHandler,
  isLegacyRequest,
  ProtocolError,
  ProtocolErrorCode,
  type RequestId,
  type Server,
  WebStandardStreamableHTTPServerTransport,
} from '@modelcontextprotocol/server';
import type { Logger } from 'pino';
import { ApiError } from '../../shared/domain/errors.ts';
import type { PreparedSnapshot } from '../query/prepared-snapshot.ts';
import type { QueryAnswer } from '../query/query-service.ts';
import { TagCache } from '../query/tag-cache.ts';
import type { Admission, QuotaGate } from '../quota/quota-gate.ts';
import type { SnapshotStore } from '../snapshot/snapshot-store.ts';
import { batchForbiddenReason, invalidRequestResponse } from './batches.ts';
import { type DirectToolCall, directToolCall } from './direct-tool-call.ts';
import { InvalidParamsServer } from './invalid-params-server.ts';
import type { RawToolCall } from './raw-tool-calls.ts';
import { parseToolArguments } from './tool-arguments.ts';
import { errorResult, successResult, type ToolResult } from './tool-results.ts';
import { outputSchemaOf, TOOL_LIST, TOOLS } from './tools/index.ts';
import type { ToolDefinition } from './tools/tool.ts';

const SERVER_INFO = { name: 'reset-records', title: 'Public Reset Records', version: '1.0.0' };
const INSTRUCTIONS =
  'Public records of when the usage limits of a coding assistant were reset or are scheduled to reset. ' +
  'Call get_latest_reset_record for the latest record, list_reset_records to page through them. ' +
  'Both share an anonymous quota of 20 calls per rolling hour per client IP with the HTTP API.';
/**
 * How much of an unknown tool name its error echoes back: the name is the client's own
 * text, up to the body limit, and an error message has no reason to reflect all of it.
 */
const ECHOED_NAME_LENGTH = 64;
const internalError = () => new ProtocolError(ProtocolErrorCode.InternalError, 'Internal error');

/** What one HTTP request to /mcp brings to the tool handlers. */
export interface McpCallContext {
  /** The client address the quota is keyed by (read only when the call is counted). */
  readonly address: () => string;
  /** Each `tools/call` request of the body as the client wrote it, by JSON-RPC id. */
  readonly toolCalls: ReadonlyMap<RequestId, RawToolCall>;
  /** Receives the admission of each counted call, for the HTTP response's rate-limit headers. */
  onAdmission(admission: Admission): void;
}

export interface McpEndpointDeps {
  readonly snapshots: SnapshotStore;
  readonly gate: QuotaGate;
  readonly clock: () => number;
  readonly logger: Logger;
  readonly maxBodyBytes: number;
  /** Whether plain tool calls are answered directly (direct-tool-call.ts); default true. */
  readonly directCalls?: boolean;
}

export interface McpEndpoint {
  /** Tool calls answered directly so far (the metrics read it). */
  readonly stats: { readonly directAnswers: number };
  /**
   * The JSON-RPC response to a single `tools/call` the SDK would accept, of 2026-07-28 or
   * a 2025 revision
   * (direct-tool-call.ts), written as the SDK writes it; undefined for any other request,
   * which `handle` answers. `parsedBody` is the body the SDK would see.
   */
  answerDirectly(
    headers: IncomingHttpHeaders,
    parsedBody: unknown,
    context: McpCallContext,
  ): Promise<string> | undefined;
  /** Answers one POST /mcp (any protocol revision) as a web-standard Response. */
  handle(request: Request, context: McpCallContext, parsedBody: unknown): Promise<Response>;
  close(): Promise<void>;
}

/**
 * The MCP server: a fresh low-level `Server` per HTTP request (stateless), whose two
 * handlers close over objects built once (tool list, schemas) and the one query service.
 * 2026-07-28 requests go through the SDK's `createMcpHandler`; 2025-era requests through a
 * per-request stateless transport in JSON mode, so that every response, including its
 * rate-limit headers, is complete when the handler returns.
 */
export function createMcpEndpoint(deps: McpEndpointDeps): McpEndpoint {
  const { snapshots, gate, clock, logger } = deps;
  const contexts = new WeakMap<Request, McpCallContext>();
  const onerror = (error: Error) => logger.debug({ err: error.message }, 'mcp request refused');

  async function callTool(
    server: Server,
    request: CallToolRequest,
    id: RequestId,
    context: McpCallContext,
  ) {
    const tool = TOOLS.get(request.params.name);
    if (tool === undefined) {
      throw new ProtocolError(
        ProtocolErrorCode.InvalidParams,
        `Unknown tool: ${echoed(request.params.name)}`,
      );
    }
    // The route read every call of the body it handed to the SDK; the SDK's own copy of
    // the arguments (which lost `__proto__` members) is only a fallback.
    const call = context.toolCalls.get(id) ?? {
      arguments: request.params.arguments,
      floatLiterals: new Set<string>(),
    };
    const result = await answer(tool, call, context);
    return server.projectCallToolResult(result, outputSchemaOf(tool));
  }

  /** What a call of `tool` comes to: an answer of the query service, or an error of the catalogue. */
  async function outcomeOf(
    tool: ToolDefinition,
    call: RawToolCall,
    context: McpCallContext,
  ): Promise<ToolOutcome> {
    // The quota first: a call naming a known tool counts even when its arguments are bad.
    const pending = gate.admit(context.address);
    const admission = pending instanceof Promise ? await pending : pending;
    context.onAdmission(admission);
    if (!admission.admitted) return { error: admission.error };
    try {
      const query = parseToolArguments(call.arguments, tool.argumentNames, call.floatLiterals);
      const snapshot = snapshots.current;
      if (snapshot === null) return { error: new ApiError('data_unavailable') };
      return { snapshot, answer: tool.answer(snapshot, query, clock()) };
    } catch (error) {
      if (error instanceof ApiError) return { error };
      logger.error({ err: error }, 'unexpected error in a tool');
      return { error: new ApiError('internal_error') };
    }
  }

  async function answer(
    tool: ToolDefinition,
    call: RawToolCall,
    context: McpCallContext,
  ): Promise<ToolResult> {
    const outcome = await outcomeOf(tool, call, context);
    return 'error' in outcome ? errorResult(outcome.error) : successResult(outcome.answer);
  }

  // Results of the direct path, as the SDK would write them (direct-tool-call.ts), by era.
  const results = new TagCache<string>(RESULT_CACHE_MAX_BYTES, (result) => result.length);
  const legacyResults = new TagCache<string>(RESULT_CACHE_MAX_BYTES, (result) => result.length);
  async function answerDirectly(call: DirectToolCall, raw: RawToolCall, context: McpCallContext) {
    const outcome = await outcomeOf(call.tool, raw, context);
    const tail = call.legacy ? LEGACY_RESULT_TAIL : RESULT_TAIL;
    const result =
      'error' in outcome
        ? directErrorResult(outcome.error, tail)
        : (call.legacy ? legacyResults : results).get(outcome.snapshot, outcome.answer.tag, () =>
            directSuccessResult(outcome.answer.json, tail),
          );
    return `{"result":${result},"jsonrpc":"2.0","id":${JSON.stringify(call.id)}}`;
  }

  function buildServer(context: McpCallContext | undefined): Server {
    const server = new InvalidParamsServer(SERVER_INFO, {
      capabilities: { tools: {} },
      instructions: INSTRUCTIONS,
    });
    server.setRequestHandler('tools/list', () => TOOL_LIST);
    server.setRequestHandler('tools/call', async (request, ctx) => {
      if (context === undefined) throw internalError();
      try {
        return await callTool(server, request, ctx.mcpReq.id, context);
      } catch (error) {
        if (error instanceof ProtocolError) throw error;
        // Never the exception's message: it may name internals (decisions.md §6).
        logger.error({ err: error }, 'unexpected error in tools/call');
        throw internalError();
      }
    });
    return server;
  }

  const modern = createMcpHandler(
    (ctx) => buildServer(ctx.requestInfo && contexts.get(ctx.requestInfo)),
    {
      legacy: 'reject',
      // 'auto' answers with plain JSON unless a handler emits a message before its result,
      // which these tools never do ('json' would print a warning at every start).
      responseMode: 'auto',
      maxRequestBodySize: deps.maxBodyBytes,
      onerror,
    },
  );

  async function legacy(
    request: Request,
    context: McpCallContext,
    parsedBody: unknown,
  ): Promise<Response> {
    const forbidden = batchForbiddenReason(parsedBody, request.headers.get('mcp-protocol-version'));
    if (forbidden !== undefined) return invalidRequestResponse(forbidden);
    const server = buildServer(context);
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    await server.connect(transport);
    try {
      return await transport.handleRequest(request, parsedBody === undefined ? {} : { parsedBody });
    } finally {
      await server.close(); // also closes its transport
    }
  }

  const stats = { directAnswers: 0 };
  return {
    stats,
    answerDirectly(headers, parsedBody, context) {
      if (deps.directCalls === false) return undefined;
      const call = directToolCall(headers, parsedBody);
      if (call?.kind === 'list') {
        stats.directAnswers++;
        return Promise.resolve(
          `{"result":${TOOL_LIST_JSON},"jsonrpc":"2.0","id":${JSON.stringify(call.id)}}`,
        );
      }
      const raw = call && context.toolCalls.get(call.id);
      if (call === undefined || raw === undefined) return undefined;
      stats.directAnswers++;
      return answerDirectly(call, raw, context);
    },
    async handle(request, context, parsedBody) {
      if (await isLegacyRequest(request, parsedBody)) return legacy(request, context, parsedBody);
      contexts.set(request, context);
      return modern.fetch(request, parsedBody === undefined ? {} : { parsedBody });
    },
    close: () => modern.close(),
  };
}

type ToolOutcome =
  | { readonly snapshot: PreparedSnapshot; readonly answer: QueryAnswer<unknown> }
  | { readonly error: ApiError };

/** The tools/list result as the SDK writes it for the 2025 revisions (direct-tool-call.ts). */
const TOOL_LIST_JSON = JSON.stringify(TOOL_LIST);
/** The direct path's results kept for the snapshot being served (tag-cache.ts). */
const RESULT_CACHE_MAX_BYTES = 8 * 1024 * 1024;
/**
 * The `_meta` the SDK adds to every 2026-07-28 result. The results below are the SDK's
 * serialisation of successResult/errorResult (tool-results.ts) after
 * `projectCallToolResult`, which leaves a result whose structuredContent is an object
 * as it is: the text item, then structuredContent (the same JSON), isError on errors,
 * then resultType and _meta.
 */
const RESULT_TAIL = `,"resultType":"complete","_meta":${JSON.stringify({ 'io.modelcontextprotocol/serverInfo': SERVER_INFO })}}`;
/** The 2025 revisions' results end after structuredContent (and isError). */
const LEGACY_RESULT_TAIL = '}';

function directSuccessResult(json: string, tail: string): string {
  return `{"content":[{"type":"text","text":${JSON.stringify(json)}}],"structuredContent":${json}${tail}`;
}

function directErrorResult(error: ApiError, tail: string): string {
  const body = error.toJson();
  return `{"content":[{"type":"text","text":${JSON.stringify(body)}}],"structuredContent":${body},"isError":true${tail}`;
}

/** At most ECHOED_NAME_LENGTH characters of `name` plus "…", never half a surrogate pair. */
function echoed(name: string): string {
  if (name.length <= ECHOED_NAME_LENGTH) return name;
  return `${name.slice(0, ECHOED_NAME_LENGTH).replace(/[\uD800-\uDBFF]$/, '')}…`;
}
