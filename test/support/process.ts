import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

/** Helpers for tests that run the service or its CLI as a real process. */

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Every variable the service reads, plus Node's own that a test runner may set. */
const SERVICE_VARIABLES = [
  'HOST',
  'PORT',
  'SNAPSHOT_PATH',
  'REDIS_URL',
  'SNAPSHOT_REDIS_KEY',
  'RATE_LIMIT',
  'RATE_LIMIT_MAX',
  'RATE_LIMIT_WINDOW_SECONDS',
  'RATE_LIMIT_MEMORY_MAX_CLIENTS',
  'TRUST_PROXY',
  'CACHE_MAX_AGE_SECONDS',
  'LOG_LEVEL',
  'SNAPSHOT_MAX_BYTES',
  'HTTP_MAX_CONNECTIONS',
  'HTTP_MAX_CONNECTIONS_PER_CLIENT',
  'METRICS_HOST',
  'METRICS_PORT',
  'NODE_OPTIONS',
  'NODE_TEST_CONTEXT',
];

/**
 * This process's environment without any of the service's variables, plus `env`. The
 * metrics listener gets a free port unless `env` says otherwise, so that services started
 * side by side do not compete for the default one.
 */
export function cleanEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const base = { ...process.env };
  for (const name of SERVICE_VARIABLES) delete base[name];
  return { ...base, METRICS_PORT: '0', ...env };
}

/**
 * A port that was free a moment ago, for a child process to listen on: a random one below the
 * kernel's ephemeral range (32768 and up on Linux), tried, closed. Port 0's pick came from that
 * range, where any outgoing connection of a test running beside it (to Redis, PostgreSQL, a
 * stand-in) may take it before the child listens: CI saw "127.0.0.1:45623 is already in use"
 * once. At most 50 tries.
 */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = LOW_PORTS_FROM + Math.floor(Math.random() * LOW_PORTS);
    const server = createServer();
    const listening = await new Promise<boolean>((resolve) => {
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => resolve(true));
    });
    if (!listening) continue;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    return port;
  }
  throw new Error('no free port below the ephemeral range after 50 tries');
}
/** 20000 to 31999: below the ephemeral range, above the ports of common services. */
const LOW_PORTS_FROM = 20_000;
const LOW_PORTS = 12_000;

export interface Run {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** `node bin/reset-records.js ...args` with a clean environment plus `env`; killed after `limitMs`. */
export function cli(
  args: string[],
  env: Record<string, string> = {},
  limitMs = 15_000,
): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['bin/reset-records.js', ...args], {
      cwd: ROOT,
      env: cleanEnv({ LOG_LEVEL: 'silent', ...env }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), limitMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/**
 * Ends a child started with `detached: true` and its whole process group (npm, sh and node
 * under it): SIGTERM, SIGKILL after `ms`; resolves once the child has exited.
 */
export async function endProcessGroup(child: ChildProcess, ms = 10_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  process.kill(-child.pid!, 'SIGTERM');
  const timer = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), ms);
  await exited;
  clearTimeout(timer);
}
