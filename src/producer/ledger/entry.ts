import { z } from 'zod';
import { RECORD_KINDS, RESET_TYPES, ScheduleWindow, Scope } from '../../shared/domain/record.ts';
import { Timestamp } from '../../shared/domain/timestamp.ts';
import { Post } from './post.ts';

/**
 * The ledger's entries (producer.md §1, §4): the single source of truth of the producer.
 * An entry is never updated or deleted; a correction is a new entry. Every payload has a
 * schema here, and the stores check each entry against it before it is written.
 */

const PostId = z.string().regex(/^\d{1,25}$/);
const RecordId = z.string().min(1).max(200);

/** What a classifier decides about a post: the fields of its record that come from the text. */
export const ClassifiedReset = z.strictObject({
  kind: z.enum(RECORD_KINDS),
  resetType: z.enum(RESET_TYPES),
  effectiveAt: Timestamp.nullable(),
  confidence: z.number().min(0).max(1).nullable(),
  scope: Scope.nullable(),
  schedulePrecision: z.enum(['date', 'datetime']).nullable(),
  scheduleBasis: z.enum(['explicit', 'contextual_inference']).nullable(),
  scheduleWindow: ScheduleWindow.nullable(),
});
export type ClassifiedReset = z.infer<typeof ClassifiedReset>;

export const Classification = z.strictObject({
  /** Name and version of the classifier, e.g. `rules-1.0.0`. */
  classifier: z.string().min(1),
  /** The record the post would publish, or null when it announces no reset. */
  reset: ClassifiedReset.nullable(),
  /** Held for the operator's review: not published until accepted. */
  review: z.boolean(),
  reasons: z.array(z.string()),
});
export type Classification = z.infer<typeof Classification>;

/** Fields an operator may override on a post's record (`ops correct`, `ops accept --set`). */
export const Corrections = ClassifiedReset.extend({ text: z.string().nullable() }).partial();
export type Corrections = z.infer<typeof Corrections>;

export const ENTRY_PAYLOADS = {
  /** A post seen at the source, verbatim. At most one per post id. */
  post_observed: z.strictObject({ post: Post }),
  /** A post's classification, made once when it is first observed. */
  post_classified: z.strictObject({ postId: PostId, classification: Classification }),
  /** One check of the source: succeeded (with its cursor) or failed (with a reason, no secret). */
  source_checked: z.strictObject({
    source: z.string(),
    ok: z.boolean(),
    cursor: z.string().nullable(),
    error: z.string().nullable(),
    newPosts: z.int().min(0),
  }),
  accept: z.strictObject({ postId: PostId, corrections: Corrections }),
  correct: z.strictObject({ recordId: RecordId, corrections: Corrections }),
  /** A new `op_…` record. */
  note: z.strictObject({
    recordId: z.string().regex(/^op_[A-Za-z0-9_-]{1,64}$/),
    kind: z.enum(RECORD_KINDS),
    resetType: z.enum(RESET_TYPES),
    announcedAt: Timestamp,
    effectiveAt: Timestamp.nullable(),
    text: z.string().nullable(),
    scope: Scope.nullable(),
    schedulePrecision: z.enum(['date', 'datetime']).nullable(),
    scheduleBasis: z.enum(['explicit', 'contextual_inference']).nullable(),
    scheduleWindow: ScheduleWindow.nullable(),
    /** The post the note refers to, if any (then `source.postId` and `url` are set). */
    post: z.strictObject({ id: PostId, url: z.string() }).nullable(),
  }),
  /** A new `manual:…` completion that fulfils `scheduleIds`. */
  complete: z.strictObject({
    recordId: z.string().regex(/^manual:[A-Za-z0-9_-]{1,64}$/),
    scheduleIds: z.array(RecordId).min(1),
    completedAt: Timestamp.nullable(),
    resetType: z.enum(RESET_TYPES),
  }),
  link: z.strictObject({ scheduleId: RecordId, completionId: RecordId }),
  unlink: z.strictObject({ scheduleId: RecordId }),
  dismiss: z.strictObject({ recordId: RecordId }),
  restore: z.strictObject({ recordId: RecordId }),
  /** Reverts one earlier operator entry, as if it had not been made. */
  undo: z.strictObject({ entryId: z.int().min(1) }),
  /** A new classification of a stored post, asked for by the operator. */
  reclassify: z.strictObject({ postId: PostId, classification: Classification }),
  /** `ops check`: the operator asks the running monitor for a round now. */
  check_requested: z.strictObject({}),
  /**
   * A language model's reading of a held post (docs/operating.md#a-second-opinion), asked
   * once: its proposal, and whether it agrees with the rules' (then the post is published
   * as if accepted, until a reclassify or the operator's dismiss).
   */
  second_opinion: z.strictObject({
    postId: PostId,
    /** The classification it was compared with. */
    classifier: z.string().min(1),
    model: z.string().min(1).max(200),
    outcome: z.enum(['answered', 'late', 'refused', 'oversized', 'malformed', 'unreachable']),
    proposal: ClassifiedReset.omit({ confidence: true }).nullable(),
    agrees: z.boolean(),
    /** Why it does not agree, or the doubts it resolved when it does. */
    why: z.array(z.string().max(1_000)).max(20),
    problem: z.string().max(1_000).nullable(),
  }),
} as const;

export type EntryType = keyof typeof ENTRY_PAYLOADS;
export type Payload<T extends EntryType> = z.infer<(typeof ENTRY_PAYLOADS)[T]>;

/** Entries the operator makes (and can undo); the others are the monitor's. */
export const OPERATOR_TYPES = [
  'accept',
  'correct',
  'note',
  'complete',
  'link',
  'unlink',
  'dismiss',
  'restore',
  'undo',
  'reclassify',
] as const satisfies readonly EntryType[];

/** An entry as appended: the store gives it its id. */
export type NewEntry = {
  [T in EntryType]: {
    readonly type: T;
    /** UTC, the contract's timestamp format. */
    readonly at: string;
    /** `monitor`, or the operator's name. */
    readonly actor: string;
    readonly reason: string | null;
    readonly payload: Payload<T>;
  };
}[EntryType];

/** An entry as stored: with its sequence id (1, 2, 3… in append order, never reused). */
export type Entry = NewEntry & { readonly id: number };

export const ACTOR = z
  .string()
  .regex(/^[A-Za-z0-9_.@-]{1,64}$/, 'an actor is 1 to 64 of A-Z a-z 0-9 _ . @ -');

/** Checks an entry before it is written; throws with the field named when it is malformed. */
export function checkNewEntry(entry: NewEntry): NewEntry {
  Timestamp.parse(entry.at);
  ACTOR.parse(entry.actor);
  if (entry.reason !== null) z.string().max(2_000).parse(entry.reason);
  const payload = ENTRY_PAYLOADS[entry.type].parse(entry.payload);
  return { ...entry, payload } as NewEntry;
}

/** The post id an entry is unique by (one `post_observed` per post), else null. */
export const observedPostId = (entry: NewEntry): string | null =>
  entry.type === 'post_observed' ? entry.payload.post.id : null;
