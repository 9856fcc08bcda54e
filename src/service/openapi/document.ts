import { PAGE_SIZE_MAX } from '../../shared/domain/envelope.ts';
import { schemaComponents } from './components.ts';
import { EXAMPLES } from './examples.ts';

/**
 * The OpenAPI 3.1.0 description of the HTTP API (service.md § Versioning), built once.
 * Schemas come from the domain's zod schemas and examples from the real query service,
 * so the description cannot drift from what the server answers.
 */

const ref = (kind: string, name: string) => ({ $ref: `#/components/${kind}/${name}` });
const json = (schema: string, examples: Record<string, { summary: string; value: unknown }>) => ({
  'application/json': { schema: ref('schemas', schema), examples },
});

const RATE_HEADERS = {
  'X-RateLimit-Limit': ref('headers', 'X-RateLimit-Limit'),
  'X-RateLimit-Remaining': ref('headers', 'X-RateLimit-Remaining'),
  'X-RateLimit-Window': ref('headers', 'X-RateLimit-Window'),
  'X-RateLimit-Reset': ref('headers', 'X-RateLimit-Reset'),
};

const errorResponse = (
  description: string,
  examples: Record<string, { summary: string; value: unknown }>,
) => ({
  description,
  headers: RATE_HEADERS,
  content: json('ErrorBody', examples),
});

const responses = (envelope: 'ListEnvelope' | 'LatestEnvelope', example: unknown) => ({
  '200': {
    description: 'The answer. Rate-limit headers are present unless limiting is disabled.',
    headers: {
      ...RATE_HEADERS,
      ETag: ref('headers', 'ETag'),
      'Cache-Control': ref('headers', 'Cache-Control'),
    },
    content: json(envelope, { demo: { summary: 'From the demo snapshot', value: example } }),
  },
  '304': {
    description: 'Not modified: `If-None-Match` matched the current ETag. Still counted.',
    headers: {
      ...RATE_HEADERS,
      ETag: ref('headers', 'ETag'),
      'Cache-Control': ref('headers', 'Cache-Control'),
    },
  },
  '422': ref('responses', 'InvalidQuery'),
  '429': ref('responses', 'RateLimited'),
  '503': ref('responses', 'Unavailable'),
  '500': ref('responses', 'InternalError'),
});

const integerHeader = (description: string, minimum = 0) => ({
  description,
  schema: { type: 'integer', minimum },
});

export function buildOpenApiDocument(): Record<string, unknown> {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Public Reset Records API',
      version: '1.0.0',
      summary: 'When the usage limits of a coding assistant were reset or are scheduled to reset.',
      description:
        'Read-only, anonymous JSON API over a published snapshot of reset records. ' +
        'Quota: 20 requests per rolling 3600 s per client IP, shared with the MCP tools at /mcp; ' +
        'every counted response carries X-RateLimit-* headers, a 429 adds Retry-After. ' +
        'Guide: /docs/guide. Agent skill: /skill/SKILL.md.',
    },
    externalDocs: {
      description: 'Guide (also: status page /, agent skill /skill/SKILL.md)',
      url: '/docs/guide',
    },
    servers: [{ url: '/openapi/v1' }],
    tags: [{ name: 'records', description: 'Scheduled and completed usage-limit resets.' }],
    paths: {
      '/records/latest': {
        get: {
          operationId: 'getLatestResetRecord',
          tags: ['records'],
          summary: 'The latest record of a filter',
          description:
            'The first row of the same filter as `GET /records`, or `data: null` when nothing matches. ' +
            'Only `kind` is accepted; any other, duplicated or empty parameter is a 422.',
          parameters: [ref('parameters', 'kind')],
          responses: responses('LatestEnvelope', EXAMPLES.latest),
        },
      },
      '/records': {
        get: {
          operationId: 'listResetRecords',
          tags: ['records'],
          summary: 'One page of records',
          description:
            '`all`: every record except fulfilled schedules, open pending schedules first (soonest window ' +
            'first), then newest first. `reset_scheduled`: every schedule, newest first. `reset_completed`: ' +
            'completions, plus schedules in progress now. Follow `hasNext` with the same filters and ' +
            'deduplicate by `id`. Unknown, duplicate, empty or non-canonical parameters are a 422.',
          parameters: [
            ref('parameters', 'kind'),
            ref('parameters', 'page'),
            ref('parameters', 'pageSize'),
          ],
          responses: responses('ListEnvelope', EXAMPLES.list),
        },
      },
    },
    components: {
      schemas: schemaComponents(),
      parameters: {
        kind: {
          name: 'kind',
          in: 'query',
          required: false,
          description: 'Which records. Case-sensitive.',
          schema: {
            type: 'string',
            enum: ['all', 'reset_scheduled', 'reset_completed'],
            default: 'all',
          },
        },
        page: {
          name: 'page',
          in: 'query',
          required: false,
          description:
            'Page number, in plain decimal digits (no sign, no leading zero). A page past the end is empty.',
          schema: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER, default: 1 },
        },
        pageSize: {
          name: 'pageSize',
          in: 'query',
          required: false,
          description: 'Records per page, in plain decimal digits.',
          schema: { type: 'integer', minimum: 1, maximum: PAGE_SIZE_MAX, default: PAGE_SIZE_MAX },
        },
      },
      headers: {
        'X-RateLimit-Limit': integerHeader('Maximum requests in the sliding window.', 1),
        'X-RateLimit-Remaining': integerHeader('Requests remaining after this one.'),
        'X-RateLimit-Window': integerHeader('Window length in seconds.', 1),
        'X-RateLimit-Reset': {
          description:
            'UTC time when the oldest counted request leaves the window (one slot frees then, not the whole quota).',
          schema: { type: 'string', format: 'date-time', examples: ['2026-11-20T13:00:00.000Z'] },
        },
        'Retry-After': integerHeader(
          'Whole seconds to wait before retrying (rounded up). Only with 429.',
          1,
        ),
        ETag: {
          description: 'Identifies this exact body; send it back in If-None-Match.',
          schema: { type: 'string' },
        },
        'Cache-Control': {
          description:
            'private, max-age=N (public when RATE_LIMIT=off): never beyond the next instant the answer can change.',
          schema: { type: 'string' },
        },
      },
      responses: {
        InvalidQuery: errorResponse(
          'Unknown, duplicate, empty, illegal or out-of-range parameter.',
          {
            invalidQuery: { summary: 'A bad pageSize', value: EXAMPLES.invalidQuery },
          },
        ),
        RateLimited: {
          description: 'The sliding-window quota is exceeded. Wait Retry-After seconds.',
          headers: { ...RATE_HEADERS, 'Retry-After': ref('headers', 'Retry-After') },
          content: json('ErrorBody', {
            rateLimited: { summary: 'Quota exceeded', value: EXAMPLES.rateLimited },
          }),
        },
        Unavailable: {
          description:
            '`rate_limit_unavailable`: limiting is on but its store does not answer. ' +
            '`data_unavailable`: no snapshot has been published yet (not the same as an empty match).',
          content: json('ErrorBody', {
            rateLimitUnavailable: {
              summary: 'Quota store down',
              value: EXAMPLES.rateLimitUnavailable,
            },
            dataUnavailable: { summary: 'Nothing published yet', value: EXAMPLES.dataUnavailable },
          }),
        },
        InternalError: {
          description: 'Unexpected server error. No internal details are returned.',
          content: json('ErrorBody', {
            internalError: { summary: 'Unexpected', value: EXAMPLES.internalError },
          }),
        },
      },
    },
  };
}
