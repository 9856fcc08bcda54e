import assert from 'node:assert/strict';
import { build } from '../../../src/producer/build/build.ts';
import {
  type BuildSettings,
  DEFAULT_BUILD_SETTINGS,
} from '../../../src/producer/build/settings.ts';
import type {
  ClassifiedReset,
  Corrections,
  Entry,
  EntryType,
  Payload,
} from '../../../src/producer/ledger/entry.ts';
import type { ResetRecord } from '../../../src/shared/domain/record.ts';
import type { SnapshotFile } from '../../../src/shared/domain/snapshot.ts';
import { validateSnapshot } from '../../../src/shared/snapshot/validate.ts';

/**
 * Ledgers written entry by entry for the build's tests (producer.md §3): a builder that
 * numbers entries as a store would, classified resets to put in them, and the records the
 * build is expected to publish, every field spelled out (service.md § Resources).
 */

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
/** The base time of the examples: 2026-11-20T12:00:00.000Z. */
export const T0 = Date.parse('2026-11-20T12:00:00.000Z');
export const iso = (ms: number) => new Date(ms).toISOString();
export const SETTINGS = DEFAULT_BUILD_SETTINGS;
export const HANDLE = 'thsottiaux';

type Instant = number | string;
const ms = (at: Instant) => (typeof at === 'number' ? at : Date.parse(at));

/** A schedule as a classifier gives it; `window` as [start, end] (end defaults to start). */
export function scheduled(
  window: readonly [Instant, Instant?] | null,
  fields: Partial<ClassifiedReset> = {},
): ClassifiedReset {
  const scheduleWindow =
    window === null
      ? null
      : { startAt: iso(ms(window[0])), endAt: iso(ms(window[1] ?? window[0])) };
  return {
    kind: 'reset_scheduled',
    resetType: 'global',
    effectiveAt: null,
    confidence: 0.9,
    scope: { plans: ['all'], windows: ['unknown'] },
    schedulePrecision: window === null ? null : 'datetime',
    scheduleBasis: window === null ? null : 'explicit',
    scheduleWindow,
    ...fields,
  };
}

/** A completion as a classifier gives it. */
export function completed(fields: Partial<ClassifiedReset> = {}): ClassifiedReset {
  return {
    kind: 'reset_completed',
    resetType: 'global',
    effectiveAt: null,
    confidence: 0.95,
    scope: { plans: ['all'], windows: ['unknown'] },
    schedulePrecision: null,
    scheduleBasis: null,
    scheduleWindow: null,
    ...fields,
  };
}

export interface PostOptions {
  /** Held for review (classification.review). */
  readonly held?: boolean;
  readonly text?: string;
  readonly handle?: string;
  /** When the monitor observed it (the entries' `at`); default: when it was posted. */
  readonly observedAt?: Instant;
}

/**
 * Appends entries with ids 1, 2, 3…, as a store would. Every method returns the new
 * entry's id. Operator entries are made by `ann` at `clock` (settable), which the build
 * reads only for a manual completion without a time.
 */
export class LedgerBuilder {
  readonly entries: Entry[] = [];
  clock: number;

  constructor(clock = T0) {
    this.clock = clock;
  }

  get lastId(): number {
    return this.entries.length;
  }

  add<T extends EntryType>(type: T, payload: Payload<T>, at: Instant, actor = 'ann'): number {
    const id = this.entries.length + 1;
    this.entries.push({ id, type, at: iso(ms(at)), actor, reason: null, payload } as Entry);
    return id;
  }

  /** A post observed and classified once, as the monitor stores it; returns the classification's entry id. */
  post(id: string, postedAt: Instant, reset: ClassifiedReset | null, options: PostOptions = {}) {
    const at = options.observedAt ?? postedAt;
    const post = {
      id,
      handle: options.handle ?? HANDLE,
      createdAt: iso(ms(postedAt)),
      text: options.text ?? `post ${id}`,
    };
    this.add('post_observed', { post }, at, 'monitor');
    return this.add(
      'post_classified',
      { postId: id, classification: classification(reset, options.held ?? false) },
      at,
      'monitor',
    );
  }

  check(ok: boolean, at: Instant): number {
    return this.add(
      'source_checked',
      {
        source: 'file:posts.jsonl',
        ok,
        cursor: ok ? '1' : null,
        error: ok ? null : 'ENOENT',
        newPosts: 0,
      },
      at,
      'monitor',
    );
  }

  accept(postId: string, corrections: Corrections = {}): number {
    return this.add('accept', { postId, corrections }, this.clock);
  }

  correct(recordId: string, corrections: Corrections): number {
    return this.add('correct', { recordId, corrections }, this.clock);
  }

  reclassify(postId: string, reset: ClassifiedReset | null, held = false): number {
    return this.add(
      'reclassify',
      { postId, classification: classification(reset, held, 'rules-2.0.0') },
      this.clock,
    );
  }

  note(recordId: string, fields: Partial<Omit<Payload<'note'>, 'recordId'>> = {}): number {
    return this.add(
      'note',
      {
        recordId,
        kind: 'reset_scheduled',
        resetType: 'global',
        announcedAt: iso(this.clock),
        effectiveAt: null,
        text: null,
        scope: null,
        schedulePrecision: null,
        scheduleBasis: null,
        scheduleWindow: null,
        post: null,
        ...fields,
      },
      this.clock,
    );
  }

  complete(
    recordId: string,
    scheduleIds: string[],
    completedAt: Instant | null,
    resetType: ResetRecord['resetType'] = 'global',
  ): number {
    return this.add(
      'complete',
      {
        recordId,
        scheduleIds,
        completedAt: completedAt === null ? null : iso(ms(completedAt)),
        resetType,
      },
      this.clock,
    );
  }

  link(scheduleId: string, completionId: string): number {
    return this.add('link', { scheduleId, completionId }, this.clock);
  }

  unlink(scheduleId: string): number {
    return this.add('unlink', { scheduleId }, this.clock);
  }

  dismiss(recordId: string): number {
    return this.add('dismiss', { recordId }, this.clock);
  }

  restore(recordId: string): number {
    return this.add('restore', { recordId }, this.clock);
  }

  undo(entryId: number): number {
    return this.add('undo', { entryId }, this.clock);
  }
}

function classification(
  reset: ClassifiedReset | null,
  review: boolean,
  classifier = 'rules-1.0.0',
) {
  return { classifier, reset, review, reasons: review ? ['held for the test'] : [] };
}

/**
 * The snapshot of `entries` at `now`, checked: nothing left out as invalid, and the
 * service's own validation accepts it.
 */
export function snapshotAt(
  entries: readonly Entry[],
  now: Instant,
  settings: BuildSettings = SETTINGS,
): SnapshotFile {
  const built = build(entries, ms(now), settings);
  assert.deepEqual(built.omitted, [], 'no record left out as invalid');
  const validation = validateSnapshot(JSON.parse(JSON.stringify(built.snapshot)));
  assert.ok(validation.ok, `the service accepts the snapshot: ${JSON.stringify(validation)}`);
  return built.snapshot;
}

/** The published record `id` at `now`, or undefined when it is not published. */
export function recordAt(
  entries: readonly Entry[],
  now: Instant,
  id: string,
  settings: BuildSettings = SETTINGS,
): ResetRecord | undefined {
  return snapshotAt(entries, now, settings).records.find((record) => record.id === id);
}

export const idsAt = (entries: readonly Entry[], now: Instant) =>
  snapshotAt(entries, now).records.map((record) => record.id);

const NO_STATE = {
  scheduleState: null,
  completedAt: null,
  completionRecordId: null,
  fulfillmentOrigin: null,
  relatedRecordIds: [] as string[],
} as const;

/** The source of a post's record (producer.md §2). */
export const xSource = (postId: string, handle = HANDLE): ResetRecord['source'] => ({
  origin: 'x',
  postId,
  handle,
  url: `https://x.com/${handle}/status/${postId}`,
});

/**
 * The record a post classified `reset` publishes (producer.md §2: the classifier's fields,
 * announcedAt = the post's time, text = its text, source from the post), with `fields`
 * (the state fields, corrections) over it. A completion carries no schedule fields.
 */
export function postRecord(
  id: string,
  postedAt: Instant,
  reset: ClassifiedReset,
  fields: Partial<ResetRecord> = {},
): ResetRecord {
  const schedule = reset.kind === 'reset_scheduled';
  return {
    id,
    kind: reset.kind,
    resetType: reset.resetType,
    announcedAt: iso(ms(postedAt)),
    effectiveAt: reset.effectiveAt,
    text: `post ${id}`,
    confidence: reset.confidence,
    scope: reset.scope,
    source: xSource(id),
    schedulePrecision: schedule ? reset.schedulePrecision : null,
    scheduleBasis: schedule ? reset.scheduleBasis : null,
    scheduleWindow: schedule ? reset.scheduleWindow : null,
    ...NO_STATE,
    ...(schedule ? {} : { completedAt: iso(ms(postedAt)) }),
    ...fields,
  };
}

/** A schedule's state fields when `completionId` fulfils it at `completedAt`. */
export const fulfilledBy = (
  completionId: string,
  completedAt: Instant,
  origin: 'auto' | 'link' | 'manual',
) =>
  ({
    scheduleState: 'fulfilled',
    completedAt: iso(ms(completedAt)),
    completionRecordId: completionId,
    fulfillmentOrigin: origin,
  }) as const;
