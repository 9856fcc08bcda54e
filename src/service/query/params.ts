import { KIND_FILTERS, type KindFilter, PAGE_SIZE_MAX } from '../../shared/domain/envelope.ts';
import { ApiError } from '../../shared/domain/errors.ts';

/**
 * Strict query-string parsing of decisions.md §3. Framework coercion is not used: the raw
 * query is split here, so duplicates, empty values, unknown names and non-canonical
 * integers are all seen and refused with 422 `invalid_query` naming the parameter.
 */

export type ParamName = 'kind' | 'page' | 'pageSize';

export interface ListQuery {
  kind: KindFilter;
  page: number;
  pageSize: number;
}

export const LATEST_PARAMS: readonly ParamName[] = ['kind'];
export const LIST_PARAMS: readonly ParamName[] = ['kind', 'page', 'pageSize'];

export const DEFAULT_QUERY: Readonly<ListQuery> = Object.freeze({
  kind: 'all',
  page: 1,
  pageSize: PAGE_SIZE_MAX,
});

const CANONICAL_INTEGER = /^[1-9]\d{0,15}$/;
const SHOWN_NAME_MAX = 40;

const invalid = (detail: string) => new ApiError('invalid_query', detail);
const show = (name: string) =>
  JSON.stringify(name.length > SHOWN_NAME_MAX ? `${name.slice(0, SHOWN_NAME_MAX)}…` : name);

export function parseKind(value: string): KindFilter {
  if (!(KIND_FILTERS as readonly string[]).includes(value)) {
    throw invalid(`Query parameter "kind" must be one of: ${KIND_FILTERS.join(', ')}.`);
  }
  return value as KindFilter;
}

/** A positive integer written canonically (digits only, no sign or leading zero) within [1, max]. */
export function parseCanonicalInteger(value: string, max: number): number | undefined {
  if (!CANONICAL_INTEGER.test(value)) return undefined;
  const parsed = Number(value);
  return parsed <= max ? parsed : undefined;
}

/** Percent-decodes a name or value; `name` (when known) is named in the error. */
function decode(component: string, name?: string): string {
  try {
    return decodeURIComponent(component);
  } catch {
    throw invalid(
      name === undefined
        ? 'The query string contains invalid percent-encoding.'
        : `Query parameter ${show(name)} has invalid percent-encoding in its value.`,
    );
  }
}

/** Parses `rawQuery` (the part after `?`, possibly empty) allowing only `allowed` names. */
export function parseQuery(rawQuery: string, allowed: readonly ParamName[]): ListQuery {
  const query: ListQuery = { ...DEFAULT_QUERY };
  if (rawQuery === '') return query;
  const seen = new Set<string>();

  for (const segment of rawQuery.split('&')) {
    if (segment === '') throw invalid('The query string contains an empty parameter.');
    const eq = segment.indexOf('=');
    const name = decode(eq === -1 ? segment : segment.slice(0, eq));
    if (!(allowed as readonly string[]).includes(name)) {
      throw invalid(`Unknown query parameter ${show(name)}. Allowed: ${allowed.join(', ')}.`);
    }
    if (seen.has(name)) throw invalid(`Query parameter "${name}" is given more than once.`);
    seen.add(name);
    const value = eq === -1 ? '' : decode(segment.slice(eq + 1), name);
    if (value === '') throw invalid(`Query parameter "${name}" needs a value.`);

    switch (name as ParamName) {
      case 'kind':
        query.kind = parseKind(value);
        break;
      case 'page': {
        const page = parseCanonicalInteger(value, Number.MAX_SAFE_INTEGER);
        if (page === undefined) {
          throw invalid(
            `Query parameter "page" must be an integer from 1 to ${Number.MAX_SAFE_INTEGER}, in plain decimal digits.`,
          );
        }
        query.page = page;
        break;
      }
      case 'pageSize': {
        const pageSize = parseCanonicalInteger(value, PAGE_SIZE_MAX);
        if (pageSize === undefined) {
          throw invalid(
            `Query parameter "pageSize" must be an integer from 1 to ${PAGE_SIZE_MAX}, in plain decimal digits.`,
          );
        }
        query.pageSize = pageSize;
        break;
      }
    }
  }
  return query;
}
