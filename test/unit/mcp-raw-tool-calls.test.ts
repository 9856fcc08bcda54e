import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { readToolCalls } from '../../src/service/mcp/raw-tool-calls.ts';

/**
 * The route reads each `tools/call` request of a body before the SDK rebuilds it: the
 * arguments exactly as JSON.parse made them, and which integer arguments were written as
 * float literals, keyed by JSON-RPC id. Arguments that are not an object are removed from
 * the body the SDK sees, so the tool (not the SDK's schema) refuses them.
 */

const call = (id: unknown, args: string | undefined, name = 'list_reset_records') =>
  `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"method":"tools/call","params":{"name":${JSON.stringify(name)}${args === undefined ? '' : `,"arguments":${args}`}}}`;

const read = (text: string) => readToolCalls(text, JSON.parse(text));

describe('readToolCalls', () => {
  test('records each call’s raw arguments by id, an own __proto__ member included', () => {
    const { byId } = read(`[${call(1, '{"__proto__":{"page":2}}')},${call('b', '{"page":3}')}]`);
    const first = byId.get(1)?.arguments as object;
    assert.deepEqual(Object.keys(first), ['__proto__']);
    assert.equal(Object.getPrototypeOf(first), Object.prototype);
    assert.deepEqual(byId.get('b')?.arguments, { page: 3 });
  });

  test('absent arguments are recorded as undefined, and the body is handed on unchanged', () => {
    const text = call(7, undefined);
    const parsed = JSON.parse(text) as unknown;
    const { byId, body } = readToolCalls(text, parsed);
    assert.ok(byId.has(7));
    assert.equal(byId.get(7)?.arguments, undefined);
    assert.equal(body, parsed);
  });

  for (const args of ['"page=1"', '[1]', 'null', '5', 'false']) {
    test(`arguments ${args} are kept for the tool and removed from the SDK's copy`, () => {
      const text = call(1, args);
      const parsed = JSON.parse(text) as { params: Record<string, unknown> };
      const { byId, body } = readToolCalls(text, parsed);
      assert.deepEqual(byId.get(1)?.arguments, JSON.parse(args));
      const sdk = body as { params: Record<string, unknown> };
      assert.deepEqual(sdk.params, { name: 'list_reset_records' });
      assert.ok('arguments' in parsed.params, 'the parsed body itself is not modified');
    });
  }

  test('in a batch only the calls with non-object arguments change; the rest stay as they were', () => {
    const text = `[${call(1, '"x"')},${call(2, '{"page":1}')},{"jsonrpc":"2.0","id":3,"method":"ping"}]`;
    const parsed = JSON.parse(text) as unknown[];
    const body = readToolCalls(text, parsed).body as unknown[];
    assert.equal(body.length, 3);
    assert.deepEqual(body[0], {
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'list_reset_records' },
    });
    assert.equal(body[1], parsed[1]);
    assert.equal(body[2], parsed[2]);
  });

  test('float literals are matched to the id of their message', () => {
    const { byId } = read(
      `[${call('a', '{"page":1}')},${call('b', '{"page":1.0,"pageSize":1e1}')}]`,
    );
    assert.deepEqual([...(byId.get('a')?.floatLiterals ?? [])], []);
    assert.deepEqual([...(byId.get('b')?.floatLiterals ?? [])].sort(), ['page', 'pageSize']);
  });

  test('the raw text is scanned only when some call has an integral page or pageSize', () => {
    // 1.5 is refused from the parsed value alone; had the scan run, it would list `page`.
    assert.equal(read(call(1, '{"page":1.5}')).byId.get(1)?.floatLiterals.size, 0);
    assert.equal(read(call(1, '{"page":"1.0","x":2.0}')).byId.get(1)?.floatLiterals.size, 0);
    assert.deepEqual(
      [...(read(call(1, '{"page":1.0}')).byId.get(1)?.floatLiterals ?? [])],
      ['page'],
    );
  });

  test('messages that are not tools/call requests with a string or number id are not recorded', () => {
    for (const text of [
      '{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"arguments":{}}}',
      '{"jsonrpc":"2.0","method":"tools/call","params":{"name":"x","arguments":{}}}',
      '{"jsonrpc":"2.0","id":null,"method":"tools/call","params":{"name":"x"}}',
      '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":[1]}',
      '[1,"tools/call",null,[]]',
      '42',
      'null',
    ]) {
      const parsed = JSON.parse(text) as unknown;
      const { byId, body } = readToolCalls(text, parsed);
      assert.equal(byId.size, 0, text);
      assert.equal(body, parsed, text);
    }
  });

  test('an unparsable body (undefined) records nothing and stays undefined', () => {
    const { byId, body } = readToolCalls('{"jsonrpc":', undefined);
    assert.equal(byId.size, 0);
    assert.equal(body, undefined);
  });
});
