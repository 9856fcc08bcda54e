/**
 * Mixed HTTP and MCP traffic from many clients, each a fresh loopback address with a
 * short scripted session: data requests (some conditional, some HEAD, some with a bad
 * query), MCP tools/call of both tools (some with bad arguments), and uncounted requests
 * in between (health, 404, 405, preflight, tools/list, ping). Most sessions stay within
 * the quota; some deliberately go past it. Since each address belongs to one session,
 * the soak knows the exact number of counted requests before each one, and checks the
 * outcome (admitted or refused), the rate-limit headers and the body of every answer.
 */
import { AddressSequence, BLOCKS } from './addresses.ts';
import {
  checkHttpError,
  checkNoQuotaHeaders,
  checkQuotaHeaders,
  isForbidden5xx,
  QUOTA_LIMIT,
} from './contract.ts';
import { checkEnvelope, type DataRequest, type Kind } from './data-answers.ts';
import { type Reply, send, type Target } from './http-client.ts';
import { sleep } from './lifecycle.ts';
import {
  checkProtocolReply,
  LATEST_TOOL,
  LIST_TOOL,
  mcpRequest,
  readToolReply,
  toolCall,
} from './mcp.ts';
import type { SnapshotBook } from './snapshots.ts';
import type { Random, StatusTable, Violations } from './stats.ts';

export interface QuotaClientOptions {
  readonly target: Target;
  readonly book: SnapshotBook;
  readonly random: Random;
  readonly statuses: StatusTable;
  readonly violations: Violations;
  readonly signal: AbortSignal;
  readonly durationMs: number;
  readonly sessionsPerSecond: number;
}

export interface QuotaClientStats {
  sessions: number;
  sessionsOverQuota: number;
  /** Sessions whose quota could not be verified after a network failure. */
  sessionsUnverifiable: number;
  requests: number;
  mcpOutcomes: Record<string, number>;
}

const KINDS: readonly Kind[] = ['all', 'reset_scheduled', 'reset_completed'];
const INVALID_QUERIES = [
  '/openapi/v1/records?page=01',
  '/openapi/v1/records?pageSize=11',
  '/openapi/v1/records?kind=ALL',
  '/openapi/v1/records?page_size=5',
  '/openapi/v1/records?page=1&page=1',
  '/openapi/v1/records?kind=all&&page=1',
  '/openapi/v1/records?page',
  '/openapi/v1/records?page=1e1',
  '/openapi/v1/records?kind=%zz',
  '/openapi/v1/records/latest?page=1',
];
const INVALID_ARGUMENTS = [
  '{"pageSize":11}',
  '{"pageSize":"2"}',
  '{"page_size":5}',
  '{"page":1.0}',
  '{"kind":"everything"}',
  '{"page":0}',
  '{"page":true}',
];
/** Requests that never count (README "The quota"; MCP: tools/list, server/discover, unknown tools or methods). */
const UNCOUNTED = [
  'healthz',
  '404',
  '405',
  'preflight',
  'tools/list',
  'server/discover',
  'unknown tool',
  'unknown method',
] as const;
const MAX_CONCURRENT_SESSIONS = 40;
const SESSION_TIMEOUT_MS = 60_000;

type Step =
  | {
      type: 'data';
      request: DataRequest;
      path: string;
      method: 'GET' | 'HEAD';
      conditional: boolean;
    }
  | { type: 'invalid-query'; path: string }
  | { type: 'tool'; tool: string; args: string | undefined; request: DataRequest }
  | { type: 'tool-invalid'; tool: string; args: string }
  | { type: 'uncounted'; name: string };

function dataPath(request: DataRequest): string {
  if (request.endpoint === 'latest') {
    return request.kind === 'all'
      ? '/openapi/v1/records/latest'
      : `/openapi/v1/records/latest?kind=${request.kind}`;
  }
  return `/openapi/v1/records?kind=${request.kind}&page=${request.page}&pageSize=${request.pageSize}`;
}

function randomDataRequest(random: Random): DataRequest {
  const kind = random.pick(KINDS);
  if (random.chance(0.3)) return { endpoint: 'latest', kind };
  return { endpoint: 'list', kind, page: random.int(1, 11), pageSize: random.int(1, 10) };
}

/** The script of one session: `counted` counted steps, with uncounted ones in between. */
function script(random: Random, counted: number): Step[] {
  const steps: Step[] = [];
  for (let i = 0; i < counted; i++) {
    if (random.chance(0.15)) {
      steps.push({
        type: 'uncounted',
        name: random.pick(UNCOUNTED),
      });
    }
    const roll = random.next();
    if (roll < 0.45) {
      const request = randomDataRequest(random);
      steps.push({
        type: 'data',
        request,
        path: dataPath(request),
        method: random.chance(0.08) ? 'HEAD' : 'GET',
        conditional: random.chance(0.3),
      });
    } else if (roll < 0.6) {
      steps.push({ type: 'invalid-query', path: random.pick(INVALID_QUERIES) });
    } else if (roll < 0.9) {
      const request = randomDataRequest(random);
      const args =
        request.endpoint === 'latest'
          ? random.chance(0.3)
            ? undefined
            : JSON.stringify({ kind: request.kind })
          : JSON.stringify({ kind: request.kind, page: request.page, pageSize: request.pageSize });
      const tool = request.endpoint === 'latest' ? LATEST_TOOL : LIST_TOOL;
      // No arguments means the defaults: kind all (and page 1, pageSize 10).
      const effective: DataRequest =
        args === undefined ? { endpoint: 'latest', kind: 'all' } : request;
      steps.push({ type: 'tool', tool, args, request: effective });
    } else {
      steps.push({
        type: 'tool-invalid',
        tool: random.pick([LIST_TOOL, LATEST_TOOL]),
        args: random.pick(INVALID_ARGUMENTS),
      });
    }
  }
  return steps;
}

export class QuotaClients {
  readonly stats: QuotaClientStats = {
    sessions: 0,
    sessionsOverQuota: 0,
    sessionsUnverifiable: 0,
    requests: 0,
    mcpOutcomes: {},
  };
  private readonly addresses = new AddressSequence(BLOCKS.quotaClients);

  private readonly options: QuotaClientOptions;

  constructor(options: QuotaClientOptions) {
    this.options = options;
  }

  /** Starts sessions at the configured rate until the duration ends or the soak stops. */
  async run(): Promise<void> {
    const { signal, durationMs, sessionsPerSecond, random } = this.options;
    const started = Date.now();
    const intervalMs = 1000 / sessionsPerSecond;
    const maxSessions = Math.ceil((durationMs / 1000) * sessionsPerSecond);
    const running = new Set<Promise<void>>();
    for (let n = 0; n < maxSessions && !signal.aborted && Date.now() - started < durationMs; n++) {
      if (running.size < MAX_CONCURRENT_SESSIONS) {
        // 60 % stay within the quota, 40 % go past it by 1 to 10 requests.
        const over = random.chance(0.4);
        const counted = over ? QUOTA_LIMIT + random.int(1, 10) : random.int(3, QUOTA_LIMIT);
        const session = this.session(this.addresses.take(), script(random, counted), over);
        running.add(session);
        session.then(() => running.delete(session));
      }
      await sleep(Math.max(0, started + (n + 1) * intervalMs - Date.now()), signal);
    }
    await Promise.all(running);
  }

  private async session(localAddress: string, steps: Step[], over: boolean): Promise<void> {
    const { signal, random } = this.options;
    this.stats.sessions++;
    if (over) this.stats.sessionsOverQuota++;
    const deadline = Date.now() + SESSION_TIMEOUT_MS;
    let counted = 0;
    let verifiable = true;
    const etags = new Map<string, string>();
    for (const step of steps) {
      if (signal.aborted || Date.now() > deadline) break;
      if (step.type !== 'uncounted') counted++;
      const n = verifiable && step.type !== 'uncounted' ? counted : undefined;
      const ok = await this.step(step, localAddress, n, etags);
      if (!ok && verifiable) {
        verifiable = false;
        this.stats.sessionsUnverifiable++;
      }
      await sleep(random.int(0, 30), signal);
    }
  }

  /**
   * Sends one step and checks its answer. `n` is the number of counted requests so far
   * including this one (undefined when unknown). Returns false on a network failure.
   */
  private async step(
    step: Step,
    localAddress: string,
    n: number | undefined,
    etags: Map<string, string>,
  ): Promise<boolean> {
    const { target, statuses, violations } = this.options;
    this.stats.requests++;
    const spec = this.requestOf(step, etags);
    const source = spec.path === '/mcp' ? 'mixed MCP' : 'mixed HTTP';
    const outcome = await send(target, { ...spec, localAddress });
    if (!outcome.ok) {
      statuses.add(source, outcome.error);
      return false;
    }
    statuses.add(source, outcome.status);
    const label = `${spec.method ?? 'GET'} ${spec.path}${n === undefined ? '' : ` (counted #${n})`}`;
    if (isForbidden5xx(outcome)) {
      violations.add('5xx', `${label}: HTTP ${outcome.status} ${outcome.body.slice(0, 120)}`);
    }
    if (outcome.status >= 400 && spec.path !== '/mcp' && spec.method !== 'HEAD') {
      const problem = checkHttpError(outcome);
      if (problem !== undefined) violations.add('error body', `${label}: ${problem}`);
    }
    const problem =
      step.type === 'uncounted'
        ? checkUncounted(step.name, outcome)
        : step.type === 'tool' || step.type === 'tool-invalid'
          ? this.checkTool(step, outcome, n)
          : this.checkData(step, outcome, n, etags);
    if (problem !== undefined) violations.add('mixed traffic: answer', `${label}: ${problem}`);
    return true;
  }

  /** Checks the answer to a tools/call (counted: its quota headers, then its result). */
  private checkTool(
    step: Extract<Step, { type: 'tool' | 'tool-invalid' }>,
    reply: Reply,
    n: number | undefined,
  ): string | undefined {
    const result = readToolReply(reply);
    const label =
      result.kind === 'success'
        ? 'ok'
        : result.kind === 'tool-error'
          ? result.error.error
          : 'problem';
    this.stats.mcpOutcomes[label] = (this.stats.mcpOutcomes[label] ?? 0) + 1;
    if (result.kind === 'problem') return result.problem;
    if (reply.headers['retry-after'] !== undefined) return 'Retry-After on an MCP answer';
    const refused = result.kind === 'tool-error' && result.error.error === 'rate_limited';
    if (n !== undefined) {
      const quota = checkQuotaHeaders(reply.headers, n, refused);
      if (quota !== undefined) this.options.violations.add('quota', `MCP ${step.tool}: ${quota}`);
    }
    if (refused || (n !== undefined && n > QUOTA_LIMIT)) return undefined;
    if (step.type === 'tool-invalid') {
      return label === 'invalid_query'
        ? undefined
        : `arguments ${step.args}: ${label}, expected invalid_query`;
    }
    if (result.kind !== 'success') return `${step.tool} ${step.args}: ${label}`;
    const checked = checkEnvelope(result.envelope, step.request, this.options.book);
    return typeof checked === 'string' ? checked : undefined;
  }

  /** Checks the answer to a counted HTTP data request. */
  private checkData(
    step: Extract<Step, { type: 'data' | 'invalid-query' }>,
    reply: Reply,
    n: number | undefined,
    etags: Map<string, string>,
  ): string | undefined {
    const refused = reply.status === 429;
    if (n !== undefined && reply.status !== 503) {
      const quota = checkQuotaHeaders(reply.headers, n, refused);
      if (quota !== undefined) this.options.violations.add('quota', `${step.path}: ${quota}`);
    }
    if (refused || reply.status === 503 || (n !== undefined && n > QUOTA_LIMIT)) return undefined;
    if (step.type === 'invalid-query') {
      return reply.status === 422 ? undefined : `expected 422, got ${reply.status}`;
    }
    if (reply.status === 304) {
      if (!step.conditional) return '304 without If-None-Match';
      return reply.body === '' ? undefined : '304 with a body';
    }
    if (reply.status !== 200) return `expected 200, got ${reply.status}`;
    const etag = reply.headers.etag;
    if (typeof etag !== 'string') return '200 without ETag';
    etags.set(step.path, etag);
    if (step.method === 'HEAD') return reply.body === '' ? undefined : 'HEAD with a body';
    let body: unknown;
    try {
      body = JSON.parse(reply.body);
    } catch {
      return '200 body is not JSON';
    }
    const checked = checkEnvelope(body, step.request, this.options.book);
    return typeof checked === 'string' ? checked : undefined;
  }

  private requestOf(step: Step, etags: Map<string, string>) {
    switch (step.type) {
      case 'data': {
        const etag = etags.get(step.path);
        const headers: Record<string, string> =
          step.conditional && etag !== undefined ? { 'if-none-match': etag } : {};
        return { method: step.method, path: step.path, headers };
      }
      case 'invalid-query':
        return { path: step.path };
      case 'tool':
        return toolCall(step.tool, step.args);
      case 'tool-invalid':
        return toolCall(step.tool, step.args);
      case 'uncounted':
        return uncountedRequest(step.name);
    }
  }
}

function uncountedRequest(name: string) {
  switch (name) {
    case 'healthz':
      return { path: '/healthz' };
    case '404':
      return { path: '/openapi/v1/nothing-here' };
    case '405':
      return { method: 'POST', path: '/openapi/v1/records', body: '' };
    case 'preflight':
      return {
        method: 'OPTIONS',
        path: '/openapi/v1/records',
        headers: { origin: 'https://example.org', 'access-control-request-method': 'GET' },
      };
    case 'unknown tool':
      return toolCall('get_everything', '{}');
    case 'unknown method':
      return mcpRequest('resources/teleport');
    default:
      return mcpRequest(name); // tools/list, server/discover
  }
}

/** An uncounted request: its expected status, and no rate-limit headers. */
function checkUncounted(name: string, reply: Reply): string | undefined {
  const expected: Record<string, number> = {
    healthz: 200,
    '404': 404,
    '405': 405,
    preflight: 204,
    'tools/list': 200,
    'server/discover': 200,
    'unknown tool': 200, // JSON-RPC error -32602 on HTTP 200 (decisions.md §7)
    'unknown method': 404, // -32601, HTTP 404 under 2026-07-28
  };
  if (reply.status !== expected[name])
    return `${name}: HTTP ${reply.status}, expected ${expected[name]}`;
  if (name === '405' && !String(reply.headers.allow).includes('GET')) return '405 without Allow';
  if (name.startsWith('unknown')) {
    const code = name === 'unknown tool' ? -32602 : -32601;
    const problem = checkProtocolReply(reply);
    if (problem !== undefined) return problem;
    if ((JSON.parse(reply.body) as { error?: { code?: number } }).error?.code !== code) {
      return `${name}: expected JSON-RPC error ${code}: ${reply.body.slice(0, 120)}`;
    }
  }
  return checkNoQuotaHeaders(reply.headers);
}
