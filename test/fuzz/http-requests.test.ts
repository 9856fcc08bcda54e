import assert from 'node:assert/strict';
import { Agent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { after, before, describe, test } from 'node:test';
import fc from 'fast-check';
import { routePathOf } from '../../src/service/http/known-routes.ts';
import { exchange, type RawResponse } from '../support/raw-http.ts';
import { completion, DAY, HOUR, iso, schedule, snapshotOf } from '../support/records.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

/**
 * Fuzzing the HTTP surface of one real server, started once, on two surfaces:
 *
 * 1. Raw query strings on both data endpoints, over keep-alive connections. Reference rule
 *    (decisions.md §3, written here independently of src/service/query/params.ts): a byte outside
 *    visible ASCII is refused by the HTTP parser (400); otherwise the answer is 200 exactly
 *    when the query is empty or `&`-separated `name=value` pairs whose names and values
 *    percent-decode to valid UTF-8, with distinct names the endpoint knows, non-empty
 *    values, `kind` one of the three, `page` canonical digits up to 2^53−1 and `pageSize`
 *    1 to 10; the list then echoes page and pageSize. Anything else is 422 invalid_query.
 *
 * 2. Raw request lines and headers over raw TCP (methods, origin/absolute/asterisk/authority
 *    targets, versions, odd bytes in header names and values, duplicated and missing Host,
 *    Expect, Content-Length/Transfer-Encoding combinations). Whatever is sent, every byte
 *    that comes back parses as HTTP/1.1 responses, each with a status of the contract's set
 *    and, for errors, the contract's JSON body; never a 500, a stack trace or a file path;
 *    an answer within a bound; exactly one final answer to a request that carries no
 *    second one, and nothing after an answer that closes the connection (a stray answer
 *    would be taken for the next request's: response desync); and the server keeps
 *    serving /healthz.
 *
 * The quota is on with a limit no run reaches, so the client-key path runs on every request.
 * /mcp is left to test/fuzz/mcp-messages.test.ts: its answers are JSON-RPC, not this contract.
 */

const QUERY_BATCH = 16;
const QUERY_RUNS = 625; // × 16 = 10,000 queries
const RAW_BATCH = 24; // concurrent connections, well under the per-client connection limit
const RAW_RUNS = 417; // × 24 = 10,008 raw requests
/** A case with no final response and no close within this has hung. */
const BOUND_MS = 3_000;

const NOW = Date.now();
const LIST = '/openapi/v1/records';
const LATEST = '/openapi/v1/records/latest';
const KINDS = ['all', 'reset_scheduled', 'reset_completed'];
const MAX_PAGE = 2n ** 53n - 1n;
/**
 * What must never leak: stack frames and source locations. (Narrower than a general file
 * path, since a 404's detail echoes the requested path, which is anything.)
 */
const LEAK = /\n\s+at \S|file:\/\/|node_modules|\/src\/[\w/-]+\.ts\b|\.[cm]?[jt]s:\d+:\d+/;
/** The error code each error status of this surface must carry. */
const CODE_OF_STATUS: Record<number, string> = {
  400: 'invalid_query',
  404: 'not_found',
  405: 'method_not_allowed',
  408: 'invalid_query',
  413: 'invalid_query',
  415: 'invalid_query', // a body the framework cannot parse (an OPTIONS with no Content-Type)
  417: 'invalid_query',
  422: 'invalid_query',
  431: 'invalid_query',
};
// 301: `/docs/` → `/docs` and `/history` → `/history/` (a junk mutation can make either).
const STATUSES = new Set([100, 200, 204, 301, 304, ...Object.keys(CODE_OF_STATUS).map(Number)]);
/** The only places this surface redirects to. */
const REDIRECTS = new Set(['/docs', '/history/']);

const RECORDS = [
  schedule('100', 'pending', [NOW + DAY, NOW + DAY + HOUR], { announcedAt: iso(NOW - HOUR) }),
  ...Array.from({ length: 23 }, (_, i) =>
    completion(String(200 + i), { announcedAt: iso(NOW - (i + 1) * HOUR) }),
  ),
];

// ---------------------------------------------------------------------------------------
// Surface 1: query strings

type Expected = { status: 400 | 422 } | { status: 200; page: number; pageSize: number };

/** Percent-decodes `text` (visible ASCII) to a string, or undefined if it does not decode. */
function percentDecode(text: string): string | undefined {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    if (text[i] !== '%') {
      bytes.push(text.charCodeAt(i));
      continue;
    }
    const hex = text.slice(i + 1, i + 3);
    if (!/^[0-9a-fA-F]{2}$/.test(hex)) return undefined;
    bytes.push(Number.parseInt(hex, 16));
    i += 2;
  }
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(
      Uint8Array.from(bytes),
    );
  } catch {
    return undefined;
  }
}

/** The reference rule of the header comment. */
function expectedAnswer(rawQuery: string, allowed: readonly string[]): Expected {
  if (/[^\x21-\x7e]/.test(rawQuery)) return { status: 400 };
  const values = new Map<string, string>();
  for (const segment of rawQuery === '' ? [] : rawQuery.split('&')) {
    const eq = segment.indexOf('=');
    const name = percentDecode(eq === -1 ? segment : segment.slice(0, eq));
    const value = eq === -1 ? '' : percentDecode(segment.slice(eq + 1));
    if (name === undefined || value === undefined || value === '') return { status: 422 };
    if (!allowed.includes(name) || values.has(name)) return { status: 422 };
    values.set(name, value);
  }
  const page = values.get('page') ?? '1';
  const pageSize = values.get('pageSize') ?? '10';
  if (!KINDS.includes(values.get('kind') ?? 'all')) return { status: 422 };
  if (!/^[1-9]\d*$/.test(page) || BigInt(page) > MAX_PAGE) return { status: 422 };
  if (!/^(?:[1-9]|10)$/.test(pageSize)) return { status: 422 };
  return { status: 200, page: Number(page), pageSize: Number(pageSize) };
}

const hexOf = (byte: number, upper: boolean) => {
  const hex = byte.toString(16).padStart(2, '0');
  return `%${upper ? hex.toUpperCase() : hex}`;
};
/** `text` with every character percent-encoded as UTF-8. */
const percentEncode = (text: string, upper: boolean) =>
  [...Buffer.from(text, 'utf8')].map((byte) => hexOf(byte, upper)).join('');

const VISIBLE_ASCII = Array.from({ length: 0x7e - 0x20 }, (_, i) => String.fromCharCode(0x21 + i));
const visibleJunk = fc.string({ unit: fc.constantFrom(...VISIBLE_ASCII), maxLength: 12 });
/** Latin-1 characters the client sends as single bytes, which the HTTP parser refuses. */
const rawHighByte = fc.integer({ min: 0x80, max: 0xff }).map((code) => String.fromCharCode(code));
/** A string of the known values, some of its characters percent-encoded. */
const partlyEncoded = (values: readonly string[]) =>
  fc
    .tuple(fc.constantFrom(...values), fc.array(fc.boolean(), { maxLength: 16 }), fc.boolean())
    .map(([value, which, upper]) =>
      [...value].map((char, i) => (which[i] ? percentEncode(char, upper) : char)).join(''),
    );

const NAMES = ['kind', 'page', 'pageSize'];
const nameArb = fc.oneof(
  { weight: 12, arbitrary: fc.constantFrom(...NAMES) },
  { weight: 3, arbitrary: partlyEncoded(NAMES) },
  {
    weight: 2,
    arbitrary: fc.constantFrom('Kind', 'PAGE', 'pagesize', 'page_size', 'page%', 'pa%ge', 'kind+'),
  },
  { weight: 1, arbitrary: visibleJunk },
);

const valueArb = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...KINDS) },
  { weight: 2, arbitrary: partlyEncoded(KINDS) },
  { weight: 6, arbitrary: fc.integer({ min: 0, max: 12 }).map(String) },
  { weight: 2, arbitrary: fc.bigInt({ min: 1n, max: 2n ** 64n }).map(String) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '9007199254740991',
      '9007199254740992',
      '1'.repeat(400),
      '01',
      '+1',
      '1.0',
      '1e1',
      '%201',
      '-1',
      '1%00',
      '0x1',
      '%EF%BC%91', // fullwidth 1
      '%EF%BB%BF1', // a byte-order mark, then 1
    ),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '%',
      '%Z1',
      '%1',
      '%C0%80',
      '%FF',
      '%ED%A0%80',
      '%E2%82',
      '%e2%82%ac',
    ),
  },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.string({ unit: 'grapheme', maxLength: 6 }), fc.boolean())
      .map(([text, upper]) => percentEncode(text, upper)),
  },
  { weight: 2, arbitrary: visibleJunk.filter((text) => !text.includes('&')) },
  { weight: 1, arbitrary: fc.tuple(visibleJunk, rawHighByte).map(([text, high]) => text + high) },
);

const segmentArb = fc.oneof(
  { weight: 12, arbitrary: fc.tuple(nameArb, valueArb).map(([name, value]) => `${name}=${value}`) },
  { weight: 1, arbitrary: nameArb }, // no `=`
  { weight: 1, arbitrary: nameArb.map((name) => `${name}=`) },
  { weight: 1, arbitrary: valueArb.map((value) => `=${value}`) },
  { weight: 1, arbitrary: fc.constant('') },
);

/** A raw query: segments joined by `&`, sometimes with one of them given twice. */
const rawQueryArb = fc.oneof(
  {
    weight: 12,
    arbitrary: fc
      .tuple(fc.array(segmentArb, { maxLength: 4 }), fc.option(fc.nat(), { freq: 5 }))
      .map(([segments, duplicate]) =>
        (duplicate === null || segments.length === 0
          ? segments
          : [...segments, segments[duplicate % segments.length]!]
        ).join('&'),
      ),
  },
  { weight: 1, arbitrary: fc.string({ unit: fc.constantFrom(...VISIBLE_ASCII), maxLength: 30 }) },
);

const queryCaseArb = fc.record({
  path: fc.constantFrom(LIST, LATEST),
  rawQuery: rawQueryArb,
  withQuestionMark: fc.boolean(),
});
type QueryCase = { path: string; rawQuery: string; withQuestionMark: boolean };

interface Answer {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly text: string;
}

const queryAgent = new Agent({ keepAlive: true, maxSockets: QUERY_BATCH });
after(() => queryAgent.destroy());

function get(origin: string, pathAndQuery: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      `${origin}${pathAndQuery.startsWith('/') ? '' : '/'}`,
      { path: pathAndQuery, agent: queryAgent },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    request.on('error', reject);
    request.setTimeout(BOUND_MS, () => request.destroy(new Error('no answer in time')));
    request.end();
  });
}

function checkQueryAnswer(testCase: QueryCase, answer: Answer): void {
  const allowed = testCase.path === LIST ? NAMES : ['kind'];
  const expected = expectedAnswer(testCase.rawQuery, allowed);
  assert.equal(answer.status, expected.status, answer.text);
  assert.equal(answer.headers['content-type'], 'application/json; charset=utf-8');
  const body = JSON.parse(answer.text) as Record<string, unknown>;
  if (expected.status !== 200) {
    assertContractBody(body, 'invalid_query');
    assert.equal(answer.headers['cache-control'], 'no-store');
    return;
  }
  assert.equal(body.ok, true);
  assert.match(String(answer.headers['cache-control']), /^private, max-age=\d+$/);
  if (testCase.path === LIST) {
    const data = body.data as { page: number; pageSize: number; items: unknown[] };
    assert.equal(data.page, expected.page);
    assert.equal(data.pageSize, expected.pageSize);
    assert.ok(data.items.length <= expected.pageSize);
  } else {
    assert.ok(body.data === null || typeof body.data === 'object');
  }
}

// ---------------------------------------------------------------------------------------
// Surface 2: raw requests

const TCHAR = "!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
/** Bytes that have no place in a header name or request line, or only some places. */
const ODD = [
  '\x00',
  '\x01',
  '\t',
  ' ',
  '\x7f',
  '\x80',
  '\xff',
  '\r',
  '\n',
  ':',
  '"',
  '\\',
  '{',
  'é',
];
const oddString = (maxLength: number) =>
  fc.string({
    unit: fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...TCHAR) }, fc.constantFrom(...ODD)),
    maxLength,
  });

const methodArb = fc.oneof(
  {
    weight: 12,
    arbitrary: fc.constantFrom('GET', 'HEAD', 'POST', 'OPTIONS', 'PUT', 'DELETE', 'PATCH'),
  },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      'CONNECT',
      'TRACE',
      'PROPFIND',
      'SEARCH',
      'QUERY',
      'PURGE',
      'LOCK',
      'PRI',
      'SOURCE',
    ),
  },
  {
    weight: 1,
    arbitrary: fc.string({ unit: fc.constantFrom(...TCHAR), minLength: 1, maxLength: 8 }),
  },
  { weight: 1, arbitrary: fc.constantFrom('get', '', 'G\x00T', 'GET\t', 'HEAD\x80', 'GET GET') },
);

const PATHS = [
  '/',
  '/healthz',
  '/readyz',
  LIST,
  LATEST,
  '/openapi/v1/openapi.json',
  '/docs',
  '/docs/guide',
  '/skill/SKILL.md',
  '/llms.txt',
  '/.well-known/agent-skills/index.json',
  '/assets/status-page.js',
  '/nope',
  '/openapi/v1/records/',
  '/openapi/v1/Records',
  '//openapi/v1/records',
  '/openapi/v1/records/../records',
];
const pathArb = fc
  .tuple(
    fc.constantFrom(...PATHS),
    fc.nat(),
    fc.constantFrom('none', 'encode', 'junk', 'query', 'fragment'),
    oddString(8),
  )
  .map(([path, at, mutation, junk]) => {
    const i = at % path.length;
    switch (mutation) {
      case 'encode':
        return path.slice(0, i) + percentEncode(path[i]!, at % 2 === 0) + path.slice(i + 1);
      case 'junk':
        return path.slice(0, i) + junk + path.slice(i);
      case 'query':
        return `${path}?${junk}`;
      case 'fragment':
        return `${path}#${junk}`;
      default:
        return path;
    }
  });
const targetArb = fc.oneof(
  { weight: 10, arbitrary: pathArb },
  {
    weight: 3,
    arbitrary: fc
      .tuple(
        fc.constantFrom('http', 'https', 'HTTP', 'ftp', 'http:'),
        fc.constantFrom('127.0.0.1:8080', 'example.org', '', '[::1]', 'a@b', 'x:y:z'),
        fc.oneof(pathArb, fc.constant(''), fc.constant('?page=1')),
      )
      .map(([scheme, authority, path]) => `${scheme}://${authority}${path}`),
  },
  { weight: 1, arbitrary: fc.constant('*') },
  { weight: 1, arbitrary: fc.constantFrom('example.com:443', '127.0.0.1:80', '[::1]:443') },
  { weight: 1, arbitrary: oddString(20) },
  { weight: 1, arbitrary: fc.integer({ min: 1_000, max: 20_000 }).map((n) => `/${'a'.repeat(n)}`) },
);

const versionArb = fc.oneof(
  { weight: 12, arbitrary: fc.constant('HTTP/1.1') },
  { weight: 2, arbitrary: fc.constant('HTTP/1.0') },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      'HTTP/0.9',
      'HTTP/2.0',
      'HTTP/1.2',
      'HTTP/3',
      'http/1.1',
      'HTTP/1.1 ',
      'HTTP/1',
      '',
      'HTTP/01.1',
    ),
  },
);

type Header = readonly [string, string];
const header = (name: string, value: string): Header => [name, value];
const hostArb: fc.Arbitrary<readonly Header[]> = fc.oneof(
  { weight: 10, arbitrary: fc.constant([header('Host', '127.0.0.1')]) },
  { weight: 1, arbitrary: fc.constant([]) },
  { weight: 1, arbitrary: fc.constant([header('Host', 'a'), header('host', 'b')]) },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom('', 'a b', 'é', '[::1]:80', 'x'.repeat(300))
      .map((value) => [header('Host', value)]),
  },
);

const KNOWN_HEADERS: Record<string, readonly string[]> = {
  Expect: ['100-continue', '200-ok', '', '100-Continue', 'foo=bar'],
  Connection: ['close', 'keep-alive', 'upgrade', 'close, upgrade', 'TE'],
  Upgrade: ['websocket', 'h2c', 'HTTP/2.0'],
  'If-None-Match': ['*', '"x"', 'W/"x"', '"', ''],
  Origin: ['https://example.org', 'null', ''],
  'Access-Control-Request-Method': ['GET', 'POST', 'DELETE'],
  'Access-Control-Request-Headers': ['x-a', 'content-type, mcp-protocol-version'],
  'X-Forwarded-For': ['1.2.3.4:5555', 'junk', '', '::1'],
  Accept: ['application/json', '*/*', 'text/event-stream'],
  'Content-Type': ['application/json', 'text/plain', 'multipart/form-data; boundary=x', ''],
  'Accept-Encoding': ['gzip', 'br', 'identity;q=0'],
  Range: ['bytes=0-1', 'bytes=abc'],
  TE: ['trailers', 'gzip'],
};
const headerArb: fc.Arbitrary<Header> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc
      .constantFrom(...Object.keys(KNOWN_HEADERS))
      .chain((name) =>
        fc.constantFrom(...KNOWN_HEADERS[name]!).map((value) => [name, value] as const),
      ),
  },
  { weight: 3, arbitrary: fc.tuple(oddString(12), oddString(24)) },
  {
    weight: 1,
    arbitrary: fc
      .integer({ min: 8_000, max: 20_000 })
      .map((n) => ['X-Big', 'a'.repeat(n)] as const),
  },
);

/** A valid chunked encoding of `body`, cut into chunks of the given sizes. */
function chunked(body: string, sizes: readonly number[], extension: boolean): string {
  const parts: string[] = [];
  let at = 0;
  for (const size of sizes) {
    if (at >= body.length) break;
    const chunk = body.slice(at, at + Math.max(1, size));
    parts.push(`${chunk.length.toString(16)}${extension ? ';a=b' : ''}\r\n${chunk}\r\n`);
    at += chunk.length;
  }
  if (at < body.length) parts.push(`${(body.length - at).toString(16)}\r\n${body.slice(at)}\r\n`);
  return `${parts.join('')}0\r\n\r\n`;
}

interface Framing {
  readonly headers: readonly Header[];
  readonly body: string;
  /** Bytes follow the body: a second request (or garbage parsed as one). */
  readonly extra?: true;
}
const bodyArb = fc.string({ unit: 'binary-ascii', maxLength: 64 });
const PIPELINED = 'GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n';
/**
 * The only source of Content-Length and Transfer-Encoding: every body is complete for its
 * framing (or the framing is refused at once), so no case waits for bytes never sent.
 */
const framingArb: fc.Arbitrary<Framing> = fc.oneof(
  { weight: 8, arbitrary: fc.constant({ headers: [], body: '' }) },
  {
    weight: 3,
    arbitrary: bodyArb.map((body) => ({
      headers: [header('Content-Length', String(body.length))],
      body,
    })),
  },
  {
    weight: 1,
    arbitrary: bodyArb.map((body) => ({
      headers: [
        header('Content-Length', String(body.length)),
        header('Content-Length', String(body.length)),
      ],
      body,
    })),
  },
  {
    weight: 1,
    arbitrary: bodyArb.map((body) => ({
      headers: [
        header('Content-Length', String(body.length)),
        header('Content-Length', String(body.length + 1)),
      ],
      body: `${body}x`,
    })),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(bodyArb, fc.constantFrom('garbage\r\n\r\n', PIPELINED))
      .map(([body, extra]) => ({
        headers: [header('Content-Length', String(body.length))],
        body: body + extra,
        extra: true as const,
      })),
  },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom('abc', '-1', '1e2', '1 5', '0x10', '99999999999999999999999', '', '1, 1', '+0')
      .map((value) => ({ headers: [header('Content-Length', value)], body: '' })),
  },
  {
    weight: 2,
    arbitrary: fc
      .tuple(
        bodyArb,
        fc.array(fc.integer({ min: 1, max: 20 }), { maxLength: 4 }),
        fc.boolean(),
        fc.constantFrom('chunked', 'gzip, chunked', 'Chunked'),
      )
      .map(([body, sizes, extension, encoding]) => ({
        headers: [header('Transfer-Encoding', encoding)],
        body: chunked(body, sizes, extension),
      })),
  },
  {
    weight: 1,
    arbitrary: bodyArb.map((body) => ({
      headers: [
        header('Transfer-Encoding', 'chunked'),
        header('Content-Length', String(body.length)),
      ],
      body: chunked(body, [], false),
    })),
  },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom('gzip', 'identity', 'chunked, gzip', 'chunked, chunked')
      .map((encoding) => ({
        headers: [header('Transfer-Encoding', encoding)],
        body: '0\r\n\r\n',
      })),
  },
  {
    weight: 1,
    arbitrary: fc.constant({
      headers: [header('Transfer-Encoding', 'chunked')],
      body: 'zz\r\nabc\r\n0\r\n\r\n',
    }),
  },
  {
    weight: 1,
    arbitrary: fc.integer({ min: 60_000, max: 70_000 }).map((length) => ({
      headers: [header('Content-Length', String(length))],
      body: 'a'.repeat(length),
    })),
  },
);

const rawCaseArb = fc
  .record({
    method: methodArb,
    target: targetArb,
    version: versionArb,
    host: hostArb,
    headers: fc.array(headerArb, { maxLength: 5 }),
    framing: framingArb,
    close: fc.boolean(),
    bareLf: fc.oneof(
      { weight: 15, arbitrary: fc.constant(false) },
      { weight: 1, arbitrary: fc.constant(true) },
    ),
  })
  // `PRI` with no header line starts the HTTP/2 connection preface (RFC 9113 §3.4): the
  // parser waits for its last bytes (`SM`), so the request is incomplete, not unanswered.
  .filter(
    (testCase) =>
      testCase.method !== 'PRI' ||
      testCase.close ||
      testCase.host.length + testCase.headers.length + testCase.framing.headers.length > 0,
  );
type RawCase = typeof rawCaseArb extends fc.Arbitrary<infer T> ? T : never;

function bytesOf(testCase: RawCase): Buffer {
  const eol = testCase.bareLf ? '\n' : '\r\n';
  const headers = [
    ...testCase.host,
    ...testCase.headers,
    ...testCase.framing.headers,
    ...(testCase.close ? [['Connection', 'close'] as const] : []),
  ];
  const head =
    `${testCase.method} ${testCase.target} ${testCase.version}${eol}` +
    headers.map(([name, value]) => `${name}: ${value}${eol}`).join('') +
    eol;
  return Buffer.from(head + testCase.framing.body, 'latin1');
}

/** What every response must be; the first final one answers `method`. */
function checkRawResponse(response: RawResponse, answersHead: boolean): void {
  assert.ok(STATUSES.has(response.status), `status ${response.statusLine}`);
  if (response.status === 301) {
    assert.ok(REDIRECTS.has(response.header('location') ?? ''), 'a 301 to one of ours');
  }
  const text = response.body.toString('utf8');
  if (response.status >= 400) {
    assert.equal(response.header('content-type'), 'application/json; charset=utf-8');
    if (response.status === 405) assert.ok(response.headers.has('allow'), 'Allow on 405');
    if (!answersHead) assertContractBody(JSON.parse(text), CODE_OF_STATUS[response.status]!);
    assert.doesNotMatch(text, LEAK);
  }
}

function checkExchange(testCase: RawCase, result: Awaited<ReturnType<typeof exchange>>): void {
  assert.equal(result.malformed, undefined);
  assert.equal(result.timedOut, false, 'no final response and no close in time');
  assert.equal(
    result.rest.length,
    0,
    `unparsed bytes: ${result.rest.toString('latin1').slice(0, 200)}`,
  );
  const finals = result.responses.filter((response) => response.status >= 200);
  assert.ok(finals.length > 0, 'a final response');
  // Nothing may follow a response that closes the connection (RFC 9112 §9.6).
  for (const response of finals.slice(0, -1)) {
    assert.notEqual(response.header('connection')?.toLowerCase(), 'close', 'an answer after close');
  }
  // One request, one answer: a second one would be taken as the answer to the next request.
  const parts = [testCase.method, testCase.target, testCase.version, ...testCase.headers.flat()];
  if (testCase.framing.extra === undefined && !/[\r\n]/.test(parts.join(''))) {
    assert.equal(finals.length, 1, `final responses: ${finals.map((r) => r.status).join(', ')}`);
  }
  if (routePathOf(testCase.target) === '/mcp') return; // JSON-RPC answers, fuzzed elsewhere
  for (const response of result.responses) {
    checkRawResponse(response, testCase.method === 'HEAD' && response === finals[0]);
  }
}

// ---------------------------------------------------------------------------------------

function assertContractBody(body: unknown, code: string): void {
  assert.ok(typeof body === 'object' && body !== null);
  assert.deepEqual(Object.keys(body).sort(), ['detail', 'error', 'ok']);
  const { ok, error, detail } = body as Record<string, unknown>;
  assert.equal(ok, false);
  assert.equal(error, code);
  assert.equal(typeof detail, 'string');
  assert.doesNotMatch(String(detail), LEAK);
}

/** A case as JSON, long strings cut, for failure messages. */
const shortJson = (value: unknown) =>
  JSON.stringify(value, (_key, item: unknown) =>
    typeof item === 'string' && item.length > 120 ? `${item.slice(0, 120)}…(${item.length})` : item,
  );

/** Runs `check` on every case of a batch at once; reports the first failure with its case. */
async function checkBatch<T>(cases: readonly T[], check: (testCase: T) => Promise<void>) {
  const outcomes = await Promise.allSettled(cases.map(check));
  outcomes.forEach((outcome, i) => {
    if (outcome.status === 'rejected') {
      const error = outcome.reason as Error;
      throw new Error(`${error.message}\ncase: ${shortJson(cases[i])}`);
    }
  });
}

/**
 * Reports a failure by the failing case alone (fast-check's own report prints the whole
 * batch, long bodies included); the seed and path replay it with `fc.assert` options.
 */
function reportFailure<T>(details: fc.RunDetails<T>): void {
  if (!details.failed) return;
  const { seed, counterexamplePath, numRuns, errorInstance } = details;
  throw new Error(
    `failed after ${numRuns} runs (seed ${seed}, path "${counterexamplePath}"): ` +
      String((errorInstance as Error | undefined)?.message ?? errorInstance),
  );
}

describe('fuzzing the HTTP surface', () => {
  let server: TestServer;
  let port: number;
  before(async () => {
    server = await startTestServer({
      snapshot: snapshotOf(RECORDS, NOW),
      env: { RATE_LIMIT_MAX: '1000000' },
    });
    port = Number(new URL(server.origin).port);
  });
  after(() => server.close());

  test('raw query strings on both data endpoints answer 200 or 422 by the reference rule', async (t) => {
    let cases = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(queryCaseArb, { minLength: QUERY_BATCH, maxLength: QUERY_BATCH }),
        (batch) =>
          checkBatch(batch, async (testCase) => {
            cases++;
            const separator = testCase.withQuestionMark || testCase.rawQuery !== '' ? '?' : '';
            const answer = await get(
              server.origin,
              `${testCase.path}${separator}${testCase.rawQuery}`,
            );
            checkQueryAnswer(testCase, answer);
          }),
      ),
      { numRuns: QUERY_RUNS, reporter: reportFailure },
    );
    t.diagnostic(`${cases} query strings`);
    assert.ok(cases >= 10_000);
  });

  test('raw requests get well-formed contract answers, and /healthz keeps answering', async (t) => {
    let cases = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(rawCaseArb, { minLength: RAW_BATCH, maxLength: RAW_BATCH }),
        async (batch) => {
          await checkBatch(batch, async (testCase) => {
            cases++;
            const result = await exchange(port, bytesOf(testCase), {
              method: testCase.method,
              timeoutMs: BOUND_MS,
            });
            checkExchange(testCase, result);
          });
          assert.equal((await server.get('/healthz')).status, 200, '/healthz after a batch');
        },
      ),
      // No shrinking: an attempt can take the whole time bound per case, and the failure
      // already names the one failing request of its batch.
      { numRuns: RAW_RUNS, reporter: reportFailure, endOnFailure: true },
    );
    t.diagnostic(`${cases} raw requests`);
    assert.ok(cases >= 10_000);
  });
});
