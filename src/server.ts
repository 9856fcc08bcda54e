import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { type Config, ConfigError } from './config.ts';
import { createApp } from './http/app.ts';
import { createMcpEndpoint } from './mcp/mcp-server.ts';
import { createLogger } from './observability/logger.ts';
import { createMetrics } from './observability/metrics.ts';
import { MemoryQuotaStore } from './quota/memory-store.ts';
import { createDisabledGate, createQuotaGate } from './quota/quota-gate.ts';
import { buildDemoSnapshot } from './snapshot/demo.ts';
import { watchSnapshotFile } from './snapshot/file-watcher.ts';
import { SnapshotStore } from './snapshot/snapshot-store.ts';

export interface ServerOptions {
  /** Injected clock (epoch ms) for everything time-dependent; tests move it. */
  readonly clock?: () => number;
  readonly logger?: Logger;
}

export interface RunningServer {
  readonly app: FastifyInstance;
  /** e.g. http://127.0.0.1:8080 */
  readonly origin: string;
  close(): Promise<void>;
}

/** Wires the service together from its configuration and starts listening. */
export async function startServer(
  config: Config,
  options: ServerOptions = {},
): Promise<RunningServer> {
  const clock = options.clock ?? Date.now;
  const logger = options.logger ?? createLogger(config.logLevel);
  if (config.redisUrl !== undefined) {
    throw new ConfigError([
      'REDIS_URL is not supported by this version yet; unset it to use the in-memory quota',
    ]);
  }

  const snapshots = new SnapshotStore(logger);
  const watcher =
    config.snapshotPath === undefined
      ? undefined
      : watchSnapshotFile(config.snapshotPath, snapshots, logger);
  if (watcher === undefined)
    snapshots.offer(JSON.stringify(buildDemoSnapshot(clock())), 'bundled demo');
  else await watcher.ready;

  const { rateLimit } = config;
  const quotaStore = rateLimit.enabled
    ? new MemoryQuotaStore({
        max: rateLimit.max,
        windowMs: rateLimit.windowSeconds * 1000,
        maxClients: rateLimit.memoryMaxClients,
        clock,
      })
    : undefined;
  const gate =
    quotaStore === undefined
      ? createDisabledGate()
      : createQuotaGate({
          store: quotaStore,
          windowSeconds: rateLimit.windowSeconds,
          timeoutMs: rateLimit.storeTimeoutMs,
          logger,
        });
  const metrics = createMetrics({ snapshots, gate, clock, memoryStore: quotaStore });

  const mcpEndpoint = createMcpEndpoint({
    snapshots,
    gate,
    clock,
    logger,
    maxBodyBytes: config.mcp.maxBodyBytes,
  });
  const app = await createApp({
    snapshots,
    gate,
    quotaStore,
    metrics,
    logger,
    clock,
    trustProxy: config.trustProxy,
    cacheMaxAgeSeconds: config.cacheMaxAgeSeconds,
    mcp: { ...config.mcp, endpoint: mcpEndpoint },
  });
  await app.listen({ host: config.host, port: config.port });
  const address = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : config.port;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;

  return {
    app,
    origin: `http://${host}:${port}`,
    async close() {
      watcher?.stop();
      await app.close();
      await mcpEndpoint.close();
      await quotaStore?.close();
    },
  };
}
