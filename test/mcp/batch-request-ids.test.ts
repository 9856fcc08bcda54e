import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startTestServer, type TestServer } from '../support/server.ts';
import {
  assertNoRateHeaders,
  brief,
  LATEST_TOOL,
  LIST_TOOL,
  RawMcp,
  SNAPSHOT,
  T0,
} from './mcp-support.ts';

/**
 * JSON-RPC 2.0 matches a response to its request by id, so the requests of one batch must
 * have distinct ids. The SDK's transport keys responses by id: three calls sharing an id
 * ran, and counted, three times but were answered once. On the revisions that allow
 * batches (2025-03-26 and earlier, also assumed without MCP-Protocol-Version) such a batch
 * is an Invalid Request: HTTP 400, -32600, nothing run and nothing counted (decisions.md §5,
 * §7: rejected protocol messages do not count).
 */

const MAX = 1000;
const DISTINCT_IDS = 'Invalid Request: the requests of a JSON-RPC batch must have distinct ids.';

/** Revisions that allow batches, each as its own client so that its quota starts full. */
const CLIENTS = [
  { label: '2025-03-26', revision: '2025-03-26', header: true, address: '127.0.0.41' },
  { label: '2024-11-05', revision: '2024-11-05', header: true, address: '127.0.0.42' },
  { label: '2024-10-07', revision: '2024-10-07', header: true, address: '127.0.0.43' },
  {
    label: 'no MCP-Protocol-Version (2025-03-26 assumed)',
    revision: '2025-03-26',
    header: false,
    address: '127.0.0.44',
  },
];

describe('JSON-RPC batches whose requests share an id', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({
      snapshot: SNAPSHOT,
      env: { RATE_LIMIT_MAX: String(MAX) },
      clock: () => T0,
    });
  });
  after(() => server?.close());

  for (const { label, revision, header, address } of CLIENTS) {
    describe(label, () => {
      const mcp = () => new RawMcp(server.origin, revision, address);
      const post = (messages: string[]) =>
        mcp().post(`[${messages.join(',')}]`, header ? mcp().headers('tools/call') : {});
      const call = (id: string | number, tool = LIST_TOOL) =>
        mcp().body('tools/call', { name: tool, arguments: {} }, id);
      /** X-RateLimit-Remaining after one more counted call: how many calls counted so far. */
      const remainingAfterOneCall = async () =>
        (await mcp().call(LATEST_TOOL, {}, 'probe')).headers['x-ratelimit-remaining'];

      /** Batches whose requests share an id, built once the server is up. */
      const duplicates = (): [string, string[]][] => [
        [
          'three tools/call requests with the id "same"',
          [call('same'), call('same'), call('same')],
        ],
        [
          'two tools/call requests with the id 1, written 1 and 1.0',
          [call(1), call(1).replace('"id":1', '"id":1.0')],
        ],
        [
          'a ping and a tools/call with the id 7',
          [mcp().body('ping', {}, 7), call(7, LATEST_TOOL)],
        ],
        [
          'a tools/list and a tools/call with the id 0 among distinct ones',
          [call(5), mcp().body('tools/list', {}, 0), call(6), call(0)],
        ],
      ];

      test('a batch whose requests share an id is HTTP 400 with -32600, nothing counted', async () => {
        let counted = 0;
        for (const [what, messages] of duplicates()) {
          const response = await post(messages);
          assert.equal(response.status, 400, `${what}: ${brief(response)}`);
          assert.deepEqual(
            response.json(),
            { jsonrpc: '2.0', error: { code: -32600, message: DISTINCT_IDS }, id: null },
            what,
          );
          assertNoRateHeaders(response, what);
          counted += 1; // the probe below
          assert.equal(await remainingAfterOneCall(), String(MAX - counted), `${what} counted`);
        }
      });

      test('distinct ids, 1 and "1" included, are each answered and each call counts once', async () => {
        const before = Number(await remainingAfterOneCall());
        const response = await post([
          call(1),
          call('1', LATEST_TOOL),
          mcp().body('tools/list', {}, 2),
          JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
          JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
        ]);
        assert.equal(response.status, 200, brief(response));
        const ids = (response.json() as { id: unknown }[]).map((reply) => reply.id);
        assert.equal(ids.length, 3, brief(response));
        assert.deepEqual(new Set(ids), new Set([1, '1', 2]));
        assert.equal(response.headers['x-ratelimit-remaining'], String(before - 2));
      });
    });
  }
});
