import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { Config } from './config.ts';
import { createApp } from './http/app.ts';
import { createMcpEndpoint } from './mcp/mcp-server.ts';
import { createLogger } from './observability/logger.ts';
import { createMetrics } from './observability/metrics.ts';
import { openQuota } from './quota/open-quota.ts';
import { closeRedisClient, createRedisClient, type RedisClient } from './redis/redis-client.ts';
import { waitUntilReady } from './redis/wait-until-ready.ts';
import { openSnapshotSource } from './snapshot/open-snapshot-source.ts';
import { SnapshotStore } from './snapshot/snapshot-store.ts';

/** How long start-up waits for Redis before serving anyway (503 where Redis is needed). */
const REDIS_STARTUP_WAIT_MS = 2_000;

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

  const redisClients: RedisClient[] = [];
  const openRedis = (role: string) => {
    const client = createRedisClient(config.redisUrl!, logger, role);
    redisClients.push(client);
    return client;
  };
  const redis = config.redisUrl === undefined ? undefined : openRedis('commands');
  const subscriber =
    config.snapshotRedisKey === undefined ? undefined : openRedis('snapshot subscriber');
  if (redis !== undefined) await waitUntilReady(redis, REDIS_STARTUP_WAIT_MS);

  const snapshots = new SnapshotStore(logger);
  const source = await openSnapshotSource(
    config,
    snapshots,
    logger,
    clock(),
    redis && subscriber ? { client: redis, subscriber } : undefined,
  );
  const quota = openQuota(config, logger, clock, redis);
  const metrics = createMetrics({
    snapshots,
    gate: quota.gate,
    clock,
    memoryStore: quota.memoryStore,
  });
  const mcpEndpoint = createMcpEndpoint({
    snapshots,
    gate: quota.gate,
    clock,
    logger,
    maxBodyBytes: config.mcp.maxBodyBytes,
  });

  const app = await createApp({
    snapshots,
    gate: quota.gate,
    quotaStore: quota.store,
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
      await source.stop();
      await app.close();
      await mcpEndpoint.close();
      await quota.store?.close();
      await Promise.all(redisClients.map(closeRedisClient));
    },
  };
}
