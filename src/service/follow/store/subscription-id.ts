import { createHash } from 'node:crypto';

/**
 * A subscription's id: the first 22 characters (132 bits) of the base64url SHA-256 of its
 * endpoint. Derived, not assigned, so that every store (and every instance) gives the same
 * subscription the same id, a re-subscription from the same browser finds its row, and the
 * ids sort the same way everywhere (they are what `subscribersOf` pages by).
 */
export function subscriptionId(endpoint: string): string {
  return createHash('sha256').update(endpoint, 'utf8').digest('base64url').slice(0, 22);
}
