export { redactUrl } from './redact-url.ts';

/**
 * Keeping a database password out of messages: LEDGER_URL may carry one, and errors end up
 * in logs and on the operator's terminal.
 */

/** The secrets a connection to `url` may use, as they could appear in a message. */
export function secretsOf(url: string): string[] {
  const secrets = new Set<string>();
  const add = (value: string | undefined) => {
    if (value) secrets.add(value);
  };
  try {
    const parsed = new URL(url);
    add(parsed.password);
    try {
      add(decodeURIComponent(parsed.password));
    } catch {
      // A malformed escape: the raw form is covered.
    }
  } catch {
    // Not a URL: nothing to take from it.
  }
  add(process.env['PGPASSWORD']);
  return [...secrets];
}

/**
 * `error` unchanged when no secret is in it (so a driver's `code` and fields survive), else
 * a plain Error with the secret masked in its message and nothing else kept: an error's
 * own properties (Node's URL errors keep the whole `input`) and `cause` could repeat it.
 */
export function scrubSecrets(error: unknown, secrets: readonly string[]): unknown {
  if (secrets.length === 0) return error;
  const texts = textsOf(error, 3);
  if (!secrets.some((secret) => texts.some((text) => text.includes(secret)))) return error;
  let message = error instanceof Error ? error.message : String(error);
  for (const secret of secrets) message = message.split(secret).join('***');
  return new Error(message);
}

/** Everything of `value` a logger might print: message, stack, own properties, causes. */
function textsOf(value: unknown, depth: number): string[] {
  if (!(value instanceof Error)) return [String(value)];
  const texts = [value.message, value.stack ?? ''];
  for (const property of Object.values(value)) {
    if (!(property instanceof Error)) texts.push(String(property));
  }
  if (depth > 0 && value.cause !== undefined) texts.push(...textsOf(value.cause, depth - 1));
  return texts;
}
