import assert from 'node:assert/strict';
import { connect, type Socket } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { request } from '../support/http.ts';
import { snapshotOf } from '../support/records.ts';
import { startTestServer, type TestServer, waitFor } from '../support/server.ts';

/**
 * Limits below the framework (src/service/http/connection-guard.ts): pipelined requests a client
 * never reads, connections per client address, connections in all. Every client here has
 * its own loopback address (127.0.0.0/8), so the limits of one never touch another.
 */

const PIPELINED = Buffer.from('GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n'.repeat(2_000));

function open(server: TestServer, localAddress: string): Promise<Socket> {
  const { port } = new URL(server.origin);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port: Number(port), localAddress });
    socket.once('connect', () => resolve(socket));
    socket.once('error', reject);
  });
}

/** Resolves when the server closes `socket`, or with false after `ms`. */
function closedWithin(socket: Socket, ms: number): Promise<boolean> {
  if (socket.destroyed) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    socket.once('close', () => {
      clearTimeout(timer);
      resolve(true);
    });
    socket.on('error', () => undefined);
  });
}

async function cuts(server: TestServer, reason: string): Promise<number> {
  const text = (await server.metrics()).text;
  const line = text
    .split('\n')
    .find((each) => each.startsWith(`http_connections_cut_total{reason="${reason}"}`));
  return Number(line?.split(' ')[1] ?? Number.NaN);
}

/** Time for one fresh /healthz request from `localAddress`. */
async function healthzMs(server: TestServer, localAddress: string): Promise<number> {
  const started = performance.now();
  const response = await request(server.origin, '/healthz', { localAddress });
  assert.equal(response.status, 200);
  return performance.now() - started;
}

describe('connection limits', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({
      snapshot: snapshotOf([], Date.now()),
      env: { HTTP_MAX_CONNECTIONS_PER_CLIENT: '5' },
    });
  });
  after(() => server.close());

  test('a client pipelining thousands of requests without reading is cut, and its address is refused for a while', async () => {
    const flooder = await open(server, '127.0.0.21');
    flooder.pause(); // never reads
    flooder.write(PIPELINED);
    assert.ok(await closedWithin(flooder, 2_000), 'the flooding connection is closed');
    assert.equal(await cuts(server, 'pipelining'), 1);

    // The penalty box: a new connection from the same address is closed before any request.
    const again = await open(server, '127.0.0.21');
    assert.ok(await closedWithin(again, 1_000), 'the flooder cannot reconnect at once');
    assert.ok((await cuts(server, 'penalized')) >= 1);

    // Everyone else is served, quickly.
    assert.ok((await healthzMs(server, '127.0.0.22')) < 100);
  });

  test('a client pipelining a few requests and reading them gets every answer', async () => {
    const socket = await open(server, '127.0.0.23');
    let received = '';
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1');
    });
    socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n'.repeat(10));
    await waitFor(async () => (received.match(/HTTP\/1\.1 200 OK/g) ?? []).length === 10, 2_000);
    socket.destroy();
  });

  test('one address holds at most HTTP_MAX_CONNECTIONS_PER_CLIENT connections; others are unaffected', async () => {
    const before = await cuts(server, 'per_address');
    const held = await Promise.all(Array.from({ length: 5 }, () => open(server, '127.0.0.24')));
    await new Promise((resolve) => setTimeout(resolve, 50)); // the server has seen all five
    const sixth = await open(server, '127.0.0.24');
    assert.ok(await closedWithin(sixth, 1_000), 'the sixth connection is closed');
    assert.equal(await cuts(server, 'per_address'), before + 1);
    for (const socket of held) assert.equal(socket.destroyed, false);
    assert.ok((await healthzMs(server, '127.0.0.25')) < 100, 'another address is served');

    held[0]!.destroy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const replacement = await open(server, '127.0.0.24');
    assert.equal(await closedWithin(replacement, 300), false, 'a freed slot can be used again');
    for (const socket of [...held, replacement]) socket.destroy();
  });
});

describe('connections in all (HTTP_MAX_CONNECTIONS)', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({
      snapshot: snapshotOf([], Date.now()),
      env: { HTTP_MAX_CONNECTIONS: '3' },
    });
  });
  after(() => server.close());

  test('past the cap new connections are closed at once and counted', async () => {
    const held = await Promise.all(
      ['127.0.0.31', '127.0.0.32', '127.0.0.33'].map((a) => open(server, a)),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    const fourth = await open(server, '127.0.0.34');
    assert.ok(await closedWithin(fourth, 1_000));
    assert.equal(await cuts(server, 'server_full'), 1);
    for (const socket of held) socket.destroy();
    const healthy = () =>
      request(server.origin, '/healthz').then(
        (r) => r.status === 200,
        () => false,
      );
    await waitFor(healthy, 2_000); // a slot frees as soon as a held connection closes
  });
});
