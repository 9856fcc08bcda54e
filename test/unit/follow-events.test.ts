import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { eventWords, pushPayload } from '../../src/service/follow/event-words.ts';
import {
  followEvents,
  MAX_EVENTS,
  nextEventInstant,
  RECENT_MS,
  SOON_MS,
} from '../../src/service/follow/events.ts';
import { PreparedSnapshot } from '../../src/service/query/prepared-snapshot.ts';
import { answerSnapshot, isOpenAt, resetTime } from '../support/answer-snapshots.ts';
import { completion, HOUR, iso, schedule, snapshotOf } from '../support/records.ts';

/**
 * The events a snapshot has to tell followers at an instant (follow/events.ts), over random
 * snapshots and instants against plain re-statements of the rules, and the words they say.
 */

const NOW = Date.parse('2026-11-21T10:00:00.000Z');
const RUNS = 200;

const instant = fc.integer({ min: NOW - 3 * 24 * HOUR, max: NOW + 3 * 24 * HOUR });

describe('follow events', () => {
  test('are the recent completions, the open schedules and the windows within the hour', () => {
    fc.assert(
      fc.property(answerSnapshot(NOW), instant, (file, now) => {
        const events = followEvents(PreparedSnapshot.of(file), now);
        const ids = events.map((event) => event.id);
        assert.equal(new Set(ids).size, ids.length, 'ids are unique');
        assert.ok(events.length <= MAX_EVENTS);
        if (events.length === MAX_EVENTS) return; // capped: the rest is not compared
        const expected = new Set<string>();
        for (const record of file.records) {
          const at = resetTime(record);
          if (
            record.kind === 'reset_completed' &&
            at !== null &&
            at <= now &&
            at >= now - RECENT_MS
          )
            expected.add(`reset_completed:${record.id}`);
          if (isOpenAt(record, now)) {
            const start = record.scheduleWindow?.startAt ?? null;
            expected.add(`reset_scheduled:${record.id}:${start ?? 'none'}`);
            if (start !== null && Date.parse(start) > now && Date.parse(start) - SOON_MS <= now)
              expected.add(`window_soon:${record.id}:${start}`);
          }
        }
        assert.deepEqual(new Set(ids), expected);
        for (const event of events) {
          assert.ok(event.topics.length > 0);
          if (event.type === 'reset_completed')
            assert.equal(
              event.topics.includes('global_reset'),
              event.record.resetType !== 'banked',
            );
        }
      }),
      { numRuns: RUNS },
    );
  });

  test('nothing new appears before nextEventInstant', () => {
    fc.assert(
      fc.property(
        answerSnapshot(NOW),
        instant,
        fc.double({ min: 0, max: 1, noNaN: true }),
        (file, now, share) => {
          const snapshot = PreparedSnapshot.of(file);
          const before = new Set(followEvents(snapshot, now).map((event) => event.id));
          const next = nextEventInstant(snapshot, now);
          const until = next === null ? now + 7 * 24 * HOUR : next;
          assert.ok(until > now);
          const later = Math.floor(now + share * (until - now - 1));
          for (const event of followEvents(snapshot, later))
            assert.ok(
              before.has(event.id),
              `${event.id} appeared at ${iso(later)} before ${iso(until)}`,
            );
        },
      ),
      { numRuns: RUNS },
    );
  });

  test('the same snapshot and instant give the same events on every instance', () => {
    fc.assert(
      fc.property(answerSnapshot(NOW), instant, (file, now) => {
        const a = followEvents(PreparedSnapshot.of(file), now);
        const b = followEvents(PreparedSnapshot.of(structuredClone(file)), now);
        assert.deepEqual(a, b);
      }),
      { numRuns: 50 },
    );
  });
});

describe('follow event words', () => {
  const snapshot = PreparedSnapshot.of(
    snapshotOf(
      [
        completion('1900000000000000001', {
          completedAt: iso(NOW - 2 * HOUR),
          scope: { plans: ['all'], windows: ['five_hour', 'weekly'] },
        }),
        completion('1900000000000000002', {
          resetType: 'banked',
          completedAt: iso(NOW - 3 * HOUR),
          scope: { plans: ['pro'], windows: ['unknown'] },
        }),
        schedule('1900000000000000003', 'pending', [NOW + 30 * 60_000, NOW + 30 * 60_000], {
          announcedAt: iso(NOW - HOUR),
          scope: { plans: ['all'], windows: ['weekly'] },
        }),
      ],
      NOW,
    ),
  );
  const events = followEvents(snapshot, NOW);
  const byId = (id: string) => events.find((event) => event.id === id)!;

  test('a global reset of all plans is "Usage limits were reset"', () => {
    const event = byId('reset_completed:1900000000000000001');
    assert.deepEqual(event.topics, ['global_reset', 'any_reset']);
    assert.deepEqual(eventWords(event, NOW), {
      title: 'Usage limits were reset',
      body: 'Global limits, all plans, five-hour and weekly windows, 2 h ago (today 08:00 UTC).',
    });
  });

  test('a banked reset says what it was, for whom', () => {
    const event = byId('reset_completed:1900000000000000002');
    assert.deepEqual(event.topics, ['any_reset']);
    assert.deepEqual(eventWords(event, NOW), {
      title: 'A banked reset for Pro happened',
      body: 'Banked usage, Pro, 3 h ago (today 07:00 UTC).',
    });
  });

  test('a schedule and its window within the hour', () => {
    const start = iso(NOW + 30 * 60_000);
    assert.deepEqual(eventWords(byId(`reset_scheduled:1900000000000000003:${start}`), NOW), {
      title: 'A reset is scheduled',
      body: 'Global limits, all plans, weekly window: today 10:30 UTC, in 30 min 00 s.',
    });
    const soon = byId(`window_soon:1900000000000000003:${start}`);
    assert.equal(eventWords(soon, NOW).title, 'A reset is due within the hour');
    assert.deepEqual(
      pushPayload(soon, NOW, { name: 'Resets', baseUrl: 'https://resets.example' }),
      {
        title: 'A reset is due within the hour',
        body: 'Global limits, all plans, weekly window: today 10:30 UTC, in 30 min 00 s.',
        url: 'https://resets.example/records/1900000000000000003',
        tag: 'record-1900000000000000003',
        event: 'window_soon',
      },
    );
  });
});
