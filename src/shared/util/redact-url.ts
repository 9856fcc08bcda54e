/**
 * A URL fit for a message: its password (and a user name, which may be a token) hidden.
 * Used wherever a Redis or database URL could reach a log or the operator's terminal.
 */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password !== '') parsed.password = '***';
    if (parsed.username !== '') parsed.username = '***';
    return parsed.toString();
  } catch {
    return '(unparsable URL)';
  }
}
