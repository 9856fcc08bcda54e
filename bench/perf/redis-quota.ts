/**
 * Row 13: the quota in Redis (`REDIS_URL`), admitting many clients as row 2 does, and how
 * many times the service goes to Redis per request. Issue 12 asks for exactly 1.
 *
 * The count is measured, not assumed: Redis's own per-command counters (`INFO
 * commandstats`) are read before and after each side of each round. Those counters also
 * count every command a Lua script runs inside Redis (no round trip), so the commands of
 * the quota script are read from src/service/quota/redis-store.ts and counted apart; the bench's
 * own INFO calls are taken out; and anything else talking to this Redis meanwhile (another
 * program, a test run) is estimated from the bare server's round, when the service is idle,
 * and subtracted pro rata.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createClient } from '@redis/client';
import { ROOT } from './processes.ts';

/** The local Redis of issue 12; BENCH_REDIS_URL points the row elsewhere. */
export const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Unique per run, so the run's keys never mix with another's and can all be deleted after. */
export const KEY_PREFIX = `reset-records-bench-${process.pid}-${Date.now()}:`;

const newClient = () =>
  createClient({ url: REDIS_URL, socket: { connectTimeout: 2_000, reconnectStrategy: false } });
let client: ReturnType<typeof newClient> | undefined;

/** Connects (once) and fails at once with a clear message when Redis is not there. */
export async function connectRedis(): Promise<void> {
  if (client !== undefined) return;
  const created = newClient();
  created.on('error', () => undefined); // a failed connect rejects connect() below
  try {
    await created.connect();
    await created.ping();
  } catch (error) {
    throw new Error(`Redis at ${REDIS_URL} is not reachable: ${(error as Error).message}`);
  }
  client = created;
}

/**
 * The commands the quota script runs inside Redis (`redis.call('ZADD', ...)` in
 * redis-store.ts), read from the source so the count stays right when the script changes.
 */
export function scriptCommands(): Set<string> {
  const source = readFileSync(join(ROOT, 'src/service/quota/redis-store.ts'), 'utf8');
  const names = [...source.matchAll(/redis\.(?:p?call)\(\s*['"]([A-Za-z]+)['"]/g)];
  return new Set(names.map((match) => match[1]!.toLowerCase()));
}

/** Calls per command since Redis started (`INFO commandstats`). */
async function commandCalls(): Promise<Map<string, number>> {
  const info = await client!.info('commandstats');
  const calls = new Map<string, number>();
  for (const match of info.matchAll(/^cmdstat_([^:]+):calls=(\d+)/gm))
    calls.set(match[1]!, Number(match[2]));
  return calls;
}

/** What Redis counted during one side of a round. */
export interface RedisFigures {
  readonly seconds: number;
  /** Every command Redis counted, but the bench's own INFO. */
  readonly commands: number;
  /** Of which run inside a Lua script (the quota script's commands): no round trip. */
  readonly inScript: number;
  /** Per command name (evalsha, zadd...), the bench's INFO left out. */
  readonly byCommand: Readonly<Record<string, number>>;
}

/** Starts counting; the returned function stops and gives the counts. */
export async function watchRedis(): Promise<() => Promise<RedisFigures>> {
  const inScriptNames = scriptCommands();
  const before = await commandCalls();
  const started = performance.now();
  return async () => {
    // Requests still in flight when the load generator stopped reach Redis a little later.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const after = await commandCalls();
    const seconds = (performance.now() - started) / 1000;
    const byCommand: Record<string, number> = {};
    let commands = 0;
    let inScript = 0;
    for (const [name, calls] of after) {
      const delta = calls - (before.get(name) ?? 0);
      // INFO is never the service's: the bench's own reads (and any monitoring tool's).
      if (delta === 0 || name === 'info') continue;
      byCommand[name] = delta;
      commands += delta;
      if (inScriptNames.has(name)) inScript += delta;
    }
    return { seconds, commands, inScript, byCommand };
  };
}

/** Deletes every key of this run (the quota logs under KEY_PREFIX); returns how many. */
export async function deleteRunKeys(): Promise<number> {
  if (client === undefined) return 0;
  let deleted = 0;
  for await (const keys of client.scanIterator({ MATCH: `${KEY_PREFIX}*`, COUNT: 1000 })) {
    if (keys.length > 0) deleted += await client.unlink(keys);
  }
  client.destroy();
  client = undefined;
  return deleted;
}

/**
 * Round trips per request over a round: the service side's commands sent over the
 * network (counted minus those run inside the script), less the background rate seen
 * during the bare side (the service idle), divided by the requests the load generator
 * sent (answered, or in flight at the end of the round, which the service still handles).
 */
export function roundTripsPerRequest(
  service: RedisFigures,
  bare: RedisFigures,
  requests: number,
): number {
  const background = ((bare.commands - bare.inScript) / bare.seconds) * service.seconds;
  return (service.commands - service.inScript - background) / requests;
}

/** All commands Redis ran per request, inside the script included, background removed. */
export function commandsPerRequest(
  service: RedisFigures,
  bare: RedisFigures,
  requests: number,
): number {
  const background = (bare.commands / bare.seconds) * service.seconds;
  return (service.commands - background) / requests;
}
