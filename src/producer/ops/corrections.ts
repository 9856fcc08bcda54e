import { RECORD_KINDS, RESET_TYPES } from '../../shared/domain/record.ts';
import type { Corrections } from '../ledger/entry.ts';
import { OpsRefusal } from './refusal.ts';
import type { TimeContext } from './values.ts';
import { confidenceValue, enumValue, scopeValue, timestampValue, windowValue } from './values.ts';

type Field = keyof Corrections;

/**
 * The fields of `--set FIELD=VALUE` (ops correct, ops accept), by the name the operator
 * types, with the record field each sets and how its value is read. `null` clears a
 * nullable field (text included: a post's text is never the word "null").
 */
const FIELDS: ReadonlyMap<
  string,
  { field: Field; read: (name: string, value: string, context: TimeContext) => unknown }
> = new Map([
  ['kind', { field: 'kind', read: (name, value) => enumValue(name, value, RECORD_KINDS) }],
  ['resetType', { field: 'resetType', read: (name, value) => enumValue(name, value, RESET_TYPES) }],
  ['scope', { field: 'scope', read: nullable(scopeValue) }],
  ['effectiveAt', { field: 'effectiveAt', read: nullable(timestampValue) }],
  ['window', { field: 'scheduleWindow', read: nullable(windowValue) }],
  [
    'precision',
    {
      field: 'schedulePrecision',
      read: nullable((name, value) => enumValue(name, value, ['date', 'datetime'])),
    },
  ],
  [
    'basis',
    {
      field: 'scheduleBasis',
      read: nullable((name, value) => enumValue(name, value, ['explicit', 'contextual_inference'])),
    },
  ],
  ['text', { field: 'text', read: nullable((_name, value) => value) }],
  ['confidence', { field: 'confidence', read: nullable(confidenceValue) }],
]);

const CORRECTABLE_FIELDS = [...FIELDS.keys()];

function nullable<T>(read: (name: string, value: string, context: TimeContext) => T) {
  return (name: string, value: string, context: TimeContext): T | null =>
    value === 'null' ? null : read(name, value, context);
}

/** `--set` assignments as corrections; each field at most once. */
export function correctionsFrom(assignments: readonly string[], context: TimeContext): Corrections {
  const corrections: Record<string, unknown> = {};
  const seen = new Set<string>();
  for (const assignment of assignments) {
    const equals = assignment.indexOf('=');
    if (equals < 1) throw new OpsRefusal(`--set takes FIELD=VALUE, not "${assignment}"`);
    const name = assignment.slice(0, equals);
    const spec = FIELDS.get(name);
    if (spec === undefined) {
      throw new OpsRefusal(`unknown field "${name}" (fields: ${CORRECTABLE_FIELDS.join(', ')})`);
    }
    if (seen.has(name)) throw new OpsRefusal(`field ${name} is set twice`);
    seen.add(name);
    corrections[spec.field] = spec.read(name, assignment.slice(equals + 1), context);
  }
  return corrections as Corrections;
}

/**
 * A completion has no window, precision or basis: the build publishes them as null
 * (service.md), so setting one on a record that stays a completion would be an entry that
 * changes nothing while the operator believes it did (issue 16, finding 15). Refused, with
 * what to do instead. `kind` is the record's kind once `corrections` apply.
 */
export function refuseScheduleFieldsOnCompletion(
  recordId: string,
  kind: string | undefined,
  corrections: Corrections,
): void {
  if (kind !== 'reset_completed') return;
  const given = (
    [
      ['window', corrections.scheduleWindow],
      ['precision', corrections.schedulePrecision],
      ['basis', corrections.scheduleBasis],
    ] as const
  )
    .filter(([, value]) => value !== undefined && value !== null)
    .map(([name]) => name);
  if (given.length === 0) return;
  throw new OpsRefusal(
    `${recordId} is a completion, which has no ${given.join(', ')} (only a schedule has); ` +
      'set effectiveAt for when it happened, or add --set kind=reset_scheduled to make it a schedule',
  );
}

/** The names the operator typed for corrections, for messages and the log. */
export const correctedFieldNames = (corrections: Corrections): string[] =>
  [...FIELDS].filter(([, spec]) => spec.field in corrections).map(([name]) => name);
