import { ApiError } from '../../shared/domain/errors.ts';
import type { SnapshotFile } from '../../shared/domain/snapshot.ts';
import { DEFAULT_QUERY } from '../query/params.ts';
import { PreparedSnapshot } from '../query/prepared-snapshot.ts';
import { latestRecord, listRecords } from '../query/query-service.ts';
import exampleSnapshot from './example-snapshot.json' with { type: 'json' };

/**
 * Examples produced by the real query service from the demo snapshot at a fixed instant.
 * example-snapshot.json is the producer's sample ledger built at that instant, kept as a
 * file so that the service never imports the producer; a test keeps the two equal
 * (regenerate with `node bin/reset-records.js demo --now 2026-11-20T12:00:00.000Z`).
 */
export const EXAMPLE_AT = Date.parse('2026-11-20T12:00:00.000Z');
const AT = EXAMPLE_AT;
const demo = PreparedSnapshot.of(exampleSnapshot as SnapshotFile);

export const EXAMPLES = {
  list: listRecords(demo, { ...DEFAULT_QUERY, pageSize: 2 }, AT).envelope(),
  latest: latestRecord(demo, 'all', AT).envelope(),
  invalidQuery: new ApiError(
    'invalid_query',
    'Query parameter "pageSize" must be an integer from 1 to 10, in plain decimal digits.',
  ).toBody(),
  rateLimited: new ApiError(
    'rate_limited',
    'Quota of 20 requests per 3600 s exceeded. Retry after 1234 s.',
    1234,
  ).toBody(),
  rateLimitUnavailable: new ApiError('rate_limit_unavailable').toBody(),
  dataUnavailable: new ApiError('data_unavailable').toBody(),
  internalError: new ApiError('internal_error').toBody(),
};
