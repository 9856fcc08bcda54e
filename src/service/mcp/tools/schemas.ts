import { z } from 'zod';
import {
  ErrorBody,
  KIND_FILTERS,
  LatestEnvelope,
  ListEnvelope,
  PAGE_SIZE_MAX,
} from '../../../shared/domain/envelope.ts';

/**
 * JSON Schemas of the tools, generated once from the domain schemas (the single source
 * of truth) when this module loads, never per request.
 */

const Kind = z
  .enum(KIND_FILTERS)
  .default('all')
  .describe(
    '`all`: the live list (fulfilled schedules omitted, open schedules pinned first). ' +
      '`reset_scheduled`: every schedule, any state, newest first. ' +
      '`reset_completed`: completions, plus schedules in progress now.',
  );
const Page = z
  .int()
  .min(1)
  .max(Number.MAX_SAFE_INTEGER)
  .default(1)
  .describe('Page number, from 1.');
const PageSize = z
  .int()
  .min(1)
  .max(PAGE_SIZE_MAX)
  .default(PAGE_SIZE_MAX)
  .describe('Records per page, 1 to 10.');

const toJson = (schema: z.ZodType) =>
  Object.freeze(
    z.toJSONSchema(schema, { io: 'input', target: 'draft-2020-12' }) as Record<string, unknown>,
  );

export const LATEST_INPUT_SCHEMA = toJson(z.strictObject({ kind: Kind }));
export const LIST_INPUT_SCHEMA = toJson(
  z.strictObject({ kind: Kind, page: Page, pageSize: PageSize }),
);

/** MCP output schemas must have an object root; results are either the envelope or the error body. */
const outputSchema = (success: z.ZodType) => {
  const { $schema, ...rest } = z.toJSONSchema(z.union([success, ErrorBody]), {
    target: 'draft-2020-12',
  }) as Record<string, unknown>;
  return Object.freeze({ $schema, type: 'object', ...rest });
};

export const LATEST_OUTPUT_SCHEMA = outputSchema(LatestEnvelope);
export const LIST_OUTPUT_SCHEMA = outputSchema(ListEnvelope);
