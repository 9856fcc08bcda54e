import { hostname } from 'node:os';
import type { Logger } from 'pino';
import { createLogger } from '../../shared/logger.ts';
import { reportToSupervisor } from '../../shared/process/supervision-messages.ts';
import { type Alerter, createAlerter } from '../alerts/alerter.ts';
import { roundLine } from '../alerts/round-line.ts';
import { createRulesClassifier } from '../classify/rules-classifier.ts';
import type { ProducerConfig } from '../config.ts';
import { openLedger } from '../ledger/open-ledger.ts';
import { postUrl } from '../ledger/post.ts';
import { createFileSource } from '../monitor/file-source.ts';
import { startMonitor } from '../monitor/monitor.ts';
import type { PostSource } from '../monitor/post-source.ts';
import { type MonitorDeps, publishIfDue, type RoundOutcome, runRound } from '../monitor/round.ts';
import { heldPosts } from '../ops/review.ts';
import { createSecondOpinionClient } from '../second-opinion/client.ts';
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
  force = false,
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
    force,
    ...(config.secondOpinion === undefined
      ? {}
      : {
          secondOpinion: createSecondOpinionClient(
            config.secondOpinion,
            config.classifier.timeZone,
          ),
        }),
  };
}

/** How the operator's commands are written in alerts (docs/operating.md). */
const CLI = 'npm run cli --';

/**
 * After each round: its one log line, and the operator's alerts (held posts with their
 * commands, failing checks, rate limits, failed publishes, a change of lease holder).
 */
function afterEachRound(deps: MonitorDeps, alerter: Alerter) {
  return (outcome: RoundOutcome) => {
    const appended = outcome.appended ?? [];
    const line = roundLine(outcome);
    deps.logger.info(line.fields, line.message);
    const newIds = new Set(
      appended.filter((entry) => entry.type === 'post_observed').map((e) => e.payload.post.id),
    );
    const held =
      newIds.size === 0
        ? []
        : heldPosts(outcome.entries ?? []).filter((post) => newIds.has(post.postId));
    const opinions = appended.flatMap((entry) =>
      entry.type === 'second_opinion' ? [entry.payload] : [],
    );
    const agreedIds = new Set(opinions.filter((o) => o.agrees).map((o) => o.postId));
    const agreed = (outcome.entries ?? []).flatMap((entry) =>
      entry.type === 'post_observed' && agreedIds.has(entry.payload.post.id)
        ? [
            {
              postId: entry.payload.post.id,
              url: postUrl(entry.payload.post),
              text: entry.payload.post.text,
            },
          ]
        : [],
    );
    alerter.afterRound({
      at: deps.clock(),
      ran: outcome.ran,
      check: !outcome.ran
        ? null
        : outcome.checkOk
          ? { ok: true }
          : { ok: false, problem: outcome.problem ?? 'the source check failed' },
      held,
      opinions,
      agreed,
      publish: !outcome.ran
        ? null
        : outcome.publishProblem
          ? { ok: false, problem: outcome.publishProblem }
          : outcome.publishedNow
            ? { ok: true }
            : null,
    });
  };
}

/** The monitor loop with its alerts: stopping ends the loop, then the deliveries under way. */
function startAlertingMonitor(
  config: ProducerConfig,
  deps: MonitorDeps,
): { stop(): Promise<void> } {
  const alerter = alerterFor(config, deps);
  const monitor = startMonitor(deps, config.monitorIntervalSeconds, {
    afterRound: afterEachRound(deps, alerter),
  });
  return { stop: () => monitor.stop().then(() => alerter.close()) };
}

function alerterFor(config: ProducerConfig, deps: MonitorDeps): Alerter {
  return createAlerter({
    channels: config.alerts ?? [],
    ledger: deps.ledger,
    logger: deps.logger,
    failedRoundsBeforeAlert: config.alertAfterFailedChecks,
    roundMs: config.monitorIntervalSeconds * 1000,
    cli: CLI,
    holder: deps.holder,
    secrets: [config.x?.bearerToken, config.secondOpinion?.apiKey].filter(
      (secret): secret is string => typeof secret === 'string',
    ),
  });
}

/** `monitor --once` beside a running monitor (which holds the lease): published, not checked. */
export const EXIT_LEASE_HELD = 3;

/** `monitor [--once] [--force] | monitor --supervised`. */
export async function monitorCommand(config: ProducerConfig, argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv, {
    once: { type: 'boolean' },
    force: { type: 'boolean' },
    supervised: { type: 'boolean' },
  });
  if (positionals.length > 0)
    throw new ProducerUsageError('monitor takes no argument but --once, --force or --supervised');
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
  const deps = await monitorDeps(config, logger, stopping.signal, holder, values.force === true);
  if (values.supervised) return supervisedMonitor(deps, config, logger, stopping);
  if (values.once) {
    try {
      const outcome = await runRound(deps, null);
      if (!outcome.ran) {
        // Another monitor runs the rounds: publish what the ledger holds now (an operator's
        // decision just made), without checking the source, which is that monitor's job.
        const published = await publishIfDue(deps, await deps.ledger.entries(), null);
        const holder = await deps.ledger.leaseHolder('monitor', deps.clock());
        process.stderr.write(
          `reset-records: another monitor (${holder?.holder ?? 'unknown'}) runs the rounds: the source was not checked; ${published.problem === undefined ? 'published from the ledger' : `publish failed: ${published.problem}`}. "ops check" asks it for a round now.\n`,
        );
        return published.problem === undefined ? EXIT_LEASE_HELD : 1;
      }
      await deps.ledger.releaseLease('monitor', deps.holder);
      const line = roundLine(outcome);
      logger.info(line.fields, line.message);
      if (outcome.publishProblem)
        process.stderr.write(`reset-records: ${outcome.publishProblem}\n`);
      return outcome.checkOk && !outcome.publishProblem ? 0 : 1;
    } finally {
      await deps.ledger.close();
    }
  }
  const monitor = startAlertingMonitor(config, deps);
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
  const monitor = startAlertingMonitor(config, deps);
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
