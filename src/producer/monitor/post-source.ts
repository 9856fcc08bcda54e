import type { Post } from '../ledger/post.ts';

/** What one check of a source found. */
export interface SourceCheck {
  readonly posts: readonly Post[];
  /** Lines or items that were not posts, already described for a person. */
  readonly problems: readonly string[];
}

/** What ends a check early: the monitor stopping, and the round's deadline. */
export interface CheckBounds {
  readonly signal?: AbortSignal | undefined;
  /**
   * Date.now() ms: no request nor wait of the check goes past it. Real time, not the
   * monitor's clock (which tests set to a fixed instant).
   */
  readonly deadline?: number | undefined;
}

/** A source of posts (producer.md §5, §6): the JSON-lines file, or X. */
export interface PostSource {
  /** A short name for the ledger's `source_checked` entries, e.g. `file:posts.jsonl`. */
  readonly name: string;
  /**
   * Reads new posts; `since` is the cursor (the newest post id stored, monitor/cursor.ts).
   * Throws on failure. The round moves the cursor over the posts it stores, not the source.
   */
  check(since: string | null, bounds?: CheckBounds): Promise<SourceCheck>;
}
