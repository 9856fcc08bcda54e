import assert from 'node:assert/strict';
import { describe, type TestContext, test } from 'node:test';
import fc from 'fast-check';
import { build } from '../../src/producer/build/build.ts';
import { type Draft, draftRecords } from '../../src/producer/build/draft-records.ts';
import { foldJournal, type Journal } from '../../src/producer/build/journal.ts';
import { type Link, resolveLinks } from '../../src/producer/build/links.ts';
import { nextStateChange } from '../../src/producer/build/next-change.ts';
import { canAutoLink } from '../../src/producer/build/schedule-rules.ts';
import type { BuildSettings } from '../../src/producer/build/settings.ts';
import { withoutUndone } from '../../src/producer/build/without-undone.ts';
import { type Entry, OPERATOR_TYPES } from '../../src/producer/ledger/entry.ts';
import { compareIds } from '../../src/shared/domain/ids.ts';
import type { ResetRecord } from '../../src/shared/domain/record.ts';
import type { SnapshotFile } from '../../src/shared/domain/snapshot.ts';
import { validateSnapshot } from '../../src/shared/snapshot/validate.ts';
import {
  assemble,
  type LedgerOptions,
  ledgerAndNow,
  operatorStep,
} from './support/build-arbitraries.ts';
import { HOUR, SETTINGS } from './support/build-ledger.ts';

/**
 * Properties of build(entries, now) (producer.md §1, §3, §4) over generated ledgers
 * (support/build-arbitraries.ts): posts of every shape, source checks, operator entries
 * naming existing records and entries, and (in the `stray` ledgers) unknown, dismissed and
 * wrong-kind ones. `now` is often an instant where a state changes.
 */

const VALID: LedgerOptions = { strayReferences: false, reversedWindows: false };
const STRAY: LedgerOptions = { strayReferences: true, reversedWindows: false };
/** Stray references, and windows that end before they start (records the build leaves out). */
const BROKEN: LedgerOptions = { strayReferences: true, reversedWindows: true };

const RUNS = 1_000;
const OPERATOR = new Set<string>(OPERATOR_TYPES);

const buildAt = (entries: readonly Entry[], now: number) => build(entries, now, SETTINGS);
const byId = (snapshot: SnapshotFile) =>
  new Map(snapshot.records.map((record) => [record.id, record]));

/** Tallies for t.diagnostic: what the generated cases held. */
class Tally {
  readonly #counts = new Map<string, number>();
  add(key: string, n = 1): void {
    this.#counts.set(key, (this.#counts.get(key) ?? 0) + n);
  }
  records(records: readonly ResetRecord[]): void {
    for (const record of records) {
      this.add(record.kind === 'reset_completed' ? 'completions' : `${record.scheduleState}`);
      if (record.fulfillmentOrigin !== null && record.kind === 'reset_scheduled') {
        this.add(`fulfilled ${record.fulfillmentOrigin}`);
      }
    }
  }
  entries(entries: readonly Entry[]): void {
    this.add('entries', entries.length);
    for (const entry of entries) if (OPERATOR.has(entry.type)) this.add('operator entries');
  }
  report(t: TestContext, cases: number): void {
    const parts = [...this.#counts].map(([key, n]) => `${key} ${n}`);
    t.diagnostic(`${cases} cases: ${parts.join(', ')}`);
  }
}

function property<T>(
  t: TestContext,
  arbitrary: fc.Arbitrary<T>,
  check: (value: T, tally: Tally) => void,
  runs = RUNS,
): void {
  const tally = new Tally();
  let cases = 0;
  fc.assert(
    fc.property(arbitrary, (value) => {
      cases += 1;
      check(value, tally);
    }),
    { numRuns: runs },
  );
  tally.report(t, cases);
}

/**
 * The entries in effect, by the journal's rule (§4: an undo reverts one operator entry; an
 * undo of an undo brings its target back), worked out here from the definition: an entry is
 * in effect unless an undo in effect names it. Undos name earlier entries (or none).
 */
function inEffect(entries: readonly Entry[]): Entry[] {
  const undos = new Map<number, Entry[]>();
  for (const entry of entries) {
    if (entry.type !== 'undo') continue;
    undos.set(entry.payload.entryId, [...(undos.get(entry.payload.entryId) ?? []), entry]);
  }
  const memo = new Map<number, boolean>();
  const effective = (entry: Entry): boolean => {
    const known = memo.get(entry.id);
    if (known !== undefined) return known;
    const result =
      !OPERATOR.has(entry.type) || !(undos.get(entry.id) ?? []).some((undo) => effective(undo));
    memo.set(entry.id, result);
    return result;
  };
  return entries.filter((entry) => entry.type !== 'undo' && effective(entry));
}

describe('build over generated ledgers', () => {
  test('(a) the snapshot passes the service’s validation; nothing is left out unless a window is reversed', (t) => {
    for (const [name, options] of [
      ['valid', VALID],
      ['stray', STRAY],
      ['broken', BROKEN],
    ] as const) {
      t.diagnostic(`${name} ledgers:`);
      property(t, ledgerAndNow(options), ({ steps, now }, tally) => {
        const { entries } = assemble(steps, options);
        tally.entries(entries);
        const built = buildAt(entries, now);
        const validation = validateSnapshot(JSON.parse(JSON.stringify(built.snapshot)));
        assert.ok(validation.ok, JSON.stringify(validation));
        tally.records(built.snapshot.records);
        if (!options.reversedWindows) assert.deepEqual(built.omitted, []);
        tally.add('omitted', built.omitted.length);
        const ids = new Set(built.snapshot.records.map((record) => record.id));
        for (const { id, problem } of built.omitted) {
          assert.equal(ids.has(id), false, `${id} is left out (${problem})`);
          assert.equal(problem, 'must not be before scheduleWindow.startAt');
        }
      });
    }
  });

  test('(b) schedule and completion links are mutual, and name a published completion', (t) => {
    for (const options of [VALID, STRAY]) {
      property(t, ledgerAndNow(options), ({ steps, now }, tally) => {
        const { snapshot } = buildAt(assemble(steps, options).entries, now);
        checkMutualLinks(snapshot, tally);
      });
    }
  });

  test('(b) links stay mutual when a record is left out as invalid', (t) => {
    property(t, ledgerAndNow(BROKEN), ({ steps, now }, tally) => {
      const { snapshot } = buildAt(assemble(steps, BROKEN).entries, now);
      checkMutualLinks(snapshot, tally);
    });
  });

  test('(c) a record whose last dismiss/restore in effect is a dismiss never appears', (t) => {
    property(t, ledgerAndNow(STRAY), ({ steps, now }, tally) => {
      const { entries } = assemble(steps, STRAY);
      const dismissed = new Set<string>();
      for (const entry of inEffect(entries)) {
        if (entry.type === 'dismiss') dismissed.add(entry.payload.recordId);
        if (entry.type === 'restore') dismissed.delete(entry.payload.recordId);
      }
      tally.add('dismissed', dismissed.size);
      const { snapshot } = buildAt(entries, now);
      // Not vacuous: without its dismissals, the ledger would publish some of them.
      const undismissed = buildAt(
        entries.filter((entry) => entry.type !== 'dismiss'),
        now,
      ).snapshot.records.filter((record) => dismissed.has(record.id));
      tally.add('dismissals that hide a record', undismissed.length);
      for (const record of snapshot.records) {
        assert.equal(dismissed.has(record.id), false, `${record.id} is dismissed`);
        // …nor does a published record name one.
        assert.equal(dismissed.has(record.completionRecordId ?? ''), false);
        for (const id of record.relatedRecordIds) assert.equal(dismissed.has(id), false);
      }
    });
  });

  test('(d) undo restores exactly the state before the undone entry', (t) => {
    const arbitrary = ledgerAndNow(STRAY).chain((value) =>
      operatorStep(STRAY).map((step) => ({ ...value, step })),
    );
    property(t, arbitrary, ({ steps, now, step }, tally) => {
      const ledger = assemble(steps, STRAY);
      const before = buildAt(ledger.entries, now);
      const entry = ledger.playOperator(step);
      tally.add(`undone ${entry.type}`);
      const made = buildAt(ledger.entries, now);
      if (JSON.stringify(made) !== JSON.stringify(before)) tally.add('entries that changed it');
      ledger.playOperator({ k: 'undo', gap: 1, ref: { pick: 0, stray: 1 } });
      const undo = ledger.entries.at(-1)!;
      assert.ok(undo.type === 'undo' && undo.payload.entryId === entry.id);
      assert.deepEqual(buildAt(ledger.entries, now), before);
    });
  });

  test('(e) build is deterministic, and reads nothing but the entries’ contents and now', (t) => {
    property(t, ledgerAndNow(BROKEN), ({ steps, now }, tally) => {
      const { entries } = assemble(steps, BROKEN);
      const bytes = JSON.stringify(buildAt(entries, now));
      assert.equal(JSON.stringify(buildAt(entries, now)), bytes, 'built twice');
      assert.equal(JSON.stringify(buildAt(structuredClone(entries), now)), bytes, 'a clone');
      // A store may give the payloads back with their keys in another order (PostgreSQL's
      // jsonb sorts them), and number entries with gaps (a sequence skips ids).
      assert.equal(JSON.stringify(buildAt(entries.map(reversedKeys), now)), bytes, 'keys');
      assert.equal(JSON.stringify(buildAt(withGaps(entries), now)), bytes, 'id gaps');
      tally.add('bytes', bytes.length);
    });
  });

  test('(f) every schedule’s state is consistent with now; completions carry none', (t) => {
    property(t, ledgerAndNow(STRAY), ({ steps, now }, tally) => {
      const { snapshot } = buildAt(assemble(steps, STRAY).entries, now);
      tally.records(snapshot.records);
      for (const record of snapshot.records) checkState(record, now);
    });
  });

  test('(g) nextStateChange: nothing changes before it, a state changes at it', (t) => {
    property(t, ledgerAndNow(STRAY), ({ steps, now }, tally) => {
      const { entries } = assemble(steps, STRAY);
      const snapshot = buildAt(entries, now).snapshot;
      const next = nextStateChange(snapshot, now, SETTINGS);
      const records = (at: number) => buildAt(entries, at).snapshot.records;
      const states = (at: number) => records(at).map((record) => record.scheduleState);
      if (next === null) {
        tally.add('nothing pending');
        assert.deepEqual(records(now + 400 * 24 * HOUR), snapshot.records);
        return;
      }
      tally.add('a change to come');
      assert.ok(next > now);
      assert.deepEqual(records(next - 1), snapshot.records);
      assert.notDeepEqual(states(next), states(now));
    });
  });

  test('(h) links found by time range equal checking every schedule against every completion', (t) => {
    const settings = fc.record({
      unknownAfterHours: fc.integer({ min: 1, max: 200 }),
      lateLinkHours: fc.integer({ min: 0, max: 72 }),
    });
    property(t, fc.tuple(ledgerAndNow(BROKEN), settings), ([{ steps }, settings], tally) => {
      const journal = foldJournal(withoutUndone(assemble(steps, BROKEN).entries));
      const drafts = draftRecords(journal);
      const links = resolveLinks(drafts, journal, settings);
      const expected = pairwiseLinks(drafts, journal, settings);
      tally.add('auto links', [...expected.values()].filter((l) => l.origin === 'auto').length);
      const ids = (map: typeof links) =>
        [...map].map(([id, link]) => [id, link.completion.record.id, link.origin]);
      assert.deepEqual(ids(links), ids(expected));
    });
  });
});

/** resolveLinks as first written: every schedule tried against every completion, in order. */
function pairwiseLinks(drafts: readonly Draft[], journal: Journal, settings: BuildSettings) {
  const byId = new Map(drafts.map((draft) => [draft.record.id, draft]));
  const completions = drafts
    .filter((draft) => draft.record.kind === 'reset_completed' && draft.completedAt !== null)
    .sort(
      (a, b) =>
        Date.parse(a.completedAt!) - Date.parse(b.completedAt!) ||
        compareIds(a.record.id, b.record.id),
    );
  const links = new Map<string, Link>();
  for (const schedule of drafts) {
    if (schedule.record.kind !== 'reset_scheduled') continue;
    const explicit = journal.links.get(schedule.record.id);
    if (explicit?.origin === 'unlinked') continue;
    const target = explicit === undefined ? undefined : byId.get(explicit.completionId);
    if (
      explicit !== undefined &&
      target?.record.kind === 'reset_completed' &&
      target.completedAt !== null
    ) {
      links.set(schedule.record.id, { completion: target, origin: explicit.origin });
      continue;
    }
    const completion = completions.find((candidate) => canAutoLink(schedule, candidate, settings));
    if (completion !== undefined) links.set(schedule.record.id, { completion, origin: 'auto' });
  }
  return links;
}

function checkMutualLinks(snapshot: SnapshotFile, tally: Tally): void {
  const records = byId(snapshot);
  for (const record of snapshot.records) {
    if (record.kind === 'reset_scheduled') {
      assert.deepEqual(record.relatedRecordIds, [], `schedule ${record.id} lists no records`);
      if (record.completionRecordId === null) continue;
      tally.add('links');
      const completion = records.get(record.completionRecordId);
      assert.ok(completion, `${record.id} names ${record.completionRecordId}, not published`);
      assert.equal(completion.kind, 'reset_completed');
      assert.ok(completion.relatedRecordIds.includes(record.id), `${completion.id} ↛ ${record.id}`);
      // §3: completedAt is the completion's time; auto links come from posts, manual ones
      // from `manual:` completions.
      assert.equal(record.completedAt, completion.completedAt);
      if (record.fulfillmentOrigin === 'auto') assert.equal(completion.source.origin, 'x');
      if (record.fulfillmentOrigin === 'manual') assert.ok(completion.id.startsWith('manual:'));
    } else {
      assert.equal(record.completionRecordId, null);
      for (const id of record.relatedRecordIds) {
        const schedule = records.get(id);
        assert.ok(schedule, `${record.id} lists ${id}, not published`);
        assert.equal(schedule.kind, 'reset_scheduled');
        assert.equal(schedule.completionRecordId, record.id, `${record.id} ↛ ${id}`);
      }
      const sorted = [...record.relatedRecordIds].sort((a, b) => compareIds(a, b));
      assert.deepEqual(record.relatedRecordIds, sorted, 'relatedRecordIds sorted');
    }
  }
}

function checkState(record: ResetRecord, now: number): void {
  const label = JSON.stringify(record);
  if (record.kind === 'reset_completed') {
    assert.equal(record.scheduleState, null, label);
    assert.equal(record.completionRecordId, null, label);
    return;
  }
  const end = record.scheduleWindow === null ? null : Date.parse(record.scheduleWindow.endAt);
  const announced = Date.parse(record.announcedAt!);
  switch (record.scheduleState) {
    case 'pending':
      assert.ok(end === null ? now <= announced + 72 * HOUR : end >= now, label);
      break;
    case 'elapsed':
      assert.ok(end !== null && end < now, label);
      break;
    case 'unknown':
      assert.ok(end === null && now > announced + 72 * HOUR, label);
      break;
    case 'fulfilled':
      assert.notEqual(record.completedAt, null, label);
      assert.notEqual(record.completionRecordId, null, label);
      assert.notEqual(record.fulfillmentOrigin, null, label);
      return;
    default:
      assert.fail(`schedule without a state: ${label}`);
  }
  assert.equal(record.completedAt, null, label);
  assert.equal(record.completionRecordId, null, label);
  assert.equal(record.fulfillmentOrigin, null, label);
}

/** The same value with the keys of every object in reverse order. */
function reversedKeys<T>(value: T): T {
  if (Array.isArray(value)) return value.map(reversedKeys) as T;
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .reverse()
      .map(([key, inner]) => [key, reversedKeys(inner)]),
  ) as T;
}

/** The same ledger numbered 3, 6, 9…: undos renamed along, undos of unknown entries too. */
function withGaps(entries: readonly Entry[]): Entry[] {
  const rename = (id: number) => (entries.some((entry) => entry.id === id) ? id * 3 : id * 3 + 1);
  return entries.map((entry) =>
    entry.type === 'undo'
      ? { ...entry, id: rename(entry.id), payload: { entryId: rename(entry.payload.entryId) } }
      : { ...entry, id: rename(entry.id) },
  );
}
