import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { build } from '../../src/producer/build/build.ts';
import type { Entry, NewEntry } from '../../src/producer/ledger/entry.ts';
import { checkNewEntry } from '../../src/producer/ledger/entry.ts';
import { newPostEntries } from '../../src/producer/pipeline/ingest.ts';
import { validateSnapshot } from '../../src/shared/snapshot/validate.ts';
import { isWellFormed, toWellFormed } from '../../src/shared/text/well-formed.ts';
import { completion, NOW, post, SETTINGS } from './support/ops-fixtures.ts';

/**
 * Issue 16, finding 11: a lone surrogate (half a UTF-16 surrogate pair) in a post's text
 * reached the API and MCP JSON as `\ud800`, which strict parsers refuse. Ingestion replaces
 * each with U+FFFD, so does the build for posts stored before, and the record schema refuses
 * any free-form string that holds one, so a record id with one cannot exist.
 */

const LONE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const withSurrogates = fc.string({
  unit: fc.oneof(
    fc.constantFrom('\uD800', '\uDBFF', '\uDC00', '\uDFFF', '😀', 'a', '\uFFFD'),
    fc.string({ unit: 'binary', maxLength: 1 }),
  ),
  maxLength: 30,
});
/** What a strict UTF-8 round trip keeps: only a well-formed string survives unchanged. */
const utf8RoundTrip = (text: string) => Buffer.from(text, 'utf8').toString('utf8');

describe('toWellFormed and isWellFormed', () => {
  test('the result is well-formed, the same length, and a well-formed text is unchanged', () => {
    fc.assert(
      fc.property(withSurrogates, (text) => {
        const fixed = toWellFormed(text);
        assert.ok(isWellFormed(fixed));
        assert.ok(!LONE.test(fixed));
        assert.equal(fixed.length, text.length);
        assert.equal(isWellFormed(text), !LONE.test(text));
        if (isWellFormed(text)) assert.equal(fixed, text);
        assert.equal(utf8RoundTrip(fixed), fixed);
        // What Node's own UTF-8 encoder does with them: the same replacement.
        assert.equal(fixed, utf8RoundTrip(text));
      }),
      { numRuns: 10_000 },
    );
  });
});

const ID = '1990000000000000801';
const at = '2026-11-20T11:00:00.000Z';
const numbered = (entries: readonly NewEntry[]): Entry[] =>
  entries.map((entry, index) => ({ ...entry, id: index + 1 }) as Entry);

describe('posts and records', () => {
  test('ingestion stores each lone surrogate of a post as U+FFFD, its parent and quoted text too', () => {
    const entries = newPostEntries(
      new Set(),
      [
        {
          id: ID,
          handle: 'thsottiaux',
          createdAt: at,
          text: 'Reset done \uD800 for all\uDC00.',
          parentText: 'parent \uDBFF',
          quotedText: '\uDFFFquoted',
        },
      ],
      () => ({ classifier: 'test', reset: null, review: false, reasons: [] }),
      at,
    );
    const observed = entries[0]!;
    assert.equal(observed.type, 'post_observed');
    assert.deepEqual((observed.payload as { post: object }).post, {
      id: ID,
      handle: 'thsottiaux',
      createdAt: at,
      text: 'Reset done \uFFFD for all\uFFFD.',
      parentText: 'parent \uFFFD',
      quotedText: '\uFFFDquoted',
    });
  });

  test('a post stored before with a lone surrogate is published with U+FFFD: valid, and strict UTF-8 JSON', () => {
    fc.assert(
      fc.property(withSurrogates, (text) => {
        const ledger = numbered(post(ID, at, text, completion()));
        const { snapshot, omitted } = build(ledger, NOW, SETTINGS);
        assert.deepEqual(omitted, []);
        assert.equal(snapshot.records[0]!.text, toWellFormed(text));
        assert.ok(validateSnapshot(snapshot).ok);
        const json = JSON.stringify(snapshot);
        assert.doesNotMatch(json, /\\ud[89a-f]/i, 'no escaped surrogate in the JSON');
        assert.equal(utf8RoundTrip(json), json);
      }),
      { numRuns: 1_000 },
    );
  });

  test('a record whose id, text or links hold a lone surrogate is not a valid record', () => {
    const { snapshot } = build(numbered(post(ID, at, 'Reset done.', completion())), NOW, SETTINGS);
    const record = snapshot.records[0]!;
    fc.assert(
      fc.property(
        withSurrogates.filter((text) => !isWellFormed(text)),
        (bad) => {
          for (const [field, changed] of [
            [
              'id',
              {
                ...record,
                id: `op_${bad}`,
                source: { ...record.source, origin: 'operator', handle: null },
              },
            ],
            ['text', { ...record, text: bad }],
            ['relatedRecordIds.0', { ...record, relatedRecordIds: [bad] }],
            ['source.url', { ...record, source: { ...record.source, url: bad } }],
          ] as const) {
            const result = validateSnapshot({ ...snapshot, records: [changed] });
            assert.ok(!result.ok, field);
            assert.ok(
              result.problems.some(
                (problem) =>
                  problem.field === field &&
                  problem.message === 'must be well-formed Unicode (it holds a lone surrogate)',
              ),
              `${field}: ${JSON.stringify(result.problems)}`,
            );
          }
        },
      ),
      { numRuns: 1_000 },
    );
  });

  test('no ledger entry can make a record id with a lone surrogate', () => {
    const base = { at, actor: 'alice', reason: null } as const;
    for (const entry of [
      {
        ...base,
        type: 'complete',
        payload: {
          recordId: 'manual:a\uD800',
          scheduleIds: ['1'],
          completedAt: null,
          resetType: 'global',
        },
      },
      {
        ...base,
        type: 'note',
        payload: {
          recordId: 'op_\uDC00',
          kind: 'reset_completed',
          resetType: 'global',
          announcedAt: at,
          effectiveAt: null,
          text: null,
          scope: null,
          schedulePrecision: null,
          scheduleBasis: null,
          scheduleWindow: null,
          post: null,
        },
      },
      {
        ...base,
        actor: 'monitor',
        type: 'post_observed',
        payload: { post: { id: '1\uD800', handle: 'x', createdAt: at, text: '' } },
      },
    ] as NewEntry[]) {
      assert.throws(() => checkNewEntry(entry), Error, entry.type);
    }
  });
});
