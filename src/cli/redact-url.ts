/** A URL fit for a message: its password (and a username, which may be a token) hidden. */
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
