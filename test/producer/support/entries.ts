import fc from 'fast-check';
import type { Entry, NewEntry } from '../../../src/producer/ledger/entry.ts';

/** Entries for the ledger tests: small builders and a fast-check arbitrary of valid ones. */

export const AT = '2026-11-20T12:00:00.000Z';

export function observed(postId: string, text = `post ${postId}`, reason: string | null = null) {
  return {
    type: 'post_observed',
    at: AT,
    actor: 'monitor',
    reason,
    payload: {
      post: { id: postId, handle: 'thsottiaux', createdAt: '2026-11-20T11:59:00Z', text },
    },
  } as const satisfies NewEntry;
}

/** A source check whose `newPosts` records how many entries the writer saw (a witness). */
export function checked(source: string, saw: number, at = AT) {
  return {
    type: 'source_checked',
    at,
    actor: 'monitor',
    reason: null,
    payload: { source, ok: true, cursor: String(saw), error: null, newPosts: saw },
  } as const satisfies NewEntry;
}

export function dismiss(recordId: string, actor = 'alice', reason: string | null = 'duplicate') {
  return {
    type: 'dismiss',
    at: AT,
    actor,
    reason,
    payload: { recordId },
  } as const satisfies NewEntry;
}

/** The entries a store should hold after `batches` were appended in order, with their ids. */
export function expectedLedger(batches: readonly (readonly NewEntry[])[]): Entry[][] {
  const seen = new Set<string>();
  let id = 0;
  return batches.map((batch) =>
    batch.flatMap((entry) => {
      if (entry.type === 'post_observed') {
        if (seen.has(entry.payload.post.id)) return [];
        seen.add(entry.payload.post.id);
      }
      id += 1;
      return [{ ...entry, id } as Entry];
    }),
  );
}

// ---------------------------------------------------------------------------------------
// Arbitraries
// ---------------------------------------------------------------------------------------

const timestamp = fc
  .date({
    min: new Date('2000-01-01T00:00:00Z'),
    max: new Date('2099-12-31T23:59:59Z'),
    noInvalidDate: true,
  })
  .map((date) => date.toISOString());

/** Any code point, plus lone surrogates and U+0000: payload text is JSON and keeps them all. */
const anyText = fc.string({
  unit: fc.oneof(
    { arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }), weight: 8 },
    { arbitrary: fc.constantFrom('\u0000', '\ud800', '\udfff', '"', '\\', '\u2028'), weight: 1 },
  ),
  maxLength: 40,
});

/** What a text column can keep: whole graphemes, no U+0000. */
const columnText = fc.string({ unit: 'grapheme', maxLength: 30 });

const actor = fc.constantFrom('monitor', 'alice', 'bob.smith', 'ops@example');
const reason = fc.option(columnText, { nil: null });
/** fast-check may make null-prototype objects, which deepStrictEqual tells from `{}`. */
const record = <T>(model: { [K in keyof T]: fc.Arbitrary<T[K]> }) =>
  fc.record<T>(model, { noNullPrototype: true });

/** Few ids, so that sequences repeat them. */
const postId = fc.constantFrom('1', '2', '3', '20', '1999999999999999999');

const postObserved = record({
  type: fc.constant('post_observed' as const),
  at: timestamp,
  actor,
  reason,
  payload: record({
    post: fc.record(
      {
        id: postId,
        handle: fc.constantFrom('thsottiaux', 'a', 'Some_Handle_15c'),
        createdAt: timestamp,
        text: anyText,
        inReplyToId: postId,
        parentText: anyText,
      },
      { requiredKeys: ['id', 'handle', 'createdAt', 'text'], noNullPrototype: true },
    ),
  }),
});

const sourceChecked = record({
  type: fc.constant('source_checked' as const),
  at: timestamp,
  actor,
  reason,
  payload: record({
    source: anyText,
    ok: fc.boolean(),
    cursor: fc.option(anyText, { nil: null }),
    error: fc.option(anyText, { nil: null }),
    newPosts: fc.nat(),
  }),
});

const dismissed = record({
  type: fc.constant('dismiss' as const),
  at: timestamp,
  actor,
  reason,
  payload: record({ recordId: fc.oneof(postId, fc.constant('op_abc-1')) }),
});

const undone = record({
  type: fc.constant('undo' as const),
  at: timestamp,
  actor,
  reason,
  payload: record({ entryId: fc.integer({ min: 1, max: 2 ** 31 }) }),
});

export const newEntry: fc.Arbitrary<NewEntry> = fc.oneof(
  { arbitrary: postObserved, weight: 3 },
  sourceChecked,
  dismissed,
  undone,
);
