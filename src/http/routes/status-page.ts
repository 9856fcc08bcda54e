import type { FastifyInstance } from 'fastify';
import type { SnapshotStore } from '../../snapshot/snapshot-store.ts';
import type { KnownRoutes } from '../known-routes.ts';

export interface StatusPageDeps {
  readonly snapshots: SnapshotStore;
  readonly clock: () => number;
  readonly knownRoutes: KnownRoutes;
}

/** GET / : the status page for people. Filled in by the status-page work. */
export function registerStatusPage(_app: FastifyInstance, _deps: StatusPageDeps): void {}
