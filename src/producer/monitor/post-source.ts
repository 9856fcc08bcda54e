import type { Post } from '../ledger/post.ts';

/** What one check of a source found. */
export interface SourceCheck {
  readonly posts: readonly Post[];
  /** The newest post id seen (the X source's `since_id`), or null. */
  readonly cursor: string | null;
  /** Lines or items that were not posts, already described for a person. */
  readonly problems: readonly string[];
}

/** A source of posts (producer.md §5, §6): the JSON-lines file, or X. */
export interface PostSource {
  /** A short name for the ledger's `source_checked` entries, e.g. `file:posts.jsonl`. */
  readonly name: string;
  /** Reads new posts; `since` is the cursor of the last successful check. Throws on failure. */
  check(since: string | null): Promise<SourceCheck>;
}
