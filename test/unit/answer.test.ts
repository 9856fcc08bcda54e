import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { computeAnswer } from '../../src/service/answer/answer.ts';
import { DEFAULT_QUERY } from '../../src/service/query/params.ts';
import { PreparedSnapshot } from '../../src/service/query/prepared-snapshot.ts';
import { listRecords } from '../../src/service/query/query-service.ts';
import { compareIds } from '../../src/shared/domain/ids.ts';
import type { ResetRecord } from '../../src/shared/domain/record.ts';
import type { SnapshotFile } from '../../src/shared/domain/snapshot.ts';
import { answerSnapshot, isOpenAt, ms, resetTime } from '../support/answer-snapshots.ts';
import { completion, HOUR, iso, schedule } from '../support/records.ts';

/**
 * The one answer (answer.md §1) over random snapshots and instants, against plain
 * re-statements of its rules, and against what an agent gets by following the contract's
 * guidance through the query service that serves the API.
 */

const NOW = Date.parse('2026-11-21T10:00:00.000Z');
const RUNS = 300;

/** §1's one order: window start, then end, windowless last, then id. */
function compareOpen(a: ResetRecord, b: ResetRecord): number {
  const aw = a.scheduleWindow;
  const bw = b.scheduleWindow;
  if (aw === null || bw === null) {
    if (aw !== bw) return aw === null ? 1 : -1;
    return compareIds(a.id, b.id);
  }
  return (
    Date.parse(aw.startAt) - Date.parse(bw.startAt) ||
    Date.parse(aw.endAt) - Date.parse(bw.endAt) ||
    compareIds(a.id, b.id)
  );
}

/** The latest completion by reset time at or before `now`; `keep` narrows the candidates. */
function latestCompletion(
  records: readonly ResetRecord[],
  now: number,
  keep = (_: ResetRecord) => true,
) {
  let best: { record: ResetRecord; at: number } | null = null;
  for (const record of records) {
    if (record.kind !== 'reset_completed' || !keep(record)) continue;
    const at = resetTime(record);
    if (at === null || at > now) continue;
    if (best === null || at > best.at) best = { record, at };
  }
  return best;
}

/** Instants to ask at: the snapshot's own boundaries and their neighbours, and random ones. */
const instant = fc.integer({ min: -5 * 24 * 4, max: 5 * 24 * 4 }).map((q) => NOW + q * 15 * 60_000);

describe('the answer (answer.md §1) over random snapshots and instants', () => {
  test('open schedules: exactly the open ones, in the one order; next is the first', () => {
    fc.assert(
      fc.property(answerSnapshot(NOW), instant, (file, now) => {
        const answer = computeAnswer(PreparedSnapshot.of(file), now);
        const expected = file.records.filter((record) => isOpenAt(record, now)).sort(compareOpen);
        assert.deepEqual(
          answer.open.map((open) => open.recordId),
          expected.map((record) => record.id),
        );
        assert.equal(answer.next?.recordId ?? null, expected[0]?.id ?? null);
        for (const open of answer.open) {
          const started = open.startAt !== null && Date.parse(open.startAt) <= now;
          assert.equal(open.inProgress, started, open.recordId);
        }
      }),
      { numRuns: RUNS },
    );
  });

  test('last reset: the completion with the latest completedAt ?? effectiveAt ?? announcedAt, not after now', () => {
    fc.assert(
      fc.property(answerSnapshot(NOW), instant, (file, now) => {
        const answer = computeAnswer(PreparedSnapshot.of(file), now);
        const last = latestCompletion(file.records, now);
        assert.equal(answer.lastReset?.at ?? null, last === null ? null : iso(last.at));
        const global = latestCompletion(file.records, now, (r) => r.resetType !== 'banked');
        assert.equal(answer.lastGlobalReset?.at ?? null, global === null ? null : iso(global.at));
        if (answer.lastGlobalReset !== null)
          assert.notEqual(answer.lastGlobalReset.resetType, 'banked');
      }),
      { numRuns: RUNS },
    );
  });

  test('stale: no successful check for more than 30 h, or none at all', () => {
    fc.assert(
      fc.property(answerSnapshot(NOW), instant, (file, now) => {
        const answer = computeAnswer(PreparedSnapshot.of(file), now);
        const checked = ms(file.lastSuccessfulCheckAt);
        assert.equal(answer.stale, checked === null || now - checked > 30 * HOUR);
      }),
      { numRuns: RUNS },
    );
  });

  test('the answer holds until validUntil: asked anywhere before it, the same answer', () => {
    fc.assert(
      fc.property(
        answerSnapshot(NOW),
        instant,
        fc.double({ min: 0, max: 1, noNaN: true }),
        (file, now, at) => {
          const snapshot = PreparedSnapshot.of(file);
          const answer = computeAnswer(snapshot, now);
          const until = answer.validUntil ?? now + 10 * 24 * HOUR;
          assert.ok(until > now);
          for (const later of [now + Math.floor((until - now - 1) * at), until - 1]) {
            const again = computeAnswer(snapshot, later);
            assert.equal(again.key, answer.key);
            assert.deepEqual(strip(again), strip(answer));
          }
        },
      ),
      { numRuns: RUNS },
    );
  });
});

/** The answer without what only identifies it. */
const strip = ({ key: _key, validUntil: _until, ...rest }: ReturnType<typeof computeAnswer>) =>
  rest;

/** Every row of a filter, as an agent gets it page by page (deduplicated by id). */
function pageThrough(
  snapshot: PreparedSnapshot,
  kind: 'reset_scheduled' | 'reset_completed',
  pageSize: number,
  now: number,
) {
  const seen = new Map<string, ResetRecord>();
  for (let page = 1; ; page++) {
    const { data } = listRecords(
      snapshot,
      { ...DEFAULT_QUERY, kind, page, pageSize },
      now,
    ).envelope();
    for (const item of data.items) if (!seen.has(item.id)) seen.set(item.id, item);
    if (!data.hasNext) return [...seen.values()];
  }
}

describe('differential: the answer equals what the contract tells an agent to do', () => {
  test('next: page through reset_scheduled, keep pending windows not ended, earliest startAt (service.md guidance)', () => {
    fc.assert(
      fc.property(
        answerSnapshot(NOW),
        instant,
        fc.integer({ min: 1, max: 10 }),
        (file, now, pageSize) => {
          const snapshot = PreparedSnapshot.of(file);
          const answer = computeAnswer(snapshot, now);
          const candidates = pageThrough(snapshot, 'reset_scheduled', pageSize, now).filter(
            (record) =>
              record.scheduleState === 'pending' &&
              record.scheduleWindow !== null &&
              Date.parse(record.scheduleWindow.endAt) >= now,
          );
          const guided = candidates.sort(compareOpen)[0] ?? null;
          if (guided !== null) assert.equal(answer.next?.recordId, guided.id);
          // No window among the open ones: the next, if any, is a schedule with no time.
          else assert.ok(answer.next === null || answer.next.startAt === null);
        },
      ),
      { numRuns: RUNS },
    );
  });

  test('last reset: the first completion (not after now) a client finds paging reset_completed', () => {
    fc.assert(
      fc.property(
        answerSnapshot(NOW),
        instant,
        fc.integer({ min: 1, max: 10 }),
        (file, now, pageSize) => {
          const snapshot = PreparedSnapshot.of(file);
          const answer = computeAnswer(snapshot, now);
          const first = pageThrough(snapshot, 'reset_completed', pageSize, now).find((record) => {
            const at = record.kind === 'reset_completed' ? resetTime(record) : null;
            return at !== null && at <= now;
          });
          assert.equal(answer.lastReset?.recordId ?? null, first?.id ?? null);
        },
      ),
      { numRuns: RUNS },
    );
  });
});

describe('the answer on hand-made cases', () => {
  const snapshotOf = (records: ResetRecord[], checked: string | null = iso(NOW - 60_000)) =>
    PreparedSnapshot.of({
      generatedAt: iso(NOW),
      lastSuccessfulCheckAt: checked,
      records,
    } satisfies SnapshotFile);

  test('a whole-day window in progress is next; a known time later that day comes then', () => {
    const answer = computeAnswer(
      snapshotOf([
        schedule('op_known', 'pending', [NOW + 5 * HOUR, NOW + 5 * HOUR]),
        schedule('op_day', 'pending', [NOW - 2 * HOUR, NOW + 22 * HOUR - 1], {
          schedulePrecision: 'date',
        }),
        schedule('op_none', 'pending', null, { schedulePrecision: null }),
      ]),
      NOW,
    );
    assert.deepEqual(
      answer.open.map((open) => [open.recordId, open.inProgress]),
      [
        ['op_day', true],
        ['op_known', false],
        ['op_none', false],
      ],
    );
  });

  test('a real completion is dated by completedAt, its effectiveAt null; a later-dated one waits its time', () => {
    const snapshot = snapshotOf([
      completion('1990500000000000042', {
        announcedAt: iso(NOW - 5 * HOUR),
        completedAt: iso(NOW - 5 * HOUR),
        resetType: 'banked',
        scope: { plans: ['pro'], windows: ['weekly'] },
      }),
      completion('manual:old', {
        effectiveAt: iso(NOW - 30 * HOUR),
        completedAt: iso(NOW - 30 * HOUR),
      }),
      completion('1990600000000000001', {
        announcedAt: iso(NOW + HOUR),
        completedAt: iso(NOW + HOUR),
      }),
    ]);
    const answer = computeAnswer(snapshot, NOW);
    assert.deepEqual(answer.lastReset, {
      recordId: '1990500000000000042',
      at: iso(NOW - 5 * HOUR),
      resetType: 'banked',
      plans: ['pro'],
      windows: ['weekly'],
    });
    assert.equal(answer.lastGlobalReset?.recordId, 'manual:old');
    assert.deepEqual(answer.lastGlobalReset?.plans, ['unknown']);
    assert.equal(answer.validUntil, NOW + HOUR, 'the later completion is the next change');
    assert.equal(computeAnswer(snapshot, NOW + HOUR).lastReset?.recordId, '1990600000000000001');
  });
});
