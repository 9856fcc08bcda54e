/**
 * The error catalogue of service.md § Errors: one code, one HTTP status, one default detail.
 * Everything that answers with an error goes through `ApiError`, so the codes cannot drift.
 */
export const ERROR_CATALOGUE = {
  invalid_query: { status: 422, detail: 'The query is not valid.' },
  rate_limited: {
    status: 429,
    detail: 'Quota exceeded. Wait Retry-After seconds before retrying.',
  },
  rate_limit_unavailable: {
    status: 503,
    detail: 'Rate limiting is enabled but its backing store is unavailable. Try again shortly.',
  },
  data_unavailable: { status: 503, detail: 'No snapshot has been published yet.' },
  internal_error: { status: 500, detail: 'Unexpected server error.' },
  not_found: { status: 404, detail: 'No such resource.' },
  method_not_allowed: { status: 405, detail: 'Method not allowed on this resource.' },
} as const;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;
export const ERROR_CODES = Object.keys(ERROR_CATALOGUE) as [ErrorCode, ...ErrorCode[]];

export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly retryAfter: number | undefined;
  #json: string | undefined;

  constructor(code: ErrorCode, detail?: string, retryAfter?: number) {
    super(detail ?? ERROR_CATALOGUE[code].detail);
    this.name = 'ApiError';
    this.code = code;
    this.status = ERROR_CATALOGUE[code].status;
    this.retryAfter = retryAfter;
  }

  /** The error body of decisions.md §6: exactly ok, error, detail, and retryAfter on rate_limited. */
  toBody(): { ok: false; error: ErrorCode; detail: string; retryAfter?: number } {
    const body = { ok: false as const, error: this.code, detail: this.message };
    return this.retryAfter === undefined ? body : { ...body, retryAfter: this.retryAfter };
  }

  /** `toBody()` as JSON text, made once per error (a refusal answered again reuses it). */
  toJson(): string {
    this.#json ??= JSON.stringify(this.toBody());
    return this.#json;
  }
}
