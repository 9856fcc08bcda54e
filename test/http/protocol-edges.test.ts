import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { exchange, type RawResponse } from '../support/raw-http.ts';
import { completion, iso, snapshotOf } from '../support/records.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

/**
 * Finding 10: requests that Node or the router used to answer outside the error contract
 * (decisions.md §6: every error is `{ok:false,error,detail}` as application/json), sent
 * byte for byte over raw sockets since no HTTP client sends them.
 */

const NOW = Date.now();

function assertContractError(response: RawResponse | undefined, statusLine: string, code: string) {
  assert.ok(response, 'a response arrived');
  assert.equal(response.statusLine, statusLine);
  assert.equal(response.header('content-type'), 'application/json; charset=utf-8');
  assert.equal(response.header('cache-control'), 'no-store');
  assert.equal(response.header('x-content-type-options'), 'nosniff');
  const body = response.json() as Record<string, unknown>;
  assert.deepEqual(Object.keys(body), ['ok', 'error', 'detail']);
  assert.equal(body.ok, false);
  assert.equal(body.error, code);
  assert.equal(typeof body.detail, 'string');
}

describe('protocol edges answered in the error contract', () => {
  let server: TestServer;
  let port: number;
  before(async () => {
    server = await startTestServer({
      snapshot: snapshotOf([completion('100', { announcedAt: iso(NOW) })], NOW),
      env: { RATE_LIMIT_MAX: '1000' },
    });
    port = Number(new URL(server.origin).port);
  });
  after(() => server.close());

  /** The first final (non-1xx) response to `request`. */
  const send = async (request: string, method?: string) => {
    const result = await exchange(port, request, { method });
    assert.equal(result.malformed, undefined, result.malformed);
    return result.responses.find((response) => response.status >= 200);
  };

  test('an HTTP/1.1 request without Host is a JSON 400, and the connection closes', async () => {
    const result = await exchange(port, 'GET /healthz HTTP/1.1\r\n\r\n');
    assertContractError(result.responses[0], 'HTTP/1.1 400 Bad Request', 'invalid_query');
    assert.equal(result.closed, true);
  });

  test('an HTTP/1.1 request with two Host headers is a JSON 400 (RFC 9112 §3.2)', async () => {
    const response = await send('GET /healthz HTTP/1.1\r\nHost: a\r\nhost: b\r\n\r\n');
    assertContractError(response, 'HTTP/1.1 400 Bad Request', 'invalid_query');
  });

  test('an HTTP/1.0 request without Host is still served', async () => {
    const response = await send('GET /healthz HTTP/1.0\r\n\r\n');
    assert.equal(response?.status, 200);
  });

  test('an Expect other than 100-continue is a JSON 417', async () => {
    const response = await send('GET /healthz HTTP/1.1\r\nHost: x\r\nExpect: 200-ok\r\n\r\n');
    assertContractError(response, 'HTTP/1.1 417 Expectation Failed', 'invalid_query');
  });

  test('Expect: 100-continue still gets 100 Continue, then the answer', async () => {
    const result = await exchange(
      port,
      'GET /healthz HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n',
    );
    assert.deepEqual(
      result.responses.map((response) => response.status),
      [100, 200],
    );
  });

  test('CONNECT is a JSON 405 with an empty Allow, then the connection closes', async () => {
    const result = await exchange(
      port,
      'CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n',
    );
    const [response] = result.responses;
    assertContractError(response, 'HTTP/1.1 405 Method Not Allowed', 'method_not_allowed');
    assert.deepEqual(response?.headers.get('allow'), ['']);
    assert.equal(result.closed, true);
  });

  // Node's parser drops the body's errors once a request is flagged as an upgrade: the
  // fuzzer's case (seed 406687886) waited for the 10 s request timeout with no answer.
  for (const [target, connection] of [
    ['/mcp', 'close, upgrade'],
    ['/push/subscriptions', 'Upgrade'],
    ['/openapi/v1/records', 'keep-alive,upgrade'],
  ]) {
    test(`an upgrade with a malformed chunked body to ${target} is a JSON 400 at once, then the connection closes`, async () => {
      const result = await exchange(
        port,
        `POST ${target} HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: ${connection}\r\n` +
          'Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n',
        { timeoutMs: 2_000 },
      );
      assert.equal(result.timedOut, false);
      assert.equal(result.responses.length, 1);
      assertContractError(result.responses[0], 'HTTP/1.1 400 Bad Request', 'invalid_query');
      assert.equal(result.responses[0]?.header('connection'), 'close');
      assert.equal(result.closed, true);
    });
  }

  test('an upgrade request is otherwise served as if it had no Upgrade (RFC 9110 §7.8)', async () => {
    const body = '{"jsonrpc":"2.0","id":1,"method":"ping"}';
    const response = await send(
      'POST /mcp HTTP/1.1\r\nHost: x\r\nUpgrade: h2c\r\nConnection: upgrade\r\n' +
        'Content-Type: application/json\r\nAccept: application/json, text/event-stream\r\n' +
        `Content-Length: ${body.length}\r\n\r\n${body}`,
    );
    assert.equal(response?.status, 200);
    assert.deepEqual(response?.json(), { jsonrpc: '2.0', id: 1, result: {} });
    const get = await send(
      'GET /healthz HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: upgrade\r\n\r\n',
    );
    assert.equal(get?.status, 200);
  });

  for (const method of ['GET', 'POST', 'OPTIONS']) {
    test(`${method} * (asterisk-form) is a JSON 404, not the status page`, async () => {
      const response = await send(`${method} * HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
      assertContractError(response, 'HTTP/1.1 404 Not Found', 'not_found');
    });
  }

  test('HEAD * is a 404 without a body', async () => {
    const response = await send('HEAD * HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n', 'HEAD');
    assert.equal(response?.statusLine, 'HTTP/1.1 404 Not Found');
    assert.equal(response?.body.length, 0);
  });

  // Found by test/fuzz/http-requests.test.ts: Fastify's own error format leaked here.
  for (const contentType of ['', 'Content-Type: application/json\r\n']) {
    test(`OPTIONS of an unknown path with a body it cannot parse (${contentType.trim() || 'no Content-Type'}) is a JSON 404`, async () => {
      const response = await send(
        `OPTIONS /nope HTTP/1.1\r\nHost: x\r\n${contentType}Content-Length: 3\r\nConnection: close\r\n\r\nabc`,
      );
      assertContractError(response, 'HTTP/1.1 404 Not Found', 'not_found');
    });
  }

  const knownPathSpellings = [
    ['/openapi/v1/record%73', 'GET, HEAD'],
    ['/openapi/v1/records/lates%74?kind=all', 'GET, HEAD'],
    ['/%6Fpenapi/v1/records', 'GET, HEAD'],
    ['/health%7A', 'GET, HEAD'],
    ['/openapi/v1/records#fragment', 'GET, HEAD'],
    ['http://127.0.0.1:8080/openapi/v1/records', 'GET, HEAD'],
    ['HTTP://example.org/openapi/v1/records?page=2', 'GET, HEAD'],
    ['http://example.org/openapi/v1/record%73', 'GET, HEAD'],
    ['http://example.org', 'GET, HEAD'],
    ['http://example.org?x=1', 'GET, HEAD'],
    ['http://example.org/mcp', 'POST'],
  ] as const;
  for (const [target, allow] of knownPathSpellings) {
    const method = allow === 'POST' ? 'PUT' : 'POST';
    test(`${method} ${target} is a JSON 405 naming ${allow}, as for the plain path`, async () => {
      const response = await send(
        `${method} ${target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
      );
      assertContractError(response, 'HTTP/1.1 405 Method Not Allowed', 'method_not_allowed');
      assert.equal(response?.header('allow'), allow);
    });
  }

  test('GET of a percent-encoded or absolute-form known path still serves it', async () => {
    for (const target of ['/openapi/v1/record%73', 'http://example.org/openapi/v1/records']) {
      const response = await send(`GET ${target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
      assert.equal(response?.status, 200, target);
    }
  });

  test('an encoded slash does not spell a known path (the router keeps %2F encoded)', async () => {
    const target = '/openapi%2Fv1/records';
    const get = await send(`GET ${target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
    const post = await send(`POST ${target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
    assertContractError(get, 'HTTP/1.1 404 Not Found', 'not_found');
    assertContractError(post, 'HTTP/1.1 404 Not Found', 'not_found');
  });

  for (const target of ['/%zz', '/openapi/v1/records%', '/%C0%80']) {
    test(`a path with invalid percent-encoding (${target}) is a JSON 400`, async () => {
      const response = await send(`GET ${target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
      assertContractError(response, 'HTTP/1.1 400 Bad Request', 'invalid_query');
    });
  }

  test('keeps serving after every edge above', async () => {
    assert.equal((await server.get('/healthz')).status, 200);
  });
});
