import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import fc from 'fast-check';
import { request } from '../support/http.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import {
  ACCEPT,
  LATEST_TOOL,
  LIST_TOOL,
  MODERN,
  MODERN_META,
  SNAPSHOT,
  T0,
} from './mcp-support.ts';

/**
 * Plain tool calls of 2026-07-28 and of the 2025 revisions are answered without the SDK's transport
 * (src/service/mcp/direct-tool-call.ts). Two servers with the same snapshot, clock and quota, one
 * with the direct path and one sending everything through the SDK, must answer every
 * request with the same status, the same headers in the same order, and the same bytes;
 * and the direct path must really have answered the plain calls (its metric counts them).
 */

interface Exchange {
  readonly status: number;
  /** Name and value pairs in the order sent, Date left out. */
  readonly headers: string[][];
  readonly body: string;
}

async function post(
  origin: string,
  body: string,
  headers: Record<string, string>,
): Promise<Exchange> {
  const response = await request(origin, '/mcp', { method: 'POST', headers, body });
  const pairs: string[][] = [];
  for (let i = 0; i < response.rawHeaders.length; i += 2) {
    const name = response.rawHeaders[i]!;
    if (name.toLowerCase() !== 'date') pairs.push([name, response.rawHeaders[i + 1]!]);
  }
  return { status: response.status, headers: pairs, body: response.text };
}

const HEADERS = (tool: string): Record<string, string> => ({
  'content-type': 'application/json',
  accept: ACCEPT,
  'mcp-protocol-version': MODERN,
  'mcp-method': 'tools/call',
  'mcp-name': tool,
});

interface Case {
  readonly label: string;
  readonly body: string;
  readonly headers: Record<string, string>;
  /** Whether the direct path must answer it (else the SDK must). */
  readonly direct: boolean;
}

const call = (
  tool: string,
  argumentsText: string | undefined,
  id = '1',
  meta: unknown = MODERN_META,
): string =>
  `{"jsonrpc":"2.0","id":${id},"method":"tools/call","params":{"name":${JSON.stringify(tool)}` +
  `${argumentsText === undefined ? '' : `,"arguments":${argumentsText}`},"_meta":${JSON.stringify(meta)}}}`;

const plain = (label: string, tool: string, args: string | undefined, id = '1'): Case => ({
  label,
  body: call(tool, args, id),
  headers: HEADERS(tool),
  direct: true,
});

const CASES: Case[] = [
  plain('list, no arguments', LIST_TOOL, undefined),
  plain('list, empty arguments', LIST_TOOL, '{}'),
  plain('list, a page', LIST_TOOL, '{"page":2,"pageSize":3}'),
  plain('list, a kind', LIST_TOOL, '{"kind":"reset_completed","pageSize":100}'),
  plain('list, past the last page', LIST_TOOL, '{"page":99}'),
  plain('latest', LATEST_TOOL, '{}'),
  plain('latest, a kind', LATEST_TOOL, '{"kind":"reset_scheduled"}'),
  plain('a string id', LIST_TOOL, '{}', '"abc"'),
  plain('an id with escapes', LIST_TOOL, '{}', '"a\\"b\\u2028c\\\\"'),
  plain('id 0', LIST_TOOL, '{}', '0'),
  plain('a negative id', LIST_TOOL, '{}', '-7'),
  plain('the largest safe id', LIST_TOOL, '{}', String(Number.MAX_SAFE_INTEGER)),
  plain('pageSize 0 (invalid_query)', LIST_TOOL, '{"pageSize":0}'),
  plain('a float literal (invalid_query)', LIST_TOOL, '{"pageSize":1.0}'),
  plain('an extra argument (invalid_query)', LIST_TOOL, '{"extra":1}'),
  plain('a __proto__ member (invalid_query)', LIST_TOOL, '{"__proto__":{}}'),
  plain('arguments not an object (invalid_query)', LIST_TOOL, '"x"'),
  plain('arguments an array (invalid_query)', LIST_TOOL, '[1]'),
  plain('a bad kind (invalid_query)', LATEST_TOOL, '{"kind":"everything"}'),
  {
    label: 'clientInfo with a title, capabilities declared',
    body: call(LIST_TOOL, '{}', '2', {
      ...MODERN_META,
      'io.modelcontextprotocol/clientInfo': { name: 'x', title: 'X', version: '2' },
      'io.modelcontextprotocol/clientCapabilities': { elicitation: {}, roots: {} },
    }),
    headers: HEADERS(LIST_TOOL),
    direct: true,
  },
  {
    label: 'a charset on the content type',
    body: call(LIST_TOOL, '{}'),
    headers: { ...HEADERS(LIST_TOOL), 'content-type': 'application/json; charset=utf-8' },
    direct: true,
  },
  // Not plain: the SDK answers, on both servers.
  {
    label: 'an unknown tool',
    body: call('get_everything', '{}'),
    headers: HEADERS('get_everything'),
    direct: false,
  },
  {
    label: 'Mcp-Name differs from the body',
    body: call(LIST_TOOL, '{}'),
    headers: HEADERS(LATEST_TOOL),
    direct: false,
  },
  {
    label: 'no clientCapabilities in _meta',
    body: call(LIST_TOOL, '{}', '1', {
      'io.modelcontextprotocol/protocolVersion': MODERN,
      'io.modelcontextprotocol/clientInfo': { name: 'x', version: '1' },
    }),
    headers: HEADERS(LIST_TOOL),
    direct: false,
  },
  {
    label: 'another revision in _meta',
    body: call(LIST_TOOL, '{}', '1', {
      ...MODERN_META,
      'io.modelcontextprotocol/protocolVersion': '2025-11-25',
    }),
    headers: HEADERS(LIST_TOOL),
    direct: false,
  },
  {
    label: 'a task-augmented call',
    body: call(LIST_TOOL, '{}').replace('"params":{', '"params":{"task":{"ttl":1000},'),
    headers: HEADERS(LIST_TOOL),
    direct: false,
  },
  {
    label: 'a null id',
    body: call(LIST_TOOL, '{}', 'null'),
    headers: HEADERS(LIST_TOOL),
    direct: false,
  },
  {
    label: 'a batch',
    body: `[${call(LIST_TOOL, '{}')}]`,
    headers: HEADERS(LIST_TOOL),
    direct: false,
  },
  {
    label: 'Accept without text/event-stream',
    body: call(LIST_TOOL, '{}'),
    headers: { ...HEADERS(LIST_TOOL), accept: 'application/json' },
    direct: false,
  },
  {
    label: 'a session id header',
    body: call(LIST_TOOL, '{}'),
    headers: { ...HEADERS(LIST_TOOL), 'mcp-session-id': 'abc' },
    direct: false,
  },
  {
    label: 'no MCP-Protocol-Version header',
    body: call(LIST_TOOL, '{}'),
    headers: { ...HEADERS(LIST_TOOL), 'mcp-protocol-version': '' },
    direct: false,
  },
];

/** The 2025 revisions answered directly, and the others, which the SDK keeps. */
const LEGACY_DIRECT = ['2025-03-26', '2025-06-18', '2025-11-25'] as const;

const LEGACY_HEADERS = (revision: string): Record<string, string> => ({
  'content-type': 'application/json',
  accept: ACCEPT,
  'mcp-protocol-version': revision,
});

const legacyCall = (tool: string, argumentsText: string | undefined, id = '1'): string =>
  `{"jsonrpc":"2.0","id":${id},"method":"tools/call","params":{"name":${JSON.stringify(tool)}` +
  `${argumentsText === undefined ? '' : `,"arguments":${argumentsText}`}}}`;

function legacyCases(revision: string): Case[] {
  const plainCall = (label: string, tool: string, args: string | undefined, id = '1'): Case => ({
    label: `${revision}: ${label}`,
    body: legacyCall(tool, args, id),
    headers: LEGACY_HEADERS(revision),
    direct: true,
  });
  const sdk = (label: string, body: string, headers = LEGACY_HEADERS(revision)): Case => ({
    label: `${revision}: ${label}`,
    body,
    headers,
    direct: false,
  });
  return [
    plainCall('list, no arguments', LIST_TOOL, undefined),
    plainCall('list, empty arguments', LIST_TOOL, '{}'),
    plainCall('list, a page', LIST_TOOL, '{"page":2,"pageSize":3}'),
    plainCall('list, a kind', LIST_TOOL, '{"kind":"reset_completed","pageSize":100}'),
    plainCall('latest', LATEST_TOOL, '{}'),
    plainCall('latest, a kind', LATEST_TOOL, '{"kind":"reset_scheduled"}'),
    plainCall('a string id', LIST_TOOL, '{}', '"abc"'),
    plainCall('an id with escapes', LIST_TOOL, '{}', '"a\\"b\\u2028c\\\\"'),
    plainCall('id 0', LIST_TOOL, '{}', '0'),
    plainCall('a negative id', LIST_TOOL, '{}', '-7'),
    plainCall('pageSize 0 (invalid_query)', LIST_TOOL, '{"pageSize":0}'),
    plainCall('a float literal (invalid_query)', LIST_TOOL, '{"pageSize":1.0}'),
    plainCall('an extra argument (invalid_query)', LIST_TOOL, '{"extra":1}'),
    plainCall('a __proto__ member (invalid_query)', LIST_TOOL, '{"__proto__":{}}'),
    plainCall('arguments not an object (invalid_query)', LIST_TOOL, '"x"'),
    plainCall('arguments null (invalid_query)', LIST_TOOL, 'null'),
    plainCall('a bad kind (invalid_query)', LATEST_TOOL, '{"kind":"everything"}'),
    {
      ...plainCall('a charset on the content type', LIST_TOOL, '{}'),
      headers: { ...LEGACY_HEADERS(revision), 'content-type': 'application/json; charset=utf-8' },
    },
    // Not plain: the SDK answers, on both servers.
    sdk('an unknown tool', legacyCall('get_everything', '{}')),
    sdk('a fractional id', legacyCall(LIST_TOOL, '{}', '1.5')),
    sdk('a null id', legacyCall(LIST_TOOL, '{}', 'null')),
    sdk('no id (a notification)', legacyCall(LIST_TOOL, '{}').replace('"id":1,', '')),
    sdk('a name that is not a string', legacyCall(LIST_TOOL, '{}').replace(`"${LIST_TOOL}"`, '7')),
    sdk('no params', '{"jsonrpc":"2.0","id":1,"method":"tools/call"}'),
    sdk('jsonrpc 1.0', legacyCall(LIST_TOOL, '{}').replace('"2.0"', '"1.0"')),
    sdk('an extra member', legacyCall(LIST_TOOL, '{}').replace('"id":1,', '"id":1,"x":1,')),
    sdk(
      'a progress token',
      legacyCall(LIST_TOOL, '{}').replace('"params":{', '"params":{"_meta":{"progressToken":1},'),
    ),
    sdk(
      'a 2026 envelope',
      legacyCall(LIST_TOOL, '{}').replace(
        '"params":{',
        `"params":{"_meta":${JSON.stringify({ ...MODERN_META, 'io.modelcontextprotocol/protocolVersion': revision })},`,
      ),
    ),
    sdk(
      'a task',
      legacyCall(LIST_TOOL, '{}').replace('"params":{', '"params":{"task":{"ttl":1000},'),
    ),
    sdk('a batch', `[${legacyCall(LIST_TOOL, '{}')}]`),
    { ...sdk('tools/list', '{"jsonrpc":"2.0","id":1,"method":"tools/list"}'), direct: true },
    {
      ...sdk(
        'tools/list, empty params',
        '{"jsonrpc":"2.0","id":"l","method":"tools/list","params":{}}',
      ),
      direct: true,
    },
    sdk(
      'tools/list with a cursor',
      '{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"cursor":"x"}}',
    ),
    sdk(
      'tools/list with a bad cursor',
      '{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"cursor":1}}',
    ),
    sdk(
      'initialize',
      `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"${revision}","capabilities":{},"clientInfo":{"name":"x","version":"1"}}}`,
    ),
    sdk('a session id header', legacyCall(LIST_TOOL, '{}'), {
      ...LEGACY_HEADERS(revision),
      'mcp-session-id': 'abc',
    }),
    sdk('Mcp-Method and Mcp-Name headers', legacyCall(LIST_TOOL, '{}'), {
      ...LEGACY_HEADERS(revision),
      'mcp-method': 'tools/call',
      'mcp-name': LIST_TOOL,
    }),
    sdk('Accept without text/event-stream', legacyCall(LIST_TOOL, '{}'), {
      ...LEGACY_HEADERS(revision),
      accept: 'application/json',
    }),
    sdk('a text/plain body', legacyCall(LIST_TOOL, '{}'), {
      ...LEGACY_HEADERS(revision),
      'content-type': 'text/plain',
    }),
  ];
}

const LEGACY_CASES: Case[] = [
  ...LEGACY_DIRECT.flatMap(legacyCases),
  {
    label: 'no MCP-Protocol-Version header (2025-03-26 by default: the SDK)',
    body: legacyCall(LIST_TOOL, '{}'),
    headers: { 'content-type': 'application/json', accept: ACCEPT },
    direct: false,
  },
  {
    label: '2024-11-05 (the SDK)',
    body: legacyCall(LIST_TOOL, '{}'),
    headers: LEGACY_HEADERS('2024-11-05'),
    direct: false,
  },
  {
    label: 'a padded revision header (Node trims the value: plain)',
    body: legacyCall(LIST_TOOL, '{}'),
    headers: LEGACY_HEADERS(' 2025-11-25'),
    direct: true,
  },
];
CASES.push(...LEGACY_CASES);

async function directAnswers(server: TestServer): Promise<number> {
  const text = (await server.metrics()).text;
  const match = /^mcp_direct_answers_total (\d+)$/m.exec(text);
  assert.ok(match, 'mcp_direct_answers_total is exported');
  return Number(match[1]);
}

describe('direct tool calls answer exactly as the SDK does', () => {
  const servers: Record<'direct' | 'sdk', TestServer | undefined> = {
    direct: undefined,
    sdk: undefined,
  };
  const clock = { now: T0 };

  const both = async (body: string, headers: Record<string, string>) => {
    const direct = await post(servers.direct!.origin, body, headers);
    const sdk = await post(servers.sdk!.origin, body, headers);
    return { direct, sdk };
  };

  const settings: [string, Record<string, string>][] = [
    ['quota off', { RATE_LIMIT: 'off' }],
    ['quota of 120, then refusals', { RATE_LIMIT_MAX: '120' }],
  ];
  for (const [quota, env] of settings) {
    describe(quota, () => {
      before(async () => {
        clock.now = T0;
        const options = { snapshot: SNAPSHOT, env, clock: () => clock.now };
        servers.direct = await startTestServer(options);
        servers.sdk = await startTestServer({ ...options, mcpDirectCalls: false });
      });
      after(async () => {
        await servers.direct?.close();
        await servers.sdk?.close();
      });

      test('every case, twice over (the second round over quota when the quota is on)', async () => {
        const before = await directAnswers(servers.direct!);
        let expectedDirect = 0;
        for (const round of [1, 2]) {
          for (const each of CASES) {
            const { direct, sdk } = await both(each.body, each.headers);
            assert.deepEqual(direct, sdk, `${each.label} (round ${round})`);
            if (each.direct) expectedDirect++;
          }
        }
        assert.equal((await directAnswers(servers.direct!)) - before, expectedDirect);
        assert.equal(await directAnswers(servers.sdk!), 0);
      });

      if (quota === 'quota off') {
        test('any arguments and ids, every revision: the same answer (property)', async () => {
          const value = fc.oneof(
            fc.integer({ min: -3, max: 200 }),
            fc.constantFrom('reset_scheduled', 'reset_completed', 'all', '', 'x'),
            fc.boolean(),
            fc.constant(null),
            fc.double({ noNaN: true, noDefaultInfinity: true }),
          );
          const args = fc.dictionary(fc.constantFrom('page', 'pageSize', 'kind', 'other'), value, {
            maxKeys: 3,
          });
          const id = fc.oneof(
            fc.integer({ min: -1000, max: 1000 }).map(String),
            fc.string({ maxLength: 12 }).map((text) => JSON.stringify(text)),
          );
          await fc.assert(
            fc.asyncProperty(
              fc.constantFrom(LIST_TOOL, LATEST_TOOL),
              args,
              id,
              fc.constantFrom(MODERN, ...LEGACY_DIRECT),
              async (tool, a, i, revision) => {
                const modern = revision === MODERN;
                const body = modern
                  ? call(tool, JSON.stringify(a), i)
                  : legacyCall(tool, JSON.stringify(a), i);
                const headers = modern ? HEADERS(tool) : LEGACY_HEADERS(revision);
                const { direct, sdk } = await both(body, headers);
                assert.deepEqual(direct, sdk, body);
              },
            ),
            { numRuns: 100 },
          );
        });
      }
    });
  }

  test('with no snapshot: data_unavailable, the same on both paths', async () => {
    const options = { snapshot: null, clock: () => T0 };
    const direct = await startTestServer(options);
    const sdk = await startTestServer({ ...options, mcpDirectCalls: false });
    try {
      const body = call(LIST_TOOL, '{}');
      const a = await post(direct.origin, body, HEADERS(LIST_TOOL));
      const b = await post(sdk.origin, body, HEADERS(LIST_TOOL));
      assert.deepEqual(a, b);
      assert.match(a.body, /"error":"data_unavailable"/);
      for (const revision of LEGACY_DIRECT) {
        const legacy = legacyCall(LATEST_TOOL, '{}');
        const c = await post(direct.origin, legacy, LEGACY_HEADERS(revision));
        const d = await post(sdk.origin, legacy, LEGACY_HEADERS(revision));
        assert.deepEqual(c, d, revision);
        assert.match(c.body, /"error":"data_unavailable"/);
      }
      assert.equal(await directAnswers(direct), 1 + LEGACY_DIRECT.length);
    } finally {
      await direct.close();
      await sdk.close();
    }
  });
});
