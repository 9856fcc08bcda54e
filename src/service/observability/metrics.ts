import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { ConnectionStats } from '../http/connection-guard.ts';
import type { QuotaGate } from '../quota/quota-gate.ts';
import type { SnapshotStore } from '../snapshot/snapshot-store.ts';

export interface MetricsSources {
  readonly snapshots: SnapshotStore;
  readonly gate: QuotaGate;
  readonly clock: () => number;
  readonly connections: ConnectionStats;
  /** The MCP endpoint's counts. */
  readonly mcp: { readonly stats: { readonly directAnswers: number } };
  /** Present when the quota lives in process memory. */
  readonly memoryStore?: { readonly stats: { clients: number; evictions: number } } | undefined;
}

export interface Metrics {
  readonly registry: Registry;
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
}: MetricsSources): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests by route, method and status.',
    labelNames: ['route', 'method', 'status'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer HTTP requests, by route.',
    labelNames: ['route'] as const,
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
    registers: [registry],
  });
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
    help: 'MCP tool calls answered without the SDK transport (plain 2026-07-28 tools/call).',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(mcp.stats.directAnswers);
    },
  });

  // Each label set is bound once: prom-client hashes the labels object at every call
  // otherwise, a few microseconds per request. Routes, methods (Node parses only the ones
  // it knows) and statuses are few, so these maps stay small.
  const counters = new Map<string, { inc(): void }>();
  const timers = new Map<string, { observe(value: number): void }>();
  return {
    registry,
    observeRequest(route, method, status, seconds) {
      const key = `${route} ${method} ${status}`;
      let counter = counters.get(key);
      if (counter === undefined) {
        counter = requests.labels(route, method, String(status));
        counters.set(key, counter);
      }
      counter.inc();
      let timer = timers.get(route);
      if (timer === undefined) {
        timer = duration.labels(route);
        timers.set(route, timer);
      }
      timer.observe(seconds);
    },
  };
}
