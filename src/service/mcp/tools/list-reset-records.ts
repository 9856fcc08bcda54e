import { LIST_PARAMS } from '../../query/params.ts';
import { listRecords } from '../../query/query-service.ts';
import { LIST_INPUT_SCHEMA } from './schemas.ts';
import type { ToolDefinition } from './tool.ts';

export const listResetRecords: ToolDefinition = {
  name: 'list_reset_records',
  title: 'List reset records',
  description: [
    'Returns {ok, data, meta}: data.items is one page (at most pageSize, 1 to 10) of usage-limit reset records, with page, pageSize, total, totalPages and hasNext.',
    'To paginate, while hasNext is true call again with page + 1 and the same kind; deduplicate by id, since new data may shift records between pages. A page past the end has no items.',
    'To find the next scheduled reset: read every page of kind "reset_scheduled", then pick the earliest scheduleWindow.startAt among records with scheduleState "pending" whose scheduleWindow.endAt is not past; a date-level window may already be in progress. If you stop early, say which pages you checked instead of claiming the overall next reset.',
    'Each call counts against the anonymous quota of 20 calls per rolling hour per client IP, shared with the HTTP API; when exceeded the result is an error "rate_limited" with retryAfter seconds.',
  ].join(' '),
  argumentNames: LIST_PARAMS,
  inputSchema: LIST_INPUT_SCHEMA,
  answer: listRecords,
};
