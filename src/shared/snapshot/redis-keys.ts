/**
 * Keys next to SNAPSHOT_REDIS_KEY. The snapshot itself is the plain string at that key
 * (an operator can GET it); its version (a content hash) sits beside it, in the same
 * Redis Cluster hash slot, so publishing both is one atomic MULTI even on a cluster.
 */
export function snapshotVersionKey(key: string): string {
  return hasHashTag(key) ? `${key}:version` : `{${key}}:version`;
}

/** Channel announcing a newly published snapshot (the message is its version). */
export function snapshotChannel(key: string): string {
  return `${key}:published`;
}

/** Redis hashes only the part between the first `{` and the next `}` when it is not empty. */
function hasHashTag(key: string): boolean {
  const open = key.indexOf('{');
  if (open === -1) return false;
  const close = key.indexOf('}', open + 1);
  return close > open + 1;
}
