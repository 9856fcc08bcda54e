import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { Response } from '../support/http.ts';
import { request } from '../support/http.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import {
  ACCEPT,
  assertProtocolError,
  brief,
  jsonRpc,
  LATEST_TOOL,
  LEGACY_REVISIONS,
  LIST_TOOL,
  MODERN,
  MODERN_META,
  postMcp,
  RawMcp,
  SNAPSHOT,
  T0,
  toolResult,
} from './mcp-support.ts';

/**
 * POST /mcp byte by byte (decisions.md §7): exact HTTP statuses, headers and JSON-RPC
 * codes for each protocol revision the SDK negotiates, plus the HTTP manners of the
 * endpoint (405, 413, Origin, CORS preflight).
 */

const PARSE_ERROR = -32700;
const INVALID_REQUEST = -32600;
const METHOD_NOT_FOUND = -32601;
const INVALID_PARAMS = -32602;
/** 2026-07-28: the request headers and the body disagree. */
const HEADER_MISMATCH = -32020;
const KIB_64 = 64 * 1024;

function assertStateless(response: Response): void {
  assert.equal(response.headers['mcp-session-id'], undefined, 'no session id is issued');
}

/** A tools/list body padded with spaces to exactly `size` bytes. */
function paddedBody(mcp: RawMcp, size: number): string {
  const body = mcp.body('tools/list');
  assert.ok(body.length <= size);
  return body + ' '.repeat(size - body.length);
}

describe('POST /mcp under the 2025-era revisions', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ snapshot: SNAPSHOT, clock: () => T0 });
  });
  after(() => server?.close());

  for (const revision of LEGACY_REVISIONS) {
    describe(`revision ${revision}`, () => {
      const mcp = () => new RawMcp(server.origin, revision);

      test('initialize answers 200 with this protocolVersion, the tools capability and no session', async () => {
        const response = await mcp().initialize(0);
        assert.equal(response.status, 200, brief(response));
        assertStateless(response);
        const result = jsonRpc(response, 0).result as Record<string, unknown>;
        assert.equal(result['protocolVersion'], revision);
        assert.deepEqual(result['capabilities'], { tools: {} });
        assert.equal((result['serverInfo'] as { name: string }).name, 'reset-records');
        assert.equal((result['serverInfo'] as { version: string }).version, '1.0.0');
      });

      test('notifications/initialized is accepted with 202 and no body', async () => {
        const response = await mcp().post(
          JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
          mcp().headers('notifications/initialized'),
        );
        assert.equal(response.status, 202);
        assert.equal(response.text, '');
      });

      test('tools/list, ping and tools/call work without a session', async () => {
        const list = await mcp().send('tools/list', {}, 'list-1');
        assert.equal(list.status, 200, brief(list));
        assertStateless(list);
        const tools = (jsonRpc(list, 'list-1').result as { tools: { name: string }[] }).tools;
        assert.deepEqual(tools.map((tool) => tool.name).sort(), [LATEST_TOOL, LIST_TOOL]);

        const ping = await mcp().send('ping', {}, 7);
        assert.equal(ping.status, 200, brief(ping));
        assert.deepEqual(jsonRpc(ping, 7).result, {});

        const call = await mcp().call(LIST_TOOL, { pageSize: 2 }, 8);
        const result = toolResult(call, 8);
        assert.notEqual(result.isError, true, brief(call));
        const data = (result.structuredContent as { data: { items: unknown[]; total: number } })
          .data;
        assert.equal(data.items.length, 2);
        assert.equal(data.total, 12);
      });

      test('an unknown tool is JSON-RPC error -32602 on HTTP 200, not a tool result', async () => {
        const response = await mcp().call('get_everything', {}, 3);
        const error = assertProtocolError(response, 200, INVALID_PARAMS, 3);
        assert.match(error.message, /get_everything/);
      });

      test('an unknown method is JSON-RPC error -32601 on HTTP 200', async () => {
        const response = await mcp().send('resources/teleport', {}, 4);
        assertProtocolError(response, 200, METHOD_NOT_FOUND, 4);
      });

      test('malformed JSON is HTTP 400 with -32700', async () => {
        const response = await mcp().post('{"jsonrpc":"2.0","id":1,', mcp().headers('tools/list'));
        assertProtocolError(response, 400, PARSE_ERROR);
      });

      test('JSON that is not a JSON-RPC message is HTTP 400 with -32600', async () => {
        for (const body of [
          '42',
          '"tools/list"',
          'null',
          '{"hello":"world"}',
          '{"jsonrpc":"2.0","id":1,"method":5}',
        ]) {
          const response = await mcp().post(body, mcp().headers('tools/list'));
          assertProtocolError(response, 400, INVALID_REQUEST);
        }
      });

      // JSON-RPC batching was removed in 2025-06-18; earlier revisions accept batches.
      const batchesAllowed = revision < '2025-06-18';
      if (batchesAllowed) {
        test('a JSON-RPC batch is answered with one response per request (the revision allows batches)', async () => {
          const batch = [
            JSON.parse(mcp().body('ping', {}, 'a')),
            JSON.parse(mcp().body('tools/list', {}, 'b')),
          ];
          const response = await mcp().post(JSON.stringify(batch), mcp().headers('ping'));
          assert.equal(response.status, 200, brief(response));
          const replies = response.json() as { id: string; result?: unknown }[];
          assert.ok(Array.isArray(replies), brief(response));
          assert.deepEqual(replies.map((reply) => reply.id).sort(), ['a', 'b']);
          assert.ok(replies.every((reply) => reply.result !== undefined));
        });
      } else {
        test('a JSON-RPC batch is rejected with HTTP 400 and -32600 (the revision forbids batches)', async () => {
          const batch = [
            JSON.parse(mcp().body('ping', {}, 'a')),
            JSON.parse(mcp().body('tools/list', {}, 'b')),
          ];
          const response = await mcp().post(JSON.stringify(batch), mcp().headers('ping'));
          assertProtocolError(response, 400, INVALID_REQUEST);
        });

        test('an initialize for this revision sent as a one-element batch is rejected with HTTP 400 and -32600', async () => {
          const initialize = JSON.stringify({
            jsonrpc: '2.0',
            id: 0,
            method: 'initialize',
            params: {
              protocolVersion: revision,
              capabilities: {},
              clientInfo: { name: 'mcp-tests', version: '1.0.0' },
            },
          });
          const response = await mcp().post(`[${initialize}]`, {});
          assertProtocolError(response, 400, INVALID_REQUEST);
        });
      }
    });
  }

  test('an unsupported MCP-Protocol-Version header is HTTP 400 with a JSON-RPC error', async () => {
    for (const version of ['2024-01-01', '2023-06-01', 'banana']) {
      const response = await postMcp(
        server.origin,
        JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
        { 'mcp-protocol-version': version },
      );
      assert.equal(response.status, 400, `${version}: ${brief(response)}`);
      const body = response.json() as { jsonrpc: string; error: { code: number } };
      assert.equal(body.jsonrpc, '2.0');
      assert.ok(Number.isInteger(body.error.code), brief(response));
    }
  });
});

describe('POST /mcp under 2026-07-28', () => {
  let server: TestServer;
  const mcp = () => new RawMcp(server.origin, MODERN);
  before(async () => {
    server = await startTestServer({ snapshot: SNAPSHOT, clock: () => T0 });
  });
  after(() => server?.close());

  test('server/discover answers 200 with 2026-07-28 among supportedVersions, without initialize', async () => {
    const response = await mcp().send('server/discover', {}, 'd');
    assert.equal(response.status, 200, brief(response));
    assertStateless(response);
    const result = jsonRpc(response, 'd').result as {
      supportedVersions: string[];
      capabilities: Record<string, unknown>;
    };
    assert.ok(result.supportedVersions.includes(MODERN), brief(response));
    assert.deepEqual(result.capabilities, { tools: {} });
  });

  test('tools/list and tools/call work with the version in each request', async () => {
    const list = await mcp().send('tools/list', {}, 1);
    assert.equal(list.status, 200, brief(list));
    const tools = (jsonRpc(list).result as { tools: { name: string }[] }).tools;
    assert.deepEqual(tools.map((tool) => tool.name).sort(), [LATEST_TOOL, LIST_TOOL]);

    const call = await mcp().call(LATEST_TOOL, { kind: 'reset_scheduled' }, 2);
    const result = toolResult(call, 2);
    assert.notEqual(result.isError, true, brief(call));
    assert.equal((result.structuredContent as { data: { id: string } }).data.id, '2003');
  });

  test('an unknown tool is JSON-RPC error -32602 on HTTP 200, not a tool result', async () => {
    const response = await mcp().call('get_everything', {}, 3);
    const error = assertProtocolError(response, 200, INVALID_PARAMS, 3);
    assert.match(error.message, /get_everything/);
  });

  test('an unknown method is HTTP 404 with -32601', async () => {
    const response = await mcp().send('resources/teleport', {}, 4);
    assertProtocolError(response, 404, METHOD_NOT_FOUND, 4);
  });

  test('ping, which 2026-07-28 no longer has, is HTTP 404 with -32601', async () => {
    const response = await mcp().send('ping', {}, 5);
    assertProtocolError(response, 404, METHOD_NOT_FOUND, 5);
  });

  test('malformed JSON is HTTP 400 with -32700', async () => {
    const response = await mcp().post('{"jsonrpc":"2.0","id":1,', mcp().headers('tools/list'));
    assertProtocolError(response, 400, PARSE_ERROR);
  });

  test('JSON that is not a JSON-RPC message is HTTP 400 with -32600', async () => {
    for (const body of ['42', '"tools/list"', 'null', '{"hello":"world"}']) {
      const response = await mcp().post(body, mcp().headers('tools/list'));
      assertProtocolError(response, 400, INVALID_REQUEST);
    }
  });

  test('a JSON-RPC batch is rejected with HTTP 400 and -32600', async () => {
    const batch = [
      JSON.parse(mcp().body('tools/list', {}, 'a')),
      JSON.parse(mcp().body('tools/list', {}, 'b')),
    ];
    const response = await mcp().post(JSON.stringify(batch), mcp().headers('tools/list'));
    assertProtocolError(response, 400, INVALID_REQUEST);
  });

  test('an MCP-Protocol-Version header naming an unsupported revision is HTTP 400', async () => {
    for (const version of ['2099-01-01', '2024-01-01']) {
      const response = await mcp().post(mcp().body('tools/list'), {
        'mcp-protocol-version': version,
        'mcp-method': 'tools/list',
      });
      assert.equal(response.status, 400, `${version}: ${brief(response)}`);
      assert.ok(Number.isInteger((response.json() as { error: { code: number } }).error.code));
    }
  });

  test('a 2026-07-28 request without MCP-Protocol-Version, Mcp-Method or Mcp-Name is HTTP 400 with -32020', async () => {
    const m = mcp();
    const call = m.body('tools/call', { name: LIST_TOOL, arguments: {} });
    const cases: [string, string, Record<string, string>][] = [
      ['no MCP-Protocol-Version', m.body('tools/list'), { 'mcp-method': 'tools/list' }],
      ['no Mcp-Method', m.body('tools/list'), { 'mcp-protocol-version': MODERN }],
      ['no Mcp-Name', call, { 'mcp-protocol-version': MODERN, 'mcp-method': 'tools/call' }],
      ['Mcp-Method disagrees', m.body('tools/list'), m.headers('tools/call', LIST_TOOL)],
    ];
    for (const [label, body, headers] of cases) {
      const response = await m.post(body, headers);
      assert.equal(response.status, 400, `${label}: ${brief(response)}`);
      const reply = response.json() as { jsonrpc: string; error: { code: number } };
      assert.equal(reply.jsonrpc, '2.0');
      assert.equal(reply.error.code, HEADER_MISMATCH, `${label}: ${brief(response)}`);
      assert.equal(response.headers['x-ratelimit-remaining'], undefined, label);
    }
  });

  test('these raw requests carry the same headers and _meta as the SDK client pinned to 2026-07-28', async () => {
    // A guard on this file: what RawMcp sends must be what the official client sends.
    const sent: { headers: Headers; body: { method: string; params: Record<string, unknown> } }[] =
      [];
    const recordingFetch = (async (input: string | URL, init?: RequestInit) => {
      if (typeof init?.body === 'string') {
        sent.push({ headers: new Headers(init.headers), body: JSON.parse(init.body) });
      }
      return fetch(input, init);
    }) as typeof fetch;
    const client = new Client(
      { name: 'mcp-tests', version: '1.0.0' },
      { versionNegotiation: { mode: { pin: MODERN } } },
    );
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${server.origin}/mcp`), {
        fetch: recordingFetch,
      }),
    );
    try {
      await client.callTool({ name: LIST_TOOL, arguments: { page: 1 } });
    } finally {
      await client.close();
    }
    const call = sent.find((request) => request.body.method === 'tools/call');
    assert.ok(call, 'the client sent tools/call');
    assert.deepEqual(call.body.params['_meta'], MODERN_META);
    const expectedHeaders = mcp().headers('tools/call', LIST_TOOL);
    for (const [name, value] of Object.entries(expectedHeaders)) {
      assert.equal(call.headers.get(name), value, name);
    }
    assert.equal(call.headers.get('accept'), ACCEPT);
  });
});

describe('HTTP manners of /mcp', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ snapshot: SNAPSHOT, clock: () => T0 });
  });
  after(() => server?.close());

  test('GET and DELETE /mcp answer 405 with Allow: POST', async () => {
    for (const method of ['GET', 'DELETE']) {
      const response = await request(server.origin, '/mcp', {
        method,
        headers: { accept: 'text/event-stream', 'mcp-protocol-version': '2025-11-25' },
      });
      assert.equal(response.status, 405, `${method}: ${brief(response)}`);
      assert.equal(response.headers['allow'], 'POST', method);
    }
  });

  for (const revision of ['2025-11-25', MODERN]) {
    test(`a body over 64 KiB is refused with 413 (${revision}), a body of exactly 64 KiB is served`, async () => {
      const mcp = new RawMcp(server.origin, revision);
      const atLimit = await mcp.post(paddedBody(mcp, KIB_64), mcp.headers('tools/list'));
      assert.equal(atLimit.status, 200, brief(atLimit));
      const over = await mcp.post(paddedBody(mcp, KIB_64 + 1), mcp.headers('tools/list'));
      assert.equal(over.status, 413, brief(over));
      const large = await mcp.call(LIST_TOOL, { pad: 'x'.repeat(KIB_64) });
      assert.equal(large.status, 413, brief(large));
    });
  }

  test('by default a browser Origin header is allowed', async () => {
    for (const revision of ['2025-11-25', MODERN]) {
      const mcp = new RawMcp(server.origin, revision);
      const response = await mcp.post(mcp.body('tools/list'), {
        ...mcp.headers('tools/list'),
        origin: 'https://evil.example',
      });
      assert.equal(response.status, 200, `${revision}: ${brief(response)}`);
      assert.equal(response.headers['access-control-allow-origin'], '*');
    }
  });

  test('a CORS preflight OPTIONS /mcp answers 204 allowing POST from any origin', async () => {
    const response = await request(server.origin, '/mcp', {
      method: 'OPTIONS',
      headers: {
        origin: 'https://app.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type, mcp-protocol-version, mcp-method',
      },
    });
    assert.equal(response.status, 204);
    assert.equal(response.text, '');
    assert.equal(response.headers['access-control-allow-origin'], '*');
    assert.match(String(response.headers['access-control-allow-methods']), /\bPOST\b/);
    assert.match(String(response.headers['access-control-allow-headers']), /mcp-protocol-version/i);
    assert.equal(response.headers['x-ratelimit-remaining'], undefined);
  });
});

describe('/mcp with MCP_ALLOWED_ORIGINS=https://good.example', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({
      snapshot: SNAPSHOT,
      env: { MCP_ALLOWED_ORIGINS: 'https://good.example' },
      clock: () => T0,
    });
  });
  after(() => server?.close());

  for (const revision of ['2025-11-25', MODERN]) {
    test(`an Origin of https://evil.example gets 403; https://good.example and no Origin pass (${revision})`, async () => {
      const mcp = new RawMcp(server.origin, revision);
      const send = (origin?: string) =>
        mcp.post(mcp.body('tools/list'), {
          ...mcp.headers('tools/list'),
          ...(origin === undefined ? {} : { origin }),
        });
      const evil = await send('https://evil.example');
      assert.equal(evil.status, 403, brief(evil));
      assert.match(String(evil.headers['content-type']), /^application\/json/);
      const good = await send('https://good.example');
      assert.equal(good.status, 200, brief(good));
      assert.equal(good.headers['access-control-allow-origin'], '*');
      const none = await send();
      assert.equal(none.status, 200, brief(none));
    });
  }

  test('a refused Origin does not reach the tools: the call is not counted', async () => {
    const mcp = new RawMcp(server.origin, '2025-11-25');
    const evil = await mcp.post(mcp.body('tools/call', { name: LIST_TOOL, arguments: {} }), {
      ...mcp.headers('tools/call'),
      origin: 'https://evil.example',
    });
    assert.equal(evil.status, 403);
    assert.equal(evil.headers['x-ratelimit-remaining'], undefined);
  });
});
