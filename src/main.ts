import { fileURLToPath } from 'node:url';
import { type ParseArgsConfig, parseArgs } from 'node:util';
import { type Config, ConfigError, loadConfig } from './service/config.ts';
import type { SnapshotFile } from './shared/domain/snapshot.ts';
import { isTimestamp } from './shared/domain/timestamp.ts';
import { createLogger } from './shared/logger.ts';
import { SnapshotReadError } from './shared/snapshot/read-snapshot-file.ts';
import { errorLine, stackLines } from './shared/text/error-line.ts';
import { escapeLines } from './shared/text/terminal.ts';

const USAGE = `reset-records: the Public Reset Records Service and its producer

Usage:
  reset-records serve [--monitor] Start the service, HTTP API and MCP (same as \`npm start\`).
                                  Without SNAPSHOT_PATH or SNAPSHOT_REDIS_KEY it serves the demo.
                                  --monitor also runs the producer's monitor, in a process
                                  of its own that the service restarts if it dies (one
                                  command for a single box).
  reset-records validate FILE     Check a snapshot file; list every problem found.
  reset-records publish FILE      Validate FILE, then publish it atomically: to the Redis key
                                  SNAPSHOT_REDIS_KEY (with REDIS_URL) if set, else to the file
                                  SNAPSHOT_PATH. Running instances serve it within 1 s.
  reset-records demo [--now TIME] Print the demo snapshot: the bundled sample ledger built
                                  at TIME (default now).
  reset-records next --base-url URL [--json] [--wait SECONDS] [--timeout SECONDS]
  reset-records last --base-url URL [--global] [--json] [--wait SECONDS] [--timeout SECONDS]
                                  The next (last) reset, read from a running service's API
                                  with the official client (docs/client.md); exit 3 when the
                                  quota stopped it early (it says what it checked).

The producer (LEDGER_URL, default sqlite:./data/ledger.db):
  reset-records ledger-init       Create the ledger LEDGER_URL names, once; the other commands
                                  refuse a ledger that does not exist.
  reset-records classify [FILE]   Classify posts (JSON lines, FILE or stdin); touches no ledger.
  reset-records ingest [FILE]     Store and classify the posts not yet in the ledger.
  reset-records build [--now TIME] [--out FILE]
                                  Print (or write) the snapshot the ledger gives at TIME.
  reset-records monitor [--once] [--force]
                                  Check the source (X with X_BEARER_TOKEN, or MONITOR_SOURCE),
                                  ingest, build and publish, every MONITOR_INTERVAL_SECONDS
                                  (--once: one round, then exit). Its first publish is refused
                                  when it would drop every record of the live snapshot, or
                                  when the ledger has no successful check (--force: publish).
  reset-records ops COMMAND ...   The operator's journal: review, accept, correct, note,
                                  complete, link, unlink, dismiss, restore, reclassify,
                                  undo, log
                                  (\`reset-records ops help\` for each one's syntax).
  reset-records ledger-copy URL   Copy every entry of LEDGER_URL into the empty ledger at URL
                                  (e.g. from SQLite to PostgreSQL), ids unchanged.

  reset-records --help            Show this help.

Configuration comes from environment variables (see docs/configuration.md), e.g.
  SNAPSHOT_PATH=/srv/reset/snapshot.json reset-records publish new.json
  REDIS_URL=redis://127.0.0.1:6379/0 SNAPSHOT_REDIS_KEY=reset-records:snapshot \\
    reset-records publish new.json
  PORT=9000 SNAPSHOT_PATH=/srv/reset/snapshot.json reset-records serve
  SNAPSHOT_PATH=/srv/reset/snapshot.json MONITOR_SOURCE=file:/srv/reset/posts.jsonl \\
    reset-records serve --monitor

Exit status: 0 on success, 1 when a snapshot is invalid, publishing fails, a source
check fails, an operator command is refused or the service cannot be read, 2 for a usage
or configuration error, 3 when next/last stopped early.`;

const PRODUCER_COMMANDS = new Set([
  'classify',
  'ingest',
  'build',
  'monitor',
  'ops',
  'ledger-init',
  'ledger-copy',
]);

class UsageError extends Error {
  override name = 'UsageError';
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined) throw new UsageError('missing command');
  if (command === '--help' || command === '-h' || command === 'help') {
    console.log(USAGE);
    return 0;
  }
  if (PRODUCER_COMMANDS.has(command)) {
    // Loaded only here: `serve` never loads the producer (nor its database drivers).
    const { runProducer } = await import('./producer/cli/run-producer.ts');
    return runProducer(command, rest);
  }
  switch (command) {
    case 'serve': {
      const { values } = parseOptions(rest, { monitor: { type: 'boolean' } }, 0);
      return serveCommand(loadConfig(), values.monitor === true);
    }
    case 'validate':
      return (await import('./service/cli/snapshot-commands.ts')).validate(
        loadConfig(),
        parseOptions(rest, {}, 1).positionals[0]!,
      );
    case 'publish':
      return (await import('./service/cli/snapshot-commands.ts')).publish(
        loadConfig(),
        parseOptions(rest, {}, 1).positionals[0]!,
      );
    case 'next':
    case 'last':
      return (await import('./service/cli/client-commands.ts')).clientCommand(command, rest);
    case 'demo': {
      const { values } = parseOptions(rest, { now: { type: 'string' } }, 0);
      if (values.now !== undefined && !isTimestamp(values.now)) {
        throw new UsageError('--now must be a UTC time like 2026-11-20T12:00:00.000Z');
      }
      const now = values.now === undefined ? Date.now() : Date.parse(values.now);
      console.log(JSON.stringify(await demoSnapshot(now), null, 2));
      return 0;
    }
    default:
      throw new UsageError(`unknown command "${command}"`);
  }
}

type Options = NonNullable<ParseArgsConfig['options']>;

/** A command's own options, strictly; `files` positional FILE arguments exactly. */
function parseOptions<T extends Options>(argv: string[], options: T, files: number) {
  let parsed: ReturnType<typeof parseArgs<{ args: string[]; options: T; allowPositionals: true }>>;
  try {
    parsed = parseArgs({ args: argv, options, allowPositionals: true });
  } catch (error) {
    throw new UsageError((error as Error).message); // an unknown option is a usage error: exit 2
  }
  if (parsed.positionals.length !== files) {
    throw new UsageError(
      files === 0 ? 'unexpected argument' : 'expected exactly one FILE argument',
    );
  }
  return parsed;
}

/** The demo: the producer's bundled sample ledger, built at `now` by the producer's build. */
async function demoSnapshot(now: number): Promise<SnapshotFile> {
  const { sampleSnapshot } = await import('./producer/demo/sample-ledger.ts');
  return sampleSnapshot(now);
}

/** `serve [--monitor]`: the service, with the demo when no snapshot source is set. */
async function serveCommand(config: Config, withMonitor: boolean): Promise<number> {
  const fromSource = config.snapshotPath !== undefined || config.snapshotRedisKey !== undefined;
  if (withMonitor && !fromSource) {
    throw new ConfigError([
      'serve --monitor needs SNAPSHOT_PATH (or REDIS_URL with SNAPSHOT_REDIS_KEY) to publish to',
    ]);
  }
  const logger = createLogger(config.logLevel);
  if (!withMonitor) {
    const { serve } = await import('./service/cli/serve-command.ts');
    return serve(config, {
      logger,
      ...(fromSource ? {} : { demo: await demoSnapshot(Date.now()) }),
    });
  }
  // The monitor runs in its own process, supervised: whatever it does (crash, run out of
  // memory, wait on the ledger's lock, hang on X) cannot delay or stop a public request.
  // Its settings are checked here and by its first start, before the service listens: a
  // mistake there stops the command instead of leaving a service without its monitor.
  const { loadProducerConfig } = await import('./producer/config.ts');
  const { monitorHeapLimitMb } = loadProducerConfig();
  const { supervise } = await import('./shared/process/supervisor.ts');
  const monitor = supervise({
    name: 'monitor',
    command: process.execPath,
    args: [`--max-old-space-size=${monitorHeapLimitMb}`, CLI, 'monitor', '--supervised'],
    logger,
    // Its builds (seconds on a large ledger) yield the CPU to the requests.
    niceIncrement: 10,
  });
  try {
    const [, { serve }] = await Promise.all([
      monitor.ready,
      import('./service/cli/serve-command.ts'),
    ]);
    return await serve(config, { logger, startCompanion: () => monitor, companionStats: monitor });
  } catch (error) {
    await monitor.stop();
    throw error;
  }
}

/** This command's own entry point, for the processes it starts. */
const CLI = fileURLToPath(new URL('../bin/reset-records.js', import.meta.url));

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    // The producer's errors are told by name: this file does not import the producer.
    // Each is one escaped line (no zod dump, no stack trace: it names files and may quote
    // configuration), unless LOG_LEVEL is debug or trace, which adds the stack.
    const name = error instanceof Error ? error.name : '';
    const usage = error instanceof UsageError || name === 'ProducerUsageError';
    const config = name === 'ProducerConfigError' || name === 'LedgerMissingError';
    if (usage || error instanceof ConfigError || config) {
      // A configuration error lists its problems, one a line, each naming its variable.
      console.error(escapeLines(`reset-records: ${(error as Error).message}`).join('\n'));
      if (usage) console.error('Run `reset-records --help` for usage.');
      process.exitCode = 2;
    } else if (name === 'SupervisedStartError') {
      // The monitor said why on its standard error, which is ours; its status is ours too.
      console.error(`reset-records: serve --monitor: ${(error as Error).message}`);
      const code = (error as { code?: unknown }).code;
      process.exitCode = typeof code === 'number' && code > 0 ? code : 1;
    } else if (error instanceof SnapshotReadError) {
      console.error(`reset-records: ${errorLine(error)}`);
      process.exitCode = 1;
    } else {
      console.error(`reset-records: unexpected error: ${errorLine(error)}`);
      process.exitCode = 1;
    }
    if (['debug', 'trace'].includes(process.env.LOG_LEVEL ?? '')) {
      for (const line of stackLines(error)) console.error(line);
    }
  },
);
