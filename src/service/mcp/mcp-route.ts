import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { KnownRoutes } from '../http/known-routes.ts';
import { bodyStream } from '../http/pre-read-body.ts';
import { requestIp } from '../http/request-ip.ts';
import { clientAddress } from '../quota/client-key.ts';
import type { Admission } from '../quota/quota-gate.ts';
import type { McpEndpoint } from './mcp-server.ts';
import { type RawToolCalls, readToolCalls } from './raw-tool-calls.ts';

export const MCP_PATH = '/mcp';
/** The SDK needs an absolute URL; the host part is never used for anything. */
const MCP_URL = 'http://reset-records.invalid/mcp';
/** Request headers the MCP transport reads (plus every `mcp-*` header); nothing else is forwarded. */
const FORWARDED_HEADERS = new Set(['accept', 'content-type', 'last-event-id']);
const FORBIDDEN_ORIGIN = JSON.stringify({
  jsonrpc: '2.0',
  error: { code: -32000, message: 'Origin not allowed.' },
  id: null,
});

export interface McpRouteDeps {
  readonly endpoint: McpEndpoint;
  readonly knownRoutes: KnownRoutes;
  /** Browser origins allowed to call; undefined allows any (the service is public). */
  readonly allowedOrigins: readonly string[] | undefined;
  readonly maxBodyBytes: number;
}

/**
 * POST /mcp (Streamable HTTP, stateless). The raw body is kept as text: the quota needs
 * to see every message, and the tools need the arguments as written (raw-tool-calls.ts).
 */
export async function registerMcpRoute(app: FastifyInstance, deps: McpRouteDeps): Promise<void> {
  const { endpoint, allowedOrigins, maxBodyBytes } = deps;

  await app.register(async (scope) => {
    // A body the fast path already read (it answers plain tool calls itself) is replayed.
    scope.addHook('preParsing', (request, _reply, payload, done) => {
      done(null, bodyStream(request.raw) ?? payload);
    });
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'string', bodyLimit: maxBodyBytes },
      (_request, body, done) => done(null, body),
    );

    scope.post(MCP_PATH, async (request, reply) => {
      const origin = request.headers.origin;
      if (
        origin !== undefined &&
        allowedOrigins !== undefined &&
        !allowedOrigins.includes(origin)
      ) {
        return reply.code(403).type('application/json').send(FORBIDDEN_ORIGIN);
      }
      const text = typeof request.body === 'string' ? request.body : '';
      const toolCalls =
        takeReadToolCalls(request.raw, text) ?? readToolCalls(text, parseJson(text));
      let admission: Admission | undefined;
      const context = {
        address: () => clientAddress(requestIp(request), request.socket.remoteAddress),
        toolCalls: toolCalls.byId,
        onAdmission: (each: Admission) => {
          admission = each;
        },
      };

      let body: string;
      const direct = endpoint.answerDirectly(request.headers, toolCalls.body, context);
      if (direct !== undefined) {
        body = await direct;
        reply.code(200).header('content-type', 'application/json');
      } else {
        const response = await endpoint.handle(
          new Request(MCP_URL, { method: 'POST', headers: forwardedHeaders(request), body: text }),
          context,
          toolCalls.body,
        );
        reply.code(response.status);
        response.headers.forEach((value, name) => {
          if (name !== 'content-length') reply.header(name, value);
        });
        body = await response.text();
      }
      if (admission !== undefined) {
        // The rate-limit headers (of the last counted call), but not Retry-After: it goes
        // with HTTP 429 only, and a refused tool call is an HTTP 200 whose result carries
        // retryAfter.
        const { 'retry-after': _retryAfter, ...headers } = admission.headers;
        // Per-client headers: no cache may keep this answer for anyone else.
        reply.headers(headers).header('cache-control', 'no-store');
      }
      return reply.send(body === '' ? undefined : body);
    });
  });
  deps.knownRoutes.add(MCP_PATH, ['POST']);
}

/**
 * What the fast path (http/fast-path.ts) read from a body it then handed on, so that the
 * body is not parsed twice: by request, with the text it was read from.
 */
const alreadyRead = new WeakMap<IncomingMessage, { text: string; toolCalls: RawToolCalls }>();

export function keepReadToolCalls(
  request: IncomingMessage,
  text: string,
  toolCalls: RawToolCalls,
): void {
  alreadyRead.set(request, { text, toolCalls });
}

function takeReadToolCalls(request: IncomingMessage, text: string): RawToolCalls | undefined {
  const kept = alreadyRead.get(request);
  if (kept === undefined) return undefined;
  alreadyRead.delete(request);
  return kept.text === text ? kept.toolCalls : undefined;
}

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined; // the SDK reads the text itself and answers -32700
  }
}

function forwardedHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (typeof value === 'string' && (FORWARDED_HEADERS.has(name) || name.startsWith('mcp-'))) {
      headers.set(name, value);
    }
  }
  return headers;
}
