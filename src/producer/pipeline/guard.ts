import { describeTarget, type PublishTarget } from '../../shared/config/publish-settings.ts';
import type { SnapshotFile } from '../../shared/domain/snapshot.ts';
import type { RedisClient } from '../../shared/redis/redis-client.ts';
import { readSnapshotFile } from '../../shared/snapshot/read-snapshot-file.ts';
import type { Entry } from '../ledger/entry.ts';

/**
 * What a publish is checked against before it replaces the live snapshot (issue 16,
 * finding 8): a monitor started with the wrong ledger (another directory, LEDGER_URL
 * unset) must not publish its empty or foreign snapshot over the live one.
 */
export interface PublishGuard {
  /** The ledger the snapshot was built from. */
  readonly entries: readonly Entry[];
  /** Publish whatever the checks say (`--force`). */
  readonly force: boolean;
}

/** The live snapshot's records and last successful check, or null when there is none. */
export interface Live {
  readonly ids: readonly string[];
  readonly lastSuccessfulCheckAt: string | null;
}

/** A publish refused by the guard: nothing was written. */
export class PublishRefused extends Error {
  override name = 'PublishRefused';
}

/**
 * Refuses, unless forced, to replace a live snapshot:
 * - with one built from a ledger that never had a successful check
 *   (`lastSuccessfulCheckAt` null) while the live one had;
 * - with one that drops every live record when the ledger knows none of them (holds none of
 *   their posts or records): that is another ledger, not an operator's decision (dismissing
 *   the last record of a ledger is allowed: the ledger knows it).
 * With no live snapshot (or one that cannot be read as a snapshot) anything is published.
 */
export function refuseWrongPublish(
  snapshot: SnapshotFile,
  live: Live | null,
  guard: PublishGuard,
  target: PublishTarget,
): void {
  if (live === null || guard.force) return;
  const where = describeTarget(target);
  if (snapshot.lastSuccessfulCheckAt === null && live.lastSuccessfulCheckAt !== null) {
    throw new PublishRefused(
      `refused to publish over the live snapshot at ${where}: this ledger has no successful source check (the live one's last was ${live.lastSuccessfulCheckAt}); is LEDGER_URL the ledger in use? --force publishes anyway`,
    );
  }
  if (live.ids.length === 0) return;
  const kept = new Set(snapshot.records.map((record) => record.id));
  if (live.ids.some((id) => kept.has(id))) return;
  const known = knownIds(guard.entries);
  if (live.ids.some((id) => known.has(id))) return;
  throw new PublishRefused(
    `refused to publish over the live snapshot at ${where}: it would drop all ${live.ids.length} live record(s), none of which this ledger knows; is LEDGER_URL the ledger in use? --force publishes anyway`,
  );
}

/** Every post and record id an entry of the ledger names. */
function knownIds(entries: readonly Entry[]): Set<string> {
  const ids = new Set<string>();
  for (const { payload } of entries) {
    const named = payload as { post?: { id?: unknown }; postId?: unknown; recordId?: unknown };
    for (const id of [named.post?.id, named.postId, named.recordId]) {
      if (typeof id === 'string') ids.add(id);
    }
  }
  return ids;
}

/** The live snapshot at SNAPSHOT_PATH, or null when there is none to lose. */
export async function liveFile(target: Extract<PublishTarget, { kind: 'file' }>) {
  let text: string;
  try {
    text = await readSnapshotFile(target.path, target.maxBytes);
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOENT') return null;
    throw error;
  }
  return liveOf(text);
}

/** The live snapshot at SNAPSHOT_REDIS_KEY, or null. */
export async function liveRedis(
  client: RedisClient,
  target: Extract<PublishTarget, { kind: 'redis' }>,
): Promise<Live | null> {
  const type = await client.type(target.key);
  if (type !== 'string') return null;
  const bytes = await client.strLen(target.key);
  if (bytes > target.maxBytes) return null;
  const text = await client.get(target.key);
  return text === null ? null : liveOf(text);
}

/** Only what the guard needs; a text that is not a snapshot has nothing to lose. */
function liveOf(text: string): Live | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  const snapshot = value as { records?: unknown; lastSuccessfulCheckAt?: unknown };
  if (typeof snapshot !== 'object' || snapshot === null || !Array.isArray(snapshot.records)) {
    return null;
  }
  const ids = snapshot.records
    .map((record: { id?: unknown } | null) => record?.id)
    .filter((id): id is string => typeof id === 'string');
  const at = snapshot.lastSuccessfulCheckAt;
  return { ids, lastSuccessfulCheckAt: typeof at === 'string' ? at : null };
}
