import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { DateTime } from 'luxon';
import { computeAnswer } from '../../src/service/answer/answer.ts';
import { statusBodyOf } from '../../src/service/answer/status-body.ts';
import {
  agoWords,
  createClock,
  isFullReset,
  type ResetFact,
  scheduleWords,
  stripDays,
  verdictOf,
  wholeDayOf,
} from '../../src/service/answer/words.js';
import { PreparedSnapshot } from '../../src/service/query/prepared-snapshot.ts';
import { answerSnapshot } from '../support/answer-snapshots.ts';
import { HOUR } from '../support/records.ts';

/**
 * The words of the answer in the visitor's days (answer.md §1, "Days"), checked in zones
 * from UTC−12 to UTC+14, half- and quarter-hour ones, and across clock changes, at every
 * hour of a day, against luxon (another library's idea of the local calendar day).
 */

const ZONES = [
  'Etc/GMT+12', // UTC−12
  'Pacific/Pago_Pago', // −11
  'America/Los_Angeles', // −8/−7, the announcer's
  'America/St_Johns', // −3:30/−2:30
  'Europe/London', // 0/+1
  'Asia/Kolkata', // +5:30
  'Asia/Kathmandu', // +5:45
  'Asia/Tokyo', // +9
  'Australia/Lord_Howe', // +10:30/+11 (a half-hour clock change)
  'Pacific/Chatham', // +12:45/+13:45
  'Pacific/Kiritimati', // +14
];

/** Days around clock changes of 2026 (US, EU, Lord Howe, Chatham), and ordinary ones. */
const DAYS = [
  '2026-03-08', // US spring forward
  '2026-11-01', // US fall back
  '2026-03-29', // EU spring forward
  '2026-10-25', // EU fall back
  '2026-04-05', // Lord Howe and Chatham fall back
  '2026-09-27', // Chatham springs forward
  '2026-10-04', // Lord Howe springs forward
  '2026-11-21',
];

const localDate = (ms: number, zone: string) => DateTime.fromMillis(ms, { zone }).toISODate()!;

/** Every hour of `day` in `zone` (local midnight to 23:00), as instants; 23 to 25 of them. */
function hoursOf(day: string, zone: string): number[] {
  const start = DateTime.fromISO(day, { zone }).startOf('day');
  const end = start.plus({ days: 1 });
  const hours: number[] = [];
  for (let at = start.toMillis(); at < end.toMillis(); at += HOUR) hours.push(at);
  return hours;
}

const instantsOfADay = fc
  .record({ zone: fc.constantFrom(...ZONES), day: fc.constantFrom(...DAYS) })
  .map(({ zone, day }) => ({ zone, hours: hoursOf(day, zone) }));

describe('the answer in words, at every hour of a day, in zones from UTC−12 to UTC+14', () => {
  test("a clock's day is luxon's local date; today, yesterday and tomorrow are calendar days", () => {
    for (const zone of ZONES) {
      const clock = createClock(zone, 'en-GB');
      for (const day of DAYS) {
        for (const now of hoursOf(day, zone)) {
          assert.equal(
            clock.dayKey(now),
            localDate(now, zone),
            `${zone} ${new Date(now).toISOString()}`,
          );
          // Half a day back and forward from each hour, across the clock change.
          for (const delta of [-25, -23, -1, 1, 23, 25]) {
            const at = now + delta * HOUR;
            const words = clock.when(at, now);
            const days = DateTime.fromISO(localDate(at, zone)).diff(
              DateTime.fromISO(localDate(now, zone)),
              'days',
            ).days;
            const expected =
              days === 0 ? 'today ' : days === -1 ? 'yesterday ' : days === 1 ? 'tomorrow ' : null;
            if (expected === null)
              assert.doesNotMatch(words, /^(today|yesterday|tomorrow) /, words);
            else assert.ok(words.startsWith(expected), `${zone}: ${words} for ${days}`);
          }
        }
      }
    }
  });

  test('the verdict: stale overrides; "yes" only for a full global reset on the local day; the last reset is always stated', () => {
    // Snapshots around the middle of the day asked about, so resets land on both sides of
    // its midnights.
    const cases = instantsOfADay.chain(({ zone, hours }) =>
      answerSnapshot(hours[12]!).map((file) => ({ zone, hours, file })),
    );
    fc.assert(
      fc.property(cases, ({ zone, hours, file }) => {
        const clock = createClock(zone, 'en-GB');
        for (const now of hours) {
          const snapshot = PreparedSnapshot.of(file);
          const body = statusBodyOf(computeAnswer(snapshot, now));
          const verdict = verdictOf(body, now, clock);
          const checked =
            body.lastSuccessfulCheckAt === null ? null : Date.parse(body.lastSuccessfulCheckAt);
          const today = localDate(now, zone);
          const onToday = (fact: ResetFact | null) =>
            fact !== null && localDate(Date.parse(fact.at), zone) === today;
          let expected: string;
          if (checked === null || now - checked > 30 * HOUR) expected = 'stale';
          else if (onToday(body.lastGlobalReset) && isFullReset(body.lastGlobalReset!))
            expected = 'yes';
          else if (onToday(body.lastGlobalReset) || onToday(body.lastReset)) expected = 'partial';
          else expected = body.next === null ? 'no' : 'soon';
          assert.equal(verdict.state, expected);
          // The stale age is said once, in the headline.
          if (expected === 'stale') assert.doesNotMatch(verdict.lastLine, /old/);
          // A day boundary never hides the last reset: its age is always in the banner.
          if (body.lastReset !== null) {
            assert.ok(
              verdict.lastLine.includes(agoWords(now - Date.parse(body.lastReset.at))),
              verdict.lastLine,
            );
          } else assert.equal(verdict.lastLine, 'Last reset: none recorded.');
          // Nothing narrower than a full global reset is ever an unqualified "Yes".
          if (verdict.headline.startsWith('Yes')) assert.equal(expected, 'yes');
          if (expected === 'partial')
            assert.match(verdict.headline, /^A (banked|global|global and banked) reset/);
        }
      }),
      { numRuns: 60 },
    );
  });

  test('the 90-day strip: one cell per local day, today last, every reset of the range in the cell of its local day', () => {
    const base = Date.parse('2026-11-21T12:00:00.000Z');
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -95 * 24, max: 0 }), { maxLength: 30 }),
        instantsOfADay,
        (offsets, { zone, hours }) => {
          const clock = createClock(zone, 'en-GB');
          const now = hours[hours.length - 1]!;
          const resets = offsets.map((hoursBack, index) => ({
            recordId: `op_${index}`,
            at: new Date(Math.min(now, base) + hoursBack * HOUR).toISOString(),
            resetType: 'global' as const,
            plans: ['all'],
            windows: ['unknown'],
            path: `/records/op_${index}`,
          }));
          const days = stripDays(resets, now, clock, 'en-GB');
          assert.equal(days.length, 90);
          assert.equal(days.at(-1)!.key, localDate(now, zone));
          for (let i = 1; i < days.length; i++) {
            const gap = DateTime.fromISO(days[i]!.key).diff(
              DateTime.fromISO(days[i - 1]!.key),
              'days',
            ).days;
            assert.equal(gap, 1);
          }
          const shown = new Map(
            days.flatMap((day) => day.resets.map((reset) => [reset.recordId, day.key])),
          );
          for (const reset of resets) {
            const key = localDate(Date.parse(reset.at), zone);
            if (key >= days[0]!.key) assert.equal(shown.get(reset.recordId), key);
            else assert.equal(shown.has(reset.recordId), false);
          }
        },
      ),
      { numRuns: 100 },
    );
  });

  test("a Pacific whole-day window is said as the announcer's day once, and as open once it has started", () => {
    // Saturday 21 November 2026 in Los Angeles (PST): 08:00 UTC to 07:59:59.999 UTC.
    const start = Date.parse('2026-11-21T08:00:00.000Z');
    const end = Date.parse('2026-11-22T07:59:59.999Z');
    assert.deepEqual(wholeDayOf(start, end), {
      zone: 'America/Los_Angeles',
      label: 'Pacific time',
      day: '2026-11-21',
    });
    const window = {
      startAt: new Date(start).toISOString(),
      endAt: new Date(end).toISOString(),
      precision: 'date',
      basis: 'explicit',
    } as const;
    const tokyo = createClock('Asia/Tokyo', 'en-GB');
    assert.equal(
      scheduleWords(window, start - 2 * HOUR, tokyo, 'en-GB'),
      'some time on Sat 21 Nov, Pacific time (today 17:00 to tomorrow 16:59 your time)',
    );
    assert.equal(
      scheduleWords(window, start + HOUR, tokyo, 'en-GB'),
      'some time on Sat 21 Nov, Pacific time: open now, until tomorrow 16:59 your time',
    );
    const utc = createClock('UTC', 'en-GB');
    assert.equal(
      scheduleWords(window, start + HOUR, utc, 'en-GB'),
      'some time on Sat 21 Nov, Pacific time: open now, until tomorrow 07:59 UTC',
    );
    // A summer day (PDT) is a whole Pacific day too.
    assert.equal(
      wholeDayOf(Date.parse('2026-07-04T07:00:00.000Z'), Date.parse('2026-07-05T06:59:59.999Z'))
        ?.day,
      '2026-07-04',
    );
    // Half a day is no whole day in any zone.
    assert.equal(wholeDayOf(start, start + 12 * HOUR - 1), null);
  });
});
