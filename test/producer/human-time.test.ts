import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { DateTime } from 'luxon';
import { parseHumanTime } from '../../src/producer/ops/human-time.ts';
import { OpsRefusal } from '../../src/producer/ops/refusal.ts';

/**
 * Human times for `ops`: every accepted form to its instant, every refused form to its one
 * line, and properties across the clock changes of several zones (the repeated hour is
 * refused naming both instants; the skipped hour is refused; every other wall time comes back).
 */

const LA = 'America/Los_Angeles';
/** Thursday 26 November 2026, 12:00 PST. */
const NOW = Date.parse('2026-11-26T20:00:00.000Z');
const read = (input: string, allowDate = false) =>
  parseHumanTime(input, { now: NOW, zone: LA, name: '--at', allowDate });

describe('accepted forms', () => {
  const table: readonly (readonly [string, string])[] = [
    ['2026-11-26T18:00:00.000Z', '2026-11-26T18:00:00.000Z'],
    ['2026-11-26T18:00Z', '2026-11-26T18:00:00.000Z'],
    ['2026-11-26T10:00-08:00', '2026-11-26T18:00:00.000Z'],
    ['now', '2026-11-26T20:00:00.000Z'],
    ['NOW', '2026-11-26T20:00:00.000Z'],
    ['-2h', '2026-11-26T18:00:00.000Z'],
    ['+30m', '2026-11-26T20:30:00.000Z'],
    ['-1h30m', '2026-11-26T18:30:00.000Z'],
    ['-2d', '2026-11-24T20:00:00.000Z'],
    ['now -90s', '2026-11-26T19:58:30.000Z'],
    ['18:00 PT', '2026-11-27T02:00:00.000Z'],
    ['6pm PT today', '2026-11-27T02:00:00.000Z'],
    ['6pm PT tomorrow', '2026-11-28T02:00:00.000Z'],
    ['tomorrow 6pm PT', '2026-11-28T02:00:00.000Z'],
    ['yesterday 23:50 PT', '2026-11-26T07:50:00.000Z'],
    ['6:30 pm pst', '2026-11-27T02:30:00.000Z'],
    ['18:00 PDT', '2026-11-27T02:00:00.000Z'],
    ['18:00 Pacific', '2026-11-27T02:00:00.000Z'],
    ['12am PT tomorrow', '2026-11-27T08:00:00.000Z'],
    ['12pm PT', '2026-11-26T20:00:00.000Z'],
    ['18:00:30 UTC today', '2026-11-26T18:00:30.000Z'],
    ['2026-11-26 18:00 America/Los_Angeles', '2026-11-27T02:00:00.000Z'],
    ['2026-11-26 18:00 UTC', '2026-11-26T18:00:00.000Z'],
    ['2026-11-26 18:00 Europe/Paris', '2026-11-26T17:00:00.000Z'],
    // "PST" in July is the Pacific clock of that day (PDT), as the announcer means it.
    ['2026-07-04 6pm PST', '2026-07-05T01:00:00.000Z'],
    ['  2026-11-26   18:00   PT ', '2026-11-27T02:00:00.000Z'],
  ];
  for (const [input, utc] of table) {
    test(`${JSON.stringify(input)} is ${utc}`, () => {
      const time = read(input);
      assert.equal(time.utc, utc);
      assert.equal(time.ms, Date.parse(utc));
      assert.equal(time.dayEndMs, null);
    });
  }

  test('the echo says what was typed, in UTC and on the Pacific clock', () => {
    assert.equal(
      read('6pm PT tomorrow').echo,
      '--at "6pm PT tomorrow" is 2026-11-28T02:00:00.000Z (Fri 27 Nov 2026 18:00:00 PST)',
    );
  });

  test('where a command takes a whole day, a date is that Pacific day', () => {
    const day = read('2026-11-26', true);
    assert.equal(day.utc, '2026-11-26T08:00:00.000Z');
    assert.equal(day.dayEndMs, Date.parse('2026-11-27T07:59:59.999Z'));
    assert.equal(
      day.echo,
      '--at "2026-11-26" is 2026-11-26T08:00:00.000Z to 2026-11-27T07:59:59.999Z (the whole day) (Thu 26 Nov 2026 00:00:00 PST)',
    );
    assert.equal(read('tomorrow', true).utc, '2026-11-27T08:00:00.000Z');
    assert.equal(read('2026-11-26 UTC', true).utc, '2026-11-26T00:00:00.000Z');
  });
});

describe('refused forms', () => {
  const table: readonly (readonly [string, string])[] = [
    [
      '2026-11-01 01:30 PT',
      '--at "2026-11-01 01:30 PT" happens twice (clocks in America/Los_Angeles fall back that night): 2026-11-01T08:30:00.000Z (PDT) or 2026-11-01T09:30:00.000Z (PST); give the one meant in UTC',
    ],
    [
      '2026-03-08 02:30 PT',
      '--at "2026-03-08 02:30 PT" does not exist: clocks in America/Los_Angeles spring forward over it that night; give the time in UTC',
    ],
    [
      '2026-11-26',
      '--at "2026-11-26" is a date without a time: add one, like "2026-11-26 18:00 PT"',
    ],
    ['tomorrow', '--at "tomorrow" is a date without a time: add one, like "6pm PT tomorrow"'],
    [
      '18:00',
      '--at "18:00" has no time zone: add one, like "18:00 PT" (America/Los_Angeles) or "18:00 UTC"',
    ],
    [
      '6pm',
      '--at "6pm" has no time zone: add one, like "6pm PT" (America/Los_Angeles) or "6pm UTC"',
    ],
    [
      '6pm EST',
      '--at "6pm EST" names a zone this command does not read ("EST"): use PT, UTC or an IANA name like America/New_York',
    ],
    [
      '6pm PT tmorrow',
      '--at "6pm PT tmorrow" is not a time this command reads: use 2026-11-26T18:00:00.000Z, now, -2h, "6pm PT today", "18:00 PT tomorrow" or "2026-11-26 18:00 America/Los_Angeles"',
    ],
    ['2026-02-30 10:00 UTC', '--at "2026-02-30 10:00 UTC" is not a real date'],
    ['2026-11-26T25:00:00.000Z', '--at "2026-11-26T25:00:00.000Z" is not a real date and time'],
    ['25:00 PT', '--at "25:00 PT" has an hour past 23'],
    ['18:61 PT', '--at "18:61 PT" has minutes or seconds past 59'],
    ['14pm PT', '--at "14pm PT" has a 12-hour time whose hour is not 1 to 12'],
    ['18 PT', '--at "18 PT" has an hour without minutes or am/pm: write 18:00 or 6pm'],
    ['-400d', '--at "-400d" moves more than 366 days from now'],
    ['', '--at "" is empty: give a time, like 2026-11-26T18:00:00.000Z or "6pm PT today"'],
    ['x'.repeat(200), `--at "${'x'.repeat(59)}…" is longer than 100 characters`],
  ];
  for (const [input, message] of table) {
    test(`${JSON.stringify(input.slice(0, 40))} is refused`, () => {
      assert.throws(
        () => read(input),
        (error: unknown) => {
          assert.ok(error instanceof OpsRefusal);
          assert.equal(error.message, message);
          return true;
        },
      );
    });
  }
});

/** The wall-clock fields of `ms` in `zone`, as typed: `2026-11-01 01:30:00`. */
const wall = (ms: number, zone: string) =>
  DateTime.fromMillis(ms, { zone }).toFormat('yyyy-MM-dd HH:mm:ss');

const ZONES = [
  'America/Los_Angeles',
  'America/New_York',
  'Europe/London',
  'Australia/Sydney',
  'Asia/Kolkata',
];
/** Instants from 2024 to 2030, to the second, and instants near this zone's clock changes. */
const instants = fc
  .integer({
    min: Date.parse('2024-01-01T00:00:00Z') / 1000,
    max: Date.parse('2030-12-31T00:00:00Z') / 1000,
  })
  .map((s) => s * 1000);
const CHANGES_LA = [
  '2026-03-08T10:00:00Z',
  '2026-11-01T09:00:00Z',
  '2027-03-14T10:00:00Z',
  '2027-11-07T09:00:00Z',
].map(Date.parse);
const nearChanges = fc
  .tuple(fc.constantFrom(...CHANGES_LA), fc.integer({ min: -3 * 3600, max: 3 * 3600 }))
  .map(([change, seconds]) => change + seconds * 1000);

describe('properties across clock changes', () => {
  test('any instant typed as its wall time and zone comes back, unless that wall time happens twice: then both instants are named', () => {
    fc.assert(
      fc.property(fc.oneof(instants, nearChanges), fc.constantFrom(...ZONES), (ms, zone) => {
        const typed = `${wall(ms, zone)} ${zone}`;
        const twin = [ms - 3_600_000, ms + 3_600_000].find(
          (other) => wall(other, zone) === wall(ms, zone),
        );
        try {
          const time = parseHumanTime(typed, { now: NOW, zone: LA });
          assert.equal(time.ms, ms);
          assert.equal(twin, undefined, `${typed} happens twice but was read as one`);
        } catch (error) {
          assert.ok(error instanceof OpsRefusal, String(error));
          assert.notEqual(twin, undefined, error.message);
          const [first, second] = [ms, twin!].sort((a, b) => a - b);
          assert.match(error.message, /happens twice/);
          assert.ok(error.message.includes(new Date(first!).toISOString()));
          assert.ok(error.message.includes(new Date(second!).toISOString()));
        }
      }),
      { numRuns: 300 },
    );
  });

  test('any wall time on the Pacific clock is read as that wall time, or refused as skipped or repeated (each checked)', () => {
    const walls = fc.record({
      day: fc.constantFrom(
        '2026-03-08',
        '2026-11-01',
        '2027-03-14',
        '2027-11-07',
        '2026-06-15',
        '2026-12-25',
      ),
      hour: fc.integer({ min: 0, max: 23 }),
      minute: fc.integer({ min: 0, max: 59 }),
    });
    fc.assert(
      fc.property(
        walls,
        fc.constantFrom('PT', 'PST', 'PDT', 'America/Los_Angeles'),
        ({ day, hour, minute }, zone) => {
          const clock = `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
          const typed = `${day} ${clock} ${zone}`;
          try {
            const time = parseHumanTime(typed, { now: NOW, zone: LA });
            assert.equal(wall(time.ms, LA), `${day} ${clock}:00`);
          } catch (error) {
            assert.ok(error instanceof OpsRefusal);
            const named = [...error.message.matchAll(/\d{4}-\d{2}-\d{2}T[\d:.]+Z/g)].map((m) =>
              Date.parse(m[0]),
            );
            if (/happens twice/.test(error.message)) {
              assert.equal(named.length, 2);
              assert.equal(named[1]! - named[0]!, 3_600_000);
              for (const ms of named) assert.equal(wall(ms, LA), `${day} ${clock}:00`);
            } else {
              assert.match(
                error.message,
                /does not exist: clocks in America\/Los_Angeles spring forward/,
              );
              // No instant of that day shows that wall time.
              const start = DateTime.fromISO(day, { zone: LA }).toMillis();
              for (let ms = start; ms < start + 26 * 3_600_000; ms += 60_000)
                assert.notEqual(wall(ms, LA), `${day} ${clock}:00`);
            }
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  test('"HH:MM PT today|tomorrow|yesterday" is that time on the Pacific date of now, moved by a day', () => {
    fc.assert(
      fc.property(
        fc.oneof(instants, nearChanges),
        fc.integer({ min: 0, max: 23 }),
        fc.constantFrom(['yesterday', -1], ['today', 0], ['tomorrow', 1]),
        (now, hour, [word, days]) => {
          const clock = `${String(hour).padStart(2, '0')}:17`;
          const date = DateTime.fromMillis(now, { zone: LA })
            .plus({ days: days as number })
            .toFormat('yyyy-MM-dd');
          const read = (input: string) => {
            try {
              return parseHumanTime(input, { now, zone: LA }).ms;
            } catch (error) {
              assert.ok(error instanceof OpsRefusal);
              return error.message.replace(/^"[^"]*" /, '');
            }
          };
          assert.deepEqual(
            read(`${clock} PT ${word}`),
            read(`${date} ${clock} America/Los_Angeles`),
          );
        },
      ),
      { numRuns: 150 },
    );
  });

  test('"-Nh", "+Nm" and "-Nd" move now by exactly that much, whatever the clock does', () => {
    fc.assert(
      fc.property(
        fc.oneof(instants, nearChanges),
        fc.integer({ min: 0, max: 8_000 }),
        fc.constantFrom(['h', 3_600_000], ['m', 60_000], ['d', 86_400_000]),
        (now, amount, [unit, ms]) => {
          fc.pre(amount * (ms as number) <= 366 * 86_400_000);
          assert.equal(
            parseHumanTime(`-${amount}${unit}`, { now, zone: LA }).ms,
            now - amount * (ms as number),
          );
          assert.equal(
            parseHumanTime(`+${amount}${unit}`, { now, zone: LA }).ms,
            now + amount * (ms as number),
          );
        },
      ),
    );
  });

  test('any text is read or refused with one line of at most 400 characters, never another error', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ maxLength: 300 }),
          fc.string({ unit: fc.constantFrom(...'0123456789:-+ TZ apmdhPTUC/'), maxLength: 40 }),
        ),
        (input) => {
          try {
            read(input);
          } catch (error) {
            assert.ok(error instanceof OpsRefusal, String(error));
            assert.ok(error.message.length <= 400, error.message);
            assert.ok(!error.message.includes('\n'));
          }
        },
      ),
      { numRuns: 2_000 },
    );
  });
});
