import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import {
  compareIds,
  createClient,
  lastResetOf,
  openSchedules,
  type ResetRecord,
} from '../../packages/client/src/index.ts';
import { computeAnswer } from '../../src/service/answer/answer.ts';
import { PreparedSnapshot } from '../../src/service/query/prepared-snapshot.ts';
import { compareIds as serviceCompareIds } from '../../src/shared/domain/ids.ts';
import { answerSnapshot } from '../support/answer-snapshots.ts';
import { completion, HOUR, iso, schedule, snapshotOf } from '../support/records.ts';
import { inProcessFetch } from './in-process-service.ts';

/**
 * The client's answers against the service's own (answer.md §1, the module behind
 * /status.json) on random snapshots and instants: the client reads every page of the API
 * (through the service's query module, in process) and must name the same next schedule,
 * the same open schedules in the same order, and the same last and last global reset.
 */

const NOW = Date.parse('2026-11-21T10:00:00.000Z');
const RUNS = 200;
const instant = fc.integer({ min: -30 * 4, max: 30 * 4 }).map((q) => NOW + q * 15 * 60_000);

describe('the client gives the answer of /status.json (property tests against answer.ts)', () => {
  test('nextSchedule, lastReset and lastReset({ global }) after reading every page, any page size', async () => {
    await fc.assert(
      fc.asyncProperty(
        answerSnapshot(NOW),
        instant,
        fc.integer({ min: 1, max: 10 }),
        async (file, now, pageSize) => {
          const answer = computeAnswer(PreparedSnapshot.of(file), now);
          const client = createClient({
            baseUrl: 'http://service.test/',
            fetch: inProcessFetch(file, now),
            clock: () => now,
          });
          const next = await client.nextSchedule({ pageSize });
          assert.equal(next.complete, true);
          assert.deepEqual(
            next.open.map((o) => [o.record.id, o.inProgress]),
            answer.open.map((o) => [o.recordId, o.inProgress]),
          );
          assert.equal(next.next?.record.id ?? null, answer.next?.recordId ?? null);
          const last = await client.lastReset({ pageSize });
          assert.deepEqual(
            last.last && { recordId: last.last.record.id, at: last.last.at },
            answer.lastReset && { recordId: answer.lastReset.recordId, at: answer.lastReset.at },
          );
          const global = await client.lastReset({ pageSize, global: true });
          assert.equal(global.last?.record.id ?? null, answer.lastGlobalReset?.recordId ?? null);
        },
      ),
      { numRuns: RUNS },
    );
  });

  test('the open schedules and the last reset do not depend on the order records are read in', () => {
    fc.assert(
      fc.property(
        answerSnapshot(NOW).chain((file) =>
          fc.tuple(
            fc.constant(file.records),
            fc.shuffledSubarray(file.records, {
              minLength: file.records.length,
              maxLength: file.records.length,
            }),
          ),
        ),
        instant,
        (records: [ResetRecord[], ResetRecord[]], now) => {
          const [original, shuffled] = records;
          const ids = (list: ResetRecord[]) => openSchedules(list, now).map((o) => o.record.id);
          assert.deepEqual(ids(shuffled), ids(original));
          // The last reset's time is the same; on a tie of times the first read wins.
          assert.equal(lastResetOf(shuffled, now)?.at, lastResetOf(original, now)?.at);
        },
      ),
      { numRuns: RUNS },
    );
  });

  test('the edges of a window, as the service draws them: open until endAt inclusive, in progress from startAt', async () => {
    const at = (offset: number): [number, number] => [NOW + offset, NOW + offset];
    const records = [
      schedule('op_ends_now', 'pending', [NOW - HOUR, NOW]),
      schedule('op_ended', 'pending', [NOW - HOUR, NOW - 1]),
      schedule('op_starts_now', 'pending', at(0)),
      schedule('op_starts_later', 'pending', at(1)),
      schedule('op_no_window', 'pending', null),
      completion('op_done_now', { announcedAt: iso(NOW), completedAt: iso(NOW) }),
      completion('op_done_later', { announcedAt: iso(NOW + 1), completedAt: iso(NOW + 1) }),
    ];
    const file = snapshotOf(records, NOW - 60_000);
    const answer = computeAnswer(PreparedSnapshot.of(file), NOW);
    const client = createClient({
      baseUrl: 'http://service.test/',
      fetch: inProcessFetch(file, NOW),
      clock: () => NOW,
    });
    const next = await client.nextSchedule({ pageSize: 2 });
    const open = next.open.map((o) => [o.record.id, o.inProgress]);
    assert.deepEqual(open, [
      ['op_ends_now', true],
      ['op_starts_now', true],
      ['op_starts_later', false],
      ['op_no_window', false],
    ]);
    assert.deepEqual(
      open,
      answer.open.map((o) => [o.recordId, o.inProgress]),
    );
    const last = await client.lastReset();
    assert.deepEqual(
      [last.last?.record.id, answer.lastReset?.recordId],
      ['op_done_now', 'op_done_now'],
    );
  });

  test('on a tie of reset times, lastResetOf keeps the first record read (the API order)', () => {
    const at = '2026-11-21T09:00:00.000Z';
    const completion = (id: string): ResetRecord => ({
      id,
      kind: 'reset_completed',
      resetType: 'global',
      announcedAt: at,
      effectiveAt: null,
      text: null,
      confidence: null,
      scope: null,
      source: { origin: 'operator', postId: null, handle: null, url: null },
      schedulePrecision: null,
      scheduleBasis: null,
      scheduleWindow: null,
      scheduleState: null,
      completedAt: at,
      completionRecordId: null,
      fulfillmentOrigin: null,
      relatedRecordIds: [],
    });
    const records = [completion('op_b'), completion('op_a')];
    assert.equal(lastResetOf(records, NOW)?.record.id, 'op_b');
    assert.equal(lastResetOf(records.toReversed(), NOW)?.record.id, 'op_a');
    assert.equal(
      lastResetOf(records, Date.parse(at) - 1),
      null,
      'a reset after now has not happened',
    );
    assert.equal(lastResetOf(records, NOW - 2 * HOUR), null);
  });

  test("compareIds is the service's (decisions.md §4), on numeric and other ids", () => {
    const id = fc.oneof(
      fc.stringMatching(/^0{0,2}\d{1,22}$/),
      fc.string({ maxLength: 8 }),
      fc.constantFrom('op_1', 'op_10', 'manual:2', '9', '10', '010'),
    );
    fc.assert(
      fc.property(id, id, (a, b) => {
        assert.equal(Math.sign(compareIds(a, b)), Math.sign(serviceCompareIds(a, b)));
      }),
      { numRuns: 2000 },
    );
  });
});
