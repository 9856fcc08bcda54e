import type { Logger } from 'pino';
import type { SnapshotFile } from '../../shared/domain/snapshot.ts';
import type { Config } from '../config.ts';

/**
 * A companion that runs beside the service (the producer's monitor, in a process of its
 * own: src/shared/process/supervisor.ts) and is stopped with it.
 */
export interface Companion {
  stop(): Promise<void>;
}

/** What /metrics says of the companion (monitor_restarts_total). */
export interface CompanionStats {
  readonly restarts: number;
}

export interface ServeOptions {
  readonly logger: Logger;
  /** Served when neither SNAPSHOT_PATH nor SNAPSHOT_REDIS_KEY is set. */
  readonly demo?: SnapshotFile;
  /** Started once the service listens, stopped while it closes. */
  readonly startCompanion?: () => Companion;
  /** Read when /metrics is scraped: the companion's restarts so far. */
  readonly companionStats?: CompanionStats;
}

/**
 * `reset-records serve`: listen until SIGTERM or SIGINT, then stop the companion while
 * finishing the requests in flight, and close (decisions.md §1, shutdown).
 */
export async function serve(config: Config, options: ServeOptions): Promise<number> {
  // Loaded here, so that the other commands (the producer's above all) do not pay for it.
  const { startServer } = await import('../server.ts');
  const server = await startServer(config, {
    logger: options.logger,
    ...(options.demo === undefined ? {} : { demo: options.demo }),
    ...(options.companionStats === undefined ? {} : { monitor: options.companionStats }),
  });
  server.app.log.info({ origin: server.origin }, 'listening');
  if (config.logLevel !== 'silent') {
    // Beside the JSON log (stdout, for machines), one line for the person who started it.
    process.stderr.write(`${servingLine(server.origin, options.demo !== undefined)}\n`);
  }
  const companion = options.startCompanion?.();
  await new Promise<void>((resolve) => {
    const stop = async (signal: string) => {
      server.app.log.info({ signal }, 'shutting down: finishing in-flight requests');
      // Both at once: the companion's stop is bounded by its own timeout, and the
      // requests in flight need not wait for it.
      const steps = await Promise.allSettled([companion?.stop(), server.close()]);
      for (const step of steps) {
        if (step.status === 'rejected')
          server.app.log.error({ err: step.reason }, 'error during shutdown');
      }
      resolve();
    };
    process.once('SIGTERM', () => void stop('SIGTERM'));
    process.once('SIGINT', () => void stop('SIGINT'));
  });
  return 0;
}

/**
 * "reset-records: serving http://127.0.0.1:8080 (open it in a browser)". A wildcard
 * listen address is not one a browser can open: the loopback address of its family is.
 */
export function servingLine(origin: string, demo: boolean): string {
  const url = new URL(origin);
  const wildcard = url.hostname === '0.0.0.0' || url.hostname === '[::]';
  if (url.hostname === '0.0.0.0') url.hostname = '127.0.0.1';
  if (url.hostname === '[::]') url.hostname = '[::1]';
  const what = demo ? 'the demo on ' : '';
  const where = wildcard ? ' and every interface' : '';
  return `reset-records: serving ${what}${url.origin}${where} (open it in a browser)`;
}
