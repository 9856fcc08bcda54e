import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Response } from '../support/http.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import {
  assertTextMirrorsStructured,
  brief,
  type Id,
  jsonRpc,
  LATEST_TOOL,
  LIST_TOOL,
  MODERN,
  RawMcp,
  SNAPSHOT,
  T0,
  type ToolResult,
  toolResult,
} from './mcp-support.ts';

/**
 * `arguments` must be a JSON object with only the tool's own keys (service.md § MCP, rule 2;
 * decisions.md §5, §7). Two shapes the SDK's own request parsing mishandles:
 * - not an object (a string, an array, a number, a boolean, null): the SDK's schema refused
 *   it as a JSON-RPC error with a zod dump, uncounted; the contract makes it a counted
 *   `invalid_query` tool error like any other bad argument;
 * - a `__proto__` key: the SDK's copy turned it into a prototype or dropped it, so the call
 *   succeeded; the contract refuses it as an extra key, as it does `constructor` or
 *   `toString`.
 * Absent `arguments` still means "all defaults".
 */

const MAX = 1000;
const NOT_AN_OBJECT = 'Tool arguments must be a JSON object.';
const ALLOWED: Record<string, string> = {
  [LIST_TOOL]: 'kind, page, pageSize',
  [LATEST_TOOL]: 'kind',
};

/** The `arguments` member as written, for each non-object shape. */
const NON_OBJECTS = ['"page=1"', '"{}"', '""', '[]', '[1,2]', '[{"page":1}]', '5', 'true', 'null'];

/** Arguments whose only extra key names an Object.prototype member. */
const PROTOTYPE_KEYS: [json: string, key: string][] = [
  ['{"__proto__":1}', '__proto__'],
  ['{"__proto__":{}}', '__proto__'],
  ['{"__proto__":null}', '__proto__'],
  ['{"__proto__":{"kind":"reset_scheduled"}}', '__proto__'],
  ['{"kind":"all","__proto__":{"kind":"all"}}', '__proto__'],
  ['{"__proto__":[]}', '__proto__'],
  ['{"constructor":1}', 'constructor'],
  ['{"constructor":{"prototype":{}}}', 'constructor'],
  ['{"toString":"x"}', 'toString'],
  ['{"valueOf":1}', 'valueOf'],
  ['{"hasOwnProperty":1}', 'hasOwnProperty'],
  ['{"__defineGetter__":1}', '__defineGetter__'],
];

/** A client of its own per revision, so that each one's quota starts full. */
const CLIENTS = [
  { revision: '2025-11-25', address: '127.0.0.31' },
  { revision: MODERN, address: '127.0.0.32' },
];

describe('tools/call arguments that are not a plain object of the tool’s keys', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({
      snapshot: SNAPSHOT,
      env: { RATE_LIMIT_MAX: String(MAX) },
      clock: () => T0,
    });
  });
  after(() => server?.close());

  for (const { revision, address } of CLIENTS) {
    describe(`under ${revision}`, () => {
      let remaining = MAX;
      const mcp = () => new RawMcp(server.origin, revision, address);

      /** Asserts the response carries the rate-limit headers of exactly one more admission. */
      function assertCountedOnce(response: Response, label: string): void {
        remaining -= 1;
        assert.equal(response.headers['x-ratelimit-limit'], String(MAX), label);
        assert.equal(response.headers['x-ratelimit-remaining'], String(remaining), label);
        assert.equal(response.headers['x-ratelimit-window'], '3600', label);
        assert.ok(response.headers['x-ratelimit-reset'], label);
      }

      /** Asserts an HTTP 200 tool result with exactly this error body. */
      function assertInvalidQuery(response: Response, id: Id, detail: string, label: string) {
        assert.equal(response.status, 200, `${label}: ${brief(response)}`);
        assert.equal(jsonRpc(response, id).error, undefined, `${label}: ${brief(response)}`);
        const result: ToolResult = toolResult(response, id);
        assert.equal(result.isError, true, `${label}: ${brief(response)}`);
        assert.deepEqual(
          result.structuredContent,
          { ok: false, error: 'invalid_query', detail },
          label,
        );
        assertTextMirrorsStructured(result);
      }

      test('arguments given as a string, an array, a number, a boolean or null are a counted invalid_query tool error', async () => {
        for (const tool of [LIST_TOOL, LATEST_TOOL]) {
          for (const json of NON_OBJECTS) {
            const label = `${tool} with arguments ${json}`;
            const response = await mcp().callRaw(tool, json, 'shape');
            assertInvalidQuery(response, 'shape', NOT_AN_OBJECT, label);
            assertCountedOnce(response, label);
          }
        }
      });

      test('absent arguments still take every default, counted once', async () => {
        const listed = await mcp().callRaw(LIST_TOOL, undefined, 'l');
        const list = toolResult(listed, 'l');
        assert.notEqual(list.isError, true, brief(listed));
        const data = (list.structuredContent as { data: Record<string, unknown> }).data;
        assert.deepEqual([data['page'], data['pageSize'], data['total']], [1, 10, 12]);
        assertCountedOnce(listed, 'list without arguments');

        const latest = await mcp().callRaw(LATEST_TOOL, undefined, 'f');
        assert.notEqual(toolResult(latest, 'f').isError, true, brief(latest));
        assertCountedOnce(latest, 'latest without arguments');
      });

      test('a __proto__, constructor or toString key is a counted invalid_query naming that key', async () => {
        for (const tool of [LIST_TOOL, LATEST_TOOL]) {
          for (const [json, key] of PROTOTYPE_KEYS) {
            const label = `${tool} with arguments ${json}`;
            const response = await mcp().callRaw(tool, json, 'proto');
            const detail = `Unknown argument "${key}". Allowed: ${ALLOWED[tool]}.`;
            assertInvalidQuery(response, 'proto', detail, label);
            assertCountedOnce(response, label);
          }
        }
      });
    });
  }

  describe('inside a 2025-03-26 batch', () => {
    const address = '127.0.0.33';
    const old = () => new RawMcp(server.origin, '2025-03-26', address);

    test('each call is judged on its own raw arguments, matched by id, and each counts', async () => {
      const mcp = old();
      const calls = [
        [LIST_TOOL, '"page=1"', 1],
        [LIST_TOOL, '{"page":2,"pageSize":1}', 2],
        [LATEST_TOOL, 'null', 3],
        [LIST_TOOL, '{"__proto__":{}}', 4],
        [LIST_TOOL, '{"page":1.0}', 5],
        [LIST_TOOL, '{"page":1}', 6],
      ] as const;
      const body = calls.map(([tool, json, id]) =>
        mcp
          .body('tools/call', { name: tool, arguments: 0 }, id)
          .replace('"arguments":0', `"arguments":${json}`),
      );
      const response = await mcp.post(`[${body.join(',')}]`, mcp.headers('tools/call'));
      assert.equal(response.status, 200, brief(response));
      const replies = new Map(
        (response.json() as { id: number; result: ToolResult }[]).map((r) => [r.id, r.result]),
      );
      const content = (id: number) => replies.get(id)?.structuredContent ?? {};
      const refusal = { ok: false, error: 'invalid_query', detail: NOT_AN_OBJECT };
      assert.deepEqual(content(1), refusal);
      const page = content(2)['data'] as { page: number; items: unknown[] };
      assert.deepEqual([page.page, page.items.length], [2, 1]);
      assert.deepEqual(content(3), refusal);
      assert.equal(content(4)['error'], 'invalid_query');
      assert.match(String(content(4)['detail']), /"__proto__"/);
      assert.match(String(content(5)['detail']), /"page"/);
      assert.equal(replies.get(6)?.isError, undefined, 'an integer page beside a float is fine');
      assert.equal(response.headers['x-ratelimit-remaining'], String(MAX - calls.length));
    });
  });
});
