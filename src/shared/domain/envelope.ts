import { z } from 'zod';
import { ERROR_CODES } from './errors.ts';
import { ResetRecord } from './record.ts';
import { Timestamp } from './timestamp.ts';

/** Response shapes of service.md § Response envelopes and § Errors. */

export const KIND_FILTERS = ['all', 'reset_scheduled', 'reset_completed'] as const;
export type KindFilter = (typeof KIND_FILTERS)[number];

export const PAGE_SIZE_MAX = 10;

export const Meta = z
  .strictObject({
    generatedAt: Timestamp.meta({ description: 'UTC generation time of the published snapshot.' }),
    lastSuccessfulCheckAt: Timestamp.nullable().meta({
      description: 'UTC time of the last successful monitor check; null if none is known.',
    }),
  })
  .meta({ id: 'Meta', description: 'Describes the published data, not the request time.' });
export type Meta = z.infer<typeof Meta>;

export const ListPage = z
  .strictObject({
    items: z.array(ResetRecord),
    page: z.int().min(1),
    pageSize: z.int().min(1).max(PAGE_SIZE_MAX),
    total: z
      .int()
      .min(0)
      .meta({ description: 'Matching records, schedules and completions together.' }),
    totalPages: z.int().min(0).meta({ description: '0 when no records match.' }),
    hasNext: z.boolean(),
  })
  .meta({ id: 'ListPage' });
export type ListPage = z.infer<typeof ListPage>;

export const LatestEnvelope = z
  .strictObject({ ok: z.literal(true), data: ResetRecord.nullable(), meta: Meta })
  .meta({ id: 'LatestEnvelope' });

export const ListEnvelope = z
  .strictObject({ ok: z.literal(true), data: ListPage, meta: Meta })
  .meta({ id: 'ListEnvelope' });

export const ErrorBody = z
  .strictObject({
    ok: z.literal(false).optional(),
    error: z.enum(ERROR_CODES),
    detail: z.string(),
    retryAfter: z
      .int()
      .min(1)
      .nullable()
      .optional()
      .meta({ description: 'Set for `rate_limited`.' }),
  })
  .meta({ id: 'ErrorBody' });
export type ErrorBody = z.infer<typeof ErrorBody>;
