/**
 * Secrets kept out of every line this module writes or sends: webhook URLs (Slack's and
 * Discord's hold their token in the path), bot and access tokens, signing secrets. A text
 * is cleaned of each, as typed and URL-encoded, then of control characters, and cut to one
 * bounded line.
 */

/** Shorter strings are not treated as secrets: replacing them would garble ordinary text. */
const MIN_SECRET_CHARS = 8;
export const MAX_PROBLEM_CHARS = 300;

export function redactSecrets(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) {
    if (secret.length < MIN_SECRET_CHARS) continue;
    for (const form of new Set([secret, encodeURIComponent(secret), encodeURI(secret)])) {
      out = out.split(form).join('***');
    }
  }
  return out;
}

/** A problem as one line: secrets out, control characters as spaces, at most 300 characters. */
export function problemLine(text: string, secrets: readonly string[]): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  const line = redactSecrets(text, secrets).replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ');
  return line.length <= MAX_PROBLEM_CHARS ? line : `${line.slice(0, MAX_PROBLEM_CHARS - 1)}…`;
}

/**
 * The secrets a URL carries: its path and query (a token may be in either), and so the whole
 * URL; none when it is only an origin, which its label shows.
 */
export function urlSecrets(url: string): string[] {
  try {
    const parsed = new URL(url);
    const tail = `${parsed.pathname}${parsed.search}`;
    return tail.length > 1 ? [url, parsed.toString(), tail] : [];
  } catch {
    return [url];
  }
}

/** What a log line may say of a URL whose path is secret: its scheme and host. */
export function urlLabel(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return '(unparsable URL)';
  }
}
