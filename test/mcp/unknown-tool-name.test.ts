import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startTestServer, type TestServer } from '../support/server.ts';
import {
  assertNoRateHeaders,
  assertProtocolError,
  MODERN,
  RawMcp,
  SNAPSHOT,
  T0,
} from './mcp-support.ts';

/**
 * An unknown tool is JSON-RPC error -32602 and does not count (decisions.md §5, §7). The
 * name is the client's own text, as long as the 64 KiB body allows: its error echoes at
 * most 64 characters of it, then "…", never half of a surrogate pair.
 */

const INVALID_PARAMS = -32602;
const ECHOED = 64;

describe('the error for an unknown tool echoes a bounded part of its name', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ snapshot: SNAPSHOT, clock: () => T0 });
  });
  after(() => server?.close());

  // 2026-07-28 repeats the name in the Mcp-Name header, which Node caps at 16 KiB of headers.
  for (const [revision, length] of [
    ['2025-11-25', 60_000],
    [MODERN, 8_000],
  ] as const) {
    test(`a ${length}-character name is cut to ${ECHOED} characters and "…" (${revision})`, async () => {
      const name = 'x'.repeat(length);
      const response = await new RawMcp(server.origin, revision).call(name, {}, 'long');
      const error = assertProtocolError(response, 200, INVALID_PARAMS, 'long');
      assert.equal(error.message, `Unknown tool: ${'x'.repeat(ECHOED)}…`);
      assert.ok(response.text.length < 1000, `the answer is ${response.text.length} bytes`);
      assertNoRateHeaders(response, 'unknown tool');
    });
  }

  test(`a name of exactly ${ECHOED} characters is echoed whole; one more is cut`, async () => {
    const mcp = new RawMcp(server.origin, '2025-11-25');
    const whole = 'n'.repeat(ECHOED);
    const exact = assertProtocolError(await mcp.call(whole, {}, 1), 200, INVALID_PARAMS, 1);
    assert.equal(exact.message, `Unknown tool: ${whole}`);
    const over = assertProtocolError(await mcp.call(`${whole}z`, {}, 2), 200, INVALID_PARAMS, 2);
    assert.equal(over.message, `Unknown tool: ${whole}…`);
  });

  test('a cut never splits a surrogate pair', async () => {
    const mcp = new RawMcp(server.origin, '2025-11-25');
    // 'a' + 40 emoji: character 64 is the first half of the 32nd emoji.
    const name = `a${'😀'.repeat(40)}`;
    const error = assertProtocolError(await mcp.call(name, {}, 3), 200, INVALID_PARAMS, 3);
    assert.equal(error.message, `Unknown tool: a${'😀'.repeat(31)}…`);
  });
});
