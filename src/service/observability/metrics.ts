import { Counter, collectDefaultMetrics, Gauge, Registry } from 'prom-client';
import type { FollowStats } from '../follow/follow-stats.ts';
import type { ConnectionStats } from '../http/connection-guard.ts';
import type { QuotaGate } from '../quota/quota-gate.ts';
import type { SnapshotStore } from '../snapshot/snapshot-store.ts';
import { type RequestCell, registerRequestMetrics } from './request-metrics.ts';

export interface MetricsSources {
  readonly snapshots: SnapshotStore;
  readonly gate: QuotaGate;
  readonly clock: () => number;
  readonly connections: ConnectionStats;
  /** The MCP endpoint's counts. */
  readonly mcp: { readonly stats: { readonly directAnswers: number } };
  /** Present when the quota lives in process memory. */
  readonly memoryStore?: { readonly stats: { clients: number; evictions: number } } | undefined;
  /** Present when push or broadcast channels are configured (docs/following.md). */
  readonly follow?: FollowStats | undefined;
  /** `serve --monitor`: the supervised monitor process. */
  readonly monitor?: { readonly restarts: number } | undefined;
}

export interface Metrics {
  readonly registry: Registry;
  /** Counted by the fast path (http/fast-path.ts), read when scraped. */
  readonly fastPath: { answers: number };
  /** The cell a request of `route`, `method` and `status` adds to (keep it: no lookup). */
  requestCell(route: string, method: string, status: number): RequestCell;
  observeRequest(route: string, method: string, status: number, seconds: number): void;
}

/**
 * Prometheus metrics on a registry of this app's own (so several apps in one process,
 * as in tests, never share counters). Snapshot and quota figures are read when scraped.
 */
export function createMetrics({
  snapshots,
  gate,
  clock,
  connections,
  mcp,
  memoryStore,
  follow,
  monitor,
}: MetricsSources): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const fastPath = { answers: 0 };

  const requests = registerRequestMetrics(registry);
  if (follow !== undefined) registerFollowMetrics(registry, follow);
  if (monitor !== undefined) {
    new Counter({
      name: 'monitor_restarts_total',
      help: 'Times serve --monitor started its monitor again after it ended, crashed or fell silent.',
      registers: [registry],
      collect() {
        this.reset();
        this.inc(monitor.restarts);
      },
    });
  }
  new Counter({
    name: 'quota_rejections_total',
    help: 'Counted requests refused with rate_limited.',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(gate.stats.rejections);
    },
  });
  new Counter({
    name: 'quota_store_failures_total',
    help: 'Counted requests refused with rate_limit_unavailable.',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(gate.stats.storeFailures);
    },
  });
  new Gauge({
    name: 'snapshot_loaded',
    help: '1 when a snapshot is being served, else 0.',
    registers: [registry],
    collect() {
      this.set(snapshots.current === null ? 0 : 1);
    },
  });
  new Gauge({
    name: 'snapshot_records',
    help: 'Records in the snapshot being served.',
    registers: [registry],
    collect() {
      this.set(snapshots.current?.recordCount ?? 0);
    },
  });
  new Gauge({
    name: 'snapshot_age_seconds',
    help: 'Seconds since the served snapshot was generated (its generatedAt).',
    registers: [registry],
    collect() {
      const current = snapshots.current;
      if (current === null) this.reset();
      else this.set((clock() - current.generatedAtMs) / 1000);
    },
  });
  new Counter({
    name: 'snapshot_rejections_total',
    help: 'Published snapshots refused as invalid.',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(snapshots.counts.rejected);
    },
  });

  new Counter({
    name: 'http_connections_cut_total',
    help: 'Connections closed by a limit: pipelining, per_address or server_full.',
    labelNames: ['reason'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const [reason, count] of Object.entries(connections.cuts)) this.inc({ reason }, count);
    },
  });
  new Gauge({
    name: 'http_connections_open',
    help: 'Connections open on the public listener.',
    registers: [registry],
    collect() {
      this.set(connections.open);
    },
  });

  if (memoryStore !== undefined) {
    new Gauge({
      name: 'quota_memory_clients',
      help: 'Clients tracked by the in-memory quota store.',
      registers: [registry],
      collect() {
        this.set(memoryStore.stats.clients);
      },
    });
    new Counter({
      name: 'quota_memory_evictions_total',
      help: 'Clients forgotten because the in-memory quota store reached its cap.',
      registers: [registry],
      collect() {
        this.reset();
        this.inc(memoryStore.stats.evictions);
      },
    });
  }

  new Counter({
    name: 'mcp_direct_answers_total',
    help: 'MCP requests answered without the SDK transport (plain tools/call; tools/list of the 2025 revisions).',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(mcp.stats.directAnswers);
    },
  });

  new Counter({
    name: 'http_fast_path_answers_total',
    help: 'Requests to the data endpoints answered below the framework (http/fast-path.ts).',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(fastPath.answers);
    },
  });

  return {
    registry,
    fastPath,
    requestCell: (route, method, status) => requests.cell(route, method, status),
    observeRequest(route, method, status, seconds) {
      requests.cell(route, method, status).observe(seconds);
    },
  };
}

/** Following's counts (docs/following.md), read when scraped. */
function registerFollowMetrics(registry: Registry, follow: FollowStats): void {
  new Counter({
    name: 'follow_events_total',
    help: 'Events (a reset, a schedule, a window within the hour) this instance claimed and sent.',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(follow.events);
    },
  });
  new Counter({
    name: 'push_messages_total',
    help: 'Web Push messages by outcome: sent, gone (subscription removed), failed.',
    labelNames: ['outcome'],
    registers: [registry],
    collect() {
      this.reset();
      this.inc({ outcome: 'sent' }, follow.pushSent);
      this.inc({ outcome: 'gone' }, follow.pushGone);
      this.inc({ outcome: 'failed' }, follow.pushFailed);
    },
  });
  new Counter({
    name: 'broadcast_messages_total',
    help: 'Broadcast channel messages by outcome: sent, failed (failed or dropped).',
    labelNames: ['outcome'],
    registers: [registry],
    collect() {
      this.reset();
      this.inc({ outcome: 'sent' }, follow.broadcastSent);
      this.inc({ outcome: 'failed' }, follow.broadcastFailed);
    },
  });
}
