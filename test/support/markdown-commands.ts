/**
 * The commands a Markdown document shows, as a reader would copy them: the ```sh blocks of
 * one section, a line per command (backslash continuations joined, comments and blank lines
 * dropped). For the tests that run the documents' commands as written.
 */

/** The text under `## heading`, up to the next heading of level 2 or above. */
export function section(markdown: string, heading: string): string {
  const start = markdown.indexOf(`\n## ${heading}\n`);
  if (start < 0) throw new Error(`no section "## ${heading}"`);
  const body = markdown.slice(start + heading.length + 5);
  const end = body.search(/^#{1,2} /m);
  return end < 0 ? body : body.slice(0, end);
}

/** The commands of each ```sh block of `text`, in order. */
export function shellBlocks(text: string): string[][] {
  return [...text.matchAll(/^```sh\n([\s\S]*?)^```$/gm)].map((block) =>
    block[1]!
      .replace(/\\\n\s*/g, '')
      .split('\n')
      // A comment starts at " #"; the commands shown have no # inside quotes.
      .map((line) => line.replace(/(^|\s+)#.*$/, '').trim())
      .filter((command) => command !== ''),
  );
}

/** The commands of all the ```sh blocks of `text`, in order. */
export const shellCommands = (text: string): string[] => shellBlocks(text).flat();
