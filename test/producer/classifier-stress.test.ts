import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { DateTime } from 'luxon';
import { RESET_OBJECTS, type Sense, TENSE_TEMPLATES } from '../../eval/stress.ts';
import {
  classifyPost,
  DEFAULT_CLASSIFIER_OPTIONS,
} from '../../src/producer/classify/rules-classifier.ts';
import type { Classification } from '../../src/producer/ledger/entry.ts';

/**
 * The tense stress set (eval/stress.ts) as properties of the tense logic: what a real
 * positive reset, rewritten in any tense or aspect, posted at any hour of the Pacific day
 * from 2025 to 2027, is read as the sense the sentence was built to have. Labelled by
 * construction: done and under way publish a completion, coming a schedule, a hedge is
 * held, a denial, a question, a reset of the past, a hypothetical or a general statement
 * announce nothing.
 */

const ZONE = 'America/Los_Angeles';

/** Between 01:00 and 22:59 Pacific: "tonight" and "by EOD" still lie ahead. */
const postedAt = fc
  .tuple(
    fc.integer({ min: 0, max: 3 * 365 }),
    fc.integer({ min: 1, max: 22 }),
    fc.integer({ min: 0, max: 59 }),
  )
  .map(
    ([day, hour, minute]) =>
      DateTime.fromObject({ year: 2025, month: 1, day: 1, hour, minute }, { zone: ZONE })
        .plus({ days: day })
        .set({ hour, minute })
        .toUTC()
        .toISO()!,
  );

const classify = (text: string, createdAt: string) =>
  classifyPost(
    { id: '2000000000000000001', handle: 'thsottiaux', createdAt, text },
    DEFAULT_CLASSIFIER_OPTIONS,
  );

/** Does the classification say what a sentence built with `sense` says? */
function reads(sense: Sense, result: Classification): boolean {
  const { reset, review } = result;
  switch (sense) {
    case 'done':
    case 'under way':
      return reset?.kind === 'reset_completed' && !review;
    case 'coming':
      return reset?.kind === 'reset_scheduled' && !review && reset.scheduleWindow !== null;
    case 'hedged':
      return reset !== null && review;
    case 'denied':
    case 'asked':
    case 'past':
    case 'hypothetical':
    case 'general':
      return reset === null;
  }
}

test('every tense and aspect of every real positive is read as built, at any hour', () => {
  fc.assert(
    fc.property(
      fc.constantFrom(...RESET_OBJECTS),
      fc.constantFrom(...TENSE_TEMPLATES),
      postedAt,
      ([object], [sense, build], createdAt) => {
        const text = build(object);
        const result = classify(text, createdAt);
        assert.ok(
          reads(sense, result),
          `${sense}: "${text}" at ${createdAt} → ${JSON.stringify(result)}`,
        );
      },
    ),
    { numRuns: 400 },
  );
});

test('the sense does not depend on what is reset: the same template reads the same for every object', () => {
  const createdAt = '2026-07-09T16:30:00.000Z';
  for (const [sense, build] of TENSE_TEMPLATES) {
    const kinds = new Set(
      RESET_OBJECTS.map(([object]) => {
        const { reset, review } = classify(build(object), createdAt);
        return `${reset?.kind ?? 'none'} ${review}`;
      }),
    );
    assert.equal(kinds.size, 1, `${sense}: ${build('X')} → ${[...kinds].join(' | ')}`);
  }
});
