import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { after, before, describe, test } from 'node:test';
import fc from 'fast-check';
import { SNAPSHOT, T0 } from '../mcp/mcp-support.ts';
import { SHARED_REDIS_URL, uniquePrefix } from '../redis/redis-support.ts';
import { freePort } from '../support/process.ts';
import { capturingLogger, startTestServer, type TestServer } from '../support/server.ts';

/**
 * GET and HEAD of the data endpoints are answered below Fastify (src/service/http/fast-path.ts).
 * Two servers with the same snapshot, clock and quota, one with the fast path and one
 * sending everything through Fastify, get every kind of request these endpoints' tests
 * know, as raw bytes on a socket; their answers must be the same bytes (the Date header
 * aside), and so must their log lines (time and duration aside) and request metrics. The
 * fast path must really have answered the plain requests: its metric counts them.
 */

const LIST = '/openapi/v1/records';
const LATEST = '/openapi/v1/records/latest';
const STATUS = '/status.json';

/** Everything the server sends on a connection for `requestText`, Date lines removed. */
function exchange(origin: string, requestText: string): Promise<string> {
  const { port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.setTimeout(5_000, () => socket.destroy(new Error(`timeout: ${requestText}`)));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () =>
      resolve(
        Buffer.concat(chunks)
          .toString('latin1')
          .replace(/\r\nDate: [^\r]*/g, ''),
      ),
    );
    // Not a half-close: Node aborts what a half-closed connection asked for when its answer
    // is not ready yet (the Redis quota's). `Connection: close` makes the server close.
    socket.write(requestText);
  });
}

/** A request as written on the wire; `Connection: close` so that the server ends it. */
const raw = (
  method: string,
  target: string,
  headers: readonly string[] = [],
  { host = 'Host: localhost', version = 'HTTP/1.1', body = '' } = {},
) =>
  `${method} ${target} ${version}\r\n${host === '' ? '' : `${host}\r\n`}${headers.map((h) => `${h}\r\n`).join('')}Connection: close\r\n\r\n${body}`;

interface Case {
  readonly label: string;
  readonly request: string;
  /** Whether the fast path must answer it (else Fastify must). */
  readonly fast: boolean;
}

const get = (target: string, headers: readonly string[] = []): Case => ({
  label: `GET ${target} ${headers.join(' ')}`,
  request: raw('GET', target, headers),
  fast: true,
});
const head = (target: string, headers: readonly string[] = []): Case => ({
  label: `HEAD ${target} ${headers.join(' ')}`,
  request: raw('HEAD', target, headers),
  fast: true,
});

const QUERIES = [
  '',
  '?',
  '?page=2',
  '?page=2&pageSize=3',
  '?pageSize=3&page=2',
  '?kind=reset_completed',
  '?kind=reset_scheduled&pageSize=1',
  '?kind=all&page=1&pageSize=100',
  '?page=99',
  // invalid
  '?page=0',
  '?page=01',
  '?page=-1',
  '?page=1.0',
  '?page=',
  '?page',
  '?pageSize=101',
  '?pageSize=0',
  '?kind=everything',
  '?kind=',
  // duplicate and unknown parameters
  '?page=1&page=2',
  '?kind=all&kind=all',
  '?foo=1',
  '?page=1&foo',
  '?&',
  '?page=1&&pageSize=2',
  // percent-encodings and other spellings
  '?kind=reset%5Fcompleted',
  '?p%61ge=2',
  '?page=%32',
  '?page=%ZZ',
  '?kind=%E2%82',
  '?kind=%C3%A9',
  '?kind=reset+completed',
  '?page=2%26pageSize=3',
  `?page=${'9'.repeat(40)}`,
  `?${'x'.repeat(300)}=1`,
];

function cases(): Case[] {
  const list: Case[] = [];
  for (const query of QUERIES) {
    list.push(get(LIST + query), get(LATEST + query));
  }
  list.push(
    get(STATUS),
    get(`${STATUS}?x=1`),
    get(`${STATUS}?page=2`),
    head(LIST),
    head(`${LIST}?page=2`),
    head(`${LIST}?page=0`),
    head(LATEST),
    head(STATUS),
    // If-None-Match: the ETags are filled in at run time (see withEtags)
    get(LIST, ['If-None-Match: *']),
    get(LIST, ['If-None-Match: "nope"']),
    get(LIST, ['If-None-Match: W/"nope", "other"']),
    head(LIST, ['If-None-Match: *']),
    get(STATUS, ['If-None-Match: *']),
    head(STATUS, ['If-None-Match: *']),
    get(STATUS, ['If-None-Match: "nope"']),
    // other request headers the answers do not depend on
    get(LIST, ['Accept: text/html']),
    get(LIST, ['Origin: https://example.com']),
    get(LIST, ['Accept-Encoding: gzip']),
    get(LIST, ['X-Forwarded-For: 10.1.2.3']),
    get(LIST, ['Content-Length: 0']),
    // HTTP/1.0: no Host needed
    {
      label: 'HTTP/1.0 without Host',
      request: raw('GET', LIST, [], { host: '', version: 'HTTP/1.0' }),
      fast: true,
    },
    // Fastify's: the path in another spelling, another method, a body, a Host problem
    { label: 'percent-encoded path', request: raw('GET', '/openapi/v1/record%73'), fast: false },
    { label: 'percent-encoded status', request: raw('GET', '/status%2Ejson'), fast: false },
    { label: 'a trailing slash', request: raw('GET', `${LIST}/`), fast: false },
    { label: 'a fragment', request: raw('GET', `${LIST}#x`), fast: false },
    { label: 'a fragment in the query', request: raw('GET', `${LIST}?page=2#x`), fast: false },
    { label: 'upper case', request: raw('GET', '/openapi/v1/RECORDS'), fast: false },
    { label: 'a longer path', request: raw('GET', `${LIST}x`), fast: false },
    {
      label: 'absolute form',
      request: raw('GET', `http://localhost${LIST}?page=2`),
      fast: false,
    },
    { label: 'OPTIONS', request: raw('OPTIONS', LIST, ['Origin: https://x.example']), fast: false },
    { label: 'POST', request: raw('POST', LIST, ['Content-Length: 0']), fast: false },
    { label: 'DELETE status', request: raw('DELETE', STATUS), fast: false },
    {
      label: 'a GET with a body',
      request: raw('GET', LIST, ['Content-Length: 2'], { body: '{}' }),
      fast: false,
    },
    {
      label: 'a chunked GET',
      request: raw('GET', LIST, ['Transfer-Encoding: chunked'], { body: '0\r\n\r\n' }),
      fast: false,
    },
    { label: 'HTTP/1.1 without Host', request: raw('GET', LIST, [], { host: '' }), fast: false },
    {
      label: 'two Host headers',
      request: raw('GET', LIST, ['Host: other']),
      fast: false,
    },
    {
      label: 'two requests on one connection (keep-alive, pipelined)',
      request: `GET ${LIST}?page=2 HTTP/1.1\r\nHost: a\r\n\r\n${raw('HEAD', STATUS)}`,
      fast: true,
    },
  );
  return list;
}
const CASES = cases();

/** POST /mcp as written on the wire (Content-Length counted unless given). */
const mcpPost = (body: string, headers: readonly string[], length = Buffer.byteLength(body)) =>
  raw('POST', '/mcp', [...headers, `Content-Length: ${length}`], { body });

const MCP_JSON = ['Content-Type: application/json', 'Accept: application/json, text/event-stream'];
const callBody = (tool: string, args: string, meta?: string) =>
  `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"${tool}","arguments":${args}${meta === undefined ? '' : `,"_meta":${meta}`}}}`;
const MODERN_META =
  '{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientInfo":{"name":"t","version":"1"},"io.modelcontextprotocol/clientCapabilities":{}}';
const modern = (tool: string) => [
  ...MCP_JSON,
  'MCP-Protocol-Version: 2026-07-28',
  'Mcp-Method: tools/call',
  `Mcp-Name: ${tool}`,
];
const legacy = (revision: string) => [...MCP_JSON, `MCP-Protocol-Version: ${revision}`];
const LIST_TOOL = 'list_reset_records';
const LATEST_TOOL = 'get_latest_reset_record';

/** POST /mcp: plain tool calls the fast path answers; the rest it reads and hands on. */
const MCP_CASES: Case[] = [
  {
    label: 'MCP 2026-07-28 list',
    request: mcpPost(callBody(LIST_TOOL, '{"pageSize":2}', MODERN_META), modern(LIST_TOOL)),
    fast: true,
  },
  {
    label: 'MCP 2026-07-28 latest, bad kind',
    request: mcpPost(callBody(LATEST_TOOL, '{"kind":"x"}', MODERN_META), modern(LATEST_TOOL)),
    fast: true,
  },
  ...['2025-03-26', '2025-06-18', '2025-11-25'].map((revision) => ({
    label: `MCP ${revision} list`,
    request: mcpPost(callBody(LIST_TOOL, '{"page":2}'), legacy(revision)),
    fast: true,
  })),
  {
    label: 'MCP 2025-11-25 tools/list',
    request: mcpPost('{"jsonrpc":"2.0","id":1,"method":"tools/list"}', legacy('2025-11-25')),
    fast: true,
  },
  {
    label: 'MCP multi-byte text in the body',
    request: mcpPost(callBody(LIST_TOOL, '{"kind":"é€😀"}'), legacy('2025-11-25')),
    fast: true,
  },
  // Read, then handed to Fastify (the SDK answers)
  {
    label: 'MCP initialize',
    request: mcpPost(
      '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"x","version":"1"}}}',
      legacy('2025-11-25'),
    ),
    fast: false,
  },
  {
    label: 'MCP unknown tool',
    request: mcpPost(callBody('nope', '{}'), legacy('2025-06-18')),
    fast: false,
  },
  { label: 'MCP not JSON', request: mcpPost('{"jsonrpc":', legacy('2025-11-25')), fast: false },
  {
    label: 'MCP a batch',
    request: mcpPost(`[${callBody(LIST_TOOL, '{}')}]`, legacy('2025-03-26')),
    fast: false,
  },
  {
    label: 'MCP a notification',
    request: mcpPost(
      '{"jsonrpc":"2.0","method":"notifications/initialized"}',
      legacy('2025-11-25'),
    ),
    fast: false,
  },
  {
    label: 'MCP 2026-07-28 tools/list',
    request: mcpPost(
      `{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"_meta":${MODERN_META}}}`,
      [...MCP_JSON, 'MCP-Protocol-Version: 2026-07-28', 'Mcp-Method: tools/list'],
    ),
    fast: false,
  },
  // Left to Fastify untouched
  {
    label: 'MCP another revision',
    request: mcpPost(callBody(LIST_TOOL, '{}'), legacy('2024-11-05')),
    fast: false,
  },
  {
    label: 'MCP text/plain',
    request: mcpPost(callBody(LIST_TOOL, '{}'), [
      'Content-Type: text/plain',
      'Accept: application/json, text/event-stream',
      'MCP-Protocol-Version: 2025-11-25',
    ]),
    fast: false,
  },
  {
    label: 'MCP a body over the limit',
    request: mcpPost(callBody(LIST_TOOL, `{"kind":"${'x'.repeat(70_000)}"}`), legacy('2025-11-25')),
    fast: false,
  },
  {
    label: 'MCP chunked',
    request: raw('POST', '/mcp', [...legacy('2025-11-25'), 'Transfer-Encoding: chunked'], {
      body: `${Buffer.byteLength(callBody(LIST_TOOL, '{}')).toString(16)}\r\n${callBody(LIST_TOOL, '{}')}\r\n0\r\n\r\n`,
    }),
    fast: false,
  },
  {
    label: 'MCP a refused Origin',
    request: mcpPost(callBody(LIST_TOOL, '{}'), [
      ...legacy('2025-11-25'),
      'Origin: https://evil.example',
    ]),
    fast: false,
  },
  {
    label: 'MCP an allowed Origin',
    request: mcpPost(callBody(LIST_TOOL, '{}'), [
      ...legacy('2025-11-25'),
      'Origin: https://ok.example',
    ]),
    fast: true,
  },
];

async function etagOf(origin: string, target: string): Promise<string> {
  const text = await exchange(origin, raw('GET', target));
  const etag = /\r\netag: ("[^\r]*)/.exec(text)?.[1];
  assert.ok(etag !== undefined, `${target} has an ETag: ${text.slice(0, 300)}`);
  return etag;
}

/** Cases with the current ETags of the servers (the same on both: checked). */
async function withEtags(origins: readonly string[]): Promise<Case[]> {
  const tags: string[] = [];
  for (const target of [LIST, LATEST, STATUS]) {
    const [a, b] = await Promise.all(origins.map((origin) => etagOf(origin, target)));
    assert.equal(a, b, `${target}: the same ETag on both servers`);
    tags.push(a!);
  }
  const [list, latest, status] = tags as [string, string, string];
  assert.ok(list && latest && status);
  return [
    get(LIST, [`If-None-Match: ${list}`]),
    get(LIST, [`If-None-Match: W/${list}`]),
    get(LIST, [`If-None-Match: "x", ${list}`]),
    head(LIST, [`If-None-Match: ${list}`]),
    get(LATEST, [`If-None-Match: ${latest}`]),
    get(LATEST, [`If-None-Match: ${list}`]),
    get(STATUS, [`If-None-Match: ${status}`]),
    head(STATUS, [`If-None-Match: ${status}`]),
  ];
}

interface Pair {
  readonly fast: TestServer;
  readonly framework: TestServer;
  readonly logs: { fast: Record<string, unknown>[]; framework: Record<string, unknown>[] };
}

async function fastAnswers(server: TestServer): Promise<number> {
  const text = (await server.metrics()).text;
  const match = /^http_fast_path_answers_total (\d+)$/m.exec(text);
  assert.ok(match, 'http_fast_path_answers_total is exported');
  return Number(match[1]);
}

/** http_requests_total's samples, and the duration histogram's counts. */
async function requestMetrics(server: TestServer): Promise<string[]> {
  const text = (await server.metrics()).text;
  return text
    .split('\n')
    .filter(
      (line) =>
        line.startsWith('http_requests_total{') ||
        line.startsWith('http_request_duration_seconds_count{'),
    )
    .filter((line) => !line.includes('route="/metrics"'))
    .sort();
}

/** The request log lines, without what differs between runs (time, duration). */
const requestLines = (lines: Record<string, unknown>[]) =>
  lines
    .filter((line) => line['msg'] === 'request')
    .map(({ time: _time, ms, pid: _pid, ...rest }) => ({ ...rest, ms: typeof ms }));

async function startPair(
  options: Parameters<typeof startTestServer>[0],
  env: (side: 'fast' | 'framework') => Record<string, string> = () => ({}),
): Promise<Pair> {
  const fastLog = capturingLogger();
  const frameworkLog = capturingLogger();
  const [fast, framework] = await Promise.all([
    startTestServer({
      ...options,
      env: { ...options?.env, ...env('fast') },
      logger: fastLog.logger,
    }),
    startTestServer({
      ...options,
      env: { ...options?.env, ...env('framework') },
      logger: frameworkLog.logger,
      httpFastPath: false,
    }),
  ]);
  return { fast, framework, logs: { fast: fastLog.lines, framework: frameworkLog.lines } };
}

async function closePair(pair: Pair | undefined): Promise<void> {
  await pair?.fast.close();
  await pair?.framework.close();
}

/**
 * With the quota in Redis, the reset time is Redis's clock at each client's first hit, a
 * few milliseconds apart on the two servers (each has its own keys): that one value, and
 * the Retry-After seconds derived from it, are compared by shape.
 */
const redisTimes = (text: string) =>
  text
    .replace(/(x-ratelimit-reset: )[^\r]*/g, '$1…')
    .replace(/(retry-after: )\d+/g, '$1…')
    .replace(/Retry after \d+ s/g, 'Retry after … s')
    .replace(/"retryAfter":\d+/g, '"retryAfter":…');

/** Sends every case to both servers, `rounds` times, and compares everything. */
async function compareAll(
  pair: Pair,
  list: readonly Case[],
  rounds: number,
  normalise: (text: string) => string = (text) => text,
): Promise<void> {
  const before = await fastAnswers(pair.fast);
  let expectedFast = 0;
  for (let round = 1; round <= rounds; round++) {
    for (const each of list) {
      const fast = await exchange(pair.fast.origin, each.request);
      const framework = await exchange(pair.framework.origin, each.request);
      assert.equal(normalise(fast), normalise(framework), `${each.label} (round ${round})`);
      assert.match(fast, /^HTTP\/1\.[01] \d{3} /, `${each.label}: answered`);
      if (each.fast) expectedFast += each.label.includes('pipelined') ? 2 : 1;
    }
  }
  assert.equal((await fastAnswers(pair.fast)) - before, expectedFast, 'answered by the fast path');
  assert.equal(await fastAnswers(pair.framework), 0, 'the fast path is off on the other');
  assert.deepEqual(requestLines(pair.logs.fast), requestLines(pair.logs.framework), 'log lines');
  assert.deepEqual(await requestMetrics(pair.fast), await requestMetrics(pair.framework));
}

describe('the fast path answers exactly as Fastify does', () => {
  const clock = { now: T0 };
  const settings: [string, Record<string, string>, number][] = [
    ['quota off', { RATE_LIMIT: 'off' }, 1],
    // 200 requests a round: the second round is over quota (429) from its start.
    ['memory quota, then over it', { RATE_LIMIT_MAX: String(CASES.length + 30) }, 2],
    ['memory quota behind a trusted proxy', { TRUST_PROXY: '127.0.0.1' }, 1],
  ];
  const MCP_ENV = { MCP_ALLOWED_ORIGINS: 'https://ok.example' };
  for (const [label, env, rounds] of settings) {
    describe(label, () => {
      let pair: Pair | undefined;
      before(async () => {
        pair = await startPair({
          snapshot: SNAPSHOT,
          env: { ...env, ...MCP_ENV },
          clock: () => clock.now,
        });
      });
      after(() => closePair(pair));

      test('every kind of request', async () => {
        await compareAll(
          pair!,
          [
            ...CASES,
            ...(await withEtags([pair!.fast.origin, pair!.framework.origin])),
            ...MCP_CASES,
          ],
          rounds,
        );
      });

      if (label === 'quota off') {
        test('any query string (property)', async () => {
          const part = fc.oneof(
            fc.constantFrom('page', 'pageSize', 'kind', 'p%61ge', 'x', ''),
            fc.constantFrom(
              '1',
              '2',
              '0',
              '10',
              '100',
              '101',
              'all',
              'reset_completed',
              '%31',
              '%',
              '+',
            ),
          );
          const pair_ = fc
            .tuple(part, fc.option(part))
            .map(([k, v]) => (v === null ? k : `${k}=${v}`));
          const query = fc.array(pair_, { maxLength: 4 }).map((parts) => parts.join('&'));
          await fc.assert(
            fc.asyncProperty(
              fc.constantFrom(LIST, LATEST, STATUS),
              query,
              fc.boolean(),
              async (path, q, isHead) => {
                const request = raw(isHead ? 'HEAD' : 'GET', `${path}?${q}`);
                const fast = await exchange(pair!.fast.origin, request);
                const framework = await exchange(pair!.framework.origin, request);
                assert.equal(fast, framework, request);
              },
            ),
            { numRuns: 80 },
          );
        });
      }
    });
  }

  test('with no snapshot: 503 data_unavailable, the same on both paths', async () => {
    const pair = await startPair({
      snapshot: null,
      env: { RATE_LIMIT_MAX: '1000' },
      clock: () => T0,
    });
    try {
      const list = [
        get(LIST),
        get(LATEST),
        head(LIST),
        get(STATUS),
        head(STATUS),
        get(`${LIST}?page=0`),
      ];
      await compareAll(pair, list, 1);
      assert.match(await exchange(pair.fast.origin, raw('GET', STATUS)), /data_unavailable/);
    } finally {
      await closePair(pair);
    }
  });

  test('with the quota in Redis: the same answers (the admission is asynchronous)', async () => {
    const pair = await startPair(
      {
        snapshot: SNAPSHOT,
        env: { REDIS_URL: SHARED_REDIS_URL, RATE_LIMIT_MAX: '30' },
        clock: () => T0,
      },
      () => ({ REDIS_KEY_PREFIX: uniquePrefix('fast-path') }),
    );
    try {
      const list = [
        get(LIST),
        get(`${LIST}?page=2`),
        head(LATEST),
        get(`${LIST}?page=0`),
        get(STATUS),
      ];
      await compareAll(pair, list, 8, redisTimes); // 40 requests: over the quota of 30 at the end
      assert.match(await exchange(pair.fast.origin, raw('GET', LIST)), /rate_limited/);
    } finally {
      await closePair(pair);
    }
  });

  test('with Redis down: 503 rate_limit_unavailable, the same on both paths', async () => {
    const port = await freePort(); // nothing listens there
    const pair = await startPair({
      snapshot: SNAPSHOT,
      env: { REDIS_URL: `redis://127.0.0.1:${port}` },
      clock: () => T0,
    });
    try {
      const list = [get(LIST), head(LIST), get(`${LATEST}?kind=x`), get(STATUS)];
      await compareAll(pair, list, 1);
      assert.match(await exchange(pair.fast.origin, raw('GET', LIST)), /rate_limit_unavailable/);
    } finally {
      await closePair(pair);
    }
  });
});
