import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { SnapshotFile } from '../shared/domain/snapshot.ts';
import { createLogger } from '../shared/logger.ts';
import {
  closeRedisClient,
  createRedisClient,
  type RedisClient,
} from '../shared/redis/redis-client.ts';
import { waitUntilReady } from '../shared/redis/wait-until-ready.ts';
import type { Config } from './config.ts';
import { startFollowing } from './follow/start-following.ts';
import { createApp } from './http/app.ts';
import { createConnectionStats } from './http/connection-guard.ts';
import { listenProblem } from './listen-problem.ts';
import { createMcpEndpoint } from './mcp/mcp-server.ts';
import { createMetrics } from './observability/metrics.ts';
import { listenForMetrics, type MetricsListener } from './observability/metrics-server.ts';
import { openQuota } from './quota/open-quota.ts';
import { openSnapshotSource } from './snapshot/open-snapshot-source.ts';
import { createSnapshotLoader } from './snapshot/snapshot-loader.ts';
import { SnapshotStore } from './snapshot/snapshot-store.ts';

const LISTEN_BACKLOG = 4096;
/** How long start-up waits for Redis before serving anyway (503 where Redis is needed). */
const REDIS_STARTUP_WAIT_MS = 2_000;

export interface ServerOptions {
  /** Injected clock (epoch ms) for everything time-dependent; tests move it. */
  readonly clock?: () => number;
  readonly logger?: Logger;
  /**
   * Served when neither SNAPSHOT_PATH nor SNAPSHOT_REDIS_KEY is set (`npm start`: the
   * producer's sample ledger, built by the CLI). Without it, data is unavailable.
   */
  readonly demo?: SnapshotFile;
  /**
   * false sends every MCP request through the SDK, the direct answer of plain tool calls
   * off (mcp/direct-tool-call.ts); for the test that compares the two paths.
   */
  readonly mcpDirectCalls?: boolean;
  /**
   * false answers every request through Fastify, the data endpoints' fast path off
   * (http/fast-path.ts); for the test that compares the two paths.
   */
  readonly httpFastPath?: boolean;
  /** `serve --monitor`: the supervised monitor's restarts, for /metrics. */
  readonly monitor?: { readonly restarts: number };
  /**
   * true renders the status page's "Notify me" and serves /push-sw.js (Site.push) whatever
   * the push configuration says; for the page's browser test, which stands in for the push
   * routes itself.
   */
  readonly sitePush?: boolean;
}

export interface RunningServer {
  readonly app: FastifyInstance;
  /** e.g. http://127.0.0.1:8080 */
  readonly origin: string;
  /** Where /metrics is served (METRICS_HOST:METRICS_PORT), or undefined when off. */
  readonly metricsOrigin: string | undefined;
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
  // The snapshot has its own connections (issue 16, finding 6): reading megabytes on the
  // quota's would hold every quota call queued behind the transfer.
  const snapshotRedis =
    config.snapshotRedisKey === undefined
      ? undefined
      : { client: openRedis('snapshot reader'), subscriber: openRedis('snapshot subscriber') };
  await Promise.all(
    [redis, snapshotRedis?.client].map(
      (client) => client && waitUntilReady(client, REDIS_STARTUP_WAIT_MS),
    ),
  );

  const loader = createSnapshotLoader(config.snapshotMaxBytes);
  const snapshots = new SnapshotStore(logger, loader);
  const source = await openSnapshotSource(config, snapshots, logger, options.demo, snapshotRedis);
  const following = await startFollowing(config, { snapshots, logger, clock });
  const quota = openQuota(config, logger, clock, redis);
  const connectionStats = createConnectionStats();
  const mcpEndpoint = createMcpEndpoint({
    snapshots,
    gate: quota.gate,
    clock,
    logger,
    maxBodyBytes: config.mcp.maxBodyBytes,
    directCalls: options.mcpDirectCalls ?? true,
  });
  const metrics = createMetrics({
    snapshots,
    gate: quota.gate,
    clock,
    connections: connectionStats,
    mcp: mcpEndpoint,
    memoryStore: quota.memoryStore,
    follow: following?.stats,
    monitor: options.monitor,
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
    publicBaseUrl: config.publicBaseUrl,
    site: {
      name: config.siteName,
      quota: config.rateLimit.enabled
        ? { max: config.rateLimit.max, windowSeconds: config.rateLimit.windowSeconds }
        : null,
      push: config.follow.push !== undefined || options.sitePush === true,
    },
    push:
      config.follow.push === undefined || following === undefined
        ? undefined
        : {
            store: following.store,
            publicKey: config.follow.push.vapid.publicKey,
            allowPrivate: config.follow.push.allowPrivateEndpoints,
            maxSubscriptions: config.follow.push.maxSubscriptions,
          },
    connectionLimits: config.connections,
    connectionStats,
    mcp: { ...config.mcp, endpoint: mcpEndpoint },
    fastPath: options.httpFastPath ?? true,
  });
  // Everything opened so far, closed in this order at shutdown, or when start-up fails below.
  let metricsListener: MetricsListener | undefined;
  const closing: (() => Promise<unknown> | undefined)[] = [
    () => following?.follower.close(),
    () => source.stop(),
    () => loader.close(),
    () => metricsListener?.close(),
    () => app.close(),
    () => mcpEndpoint.close(),
    () => quota.store?.close(),
    () => Promise.all(redisClients.map(closeRedisClient)),
  ];
  const close = async () => {
    for (const step of closing) await step();
  };
  try {
    // A deep accept queue (the kernel caps it at net.core.somaxconn) absorbs bursts of new
    // connections while the event loop is busy, instead of dropping SYNs that clients only
    // retry after 1, 3, 7 s.
    await app
      .listen({ host: config.host, port: config.port, backlog: LISTEN_BACKLOG })
      .catch((error: unknown) => {
        throw listenProblem(error, {
          portVariable: 'PORT',
          hostVariable: 'HOST',
          host: config.host,
          port: config.port,
          choices: '0 picks a free one',
        });
      });
    if (config.metrics !== undefined) {
      const { host: metricsHost, port: metricsPort } = config.metrics;
      // A clash here stops start-up too (docs/decisions.md): a service running on without
      // its metrics, or with them on a port nobody scrapes, would fail silently.
      metricsListener = await listenForMetrics(metrics, metricsHost, metricsPort).catch(
        (error: unknown) => {
          throw listenProblem(error, {
            portVariable: 'METRICS_PORT',
            hostVariable: 'METRICS_HOST',
            host: metricsHost,
            port: metricsPort,
            choices: '0 picks a free one, off serves no metrics',
          });
        },
      );
    }
  } catch (error) {
    // Every step, whatever the others do: a Redis client left open would keep the
    // process alive after it reported the error.
    for (const step of closing) {
      try {
        await step();
      } catch {
        // the start-up error below is the one to report
      }
    }
    throw error;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : config.port;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;

  return {
    app,
    origin: `http://${host}:${port}`,
    metricsOrigin: metricsListener?.origin,
    close,
  };
}
