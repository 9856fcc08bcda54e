import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { DateTime } from 'luxon';
import {
  classifyPost,
  DEFAULT_CLASSIFIER_OPTIONS,
} from '../../src/producer/classify/rules-classifier.ts';
import { Classification } from '../../src/producer/ledger/entry.ts';
import type { Post } from '../../src/producer/ledger/post.ts';

/**
 * The classifier's date rules as properties (producer.md §2), over post times from 2024
 * to 2030 (both daylight-saving changes of each year included): the expected windows are
 * computed here with luxon from the rule's words, independently of the classifier's code.
 */

const ZONE = 'America/Los_Angeles';
const RUNS = { numRuns: 300 };

const anyInstant = fc
  .integer({ min: Date.UTC(2024, 0, 1), max: Date.UTC(2030, 11, 31) })
  .map((ms) => Math.floor(ms / 1000) * 1000);
/** Midnight (Pacific) of each day the clocks change, 2024 to 2030: second Sunday of March, first of November. */
const clockChanges = [2024, 2025, 2026, 2027, 2028, 2029, 2030].flatMap((year) =>
  [
    [3, 8],
    [11, 1],
  ].map(([month, firstDay]) => {
    const first = DateTime.fromObject({ year, month, day: firstDay }, { zone: ZONE });
    return first.plus({ days: (7 - first.weekday) % 7 }).toMillis();
  }),
);
/** A third of the instants fall within two days before a clock change, where "tomorrow at 1am" is ambiguous or missing. */
const instants = fc.oneof(
  { weight: 2, arbitrary: anyInstant },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom(...clockChanges), fc.integer({ min: -48 * 3600, max: 0 }))
      .map(([midnight, seconds]) => midnight + seconds * 1000),
  },
);
const postAt = (ms: number, text: string): Post => ({
  id: '2000000000000000001',
  handle: 'thsottiaux',
  createdAt: new Date(ms).toISOString(),
  text,
});
const classify = (ms: number, text: string) =>
  classifyPost(postAt(ms, text), DEFAULT_CLASSIFIER_OPTIONS);
const pacific = (ms: number) => DateTime.fromMillis(ms, { zone: ZONE });
const iso = (dt: DateTime) => new Date(dt.toMillis()).toISOString();
/**
 * H:00 on the Pacific day after the post: the first instant showing that wall clock (the
 * night clocks fall back, 1 am happens twice: its first occurrence is meant); the night
 * clocks spring forward, a missing 2 am is the same instant as 3 am.
 */
const tomorrowAt = (ms: number, hour: number, days = 1) => {
  const day = pacific(ms).plus({ days });
  const wall = Date.UTC(day.year, day.month - 1, day.day, hour);
  const shows = [7, 8]
    .map((offset) => wall + offset * 3_600_000)
    .filter((at) => {
      const local = pacific(at);
      return local.day === day.day && local.hour === hour && local.minute === 0;
    });
  return shows.length > 0
    ? new Date(Math.min(...shows)).toISOString()
    : iso(day.set({ hour, minute: 0, second: 0, millisecond: 0 }));
};

test('"tomorrow at H" is H o\'clock on the next Pacific day, whatever the zone word', () => {
  fc.assert(
    fc.property(
      instants,
      fc.integer({ min: 1, max: 12 }),
      fc.constantFrom('am', 'pm'),
      fc.constantFrom('PT', 'PST', 'PDT', 'Pacific', 'pt', ''),
      (ms, hour, half, zoneWord) => {
        const text = `We will reset usage limits tomorrow at ${hour}${half} ${zoneWord}`.trim();
        const reset = classify(ms, `${text}.`).reset;
        const expected = tomorrowAt(ms, (hour % 12) + (half === 'pm' ? 12 : 0));
        assert.equal(reset?.kind, 'reset_scheduled');
        assert.equal(reset?.schedulePrecision, 'datetime');
        assert.equal(reset?.scheduleBasis, 'explicit');
        assert.deepEqual(reset?.scheduleWindow, { startAt: expected, endAt: expected });
        assert.equal(reset?.effectiveAt, expected);
      },
    ),
    RUNS,
  );
});

test('"14pm" style hours (13 to 23) mean that hour of the day', () => {
  fc.assert(
    fc.property(instants, fc.integer({ min: 13, max: 23 }), (ms, hour) => {
      const reset = classify(ms, `Reset lands tomorrow at ${hour}pm PT.`).reset;
      assert.equal(reset?.scheduleWindow?.startAt, tomorrowAt(ms, hour));
    }),
    RUNS,
  );
});

test('"tomorrow" is the whole next Pacific day, midnight to 23:59:59.999 (23 or 25 hours on change days)', () => {
  fc.assert(
    fc.property(instants, (ms) => {
      const reset = classify(ms, 'We will reset usage limits tomorrow.').reset;
      const day = pacific(ms).plus({ days: 1 }).startOf('day');
      assert.equal(reset?.schedulePrecision, 'date');
      assert.equal(reset?.scheduleBasis, 'explicit');
      assert.deepEqual(reset?.scheduleWindow, {
        startAt: iso(day),
        endAt: iso(day.endOf('day')),
      });
      assert.equal(reset?.effectiveAt, null);
    }),
    RUNS,
  );
});

test('"on <weekday>" is that weekday\'s Pacific day, within the coming week', () => {
  const days = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
  fc.assert(
    fc.property(instants, fc.integer({ min: 0, max: 6 }), (ms, index) => {
      const reset = classify(ms, `We will reset usage limits on ${days[index]}.`).reset;
      const start = pacific(Date.parse(reset!.scheduleWindow!.startAt));
      assert.equal(start.weekday, index + 1);
      assert.equal(start.hour, 0);
      const ahead = start.diff(pacific(ms).startOf('day'), 'days').days;
      assert.ok(ahead >= 0 && ahead <= 7, `${ahead} days ahead`);
    }),
    RUNS,
  );
});

test('"on thanksgiving" and "on christmas" are that holiday\'s Pacific day, the first one on or after the post\'s', () => {
  fc.assert(
    fc.property(instants, fc.constantFrom('Thanksgiving', 'Christmas'), (ms, holiday) => {
      const reset = classify(ms, `We will reset usage limits on ${holiday}.`).reset;
      const start = pacific(Date.parse(reset!.scheduleWindow!.startAt));
      assert.equal(reset?.schedulePrecision, 'date');
      assert.equal(start.toMillis(), start.startOf('day').toMillis());
      if (holiday === 'Christmas') assert.deepEqual([start.month, start.day], [12, 25]);
      // The fourth Thursday of November: a Thursday from the 22nd to the 28th.
      else
        assert.ok(start.month === 11 && start.weekday === 4 && start.day >= 22 && start.day <= 28);
      // The first one on or after the post's day: this year's, unless it had gone by.
      const day = pacific(ms).startOf('day');
      const thisYear = (() => {
        if (holiday === 'Christmas') return day.set({ month: 12, day: 25 });
        const november = [22, 23, 24, 25, 26, 27, 28].map((d) => day.set({ month: 11, day: d }));
        return november.find((d) => d.weekday === 4)!;
      })();
      if (thisYear >= day) assert.equal(start.toISODate(), thisYear.toISODate());
      else assert.equal(start.year, day.year + 1);
    }),
    RUNS,
  );
});

test('"within N hours" and "give us N hours" are [announcedAt, announcedAt + N h]', () => {
  fc.assert(
    fc.property(
      instants,
      fc.integer({ min: 1, max: 72 }),
      fc.constantFrom(
        'Limits will be reset within {n} hours.',
        'Give us {n} hours and we will reset limits.',
      ),
      (ms, n, template) => {
        const reset = classify(ms, template.replace('{n}', String(n))).reset;
        assert.deepEqual(reset?.scheduleWindow, {
          startAt: new Date(ms).toISOString(),
          endAt: new Date(ms + n * 3_600_000).toISOString(),
        });
        assert.equal(reset?.scheduleBasis, 'explicit');
      },
    ),
    RUNS,
  );
});

test('"by H" (no day named) is [post, the next H on the Pacific clock], whatever the zone word', () => {
  fc.assert(
    fc.property(
      instants,
      fc.integer({ min: 1, max: 12 }),
      fc.constantFrom('am', 'pm'),
      fc.constantFrom('PT', 'PST', 'PDT', ''),
      (ms, hour, half, zoneWord) => {
        const text = `The banked reset will be there by ${hour}${half} ${zoneWord}`.trim();
        const result = classify(ms, `${text}.`);
        const h24 = (hour % 12) + (half === 'pm' ? 12 : 0);
        const today = tomorrowAt(ms, h24, 0);
        const next = Date.parse(today) >= ms ? today : tomorrowAt(ms, h24, 1);
        assert.deepEqual(result.reset?.scheduleWindow, {
          startAt: new Date(ms).toISOString(),
          endAt: next,
        });
      },
    ),
    RUNS,
  );
});

test('"by end of day" ends at 23:59:59.999 of the Pacific day of the post', () => {
  fc.assert(
    fc.property(instants, (ms) => {
      const reset = classify(ms, 'Limits will be reset by end of day.').reset;
      assert.deepEqual(reset?.scheduleWindow, {
        startAt: new Date(ms).toISOString(),
        endAt: iso(pacific(ms).endOf('day')),
      });
    }),
    RUNS,
  );
});

const resetWords = fc.constantFrom(
  'reset',
  'resets',
  'Reset',
  'limits',
  'usage',
  'banked',
  'tomorrow',
  'at 6pm PT',
  'will',
  'have been',
  'propagated',
  'by',
  'within',
  'hours',
  '14pm',
  'Monday',
  'not',
  '?',
  '.',
  '\n',
  'if',
  'https://x.co/a',
  'before 8pm',
  '2am to 4am',
  'in the next hour',
  '100%',
  'Pro',
  'weekly',
  '5-hour',
);
const texts = fc.oneof(
  fc.string({ maxLength: 400 }),
  fc
    .array(fc.oneof(resetWords, fc.string({ maxLength: 8 })), { maxLength: 60 })
    .map((words) => words.join(' ')),
);

test('any text: a valid classification, the same each time, windows that start before they end', () => {
  fc.assert(
    fc.property(instants, texts, fc.boolean(), (ms, text, reply) => {
      const post = {
        ...postAt(ms, text),
        ...(reply ? { inReplyToId: '1', parentText: 'Reset incoming' } : {}),
      };
      const first = classifyPost(post, DEFAULT_CLASSIFIER_OPTIONS);
      Classification.parse(first);
      assert.deepEqual(classifyPost(post, DEFAULT_CLASSIFIER_OPTIONS), first);
      const window = first.reset?.scheduleWindow;
      if (window) assert.ok(Date.parse(window.startAt) <= Date.parse(window.endAt));
      if (first.reset?.kind === 'reset_completed') assert.equal(window, null);
      if (first.reset && !first.review) assert.ok((first.reset.confidence ?? 0) >= 0.8);
    }),
    { numRuns: 1_000 },
  );
});

/** The part-of-speech model loads on the first sentence read (grammar.ts): not a post's cost. */
const warmUp = () =>
  classifyPost(postAt(Date.UTC(2026, 6, 9), 'Limits were reset.'), DEFAULT_CLASSIFIER_OPTIONS);

test('a hostile post (25,000 characters of reset words) is classified in bounded time', () => {
  warmUp();
  const text = 'reset will tomorrow at 6pm PT by within 3 hours '.repeat(600).slice(0, 25_000);
  const started = performance.now();
  const result = classifyPost(postAt(Date.UTC(2026, 6, 9), text), DEFAULT_CLASSIFIER_OPTIONS);
  const elapsed = performance.now() - started;
  assert.ok(elapsed < 1_000, `took ${elapsed.toFixed(0)} ms`);
  Classification.parse(result);
});

test('a hostile thread (a 25,000-character parent and reply, one sentence of reset words) is classified in bounded time', () => {
  warmUp();
  const words = 'we reset limits and resets landing tomorrow for everyone '
    .repeat(500)
    .slice(0, 25_000);
  const started = performance.now();
  const result = classifyPost(
    {
      ...postAt(Date.UTC(2026, 6, 9), `banked by eod ${words}`),
      inReplyToId: '1',
      parentText: words,
      parentHandle: 'thsottiaux',
    },
    DEFAULT_CLASSIFIER_OPTIONS,
  );
  const elapsed = performance.now() - started;
  assert.ok(elapsed < 2_000, `took ${elapsed.toFixed(0)} ms`);
  Classification.parse(result);
});
