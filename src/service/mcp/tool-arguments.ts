import { PAGE_SIZE_MAX } from '../../shared/domain/envelope.ts';
import { ApiError } from '../../shared/domain/errors.ts';
import { DEFAULT_QUERY, type ListQuery, type ParamName, parseKind } from '../query/params.ts';

/**
 * Strict validation of tool arguments (service.md § MCP, decisions.md §7): no coercion.
 * Integers must be JSON integers: booleans, strings ("2"), fractions (1.5) and, where the
 * raw JSON showed it, integral float literals (1.0, 1e0) are refused. Extra keys (such as
 * `page_size`, or `__proto__`, which JSON.parse keeps as an own key) are refused, and so
 * are arguments that are not an object (null included). Every refusal is invalid_query
 * naming the argument.
 */

const invalid = (detail: string) => new ApiError('invalid_query', detail);
const MAXIMUM: Record<'page' | 'pageSize', number> = {
  page: Number.MAX_SAFE_INTEGER,
  pageSize: PAGE_SIZE_MAX,
};

export function parseToolArguments(
  args: unknown,
  allowed: readonly ParamName[],
  floatLiterals: ReadonlySet<string> = new Set(),
): ListQuery {
  const query: ListQuery = { ...DEFAULT_QUERY };
  if (args === undefined) return query; // absent: every argument takes its default
  if (typeof args !== 'object' || args === null || Array.isArray(args))
    throw invalid('Tool arguments must be a JSON object.');

  for (const [name, value] of Object.entries(args)) {
    if (!(allowed as readonly string[]).includes(name)) {
      throw invalid(
        `Unknown argument ${JSON.stringify(name.slice(0, 40))}. Allowed: ${allowed.join(', ')}.`,
      );
    }
    if (name === 'kind') {
      if (typeof value !== 'string') throw invalid('Argument "kind" must be a string.');
      try {
        query.kind = parseKind(value);
      } catch {
        throw invalid('Argument "kind" must be one of: all, reset_scheduled, reset_completed.');
      }
      continue;
    }
    const key = name as 'page' | 'pageSize';
    const max = MAXIMUM[key];
    const wellFormed =
      typeof value === 'number' && Number.isInteger(value) && !floatLiterals.has(key);
    if (!wellFormed || value < 1 || value > max) {
      throw invalid(`Argument "${key}" must be a JSON integer from 1 to ${max}.`);
    }
    query[key] = value;
  }
  return query;
}
