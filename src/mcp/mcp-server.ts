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
import { ApiError } from '../domain/errors.ts';
import type { Admission, QuotaGate } from '../quota/quota-gate.ts';
import type { SnapshotStore } from '../snapshot/snapshot-store.ts';
import { batchForbiddenReason, invalidRequestResponse } from './batches.ts';
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
  /** The client address the quota is keyed by. */
  readonly address: string;
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
}

export interface McpEndpoint {
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

  async function answer(
    tool: ToolDefinition,
    call: RawToolCall,
    context: McpCallContext,
  ): Promise<ToolResult> {
    // The quota first: a call naming a known tool counts even when its arguments are bad.
    const admission = await gate.admit(context.address);
    context.onAdmission(admission);
    if (!admission.admitted) return errorResult(admission.error);
    try {
      const query = parseToolArguments(call.arguments, tool.argumentNames, call.floatLiterals);
      const snapshot = snapshots.current;
      if (snapshot === null) return errorResult(new ApiError('data_unavailable'));
      return successResult(tool.answer(snapshot, query, clock()));
    } catch (error) {
      if (error instanceof ApiError) return errorResult(error);
      logger.error({ err: error }, 'unexpected error in a tool');
      return errorResult(new ApiError('internal_error'));
    }
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

  return {
    async handle(request, context, parsedBody) {
      if (await isLegacyRequest(request, parsedBody)) return legacy(request, context, parsedBody);
      contexts.set(request, context);
      return modern.fetch(request, parsedBody === undefined ? {} : { parsedBody });
    },
    close: () => modern.close(),
  };
}

/** At most ECHOED_NAME_LENGTH characters of `name` plus "…", never half a surrogate pair. */
function echoed(name: string): string {
  if (name.length <= ECHOED_NAME_LENGTH) return name;
  return `${name.slice(0, ECHOED_NAME_LENGTH).replace(/[\uD800-\uDBFF]$/, '')}…`;
}
