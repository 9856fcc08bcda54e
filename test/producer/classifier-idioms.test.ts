import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { RESET_WORD } from '../../src/producer/classify/cues.ts';
import { resetIdiomRead } from '../../src/producer/classify/idioms.ts';

/**
 * Other words for a reset (idioms.ts, rules-2.10.0) as properties: a synonym is read as
 * "reset" only with usage or limits as what it acts on, and what it makes is a sentence
 * the reset rules then read.
 */

const RUNS = { numRuns: 400 };
const words = [
  'we',
  'wiped',
  'wipe',
  'refreshed',
  'replenish',
  'zeroed',
  'out',
  'back',
  'to',
  'at',
  'zero',
  '100%',
  'full',
  'a',
  'clean',
  'slate',
  'fresh',
  'start',
  'the',
  'database',
  'page',
  'logs',
  'for',
  'everyone',
  'is',
  'are',
  'today',
  'on',
  'your',
  'tonight',
  ',',
  '.',
];
const USAGE_NOUNS = [
  'usage',
  'limits',
  'limit',
  'quota',
  'quotas',
  'counter',
  'counters',
  'meter',
  'meters',
];
const sentence = (pool: string[]) =>
  fc.array(fc.constantFrom(...pool), { minLength: 1, maxLength: 14 }).map((w) => w.join(' '));

test('without usage or limits named, no idiom is read as a reset', () => {
  fc.assert(
    fc.property(sentence(words), (text) => {
      // "zero everyone out" names whose usage by the people (rules-2.13.69); it is the one
      // idiom these words can spell that needs no usage named (found by CI's seed 1132835480,
      // "zero everyone out we"), and is held to be read just below.
      fc.pre(!/\bzero(?:ed)? everyone out\b/.test(text));
      assert.equal(resetIdiomRead(text), null);
    }),
    RUNS,
  );
  assert.equal(resetIdiomRead('zero everyone out we'), 'reset everyone we');
  assert.equal(resetIdiomRead('we zeroed everyone out'), 'we reset everyone');
});

test('an idiom read is a sentence that names a reset, whatever the words around it', () => {
  fc.assert(
    fc.property(sentence([...words, ...USAGE_NOUNS]), (text) => {
      const read = resetIdiomRead(text);
      if (read !== null) {
        assert.notEqual(read, text);
        assert.match(read, /\bre-?set(?:s|ting)?\b/);
      }
    }),
    RUNS,
  );
});

test('each idiom, with its object, is read as the form of "reset" its verb has', () => {
  const cases: [string, string][] = [
    [
      'just wiped the usage counters for all users.',
      'just reset the usage counters for all users.',
    ],
    ["we're wiping everyone's limits tonight.", "we're resetting everyone's limits tonight."],
    ['it replenishes your weekly usage.', 'it resets your weekly usage.'],
    ["we'll refresh everyone's codex limits.", "we'll reset everyone's codex limits."],
    ['usage counters zeroed out for everyone.', 'usage counters reset for everyone.'],
    ["everyone's usage is back at zero.", "everyone's usage is reset."],
    ['limits are back to 100% for everyone.', 'limits are reset for everyone.'],
    ['a clean slate on usage limits today.', 'a reset on usage limits today.'],
  ];
  for (const [text, read] of cases) {
    assert.equal(resetIdiomRead(text), read);
    assert.ok(RESET_WORD.test(read), read);
  }
  for (const text of [
    'we wiped the usage logs.',
    'the usage meter is back to full color.',
    'quota is back to normal.',
    'we refreshed the usage page design.',
  ]) {
    assert.equal(resetIdiomRead(text), null, text);
  }
});

test('a long hostile sentence is read in bounded time (every pattern is linear)', () => {
  const text = `${'usage '.repeat(600)}${'back to '.repeat(60)}wiped`.slice(0, 4_000);
  const started = process.hrtime.bigint();
  resetIdiomRead(text);
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  assert.ok(ms < 250, `${ms.toFixed(1)} ms`);
});
