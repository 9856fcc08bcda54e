import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { exchange } from '../support/raw-http.ts';
import { completion, iso, snapshotOf } from '../support/records.ts';
import { startTestServer, type TestServer, waitFor } from '../support/server.ts';

/**
 * One request, one answer, in order (found by test/fuzz/http-requests.test.ts): a refusal
 * of bytes the HTTP parser cannot read must never be taken for the answer to another
 * request on the connection (response desynchronisation), and a refused CONNECT must not
 * keep its socket open.
 */

const NOW = Date.now();
const HEALTHZ = 'GET /healthz HTTP/1.1\r\nHost: x\r\n';

describe('answers on one connection', () => {
  let server: TestServer;
  let port: number;
  before(async () => {
    server = await startTestServer({
      snapshot: snapshotOf([completion('100', { announcedAt: iso(NOW) })], NOW),
    });
    port = Number(new URL(server.origin).port);
  });
  after(() => server.close());

  const statuses = async (request: string) => {
    const result = await exchange(port, request);
    assert.equal(result.malformed, undefined, result.malformed);
    assert.equal(result.rest.length, 0);
    return result.responses.map((response) => response.status);
  };

  test('garbage pipelined after a request is refused after that request is answered', async () => {
    assert.deepEqual(await statuses(`${HEALTHZ}\r\ngarbage\r\n\r\n`), [200, 400]);
  });

  test('garbage after a request that closes the connection gets no answer', async () => {
    assert.deepEqual(await statuses(`${HEALTHZ}Connection: close\r\n\r\ngarbage\r\n\r\n`), [200]);
  });

  test('a refused request whose body is malformed too gets one answer', async () => {
    const badBody = 'Transfer-Encoding: chunked\r\n\r\nzz\r\n\r\n';
    assert.deepEqual(await statuses(`GET /healthz HTTP/1.1\r\n${badBody}`), [400]); // no Host
    assert.deepEqual(await statuses(`${HEALTHZ}Expect: 200-ok\r\n${badBody}`), [417]);
    assert.deepEqual(
      await statuses('GET / HTTP/1.1\r\nTransfer-Encoding: gzip\r\n\r\n0\r\n\r\n'),
      [400],
    );
  });

  test('a malformed body arriving after its request was answered gets no second answer', async () => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('latin1');
    });
    socket.write(`${HEALTHZ}Transfer-Encoding: chunked\r\n\r\n`);
    await waitFor(async () => received.includes('{"ok":true}'), 2_000);
    const answer = received;
    socket.write('zz\r\n'); // not a chunk size
    await closed;
    assert.match(answer, /^HTTP\/1\.1 200 OK\r\n/);
    assert.equal(received, answer, 'nothing after the answer');
  });

  test('a refused CONNECT lets its socket go when the client hangs up, even mid-body', async () => {
    // The client is still sending (a body the server never reads) when it hangs up: the
    // server must keep reading, or it would not see the hang-up and the socket would stay.
    const socket = connect(port, '127.0.0.1');
    socket.on('error', () => undefined);
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(`CONNECT example.com:443 HTTP/1.1\r\nHost: x\r\nContent-Length: 500000\r\n\r\n`);
    socket.write('a'.repeat(500_000));
    await new Promise((resolve) => socket.once('data', resolve));
    socket.destroy();
    const open = () =>
      new Promise<number>((resolve) =>
        server.server.app.server.getConnections((_error, count) => resolve(count)),
      );
    await waitFor(async () => (await open()) === 0, 2_000);
  });
});
