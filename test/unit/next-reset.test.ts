import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { chooseNext, dueAt, type OpenSchedule } from '../../src/service/status-page/next-reset.ts';

/** The status page's "next reset" (issue 11) over tricky sets of open schedules. */

const HOUR = 3_600_000;
const NOW = Date.parse('2026-11-20T12:00:00.000Z');

const exact = (id: string, at: number): OpenSchedule => ({
  id,
  startMs: at,
  endMs: at,
  precision: 'datetime',
  basis: 'explicit',
});
const day = (id: string, start: number): OpenSchedule => ({
  id,
  startMs: start,
  endMs: start + 24 * HOUR - 1,
  precision: 'date',
  basis: 'explicit',
});
const vague = (id: string, start: number, hours: number): OpenSchedule => ({
  id,
  startMs: start,
  endMs: start + hours * HOUR,
  precision: 'datetime',
  basis: 'contextual_inference',
});
const ids = (choice: { next: OpenSchedule | null; others: readonly OpenSchedule[] }) => [
  choice.next?.id ?? null,
  ...choice.others.map((schedule) => schedule.id),
];

describe('chooseNext', () => {
  test("a known time five hours away beats a whole-day window in progress (the demo's case)", () => {
    const today = day('banked-today', NOW - 4 * HOUR);
    const soon = exact('global-18h', NOW + 5 * HOUR);
    assert.deepEqual(ids(chooseNext([today, soon], NOW)), ['global-18h', 'banked-today']);
  });

  test('a whole day that ends today beats a known time next week', () => {
    const today = day('today', NOW - 4 * HOUR);
    const nextWeek = exact('next-week', NOW + 7 * 24 * HOUR);
    assert.deepEqual(ids(chooseNext([nextWeek, today], NOW)), ['today', 'next-week']);
  });

  test('two known times: the earlier; a deadline window running now comes first', () => {
    const later = exact('later', NOW + 3 * HOUR);
    const earlier = exact('earlier', NOW + 1 * HOUR);
    const running: OpenSchedule = {
      id: 'within-the-hour',
      startMs: NOW - 10 * 60_000,
      endMs: NOW + 50 * 60_000,
      precision: 'datetime',
      basis: 'explicit',
    };
    assert.deepEqual(ids(chooseNext([later, earlier, running], NOW)), [
      'within-the-hour',
      'earlier',
      'later',
    ]);
  });

  test('a vague window is due at its end: a day ending sooner comes first', () => {
    const inADay = vague('no-time-named', NOW - HOUR, 24);
    const today = day('today', NOW - 4 * HOUR);
    assert.deepEqual(ids(chooseNext([inADay, today], NOW)), ['today', 'no-time-named']);
  });

  test("a tie between a window's end and a known time goes to the known time", () => {
    const today = day('today', NOW - 4 * HOUR);
    const atTheEnd = exact('same-instant', today.endMs);
    assert.deepEqual(ids(chooseNext([today, atTheEnd], NOW)), ['same-instant', 'today']);
  });

  test('windows that have ended are not open; nothing open is null', () => {
    assert.deepEqual(ids(chooseNext([exact('past', NOW - 1)], NOW)), [null]);
    assert.deepEqual(ids(chooseNext([], NOW)), [null]);
    assert.deepEqual(ids(chooseNext([exact('now', NOW)], NOW)), ['now']);
  });

  test('any set: every open schedule once, the next one due no later than the others', () => {
    const schedule = fc
      .record({
        id: fc.string({ minLength: 1, maxLength: 4 }),
        startMs: fc.integer({ min: NOW - 48 * HOUR, max: NOW + 48 * HOUR }),
        length: fc.integer({ min: 0, max: 48 * HOUR }),
        precision: fc.constantFrom('date' as const, 'datetime' as const, null),
        basis: fc.constantFrom('explicit' as const, 'contextual_inference' as const, null),
      })
      .map(({ length, ...rest }) => ({ ...rest, endMs: rest.startMs + length }));
    fc.assert(
      fc.property(fc.array(schedule, { maxLength: 12 }), (schedules) => {
        const choice = chooseNext(schedules, NOW);
        const open = schedules.filter((s) => s.endMs >= NOW);
        const chosen = choice.next === null ? [] : [choice.next, ...choice.others];
        assert.equal(chosen.length, open.length);
        assert.deepEqual(new Set(chosen), new Set(open));
        for (const other of choice.others) {
          assert.ok(dueAt(choice.next!, NOW) <= dueAt(other, NOW));
        }
      }),
      { numRuns: 500 },
    );
  });
});
