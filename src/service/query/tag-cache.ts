import type { PreparedSnapshot } from './prepared-snapshot.ts';

/**
 * Encodings of recent answers (an HTTP body, an MCP result), by the answer's tag (same
 * tag, same bytes: query-service.ts), for the snapshot being served. Most requests ask for
 * the same few pages (page 1 above all), so a cached answer skips assembling, escaping and
 * encoding the same JSON again. A new snapshot starts an empty cache. Bounded in bytes
 * (the oldest entries go first), so a client walking every page only churns it.
 */
export class TagCache<V> {
  readonly #maxBytes: number;
  readonly #sizeOf: (value: V) => number;
  #snapshot: PreparedSnapshot | undefined;
  readonly #entries = new Map<string, V>();
  #bytes = 0;

  constructor(maxBytes: number, sizeOf: (value: V) => number) {
    this.#maxBytes = maxBytes;
    this.#sizeOf = sizeOf;
  }

  get(snapshot: PreparedSnapshot, tag: string, make: () => V): V {
    if (snapshot !== this.#snapshot) {
      this.#snapshot = snapshot;
      this.#entries.clear();
      this.#bytes = 0;
    }
    const cached = this.#entries.get(tag);
    if (cached !== undefined) return cached;
    const value = make();
    const size = this.#sizeOf(value);
    if (size > this.#maxBytes) return value;
    this.#bytes += size;
    for (const [oldTag, old] of this.#entries) {
      if (this.#bytes <= this.#maxBytes) break;
      this.#entries.delete(oldTag);
      this.#bytes -= this.#sizeOf(old);
    }
    this.#entries.set(tag, value);
    return value;
  }

  /** Bytes held (for tests). */
  get bytes(): number {
    return this.#bytes;
  }
}
