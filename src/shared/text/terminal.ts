/**
 * Text from outside (a post, its parent, a `--reason`, a key of a snapshot file) shown on
 * an operator's terminal. A terminal acts on control characters: ESC and the C1 CSI/OSC
 * start sequences that set the title, write the clipboard or move the cursor; a carriage
 * return or a backspace overwrites what was printed; a newline starts a line that looks like
 * the program's own; bidi controls reorder what is shown, so the screen says other words than
 * the bytes. Each such character is shown as its `\uXXXX` escape instead:
 *
 * - C0 (U+0000–U+001F, tab and newline included), DEL (U+007F) and C1 (U+0080–U+009F);
 * - the bidi controls (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069) and the line
 *   and paragraph separators (U+2028, U+2029);
 * - a lone surrogate (no character at all).
 *
 * Every other character, a backslash included, is kept. Because the escape is JSON's own, a
 * line of `JSON.stringify` output stays valid JSON with the same value (such characters can
 * only occur inside its strings, and JSON.stringify already escapes C0), so one function
 * serves human lines and `--json` lines alike. A text that spans several lines is split on
 * "\n" first, each line escaped.
 */
export function escapeTerminal(text: string): string {
  return text.replace(
    UNSAFE,
    (c) => `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`,
  );
}

/** What `escapeTerminal` replaces (see above). */
export const UNSAFE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point
  /[\u0000-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069\u2028\u2029]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Whether `escapeTerminal` would leave `text` as it is. */
export const isTerminalSafe = (text: string): boolean => !HAS_UNSAFE.test(text);

/** The same without the global flag: `test` keeps no state between calls. */
const HAS_UNSAFE = new RegExp(UNSAFE.source);

/** Each line of a text that may span several, escaped (a CR LF ends a line too). */
export const escapeLines = (text: string): string[] =>
  text.split(/\r?\n/).map((line) => escapeTerminal(line));
