import type { Logger } from 'pino';
import { PreparedSnapshot } from '../query/prepared-snapshot.ts';
import { formatProblem, validateSnapshotText } from './validate.ts';

/**
 * Holds the snapshot being served. A new text is validated and prepared completely
 * before it replaces the current one, so a reader sees either the old or the new
 * snapshot, never a mix; an invalid text is logged and ignored.
 */
export class SnapshotStore {
  #current: PreparedSnapshot | null = null;
  #lastText: string | undefined;
  #rejected = 0;
  #loaded = 0;
  readonly #logger: Logger;

  constructor(logger: Logger) {
    this.#logger = logger;
  }

  /** The snapshot being served, or null when none has been published yet. */
  get current(): PreparedSnapshot | null {
    return this.#current;
  }

  /** Number of snapshots loaded and rejected since start (for metrics). */
  get counts(): { loaded: number; rejected: number } {
    return { loaded: this.#loaded, rejected: this.#rejected };
  }

  /** Offers the text of a newly published snapshot; returns whether it is now served. */
  offer(text: string, origin: string): boolean {
    if (text === this.#lastText) return this.#current !== null;
    this.#lastText = text;
    const result = validateSnapshotText(text);
    if (!result.ok) {
      this.#rejected++;
      this.#logger.error(
        {
          origin,
          problems: result.problems.slice(0, 50).map(formatProblem),
          count: result.problems.length,
        },
        'snapshot rejected; still serving the previous one',
      );
      return false;
    }
    this.#current = new PreparedSnapshot(result.snapshot);
    this.#loaded++;
    this.#logger.info(
      { origin, records: this.#current.recordCount, generatedAt: this.#current.meta.generatedAt },
      'snapshot loaded',
    );
    return true;
  }
}
