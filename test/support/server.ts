import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Logger, pino } from 'pino';
import { loadConfig } from '../../src/service/config.ts';
import { type RunningServer, startServer } from '../../src/service/server.ts';
import type { SnapshotFile } from '../../src/shared/domain/snapshot.ts';
import { SHARED_REDIS_URL } from '../redis/redis-support.ts';
import { type RequestOptions, type Response, request } from './http.ts';

export interface TestServerOptions {
  /** Written to a fresh SNAPSHOT_PATH before start; `null` starts with no snapshot file. */
  readonly snapshot?: SnapshotFile | null;
  /** Extra environment variables, exactly as an operator would set them. */
  readonly env?: Record<string, string>;
  readonly clock?: () => number;
  /** Receives the server's log (default: none). */
  readonly logger?: Logger;
  /** false: every MCP request through the SDK (ServerOptions.mcpDirectCalls). */
  readonly mcpDirectCalls?: boolean;
  /** false: every HTTP request through Fastify (ServerOptions.httpFastPath). */
  readonly httpFastPath?: boolean;
  /** true: the status page offers "Notify me" whatever the configuration (ServerOptions.sitePush). */
  readonly sitePush?: boolean;
}

export interface TestServer {
  readonly server: RunningServer;
  readonly origin: string;
  /** The file the server follows. */
  readonly snapshotPath: string;
  get(pathAndQuery: string, options?: RequestOptions): Promise<Response>;
  /** GET /metrics on the separate metrics listener. */
  metrics(): Promise<Response>;
  /** Replaces the snapshot file atomically (temp file + rename), as `publish` does. */
  publish(snapshot: SnapshotFile | string): Promise<void>;
  close(): Promise<void>;
}

/** Starts the real server (real config parsing, real socket) on a free port. */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  if (options.env?.['REDIS_URL'] === SHARED_REDIS_URL && !options.env['REDIS_KEY_PREFIX']) {
    // The quota of 127.0.0.1 under the default prefix outlives the test by an hour: every
    // later run against the same Redis would share it (the failure of stop 14's CI).
    throw new Error('a test server on the shared Redis needs its own REDIS_KEY_PREFIX');
  }
  const dir = await mkdtemp(join(tmpdir(), 'reset-records-test-'));
  const snapshotPath = join(dir, 'snapshot.json');
  const toText = (snapshot: SnapshotFile | string) =>
    typeof snapshot === 'string' ? snapshot : JSON.stringify(snapshot);
  if (options.snapshot) await writeFile(snapshotPath, toText(options.snapshot));

  const config = loadConfig({
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'silent',
    METRICS_PORT: '0',
    SNAPSHOT_PATH: snapshotPath,
    ...options.env,
  });
  const server = await startServer(config, {
    ...(options.clock && { clock: options.clock }),
    ...(options.logger && { logger: options.logger }),
    ...(options.mcpDirectCalls !== undefined && { mcpDirectCalls: options.mcpDirectCalls }),
    ...(options.httpFastPath !== undefined && { httpFastPath: options.httpFastPath }),
    ...(options.sitePush !== undefined && { sitePush: options.sitePush }),
  });
  let publishes = 0;
  return {
    server,
    origin: server.origin,
    snapshotPath,
    get: (pathAndQuery, requestOptions) => request(server.origin, pathAndQuery, requestOptions),
    metrics: () => request(server.metricsOrigin!, '/metrics'),
    async publish(snapshot) {
      const temporary = join(dir, `next-${publishes++}.json`);
      await writeFile(temporary, toText(snapshot));
      const { rename } = await import('node:fs/promises');
      await rename(temporary, snapshotPath);
    },
    async close() {
      await server.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Polls `check` every 20 ms until it returns true or `timeoutMs` passes; returns the time taken. */
export async function waitFor(check: () => Promise<boolean>, timeoutMs: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (await check()) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`condition not met within ${timeoutMs} ms`);
}

/** A pino logger that keeps every line it writes, parsed, in `lines`. */
export function capturingLogger(): { logger: Logger; lines: Record<string, unknown>[] } {
  const lines: Record<string, unknown>[] = [];
  const logger = pino(
    { level: 'info' },
    { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
  );
  return { logger, lines };
}
