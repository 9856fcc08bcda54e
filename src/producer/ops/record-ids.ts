import { randomInt } from 'node:crypto';
import type { Entry } from '../ledger/entry.ts';

/** Crockford's base32, lowercase: no i, l, o, u, so a token read aloud or retyped stays itself. */
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

/**
 * A 14-character token: 10 characters of the time in ms (sorts as the time does, as ids in
 * a list are read newest or oldest first) and 4 random ones (20 bits, for two ids drawn in
 * the same millisecond).
 */
export function timeOrderedToken(now: number): string {
  let time = '';
  for (let rest = Math.floor(now), i = 0; i < 10; i++, rest = Math.floor(rest / 32)) {
    time = ALPHABET[rest % 32]! + time;
  }
  let random = '';
  for (let i = 0; i < 4; i++) random += ALPHABET[randomInt(32)]!;
  return time + random;
}

/** How many tokens to draw before deciding the generator is broken (a clash is ~1 in a million). */
const ATTEMPTS = 8;

/**
 * A new `op_…` or `manual:…` id that no entry has ever used, in effect or undone, so that
 * an id names one record for good (producer.md §4: never reused).
 */
export function freshRecordId(
  prefix: 'op_' | 'manual:',
  entries: readonly Entry[],
  newId: () => string,
): string {
  const used = new Set<string>();
  for (const entry of entries) {
    if (entry.type === 'note' || entry.type === 'complete') used.add(entry.payload.recordId);
  }
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const id = prefix + newId();
    if (!used.has(id)) return id;
  }
  throw new Error(`drew ${ATTEMPTS} ${prefix} ids that were all taken: the id generator is broken`);
}
