import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { DateTime, IANAZone } from 'luxon';
import { hourlyZone } from '../../src/producer/classify/zone.ts';

/**
 * The classifier's zone remembers offsets by the hour (zone.ts): it must give exactly what
 * luxon's own IANA zone gives, at every instant, transitions included, in zones with
 * half-hour and 45-minute offsets and a half-hour daylight saving shift.
 */
const ZONES = [
  'America/Los_Angeles',
  'Europe/London',
  'Australia/Lord_Howe',
  'Asia/Kathmandu',
  'America/St_Johns',
  'UTC',
];
const FROM = Date.parse('1990-01-01T00:00:00Z');
const TO = Date.parse('2040-01-01T00:00:00Z');

/** The instants around every offset change of `name` in [from, to), to the millisecond. */
function transitions(name: string, from: number, to: number): number[] {
  const zone = IANAZone.create(name);
  const found: number[] = [];
  for (let hour = from; hour < to; hour += 3_600_000) {
    if (zone.offset(hour) === zone.offset(hour + 3_600_000)) continue;
    let low = hour;
    let high = hour + 3_600_000;
    while (high - low > 1) {
      const middle = Math.floor((low + high) / 2);
      if (zone.offset(middle) === zone.offset(low)) low = middle;
      else high = middle;
    }
    found.push(low - 1, low, high, high + 1);
  }
  return found;
}

describe("the classifier's zone, offsets remembered by the hour", () => {
  test('gives the IANA offset at any instant from 1990 to 2040', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ZONES), fc.integer({ min: FROM, max: TO }), (name, ts) => {
        assert.equal(hourlyZone(name).offset(ts), IANAZone.create(name).offset(ts));
      }),
      { numRuns: 5_000 },
    );
  });

  test('gives the IANA offset on either side of every transition, asked in any order', () => {
    for (const name of ZONES) {
      const instants = transitions(
        name,
        Date.parse('2024-01-01T00:00:00Z'),
        Date.parse('2028-01-01T00:00:00Z'),
      );
      if (name !== 'UTC' && name !== 'Asia/Kathmandu') assert.ok(instants.length >= 16, name);
      const reference = IANAZone.create(name);
      // Forwards, then backwards: a remembered hour must never answer for its neighbour.
      for (const ts of [...instants, ...instants.reverse()]) {
        assert.equal(hourlyZone(name).offset(ts), reference.offset(ts), `${name} at ${ts}`);
      }
    }
  });

  test('luxon dates built on it are the same as on the IANA zone', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: FROM, max: TO }),
        fc.integer({ min: -400, max: 400 }),
        (ts, days) => {
          const mine = DateTime.fromMillis(ts, { zone: hourlyZone('America/Los_Angeles') });
          const theirs = DateTime.fromMillis(ts, { zone: 'America/Los_Angeles' });
          assert.equal(mine.startOf('day').toMillis(), theirs.startOf('day').toMillis());
          assert.equal(mine.plus({ days }).toISO(), theirs.plus({ days }).toISO());
          assert.equal(
            mine.set({ hour: 2, minute: 30 }).toMillis(),
            theirs.set({ hour: 2, minute: 30 }).toMillis(),
          );
        },
      ),
      { numRuns: 2_000 },
    );
  });
});
