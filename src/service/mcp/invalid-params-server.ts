import {
  type JSONRPCRequest,
  ProtocolError,
  ProtocolErrorCode,
  type Result,
  Server,
  type ServerContext,
} from '@modelcontextprotocol/server';

type Handler = (request: JSONRPCRequest, ctx: ServerContext) => Promise<Result>;

/**
 * The SDK checks a request's params against the protocol schema before the handler runs,
 * but reports a mismatch (a `tools/list` with a numeric cursor, an `initialize` without
 * `protocolVersion`) as a plain Error: JSON-RPC -32603 Internal error carrying a zod issue
 * dump. A malformed message is the client's doing, so it is -32602 Invalid params with a
 * short message (decisions.md §7: malformed protocol messages are protocol errors).
 *
 * Every handler of this server throws only ProtocolError (the tool handler turns its own
 * failures into tool results or an InternalError ProtocolError), so any other error that
 * comes out of the SDK's handler chain is that params check.
 */
export class InvalidParamsServer extends Server {
  protected override _wrapHandler(method: string, handler: Handler): Handler {
    return super._wrapHandler(method, async (request, ctx) => {
      try {
        return await handler(request, ctx);
      } catch (error) {
        if (error instanceof ProtocolError) throw error;
        throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Invalid params for ${method}.`);
      }
    });
  }
}
