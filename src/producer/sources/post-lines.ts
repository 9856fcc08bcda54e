import { Post } from '../ledger/post.ts';

/** A line of a posts file that is not a post, by its 1-based number. */
export interface LineProblem {
  readonly line: number;
  readonly message: string;
}

export interface ParsedPosts {
  /** The posts, in file order; a post id given twice keeps its first line. */
  readonly posts: Post[];
  readonly problems: LineProblem[];
}

/** Longer lines are refused without being parsed (a post's text is at most 25,000 characters). */
const MAX_LINE_CHARS = 200_000;

/**
 * Reads posts as JSON lines (producer.md §5): one object per line, blank lines ignored. A
 * line that is not such an object is reported with its number and skipped; every other
 * line still counts, so nothing else is lost.
 */
export function parsePostLines(text: string): ParsedPosts {
  const posts: Post[] = [];
  const problems: LineProblem[] = [];
  const seen = new Set<string>();
  // A byte order mark, which some editors write, is not part of the first line.
  const lines = (text.startsWith('\uFEFF') ? text.slice(1) : text).split('\n');
  lines.forEach((raw, index) => {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (line.trim() === '') return;
    const number = index + 1;
    if (line.length > MAX_LINE_CHARS) {
      problems.push({ line: number, message: `longer than ${MAX_LINE_CHARS} characters` });
      return;
    }
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      problems.push({ line: number, message: 'not valid JSON' });
      return;
    }
    const result = Post.safeParse(value);
    if (!result.success) {
      const issue = result.error.issues[0]!;
      const field = issue.path.length === 0 ? 'the line' : issue.path.join('.');
      problems.push({ line: number, message: `${field}: ${issue.message}` });
      return;
    }
    if (seen.has(result.data.id)) return;
    seen.add(result.data.id);
    posts.push(result.data);
  });
  return { posts, problems };
}

export const formatLineProblem = (source: string, problem: LineProblem) =>
  `${source}:${problem.line}: ${problem.message}`;
