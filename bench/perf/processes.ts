/**
 * The two processes a row compares: the service as production starts it
 * (`node --import tsx src/main.ts serve`, LOG_LEVEL=info, its log on stdout, here
 * discarded to /dev/null) and the bare `node:http` server replaying one of its responses.
 */
import { type ChildProcess, execFileSync, type SpawnOptions, spawn } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVICE_VARIABLES } from '../../src/service/config.ts';
import type { CapturedResponse } from './capture.ts';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface Running {
  readonly origin: string;
  readonly child: ChildProcess;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The inherited environment without anything the service reads, plus `env`. */
export function cleanEnv(env: Readonly<Record<string, string>>): NodeJS.ProcessEnv {
  const base: NodeJS.ProcessEnv = { ...process.env };
  for (const name of [...SERVICE_VARIABLES, 'NODE_OPTIONS']) delete base[name];
  return { ...base, ...env };
}

/**
 * CPU pinning: the server under test (service or bare) on one core, this process (the
 * load generator) on another, so that neither migrates onto the other's core mid-round.
 * Off when `taskset` is missing or the machine has a single core.
 */
let serverCpu: number | undefined;

export function pinCpus(enabled: boolean): string {
  if (!enabled) return 'off';
  const count = cpus().length;
  if (count < 2) return 'off (one core)';
  try {
    execFileSync('taskset', ['-cp', '0', String(process.pid)], { stdio: 'ignore' });
  } catch {
    return 'off (no taskset)';
  }
  serverCpu = 1;
  return `server under test on CPU 1, load generator (autocannon) on CPU 0`;
}

/** `node ARGS` on the server's core (when pinned): the service, the bare server, the probes. */
export function spawnNode(args: readonly string[], options: SpawnOptions): ChildProcess {
  return serverCpu === undefined
    ? spawn(process.execPath, args, options)
    : spawn('taskset', ['-c', String(serverCpu), process.execPath, ...args], options);
}

export interface ServiceOptions {
  readonly snapshotPath: string;
  /** RATE_LIMIT, RATE_LIMIT_MAX, TRUST_PROXY...; METRICS_PORT=off and LOG_LEVEL=info are set. */
  readonly env: Readonly<Record<string, string>>;
  /** Run under `--cpu-prof`, the profile written to this directory at exit. */
  readonly cpuProfDir?: string | undefined;
}

/** Spawns the service (see `startService`) without waiting for it to be ready. */
export async function spawnService(options: ServiceOptions): Promise<Running> {
  const port = await freePort();
  const profile = options.cpuProfDir ? ['--cpu-prof', `--cpu-prof-dir=${options.cpuProfDir}`] : [];
  const child = spawnNode([...profile, '--import', 'tsx', 'src/main.ts', 'serve'], {
    cwd: ROOT,
    env: cleanEnv({
      PORT: String(port),
      HOST: '127.0.0.1',
      SNAPSHOT_PATH: options.snapshotPath,
      METRICS_PORT: 'off',
      LOG_LEVEL: 'info',
      ...options.env,
    }),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return { origin: `http://127.0.0.1:${port}`, child };
}

export async function startService(options: ServiceOptions): Promise<Running> {
  const running = await spawnService(options);
  const { origin, child } = running;
  for (let i = 0; i < 600 && child.exitCode === null; i++) {
    const ready = await fetch(`${origin}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return running;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error('service did not become ready');
}

/** Resident set size of a process (VmRSS in /proc), in bytes; undefined where /proc is missing. */
export async function rssBytes(pid: number | undefined): Promise<number | undefined> {
  if (pid === undefined) return undefined;
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  const kib = /^VmRSS:\s+(\d+) kB/m.exec(status)?.[1];
  return kib === undefined ? undefined : Number(kib) * 1024;
}

export async function startBare(
  response: CapturedResponse,
  dir: string,
  cpuProfDir?: string,
): Promise<Running> {
  const file = join(dir, `bare-${process.hrtime.bigint()}.json`);
  await writeFile(file, JSON.stringify(response));
  const profile = cpuProfDir ? ['--cpu-prof', `--cpu-prof-dir=${cpuProfDir}`] : [];
  const script = join(ROOT, 'bench/perf/bare-server.ts');
  const child = spawnNode([...profile, '--import', 'tsx', script, file], {
    cwd: ROOT,
    env: cleanEnv({}),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let text = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      const match = /listening (\d+)/.exec(text);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`bare server exited (${code})`)));
  });
  return { origin: `http://127.0.0.1:${port}`, child };
}

/** SIGTERM, then waits for the exit (a --cpu-prof profile is written then); SIGKILL after 20 s. */
export async function stop({ child }: Running): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
  await exited;
  clearTimeout(timer);
}
