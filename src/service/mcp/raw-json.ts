/**
 * JSON.parse turns `1.0` into 1, so "is this argument a JSON integer?" cannot be answered
 * from the parsed value alone. This scanner reads the raw text of a JSON-RPC message (or
 * batch) and reports, per message index, which `params.arguments.<name>` members were
 * written as number literals with a fraction or an exponent.
 * It tokenizes only; the text has already been parsed successfully by JSON.parse.
 *
 * The text is attacker-controlled (up to the body limit), so the scan does constant work
 * per token: the deepest place that can matter is batch index → params → arguments →
 * name, so only the frames of the first TRACKED_DEPTH levels are kept, plus a depth
 * counter for the rest, and keys are decoded only there. A body nested 20,000 levels deep
 * costs what a flat body of the same length costs (never a copy of the path per token).
 */

/**
 * One JSON token at `lastIndex`: a string, a number, punctuation or a literal. `test`
 * rather than `exec`, and the token read from the text by position: a token allocates
 * nothing unless it is one of the few frames or keys of the tracked levels.
 */
const TOKEN =
  /"[^"\\]*(?:\\.[^"\\]*)*"|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|[{}[\]:,]|true|false|null/y;

const TRACKED_DEPTH = 4;

interface Frame {
  readonly array: boolean;
  /** An object's current member name (decoded). */
  key: string | undefined;
  /** An array's current element index. */
  index: number;
}

export function findFloatArguments(
  text: string,
  names: readonly string[],
): Map<number, Set<string>> {
  const found = new Map<number, Set<string>>();
  /** frames[d] describes the container at depth d + 1, for depths up to TRACKED_DEPTH. */
  const frames: Frame[] = [];
  let depth = 0;
  // A string is a member name exactly when it follows `{` or `,` inside an object.
  let keyPosition = false;
  let position = 0;

  for (;;) {
    while (position < text.length && isJsonWhitespace(text.charCodeAt(position))) position++;
    TOKEN.lastIndex = position;
    if (position >= text.length || !TOKEN.test(text)) break;
    const start = position;
    position = TOKEN.lastIndex;
    const first = text[start];
    const top = depth >= 1 && depth <= TRACKED_DEPTH ? frames[depth - 1] : undefined;
    const afterOpenOrComma = keyPosition;
    keyPosition = first === '{' || first === ',';

    if (first === '{' || first === '[') {
      depth++;
      if (depth <= TRACKED_DEPTH)
        frames[depth - 1] = { array: first === '[', key: undefined, index: 0 };
    } else if (first === '}' || first === ']') {
      depth--;
    } else if (first === ',') {
      if (top?.array) top.index++;
    } else if (first === '"') {
      if (afterOpenOrComma && top !== undefined && !top.array)
        top.key = JSON.parse(text.slice(start, position)) as string;
    } else if (isFloatLiteral(text, start, position)) {
      const at = argumentAt(frames, depth);
      if (at !== undefined && names.includes(at.name)) {
        const set = found.get(at.message) ?? new Set<string>();
        set.add(at.name);
        found.set(at.message, set);
      }
    }
  }
  return found;
}

/** Space, tab, line feed or carriage return: the only whitespace JSON allows. */
function isJsonWhitespace(code: number): boolean {
  return code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d;
}

/** Whether text[start, end) is a number literal with a fraction or an exponent. */
function isFloatLiteral(text: string, start: number, end: number): boolean {
  const first = text.charCodeAt(start);
  if (first !== 0x2d && (first < 0x30 || first > 0x39)) return false; // `-` or a digit
  for (let i = start; i < end; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x2e || code === 0x65 || code === 0x45) return true; // `.`, `e`, `E`
  }
  return false;
}

/**
 * Where a value at `depth` sits, when that is `params.arguments.<name>` of a message: the
 * message's index in the batch (0 for a single message) and the member name. O(1).
 */
function argumentAt(
  frames: readonly Frame[],
  depth: number,
): { message: number; name: string } | undefined {
  const batch = frames[0]?.array === true;
  const first = batch ? 1 : 0; // the frame of the message object
  if (depth !== first + 3) return undefined;
  // depth ≤ TRACKED_DEPTH here, so frames[0 .. depth - 1] are the current ancestors.
  const message = frames[first]!;
  const params = frames[first + 1]!;
  const args = frames[first + 2]!;
  if (message.array || message.key !== 'params') return undefined;
  if (params.array || params.key !== 'arguments') return undefined;
  if (args.array || args.key === undefined) return undefined;
  return { message: batch ? frames[0]!.index : 0, name: args.key };
}
