import type { IncomingMessage, ServerResponse } from 'node:http';
import { ApiError } from '../../shared/domain/errors.ts';
import type { AnswerCache } from '../answer/answer-cache.ts';
import { STATUS_JSON_PATH } from '../answer/status-openapi.ts';
import { DIRECT_REVISION, LEGACY_DIRECT_REVISIONS } from '../mcp/direct-tool-call.ts';
import { keepReadToolCalls, MCP_PATH, parseJson } from '../mcp/mcp-route.ts';
import type { McpEndpoint } from '../mcp/mcp-server.ts';
import { readToolCalls } from '../mcp/raw-tool-calls.ts';
import type { Metrics } from '../observability/metrics.ts';
import type { RequestLogLine } from '../observability/request-log.ts';
import type { RequestCell } from '../observability/request-metrics.ts';
import {
  LATEST_PARAMS,
  LIST_PARAMS,
  type ListQuery,
  type ParamName,
  parseQuery,
} from '../query/params.ts';
import type { PreparedSnapshot } from '../query/prepared-snapshot.ts';
import { latestRecord, listRecords, type QueryAnswer } from '../query/query-service.ts';
import type { TagCache } from '../query/tag-cache.ts';
import { clientAddress } from '../quota/client-key.ts';
import type { Admission, QuotaGate } from '../quota/quota-gate.ts';
import type { SnapshotStore } from '../snapshot/snapshot-store.ts';
import { cacheControl, etagFor, matchesIfNoneMatch } from './conditional.ts';
import { EXPOSED_HEADER_LIST } from './cors.ts';
import { keepPreReadBody } from './pre-read-body.ts';
import { LATEST_PATH, LIST_PATH } from './routes/records.ts';
import { UNAVAILABLE_RETRY_SECONDS } from './routes/status-json.ts';

/**
 * The hot paths answered below the framework (issue 22): GET and HEAD of
 * /openapi/v1/records, /openapi/v1/records/latest and /status.json, in the connection
 * guard's request path (http-server.ts), before Fastify builds its request and reply
 * objects and runs its hooks. Everything else, and any request of these paths that is not
 * plain (see `isPlain`), goes on to Fastify.
 *
 * The answers are those of the Fastify routes (routes/records.ts, routes/status-json.ts)
 * and of the app's hooks (app.ts: the CORS headers, the one log line, the metrics), byte
 * for byte: the same status, the same headers in the same order and spelling, the same
 * body; Fastify's own additions are written here too (content-length of every body, of a
 * HEAD as of its GET; none on a GET 304, `0` on a HEAD 304). The differential test
 * (test/http/fast-path.test.ts) sends every kind of request these endpoints know to a
 * server with and without this path and requires identical bytes.
 */

export interface FastPathDeps {
  readonly snapshots: SnapshotStore;
  readonly gate: QuotaGate;
  readonly clock: () => number;
  readonly cacheMaxAgeSeconds: number;
  /** The records routes' cache of encoded bodies (shared: the same bytes either way). */
  readonly bodies: TagCache<Buffer>;
  /** The status answer of every surface (app.ts). */
  readonly answers: AnswerCache;
  readonly metrics: Metrics;
  readonly logLine: RequestLogLine;
  /** Fastify's `request.ip` for a raw request (the socket's peer, or TRUST_PROXY's pick). */
  readonly ipOf: (request: IncomingMessage) => string | undefined;
  /** Fastify's request id generator (shared, so that ids stay unique and in sequence). */
  readonly nextRequestId: () => string;
  readonly mcp: {
    readonly endpoint: McpEndpoint;
    readonly allowedOrigins: readonly string[] | undefined;
    readonly maxBodyBytes: number;
  };
}

/**
 * Answers the request (true), or leaves it to Fastify (false). A POST /mcp whose body it
 * read and found is not its to answer is handed to Fastify by calling `handler` itself
 * (true).
 */
export type FastPath = (
  request: IncomingMessage,
  response: ServerResponse,
  handler: (request: IncomingMessage, response: ServerResponse) => void,
) => boolean;

type Answer = (snapshot: PreparedSnapshot, query: ListQuery, now: number) => QueryAnswer<unknown>;

interface DataRoute {
  readonly path: string;
  /** The query parameters allowed; undefined for /status.json, which reads none. */
  readonly params?: readonly ParamName[];
  readonly answer?: Answer;
}

const LIST: DataRoute = { path: LIST_PATH, params: LIST_PARAMS, answer: listRecords };
const LATEST: DataRoute = {
  path: LATEST_PATH,
  params: LATEST_PARAMS,
  answer: (snapshot, query, now) => latestRecord(snapshot, query.kind, now),
};
const STATUS: DataRoute = { path: STATUS_JSON_PATH };
const MCP: DataRoute = { path: MCP_PATH };
/** The revisions whose plain calls the MCP endpoint answers directly (direct-tool-call.ts). */
const MCP_DIRECT_REVISIONS = new Set([DIRECT_REVISION, ...LEGACY_DIRECT_REVISIONS]);

const JSON_TYPE = 'application/json; charset=utf-8';
/** The MCP route's `application/json`, to which Fastify adds the charset. */
const MCP_JSON_TYPE = 'application/json; charset=utf-8';
/** The headers the app's onRequest hook sets on every response, in its order. */
const COMMON = [
  'x-content-type-options',
  'nosniff',
  'access-control-allow-origin',
  '*',
  'access-control-expose-headers',
  EXPOSED_HEADER_LIST,
];

const routeOf = (url: string): DataRoute | undefined => {
  // The exact path, alone or before a query; any other spelling (percent-encoded, a
  // fragment, an absolute-form target) is the router's to match.
  if (url.includes('#')) return undefined;
  for (const route of [LIST, LATEST, STATUS]) {
    if (url.startsWith(route.path)) {
      const next = url.length === route.path.length ? '' : url[route.path.length];
      if (next === '' || next === '?') return route;
    }
  }
  return undefined;
};

/**
 * A request the app would route to one of these handlers without answering it on the way:
 * exactly one Host header on HTTP/1.1 (else protocol-edges.ts answers 400) and no body
 * (a GET with one is left to the framework, which knows what to do with it).
 */
function isPlain(request: IncomingMessage): boolean {
  const headers = request.headers;
  if (headers['content-length'] !== undefined && headers['content-length'] !== '0') return false;
  if (headers['transfer-encoding'] !== undefined) return false;
  return hasOneHost(request);
}

/** HTTP/1.1 with exactly one Host header, or HTTP/1.0 (protocol-edges.ts answers the rest). */
function hasOneHost(request: IncomingMessage): boolean {
  if (request.httpVersion !== '1.1') return request.httpVersion === '1.0';
  let hosts = 0;
  const raw = request.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!;
    if (name.length === 4 && name.toLowerCase() === 'host') hosts++;
  }
  return hosts === 1;
}

/**
 * A POST /mcp that may be a plain tool call (mcp-route.ts, direct-tool-call.ts): one of the
 * direct revisions, JSON both ways, a Content-Length within the body limit, no Origin the
 * route would refuse. Its body is read here; anything else goes to Fastify untouched.
 */
function mayBeDirectMcp(request: IncomingMessage, deps: FastPathDeps['mcp']): boolean {
  const headers = request.headers;
  const version = headers['mcp-protocol-version'];
  if (typeof version !== 'string' || !MCP_DIRECT_REVISIONS.has(version)) return false;
  const accept = headers.accept;
  if (accept === undefined || !accept.includes('application/json')) return false;
  if (!accept.includes('text/event-stream')) return false;
  if (headers['content-type']?.toLowerCase().startsWith('application/json') !== true) return false;
  if (headers['transfer-encoding'] !== undefined) return false;
  const length = headers['content-length'];
  if (length === undefined || !/^\d{1,9}$/.test(length)) return false;
  if (Number(length) > deps.maxBodyBytes) return false;
  const origin = headers.origin;
  if (origin !== undefined && deps.allowedOrigins !== undefined) {
    if (!deps.allowedOrigins.includes(origin)) return false;
  }
  return hasOneHost(request);
}

export function createFastPath(deps: FastPathDeps): FastPath {
  const { snapshots, gate, clock, cacheMaxAgeSeconds, bodies, answers, metrics, logLine } = deps;
  const dataUnavailable = new ApiError('data_unavailable');
  // Bound metric cells by route, method and status (few: three routes, two methods).
  const cells = new Map<string, RequestCell>();
  const cellOf = (path: string, method: string, status: number): RequestCell => {
    const key = `${path} ${method} ${status}`;
    let cell = cells.get(key);
    if (cell === undefined) {
      cell = metrics.requestCell(path, method, status);
      cells.set(key, cell);
    }
    return cell;
  };

  /** Writes the response, then what the app's onResponse hook would: metrics and log line. */
  const finish = (
    exchange: Exchange,
    status: number,
    headers: string[],
    body: Buffer | string | undefined,
  ) => {
    const { request, response, route, started } = exchange;
    const head = request.method === 'HEAD';
    // Fastify's: the length of every body (a HEAD's as its GET's), none on a GET 304 and
    // `0` on a HEAD 304 (its HEAD route's onSend handler).
    if (body !== undefined) headers.push('content-length', String(Buffer.byteLength(body)));
    else if (head) headers.push('content-length', '0');
    response.writeHead(status, headers);
    if (body === undefined || head) response.end();
    else response.end(body);
    const ms = performance.now() - started;
    cellOf(route.path, request.method!, status).observe(ms / 1000);
    metrics.fastPath.answers++;
    // The id is drawn as the answer is logged (Fastify draws it as it takes the request).
    logLine(
      deps.nextRequestId(),
      request.method!,
      request.url!,
      status,
      Math.round(ms * 100) / 100,
      exchange.ip,
    );
  };

  const sendError = (exchange: Exchange, headers: string[], error: ApiError) => {
    headers.push('content-type', JSON_TYPE, 'cache-control', 'no-store');
    finish(exchange, error.status, headers, error.toJson());
  };

  /** routes/records.ts, from the quota's admission on (decisions.md §5 order of work). */
  const records = (exchange: Exchange, admission: Admission) => {
    const headers = [...COMMON];
    for (const name in admission.headers) headers.push(name, admission.headers[name]!);
    if (!admission.admitted) return sendError(exchange, headers, admission.error);
    const { request, route } = exchange;
    const url = request.url!;
    let query: ListQuery;
    try {
      const start = url.indexOf('?');
      query = parseQuery(start === -1 ? '' : url.slice(start + 1), route.params!);
    } catch (error) {
      if (error instanceof ApiError) return sendError(exchange, headers, error);
      throw error;
    }
    const snapshot = snapshots.current;
    if (snapshot === null) return sendError(exchange, headers, dataUnavailable);
    const now = clock();
    const result = route.answer!(snapshot, query, now);
    const etag = etagFor(result.tag);
    const scope = headers.length > COMMON.length ? 'private' : 'public';
    headers.push(
      'etag',
      etag,
      'cache-control',
      cacheControl(now, result.validUntil, cacheMaxAgeSeconds, scope),
    );
    if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) {
      return finish(exchange, 304, headers, undefined);
    }
    headers.push('content-type', JSON_TYPE);
    const body = bodies.get(snapshot, result.tag, () => Buffer.from(result.json, 'utf8'));
    finish(exchange, 200, headers, body);
  };

  /** routes/status-json.ts. */
  const status = (exchange: Exchange) => {
    const headers = [...COMMON];
    const snapshot = snapshots.current;
    if (snapshot === null) {
      headers.push('retry-after', UNAVAILABLE_RETRY_SECONDS);
      return sendError(exchange, headers, dataUnavailable);
    }
    const now = clock();
    const encoded = answers.get(snapshot, now);
    headers.push(
      'etag',
      encoded.etag,
      'cache-control',
      cacheControl(now, encoded.answer.validUntil, cacheMaxAgeSeconds, 'public'),
    );
    if (matchesIfNoneMatch(exchange.request.headers['if-none-match'], encoded.etag)) {
      return finish(exchange, 304, headers, undefined);
    }
    headers.push('content-type', JSON_TYPE);
    finish(exchange, 200, headers, encoded.body);
  };

  /**
   * mcp-route.ts's answer to a plain tool call, from the body read here; any other body is
   * handed to Fastify with the request (pre-read-body.ts), whose MCP route answers it.
   */
  const mcp = (exchange: Exchange, body: Buffer, handler: () => void) => {
    const { request, response } = exchange;
    const text = body.toString('utf8');
    const toolCalls = readToolCalls(text, parseJson(text));
    let admission: Admission | undefined;
    const direct = deps.mcp.endpoint.answerDirectly(request.headers, toolCalls.body, {
      address: () => clientAddress(exchange.ip ?? '', request.socket.remoteAddress),
      toolCalls: toolCalls.byId,
      onAdmission: (each: Admission) => {
        admission = each;
      },
    });
    if (direct === undefined) {
      keepPreReadBody(request, body);
      keepReadToolCalls(request, text, toolCalls);
      handler();
      return;
    }
    direct.then(
      (answer) => {
        const headers = [...COMMON, 'content-type', MCP_JSON_TYPE];
        if (admission !== undefined) {
          // As the route: the rate-limit headers, not Retry-After, and no-store.
          for (const name in admission.headers) {
            if (name !== 'retry-after') headers.push(name, admission.headers[name]!);
          }
          headers.push('cache-control', 'no-store');
        }
        finish(exchange, 200, headers, answer);
      },
      (error: unknown) => response.destroy(error as Error),
    );
  };

  const readMcp = (exchange: Exchange, handler: () => void) => {
    const { request } = exchange;
    const chunks: Buffer[] = [];
    let received = 0;
    const limit = deps.mcp.maxBodyBytes;
    request.on('data', (chunk: Buffer) => {
      received += chunk.length;
      // Node delivers no more than Content-Length (checked against the limit above).
      if (received <= limit) chunks.push(chunk);
    });
    request.on('end', () => {
      const body = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
      mcp(exchange, body, handler);
    });
  };

  return (request, response, handler) => {
    const method = request.method;
    if (method === 'POST') {
      if (request.url !== MCP_PATH || !mayBeDirectMcp(request, deps.mcp)) return false;
      const exchange: Exchange = {
        request,
        response,
        route: MCP,
        started: performance.now(),
        ip: deps.ipOf(request),
      };
      readMcp(exchange, () => handler(request, response));
      return true;
    }
    if (method !== 'GET' && method !== 'HEAD') return false;
    const route = routeOf(request.url!);
    if (route === undefined || !isPlain(request)) return false;
    const exchange: Exchange = {
      request,
      response,
      route,
      started: performance.now(),
      ip: deps.ipOf(request),
    };
    if (route === STATUS) {
      status(exchange);
      return true;
    }
    const pending = gate.admit(() =>
      clientAddress(exchange.ip ?? '', request.socket.remoteAddress),
    );
    if (pending instanceof Promise) {
      pending.then(
        (admission) => records(exchange, admission),
        (error: unknown) => {
          // The gate answers a store failure itself; this is a bug, answered as Fastify would.
          response.destroy(error as Error);
        },
      );
    } else {
      records(exchange, pending);
    }
    return true;
  };
}

interface Exchange {
  readonly request: IncomingMessage;
  readonly response: ServerResponse;
  readonly route: DataRoute;
  readonly started: number;
  readonly ip: string | undefined;
}
