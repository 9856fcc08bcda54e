import { hostname } from 'node:os';
import type { Logger } from 'pino';
import { createLogger } from '../../shared/logger.ts';
import { reportToSupervisor } from '../../shared/process/supervision-messages.ts';
import { createRulesClassifier } from '../classify/rules-classifier.ts';
import type { ProducerConfig } from '../config.ts';
import { openLedger } from '../ledger/open-ledger.ts';
import { createFileSource } from '../monitor/file-source.ts';
import { startMonitor } from '../monitor/monitor.ts';
import type { PostSource } from '../monitor/post-source.ts';
import { type MonitorDeps, publishIfDue, runRound } from '../monitor/round.ts';
import { ProducerUsageError, parse } from './arguments.ts';

/**
 * The monitor lease lasts this long and the running monitor renews it every third of it,
 * whatever its interval: a monitor that crashed is replaced within 15 s.
 */
const MONITOR_LEASE_MS = 15_000;

/**
 * MONITOR_SOURCE wins (producer.md §5); otherwise X, when X_BEARER_TOKEN is set (its
 * client library is loaded only then).
 */
async function sourceOf(
  config: ProducerConfig,
  logger: Logger,
  signal: AbortSignal,
): Promise<PostSource> {
  if (config.monitorSource !== undefined)
    return createFileSource(config.monitorSource.slice('file:'.length));
  if (config.x !== undefined) {
    const { createXSource } = await import('../sources/x-source.ts');
    return createXSource({ ...config.x, logger, signal });
  }
  throw new ProducerUsageError(
    'monitor needs a source: MONITOR_SOURCE=file:PATH (a JSON-lines file of posts), or X_BEARER_TOKEN to read X (X_HANDLES, default thsottiaux)',
  );
}

/**
 * What a monitor needs, from the producer's and the service's settings. `stopping` is
 * aborted when the monitor is asked to stop, so that a wait for X ends at once.
 */
async function monitorDeps(
  config: ProducerConfig,
  logger: Logger,
  stopping: AbortSignal,
  holder: string,
): Promise<MonitorDeps> {
  const source = await sourceOf(config, logger, stopping);
  const target = config.publish.target;
  if (target === undefined) {
    throw new ProducerUsageError(
      'monitor needs a target: SNAPSHOT_PATH, or REDIS_URL with SNAPSHOT_REDIS_KEY',
    );
  }
  return {
    ledger: await openLedger(config.ledgerUrl),
    source,
    classify: createRulesClassifier(config.classifier),
    target,
    settings: config.build,
    clock: Date.now,
    logger,
    holder,
    leaseMs: MONITOR_LEASE_MS,
    heartbeatMs: config.publishHeartbeatSeconds * 1000,
  };
}

/** `monitor [--once | --supervised]`. */
export async function monitorCommand(config: ProducerConfig, argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv, {
    once: { type: 'boolean' },
    supervised: { type: 'boolean' },
  });
  if (positionals.length > 0)
    throw new ProducerUsageError('monitor takes no argument but --once or --supervised');
  if (values.once && values.supervised)
    throw new ProducerUsageError('monitor takes --once or --supervised, not both');
  if (values.supervised && process.send === undefined)
    throw new ProducerUsageError('--supervised is for the monitor `serve --monitor` starts');
  const logger = createLogger(config.publish.logLevel);
  const stopping = new AbortController();
  // A supervised monitor holds the lease as its supervisor's: the supervisor starts the
  // next one only once this one has exited, so the next takes the lease over at once
  // rather than waiting 15 s for it to expire.
  const holder = values.supervised
    ? `${hostname()}:${process.ppid}:supervised`
    : `${hostname()}:${process.pid}`;
  const deps = await monitorDeps(config, logger, stopping.signal, holder);
  if (values.supervised) return supervisedMonitor(deps, config, logger, stopping);
  if (values.once) {
    try {
      const outcome = await runRound(deps, null);
      if (!outcome.ran) {
        // Another monitor runs the rounds: publish what the ledger holds now (an operator's
        // decision just made), without checking the source, which is that monitor's job.
        await publishIfDue(deps, await deps.ledger.entries(), null);
        logger.info('another monitor holds the lease: published from the ledger without a check');
        return 0;
      }
      await deps.ledger.releaseLease('monitor', deps.holder);
      return outcome.checkOk ? 0 : 1;
    } finally {
      await deps.ledger.close();
    }
  }
  const monitor = startMonitor(deps, config.monitorIntervalSeconds);
  await new Promise<void>((resolve) => {
    const stop = (signal: string) => {
      logger.info({ signal }, 'monitor stopping after the round under way');
      stopping.abort();
      monitor.stop().finally(resolve);
    };
    process.once('SIGTERM', () => stop('SIGTERM'));
    process.once('SIGINT', () => stop('SIGINT'));
  });
  await deps.ledger.close();
  return 0;
}

/**
 * `monitor --supervised`: the monitor of `serve --monitor`, in its own process
 * (src/shared/process/supervisor.ts). It says `ready` once its settings are checked and its
 * ledger is open, then `alive` while its event loop turns. It stops on SIGTERM (from the
 * supervisor) or when the supervisor's channel closes (the service died), never on SIGINT:
 * a terminal's Ctrl-C is the service's to handle, which then stops the monitor in order.
 */
async function supervisedMonitor(
  deps: MonitorDeps,
  config: ProducerConfig,
  logger: Logger,
  stopping: AbortController,
): Promise<number> {
  const monitor = startMonitor(deps, config.monitorIntervalSeconds);
  const ignoreInterrupt = () => undefined;
  process.on('SIGINT', ignoreInterrupt);
  let stopReports: () => void = () => undefined;
  await new Promise<void>((resolve) => {
    let asked = false;
    const stop = (why: string) => {
      if (asked) return;
      asked = true;
      logger.info({ why }, 'monitor stopping after the round under way');
      stopping.abort();
      monitor.stop().finally(resolve);
    };
    process.once('SIGTERM', () => stop('SIGTERM'));
    process.once('disconnect', () => stop('the service is gone'));
    // Only now: a SIGTERM right after `ready` must find its handler.
    stopReports = reportToSupervisor();
  });
  stopReports();
  process.off('SIGINT', ignoreInterrupt);
  await deps.ledger.close();
  if (process.connected) process.disconnect?.();
  return 0;
}
