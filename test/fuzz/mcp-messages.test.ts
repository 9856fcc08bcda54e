import assert from 'node:assert/strict';
import { Agent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { after, before, describe, test } from 'node:test';
import fc from 'fast-check';
import {
  ACCEPT,
  LATEST_TOOL,
  LIST_TOOL,
  MODERN,
  MODERN_META,
  SNAPSHOT,
  T0,
} from '../mcp/mcp-support.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

/**
 * Fuzzing POST /mcp against one real server: whatever arrives, the answer is a contract
 * answer (decisions.md §6, §7). An HTTP status from the expected set, never a 500; a body
 * that is empty (202) or JSON-RPC responses whose errors have integer codes; never a tool
 * error `internal_error`, a JSON-RPC internal error, a stack trace or a file path; each answer
 * within a bound; a tool result's structuredContent is the success envelope or exactly the
 * error body. Requests go one at a time over one keep-alive connection.
 */

const RUNS = 10_000;
/** Fail-fast bound per request (they take about a millisecond), not a throughput target. */
const BOUND_MS = 2_000;
/** 202 (notifications only), 200, 400 (malformed, rejected) and 404 (unknown method, 2026-07-28). */
const STATUSES = new Set([200, 202, 400, 404]);
/** What must never leak: stack frames and source file paths. */
const LEAK = /\s{4}at \S|file:\/\/|\/[\w.@-]+\/[\w.@/-]+\.(?:ts|js|mjs|cjs)\b/;
/** The tool errors a call may end in: the contract's codes, never `internal_error`. */
const TOOL_ERRORS = new Set([
  'invalid_query',
  'rate_limited',
  'rate_limit_unavailable',
  'data_unavailable',
]);
const KINDS = ['all', 'reset_scheduled', 'reset_completed'];
const MAX_PAGE = Number.MAX_SAFE_INTEGER;

// ---------------------------------------------------------------------------------------
// Sending and checking

interface Answer {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly text: string;
  readonly ms: number;
}

interface Case {
  readonly body: string | Uint8Array;
  readonly headers: Record<string, string>;
}

/** One keep-alive connection, reused by every request (fetch costs more than the server). */
const agent = new Agent({ keepAlive: true, maxSockets: 1 });
after(() => agent.destroy());

function post(origin: string, { body, headers }: Case): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      `${origin}/mcp`,
      {
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', accept: ACCEPT, ...headers },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            text: Buffer.concat(chunks).toString('utf8'),
            ms: performance.now() - started,
          }),
        );
      },
    );
    request.on('error', reject);
    request.setTimeout(10_000, () => request.destroy(new Error('no answer within 10 s')));
    request.end(body);
  });
}

const shown = (value: Case['body']) =>
  (typeof value === 'string' ? value : `bytes ${Buffer.from(value).toString('hex')}`).slice(0, 300);

/** Asserts a contract answer; returns the JSON-RPC responses (none for a 202). */
function assertContractAnswer(answer: Answer, sent: Case): Record<string, unknown>[] {
  const label = `${JSON.stringify(sent.headers)} ${shown(sent.body)} → ${answer.status} ${answer.text.slice(0, 300)}`;
  assert.ok(STATUSES.has(answer.status), `status: ${label}`);
  assert.ok(answer.ms < BOUND_MS, `answered in ${Math.round(answer.ms)} ms: ${label}`);
  assert.doesNotMatch(answer.text, LEAK, label);
  if (answer.status === 202) {
    assert.equal(answer.text, '', label);
    return [];
  }
  assert.match(answer.headers['content-type'] ?? '', /^application\/json/, label);
  const body = JSON.parse(answer.text) as unknown;
  const replies = Array.isArray(body) ? body : [body];
  assert.ok(replies.length > 0, label);
  for (const reply of replies) assertJsonRpcResponse(reply, label);
  return replies as Record<string, unknown>[];
}

function assertJsonRpcResponse(reply: unknown, label: string): void {
  assert.ok(typeof reply === 'object' && reply !== null && !Array.isArray(reply), label);
  const { jsonrpc, id, result, error, ...rest } = reply as Record<string, unknown>;
  assert.equal(jsonrpc, '2.0', label);
  assert.deepEqual(rest, {}, label);
  assert.ok(id === null || typeof id === 'string' || typeof id === 'number', label);
  assert.ok((result === undefined) !== (error === undefined), `result or error: ${label}`);
  if (error !== undefined) {
    const { code, message, data, ...more } = error as Record<string, unknown>;
    assert.ok(Number.isInteger(code), label);
    assert.notEqual(code, -32603, `a JSON-RPC internal error: ${label}`);
    assert.equal(typeof message, 'string', label);
    assert.deepEqual(more, {}, label);
    void data;
    return;
  }
  assert.ok(typeof result === 'object' && result !== null, label);
  if ('structuredContent' in result) assertToolResult(result as ToolResult, label);
}

interface ToolResult {
  content: { type: string; text: string }[];
  structuredContent: Record<string, unknown>;
  isError?: boolean;
}

/** The success envelope, or exactly the contract's error body; one text item with the same JSON. */
function assertToolResult(result: ToolResult, label: string): void {
  const { structuredContent: body, content, isError } = result;
  assert.equal(content.length, 1, label);
  assert.equal(content[0]?.type, 'text', label);
  assert.deepEqual(JSON.parse(content[0]?.text ?? 'null'), body, label);
  if (isError === true) {
    const { ok, error, detail, retryAfter, ...rest } = body;
    assert.equal(ok, false, label);
    assert.ok(TOOL_ERRORS.has(error as string), `error ${String(error)}: ${label}`);
    assert.ok(typeof detail === 'string' && detail !== '', label);
    assert.equal(retryAfter !== undefined, error === 'rate_limited', label);
    assert.deepEqual(rest, {}, label);
  } else {
    assert.equal(isError, undefined, label);
    assert.deepEqual(Object.keys(body).sort(), ['data', 'meta', 'ok'], label);
    assert.equal(body['ok'], true, label);
  }
}

// ---------------------------------------------------------------------------------------
// Generators: arbitrary JSON-RPC traffic

type Style = 'modern' | 'current' | 'batching';
const REVISION: Record<Style, string> = {
  modern: MODERN,
  current: '2025-11-25',
  batching: '2025-03-26',
};
const style = fc.constantFrom<Style>('modern', 'current', 'batching');

const text = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.string({ unit: 'binary', maxLength: 8 }),
  fc.string({ unit: 'grapheme', maxLength: 4 }),
);
const json = fc.jsonValue({ maxDepth: 3 });
const METHODS = [
  'initialize',
  'tools/list',
  'tools/call',
  'ping',
  'server/discover',
  'notifications/initialized',
  'notifications/cancelled',
  'resources/list',
  'prompts/get',
  'logging/setLevel',
  'completion/complete',
];
const absent = fc.constant(undefined);
const messageArb = fc.record({
  // Mostly well-formed envelopes, so that most messages reach the handlers.
  jsonrpc: fc.oneof({ weight: 40, arbitrary: fc.constant('2.0') }, absent, json),
  id: fc.oneof(
    { weight: 6, arbitrary: fc.integer() },
    { weight: 6, arbitrary: fc.string({ maxLength: 6 }) },
    { weight: 2, arbitrary: absent }, // a notification
    fc.constant(null),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
  ),
  method: fc.oneof(
    { weight: 10, arbitrary: fc.constantFrom(...METHODS) },
    { weight: 2, arbitrary: text },
    json,
  ),
  params: fc.oneof(
    { weight: 2, arbitrary: absent },
    {
      weight: 4,
      arbitrary: fc.record(
        {
          name: fc.oneof(fc.constantFrom(LIST_TOOL, LATEST_TOOL), text),
          arguments: fc.oneof(absent, json),
        },
        { requiredKeys: ['name'] },
      ),
    },
    fc.record({
      protocolVersion: fc.oneof(
        fc.constantFrom(MODERN, '2025-11-25', '2025-03-26', '1999-01-01'),
        text,
      ),
      capabilities: fc.constant({}),
      clientInfo: fc.constant({ name: 'fuzz', version: '1.0.0' }),
    }),
    { weight: 2, arbitrary: fc.dictionary(text, json, { maxKeys: 3 }) },
    json,
  ),
  meta: fc.oneof({ weight: 4, arbitrary: fc.constant(true) }, fc.constant(false)),
});
type Message = Record<string, unknown>;

/** A message object; a 2026-07-28 client puts the `_meta` envelope in its params. */
function messageOf(
  m: typeof messageArb extends fc.Arbitrary<infer T> ? T : never,
  s: Style,
): Message {
  const message: Message = {};
  if (m.jsonrpc !== undefined) message['jsonrpc'] = m.jsonrpc;
  if (m.id !== undefined) message['id'] = m.id;
  message['method'] = m.method;
  let params = m.params;
  if (s === 'modern' && m.meta && (params === undefined || isPlainObject(params)))
    params = { ...(params as object | undefined), _meta: MODERN_META };
  if (params !== undefined) message['params'] = params;
  return message;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The headers a client of this style sends for `message`, possibly perturbed. */
function headersFor(message: unknown, s: Style, noise: number): Record<string, string> {
  const headers: Record<string, string> = { 'mcp-protocol-version': REVISION[s] };
  const { method, params } = isPlainObject(message) ? message : {};
  if (s === 'modern') {
    headers['mcp-method'] = typeof method === 'string' ? method : 'tools/call';
    const name = isPlainObject(params) ? params['name'] : undefined;
    if (method === 'tools/call' && typeof name === 'string') headers['mcp-name'] = name;
  } else if (method === 'initialize') {
    delete headers['mcp-protocol-version']; // as the SDK sends its handshake
  }
  if (noise === 1) delete headers['mcp-protocol-version'];
  if (noise === 2) headers['mcp-method'] = 'ping';
  if (noise === 3) headers['mcp-protocol-version'] = '2024-01-01';
  // Header values must be printable ASCII; an odd method or name gets a header that differs.
  for (const [name, value] of Object.entries(headers)) {
    if (!/^[\x20-\x7e]*$/.test(value)) headers[name] = encodeURIComponent(value);
  }
  return headers;
}

const NUMBER_LITERALS = [
  '1e400',
  '-1e400',
  '1E-400',
  '123456789012345678901234567890',
  '9007199254740993',
  '-0',
  '1.0',
  '0.000000000000000000001',
];

const jsonRpcCase: fc.Arbitrary<Case> = fc
  .tuple(style, fc.nat(9), fc.array(messageArb, { minLength: 1, maxLength: 4 }), fc.nat(), fc.nat())
  .chain(([s, noise, rawMessages, a, b]) => {
    const messages = rawMessages.map((m) => messageOf(m, s));
    const first = messages[0]!;
    const single = JSON.stringify(first);
    const headers = headersFor(first, s, noise);
    const cut = a % (single.length + 1);
    const body: fc.Arbitrary<string | Uint8Array> = fc.oneof(
      { weight: 8, arbitrary: fc.constant(single) },
      fc.constant(JSON.stringify(messages)),
      fc.constant(JSON.stringify([first])),
      json.map((value) => JSON.stringify(value) ?? 'null'),
      // Malformed: cut short, or a stray character inserted.
      fc.constant(single.slice(0, cut)),
      fc
        .constantFrom('{', '}', '[', ']', ',', ':', '"', '\\', '\u0000', 'x', '\ud800', ' ')
        .map((c) => `${single.slice(0, cut)}${c}${single.slice(cut)}`),
      fc.uint8Array({ maxLength: 256 }),
      // Deep nesting, bare or inside params.
      fc
        .tuple(fc.integer({ min: 1, max: 8000 }), fc.constantFrom('[', '{"a":'))
        .map(([depth, open]) => {
          const close = open === '[' ? ']' : '}';
          const deep = `${open.repeat(depth)}1.0${close.repeat(depth)}`;
          return b % 2 === 0
            ? deep
            : JSON.stringify({ ...first, params: { x: 0 } }).replace('"x":0', `"x":${deep}`);
        }),
      // Number literals JSON.parse rounds, overflows or signs oddly, as id or argument.
      fc.constantFrom(...NUMBER_LITERALS).map((literal) => {
        const marked = {
          ...first,
          id: '\u0001',
          params: { name: LIST_TOOL, arguments: { page: '\u0002' } },
        };
        const raw = JSON.stringify(marked);
        return b % 2 === 0
          ? raw.replace('"\\u0001"', literal).replace('"\\u0002"', '1')
          : raw.replace('"\\u0001"', '1').replace('"\\u0002"', literal);
      }),
    );
    return body.map((value): Case => ({ body: value, headers }));
  });

// ---------------------------------------------------------------------------------------
// Generators: tools/call with arbitrary arguments, and what the contract says of them

interface Literal {
  /** As written in the request. */
  readonly text: string;
  /** As JSON.parse reads it. */
  readonly value: unknown;
}

const literal = (text: string): Literal => ({ text, value: JSON.parse(text) });
const ofValue = (value: unknown): Literal => literal(JSON.stringify(value) ?? 'null');

const argumentValue: fc.Arbitrary<Literal> = fc.oneof(
  fc.integer({ min: -3, max: 14 }).map(ofValue),
  fc.constantFrom(MAX_PAGE, MAX_PAGE + 1, 2 ** 53 + 2).map(ofValue),
  fc
    .tuple(fc.integer({ min: 0, max: 12 }), fc.constantFrom('.0', 'e0', 'E+0', 'e-0', '.50'))
    .map(([n, suffix]) => literal(`${n}${suffix}`)),
  fc.constantFrom(...NUMBER_LITERALS).map(literal),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map(ofValue),
  fc.constantFrom(...KINDS, 'ALL', 'all ', '', '1', 'null').map(ofValue),
  text.map(ofValue),
  json.map(ofValue),
);
const argumentName = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom('kind', 'page', 'pageSize') },
  fc.constantFrom('page_size', 'Page', '__proto__', 'constructor', 'toString', ''),
  fc.string({ maxLength: 10 }),
);

/** `arguments`: absent, an object of members as written, or any other JSON value. */
type Arguments =
  | { readonly shape: 'absent' }
  | { readonly shape: 'object'; readonly members: readonly [string, Literal][] }
  | { readonly shape: 'other'; readonly value: Literal };

const argumentsArb: fc.Arbitrary<Arguments> = fc.oneof(
  fc.constant<Arguments>({ shape: 'absent' }),
  fc
    .uniqueArray(fc.tuple(argumentName, argumentValue), {
      maxLength: 4,
      selector: ([name]) => name,
    })
    .map((members): Arguments => ({ shape: 'object', members })),
  argumentValue
    .filter(({ value }) => !isPlainObject(value))
    .map((value): Arguments => ({ shape: 'other', value })),
);

const argumentsText = (args: Arguments): string | undefined =>
  args.shape === 'absent'
    ? undefined
    : args.shape === 'other'
      ? args.value.text
      : `{${args.members.map(([name, value]) => `${JSON.stringify(name)}:${value.text}`).join(',')}}`;

/** The query the contract derives from these arguments, or undefined if it refuses them. */
function expectedQuery(tool: string, args: Arguments): Record<string, unknown> | undefined {
  const query: Record<string, unknown> = { kind: 'all', page: 1, pageSize: 10 };
  if (args.shape === 'absent') return query;
  if (args.shape === 'other') return undefined;
  const allowed = tool === LIST_TOOL ? ['kind', 'page', 'pageSize'] : ['kind'];
  for (const [name, { text: written, value }] of args.members) {
    if (!allowed.includes(name)) return undefined;
    if (name === 'kind') {
      if (typeof value !== 'string' || !KINDS.includes(value)) return undefined;
    } else {
      const max = name === 'page' ? MAX_PAGE : 10;
      const integer =
        typeof value === 'number' && Number.isInteger(value) && !/[.eE]/.test(written);
      if (!integer || value < 1 || value > max) return undefined;
    }
    query[name] = value;
  }
  return query;
}

interface ToolCall {
  readonly style: Style;
  readonly tool: string;
  readonly id: string | number;
  readonly args: Arguments;
}

const toolCallArb: fc.Arbitrary<ToolCall> = fc.record({
  style: fc.constantFrom<Style>('modern', 'current'),
  tool: fc.constantFrom(LIST_TOOL, LATEST_TOOL),
  id: fc.oneof(fc.integer({ min: 0, max: 1e9 }), fc.string({ minLength: 1, maxLength: 6 })),
  args: argumentsArb,
});

function toolCallCase({ style: s, tool, id, args }: ToolCall): Case {
  const members = [`"name":${JSON.stringify(tool)}`];
  const written = argumentsText(args);
  if (written !== undefined) members.push(`"arguments":${written}`);
  if (s === 'modern') members.push(`"_meta":${JSON.stringify(MODERN_META)}`);
  const body = `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"method":"tools/call","params":{${members.join(',')}}}`;
  return { body, headers: headersFor({ method: 'tools/call', params: { name: tool } }, s, 0) };
}

// ---------------------------------------------------------------------------------------

describe('fuzzing POST /mcp', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({
      snapshot: SNAPSHOT,
      env: { RATE_LIMIT: 'off' },
      clock: () => T0,
    });
  });
  after(() => server?.close());

  test(`${RUNS} arbitrary JSON-RPC messages, batches and malformed bodies get contract answers`, async (t) => {
    let cases = 0;
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(jsonRpcCase, async (sent) => {
        cases++;
        const answer = await post(server.origin, sent);
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        assertContractAnswer(answer, sent);
        assert.equal(answer.headers['x-ratelimit-remaining'], undefined);
      }),
      { numRuns: RUNS, includeErrorInReport: true },
    );
    t.diagnostic(`${cases} cases; statuses ${JSON.stringify(Object.fromEntries(statuses))}`);
  });

  test(`${RUNS} tools/call requests with arbitrary arguments get the tool result the argument rules give`, async (t) => {
    let cases = 0;
    let accepted = 0;
    await fc.assert(
      fc.asyncProperty(toolCallArb, async (call) => {
        cases++;
        const sent = toolCallCase(call);
        const answer = await post(server.origin, sent);
        const [reply] = assertContractAnswer(answer, sent);
        const label = `${shown(sent.body)} → ${answer.text.slice(0, 300)}`;
        assert.equal(answer.status, 200, label);
        assert.equal(reply?.['id'], call.id, label);
        const result = reply?.['result'] as ToolResult | undefined;
        assert.ok(result?.structuredContent, `a tool result: ${label}`);
        const expected = expectedQuery(call.tool, call.args);
        if (expected === undefined) {
          assert.equal(result.isError, true, label);
          assert.equal(result.structuredContent['error'], 'invalid_query', label);
          return;
        }
        accepted++;
        assert.notEqual(result.isError, true, label);
        if (call.tool === LIST_TOOL) {
          const data = result.structuredContent['data'] as Record<string, unknown>;
          assert.deepEqual(
            [data['page'], data['pageSize']],
            [expected['page'], expected['pageSize']],
            label,
          );
        }
      }),
      { numRuns: RUNS, includeErrorInReport: true },
    );
    t.diagnostic(`${cases} cases, ${accepted} with arguments the contract accepts`);
  });
});

// ---------------------------------------------------------------------------------------
// Counting: exactly the calls naming a known tool count, once each

type Traffic =
  | {
      readonly kind: 'call';
      readonly style: Style;
      readonly tool: string;
      readonly args: Arguments;
    }
  | { readonly kind: 'batch'; readonly size: number; readonly sharedId: boolean }
  | { readonly kind: 'uncounted'; readonly style: Style; readonly which: number };

const trafficArb: fc.Arbitrary<Traffic> = fc.oneof(
  fc.record({
    kind: fc.constant('call' as const),
    style: fc.constantFrom<Style>('modern', 'current'),
    tool: fc.constantFrom(LIST_TOOL, LATEST_TOOL),
    args: argumentsArb,
  }),
  fc.record({
    kind: fc.constant('batch' as const),
    size: fc.integer({ min: 1, max: 4 }),
    sharedId: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('uncounted' as const),
    style: fc.constantFrom<Style>('modern', 'current'),
    which: fc.nat(4),
  }),
);

/** The request for `traffic` and how many admissions the quota must record for it. */
function trafficCase(traffic: Traffic): { sent: Case; counted: number } {
  if (traffic.kind === 'call') {
    return { sent: toolCallCase({ ...traffic, id: 1 }), counted: 1 };
  }
  if (traffic.kind === 'batch') {
    const calls = Array.from({ length: traffic.size }, (_, i) => ({
      jsonrpc: '2.0',
      id: traffic.sharedId && traffic.size > 1 ? 'same' : i,
      method: 'tools/call',
      params: { name: i % 2 ? LATEST_TOOL : LIST_TOOL, arguments: {} },
    }));
    const refused = traffic.sharedId && traffic.size > 1;
    const sent = { body: JSON.stringify(calls), headers: { 'mcp-protocol-version': '2025-03-26' } };
    return { sent, counted: refused ? 0 : traffic.size };
  }
  const s = traffic.style;
  const message = (method: string, params: Record<string, unknown>, id?: number): Message => ({
    jsonrpc: '2.0',
    ...(id === undefined ? {} : { id }),
    method,
    params: s === 'modern' ? { ...params, _meta: MODERN_META } : params,
  });
  const messages = [
    message('tools/list', {}, 1),
    message('tools/call', { name: 'get_everything', arguments: {} }, 1),
    message('tools/call', { name: LIST_TOOL, arguments: {} }), // a notification: no id
    message('tools/call', { name: 42, arguments: {} }, 1),
    message('tools/call', { name: LIST_TOOL, arguments: {} }, 1),
  ];
  const chosen = messages[traffic.which]!;
  const headers = headersFor(chosen, s, 0);
  // The last one is a known tool, but its body is cut short: malformed, so never counted.
  const body = JSON.stringify(chosen);
  return { sent: { body: traffic.which === 4 ? body.slice(0, -1) : body, headers }, counted: 0 };
}

describe('fuzzing what /mcp counts', () => {
  const MAX = 1_000_000;
  let server: TestServer;
  before(async () => {
    server = await startTestServer({
      snapshot: SNAPSHOT,
      env: { RATE_LIMIT_MAX: String(MAX) },
      clock: () => T0,
    });
  });
  after(() => server?.close());

  test('exactly the tools/call requests naming a known tool count, once each, whatever their arguments', async (t) => {
    let remaining = MAX;
    let cases = 0;
    await fc.assert(
      fc.asyncProperty(trafficArb, async (traffic) => {
        cases++;
        const { sent, counted } = trafficCase(traffic);
        const answer = await post(server.origin, sent);
        assertContractAnswer(answer, sent);
        const header = answer.headers['x-ratelimit-remaining'];
        const label = `${JSON.stringify(traffic)} → ${answer.status} ${answer.text.slice(0, 200)}`;
        if (counted === 0) {
          assert.equal(header, undefined, label);
          return;
        }
        remaining -= counted;
        assert.equal(header, String(remaining), label);
      }),
      { numRuns: 500, includeErrorInReport: true },
    );
    t.diagnostic(`${cases} cases, ${MAX - remaining} calls counted`);
  });
});
