import type { Logger } from 'pino';
import type { FollowStore } from './follow-store.ts';
import { PostgresFollowStore } from './postgres-follow-store.ts';
import { RedisFollowStore } from './redis-follow-store.ts';
import { SqliteFollowStore } from './sqlite-follow-store.ts';
import { sqlitePath } from './store-url.ts';

export { DEFAULT_PUSH_STORE_URL, sqlitePath } from './store-url.ts';

/**
 * Opens the follow store PUSH_STORE_URL names: a SQLite file (`sqlite:PATH`, `file:PATH`,
 * `file:///abs/path` or a bare path; relative to the current directory) by default, or
 * PostgreSQL (`postgres://`, `postgresql://`) or Redis (`redis://`, `rediss://`) when
 * several instances share followers. Errors name PUSH_STORE_URL and never repeat a value
 * that could hold a password (only its scheme).
 */

export interface OpenFollowStoreOptions {
  readonly logger: Logger;
  /** Redis only: the prefix of every key (default `reset-records:push:`). */
  readonly redisKeyPrefix?: string;
}

export async function openFollowStore(
  url: string,
  options: OpenFollowStoreOptions,
): Promise<FollowStore> {
  if (/^postgres(?:ql)?:\/\//i.test(url)) return PostgresFollowStore.open(url, options.logger);
  if (/^rediss?:\/\//i.test(url)) {
    return RedisFollowStore.open(url, {
      logger: options.logger,
      ...(options.redisKeyPrefix === undefined ? {} : { keyPrefix: options.redisKeyPrefix }),
    });
  }
  return SqliteFollowStore.open(sqlitePath(url));
}
