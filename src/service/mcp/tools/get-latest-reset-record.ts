import { LATEST_PARAMS } from '../../query/params.ts';
import { latestRecord } from '../../query/query-service.ts';
import { LATEST_INPUT_SCHEMA } from './schemas.ts';
import type { ToolDefinition } from './tool.ts';

export const getLatestResetRecord: ToolDefinition = {
  name: 'get_latest_reset_record',
  title: 'Latest reset record',
  description: [
    'Returns {ok, data, meta}: data is the first record of the chosen filter, or null when nothing matches.',
    'With kind "all" (default) an open pending schedule comes first if there is one; "reset_completed" gives the latest completed reset (or one in progress now).',
    'Counts against the anonymous quota of 20 calls per rolling hour per client IP, shared with the HTTP API; when exceeded the result is an error "rate_limited" with retryAfter seconds.',
    'A null data means no matching record: never claim a reset that no record shows. meta.generatedAt and meta.lastSuccessfulCheckAt tell how fresh the data is.',
  ].join(' '),
  argumentNames: LATEST_PARAMS,
  inputSchema: LATEST_INPUT_SCHEMA,
  answer: (snapshot, query, now) => latestRecord(snapshot, query.kind, now),
};
