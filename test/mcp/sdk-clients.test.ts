import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Client, Tool } from '@modelcontextprotocol/client';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/client/validators/ajv';
import { snapshotOf } from '../support/records.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import {
  assertTextMirrorsStructured,
  assertToolError,
  CLIENT_MODES,
  connectClient,
  LATEST_TOOL,
  LIST_TOOL,
  SNAPSHOT,
  T0,
  type ToolResult,
} from './mcp-support.ts';

/**
 * The official SDK client (2.4.0) against the running server, on every way it can connect:
 * pinned to 2026-07-28, automatic negotiation, and the 2025 `initialize` handshake
 * (service.md § MCP, decisions.md §7). Tool results must equal the HTTP API's answers for
 * the same arguments at the same instant: both run on one injected clock.
 */

const KINDS = ['all', 'reset_scheduled', 'reset_completed'] as const;
const ANNOTATIONS = { readOnlyHint: true, idempotentHint: true, openWorldHint: false };
const validator = new AjvJsonSchemaValidator();

interface Case {
  readonly tool: string;
  readonly args?: Record<string, unknown>;
  /** The HTTP request with the same meaning. */
  readonly path: string;
}

/** Every tool call compared with HTTP: defaults, each kind, every page, past the end. */
const CASES: Case[] = [
  { tool: LATEST_TOOL, path: '/openapi/v1/records/latest' },
  { tool: LIST_TOOL, path: '/openapi/v1/records' },
  { tool: LIST_TOOL, args: {}, path: '/openapi/v1/records' },
  ...KINDS.flatMap((kind): Case[] => [
    { tool: LATEST_TOOL, args: { kind }, path: `/openapi/v1/records/latest?kind=${kind}` },
    { tool: LIST_TOOL, args: { kind }, path: `/openapi/v1/records?kind=${kind}` },
    ...[1, 2, 3].map((page) => ({
      tool: LIST_TOOL,
      args: { kind, page, pageSize: 3 },
      path: `/openapi/v1/records?kind=${kind}&page=${page}&pageSize=3`,
    })),
  ]),
  { tool: LIST_TOOL, args: { page: 2 }, path: '/openapi/v1/records?page=2' },
  { tool: LIST_TOOL, args: { pageSize: 1 }, path: '/openapi/v1/records?pageSize=1' },
  {
    tool: LIST_TOOL,
    args: { kind: 'reset_scheduled', page: 9, pageSize: 10 },
    path: '/openapi/v1/records?kind=reset_scheduled&page=9&pageSize=10',
  },
];

function outputSchemaOf(tools: Tool[], name: string): Record<string, unknown> {
  const schema = tools.find((tool) => tool.name === name)?.outputSchema;
  assert.ok(schema, `${name} has an outputSchema`);
  return schema as Record<string, unknown>;
}

function assertMatchesOutputSchema(tools: Tool[], name: string, value: unknown): void {
  const check = validator.getValidator(outputSchemaOf(tools, name) as never);
  const verdict = check(value);
  assert.equal(
    verdict.valid,
    true,
    `${name}: ${verdict.errorMessage} for ${JSON.stringify(value)}`,
  );
}

async function callTool(client: Client, name: string, args?: Record<string, unknown>) {
  const params = args === undefined ? { name } : { name, arguments: args };
  return (await client.callTool(params)) as unknown as ToolResult;
}

for (const { mode, expected, label } of CLIENT_MODES) {
  describe(`${label} (negotiates ${expected})`, () => {
    let server: TestServer;
    let client: Client;
    let tools: Tool[];

    before(async () => {
      server = await startTestServer({
        snapshot: SNAPSHOT,
        env: { RATE_LIMIT: 'off' },
        clock: () => T0,
      });
      client = await connectClient(server.origin, mode);
      tools = (await client.listTools()).tools;
    });
    after(async () => {
      await client?.close();
      await server?.close();
    });

    test(`negotiates protocol revision ${expected} with server reset-records 1.0.0`, () => {
      assert.equal(client.getNegotiatedProtocolVersion(), expected);
      const info = client.getServerVersion();
      assert.equal(info?.name, 'reset-records');
      assert.equal(info?.version, '1.0.0');
    });

    test('tools/list returns exactly the two query tools', () => {
      assert.deepEqual(tools.map((tool) => tool.name).sort(), [LATEST_TOOL, LIST_TOOL]);
      for (const tool of tools) {
        assert.equal(typeof tool.description, 'string', tool.name);
        assert.ok((tool.description ?? '').length > 0, tool.name);
      }
    });

    test('each input schema is a closed object: kind enum, integer page >= 1, integer pageSize 1..10, nothing required', () => {
      const expectedProperties: Record<string, string[]> = {
        [LATEST_TOOL]: ['kind'],
        [LIST_TOOL]: ['kind', 'page', 'pageSize'],
      };
      for (const tool of tools) {
        const schema = tool.inputSchema as Record<string, unknown> & {
          properties: Record<string, Record<string, unknown>>;
        };
        assert.equal(schema.type, 'object', tool.name);
        assert.equal(schema['additionalProperties'], false, tool.name);
        assert.deepEqual(Object.keys(schema.properties).sort(), expectedProperties[tool.name]);
        assert.ok(
          schema['required'] === undefined || (schema['required'] as unknown[]).length === 0,
          `${tool.name}: every argument is optional`,
        );
        const kind = schema.properties['kind']!;
        assert.equal(kind['type'], 'string', tool.name);
        assert.deepEqual([...(kind['enum'] as string[])].sort(), [...KINDS].sort(), tool.name);
        assert.equal(kind['default'], 'all', tool.name);
        if (tool.name === LIST_TOOL) {
          const page = schema.properties['page']!;
          assert.equal(page['type'], 'integer');
          assert.equal(page['minimum'], 1);
          assert.equal(page['default'], 1);
          const pageSize = schema.properties['pageSize']!;
          assert.equal(pageSize['type'], 'integer');
          assert.equal(pageSize['minimum'], 1);
          assert.equal(pageSize['maximum'], 10);
          assert.equal(pageSize['default'], 10);
        }
      }
    });

    test('each tool has an outputSchema with an object root', () => {
      for (const tool of tools) {
        const schema = outputSchemaOf(tools, tool.name);
        assert.equal(schema['type'], 'object', tool.name);
        // The schema must reject what is neither an envelope nor an error body.
        const check = validator.getValidator(schema as never);
        assert.equal(check({ ok: true }).valid, false, `${tool.name} accepts {ok:true}`);
        assert.equal(check({ hello: 'world' }).valid, false, `${tool.name} accepts junk`);
      }
    });

    test('each tool is annotated read-only, idempotent and closed-world', () => {
      for (const tool of tools) {
        const annotations = tool.annotations as Record<string, unknown> | undefined;
        assert.ok(annotations, tool.name);
        for (const [name, value] of Object.entries(ANNOTATIONS)) {
          assert.equal(annotations[name], value, `${tool.name}.annotations.${name}`);
        }
      }
    });

    test('every tool result equals the HTTP answer for the same kind, page and pageSize', async () => {
      let nonEmpty = 0;
      for (const { tool, args, path } of CASES) {
        const label = `${tool} ${JSON.stringify(args)} vs GET ${path}`;
        const result = await callTool(client, tool, args);
        const http = await server.get(path);
        assert.equal(http.status, 200, label);
        const envelope = http.json() as { ok: true; data: unknown; meta: unknown };

        assert.notEqual(result.isError, true, `${label}: ${JSON.stringify(result)}`);
        const structured = result.structuredContent as typeof envelope;
        if (tool === LIST_TOOL) {
          type Page = { items: { id: string }[]; [field: string]: unknown };
          const mcpPage = structured.data as Page;
          const httpPage = envelope.data as Page;
          // Item by item first (clearer failures), then the whole envelope.
          assert.deepEqual(
            mcpPage.items.map((item) => item.id),
            httpPage.items.map((item) => item.id),
            `${label}: ids in order`,
          );
          mcpPage.items.forEach((item, i) => {
            assert.deepEqual(item, httpPage.items[i], `${label}: item ${i}`);
          });
          for (const field of ['page', 'pageSize', 'total', 'totalPages', 'hasNext']) {
            assert.equal(mcpPage[field], httpPage[field], `${label}: ${field}`);
          }
          if (mcpPage.items.length > 0) nonEmpty++;
        }
        assert.deepEqual(structured.meta, envelope.meta, `${label}: meta`);
        assert.deepEqual(structured, envelope, label);
        assertTextMirrorsStructured(result);
        assertMatchesOutputSchema(tools, tool, structured);
      }
      assert.ok(nonEmpty >= 10, 'the cases exercise non-empty pages');
    });

    test('an argument error comes back as an isError result the client accepts', async () => {
      // callTool would throw if the client's output-schema validation refused the result.
      const result = await callTool(client, LIST_TOOL, { pageSize: 11 });
      const error = assertToolError(result, 'invalid_query');
      assert.match(error.detail, /pageSize/);
      // Decisions §7: the outputSchema accepts error bodies too.
      assertMatchesOutputSchema(tools, LIST_TOOL, result.structuredContent);
      const latest = await callTool(client, LATEST_TOOL, { kind: 'ALL' });
      assertToolError(latest, 'invalid_query');
      assertMatchesOutputSchema(tools, LATEST_TOOL, latest.structuredContent);
    });
  });

  describe(`${label}: error results without data and over quota`, () => {
    let server: TestServer;
    let client: Client;
    let tools: Tool[];

    before(async () => {
      server = await startTestServer({
        snapshot: null,
        env: { RATE_LIMIT_MAX: '2' },
        clock: () => T0,
      });
      client = await connectClient(server.origin, mode);
      tools = (await client.listTools()).tools;
    });
    after(async () => {
      await client?.close();
      await server?.close();
    });

    test('data_unavailable and rate_limited (with retryAfter) are isError results matching the outputSchema', async () => {
      const first = await callTool(client, LIST_TOOL, { page: 1 });
      assertToolError(first, 'data_unavailable');
      assertMatchesOutputSchema(tools, LIST_TOOL, first.structuredContent);

      const second = await callTool(client, LATEST_TOOL);
      assertToolError(second, 'data_unavailable');
      assertMatchesOutputSchema(tools, LATEST_TOOL, second.structuredContent);

      for (const name of [LIST_TOOL, LATEST_TOOL]) {
        const limited = await callTool(client, name);
        const error = assertToolError(limited, 'rate_limited');
        assert.equal(
          error.retryAfter,
          3600,
          'both calls were at T0: the oldest leaves at T0+3600 s',
        );
        assertMatchesOutputSchema(tools, name, limited.structuredContent);
      }
    });
  });
}

describe('an empty snapshot through a client pinned to 2026-07-28', () => {
  let server: TestServer;
  let client: Client;

  before(async () => {
    server = await startTestServer({
      snapshot: snapshotOf([], T0 - 60_000),
      env: { RATE_LIMIT: 'off' },
      clock: () => T0,
    });
    client = await connectClient(server.origin, 'pinned');
    await client.listTools();
  });
  after(async () => {
    await client?.close();
    await server?.close();
  });

  test('latest is data null and the list is empty with totalPages 0, as on HTTP', async () => {
    const latest = await callTool(client, LATEST_TOOL, { kind: 'reset_completed' });
    assert.notEqual(latest.isError, true);
    assert.equal((latest.structuredContent as { data: unknown }).data, null);
    assert.deepEqual(
      latest.structuredContent,
      (await server.get('/openapi/v1/records/latest?kind=reset_completed')).json(),
    );
    assertTextMirrorsStructured(latest);

    const list = await callTool(client, LIST_TOOL, { page: 3 });
    assert.deepEqual((list.structuredContent as { data: unknown }).data, {
      items: [],
      page: 3,
      pageSize: 10,
      total: 0,
      totalPages: 0,
      hasNext: false,
    });
    assert.deepEqual(
      list.structuredContent,
      (await server.get('/openapi/v1/records?page=3')).json(),
    );
    assertTextMirrorsStructured(list);
  });
});
