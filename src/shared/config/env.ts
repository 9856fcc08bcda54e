import { z } from 'zod';

/**
 * Helpers both programs use to read their settings from the environment once, validate
 * them and freeze them. A bad value stops start-up with a message naming the variable.
 */

/** A whole number from an environment variable, its bounds named in the message. */
export const integer = (name: string, min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, `${name} must be a whole number`)
    .transform(Number)
    .pipe(
      z
        .number()
        .int()
        .min(min, `${name} must be at least ${min}`)
        .max(max, `${name} must be at most ${max}`),
    );

/** A comma-separated list: its entries, spaces around them ignored, empty ones dropped. */
export const commaSeparated = z.string().transform((value) =>
  value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean),
);

/** Refused settings; the message lists each problem, naming its variable, never a secret. */
export class ConfigError extends Error {
  readonly problems: readonly string[];

  constructor(problems: readonly string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.problems = problems;
    this.name = 'ConfigError';
  }
}

/**
 * The variables of `env` that are set: an empty variable means "not set", as in most
 * shells' `VAR= cmd`.
 */
export function presentVariables(env: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter(
      (entry): entry is [string, string] => entry[1] !== '' && entry[1] !== undefined,
    ),
  );
}

/** `schema` applied to the set variables of `env`, or a ConfigError listing every problem. */
export function parseEnv<T extends z.ZodType>(
  schema: T,
  env: Record<string, string | undefined>,
): z.infer<T> {
  const parsed = schema.safeParse(presentVariables(env));
  if (!parsed.success) throw new ConfigError(parsed.error.issues.map((issue) => issue.message));
  return parsed.data;
}

/**
 * An http(s) base URL without credentials, query or fragment (PUBLIC_BASE_URL and the
 * producer's X_API_BASE_URL); `origin` also refuses a path.
 */
export function isHttpBaseUrl(value: string, { origin = false } = {}): boolean {
  try {
    const url = new URL(value);
    return (
      (url.protocol === 'https:' || url.protocol === 'http:') &&
      url.username === '' &&
      url.password === '' &&
      (!origin || url.pathname.replace(/\/+$/, '') === '') &&
      !value.includes('?') &&
      !value.includes('#')
    );
  } catch {
    return false;
  }
}

export function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}
