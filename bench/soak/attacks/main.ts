/**
 * The attacker (a worker process of its own): runs attacks (a) to (e) together as
 * background load for the whole soak, every one bounded in count and time and aimed only
 * at the service on loopback. Attack (f), bad snapshot files, is the publisher's.
 *
 * Run by bench/soak.ts; not meant to be started by hand.
 */
import type { Target } from '../http-client.ts';
import {
  Random,
  type StatusCounts,
  StatusTable,
  type ViolationRecord,
  Violations,
} from '../stats.ts';
import { runWorker, type WorkerConfig } from '../worker-process.ts';
import { type IdleStats, idleConnections } from './idle-connections.ts';
import { type ForwardedForStats, junkForwardedFor } from './junk-forwarded-for.ts';
import { type DeepNestingStats, mcpDeepNesting } from './mcp-deep-nesting.ts';
import { type FloodStats, pipeliningFlood } from './pipelining-flood.ts';
import { type SlowlorisStats, slowloris } from './slowloris.ts';

export interface AttackConfig extends WorkerConfig {
  readonly target: Target;
  readonly seed: number;
  readonly floodConnections: number;
  readonly slowlorisConnections: number;
  readonly slowlorisByteEveryMs: number;
  readonly idleConnections: number;
  readonly deepNestingSenders: number;
  readonly forwardedForEveryMs: number;
}

export interface AttackResult {
  readonly flood: FloodStats | undefined;
  readonly slowloris: SlowlorisStats | undefined;
  readonly idle: IdleStats | undefined;
  readonly deepNesting: DeepNestingStats | undefined;
  readonly forwardedFor: ForwardedForStats | undefined;
  readonly statuses: StatusCounts;
  readonly violations: ViolationRecord;
}

async function main(config: AttackConfig, signal: AbortSignal): Promise<AttackResult> {
  const { target, durationMs } = config;
  const statuses = new StatusTable();
  const violations = new Violations();
  const random = new Random(config.seed + 1);
  const on = (n: number) => n > 0;
  const [flood, slow, idle, deepNesting, forwardedFor] = await Promise.all([
    on(config.floodConnections)
      ? pipeliningFlood(target, config.floodConnections, durationMs, signal)
      : undefined,
    on(config.slowlorisConnections)
      ? slowloris(
          target,
          config.slowlorisConnections,
          config.slowlorisByteEveryMs,
          durationMs,
          signal,
          violations,
        )
      : undefined,
    on(config.idleConnections)
      ? idleConnections(target, config.idleConnections, durationMs, signal)
      : undefined,
    on(config.deepNestingSenders)
      ? mcpDeepNesting(target, config.deepNestingSenders, durationMs, signal, statuses, violations)
      : undefined,
    on(config.forwardedForEveryMs)
      ? junkForwardedFor(
          target,
          config.forwardedForEveryMs,
          durationMs,
          signal,
          random,
          statuses,
          violations,
        )
      : undefined,
  ]);
  return {
    flood,
    slowloris: slow,
    idle,
    deepNesting,
    forwardedFor,
    statuses: statuses.counts,
    violations: violations.byKind,
  };
}

runWorker(main);
