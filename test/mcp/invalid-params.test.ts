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
 * A request whose params do not fit its method is the client's mistake: JSON-RPC -32602
 * Invalid params with a short message, never -32603 Internal error with a dump of schema
 * issues (as the SDK answers by itself), and never counted.
 */

const INVALID_PARAMS = -32602;

describe('requests with params that do not fit their method', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ snapshot: SNAPSHOT, clock: () => T0 });
  });
  after(() => server?.close());

  for (const revision of ['2025-11-25', MODERN]) {
    test(`tools/list with a numeric cursor is -32602 "Invalid params for tools/list." (${revision})`, async () => {
      const mcp = new RawMcp(server.origin, revision);
      const response = await mcp.send('tools/list', { cursor: 5 }, 'c');
      const error = assertProtocolError(response, 200, INVALID_PARAMS, 'c');
      assert.equal(error.message, 'Invalid params for tools/list.');
      assertNoRateHeaders(response, 'tools/list');
    });
  }

  test('initialize without protocolVersion, capabilities or clientInfo is -32602 (2025-11-25)', async () => {
    const mcp = new RawMcp(server.origin, '2025-11-25');
    for (const params of [{}, { protocolVersion: 5, capabilities: {}, clientInfo: {} }]) {
      const response = await mcp.post(mcp.body('initialize', params, 0), {});
      const error = assertProtocolError(response, 200, INVALID_PARAMS, 0);
      assert.equal(error.message, 'Invalid params for initialize.', JSON.stringify(params));
      assertNoRateHeaders(response, 'initialize');
    }
  });
});
