import fc from 'fast-check';
import type { ResetRecord } from '../../src/shared/domain/record.ts';
import type { SnapshotFile } from '../../src/shared/domain/snapshot.ts';
import { completion, DAY, HOUR, iso, schedule } from './records.ts';

/**
 * Random valid snapshots around an instant, for the answer's properties and differential
 * tests: schedules in every state with exact times, deadlines, whole Pacific and UTC days,
 * vague windows and no window; completions shaped as the producer makes them (a post's
 * completedAt is its announcedAt; a manual completion's effectiveAt is its completedAt),
 * so that the API's newest-first order and the answer's reset time agree, as they do on
 * every published snapshot. Ties are frequent on purpose (times on a coarse grid).
 */

const RESET_TYPES = ['global', 'banked', 'global_and_banked'] as const;
const PLANS = [['all'], ['unknown'], ['pro'], ['plus', 'pro'], ['free', 'go', 'plus']];
const WINDOWS = [['unknown'], ['five_hour'], ['weekly'], ['five_hour', 'weekly']];

/** A coarse grid of instants (quarter hours over ±4 days), so that ties happen. */
const offset = fc.integer({ min: -4 * 96, max: 4 * 96 }).map((quarters) => quarters * 15 * 60_000);

const scope = fc.record({
  plans: fc.constantFrom(...PLANS),
  windows: fc.constantFrom(...WINDOWS),
});

/** Pacific (PST or PDT) midnight on the UTC day starting at `utcMidnight`: 07:00 or 08:00 UTC. */
function pacificMidnight(utcMidnight: number): number {
  for (const hours of [8, 7]) {
    const start = utcMidnight + hours * HOUR;
    const clock = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'America/Los_Angeles',
      hourCycle: 'h23',
      hour: '2-digit',
    }).format(start);
    if (clock === '00') return start;
  }
  throw new Error('no Pacific midnight');
}

/** Midnight to 23:59:59.999 of a Pacific or a UTC day near `at`. */
function wholeDay(at: number, pacific: boolean): [number, number] {
  const utcMidnight = Math.floor(at / DAY) * DAY;
  if (!pacific) return [utcMidnight, utcMidnight + DAY - 1];
  return [pacificMidnight(utcMidnight), pacificMidnight(utcMidnight + DAY) - 1];
}

type Shape = 'exact' | 'deadline' | 'pacific-day' | 'utc-day' | 'vague' | 'none';

export function answerRecords(now: number): fc.Arbitrary<ResetRecord[]> {
  let serial = 0;
  const scheduleArb = fc
    .record({
      shape: fc.constantFrom<Shape>('exact', 'deadline', 'pacific-day', 'utc-day', 'vague', 'none'),
      at: offset,
      span: fc.integer({ min: 1, max: 12 }).map((quarters) => quarters * 15 * 60_000),
      state: fc.constantFrom('pending', 'pending', 'elapsed', 'fulfilled', 'unknown'),
      resetType: fc.constantFrom(...RESET_TYPES),
      scope: fc.option(scope, { freq: 4 }),
      announced: fc.option(offset, { freq: 6 }),
      numeric: fc.boolean(),
    })
    .map((r): ResetRecord => {
      const id = r.numeric
        ? String(1_990_000_000_000_000_000n + BigInt(serial++))
        : `op_s${serial++}`;
      const at = now + r.at;
      const window: [number, number] | null =
        r.shape === 'exact'
          ? [at, at]
          : r.shape === 'deadline'
            ? [at, at + r.span]
            : r.shape === 'pacific-day' || r.shape === 'utc-day'
              ? wholeDay(at, r.shape === 'pacific-day')
              : r.shape === 'vague'
                ? [at, at + r.span * 8]
                : null;
      return schedule(id, r.state as NonNullable<ResetRecord['scheduleState']>, window, {
        resetType: r.resetType,
        scope: r.scope,
        announcedAt: r.announced === null ? null : iso(now + r.announced),
        schedulePrecision:
          r.shape === 'none'
            ? null
            : r.shape === 'pacific-day' || r.shape === 'utc-day'
              ? 'date'
              : 'datetime',
        scheduleBasis: r.shape === 'vague' ? 'contextual_inference' : 'explicit',
        ...(r.state === 'fulfilled' && window === null
          ? { completedAt: iso(at), fulfillmentOrigin: 'link' as const }
          : {}),
      });
    });
  const completionArb = fc
    .record({
      at: offset,
      origin: fc.constantFrom('post', 'note', 'manual'),
      resetType: fc.constantFrom(...RESET_TYPES),
      scope: fc.option(scope, { freq: 4 }),
      stated: fc.option(offset, { freq: 2 }),
    })
    .map((r): ResetRecord => {
      const at = iso(now + r.at);
      const n = serial++;
      if (r.origin === 'manual') {
        return completion(`manual:c${n}`, {
          resetType: r.resetType,
          effectiveAt: at,
          completedAt: at,
        });
      }
      return completion(
        r.origin === 'post' ? String(1_991_000_000_000_000_000n + BigInt(n)) : `op_c${n}`,
        {
          resetType: r.resetType,
          scope: r.scope,
          announcedAt: at,
          completedAt: at,
          // A post may state when the reset landed ("reset at 6pm"): before its announcement.
          effectiveAt: r.stated === null ? null : iso(Math.min(now + r.stated, now + r.at)),
        },
      );
    });
  return fc.array(fc.oneof(scheduleArb, completionArb), { maxLength: 40 });
}

/** A snapshot at `now`, its last check anywhere from a minute to two days before. */
export function answerSnapshot(now: number): fc.Arbitrary<SnapshotFile> {
  return fc
    .record({
      records: answerRecords(now),
      checkedAgo: fc.option(fc.integer({ min: 1, max: 48 * 60 }), { freq: 8 }),
    })
    .map(({ records, checkedAgo }) => ({
      generatedAt: iso(now - 60_000),
      lastSuccessfulCheckAt: checkedAgo === null ? null : iso(now - checkedAgo * 60_000),
      records,
    }));
}

// The answer's rules said directly over the records (answer.md §1), for the property tests
// that compare the service's answers and events with them.

export const ms = (value: string | null) => (value === null ? null : Date.parse(value));

/** When a completion's reset happened: completedAt ?? effectiveAt ?? announcedAt. */
export const resetTime = (record: ResetRecord) =>
  ms(record.completedAt) ?? ms(record.effectiveAt) ?? ms(record.announcedAt);

/** §1 "open": a pending schedule whose window has not ended (or has none). */
export const isOpenAt = (record: ResetRecord, now: number) =>
  record.kind === 'reset_scheduled' &&
  record.scheduleState === 'pending' &&
  (record.scheduleWindow === null || Date.parse(record.scheduleWindow.endAt) >= now);
