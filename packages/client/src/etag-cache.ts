/**
 * The last body of each URL with its ETag, for `If-None-Match` revalidation: a 304 then
 * costs no body (on the data endpoints it still counts against the quota; /status.json
 * is never counted). Least recently used first out, bounded by the total size of the
 * bodies kept.
 */
export class EtagCache {
  readonly #entries = new Map<string, { etag: string; text: string }>();
  readonly #maxChars: number;
  #chars = 0;

  constructor(maxChars: number) {
    this.#maxChars = maxChars;
  }

  get(url: string): { etag: string; text: string } | undefined {
    const entry = this.#entries.get(url);
    if (entry !== undefined) {
      this.#entries.delete(url); // most recently used last
      this.#entries.set(url, entry);
    }
    return entry;
  }

  set(url: string, etag: string, text: string): void {
    this.delete(url);
    if (text.length > this.#maxChars) return;
    this.#entries.set(url, { etag, text });
    this.#chars += text.length;
    for (const [oldest, entry] of this.#entries) {
      if (this.#chars <= this.#maxChars) break;
      this.#entries.delete(oldest);
      this.#chars -= entry.text.length;
    }
  }

  delete(url: string): void {
    const entry = this.#entries.get(url);
    if (entry === undefined) return;
    this.#entries.delete(url);
    this.#chars -= entry.text.length;
  }

  get size(): number {
    return this.#entries.size;
  }

  get chars(): number {
    return this.#chars;
  }
}
