import { z } from 'zod';
import type { SnapshotFile } from '../../shared/domain/snapshot.ts';
import exampleSnapshot from '../openapi/example-snapshot.json' with { type: 'json' };
import { EXAMPLE_AT } from '../openapi/examples.ts';
import { PreparedSnapshot } from '../query/prepared-snapshot.ts';
import { computeAnswer } from './answer.ts';
import { statusBodyOf } from './status-body.ts';
import { StatusAnswer } from './status-schema.ts';

export const STATUS_JSON_PATH = '/status.json';
export const STATUS_OPENAPI_PATH = '/status.openapi.json';

/**
 * The small OpenAPI 3.1.0 document of `GET /status.json` (answer.md §2), a description of
 * its own: the contract's document (/openapi/v1/openapi.json) stays exactly the contract's
 * API. Schema from status-schema.ts; the example is the answer on the demo snapshot.
 */
export function buildStatusOpenApiDocument(siteName: string): Record<string, unknown> {
  const { $schema: _dialect, ...schema } = z.toJSONSchema(StatusAnswer, {
    target: 'draft-2020-12',
  }) as Record<string, unknown>;
  const demo = PreparedSnapshot.of(exampleSnapshot as SnapshotFile);
  const cacheHeaders = {
    ETag: { description: 'Identifies this exact body.', schema: { type: 'string' } },
    'Cache-Control': {
      description:
        'public, max-age=N: N never reaches past the next moment the answer changes (a window starting or ending, a completion coming due, the data turning stale), nor CACHE_MAX_AGE_SECONDS.',
      schema: { type: 'string' },
    },
  };
  return {
    openapi: '3.1.0',
    info: {
      title: `${siteName}: status answer`,
      version: '1.0.0',
      summary: "Was there a reset, and when is the next one: the status page's answer as JSON.",
      description:
        "One cheap call for widgets, bots and agents, outside the contract's API (/openapi/v1, " +
        'described at /openapi/v1/openapi.json). Never counted against the quota, the same for ' +
        'every client, so shared caches may keep it. Guide: /docs/guide#status-json.',
    },
    servers: [{ url: '/' }],
    paths: {
      [STATUS_JSON_PATH]: {
        get: {
          operationId: 'getStatusAnswer',
          summary: 'The answer: last reset, last global reset, next reset, every open schedule',
          responses: {
            '200': {
              description: 'The answer at the time of the request.',
              headers: cacheHeaders,
              content: {
                'application/json': {
                  schema: { $ref: '#/components/schemas/StatusAnswer' },
                  examples: {
                    demo: {
                      summary: 'From the demo snapshot',
                      value: statusBodyOf(computeAnswer(demo, EXAMPLE_AT)),
                    },
                  },
                },
              },
            },
            '304': {
              description: 'Not modified: If-None-Match matched the ETag.',
              headers: cacheHeaders,
            },
            '503': {
              description:
                'No snapshot has been published yet (`data_unavailable`); Retry-After is set.',
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    required: ['ok', 'error', 'detail'],
                    additionalProperties: false,
                    properties: {
                      ok: { const: false },
                      error: { const: 'data_unavailable' },
                      detail: { type: 'string' },
                    },
                  },
                },
              },
            },
          },
        },
      },
    },
    components: { schemas: { StatusAnswer: schema } },
  };
}
