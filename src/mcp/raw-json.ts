/**
 * JSON.parse turns `1.0` into 1, so "is this argument a JSON integer?" cannot be answered
 * from the parsed value alone. This scanner reads the raw text of a JSON-RPC message (or
 * batch) and reports, per message index, which `params.arguments.<name>` members were
 * written as number literals with a fraction or an exponent.
 * It tokenizes only; the text has already been parsed successfully by JSON.parse.
 */

const TOKEN =
  /\s*(?:("(?:[^"\\]|\\.)*")|(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)|([{}[\]:,])|(true|false|null))/y;

type Frame = { kind: 'object'; key: string | undefined } | { kind: 'array'; index: number };

export function findFloatArguments(
  text: string,
  names: readonly string[],
): Map<number, Set<string>> {
  const found = new Map<number, Set<string>>();
  const stack: Frame[] = [];
  let expectKey = false;
  TOKEN.lastIndex = 0;

  const path = (): (string | number | undefined)[] =>
    stack.map((frame) => (frame.kind === 'object' ? frame.key : frame.index));

  while (TOKEN.lastIndex < text.length) {
    const match = TOKEN.exec(text);
    if (match === null) break; // trailing whitespace only
    const [, string, number, punct] = match;
    const top = stack.at(-1);
    if (punct === '{') {
      stack.push({ kind: 'object', key: undefined });
      expectKey = true;
    } else if (punct === '[') {
      stack.push({ kind: 'array', index: 0 });
    } else if (punct === '}' || punct === ']') {
      stack.pop();
    } else if (punct === ',') {
      if (top?.kind === 'array') top.index++;
      else expectKey = true;
    } else if (string !== undefined && top?.kind === 'object' && expectKey) {
      top.key = JSON.parse(string) as string;
      expectKey = false;
    } else if (number !== undefined && /[.eE]/.test(number)) {
      const p = path();
      const batch = typeof p[0] === 'number';
      const rest = batch ? p.slice(1) : p;
      const name = rest[2];
      if (
        rest.length === 3 &&
        rest[0] === 'params' &&
        rest[1] === 'arguments' &&
        names.includes(name as string)
      ) {
        const index = batch ? (p[0] as number) : 0;
        const set = found.get(index) ?? new Set<string>();
        set.add(name as string);
        found.set(index, set);
      }
    }
  }
  return found;
}
