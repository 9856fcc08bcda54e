import type { Logger } from 'pino';
import { PreparedSnapshot } from '../query/prepared-snapshot.ts';
import type { SnapshotInput } from './load-snapshot.ts';
import type { SnapshotLoader } from './snapshot-loader.ts';

/**
 * Holds the snapshot being served. A new snapshot is read, validated and prepared
 * completely (off the main thread, by the loader) before it replaces the current one, so
 * a reader sees either the old or the new snapshot, never a mix; a refused one is logged
 * and counted, and the last good one keeps serving. No refused text is kept: only its
 * hash, so the same bad content is reported once.
 */
export class SnapshotStore {
  #current: PreparedSnapshot | null = null;
  #lastHash: string | undefined;
  #rejected = 0;
  #loaded = 0;
  readonly #logger: Logger;
  readonly #loader: SnapshotLoader | undefined;
  readonly #listeners: (() => void)[] = [];

  constructor(logger: Logger, loader?: SnapshotLoader) {
    this.#logger = logger;
    this.#loader = loader;
  }

  /** The snapshot being served, or null when none has been published yet. */
  get current(): PreparedSnapshot | null {
    return this.#current;
  }

  /** Number of snapshots loaded and rejected since start (for metrics). */
  get counts(): { loaded: number; rejected: number } {
    return { loaded: this.#loaded, rejected: this.#rejected };
  }

  /**
   * Calls `listener` after each snapshot installed (the followers' events: follow/follower.ts).
   * A listener must not throw and returns at once; it reads `current` itself.
   */
  onInstall(listener: () => void): void {
    this.#listeners.push(listener);
  }

  /** Loads a newly published snapshot; resolves to whether it is now served. */
  async load(input: SnapshotInput, origin: string): Promise<boolean> {
    if (this.#loader === undefined) throw new Error('this store has no loader');
    const outcome = await this.#loader.load(input);
    if (outcome.contentHash !== undefined && outcome.contentHash === this.#lastHash) {
      return outcome.ok; // the same content again: already served, or already reported
    }
    this.#lastHash = outcome.contentHash;
    if (!outcome.ok) {
      this.reject(origin, outcome.problems);
      return false;
    }
    this.install(new PreparedSnapshot(outcome.data), origin);
    return true;
  }

  /** Serves a snapshot prepared on this thread (the bundled demo). */
  install(snapshot: PreparedSnapshot, origin: string): void {
    this.#current = snapshot;
    this.#loaded++;
    this.#logger.info(
      { origin, records: snapshot.recordCount, generatedAt: snapshot.meta.generatedAt },
      'snapshot loaded',
    );
    for (const listener of this.#listeners) listener();
  }

  /** Records a refused snapshot; the current one keeps serving. */
  reject(origin: string, problems: readonly string[]): void {
    this.#rejected++;
    this.#logger.error(
      { origin, problems, count: problems.length },
      'snapshot rejected; still serving the previous one',
    );
  }
}
