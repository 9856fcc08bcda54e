import { hostname } from 'node:os';
import { type ParseArgsConfig, parseArgs } from 'node:util';
import type { Logger } from 'pino';
import { loadConfig } from '../../config.ts';
import { isTimestamp } from '../../domain/timestamp.ts';
import { createLogger } from '../../observability/logger.ts';
import { publishToFile } from '../../snapshot/publish-file.ts';
import { build } from '../build/build.ts';
import { classifyStandIn } from '../classify/stand-in-classifier.ts';
import { loadProducerConfig, type ProducerConfig } from '../config.ts';
import type { NewEntry } from '../ledger/entry.ts';
import { openLedger } from '../ledger/open-ledger.ts';
import type { Post } from '../ledger/post.ts';
import { createFileSource } from '../monitor/file-source.ts';
import { startMonitor } from '../monitor/monitor.ts';
import type { PostSource } from '../monitor/post-source.ts';
import { type MonitorDeps, publishIfDue, runRound } from '../monitor/round.ts';
import { runOps } from '../ops/run-ops.ts';
import { OPS_USAGE } from '../ops/usage.ts';
import { ingest } from '../pipeline/ingest.ts';
import { publishTargetOf } from '../pipeline/publish.ts';
import { formatLineProblem, parsePostLines } from '../sources/post-lines.ts';
import { classifiedRecord } from './classified-record.ts';

/** A usage error of a producer command (exit 2), as `reset-records` reports it. */
export class ProducerUsageError extends Error {
  override name = 'ProducerUsageError';
}

/**
 * The monitor lease lasts this long and the running monitor renews it every third of it,
 * whatever its interval: a monitor that crashed is replaced within 15 s.
 */
const MONITOR_LEASE_MS = 15_000;

/** The largest posts file `ingest` and `classify` read. */
const MAX_INPUT_BYTES = 64 * 1024 * 1024;

/**
 * The producer's commands (producer.md §5): ingest, build, monitor, classify and ops.
 * Loaded only by these commands, never by `serve`: nothing on the service's request path
 * imports the producer.
 */
export async function runProducer(command: string, argv: string[]): Promise<number> {
  const config = loadProducerConfig();
  switch (command) {
    case 'classify':
      return classifyCommand(argv);
    case 'ingest':
      return ingestCommand(config, argv);
    case 'build':
      return buildCommand(config, argv);
    case 'monitor':
      return monitorCommand(config, argv);
    case 'ops':
      return opsCommand(config, argv);
    case 'ledger-copy':
      return ledgerCopyCommand(config, argv);
    default:
      throw new ProducerUsageError(`unknown command "${command}"`);
  }
}

type Options = NonNullable<ParseArgsConfig['options']>;

function parse<T extends Options>(argv: string[], options: T) {
  try {
    return parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new ProducerUsageError((error as Error).message);
  }
}

/** FILE, or standard input when no FILE (or `-`) is given. */
async function readInput(positionals: string[]): Promise<{ text: string; name: string }> {
  if (positionals.length > 1) throw new ProducerUsageError('expected at most one FILE');
  const file = positionals[0];
  if (file === undefined || file === '-') {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of process.stdin) {
      size += (chunk as Buffer).length;
      if (size > MAX_INPUT_BYTES)
        throw new Error(`standard input is over ${MAX_INPUT_BYTES} bytes`);
      chunks.push(chunk as Buffer);
    }
    return { text: Buffer.concat(chunks).toString('utf8'), name: '(stdin)' };
  }
  const { readRegularFile } = await import('../../util/read-regular-file.ts');
  const text = await readRegularFile(file, {
    maxBytes: MAX_INPUT_BYTES,
    label: 'input size limit',
    setting: 'a fixed 64 MiB',
  });
  return { text, name: file };
}

function readPosts(text: string, name: string): Post[] {
  const { posts, problems } = parsePostLines(text);
  for (const problem of problems) console.error(`${formatLineProblem(name, problem)} (skipped)`);
  return posts;
}

async function classifyCommand(argv: string[]): Promise<number> {
  const { positionals } = parse(argv, {});
  const { text, name } = await readInput(positionals);
  const { posts, problems } = parsePostLines(text);
  for (const problem of problems) console.error(`${formatLineProblem(name, problem)} (skipped)`);
  for (const post of posts) {
    const classification = classifyStandIn(post);
    console.log(
      JSON.stringify({
        postId: post.id,
        record: classifiedRecord(post, classification),
        review: classification.review,
        reasons: classification.reasons,
      }),
    );
  }
  return problems.length === 0 ? 0 : 1;
}

async function ingestCommand(config: ProducerConfig, argv: string[]): Promise<number> {
  const { positionals } = parse(argv, {});
  const { text, name } = await readInput(positionals);
  const skipped = parsePostLines(text).problems.length;
  const posts = readPosts(text, name);
  const ledger = await openLedger(config.ledgerUrl);
  try {
    const { added, known } = await ingest(ledger, posts, classifyStandIn, Date.now());
    console.log(
      `${added} new post(s) stored and classified, ${known} already in the ledger, ${skipped} line(s) skipped.`,
    );
  } finally {
    await ledger.close();
  }
  return skipped === 0 ? 0 : 1;
}

async function buildCommand(config: ProducerConfig, argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv, { now: { type: 'string' }, out: { type: 'string' } });
  if (positionals.length > 0) throw new ProducerUsageError('build takes no FILE; use --out FILE');
  const now = values.now === undefined ? Date.now() : parseNow(values.now);
  const ledger = await openLedger(config.ledgerUrl);
  try {
    const { snapshot, omitted } = build(await ledger.entries(), now, config.build);
    for (const { id, problem } of omitted) console.error(`record ${id} left out: ${problem}`);
    const text = `${JSON.stringify(snapshot, null, 2)}\n`;
    if (values.out === undefined) process.stdout.write(text);
    else await publishToFile(values.out, text);
  } finally {
    await ledger.close();
  }
  return 0;
}

function parseNow(value: string): number {
  if (!isTimestamp(value))
    throw new ProducerUsageError('--now must be a UTC time like 2026-11-20T12:00:00.000Z');
  return Date.parse(value);
}

function sourceOf(config: ProducerConfig): PostSource {
  if (config.monitorSource !== undefined)
    return createFileSource(config.monitorSource.slice('file:'.length));
  throw new ProducerUsageError(
    'monitor needs a source: MONITOR_SOURCE=file:PATH (the X source, with X_BEARER_TOKEN, comes with the classifier of part 2)',
  );
}

/** What a monitor needs, from the producer's and the service's settings. */
async function monitorDeps(config: ProducerConfig, logger: Logger): Promise<MonitorDeps> {
  const source = sourceOf(config);
  const target = publishTargetOf(loadConfig());
  if (target === undefined) {
    throw new ProducerUsageError(
      'monitor needs a target: SNAPSHOT_PATH, or REDIS_URL with SNAPSHOT_REDIS_KEY',
    );
  }
  return {
    ledger: await openLedger(config.ledgerUrl),
    source,
    classify: classifyStandIn,
    target,
    settings: config.build,
    clock: Date.now,
    logger,
    holder: `${hostname()}:${process.pid}`,
    leaseMs: MONITOR_LEASE_MS,
    heartbeatMs: config.publishHeartbeatSeconds * 1000,
  };
}

/**
 * The monitor loop for `serve --monitor`, in two steps so that a bad setting (no
 * MONITOR_SOURCE, a wrong LEDGER_URL) fails before the service starts listening:
 * prepare reads and checks everything and opens the ledger; start runs the loop.
 */
export async function prepareConfiguredMonitor(
  logger: Logger,
): Promise<{ start(): { stop(): Promise<void> } }> {
  const config = loadProducerConfig();
  const deps = await monitorDeps(config, logger);
  return {
    start() {
      const monitor = startMonitor(deps, config.monitorIntervalSeconds);
      return {
        async stop() {
          await monitor.stop();
          await deps.ledger.close();
        },
      };
    },
  };
}

async function monitorCommand(config: ProducerConfig, argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv, { once: { type: 'boolean' } });
  if (positionals.length > 0) throw new ProducerUsageError('monitor takes no argument but --once');
  const logger = createLogger(loadConfig().logLevel);
  const deps = await monitorDeps(config, logger);
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
      monitor.stop().finally(resolve);
    };
    process.once('SIGTERM', () => stop('SIGTERM'));
    process.once('SIGINT', () => stop('SIGINT'));
  });
  await deps.ledger.close();
  return 0;
}

/**
 * `ledger-copy TARGET_URL`: copies every entry of LEDGER_URL, in order, into an empty
 * ledger at TARGET_URL in one transaction (ids stay 1..n), e.g. from SQLite to PostgreSQL.
 */
async function ledgerCopyCommand(config: ProducerConfig, argv: string[]): Promise<number> {
  const { positionals } = parse(argv, {});
  if (positionals.length !== 1) throw new ProducerUsageError('ledger-copy takes one TARGET_URL');
  const source = await openLedger(config.ledgerUrl);
  const target = await openLedger(positionals[0]!);
  try {
    const entries = await source.entries();
    const { appended } = await target.transact((existing) => {
      if (existing.length > 0)
        throw new Error(`the target ledger is not empty (${existing.length} entries)`);
      return {
        append: entries.map(({ id: _id, ...entry }) => entry as NewEntry),
        result: undefined,
      };
    });
    const same = appended.every((entry, index) => entry.id === entries[index]!.id);
    console.log(
      `Copied ${appended.length} of ${entries.length} entries${same ? ', same ids' : ''}.`,
    );
    return appended.length === entries.length && same ? 0 : 1;
  } finally {
    await source.close();
    await target.close();
  }
}

async function opsCommand(config: ProducerConfig, argv: string[]): Promise<number> {
  if (argv.length === 0 || ['help', '--help', '-h'].includes(argv[0]!)) {
    console.log(OPS_USAGE); // without opening (or creating) a ledger
    return argv.length === 0 ? 2 : 0;
  }
  const ledger = await openLedger(config.ledgerUrl);
  try {
    return await runOps(argv, {
      ledger,
      now: Date.now,
      operator: config.operator,
      settings: config.build,
      stdout: (line) => console.log(line),
      stderr: (line) => console.error(line),
    });
  } finally {
    await ledger.close();
  }
}
