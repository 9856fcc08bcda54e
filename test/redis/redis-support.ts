import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import { createClient } from '@redis/client';
import type { Response } from '../support/http.ts';
import { freePort } from '../support/process.ts';

/**
 * Helpers for the tests against a real Redis: the shared Redis of the test run (REDIS_URL,
 * default 127.0.0.1:6379) with a unique key prefix per test, a private redis-server that a
 * test may kill, freeze and restart, and the CLI as a child process.
 */

export const SHARED_REDIS_URL = process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379';

export const LIST = '/openapi/v1/records';
export const LATEST = '/openapi/v1/records/latest';

/** A prefix no other test (or run) uses, e.g. `rrtest:quota:3f9a1c2b:`. */
export function uniquePrefix(label: string): string {
  return `rrtest:${label}:${randomBytes(6).toString('hex')}:`;
}

export type TestRedisClient = ReturnType<typeof buildTestClient>;

function buildTestClient(url: string) {
  return createClient({
    url,
    socket: { connectTimeout: 2_000, reconnectStrategy: false },
  });
}

/** A plain client for the test itself (inspecting keys, TIME); fails rather than hangs. */
export async function openTestClient(url: string): Promise<TestRedisClient> {
  const client = buildTestClient(url);
  client.on('error', () => undefined);
  await client.connect();
  return client;
}

/** Redis's clock in epoch ms, as the quota script computes it (sec * 1000 + floor(us / 1000)). */
export async function redisTimeMs(client: TestRedisClient): Promise<number> {
  const [seconds, micros] = (await client.sendCommand(['TIME'])) as [string, string];
  return Number(seconds) * 1000 + Math.floor(Number(micros) / 1000);
}

/** Deletes every key starting with `prefix` (SCAN, never KEYS). */
export async function deleteKeys(client: TestRedisClient, prefix: string): Promise<void> {
  for await (const keys of client.scanIterator({ MATCH: `${escapeGlob(prefix)}*`, COUNT: 500 })) {
    if (keys.length > 0) await client.del(keys);
  }
}

function escapeGlob(text: string): string {
  return text.replace(/[*?[\]\\]/g, (char) => `\\${char}`);
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` every `everyMs` until it is true or `timeoutMs` passes; returns the time taken. */
export async function waitUntil(
  what: string,
  check: () => Promise<boolean> | boolean,
  timeoutMs: number,
  everyMs = 20,
): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (
      await Promise.resolve()
        .then(check)
        .catch(() => false)
    )
      return Date.now() - started;
    if (Date.now() - started >= timeoutMs) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await sleep(everyMs);
  }
}

/** Runs `send`, returning its response and how long it took in ms. */
export async function timed(send: () => Promise<Response>): Promise<[Response, number]> {
  const started = performance.now();
  const response = await send();
  return [response, performance.now() - started];
}

/** One PING over a raw socket; true on +PONG within `timeoutMs`. Never throws. */
export function pingPort(port: number, timeoutMs = 300): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    let reply = '';
    const finish = (ok: boolean) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(ok);
    };
    const timer = setTimeout(() => finish(false), timeoutMs);
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (chunk) => {
      reply += chunk.toString('utf8');
      if (reply.includes('\r\n')) finish(reply.startsWith('+PONG'));
    });
    socket.on('error', () => finish(false));
  });
}

/**
 * A redis-server of the test's own, on a free port, without persistence: killed with
 * SIGKILL, frozen with SIGSTOP, thawed with SIGCONT and restarted on the same port.
 */
export class OwnRedis {
  #child: ChildProcess | undefined;
  #exited: Promise<void> = Promise.resolve();
  #frozen = false;

  readonly port: number;

  private constructor(port: number) {
    this.port = port;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  static async start(): Promise<OwnRedis> {
    const redis = new OwnRedis(await freePort());
    await redis.start();
    return redis;
  }

  /** Starts (or restarts) redis-server on this port and waits until it answers PING. */
  async start(): Promise<void> {
    if (this.#child !== undefined) throw new Error('redis-server already running');
    const child = spawn(
      'redis-server',
      [
        '--port',
        String(this.port),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        '--appendonly',
        'no',
        '--enable-debug-command',
        'yes',
      ],
      { stdio: 'ignore' },
    );
    this.#child = child;
    this.#exited = new Promise((resolve) => child.once('exit', () => resolve()));
    child.once('exit', () => {
      if (this.#child === child) this.#child = undefined;
    });
    await waitUntil(`redis-server on port ${this.port}`, () => pingPort(this.port), 5_000);
  }

  /** kill -9, and wait until the process is gone. */
  async kill(): Promise<void> {
    const child = this.#child;
    if (child === undefined) return;
    child.kill('SIGKILL');
    this.#frozen = false;
    let timer: NodeJS.Timeout | undefined;
    const gaveUp = new Promise((resolve) => {
      timer = setTimeout(resolve, 5_000);
    });
    await Promise.race([this.#exited, gaveUp]);
    clearTimeout(timer);
  }

  freeze(): void {
    this.#child?.kill('SIGSTOP');
    this.#frozen = true;
  }

  thaw(): void {
    this.#child?.kill('SIGCONT');
    this.#frozen = false;
  }

  /** For `after`: thaws a frozen server so that it can die, then kills it. */
  async stop(): Promise<void> {
    if (this.#frozen) this.thaw();
    await this.kill();
  }
}

export { cli, type Run } from '../support/process.ts';
