import type { FastifyInstance } from 'fastify';
import type { QuotaStore } from '../../quota/quota-store.ts';
import type { SnapshotStore } from '../../snapshot/snapshot-store.ts';
import type { KnownRoutes } from '../known-routes.ts';

export interface OperationsRouteDeps {
  readonly snapshots: SnapshotStore;
  /** Undefined when limiting is off: then readiness does not depend on a store. */
  readonly quotaStore: QuotaStore | undefined;
  readonly knownRoutes: KnownRoutes;
}

/**
 * Liveness and readiness (decisions.md §1). Neither counts against the quota. The metrics
 * are served on a listener of their own (observability/metrics-server.ts).
 */
export function registerOperationsRoutes(app: FastifyInstance, deps: OperationsRouteDeps): void {
  const { snapshots, quotaStore, knownRoutes } = deps;

  app.get('/healthz', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { ok: true };
  });

  app.get('/readyz', async (_request, reply) => {
    const snapshot = snapshots.current !== null;
    const quota = quotaStore === undefined ? true : await quotaStore.isReady().catch(() => false);
    const ok = snapshot && quota;
    return reply
      .code(ok ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({
        ok,
        snapshot: snapshot ? 'loaded' : 'missing',
        quotaStore: quotaStore === undefined ? 'disabled' : quota ? 'reachable' : 'unreachable',
      });
  });

  for (const path of ['/healthz', '/readyz']) knownRoutes.add(path, ['GET']);
}
