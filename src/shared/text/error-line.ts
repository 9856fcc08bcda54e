import { escapeTerminal } from './terminal.ts';

/** Longest error message printed: a message may quote a value from outside. */
export const MAX_ERROR_LINE = 500;

/**
 * An error as one line for a terminal: a zod error (whose message is its issues as
 * pretty-printed JSON) as its first issue and how many there are; any other message with
 * its line breaks flattened; escaped (terminal.ts) and at most MAX_ERROR_LINE characters.
 * No stack trace: it names files and may quote configuration.
 */
export function errorLine(error: unknown): string {
  const flat = messageOf(error)
    .replace(/\s*[\r\n\u2028\u2029]+\s*/g, ' ')
    .trim();
  const cut = flat.length > MAX_ERROR_LINE ? `${flat.slice(0, MAX_ERROR_LINE)}…` : flat;
  return escapeTerminal(cut === '' ? 'no message' : cut);
}

interface Issue {
  readonly path?: readonly PropertyKey[];
  readonly message?: string;
}

function messageOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const issues = (error as { issues?: unknown }).issues;
  if (error.name === 'ZodError' && Array.isArray(issues) && issues.length > 0) {
    const first = issues[0] as Issue;
    const path = (first.path ?? []).map(String).join('.');
    const more = issues.length > 1 ? ` (and ${issues.length - 1} more)` : '';
    return `invalid value${path === '' ? '' : ` at ${path}`}: ${first.message ?? 'invalid'}${more}`;
  }
  return error.message;
}

/** The stack of an error, each line escaped, for a debug run (LOG_LEVEL=debug or trace). */
export function stackLines(error: unknown): string[] {
  const stack = error instanceof Error ? (error.stack ?? error.message) : String(error);
  return stack.split(/\r?\n/).map((line) => escapeTerminal(line));
}
