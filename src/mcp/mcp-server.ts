import {
  type CallToolRequest,
  createMcpHandler,
  isLegacyRequest,
  ProtocolError,
  ProtocolErrorCode,
  type RequestId,
  Server,
  WebStandardStreamableHTTPServerTransport,
} from '@modelcontextprotocol/server';
import type { Logger } from 'pino';
import { ApiError } from '../domain/errors.ts';
import type { Admission, QuotaGate } from '../quota/quota-gate.ts';
import type { SnapshotStore } from '../snapshot/snapshot-store.ts';
import { batchForbiddenReason, invalidRequestResponse } from './batches.ts';
import { parseToolArguments } from './tool-arguments.ts';
import { errorResult, successResult, type ToolResult } from './tool-results.ts';
import { outputSchemaOf, TOOL_LIST, TOOLS } from './tools/index.ts';
import type { ToolDefinition } from './tools/tool.ts';

const SERVER_INFO = { name: 'reset-records', title: 'Public Reset Records', version: '1.0.0' };
const INSTRUCTIONS =
  'Public records of when the usage limits of a coding assistant were reset or are scheduled to reset. ' +
  'Call get_latest_reset_record for the latest record, list_reset_records to page through them. ' +
  'Both share an anonymous quota of 20 calls per rolling hour per client IP with the HTTP API.';

/** What one HTTP request to /mcp brings to the tool handlers. */
export interface McpCallContext {
  /** The client address the quota is keyed by. */
  readonly address: string;
  /** `tools/call` ids whose page/pageSize were written as float literals (1.0) in the raw JSON. */
  readonly floatArguments: ReadonlyMap<RequestId, ReadonlySet<string>>;
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
        `Unknown tool: ${request.params.name}`,
      );
    }
    const result = await answer(tool, request.params.arguments, id, context);
    return server.projectCallToolResult(result, outputSchemaOf(tool));
  }

  async function answer(
    tool: ToolDefinition,
    args: unknown,
    id: RequestId,
    context: McpCallContext,
  ): Promise<ToolResult> {
    // The quota first: a call naming a known tool counts even when its arguments are bad.
    const admission = await gate.admit(context.address);
    context.onAdmission(admission);
    if (!admission.admitted) return errorResult(admission.error);
    try {
      const query = parseToolArguments(args, tool.argumentNames, context.floatArguments.get(id));
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
    const server = new Server(SERVER_INFO, {
      capabilities: { tools: {} },
      instructions: INSTRUCTIONS,
    });
    server.setRequestHandler('tools/list', () => TOOL_LIST);
    server.setRequestHandler('tools/call', (request, ctx) => {
      if (context === undefined)
        throw new ProtocolError(ProtocolErrorCode.InternalError, 'Internal error');
      return callTool(server, request, ctx.mcpReq.id, context);
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
