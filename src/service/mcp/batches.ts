/**
 * JSON-RPC batches were part of MCP only in revisions 2025-03-26 and earlier (2025-06-18
 * removed them). The SDK's stateless transport accepts arrays whatever the revision, so
 * a 2025-era batch is refused here when its revision forbids it (decisions.md §7). The
 * revision is the `MCP-Protocol-Version` header, or for a handshake batch the version its
 * `initialize` asks for; with neither, the spec says to assume 2025-03-26, which allows it.
 *
 * Where batches are allowed, their requests must have distinct ids (JSON-RPC 2.0: the id
 * is how a response is matched to its request). The transport keys responses by id, so a
 * batch of three calls with one id would run, and count, all three but answer one; and the
 * tools match each call to its raw arguments by id. Such a batch is an Invalid Request.
 */

const REVISIONS_WITHOUT_BATCHES = new Set(['2025-06-18', '2025-11-25']);

export function batchForbiddenReason(
  parsedBody: unknown,
  protocolVersionHeader: string | null,
): string | undefined {
  if (!Array.isArray(parsedBody)) return undefined;
  const revision = protocolVersionHeader ?? initializeVersion(parsedBody);
  if (revision !== undefined && REVISIONS_WITHOUT_BATCHES.has(revision))
    return `Invalid Request: JSON-RPC batches are not supported in protocol revision ${revision}.`;
  if (hasDuplicateRequestIds(parsedBody))
    return 'Invalid Request: the requests of a JSON-RPC batch must have distinct ids.';
  return undefined;
}

function hasDuplicateRequestIds(batch: unknown[]): boolean {
  const ids = new Set<unknown>();
  for (const message of batch) {
    const { method, id } = (message ?? {}) as { method?: unknown; id?: unknown };
    if (typeof method !== 'string' || (typeof id !== 'string' && typeof id !== 'number')) continue;
    if (ids.has(id)) return true;
    ids.add(id);
  }
  return false;
}

function initializeVersion(batch: unknown[]): string | undefined {
  for (const message of batch) {
    const { method, params } = (message ?? {}) as {
      method?: unknown;
      params?: { protocolVersion?: unknown };
    };
    if (method === 'initialize' && typeof params?.protocolVersion === 'string')
      return params.protocolVersion;
  }
  return undefined;
}

export function invalidRequestResponse(message: string): Response {
  return Response.json(
    { jsonrpc: '2.0', error: { code: -32600, message }, id: null },
    { status: 400 },
  );
}
