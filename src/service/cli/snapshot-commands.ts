import { ConfigError } from '../../shared/config/env.ts';
import { createLogger } from '../../shared/logger.ts';
import { closeRedisClient, createRedisClient } from '../../shared/redis/redis-client.ts';
import { waitUntilReady } from '../../shared/redis/wait-until-ready.ts';
import { publishToFile } from '../../shared/snapshot/publish-file.ts';
import { publishToRedis } from '../../shared/snapshot/publish-redis.ts';
import { readSnapshotFile } from '../../shared/snapshot/read-snapshot-file.ts';
import { describeProblems, validateSnapshotText } from '../../shared/snapshot/validate.ts';
import { escapeTerminal } from '../../shared/text/terminal.ts';
import { redactUrl } from '../../shared/util/redact-url.ts';
import type { Config } from '../config.ts';

/** How long `publish` waits for Redis before giving up. */
const PUBLISH_REDIS_WAIT_MS = 5_000;

/** Reads and validates FILE with the same size limit and checks as the running service. */
async function readChecked(config: Config, file: string): Promise<string | undefined> {
  const text = await readSnapshotFile(file, config.snapshotMaxBytes);
  const result = validateSnapshotText(text);
  if (result.ok) return text;
  console.error(escapeTerminal(`${file}: invalid snapshot, ${result.problems.length} problem(s):`));
  // A problem names the file's keys and quotes its values: escaped for the terminal.
  for (const line of describeProblems(result)) console.error(`  ${escapeTerminal(line)}`);
  return undefined;
}

export async function validate(config: Config, file: string): Promise<number> {
  const text = await readChecked(config, file);
  if (text === undefined) return 1;
  console.log(escapeTerminal(`${file}: valid snapshot`));
  return 0;
}

export async function publish(config: Config, file: string): Promise<number> {
  const target = config.snapshotRedisKey ?? config.snapshotPath;
  if (target === undefined) {
    throw new ConfigError([
      'publish needs a target: SNAPSHOT_PATH (a file), or REDIS_URL with SNAPSHOT_REDIS_KEY',
    ]);
  }
  const text = await readChecked(config, file);
  if (text === undefined) {
    console.error('Nothing was published.');
    return 1;
  }
  if (config.snapshotRedisKey !== undefined && config.redisUrl !== undefined) {
    const client = createRedisClient(config.redisUrl, createLogger('silent'), 'publish');
    try {
      if (!(await waitUntilReady(client, PUBLISH_REDIS_WAIT_MS))) {
        console.error(
          `Redis at ${redactUrl(config.redisUrl)} is unreachable. Nothing was published.`,
        );
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
