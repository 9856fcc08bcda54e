import type { RecordChange } from './effects.ts';

type Changed = Extract<RecordChange, { change: 'changed' }>;

/** Fields that say how a schedule is fulfilled: described together, as one sentence. */
const FULFILMENT = ['scheduleState', 'completedAt', 'completionRecordId', 'fulfillmentOrigin'];

/** A change to a published record, for the operator: `S: no longer fulfilled by C, now elapsed`. */
export function describeChange(change: RecordChange): string {
  const id = change.recordId;
  if (change.change !== 'changed') {
    return change.change === 'published'
      ? `${id} is now published`
      : `${id} is no longer published`;
  }
  const { fields } = change;
  const parts: string[] = [];
  const linked = fields['completionRecordId'];
  if (linked !== undefined) parts.push(fulfilment(linked.before, linked.after, change));
  const related = fields['relatedRecordIds'];
  if (related !== undefined) parts.push(relatedLists(related.before, related.after));
  for (const [field, { before, after }] of Object.entries(fields)) {
    if (field === 'relatedRecordIds' || (linked !== undefined && FULFILMENT.includes(field))) {
      continue;
    }
    parts.push(`${field} ${show(before)} → ${show(after)}`);
  }
  return `${id}: ${parts.join('; ')}`;
}

/** A schedule's completion changed: fulfilled, no longer, or by another completion. */
function fulfilment(before: unknown, after: unknown, change: Changed) {
  const state = change.fields['scheduleState']?.after;
  const origin = change.fields['fulfillmentOrigin']?.after;
  if (after === null) return `no longer fulfilled by ${before}, now ${state}`;
  if (before === null) return `now fulfilled by ${after} (${origin})`;
  return `now fulfilled by ${after} instead of ${before}${origin === undefined ? '' : ` (${origin})`}`;
}

function relatedLists(before: unknown, after: unknown): string {
  const was = before as string[];
  const is = after as string[];
  const added = is.filter((id) => !was.includes(id));
  const removed = was.filter((id) => !is.includes(id));
  return [
    ...(added.length > 0 ? [`now lists ${added.join(', ')} as fulfilled by it`] : []),
    ...(removed.length > 0 ? [`no longer lists ${removed.join(', ')}`] : []),
  ].join('; ');
}

/** A value in a line: JSON, cut short so a long text does not flood the terminal. */
function show(value: unknown): string {
  const json = JSON.stringify(value);
  return json.length > 60 ? `${json.slice(0, 59)}…` : json;
}
