import { RECORD_KINDS, RESET_TYPES } from '../../shared/domain/record.ts';
import { formatTimestamp } from '../../shared/domain/timestamp.ts';
import type { Entry, NewEntry } from '../ledger/entry.ts';
import { postUrl } from '../ledger/post.ts';
import { type OpsContext, operatorEntry } from './context.ts';
import { currentState } from './current-state.ts';
import { freshRecordId } from './record-ids.ts';
import { OpsRefusal } from './refusal.ts';
import {
  enumValue,
  pastTimestampValue,
  scopeValue,
  type TimeContext,
  timestampValue,
  windowValue,
} from './values.ts';

/** The options of `ops note`, as typed. */
export interface NoteRequest {
  readonly kind: string;
  readonly resetType: string;
  readonly window?: string | undefined;
  readonly precision?: string | undefined;
  readonly basis?: string | undefined;
  readonly scope?: string | undefined;
  readonly effectiveAt?: string | undefined;
  readonly text?: string | undefined;
  readonly post?: string | undefined;
  readonly announcedAt?: string | undefined;
}

/**
 * `ops note --kind K --reset-type T [--window START,END --precision P] [--basis B] …`:
 * a new `op_…` record, for what no post gives (or a second announcement inside one post).
 */
export function note(
  entries: readonly Entry[],
  request: NoteRequest,
  context: OpsContext,
): NewEntry {
  const kind = enumValue('--kind', request.kind, RECORD_KINDS);
  const resetType = enumValue('--reset-type', request.resetType, RESET_TYPES);
  const schedule = scheduleFields(kind, request, context);
  const post =
    request.post === undefined ? undefined : currentState(entries).journal.posts.get(request.post);
  if (request.post !== undefined && post === undefined) {
    throw new OpsRefusal(`unknown post ${request.post}`);
  }
  const fields = {
    kind,
    resetType,
    // When it was announced has already happened; by default, now (producer.md §4).
    announcedAt:
      request.announcedAt === undefined
        ? formatTimestamp(context.now)
        : pastTimestampValue('--announced-at', request.announcedAt, context),
    effectiveAt:
      request.effectiveAt === undefined
        ? null
        : timestampValue('--effective-at', request.effectiveAt, context),
    text: request.text === undefined || request.text === '' ? null : request.text,
    scope: request.scope === undefined ? null : scopeValue('--scope', request.scope),
    ...schedule,
    post: post === undefined ? null : { id: post.post.id, url: postUrl(post.post) },
  };
  return operatorEntry(
    'note',
    { recordId: freshRecordId('op_', entries, context.newId), ...fields },
    context,
  );
}

/**
 * A window comes with its precision (whether it is a day or a time), and its basis
 * (`explicit` unless told otherwise: the operator states what was announced). Precision
 * and basis describe a window, so neither goes without one, and a completion has none.
 */
function scheduleFields(
  kind: (typeof RECORD_KINDS)[number],
  request: NoteRequest,
  context: TimeContext,
) {
  const { window, precision, basis } = request;
  if (kind === 'reset_completed') {
    if (window !== undefined || precision !== undefined || basis !== undefined) {
      throw new OpsRefusal(
        'a completion has no schedule window: --window, --precision and --basis go with --kind reset_scheduled',
      );
    }
    return { scheduleWindow: null, schedulePrecision: null, scheduleBasis: null };
  }
  if (window === undefined) {
    if (precision !== undefined || basis !== undefined) {
      throw new OpsRefusal(
        '--precision and --basis describe a window: give --window START,END too',
      );
    }
    return { scheduleWindow: null, schedulePrecision: null, scheduleBasis: null };
  }
  if (precision === undefined) throw new OpsRefusal('--window needs --precision date or datetime');
  return {
    scheduleWindow: windowValue('--window', window, context),
    schedulePrecision: enumValue('--precision', precision, ['date', 'datetime'] as const),
    scheduleBasis:
      basis === undefined
        ? 'explicit'
        : enumValue('--basis', basis, ['explicit', 'contextual_inference'] as const),
  };
}
