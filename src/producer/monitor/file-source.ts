import { readRegularFile } from '../../shared/util/read-regular-file.ts';
import { formatLineProblem, parsePostLines } from '../sources/post-lines.ts';
import type { PostSource } from './post-source.ts';

/** A posts file larger than this is refused (about 4,000 long posts a MiB). */
const MAX_POSTS_FILE_BYTES = 64 * 1024 * 1024;

/**
 * MONITOR_SOURCE=file:PATH: a JSON-lines file of posts, for operators without X API access
 * and for tests. Every check reads the whole file (the ledger ignores posts it has): the
 * cursor is not used.
 */
export function createFileSource(path: string): PostSource {
  return {
    name: `file:${path}`,
    async check() {
      const text = await readRegularFile(path, {
        maxBytes: MAX_POSTS_FILE_BYTES,
        label: 'posts file size limit',
        setting: 'a fixed 64 MiB',
      });
      const { posts, problems } = parsePostLines(text);
      return {
        posts,
        problems: problems.map((problem) => formatLineProblem(path, problem)),
      };
    },
  };
}
