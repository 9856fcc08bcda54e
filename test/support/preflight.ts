import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import { delimiter, join } from 'node:path';
import { redactUrl } from '../../src/shared/util/redact-url.ts';
import { POSTGRES_ADMIN_URL, sql } from '../producer/support/postgres.ts';
import { openTestClient, SHARED_REDIS_URL } from '../redis/redis-support.ts';
import { ChromiumNotFound, type FoundChromium, findChromium } from './chromium.ts';

/**
 * What `npm test` needs from the machine, checked before any test runs (scripts/run-tests.mjs):
 * the shared Redis and PostgreSQL the tests use, `redis-server` (a few tests start their own
 * to kill it), and a browser. Each missing thing is one line saying what to do; nothing is
 * skipped instead. docs/testing.md lists the same.
 */

/** A check that has not answered within this long has failed (a firewalled port hangs). */
const CHECK_LIMIT_MS = 5_000;

export interface Needs {
  readonly services: boolean;
  readonly browser: boolean;
}

export interface PreflightResult {
  /** One line per missing thing, each with what to do. */
  readonly problems: readonly string[];
  readonly chromium: FoundChromium | undefined;
}

export async function preflight(needs: Needs): Promise<PreflightResult> {
  const checks: Promise<string | undefined>[] = [];
  if (needs.services) checks.push(checkRedis(), checkRedisServer(), checkPostgres());
  const chromium = needs.browser
    ? findChromium().catch((error: unknown) => {
        if (error instanceof ChromiumNotFound) return error;
        throw error;
      })
    : Promise.resolve(undefined);
  const [found, ...lines] = await Promise.all([chromium, ...checks]);
  const problems = lines.filter((line): line is string => line !== undefined);
  if (found instanceof ChromiumNotFound) problems.push(found.message);
  return { problems, chromium: found instanceof ChromiumNotFound ? undefined : found };
}

/** `check` within CHECK_LIMIT_MS, its failure's first line as the reason. */
async function reason(check: () => Promise<unknown>): Promise<string | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no answer within ${CHECK_LIMIT_MS} ms`)),
      CHECK_LIMIT_MS,
    );
  });
  try {
    await Promise.race([check(), limit]);
    return undefined;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return message.split('\n')[0] || String((error as { code?: string }).code ?? 'failed');
  } finally {
    clearTimeout(timer);
  }
}

async function checkRedis(): Promise<string | undefined> {
  const why = await reason(async () => {
    const client = await openTestClient(SHARED_REDIS_URL);
    try {
      const answer = await client.ping();
      if (answer !== 'PONG') throw new Error(`PING answered ${JSON.stringify(answer)}`);
    } finally {
      client.destroy();
    }
  });
  return why === undefined
    ? undefined
    : `Redis is not answering on ${redactUrl(SHARED_REDIS_URL)} (${why}): start it, e.g. redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save '' --appendonly no (Debian: apt-get install redis-server)`;
}

async function checkRedisServer(): Promise<string | undefined> {
  const folders = (process.env['PATH'] ?? '').split(delimiter).filter(Boolean);
  for (const folder of folders) {
    const found = await access(join(folder, 'redis-server'), constants.X_OK).then(
      () => true,
      () => false,
    );
    if (found) return undefined;
  }
  return 'redis-server is not on PATH (the Redis failure tests start their own, to stop and freeze it): apt-get install redis-server';
}

async function checkPostgres(): Promise<string | undefined> {
  const url = new URL(POSTGRES_ADMIN_URL);
  const who = `user ${decodeURIComponent(url.username) || '(none)'} on ${url.hostname}:${url.port || 5432}`;
  const why = await reason(async () => {
    // Each test file creates and drops its own database.
    const { rows } = await sql(
      POSTGRES_ADMIN_URL,
      'SELECT rolsuper OR rolcreatedb AS can FROM pg_roles WHERE rolname = current_user',
    );
    if (rows[0]?.can !== true) throw new Error('this user may not create databases');
  });
  return why === undefined
    ? undefined
    : `PostgreSQL does not accept ${who} (${why}): start it (Debian: apt-get install postgresql, then pg_ctlcluster $(ls /etc/postgresql) main start) and let user postgres in without a password from 127.0.0.1 ("host all all 127.0.0.1/32 trust" first in pg_hba.conf)`;
}
