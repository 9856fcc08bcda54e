import { type ParseArgsConfig, parseArgs } from 'node:util';
import { isTimestamp } from '../../shared/domain/timestamp.ts';
import { escapeTerminal } from '../../shared/text/terminal.ts';
import { readRegularFile } from '../../shared/util/read-regular-file.ts';
import type { Post } from '../ledger/post.ts';
import { formatLineProblem, type LineProblem, parsePostLines } from '../sources/post-lines.ts';

/** A usage error of a producer command (exit 2), as `reset-records` reports it. */
export class ProducerUsageError extends Error {
  override name = 'ProducerUsageError';
}

/** The largest posts file `ingest` and `classify` read. */
const MAX_INPUT_BYTES = 64 * 1024 * 1024;

type Options = NonNullable<ParseArgsConfig['options']>;

export function parse<T extends Options>(argv: string[], options: T) {
  try {
    return parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new ProducerUsageError((error as Error).message);
  }
}

/** FILE, or standard input when no FILE (or `-`) is given. */
export async function readInput(positionals: string[]): Promise<{ text: string; name: string }> {
  if (positionals.length > 1) throw new ProducerUsageError('expected at most one FILE');
  const file = positionals[0];
  if (file === undefined || file === '-') {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of process.stdin) {
      size += (chunk as Buffer).length;
      if (size > MAX_INPUT_BYTES)
        throw new Error(`standard input is over ${MAX_INPUT_BYTES} bytes`);
      chunks.push(chunk as Buffer);
    }
    return { text: Buffer.concat(chunks).toString('utf8'), name: '(stdin)' };
  }
  const text = await readRegularFile(file, {
    maxBytes: MAX_INPUT_BYTES,
    label: 'input size limit',
    setting: 'a fixed 64 MiB',
  });
  return { text, name: file };
}

export function readPosts(text: string, name: string): Post[] {
  const { posts, problems } = parsePostLines(text);
  for (const problem of problems) console.error(skippedLine(name, problem));
  return posts;
}

/** A line of a posts file that is not a post, for the terminal: its key names come from the file. */
export function skippedLine(name: string, problem: LineProblem): string {
  return escapeTerminal(`${formatLineProblem(name, problem)} (skipped)`);
}

export function parseNow(value: string): number {
  if (!isTimestamp(value))
    throw new ProducerUsageError('--now must be a UTC time like 2026-11-20T12:00:00.000Z');
  return Date.parse(value);
}
