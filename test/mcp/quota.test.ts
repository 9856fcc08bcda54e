import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { type Response, request } from '../support/http.ts';
import { iso } from '../support/records.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import {
  assertNoRateHeaders,
  assertToolError,
  brief,
  LATEST_TOOL,
  LIST_TOOL,
  MODERN,
  postMcp,
  RawMcp,
  rateHeaders,
  SNAPSHOT,
  T0,
  toolResult,
} from './mcp-support.ts';

/**
 * The quota shared by the HTTP data endpoints and the MCP query tools (service.md § Limits,
 * decisions.md §5): one sliding log per client IP, with RATE_LIMIT_MAX=4 and a 3600 s
 * window. Time is an injected clock; each test acts as its own client address so that
 * the tests of one server do not share a quota.
 */

const LIST = '/openapi/v1/records';
const LATEST = '/openapi/v1/records/latest';
const WINDOW_MS = 3600 * 1000;
const LEGACY = '2025-11-25';

/** Headers of a counted response with `remaining` left and the oldest request at `oldestMs`. */
const counted = (remaining: number, oldestMs: number) => ({
  limit: '4',
  remaining: String(remaining),
  window: '3600',
  reset: iso(oldestMs + WINDOW_MS),
});

describe('one quota of 4 per client for HTTP and MCP', () => {
  let server: TestServer;
  const clock = { now: T0 };
  const http = (address: string, path = LIST) => server.get(path, { localAddress: address });
  const mcp = (address: string, revision: string) => new RawMcp(server.origin, revision, address);

  before(async () => {
    server = await startTestServer({
      snapshot: SNAPSHOT,
      env: { RATE_LIMIT_MAX: '4' },
      clock: () => clock.now,
    });
  });
  after(() => server?.close());

  test('2 HTTP requests and 2 MCP tool calls use up the quota; the next of either kind is refused', async () => {
    clock.now = T0;
    const address = '127.0.0.10';
    assert.equal((await http(address)).headers['x-ratelimit-remaining'], '3');
    assert.equal((await http(address, LATEST)).headers['x-ratelimit-remaining'], '2');

    const legacyCall = await mcp(address, LEGACY).call(LIST_TOOL, { pageSize: 1 });
    assert.notEqual(toolResult(legacyCall).isError, true, brief(legacyCall));
    assert.equal(legacyCall.headers['x-ratelimit-remaining'], '1');
    const modernCall = await mcp(address, MODERN).call(LATEST_TOOL, {});
    assert.notEqual(toolResult(modernCall).isError, true, brief(modernCall));
    assert.equal(modernCall.headers['x-ratelimit-remaining'], '0');

    for (const revision of [LEGACY, MODERN]) {
      const refused = await mcp(address, revision).call(LIST_TOOL, {});
      const error = assertToolError(toolResult(refused), 'rate_limited');
      assert.equal(error.retryAfter, 3600, revision);
    }
    const refusedHttp = await http(address);
    assert.equal(refusedHttp.status, 429);
    assert.equal(refusedHttp.headers['retry-after'], '3600');
  });

  test('a counted tools/call answer carries X-RateLimit-Limit, -Remaining, -Window and -Reset exactly like HTTP', async () => {
    const address = '127.0.0.11';
    clock.now = T0;
    const first = await http(address);
    assert.equal(first.status, 200);
    assert.deepEqual(rateHeaders(first), counted(3, T0));

    clock.now = T0 + 10_000;
    const legacyCall = await mcp(address, LEGACY).call(LIST_TOOL, { page: 1 });
    assert.equal(legacyCall.status, 200);
    assert.deepEqual(rateHeaders(legacyCall), counted(2, T0));

    clock.now = T0 + 20_000;
    const modernCall = await mcp(address, MODERN).call(LATEST_TOOL);
    assert.equal(modernCall.status, 200);
    assert.deepEqual(rateHeaders(modernCall), counted(1, T0));

    clock.now = T0 + 30_000;
    assert.deepEqual(rateHeaders(await http(address, LATEST)), counted(0, T0));
  });

  test('a refused tools/call is an isError rate_limited result whose retryAfter counts down to the oldest request leaving', async () => {
    // Continues on 127.0.0.11: requests at T0, +10 s, +20 s, +30 s.
    const address = '127.0.0.11';
    clock.now = T0 + 40_000;
    const modern = await mcp(address, MODERN).call(LIST_TOOL, { page: 1 });
    const modernError = assertToolError(toolResult(modern), 'rate_limited');
    assert.equal(modernError.retryAfter, 3560);
    assert.ok(Number.isInteger(modernError.retryAfter));
    assert.deepEqual(rateHeaders(modern), counted(0, T0));

    clock.now = T0 + 50_500;
    const legacy = await mcp(address, LEGACY).call(LATEST_TOOL, { kind: 'all' });
    const legacyError = assertToolError(toolResult(legacy), 'rate_limited');
    assert.equal(legacyError.retryAfter, 3550, 'rounded up from 3549.5 s');
    assert.deepEqual(rateHeaders(legacy), counted(0, T0));
    for (const response of [modern, legacy]) {
      assert.equal(response.status, 200);
      assert.equal(
        response.headers['retry-after'],
        undefined,
        'Retry-After goes with HTTP 429 only',
      );
    }

    // Refused calls are not recorded: once the request of T0 leaves, one call is admitted.
    clock.now = T0 + WINDOW_MS + 1;
    const admitted = await mcp(address, LEGACY).call(LIST_TOOL, {});
    assert.notEqual(toolResult(admitted).isError, true, brief(admitted));
    assert.deepEqual(rateHeaders(admitted), counted(0, T0 + 10_000));
  });

  test('tool calls with invalid arguments count', async () => {
    clock.now = T0;
    const address = '127.0.0.12';
    const bad = await mcp(address, LEGACY).call(LIST_TOOL, { page: 0 });
    assertToolError(toolResult(bad), 'invalid_query');
    assert.equal(bad.headers['x-ratelimit-remaining'], '3');

    const float = await mcp(address, MODERN).callRaw(LIST_TOOL, '{"page":1.0}');
    assertToolError(toolResult(float), 'invalid_query');
    assert.equal(float.headers['x-ratelimit-remaining'], '2');

    const extra = await mcp(address, LEGACY).call(LATEST_TOOL, { page_size: 1 });
    assertToolError(toolResult(extra), 'invalid_query');
    assert.equal(extra.headers['x-ratelimit-remaining'], '1');

    assert.equal((await http(address)).headers['x-ratelimit-remaining'], '0');
  });

  test('initialize, notifications, tools/list, ping, server/discover, unknown tools and rejected messages do not count', async () => {
    clock.now = T0;
    const address = '127.0.0.13';
    const legacy = mcp(address, LEGACY);
    const modern = mcp(address, MODERN);
    const at = { localAddress: address };
    const uncounted: [string, () => Promise<Response>][] = [
      ['initialize', () => legacy.initialize()],
      [
        'notifications/initialized',
        () =>
          legacy.post(
            JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
            legacy.headers('notifications/initialized'),
          ),
      ],
      ['tools/list (2025)', () => legacy.send('tools/list')],
      ['ping (2025)', () => legacy.send('ping')],
      ['unknown tool (2025)', () => legacy.call('get_everything', {})],
      ['unknown method (2025)', () => legacy.send('records/delete')],
      [
        'batch with a repeated id (2025-03-26)',
        () => {
          const old = mcp(address, '2025-03-26');
          const call = old.body('tools/call', { name: LIST_TOOL, arguments: {} }, 'same');
          return old.post(`[${call},${call}]`, old.headers('tools/call'));
        },
      ],
      ['malformed JSON (2025)', () => legacy.post('{"jsonrpc":', legacy.headers('tools/call'))],
      ['not JSON-RPC (2025)', () => legacy.post('{"name":"list_reset_records"}', {})],
      [
        'unsupported MCP-Protocol-Version',
        () =>
          legacy.post(legacy.body('tools/call', { name: LIST_TOOL, arguments: {} }), {
            'mcp-protocol-version': '2024-01-01',
          }),
      ],
      ['server/discover', () => modern.send('server/discover')],
      ['tools/list (2026-07-28)', () => modern.send('tools/list')],
      ['unknown tool (2026-07-28)', () => modern.call('get_everything', {})],
      ['unknown method (2026-07-28)', () => modern.send('records/delete')],
      [
        'malformed JSON (2026-07-28)',
        () => modern.post('{"jsonrpc":', modern.headers('tools/list')),
      ],
      [
        'batch (2026-07-28)',
        () =>
          modern.post(
            `[${modern.body('tools/call', { name: LIST_TOOL, arguments: {} })}]`,
            modern.headers('tools/call', LIST_TOOL),
          ),
      ],
      [
        'tools/call without Mcp-Name (2026-07-28)',
        () =>
          modern.post(modern.body('tools/call', { name: LIST_TOOL, arguments: {} }), {
            'mcp-protocol-version': MODERN,
            'mcp-method': 'tools/call',
          }),
      ],
      ['tools/call over 64 KiB', () => legacy.call(LIST_TOOL, { pad: 'x'.repeat(70 * 1024) })],
      ['GET /mcp', () => request(server.origin, '/mcp', { ...at, method: 'GET' })],
      ['DELETE /mcp', () => request(server.origin, '/mcp', { ...at, method: 'DELETE' })],
      [
        'OPTIONS /mcp',
        () =>
          request(server.origin, '/mcp', {
            ...at,
            method: 'OPTIONS',
            headers: { origin: 'https://app.example', 'access-control-request-method': 'POST' },
          }),
      ],
    ];
    for (const [label, send] of uncounted) {
      const response = await send();
      assert.ok(response.status < 500, `${label}: ${response.status} ${brief(response)}`);
      assertNoRateHeaders(response, label);
    }
    const next = await http(address);
    assert.equal(next.status, 200);
    assert.deepEqual(rateHeaders(next), counted(3, T0), 'only this HTTP request was counted');
  });

  test('tool calls inside a batch rejected under 2025-11-25 do not count', async () => {
    clock.now = T0;
    const address = '127.0.0.14';
    const legacy = mcp(address, LEGACY);
    const batch = `[${legacy.body('tools/call', { name: LIST_TOOL, arguments: {} }, 1)},${legacy.body('tools/call', { name: LATEST_TOOL, arguments: {} }, 2)}]`;
    const response = await legacy.post(batch, legacy.headers('tools/call'));
    assert.equal(
      response.status,
      400,
      `batches are forbidden since 2025-06-18: ${brief(response)}`,
    );
    assertNoRateHeaders(response, 'rejected batch');
    assert.equal((await http(address)).headers['x-ratelimit-remaining'], '3');
  });

  test('each tools/call inside a 2025-03-26 batch counts once', async () => {
    clock.now = T0;
    const address = '127.0.0.15';
    const old = mcp(address, '2025-03-26');
    const batch = `[${old.body('tools/call', { name: LIST_TOOL, arguments: {} }, 1)},${old.body('tools/list', {}, 2)},${old.body('tools/call', { name: LATEST_TOOL, arguments: {} }, 3)}]`;
    const response = await old.post(batch, old.headers('tools/call'));
    assert.equal(response.status, 200, brief(response));
    assert.equal((response.json() as unknown[]).length, 3);
    assert.equal(response.headers['x-ratelimit-remaining'], '2', 'the last admission of the batch');
    assert.equal((await http(address)).headers['x-ratelimit-remaining'], '1');
  });

  test('clients on 127.0.0.2 and 127.0.0.3 have separate quotas', async () => {
    clock.now = T0;
    for (let i = 0; i < 4; i++) {
      const response = await mcp('127.0.0.2', i % 2 === 0 ? LEGACY : MODERN).call(LIST_TOOL, {});
      assert.notEqual(toolResult(response).isError, true, `call ${i + 1}`);
      assert.equal(response.headers['x-ratelimit-remaining'], String(3 - i));
    }
    const refused = await mcp('127.0.0.2', MODERN).call(LIST_TOOL, {});
    assertToolError(toolResult(refused), 'rate_limited');

    const other = await mcp('127.0.0.3', MODERN).call(LIST_TOOL, {});
    assert.notEqual(toolResult(other).isError, true, brief(other));
    assert.equal(other.headers['x-ratelimit-remaining'], '3');
    assert.equal((await http('127.0.0.3')).headers['x-ratelimit-remaining'], '2');
  });
});

describe('the quota before any snapshot is published', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({
      snapshot: null,
      env: { RATE_LIMIT_MAX: '4' },
      clock: () => T0,
    });
  });
  after(() => server?.close());

  test('a tool call answers isError data_unavailable and still counts', async () => {
    const legacy = await new RawMcp(server.origin, LEGACY).call(LIST_TOOL, {});
    assertToolError(toolResult(legacy), 'data_unavailable');
    assert.deepEqual(rateHeaders(legacy), counted(3, T0));

    const modern = await new RawMcp(server.origin, MODERN).call(LATEST_TOOL, {});
    assertToolError(toolResult(modern), 'data_unavailable');
    assert.deepEqual(rateHeaders(modern), counted(2, T0));

    const http = await server.get(LIST);
    assert.equal(http.status, 503);
    assert.deepEqual(rateHeaders(http), counted(1, T0));
  });
});

describe('MCP with RATE_LIMIT=off', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({
      snapshot: SNAPSHOT,
      env: { RATE_LIMIT: 'off' },
      clock: () => T0,
    });
  });
  after(() => server?.close());

  test('tool calls carry no X-RateLimit headers and are never refused', async () => {
    for (let i = 0; i < 22; i++) {
      const revision = i % 2 === 0 ? LEGACY : MODERN;
      const response = await new RawMcp(server.origin, revision).call(LIST_TOOL, { pageSize: 1 });
      assert.notEqual(toolResult(response).isError, true, `call ${i + 1}: ${brief(response)}`);
      assertNoRateHeaders(response, `call ${i + 1} (${revision})`);
    }
    const invalid = await postMcp(
      server.origin,
      new RawMcp(server.origin, LEGACY).body('tools/call', {
        name: LIST_TOOL,
        arguments: { page: 0 },
      }),
      { 'mcp-protocol-version': LEGACY },
    );
    assertToolError(toolResult(invalid), 'invalid_query');
    assertNoRateHeaders(invalid, 'invalid arguments');
  });
});
