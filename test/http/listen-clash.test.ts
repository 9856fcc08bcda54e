import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { loadConfig } from '../../src/service/config.ts';
import { listenProblem } from '../../src/service/listen-problem.ts';
import { startServer } from '../../src/service/server.ts';
import { ConfigError } from '../../src/shared/config/env.ts';
import { freePort } from '../support/process.ts';
import { waitFor } from '../support/server.ts';

/**
 * Start-up on an address that is taken or not this machine's (docs/decisions.md): the error
 * names the variable to change, so the CLI exits 2 with it (test/process/cli.test.ts), and
 * nothing start-up opened stays open: the process can end, and the other port is free again.
 */

const MESSAGE_IN_USE = (variable: string, port: number, choices: string) =>
  `${variable}=${port}: 127.0.0.1:${port} is already in use (another reset-records, or another program, listens there); stop it or choose another ${variable} (${choices})`;

/** Sockets this process listens on (a failed or closed one is gone a moment later). */
const listeners = () =>
  process.getActiveResourcesInfo().filter((name) => name === 'TCPServerWrap').length;

/** Waits until this process listens on no more sockets than `count` (a closing one goes soon). */
async function assertListeners(count: number): Promise<void> {
  await waitFor(async () => listeners() === count, 2_000).catch(() =>
    assert.equal(listeners(), count, 'no listener left open'),
  );
}

async function problemsOf(env: Record<string, string>): Promise<readonly string[]> {
  const config = loadConfig({ HOST: '127.0.0.1', LOG_LEVEL: 'silent', ...env });
  const error = await startServer(config).then(
    async (server) => {
      await server.close();
      assert.fail('started on an address that is taken');
    },
    (caught: unknown) => caught,
  );
  assert.ok(error instanceof ConfigError, String(error));
  return error.problems;
}

/** Resolves once `port` can be listened on again (it is free). */
async function assertFree(port: number): Promise<void> {
  const probe = createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', reject);
    probe.listen(port, '127.0.0.1', resolve);
  });
  await new Promise<void>((resolve) => probe.close(() => resolve()));
}

describe('starting on an address that is taken', () => {
  let blocker: Server;
  let taken: number;
  before(async () => {
    blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    taken = (blocker.address() as { port: number }).port;
  });
  after(() => new Promise<void>((resolve) => blocker.close(() => resolve())));

  test('PORT in use: a ConfigError naming PORT; the metrics port stays free', async () => {
    const metricsPort = await freePort();
    const problems = await problemsOf({ PORT: String(taken), METRICS_PORT: String(metricsPort) });
    assert.deepEqual(problems, [MESSAGE_IN_USE('PORT', taken, '0 picks a free one')]);
    await assertListeners(1); // the blocker's
    await assertFree(metricsPort);
  });

  test('METRICS_PORT in use: a ConfigError naming METRICS_PORT; the service port is closed again', async () => {
    const port = await freePort();
    const problems = await problemsOf({ PORT: String(port), METRICS_PORT: String(taken) });
    assert.deepEqual(problems, [
      MESSAGE_IN_USE('METRICS_PORT', taken, '0 picks a free one, off serves no metrics'),
    ]);
    await assertListeners(1); // the blocker's
    await assertFree(port);
  });

  test('HOST or METRICS_HOST not an address of this machine: named', async () => {
    // 192.0.2.1 is TEST-NET-1 (RFC 5737): never a local address; binding it sends nothing.
    const notHere = '192.0.2.1';
    assert.deepEqual(await problemsOf({ HOST: notHere, PORT: '0', METRICS_PORT: '0' }), [
      `HOST=${notHere}: not an address of this machine; use 127.0.0.1, or 0.0.0.0 / :: for every interface`,
    ]);
    assert.deepEqual(await problemsOf({ PORT: '0', METRICS_HOST: notHere, METRICS_PORT: '0' }), [
      `METRICS_HOST=${notHere}: not an address of this machine; use 127.0.0.1, or 0.0.0.0 / :: for every interface`,
    ]);
  });

  test('a port below 1024 without the privilege is named, and any other failure passes unchanged', () => {
    const setting = {
      portVariable: 'PORT',
      hostVariable: 'HOST',
      host: '::1',
      port: 80,
      choices: '0 picks a free one',
    };
    const denied = Object.assign(new Error('listen EACCES'), { code: 'EACCES' });
    assert.deepEqual((listenProblem(denied, setting) as ConfigError).problems, [
      'PORT=80: not allowed to listen on [::1]:80 (ports below 1024 need privileges); choose a PORT of 1024 or more',
    ]);
    const other = Object.assign(new Error('too many open files'), { code: 'EMFILE' });
    assert.equal(listenProblem(other, setting), other);
    assert.equal(listenProblem(undefined, setting), undefined);
  });
});
