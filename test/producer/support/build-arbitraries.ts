import fc from 'fast-check';
import {
  type ClassifiedReset,
  type Corrections,
  type Entry,
  type EntryType,
  OPERATOR_TYPES,
  type Payload,
} from '../../../src/producer/ledger/entry.ts';
import type { ResetRecord } from '../../../src/shared/domain/record.ts';
import { DAY, HOUR, iso, MINUTE, T0 } from './build-ledger.ts';

/**
 * Realistic ledgers for the build's property tests: posts observed by the monitor and
 * classified once (schedules of every shape of producer.md §2, completions, posts with no
 * reset, some held for review), source checks that succeed or fail, and the operator's
 * entries in between, naming records and entries that exist (or, when asked, unknown,
 * dismissed and wrong-kind ones), undos of earlier operator entries included.
 *
 * A ledger is drawn as a script of abstract steps (fast-check shrinks those), then played
 * by `assemble`, which keeps a rough model of the records so far to resolve each step's
 * references into ids. The model ignores undos and corrections of kind: a reference it
 * resolves is a plausible one, which is all the generator needs (the build must cope with
 * any ledger).
 */

export interface LedgerOptions {
  /** Steps may name unknown ids, records of the wrong kind, monitor entries for undo. */
  readonly strayReferences: boolean;
  /**
   * Windows may end before they start (the entry schema lets such a classification or
   * correction through; the build leaves the record out as invalid).
   */
  readonly reversedWindows: boolean;
}

const RESET_TYPES = ['global', 'banked', 'global_and_banked'] as const;
const PLANS = ['all', 'free', 'go', 'plus', 'pro', 'business', 'enterprise', 'edu', 'unknown'];
const WINDOWS = ['five_hour', 'weekly', 'unknown'];

/** The schedule shapes of producer.md §2's table, a windowless schedule, a completion, or no reset. */
const SHAPES = [
  'date',
  'exact',
  'deadline',
  'vague',
  'part_of_day',
  'no_window',
  'completion',
  'none',
] as const;

type Shape = (typeof SHAPES)[number];

interface ResetSpec {
  readonly shape: Shape;
  readonly resetType: (typeof RESET_TYPES)[number];
  readonly confidence: number | null;
  readonly scope: ResetRecord['scope'];
  /** Minutes from the post's time to the window (exact time) or days ahead (date). */
  readonly offset: number;
  readonly hours: number;
  readonly withEffectiveAt: boolean;
  readonly reversed: boolean;
}

/** A reference to an existing thing (by index into what exists), or a stray one. */
interface Ref {
  readonly pick: number;
  /** 0 makes the reference stray, when stray references are on. */
  readonly stray: number;
}

type Step =
  | {
      readonly k: 'post';
      readonly gap: number;
      readonly age: number;
      readonly id: bigint;
      readonly text: string;
      readonly reset: ResetSpec;
      readonly held: boolean;
    }
  | { readonly k: 'check'; readonly gap: number; readonly ok: boolean }
  | OperatorStep;

export type OperatorStep =
  | { readonly k: 'accept'; readonly gap: number; readonly ref: Ref; readonly fix: CorrectionSpec }
  | { readonly k: 'correct'; readonly gap: number; readonly ref: Ref; readonly fix: CorrectionSpec }
  | {
      readonly k: 'note';
      readonly gap: number;
      readonly reset: ResetSpec;
      readonly back: number;
      readonly about: Ref | null;
      readonly text: string | null;
    }
  | {
      readonly k: 'complete';
      readonly gap: number;
      readonly refs: readonly Ref[];
      readonly back: number | null;
      readonly resetType: (typeof RESET_TYPES)[number];
    }
  | { readonly k: 'link'; readonly gap: number; readonly schedule: Ref; readonly completion: Ref }
  | { readonly k: 'unlink'; readonly gap: number; readonly ref: Ref }
  | { readonly k: 'dismiss'; readonly gap: number; readonly ref: Ref }
  | { readonly k: 'restore'; readonly gap: number; readonly ref: Ref }
  | { readonly k: 'undo'; readonly gap: number; readonly ref: Ref }
  | {
      readonly k: 'reclassify';
      readonly gap: number;
      readonly ref: Ref;
      readonly reset: ResetSpec;
      readonly held: boolean;
    };

type CorrectionSpec = Omit<Corrections, 'scheduleWindow' | 'effectiveAt'> & {
  readonly window?: { start: number; hours: number; reversed: boolean } | null;
  readonly effective?: number | null;
};

// ---------------------------------------------------------------------------------------
// Arbitraries of steps
// ---------------------------------------------------------------------------------------

const gap = fc.oneof(fc.integer({ min: 0, max: 30 }), fc.integer({ min: 0, max: 360 })); // minutes since the step before
const ref: fc.Arbitrary<Ref> = fc.record({ pick: fc.nat(50), stray: fc.nat(4) });
const resetType = fc.constantFrom(...RESET_TYPES);
const scope: fc.Arbitrary<ResetRecord['scope']> = fc.option(
  fc.record({
    plans: fc.uniqueArray(fc.constantFrom(...PLANS), { minLength: 1, maxLength: 3 }),
    windows: fc.uniqueArray(fc.constantFrom(...WINDOWS), { minLength: 1, maxLength: 2 }),
  }),
  { nil: null },
);
const text = fc.oneof(
  fc.constantFrom(
    'Resetting everyone’s limits at 6pm PT.',
    'Limits have been reset. Enjoy!',
    'Banked limits reset tomorrow.',
    'in a bit',
    '',
  ),
  fc.string({ unit: 'grapheme', maxLength: 60 }),
);

function resetSpec(options: LedgerOptions): fc.Arbitrary<ResetSpec> {
  return fc.record({
    shape: fc.constantFrom(...SHAPES),
    resetType,
    confidence: fc.option(fc.double({ min: 0, max: 1, noNaN: true }), { nil: null }),
    scope,
    offset: fc.oneof(
      fc.integer({ min: -180, max: 12 * 60 }),
      fc.integer({ min: -180, max: 3 * 24 * 60 }),
    ),
    hours: fc.integer({ min: 1, max: 48 }),
    withEffectiveAt: fc.boolean(),
    reversed: options.reversedWindows ? fc.boolean() : fc.constant(false),
  });
}

function correctionSpec(options: LedgerOptions): fc.Arbitrary<CorrectionSpec> {
  return fc.record(
    {
      kind: fc.constantFrom('reset_scheduled', 'reset_completed'),
      resetType,
      scope,
      window: fc.option(
        fc.record({
          start: fc.integer({ min: -24 * 60, max: 3 * 24 * 60 }),
          hours: fc.integer({ min: 0, max: 30 }),
          reversed: options.reversedWindows ? fc.boolean() : fc.constant(false),
        }),
        { nil: null },
      ),
      effective: fc.option(fc.integer({ min: -24 * 60, max: 3 * 24 * 60 }), { nil: null }),
      schedulePrecision: fc.option(fc.constantFrom('date', 'datetime'), { nil: null }),
      scheduleBasis: fc.option(fc.constantFrom('explicit', 'contextual_inference'), {
        nil: null,
      }),
      text: fc.option(text, { nil: null }),
      confidence: fc.option(fc.double({ min: 0, max: 1, noNaN: true }), { nil: null }),
    },
    { requiredKeys: [], noNullPrototype: true },
  ) as fc.Arbitrary<CorrectionSpec>;
}

/** One operator entry's step. */
export function operatorStep(options: LedgerOptions): fc.Arbitrary<OperatorStep> {
  const fix = correctionSpec(options);
  const reset = resetSpec(options);
  return fc.oneof(
    { arbitrary: fc.record({ k: fc.constant('accept' as const), gap, ref, fix }), weight: 3 },
    { arbitrary: fc.record({ k: fc.constant('correct' as const), gap, ref, fix }), weight: 2 },
    {
      arbitrary: fc.record({
        k: fc.constant('note' as const),
        gap,
        reset,
        back: fc.integer({ min: 0, max: 12 * 60 }),
        about: fc.option(ref, { nil: null }),
        text: fc.option(text, { nil: null }),
      }),
      weight: 2,
    },
    {
      arbitrary: fc.record({
        k: fc.constant('complete' as const),
        gap,
        refs: fc.array(ref, { minLength: 1, maxLength: 3 }),
        back: fc.option(fc.integer({ min: 0, max: 24 * 60 }), { nil: null }),
        resetType,
      }),
      weight: 2,
    },
    {
      arbitrary: fc.record({
        k: fc.constant('link' as const),
        gap,
        schedule: ref,
        completion: ref,
      }),
      weight: 3,
    },
    { arbitrary: fc.record({ k: fc.constant('unlink' as const), gap, ref }), weight: 2 },
    { arbitrary: fc.record({ k: fc.constant('dismiss' as const), gap, ref }), weight: 3 },
    { arbitrary: fc.record({ k: fc.constant('restore' as const), gap, ref }), weight: 2 },
    { arbitrary: fc.record({ k: fc.constant('undo' as const), gap, ref }), weight: 4 },
    {
      arbitrary: fc.record({
        k: fc.constant('reclassify' as const),
        gap,
        ref,
        reset,
        held: fc.boolean(),
      }),
      weight: 1,
    },
  );
}

/** Post ids: X's 19-digit ids, and short ones, so that numeric order and string order differ. */
const postId = fc.oneof(
  fc.bigInt({ min: 1990000000000000000n, max: 1990000000000000400n }),
  fc.bigInt({ min: 1n, max: 120n }),
);

export function ledgerScript(options: LedgerOptions): fc.Arbitrary<Step[]> {
  const post = fc.record({
    k: fc.constant('post' as const),
    gap,
    age: fc.integer({ min: 0, max: 600 }),
    id: postId,
    text,
    reset: resetSpec(options),
    held: fc.boolean(),
  });
  const check = fc.record({ k: fc.constant('check' as const), gap, ok: fc.boolean() });
  return fc.array(
    fc.oneof(
      { arbitrary: post, weight: 6 },
      { arbitrary: check, weight: 2 },
      { arbitrary: operatorStep(options), weight: 6 },
    ),
    { minLength: 1, maxLength: 40, size: 'max' },
  );
}

// ---------------------------------------------------------------------------------------
// Playing a script
// ---------------------------------------------------------------------------------------

/** Where a generated ledger starts; its steps move the clock forward from there. */
export const START = T0 - 3 * DAY;

const ACTORS = ['ann', 'bob.smith', 'ops@example'];
const OPERATOR = new Set<string>(OPERATOR_TYPES);

/** What the script has made so far, to resolve references. */
export class Ledger {
  readonly entries: Entry[] = [];
  clock = START;
  /** Record ids by their (believed) kind. */
  readonly kinds = new Map<string, ResetRecord['kind'] | null>();
  readonly posts: string[] = [];
  readonly held = new Set<string>();
  readonly dismissed = new Set<string>();
  /** Instants where a state may change, for picking `now` (window ends, UNKNOWN_AFTER_HOURS). */
  readonly instants: number[] = [];
  #tokens = 0;

  readonly options: LedgerOptions;

  constructor(options: LedgerOptions) {
    this.options = options;
  }

  add<T extends EntryType>(type: T, payload: Payload<T>, actor: string): Entry {
    const entry = {
      id: this.entries.length + 1,
      type,
      at: iso(this.clock),
      actor,
      reason: null,
      payload,
    } as Entry;
    this.entries.push(entry);
    return entry;
  }

  /** Ids of the records (believed to be) of `kind`. */
  #ids(kind: ResetRecord['kind']): string[] {
    return [...this.kinds].filter(([, k]) => k === kind).map(([id]) => id);
  }

  /** Ids of every record made so far (posts with a reset, notes, manual completions). */
  #recordIds(): string[] {
    return [...this.kinds].filter(([, k]) => k !== null).map(([id]) => id);
  }

  /**
   * The id a reference names among `ids`; a stray one names anything, unknown ids included.
   * Null when there is nothing to name and references must not stray.
   */
  #resolve(r: Ref, ids: readonly string[]): string | null {
    const stray = this.options.strayReferences && (r.stray === 0 || ids.length === 0);
    const pool = stray
      ? [...this.kinds.keys(), '424242', '1990000000000000999', 'op_missing', 'manual:missing']
      : ids;
    return pool.length === 0 ? null : pool[r.pick % pool.length]!;
  }

  /** A post id (payloads that name posts take digits only); a stray one may be unknown. */
  #postRef(r: Ref, ids: readonly string[]): string | null {
    const stray = this.options.strayReferences && (r.stray === 0 || ids.length === 0);
    const pool = stray ? [...this.posts, '424242'] : ids;
    return pool.length === 0 ? null : pool[r.pick % pool.length]!;
  }

  /** An operator entry to undo (an undo included); a stray one may be a monitor entry or unknown. */
  #entryRef(r: Ref): number | null {
    const operator = this.entries.filter((e) => OPERATOR.has(e.type)).map((e) => e.id);
    const stray = this.options.strayReferences && (r.stray === 0 || operator.length === 0);
    if (stray) {
      const any = [...this.entries.map((e) => e.id), 100_000 + r.pick];
      return any[r.pick % any.length]!;
    }
    if (operator.length === 0) return null;
    // Mostly recent entries: operators undo what they just did.
    return operator[operator.length - 1 - (r.pick % Math.min(operator.length, 4))]!;
  }

  #token(): string {
    this.#tokens += 1;
    return `t${String(this.#tokens).padStart(5, '0')}`;
  }

  #actor(r: { gap: number }): string {
    return ACTORS[r.gap % ACTORS.length]!;
  }

  play(step: Step): void {
    this.clock += step.gap * MINUTE;
    switch (step.k) {
      case 'post':
        this.#post(step);
        return;
      case 'check':
        this.add(
          'source_checked',
          {
            source: 'file:posts.jsonl',
            ok: step.ok,
            cursor: step.ok ? String(this.posts.length) : null,
            error: step.ok ? null : 'ECONNRESET',
            newPosts: 0,
          },
          'monitor',
        );
        return;
      default:
        this.playOperator(step);
        return;
    }
  }

  #post(step: Extract<Step, { k: 'post' }>): void {
    const id = String(step.id);
    if (this.posts.includes(id)) return; // a store keeps one post_observed per post id
    const postedAt = this.clock - step.age * MINUTE;
    this.add(
      'post_observed',
      { post: { id, handle: 'thsottiaux', createdAt: iso(postedAt), text: step.text } },
      'monitor',
    );
    const reset = this.#reset(step.reset, postedAt);
    this.add(
      'post_classified',
      {
        postId: id,
        classification: {
          classifier: 'rules-1.0.0',
          reset,
          review: step.held,
          reasons: step.held ? ['confidence below 0.8'] : [],
        },
      },
      'monitor',
    );
    this.posts.push(id);
    this.kinds.set(id, reset?.kind ?? null);
    if (step.held) this.held.add(id);
  }

  /** The classified reset of a spec, for a post (or note) made at `at`. */
  #reset(spec: ResetSpec, at: number): ClassifiedReset | null {
    if (spec.shape === 'none') return null;
    const base = {
      resetType: spec.resetType,
      confidence: spec.confidence,
      scope: spec.scope,
      effectiveAt: null,
    };
    if (spec.shape === 'completion') {
      return {
        ...base,
        kind: 'reset_completed',
        schedulePrecision: null,
        scheduleBasis: null,
        scheduleWindow: null,
      };
    }
    if (spec.shape === 'no_window') {
      this.instants.push(at + 72 * HOUR, at + 72 * HOUR + 1);
      return {
        ...base,
        kind: 'reset_scheduled',
        schedulePrecision: null,
        scheduleBasis: null,
        scheduleWindow: null,
      };
    }
    // The Pacific day of the post (PST: UTC-8), as a UTC interval.
    const day = Math.floor((at - 8 * HOUR) / DAY) * DAY + 8 * HOUR;
    let start: number;
    let end: number;
    let precision: 'date' | 'datetime' = 'datetime';
    let basis: 'explicit' | 'contextual_inference' = 'explicit';
    switch (spec.shape) {
      case 'date':
        start = day + (Math.abs(spec.offset) % 3) * DAY;
        end = start + DAY - 1;
        precision = 'date';
        break;
      case 'exact':
        start = end = at + spec.offset * MINUTE;
        break;
      case 'deadline':
        start = at;
        end = at + spec.hours * HOUR;
        break;
      case 'vague':
        start = at;
        end = at + (1 + (spec.hours % 6)) * HOUR;
        basis = 'contextual_inference';
        break;
      case 'part_of_day':
        start = day + 4 * HOUR; // noon PT
        end = day + 9 * HOUR - 1;
        basis = 'contextual_inference';
        break;
    }
    if (spec.reversed) [start, end] = [end + HOUR, start];
    this.instants.push(end, end + 1, start);
    return {
      ...base,
      kind: 'reset_scheduled',
      effectiveAt: spec.withEffectiveAt ? iso(start) : null,
      schedulePrecision: precision,
      scheduleBasis: basis,
      scheduleWindow: { startAt: iso(start), endAt: iso(end) },
    };
  }

  #corrections(spec: CorrectionSpec): Corrections {
    const { window, effective, ...fields } = spec;
    const corrections: Corrections = { ...fields };
    if (window !== undefined) {
      if (window === null) corrections.scheduleWindow = null;
      else {
        let start = this.clock + window.start * MINUTE;
        let end = start + window.hours * HOUR;
        if (window.reversed) [start, end] = [end + HOUR, start];
        this.instants.push(end, end + 1);
        corrections.scheduleWindow = { startAt: iso(start), endAt: iso(end) };
      }
    }
    if (effective !== undefined) {
      corrections.effectiveAt = effective === null ? null : iso(this.clock + effective * MINUTE);
    }
    return corrections;
  }

  /**
   * Appends the operator entry of `step`, its references resolved against the ledger so
   * far. A step that has nothing to name (and must not name strays) becomes a note.
   */
  playOperator(step: OperatorStep): Entry {
    const entry = this.#operatorEntry(step, this.#actor(step));
    if (entry !== null) return entry;
    return this.#operatorEntry(
      {
        k: 'note',
        gap: step.gap,
        back: 0,
        about: null,
        text: null,
        reset: {
          shape: 'completion',
          resetType: 'global',
          confidence: null,
          scope: null,
          offset: 0,
          hours: 1,
          withEffectiveAt: false,
          reversed: false,
        },
      },
      this.#actor(step),
    )!;
  }

  #operatorEntry(step: OperatorStep, actor: string): Entry | null {
    switch (step.k) {
      case 'accept': {
        const postId = this.#postRef(step.ref, [...this.held]);
        if (postId === null) return null;
        this.held.delete(postId);
        return this.add('accept', { postId, corrections: this.#corrections(step.fix) }, actor);
      }
      case 'correct': {
        const recordId = this.#resolve(step.ref, this.posts);
        if (recordId === null) return null;
        const corrections = this.#corrections(step.fix);
        if (corrections.kind !== undefined && this.kinds.has(recordId)) {
          this.kinds.set(recordId, corrections.kind);
        }
        return this.add('correct', { recordId, corrections }, actor);
      }
      case 'note': {
        const about = step.about === null ? null : this.#postRef(step.about, this.posts);
        if (step.about !== null && about === null) return null;
        const recordId = `op_${this.#token()}`;
        const announced = this.clock - step.back * MINUTE;
        const reset = this.#reset(step.reset, announced) ?? {
          kind: 'reset_completed',
          resetType: step.reset.resetType,
          effectiveAt: null,
          confidence: null,
          scope: null,
          schedulePrecision: null,
          scheduleBasis: null,
          scheduleWindow: null,
        };
        this.kinds.set(recordId, reset.kind);
        const { confidence: _confidence, ...fields } = reset;
        return this.add(
          'note',
          {
            recordId,
            ...fields,
            announcedAt: iso(announced),
            text: step.text,
            post:
              about === null
                ? null
                : { id: about, url: `https://x.com/thsottiaux/status/${about}` },
          },
          actor,
        );
      }
      case 'complete': {
        const schedules = this.#ids('reset_scheduled');
        const resolved = step.refs.map((r) => this.#resolve(r, schedules));
        if (resolved.includes(null)) return null;
        const recordId = `manual:${this.#token()}`;
        this.kinds.set(recordId, 'reset_completed');
        return this.add(
          'complete',
          {
            recordId,
            scheduleIds: [...new Set(resolved as string[])],
            completedAt: step.back === null ? null : iso(this.clock - step.back * MINUTE),
            resetType: step.resetType,
          },
          actor,
        );
      }
      case 'link': {
        const scheduleId = this.#resolve(step.schedule, this.#ids('reset_scheduled'));
        const completionId = this.#resolve(step.completion, this.#ids('reset_completed'));
        if (scheduleId === null || completionId === null) return null;
        return this.add('link', { scheduleId, completionId }, actor);
      }
      case 'unlink': {
        const scheduleId = this.#resolve(step.ref, this.#ids('reset_scheduled'));
        if (scheduleId === null) return null;
        return this.add('unlink', { scheduleId }, actor);
      }
      case 'dismiss': {
        const recordId = this.#resolve(step.ref, [...this.#recordIds(), ...this.held]);
        if (recordId === null) return null;
        this.dismissed.add(recordId);
        return this.add('dismiss', { recordId }, actor);
      }
      case 'restore': {
        const recordId = this.#resolve(step.ref, [...this.dismissed]);
        if (recordId === null) return null;
        this.dismissed.delete(recordId);
        return this.add('restore', { recordId }, actor);
      }
      case 'undo': {
        const entryId = this.#entryRef(step.ref);
        if (entryId === null) return null;
        return this.add('undo', { entryId }, actor);
      }
      case 'reclassify': {
        const postId = this.#postRef(step.ref, this.posts);
        if (postId === null) return null;
        const reset = this.#reset(step.reset, this.clock);
        this.kinds.set(postId, reset?.kind ?? null);
        if (step.held) this.held.add(postId);
        return this.add(
          'reclassify',
          {
            postId,
            classification: { classifier: 'rules-2.0.0', reset, review: step.held, reasons: [] },
          },
          actor,
        );
      }
    }
  }
}

export function assemble(steps: readonly Step[], options: LedgerOptions): Ledger {
  const ledger = new Ledger(options);
  for (const step of steps) ledger.play(step);
  return ledger;
}

/** A ledger and a `now` to build it at: near a state change half the time, else anywhere around. */
export function ledgerAndNow(options: LedgerOptions) {
  return ledgerScript(options).chain((steps) => {
    const ledger = assemble(steps, options);
    const around = fc.integer({ min: START - DAY, max: ledger.clock + 5 * DAY });
    const now =
      ledger.instants.length === 0
        ? around
        : fc.oneof(around, fc.constantFrom(...ledger.instants), fc.constant(ledger.clock));
    return fc.record({ steps: fc.constant(steps), now });
  });
}
