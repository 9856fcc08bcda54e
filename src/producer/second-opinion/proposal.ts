import { z } from 'zod';
import { RECORD_KINDS, RESET_TYPES } from '../../shared/domain/record.ts';
import { Timestamp } from '../../shared/domain/timestamp.ts';
import type { ClassifiedReset } from '../ledger/entry.ts';
import { PLANS, WINDOWS } from '../ops/values.ts';

/**
 * What the model is asked for: the fields of the rules classifier's proposal (ClassifiedReset,
 * with the scope's lists and the window's ends flattened), and whether the post announces a
 * reset at all. The same schema is sent as the answer's JSON schema (PROPOSAL_JSON_SCHEMA)
 * and checks the answer, which is untrusted input like any other.
 */
export const Proposal = z.strictObject({
  isAnnouncement: z.boolean(),
  kind: z.enum(RECORD_KINDS).nullable(),
  resetType: z.enum(RESET_TYPES).nullable(),
  plans: z.array(z.enum(PLANS as [string, ...string[]])).max(PLANS.length),
  windows: z.array(z.enum(WINDOWS as [string, ...string[]])).max(WINDOWS.length),
  effectiveAt: Timestamp.nullable(),
  windowStartAt: Timestamp.nullable(),
  windowEndAt: Timestamp.nullable(),
  precision: z.enum(['date', 'datetime']).nullable(),
  basis: z.enum(['explicit', 'contextual_inference']).nullable(),
  /** A sentence for the operator: why. */
  reason: z.string().max(500),
});
export type Proposal = z.infer<typeof Proposal>;

/** Keywords every OpenAI-compatible server takes in a strict JSON schema. */
const KEPT_KEYWORDS = new Set([
  'type',
  'enum',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'anyOf',
  'description',
]);

function keepSupported(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(keepSupported);
  if (schema === null || typeof schema !== 'object') return schema;
  return Object.fromEntries(
    Object.entries(schema)
      .filter(([key]) => KEPT_KEYWORDS.has(key))
      .map(([key, value]) =>
        key === 'properties'
          ? [
              key,
              Object.fromEntries(
                Object.entries(value as object).map(([k, v]) => [k, keepSupported(v)]),
              ),
            ]
          : [key, keepSupported(value)],
      ),
  );
}

/**
 * The JSON schema of `response_format: {type: "json_schema", strict: true}`, made from
 * `Proposal`: every property required, no others allowed (strict mode's rules), without the
 * keywords some servers refuse (lengths, patterns, formats, examples); the timestamps' form
 * and the lists' bounds are checked when the answer is read.
 */
export const PROPOSAL_JSON_SCHEMA = keepSupported(
  z.toJSONSchema(Proposal, { target: 'draft-7', io: 'output' }),
) as Record<string, unknown>;

/** What the proposal means for the record, in the rules' own terms (null: not a reset). */
export interface ProposedReset {
  readonly kind: ClassifiedReset['kind'];
  readonly resetType: ClassifiedReset['resetType'];
  readonly scope: NonNullable<ClassifiedReset['scope']>;
  readonly effectiveAt: string | null;
  readonly scheduleWindow: ClassifiedReset['scheduleWindow'];
  readonly schedulePrecision: ClassifiedReset['schedulePrecision'];
  readonly scheduleBasis: ClassifiedReset['scheduleBasis'];
}

/**
 * The proposal as a record's fields, or a problem when its fields contradict each other
 * (an announcement without a kind, a schedule without a window). A completion's schedule
 * fields are left out, as the rules leave them.
 */
export function proposedReset(
  proposal: Proposal,
): { readonly reset: ProposedReset | null } | { readonly problem: string } {
  if (!proposal.isAnnouncement) return { reset: null };
  if (proposal.kind === null || proposal.resetType === null)
    return { problem: 'an announcement without a kind or a reset type' };
  const common = {
    kind: proposal.kind,
    resetType: proposal.resetType,
    scope: {
      plans: proposal.plans.length === 0 ? ['unknown'] : [...new Set(proposal.plans)],
      windows: proposal.windows.length === 0 ? ['unknown'] : [...new Set(proposal.windows)],
    },
    effectiveAt: proposal.effectiveAt,
  };
  if (proposal.kind === 'reset_completed') {
    return {
      reset: { ...common, scheduleWindow: null, schedulePrecision: null, scheduleBasis: null },
    };
  }
  const { windowStartAt: startAt, windowEndAt: endAt } = proposal;
  if (startAt === null || endAt === null || proposal.precision === null || proposal.basis === null)
    return { problem: 'a schedule without its window, precision or basis' };
  if (Date.parse(endAt) < Date.parse(startAt))
    return { problem: 'a window that ends before it starts' };
  return {
    reset: {
      ...common,
      scheduleWindow: { startAt, endAt },
      schedulePrecision: proposal.precision,
      scheduleBasis: proposal.basis,
    },
  };
}
