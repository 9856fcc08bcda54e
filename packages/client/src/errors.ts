import type { ErrorCode } from './generated/types.ts';
import type { Quota } from './quota.ts';

/**
 * Every failure of the client is a `ResetRecordsError` with a `code`: the contract's error
 * codes when the service answered with one (`ApiError`, `RateLimitError`), or one of the
 * client's own when the answer never came or could not be trusted.
 */
export type ClientErrorCode =
  | ErrorCode
  /** The service did not answer within `timeoutMs`. */
  | 'timeout'
  /** The request could not be sent or the connection failed. */
  | 'network'
  /** The body was larger than `maxBodyBytes`. */
  | 'body_too_large'
  /** The body was not the JSON the contract describes. */
  | 'invalid_response'
  /** An HTTP status the contract does not give for this endpoint. */
  | 'unexpected_status'
  /** Pagination went on past `maxPages`. */
  | 'page_limit';

export class ResetRecordsError extends Error {
  override name = 'ResetRecordsError';
  readonly code: ClientErrorCode;
  /** The HTTP status, when the service answered. */
  readonly status: number | null;

  constructor(
    code: ClientErrorCode,
    message: string,
    status: number | null = null,
    cause?: unknown,
  ) {
    super(message, cause === undefined ? undefined : { cause });
    this.code = code;
    this.status = status;
  }
}

/** The service answered with an error body of the contract (`{ ok: false, error, detail }`). */
export class ApiError extends ResetRecordsError {
  override name = 'ApiError';
  declare readonly code: ErrorCode;
  /** The service's own words (`detail`). */
  readonly detail: string;

  constructor(code: ErrorCode, detail: string, status: number) {
    super(code, `${code} (HTTP ${status}): ${detail}`, status);
    this.detail = detail;
  }
}

/** HTTP 429 `rate_limited`: the quota is spent; `retryAfterSeconds` says when to come back. */
export class RateLimitError extends ApiError {
  override name = 'RateLimitError';
  declare readonly code: 'rate_limited';
  readonly retryAfterSeconds: number;
  /** The X-RateLimit-* headers of the refusal, when the service sent them. */
  readonly quota: Quota | null;

  constructor(detail: string, retryAfterSeconds: number, quota: Quota | null) {
    super('rate_limited', detail, 429);
    this.retryAfterSeconds = retryAfterSeconds;
    this.quota = quota;
  }
}

/** The client's own checks of its arguments: nothing was sent. */
export class QueryError extends ResetRecordsError {
  override name = 'QueryError';

  constructor(message: string) {
    super('invalid_query', message);
  }
}
