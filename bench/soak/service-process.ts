/**
 * The service under test: the real CLI (`node --import tsx src/main.ts serve`) in its
 * own process on a free loopback port, default quota (20 per hour per client IP), its
 * log (warnings and errors) kept in a file. Also reads its memory, CPU time and open
 * file handles from /proc, which the soak samples every 10 s.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { send, type Target } from './http-client.ts';
import { type Lifecycle, sleep } from './lifecycle.ts';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Variables the service reads, removed from the inherited environment so the run is reproducible. */
const SERVICE_VARIABLES = [
  'HOST',
  'PORT',
  'SNAPSHOT_PATH',
  'REDIS_URL',
  'SNAPSHOT_REDIS_KEY',
  'REDIS_KEY_PREFIX',
  'RATE_LIMIT',
  'RATE_LIMIT_MAX',
  'RATE_LIMIT_WINDOW_SECONDS',
  'RATE_LIMIT_MEMORY_MAX_CLIENTS',
  'TRUST_PROXY',
  'MCP_ALLOWED_ORIGINS',
  'CACHE_MAX_AGE_SECONDS',
  'LOG_LEVEL',
  'METRICS_HOST',
  'METRICS_PORT',
  'NODE_OPTIONS',
];

export function serviceEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const base = { ...process.env };
  for (const name of SERVICE_VARIABLES) delete base[name];
  return { ...base, ...env };
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (typeof address !== 'object' || address === null) throw new Error('no free port');
  return address.port;
}

export interface ProcessSample {
  /** Seconds since the soak started. */
  readonly atSeconds: number;
  readonly rssKiB: number;
  readonly cpuSeconds: number;
  readonly openFiles: number;
}

export class ServiceProcess {
  readonly child: ChildProcess;
  readonly target: Target;
  /** Where /metrics is served: its own listener in newer versions, else the main port. */
  readonly metricsPort: number;
  readonly logPath: string;

  private constructor(child: ChildProcess, target: Target, metricsPort: number, logPath: string) {
    this.child = child;
    this.target = target;
    this.metricsPort = metricsPort;
    this.logPath = logPath;
  }

  get origin(): string {
    return `http://${this.target.host}:${this.target.port}`;
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  static async start(
    snapshotPath: string,
    logPath: string,
    lifecycle: Lifecycle,
  ): Promise<ServiceProcess> {
    const port = await freePort();
    const metricsPort = await freePort();
    const log = createWriteStream(logPath);
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', 'serve'], {
      cwd: ROOT,
      env: serviceEnv({
        HOST: '127.0.0.1',
        PORT: String(port),
        SNAPSHOT_PATH: snapshotPath,
        LOG_LEVEL: 'warn',
        // Newer versions serve /metrics on a listener of their own; older ones ignore this.
        METRICS_PORT: String(metricsPort),
      }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    lifecycle.adopt(child);
    child.stdout?.pipe(log, { end: false });
    child.stderr?.pipe(log, { end: false });
    child.once('close', () => log.end());
    const service = new ServiceProcess(child, { host: '127.0.0.1', port }, metricsPort, logPath);
    lifecycle.defer('stop the service', async () => {
      await service.stop();
    });

    for (let i = 0; i < 300 && service.running && !lifecycle.stopping; i++) {
      const ready = await send(service.target, { path: '/readyz', timeoutMs: 1_000 });
      if (ready.ok && ready.status === 200) return service;
      await sleep(100, lifecycle.signal);
    }
    throw new Error(
      service.running
        ? 'the service did not become ready within 30 s'
        : `the service exited during start-up (code ${child.exitCode}); see ${logPath}`,
    );
  }

  /** SIGTERM, then SIGKILL after 10 s. Resolves with how it ended. */
  async stop(): Promise<{ code: number | null; signal: NodeJS.Signals | null; ms: number }> {
    const started = Date.now();
    if (this.running) {
      const exited = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
      this.child.kill('SIGTERM');
      const timer = setTimeout(() => this.child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    return { code: this.child.exitCode, signal: this.child.signalCode, ms: Date.now() - started };
  }

  /** VmRSS, CPU time and open file handles of the service process, from /proc. */
  async sample(atSeconds: number): Promise<ProcessSample | undefined> {
    const pid = this.child.pid;
    if (pid === undefined || !this.running) return undefined;
    try {
      const status = await readFile(`/proc/${pid}/status`, 'utf8');
      const rssKiB = Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1] ?? Number.NaN);
      // Fields 14 and 15 of /proc/<pid>/stat (after the command in parentheses): utime, stime.
      const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ticks = Number(fields[11]) + Number(fields[12]);
      const openFiles = (await readdir(`/proc/${pid}/fd`)).length;
      return { atSeconds, rssKiB, cpuSeconds: ticks / 100, openFiles };
    } catch {
      return undefined;
    }
  }

  /** The Prometheus text of /metrics, wherever this version serves it. */
  async metrics(): Promise<string | undefined> {
    for (const port of [this.metricsPort, this.target.port]) {
      const reply = await send({ host: '127.0.0.1', port }, { path: '/metrics', timeoutMs: 5_000 });
      if (reply.ok && reply.status === 200) return reply.body;
    }
    return undefined;
  }
}

/** The kernel's TcpExt ListenOverflows and ListenDrops counters (whole machine). */
export async function listenQueueCounters(): Promise<
  { overflows: number; drops: number } | undefined
> {
  try {
    const lines = (await readFile('/proc/net/netstat', 'utf8')).split('\n');
    const header = lines.find((line) => line.startsWith('TcpExt:'))?.split(' ');
    const values = lines.filter((line) => line.startsWith('TcpExt:'))[1]?.split(' ');
    if (header === undefined || values === undefined) return undefined;
    const get = (name: string) => Number(values[header.indexOf(name)] ?? Number.NaN);
    return { overflows: get('ListenOverflows'), drops: get('ListenDrops') };
  } catch {
    return undefined;
  }
}

export interface LogSummary {
  /** Lines by pino level name (or "other" for lines that are not pino JSON). */
  readonly lines: Record<string, number>;
  /** The first few distinct messages at error level or above, or of other lines. */
  readonly errors: string[];
}

const LEVELS: Record<number, string> = { 30: 'info', 40: 'warn', 50: 'error', 60: 'fatal' };

/** Counts the lines of the service's log by level, keeping a few error messages. */
export async function summarizeLog(path: string): Promise<LogSummary> {
  const lines: Record<string, number> = {};
  const errors = new Set<string>();
  const text = await readFile(path, 'utf8').catch(() => '');
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    let level = 'other';
    let message = line;
    try {
      const entry = JSON.parse(line) as {
        level?: number;
        msg?: string;
        err?: { message?: string };
      };
      level = LEVELS[entry.level ?? 0] ?? String(entry.level);
      message = `${entry.msg ?? ''}${entry.err?.message ? `: ${entry.err.message}` : ''}`;
    } catch {}
    lines[level] = (lines[level] ?? 0) + 1;
    if ((level === 'error' || level === 'fatal' || level === 'other') && errors.size < 5) {
      errors.add(`${level}: ${message.slice(0, 200)}`);
    }
  }
  return { lines, errors: [...errors] };
}

/** One value of a Prometheus text exposition (summed over label sets matching `labels`). */
export function metricValue(text: string, name: string, labels = ''): number | undefined {
  let sum: number | undefined;
  for (const line of text.split('\n')) {
    if (!line.startsWith(name)) continue;
    const rest = line.slice(name.length);
    if (!(rest.startsWith(' ') || rest.startsWith('{'))) continue;
    if (labels !== '' && !rest.includes(labels)) continue;
    const value = Number(line.slice(line.lastIndexOf(' ') + 1));
    if (Number.isFinite(value)) sum = (sum ?? 0) + value;
  }
  return sum;
}
