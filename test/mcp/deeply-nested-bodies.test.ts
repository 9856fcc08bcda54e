// run-tests: own process (its tests bound wall-clock times; see scripts/run-tests.mjs)
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Response } from '../support/http.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import {
  assertProtocolError,
  assertToolError,
  brief,
  LIST_TOOL,
  MODERN,
  postMcp,
  RawMcp,
  SNAPSHOT,
  T0,
  toolResult,
} from './mcp-support.ts';

/**
 * The float-literal scan reads the raw text of /mcp bodies, which anyone can send, mostly
 * without counting against the quota. A scan that copied its nesting path for each number
 * made a 64 KiB body nested 20,000 levels deep around 6,000 `1.0` literals cost 2.3 s of
 * CPU (answered 400), and four such clients held /healthz at 9–10 s. These bodies, bare or
 * inside messages that make the scan run, must be answered in milliseconds and must not
 * hold up anyone else. The 200 ms bound is a fail-fast bound (the fixed server answers
 * them in a few ms), not a throughput target.
 */

const BOUND_MS = 200;
/**
 * /healthz waits behind whatever the event loop is busy with: here four attackers and this
 * test's own client, on a machine that may run other test files. Before the fix a single
 * attack body held the loop for 2.3 s, so a second is still far from passing by accident.
 */
const HEALTH_BOUND_MS = 1_000;
const FLOATS = Array.from({ length: 6000 }, () => '1.0').join(',');
const nested = (depth: number) => `${'['.repeat(depth)}${FLOATS}${']'.repeat(depth)}`;
/** The reported body: 63,999 bytes, a lone array nested 20,000 levels deep. */
const BARE = nested(20_000);
/** The same shape, a little shallower, to leave room for a message around it. */
const INNER = nested(19_000);

interface Attack {
  readonly label: string;
  send(): Promise<Response>;
  check(response: Response): void;
}

function attacks(origin: string): Attack[] {
  const legacy = new RawMcp(origin, '2025-11-25');
  const modern = new RawMcp(origin, MODERN);
  const old = new RawMcp(origin, '2025-03-26');
  const list: Attack[] = [];
  for (const [label, headers] of [
    ['no MCP headers', {}],
    ['2025-11-25 headers', legacy.headers('tools/list')],
    ['2026-07-28 headers', modern.headers('tools/list')],
  ] as const) {
    list.push({
      label: `the bare nested array with ${label}`,
      send: () => postMcp(origin, BARE, headers),
      check: (response) => assertProtocolError(response, 400, -32600),
    });
  }
  for (const mcp of [legacy, modern]) {
    list.push({
      label: `a tools/list whose params carry the nested array (${mcp.revision})`,
      send: () =>
        mcp.post(
          mcp.body('tools/list', { x: 0 }, 'l').replace('"x":0', `"x":${INNER}`),
          mcp.headers('tools/list'),
        ),
      check: (response) => {
        assert.equal(response.status, 200, brief(response));
        assert.equal((response.json() as { id: unknown }).id, 'l');
      },
    });
    // An integral page makes the route scan the raw text for float literals.
    list.push({
      label: `a tools/call with page 1 and the nested array as an extra argument (${mcp.revision})`,
      send: () => mcp.callRaw(LIST_TOOL, `{"page":1,"x":${INNER}}`, 'c'),
      check: (response) => assertToolError(toolResult(response, 'c'), 'invalid_query'),
    });
    list.push({
      label: `a tools/call with page 1 and the nested array beside the arguments (${mcp.revision})`,
      send: () =>
        mcp.post(
          mcp
            .body('tools/call', { name: LIST_TOOL, arguments: { page: 1 }, x: 0 }, 'd')
            .replace('"x":0', `"x":${INNER}`),
          mcp.headers('tools/call', LIST_TOOL),
        ),
      check: (response) =>
        assert.notEqual(toolResult(response, 'd').isError, true, brief(response)),
    });
  }
  list.push({
    label:
      'a 2025-03-26 batch of a tools/call with page 1 and a tools/list carrying the nested array',
    send: () => {
      const call = old.body('tools/call', { name: LIST_TOOL, arguments: { page: 1 } }, 1);
      const list = old.body('tools/list', { x: 0 }, 2).replace('"x":0', `"x":${INNER}`);
      return old.post(`[${call},${list}]`, old.headers('tools/call'));
    },
    check: (response) => {
      assert.equal(response.status, 200, brief(response));
      const replies = response.json() as { id: number; result?: unknown }[];
      assert.deepEqual(replies.map((reply) => reply.id).sort(), [1, 2]);
    },
  });
  return list;
}

async function timed<T>(run: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await run();
  return { value, ms: performance.now() - started };
}

describe('deeply nested /mcp bodies full of float literals', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({
      snapshot: SNAPSHOT,
      env: { RATE_LIMIT: 'off' },
      clock: () => T0,
    });
    // Warm both protocol paths, so that the first timed request does not pay for start-up.
    await new RawMcp(server.origin, '2025-11-25').call(LIST_TOOL, {});
    await new RawMcp(server.origin, MODERN).call(LIST_TOOL, {});
  });
  after(() => server?.close());

  test(`each attack body is answered within ${BOUND_MS} ms with its contract answer`, async (t) => {
    for (const attack of attacks(server.origin)) {
      const { value: response, ms } = await timed(() => attack.send());
      attack.check(response);
      t.diagnostic(`${attack.label}: ${ms.toFixed(1)} ms`);
      assert.ok(ms < BOUND_MS, `${attack.label}: answered in ${Math.round(ms)} ms`);
    }
  });

  test(`/healthz answers within ${HEALTH_BOUND_MS} ms while four clients keep sending attack bodies`, async (t) => {
    const list = attacks(server.origin);
    let attacking = true;
    const attackers = Array.from({ length: 4 }, async (_, client) => {
      for (let round = 0; round < 3; round++) {
        for (const attack of list) await attack.send();
      }
      return client;
    });
    const all = Promise.all(attackers).finally(() => {
      attacking = false;
    });
    const latencies: number[] = [];
    while (attacking) {
      const { value: health, ms } = await timed(() => server.get('/healthz'));
      assert.equal(health.status, 200);
      latencies.push(ms);
    }
    await all;
    assert.ok(latencies.length >= 5, `only ${latencies.length} health checks got through`);
    const worst = Math.max(...latencies);
    t.diagnostic(`${latencies.length} health checks, slowest ${worst.toFixed(1)} ms`);
    assert.ok(worst < HEALTH_BOUND_MS, `slowest /healthz: ${Math.round(worst)} ms`);
  });
});
