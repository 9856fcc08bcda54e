import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { type Config, ConfigError, loadConfig } from '../config.ts';
import { createLogger } from '../observability/logger.ts';
import { closeRedisClient, createRedisClient } from '../redis/redis-client.ts';
import { waitUntilReady } from '../redis/wait-until-ready.ts';
import { startServer } from '../server.ts';
import { buildDemoSnapshot } from '../snapshot/demo.ts';
import { publishToFile } from '../snapshot/publish-file.ts';
import { publishToRedis } from '../snapshot/publish-redis.ts';
import { formatProblem, validateSnapshotText } from '../snapshot/validate.ts';

const USAGE = `reset-records: the Public Reset Records Service

Usage:
  reset-records serve             Start the service, HTTP API and MCP (same as \`npm start\`).
  reset-records validate FILE     Check a snapshot file; list every problem found.
  reset-records publish FILE      Validate FILE, then publish it atomically: to the Redis key
                                  SNAPSHOT_REDIS_KEY (with REDIS_URL) if set, else to the file
                                  SNAPSHOT_PATH. Running instances serve it within 1 s.
  reset-records demo              Print a demo snapshot, with times relative to now.
  reset-records --help            Show this help.

Configuration comes from environment variables (see README.md), e.g.
  SNAPSHOT_PATH=/srv/reset/snapshot.json reset-records publish new.json
  REDIS_URL=redis://127.0.0.1:6379/0 SNAPSHOT_REDIS_KEY=reset-records:snapshot \
    reset-records publish new.json
  PORT=9000 SNAPSHOT_PATH=/srv/reset/snapshot.json reset-records serve

Exit status: 0 on success, 1 when a snapshot is invalid or publishing fails,
2 for a usage or configuration error.`;

/** How long `publish` waits for Redis before giving up. */
const PUBLISH_REDIS_WAIT_MS = 5_000;

class UsageError extends Error {}

async function main(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { help: { type: 'boolean', short: 'h' } },
  });
  const [command, ...rest] = positionals;
  if (values.help || command === 'help') {
    console.log(USAGE);
    return 0;
  }
  switch (command) {
    case 'serve':
      return serve(loadConfig());
    case 'validate':
      return validate(fileArgument(rest));
    case 'publish':
      return publish(loadConfig(), fileArgument(rest));
    case 'demo':
      console.log(JSON.stringify(buildDemoSnapshot(Date.now()), null, 2));
      return 0;
    default:
      throw new UsageError(
        command === undefined ? 'missing command' : `unknown command "${command}"`,
      );
  }
}

function fileArgument(rest: string[]): string {
  if (rest.length !== 1) throw new UsageError('expected exactly one FILE argument');
  return rest[0]!;
}

async function readChecked(file: string): Promise<string | undefined> {
  const text = await readFile(file, 'utf8');
  const result = validateSnapshotText(text);
  if (result.ok) return text;
  console.error(`${file}: invalid snapshot, ${result.problems.length} problem(s):`);
  for (const problem of result.problems) console.error(`  ${formatProblem(problem)}`);
  return undefined;
}

async function validate(file: string): Promise<number> {
  const text = await readChecked(file);
  if (text === undefined) return 1;
  console.log(`${file}: valid snapshot`);
  return 0;
}

async function publish(config: Config, file: string): Promise<number> {
  const target = config.snapshotRedisKey ?? config.snapshotPath;
  if (target === undefined) {
    throw new ConfigError([
      'publish needs a target: SNAPSHOT_PATH (a file), or REDIS_URL with SNAPSHOT_REDIS_KEY',
    ]);
  }
  const text = await readChecked(file);
  if (text === undefined) {
    console.error('Nothing was published.');
    return 1;
  }
  if (config.snapshotRedisKey !== undefined && config.redisUrl !== undefined) {
    const client = createRedisClient(config.redisUrl, createLogger('silent'), 'publish');
    try {
      if (!(await waitUntilReady(client, PUBLISH_REDIS_WAIT_MS))) {
        console.error(`Redis at ${config.redisUrl} is unreachable. Nothing was published.`);
        return 1;
      }
      const version = await publishToRedis(client, config.snapshotRedisKey, text);
      console.log(`Published ${file} to Redis key ${config.snapshotRedisKey} (version ${version})`);
    } finally {
      await closeRedisClient(client);
    }
    return 0;
  }
  await publishToFile(target, text);
  console.log(`Published ${file} to ${target}`);
  return 0;
}

async function serve(config: Config): Promise<number> {
  const server = await startServer(config);
  server.app.log.info({ origin: server.origin }, 'listening');
  await new Promise<void>((resolve) => {
    const stop = (signal: string) => {
      server.app.log.info({ signal }, 'shutting down: finishing in-flight requests');
      server.close().then(resolve, (error) => {
        server.app.log.error({ err: error }, 'error during shutdown');
        resolve();
      });
    };
    process.once('SIGTERM', () => stop('SIGTERM'));
    process.once('SIGINT', () => stop('SIGINT'));
  });
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    if (error instanceof UsageError || error instanceof ConfigError) {
      console.error(`reset-records: ${error.message}`);
      if (error instanceof UsageError) console.error('Run `reset-records --help` for usage.');
      process.exitCode = 2;
    } else if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      console.error(`reset-records: ${(error as Error).message}`);
      process.exitCode = 1;
    } else {
      console.error(error);
      process.exitCode = 1;
    }
  },
);
