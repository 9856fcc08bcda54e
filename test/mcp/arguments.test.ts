import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startTestServer, type TestServer } from '../support/server.ts';
import {
  assertTextMirrorsStructured,
  assertToolError,
  brief,
  LATEST_TOOL,
  LIST_TOOL,
  MODERN,
  RawMcp,
  SNAPSHOT,
  T0,
  toolResult,
} from './mcp-support.ts';

/**
 * Strict tool arguments (service.md § MCP, argument rules; decisions.md §7): every bad
 * form is a tool result `isError` with `invalid_query` naming the argument, never coerced
 * and never a protocol error. Sent as raw JSON, so float literals such as `1.0` reach the
 * server exactly as written.
 */

interface BadForm {
  readonly tool: string;
  /** The `arguments` member exactly as written in the request body. */
  readonly json: string;
  /** The argument the detail must name. */
  readonly names: string;
}

const BAD_FORMS: BadForm[] = [
  { tool: LIST_TOOL, json: '{"page":"2"}', names: 'page' },
  { tool: LIST_TOOL, json: '{"page":true}', names: 'page' },
  { tool: LIST_TOOL, json: '{"page":null}', names: 'page' },
  { tool: LIST_TOOL, json: '{"page":1.5}', names: 'page' },
  { tool: LIST_TOOL, json: '{"page":0}', names: 'page' },
  { tool: LIST_TOOL, json: '{"page":-1}', names: 'page' },
  { tool: LIST_TOOL, json: '{"page":9007199254740992}', names: 'page' },
  { tool: LIST_TOOL, json: '{"page":[1]}', names: 'page' },
  { tool: LIST_TOOL, json: '{"pageSize":11}', names: 'pageSize' },
  { tool: LIST_TOOL, json: '{"pageSize":0}', names: 'pageSize' },
  { tool: LIST_TOOL, json: '{"pageSize":"10"}', names: 'pageSize' },
  { tool: LIST_TOOL, json: '{"kind":"ALL"}', names: 'kind' },
  { tool: LIST_TOOL, json: '{"kind":3}', names: 'kind' },
  { tool: LIST_TOOL, json: '{"kind":"all "}', names: 'kind' },
  { tool: LIST_TOOL, json: '{"page_size":5}', names: 'page_size' },
  { tool: LIST_TOOL, json: '{"foo":"bar"}', names: 'foo' },
  { tool: LIST_TOOL, json: '{"kind":"all","page":1,"Page":2}', names: 'Page' },
  // Float literals: JSON.parse makes these integers, the raw text shows they are not.
  { tool: LIST_TOOL, json: '{"page":1.0}', names: 'page' },
  { tool: LIST_TOOL, json: '{"pageSize":1e1}', names: 'pageSize' },
  { tool: LIST_TOOL, json: '{"page":2E0}', names: 'page' },
  { tool: LIST_TOOL, json: '{"pageSize":10.00}', names: 'pageSize' },
  { tool: LIST_TOOL, json: '{ "page" : 1.0e0 , "pageSize" : 2 }', names: 'page' },
  { tool: LIST_TOOL, json: '{"kind":"all","pag\\u0065":1.0}', names: 'page' },
  { tool: LATEST_TOOL, json: '{"kind":"ALL"}', names: 'kind' },
  { tool: LATEST_TOOL, json: '{"kind":3}', names: 'kind' },
  { tool: LATEST_TOOL, json: '{"page":1}', names: 'page' },
  { tool: LATEST_TOOL, json: '{"kind":"all","pageSize":10}', names: 'pageSize' },
  // Keys that name Object.prototype members are extra keys like any other.
  { tool: LIST_TOOL, json: '{"__proto__":1}', names: '__proto__' },
  { tool: LIST_TOOL, json: '{"constructor":1}', names: 'constructor' },
  { tool: LATEST_TOOL, json: '{"toString":"all"}', names: 'toString' },
];

const namesArgument = (detail: string, name: string) =>
  new RegExp(`(^|[^A-Za-z0-9_])${name}($|[^A-Za-z0-9_])`).test(detail);

for (const revision of ['2025-11-25', MODERN]) {
  describe(`tool arguments under ${revision}`, () => {
    let server: TestServer;
    let mcp: RawMcp;

    before(async () => {
      server = await startTestServer({
        snapshot: SNAPSHOT,
        env: { RATE_LIMIT: 'off' },
        clock: () => T0,
      });
      mcp = new RawMcp(server.origin, revision);
    });
    after(() => server?.close());

    for (const { tool, json, names } of BAD_FORMS) {
      test(`${tool} with arguments ${json} is an isError invalid_query naming ${names}`, async () => {
        const response = await mcp.callRaw(tool, json, 'bad');
        const result = toolResult(response, 'bad');
        const error = assertToolError(result, 'invalid_query');
        assert.ok(namesArgument(error.detail, names), `detail names ${names}: ${error.detail}`);
      });
    }

    test('arguments that are not an object (array, string, number, boolean, null) are an isError invalid_query naming arguments', async () => {
      // Like any other bad argument (service.md § MCP, rule 2), not a protocol error: the
      // route hands the SDK the call without them and the tool refuses what was sent.
      for (const tool of [LIST_TOOL, LATEST_TOOL]) {
        for (const json of ['[]', '[1,2]', '"page=1"', '5', 'true', 'null']) {
          const result = toolResult(await mcp.callRaw(tool, json, 'shape'), 'shape');
          const error = assertToolError(result, 'invalid_query');
          assert.ok(namesArgument(error.detail, 'arguments'), `${tool} ${json}: ${error.detail}`);
        }
      }
    });

    test('"page": 1 written as an integer literal is accepted', async () => {
      const result = toolResult(
        await mcp.callRaw(LIST_TOOL, '{"page":1,"pageSize":10}', 'ok'),
        'ok',
      );
      assert.notEqual(result.isError, true, JSON.stringify(result));
      const data = (result.structuredContent as { data: Record<string, unknown> }).data;
      assert.equal(data['page'], 1);
      assert.equal(data['pageSize'], 10);
      assert.equal(data['total'], 12);
      assertTextMirrorsStructured(result);
    });

    test('omitted and empty arguments take the defaults, as HTTP without a query', async () => {
      const list = await server.get('/openapi/v1/records');
      const latest = await server.get('/openapi/v1/records/latest');
      for (const json of [undefined, '{}']) {
        const listed = toolResult(await mcp.callRaw(LIST_TOOL, json, 'l'), 'l');
        assert.deepEqual(listed.structuredContent, list.json(), `list with ${json}`);
        const first = toolResult(await mcp.callRaw(LATEST_TOOL, json, 'f'), 'f');
        assert.deepEqual(first.structuredContent, latest.json(), `latest with ${json}`);
      }
    });

    test('the largest page, 2^53-1, is accepted and answers an empty page', async () => {
      const response = await mcp.callRaw(LIST_TOOL, '{"page":9007199254740991,"pageSize":5}', 9);
      const result = toolResult(response, 9);
      assert.notEqual(result.isError, true, brief(response));
      assert.deepEqual((result.structuredContent as { data: unknown }).data, {
        items: [],
        page: 9007199254740991,
        pageSize: 5,
        total: 12,
        totalPages: 3,
        hasNext: false,
      });
    });

    test('a float literal elsewhere in the message does not taint integer arguments', async () => {
      // `"page": 1.0` outside params.arguments (here in another params member) must not be
      // mistaken for the page argument.
      const body = mcp
        .body('tools/call', { name: LIST_TOOL, arguments: { page: 2, pageSize: 3 } }, 'n')
        .replace('"params":{', '"params":{"x-note":{"page":1.0},');
      const response = await mcp.post(body, mcp.headers('tools/call', LIST_TOOL));
      // Extra params members are allowed by JSON-RPC; what matters is page 2 was honoured.
      const result = toolResult(response, 'n');
      assert.notEqual(result.isError, true, brief(response));
      const data = (result.structuredContent as { data: Record<string, unknown> }).data;
      assert.equal(data['page'], 2);
      assert.equal(data['pageSize'], 3);
    });
  });
}
