import type { ResetRecord } from '../../shared/domain/record.ts';
import { formatTimestamp } from '../../shared/domain/timestamp.ts';
import { toWellFormed } from '../../shared/text/well-formed.ts';
import type { ClassifiedReset, Corrections } from '../ledger/entry.ts';
import { postUrl } from '../ledger/post.ts';
import type { Journal } from './journal.ts';

/**
 * A record before its links and states are known: every field of the published record,
 * with the state fields still empty, plus what linking needs.
 */
export interface Draft {
  readonly record: ResetRecord;
  /** Epoch ms of `announcedAt` (null for a manual completion). */
  readonly announcedMs: number | null;
  /** For completions: when the reset happened, as the build counts it (§3). */
  readonly completedAt: string | null;
  /** A completion from a post: the only kind that links to schedules by itself (§3). */
  readonly autoLinks: boolean;
}

const wellFormedOrNull = (text: string | null) => (text === null ? null : toWellFormed(text));

const emptyState = () => ({
  scheduleState: null,
  completedAt: null,
  completionRecordId: null,
  fulfillmentOrigin: null,
  relatedRecordIds: [] as string[],
});

/** The records the journal publishes, dismissed ones left out. */
export function draftRecords(journal: Journal): Draft[] {
  const drafts = [...postDrafts(journal), ...noteDrafts(journal), ...manualDrafts(journal)];
  return drafts.filter((draft) => !journal.dismissed.has(draft.record.id));
}

/** A post publishes a record when it was classified a reset and is not held, or accepted. */
function postDrafts(journal: Journal): Draft[] {
  const drafts: Draft[] = [];
  for (const [id, { post }] of journal.posts) {
    const classification = journal.classifications.get(id);
    const accepted = journal.accepted.has(id) || journal.agreed.has(id);
    if (classification === undefined && !accepted) continue;
    if (classification?.review === true && !accepted) continue;
    const reset = withCorrections(classification?.reset ?? null, journal.corrections.get(id));
    if (reset === null) continue;
    const announcedMs = Date.parse(post.createdAt);
    const announcedAt = formatTimestamp(announcedMs);
    const text = journal.corrections.get(id)?.text;
    drafts.push({
      record: {
        id,
        ...scheduleFieldsFor(reset),
        announcedAt,
        // Well-formed also for posts stored before ingestion replaced lone surrogates.
        text: wellFormedOrNull(text === undefined ? post.text : text),
        source: { origin: 'x', postId: id, handle: post.handle, url: postUrl(post) },
        ...emptyState(),
      },
      announcedMs,
      completedAt: reset.kind === 'reset_completed' ? announcedAt : null,
      autoLinks: reset.kind === 'reset_completed',
    });
  }
  return drafts;
}

function noteDrafts(journal: Journal): Draft[] {
  return [...journal.notes.values()].map(({ note }) => {
    const record: ResetRecord = {
      id: note.recordId,
      ...scheduleFieldsFor({ ...note, confidence: null }),
      announcedAt: note.announcedAt,
      text: wellFormedOrNull(note.text),
      source: {
        origin: 'operator',
        postId: note.post?.id ?? null,
        handle: null,
        url: note.post?.url ?? null,
      },
      ...emptyState(),
    };
    return {
      record,
      announcedMs: Date.parse(note.announcedAt),
      completedAt: note.kind === 'reset_completed' ? note.announcedAt : null,
      autoLinks: false,
    };
  });
}

/** service.md § Manual completion record; completedAt is the time the operator gave. */
function manualDrafts(journal: Journal): Draft[] {
  return [...journal.manuals.values()].map(({ completion, at }) => {
    const completedAt = completion.completedAt ?? at;
    return {
      record: {
        id: completion.recordId,
        kind: 'reset_completed',
        resetType: completion.resetType,
        announcedAt: null,
        effectiveAt: completedAt,
        text: null,
        confidence: null,
        scope: null,
        source: { origin: 'operator', postId: null, handle: null, url: null },
        schedulePrecision: null,
        scheduleBasis: null,
        scheduleWindow: null,
        ...emptyState(),
        fulfillmentOrigin: 'manual',
      },
      announcedMs: null,
      completedAt,
      autoLinks: false,
    };
  });
}

/** The classifier's fields with the operator's corrections over them; null if no reset. */
function withCorrections(
  reset: ClassifiedReset | null,
  corrections: Corrections | undefined,
): ClassifiedReset | null {
  if (corrections === undefined) return reset;
  const { text: _text, ...fields } = corrections;
  const kind = fields.kind ?? reset?.kind;
  const resetType = fields.resetType ?? reset?.resetType;
  if (kind === undefined || resetType === undefined) return null;
  return {
    effectiveAt: null,
    confidence: null,
    scope: null,
    schedulePrecision: null,
    scheduleBasis: null,
    scheduleWindow: null,
    ...reset,
    ...fields,
    kind,
    resetType,
  };
}

/** A completion carries no schedule fields (service.md: null on completions). */
function scheduleFieldsFor(reset: ClassifiedReset) {
  const schedule = reset.kind === 'reset_scheduled';
  return {
    kind: reset.kind,
    resetType: reset.resetType,
    effectiveAt: reset.effectiveAt,
    confidence: reset.confidence,
    scope: reset.scope,
    schedulePrecision: schedule ? reset.schedulePrecision : null,
    scheduleBasis: schedule ? reset.scheduleBasis : null,
    scheduleWindow: schedule ? reset.scheduleWindow : null,
  };
}
