import { z } from 'zod';
import { isWellFormed } from '../text/well-formed.ts';
import { Timestamp } from './timestamp.ts';

/**
 * The record model of service.md § Resources. This file is the single source of truth:
 * the TypeScript types, the snapshot validation, the OpenAPI components and the MCP
 * output schema are all derived from these schemas.
 */

export const RECORD_KINDS = ['reset_scheduled', 'reset_completed'] as const;
export const RESET_TYPES = ['global', 'banked', 'global_and_banked'] as const;
export const SCHEDULE_STATES = ['pending', 'elapsed', 'fulfilled', 'unknown'] as const;

export const Source = z
  .strictObject({
    origin: z.enum(['x', 'operator']).meta({
      description: '`x` for source posts, `operator` for operator notes and manual completions.',
    }),
    postId: z.string().nullable().meta({
      description: 'Original post id. Null for an independent manual completion.',
    }),
    handle: z.string().nullable().meta({
      description: 'Account handle for sources with origin `x`. Null otherwise.',
    }),
    url: z.string().nullable().meta({
      description: 'Canonical post URL. Null when no source post exists.',
    }),
  })
  .meta({ id: 'Source', description: 'Where the record comes from. Always present.' });

export const Scope = z
  .strictObject({
    plans: z.array(z.string()).meta({
      description: 'Affected plan ids. `all` means all plans, `unknown` means unspecified.',
    }),
    windows: z.array(z.string()).meta({
      description:
        'Affected quota-window ids such as `five_hour` or `weekly`; `unknown` if unspecified.',
    }),
  })
  .meta({ id: 'Scope', description: 'Which plans and quota windows the reset affects.' });

export const ScheduleWindow = z
  .strictObject({
    startAt: Timestamp.meta({ description: 'UTC start of the window.' }),
    endAt: Timestamp.meta({
      description: 'UTC end of the window; equal to startAt for an exact time.',
    }),
  })
  .meta({
    id: 'ScheduleWindow',
    description:
      'The known schedule window. A `date` schedule spans its civil day converted to UTC.',
  });

const RecordFields = z.strictObject({
  id: z.string().min(1).meta({
    description:
      'Numeric string for posts; `op_…` for operator notes; `manual:…` for manual completions.',
  }),
  kind: z.enum(RECORD_KINDS),
  resetType: z.enum(RESET_TYPES),
  announcedAt: Timestamp.nullable().meta({ description: 'When the source was announced.' }),
  effectiveAt: Timestamp.nullable().meta({
    description: 'Planned or actual reset time. Never filled from announcedAt.',
  }),
  text: z.string().nullable().meta({ description: 'Public post text or operator copy.' }),
  confidence: z
    .number()
    .min(0)
    .max(1)
    .nullable()
    .meta({ description: 'Between 0 and 1 when known.' }),
  scope: Scope.nullable(),
  source: Source,
  schedulePrecision: z
    .enum(['date', 'datetime'])
    .nullable()
    .meta({ description: 'Null on completions.' }),
  scheduleBasis: z
    .enum(['explicit', 'contextual_inference'])
    .nullable()
    .meta({ description: 'Null on completions.' }),
  scheduleWindow: ScheduleWindow.nullable(),
  scheduleState: z.enum(SCHEDULE_STATES).nullable().meta({ description: 'Null on completions.' }),
  completedAt: Timestamp.nullable().meta({
    description: 'When a schedule was confirmed fulfilled.',
  }),
  completionRecordId: z
    .string()
    .nullable()
    .meta({ description: 'Linked completion record, on a schedule.' }),
  fulfillmentOrigin: z.enum(['auto', 'link', 'manual']).nullable(),
  relatedRecordIds: z.array(z.string()).meta({
    description: 'On completions, the ids of related schedules. Empty when none.',
  }),
});

type RecordShape = z.infer<typeof RecordFields>;

/** Cross-field rules of service.md and decisions.md §2, reported as issues on the named field. */
function checkRecordRules(record: RecordShape, ctx: z.RefinementCtx): void {
  const problem = (path: PropertyKey[], message: string) =>
    ctx.addIssue({ code: 'custom', path, message });
  const { id, source } = record;

  // Every free-form string, well-formed: a lone surrogate makes the API's JSON unreadable
  // to strict parsers and a record link that cannot be encoded (shared/text/well-formed.ts).
  const free: [PropertyKey[], string | null][] = [
    [['id'], id],
    [['text'], record.text],
    [['source', 'postId'], source.postId],
    [['source', 'handle'], source.handle],
    [['source', 'url'], source.url],
    [['completionRecordId'], record.completionRecordId],
    ...record.relatedRecordIds.map((related, index): [PropertyKey[], string] => [
      ['relatedRecordIds', index],
      related,
    ]),
  ];
  for (const [path, value] of free) {
    if (value !== null && !isWellFormed(value))
      problem(path, 'must be well-formed Unicode (it holds a lone surrogate)');
  }

  if (source.origin === 'x') {
    if (!/^\d+$/.test(id)) problem(['id'], 'records with source.origin "x" have a numeric id');
    if (source.handle === null)
      problem(['source', 'handle'], 'must be set when source.origin is "x"');
  } else {
    if (!id.startsWith('op_') && !id.startsWith('manual:')) {
      problem(
        ['id'],
        'records with source.origin "operator" have an id starting "op_" or "manual:"',
      );
    }
    if (source.handle !== null)
      problem(['source', 'handle'], 'must be null unless source.origin is "x"');
  }

  if (id.startsWith('manual:')) {
    if (record.kind !== 'reset_completed')
      problem(['kind'], 'a manual completion has kind "reset_completed"');
    for (const field of ['postId', 'handle', 'url'] as const) {
      if (source[field] !== null) problem(['source', field], 'must be null on a manual completion');
    }
    if (record.completionRecordId !== null) {
      problem(['completionRecordId'], 'must be null on a manual completion');
    }
    if (record.fulfillmentOrigin !== 'manual') {
      problem(['fulfillmentOrigin'], 'must be "manual" on a manual completion');
    }
  }

  if (record.kind === 'reset_completed') {
    for (const field of [
      'schedulePrecision',
      'scheduleBasis',
      'scheduleWindow',
      'scheduleState',
    ] as const) {
      if (record[field] !== null) problem([field], 'must be null on a completion');
    }
  } else {
    if (record.scheduleState === null) problem(['scheduleState'], 'must be set on a schedule');
    if (record.scheduleState === 'fulfilled') {
      if (record.completedAt === null)
        problem(['completedAt'], 'must be set on a fulfilled schedule');
      if (record.fulfillmentOrigin === null) {
        problem(['fulfillmentOrigin'], 'must be set on a fulfilled schedule');
      }
    }
  }

  const window = record.scheduleWindow;
  if (window !== null && window.endAt < window.startAt) {
    problem(['scheduleWindow', 'endAt'], 'must not be before scheduleWindow.startAt');
  }
}

export const ResetRecord = RecordFields.superRefine(checkRecordRules).meta({
  id: 'ResetRecord',
  description:
    'A scheduled or completed usage-limit reset. Every field is always present; null means unknown.',
});

export type ResetRecord = z.infer<typeof ResetRecord>;
export type RecordKind = (typeof RECORD_KINDS)[number];
