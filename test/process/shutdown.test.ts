import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { request } from '../support/http.ts';
import { cleanEnv, freePort, ROOT } from '../support/process.ts';
import { completion, HOUR, iso, schedule, snapshotOf } from '../support/records.ts';
import { waitFor } from '../support/server.ts';

/**
 * The service as a real process (decisions.md §1): start-up, one JSON log line per
 * request, graceful shutdown on SIGTERM, and `npm start` serving the bundled demo.
 */

const T = Date.parse('2026-11-20T12:00:00.000Z');
const SNAPSHOT = snapshotOf(
  [
    schedule('1001', 'pending', [T + HOUR, T + HOUR], { announcedAt: iso(T - HOUR) }),
    completion('1000', { announcedAt: iso(T - 2 * HOUR), effectiveAt: iso(T - 2 * HOUR) }),
  ],
  T,
);

interface Service {
  readonly child: ChildProcess;
  readonly origin: string;
  readonly port: number;
  stdout(): string;
  stderr(): string;
  /** Resolves with the exit code once the process has ended (null if killed by a signal). */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

async function startService(args: string[], env: Record<string, string>): Promise<Service> {
  const port = await freePort();
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: cleanEnv({ HOST: '127.0.0.1', PORT: String(port), ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
  });
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.on('exit', (code, signal) => resolve({ code, signal }));
  });
  return {
    child,
    origin: `http://127.0.0.1:${port}`,
    port,
    stdout: () => stdout,
    stderr: () => stderr,
    exited,
  };
}

/** Waits until the process exits, killing it if it does not within `ms`. */
async function exitWithin(service: Service, ms: number) {
  const timer = setTimeout(() => service.child.kill('SIGKILL'), ms);
  try {
    return await service.exited;
  } finally {
    clearTimeout(timer);
  }
}

/** A liveness bound, not a speed claim: on a loaded 2-core CI machine a start took over 10 s. */
const STARTUP_MS = 30_000;
describe('the service process', () => {
  let dir: string;
  let snapshotPath: string;
  const started: Service[] = [];
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'reset-records-process-'));
    snapshotPath = join(dir, 'snapshot.json');
    await writeFile(snapshotPath, JSON.stringify(SNAPSHOT));
  });
  after(async () => {
    for (const service of started) {
      if (service.child.exitCode === null && service.child.signalCode === null) {
        service.child.kill('SIGKILL');
      }
    }
    await rm(dir, { recursive: true, force: true });
  });

  /** Sends `path`, remembering what was answered so the logs can be checked against it. */
  const answered: { method: string; url: string; status: number }[] = [];
  async function send(service: Service, path: string, method = 'GET') {
    const response = await request(service.origin, path, { method });
    answered.push({ method, url: path, status: response.status });
    return response;
  }

  test('serve writes one JSON log line per request (method, url, status) and exits 0 on SIGTERM', async () => {
    const service = await startService(['bin/reset-records.js', 'serve'], {
      SNAPSHOT_PATH: snapshotPath,
    });
    started.push(service);
    await waitFor(async () => {
      try {
        return (await send(service, '/healthz')).status === 200;
      } catch {
        return false; // not listening yet
      }
    }, STARTUP_MS);

    const list = await send(service, '/openapi/v1/records?pageSize=1');
    assert.equal(list.status, 200);
    assert.deepEqual(
      (list.json() as { data: { items: { id: string }[] } }).data.items.map((item) => item.id),
      ['1001'],
    );
    assert.equal((await send(service, '/openapi/v1/records/latest?kind=nope')).status, 422);
    assert.equal((await send(service, '/openapi/v1/nothing')).status, 404);
    assert.equal((await send(service, '/openapi/v1/records', 'POST')).status, 405);

    service.child.kill('SIGTERM');
    const { code, signal } = await exitWithin(service, 10_000);
    assert.equal(signal, null, service.stderr());
    assert.equal(code, 0, service.stderr());

    const lines = service
      .stdout()
      .split('\n')
      .filter((line) => line.trim() !== '');
    const entries = lines.map((line): Record<string, unknown> => {
      try {
        return JSON.parse(line) as Record<string, unknown>;
      } catch {
        throw new assert.AssertionError({ message: `a stdout line that is not JSON: ${line}` });
      }
    });
    const requestLines = entries
      .filter((entry) => 'method' in entry && 'url' in entry && 'status' in entry)
      .map((entry) => ({ method: entry['method'], url: entry['url'], status: entry['status'] }));
    const sortKey = (entry: { method: unknown; url: unknown; status: unknown }) =>
      `${entry.method} ${entry.url} ${entry.status}`;
    assert.deepEqual(requestLines.map(sortKey).sort(), answered.map(sortKey).sort());
  });

  async function startAndWait(args: string[], env: Record<string, string>): Promise<Service> {
    const service = await startService(args, env);
    started.push(service);
    await waitFor(async () => {
      try {
        return (await request(service.origin, '/healthz')).status === 200;
      } catch {
        return false; // not listening yet
      }
    }, STARTUP_MS);
    return service;
  }

  /** Polls until a new connection is refused. */
  async function refusesConnections(service: Service): Promise<void> {
    await waitFor(async () => {
      try {
        await request(service.origin, '/healthz');
        return false;
      } catch (error) {
        return (error as NodeJS.ErrnoException).code === 'ECONNREFUSED';
      }
    }, 5000);
  }

  test('on SIGTERM the service stops accepting connections, finishes the response in flight and exits 0', async () => {
    // Ten records of ~600 kB each: the response (~6 MB) cannot be flushed while the client
    // does not read, so it is still in flight when SIGTERM arrives.
    const bigPath = join(dir, 'big.json');
    const big = snapshotOf(
      Array.from({ length: 10 }, (_, i) =>
        completion(String(5000 + i), {
          announcedAt: iso(T - i * HOUR),
          text: `${i}`.repeat(600_000),
        }),
      ),
      T,
    );
    await writeFile(bigPath, JSON.stringify(big));
    const service = await startAndWait(['bin/reset-records.js', 'serve'], {
      SNAPSHOT_PATH: bigPath,
      LOG_LEVEL: 'silent',
    });

    const socket = connect(service.port, '127.0.0.1');
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('error', reject);
    });
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.pause();
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.write(
      'GET /openapi/v1/records HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n',
    );
    await sleep(300);

    service.child.kill('SIGTERM');
    await refusesConnections(service);
    await sleep(200);
    assert.equal(service.child.exitCode, null, 'still running while a response is in flight');

    socket.resume();
    await closed;
    const { code, signal } = await exitWithin(service, 10_000);
    assert.equal(signal, null);
    assert.equal(code, 0, service.stderr());

    const raw = Buffer.concat(chunks);
    const split = raw.indexOf('\r\n\r\n');
    const head = raw.subarray(0, split).toString('latin1');
    const body = raw.subarray(split + 4);
    assert.match(head, /^HTTP\/1\.1 200 /);
    const length = /\r\ncontent-length: (\d+)/i.exec(head)?.[1];
    assert.equal(body.length, Number(length), 'the whole body arrived');
    const parsed = JSON.parse(body.toString('utf8')) as { data: { items: { id: string }[] } };
    assert.deepEqual(
      parsed.data.items.map((item) => item.id),
      Array.from({ length: 10 }, (_, i) => String(5000 + i)),
    );
  });

  test('a request still arriving when SIGTERM comes is answered with the JSON error body of the contract, and the process exits 0', async () => {
    const service = await startAndWait(['bin/reset-records.js', 'serve'], {
      SNAPSHOT_PATH: snapshotPath,
      LOG_LEVEL: 'silent',
    });

    // The request line and first header are on the wire; the rest comes after SIGTERM.
    const socket = connect(service.port, '127.0.0.1');
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('error', reject);
    });
    let raw = '';
    socket.setEncoding('utf8').on('data', (chunk: string) => {
      raw += chunk;
    });
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.write('GET /openapi/v1/records/latest HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    await sleep(100);

    service.child.kill('SIGTERM');
    await refusesConnections(service);
    assert.equal(service.child.exitCode, null, 'still running while a request is under way');

    socket.end('Connection: close\r\n\r\n');
    await closed;
    const { code, signal } = await exitWithin(service, 10_000);
    assert.equal(signal, null);
    assert.equal(code, 0, service.stderr());

    const [head = '', body = ''] = raw.split('\r\n\r\n');
    const status = Number(head.split(' ')[1]);
    assert.ok(status > 0, `a complete HTTP response, got: ${raw}`);
    const parsed = JSON.parse(body) as Record<string, unknown>;
    if (status === 200) {
      assert.equal(parsed['ok'], true);
      assert.equal((parsed['data'] as { id: string }).id, '1001');
    } else {
      // Refusing it is fine, but only with the contract's error body (decisions.md §6).
      assert.equal(status, 503, raw);
      assert.deepEqual(Object.keys(parsed).sort(), ['detail', 'error', 'ok'], raw);
      assert.equal(parsed['ok'], false);
      assert.equal(typeof parsed['detail'], 'string');
    }
  });

  test('npm start without SNAPSHOT_PATH serves the bundled demo snapshot', async () => {
    // Exactly what `npm start` runs (package.json), without npm in between for the signal.
    const service = await startAndWait(['--import', 'tsx', 'src/main.ts', 'serve'], {
      LOG_LEVEL: 'silent',
    });

    const response = await request(service.origin, '/openapi/v1/records');
    assert.equal(response.status, 200);
    const body = response.json() as {
      ok: boolean;
      data: { items: { id: string }[]; total: number };
      meta: { generatedAt: string };
    };
    assert.equal(body.ok, true);
    assert.ok(body.data.items.length > 0, 'the demo has records');
    assert.ok(body.data.total >= body.data.items.length);
    assert.match(body.meta.generatedAt, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    assert.equal((await request(service.origin, '/readyz')).status, 200);

    service.child.kill('SIGTERM');
    const { code } = await exitWithin(service, 10_000);
    assert.equal(code, 0, service.stderr());
  });
});
