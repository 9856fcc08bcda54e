import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import type { NewEntry } from '../../src/producer/ledger/entry.ts';
import { type Ledger, MAX_DELIVERIES } from '../../src/producer/ledger/ledger.ts';
import type { DeliveryRecord } from '../../src/shared/delivery/sender.ts';
import { checked, dismiss, expectedLedger, newEntry, observed } from './support/entries.ts';

/**
 * The behaviour every Ledger store must have (ledger.ts, producer.md §1 "Both pass the same
 * test suite"). Each store's test file calls `ledgerContract` with a factory that makes an
 * empty ledger; `reopen` opens the same storage again after `ledger.close()`.
 */

export interface LedgerFixture {
  readonly ledger: Ledger;
  readonly reopen?: () => Promise<Ledger>;
  readonly cleanup: () => Promise<void>;
}

export type LedgerFactory = () => Promise<LedgerFixture>;

/** Runs `body` with a fresh ledger and always cleans up. */
async function withLedger(
  factory: LedgerFactory,
  body: (fixture: LedgerFixture) => Promise<void>,
): Promise<void> {
  const fixture = await factory();
  try {
    await body(fixture);
  } finally {
    await fixture.cleanup();
  }
}

const append = (ledger: Ledger, entries: readonly NewEntry[]) =>
  ledger.transact(() => ({ append: entries, result: null }));

/** A variety of entries whose every character must come back: unicode, long and odd text. */
const VARIED: NewEntry[] = [
  observed('1893276543210987654', `${'Reset incoming 🚀 — ünïcödé, 中文, עברית. '.repeat(500)}end`),
  {
    type: 'post_classified',
    at: '2026-11-20T12:00:00.001Z',
    actor: 'monitor',
    reason: null,
    payload: {
      postId: '1893276543210987654',
      classification: {
        classifier: 'rules-1.0.0',
        reset: {
          kind: 'reset_scheduled',
          resetType: 'global',
          effectiveAt: '2026-11-21T02:00:00.000Z',
          confidence: 0.1 + 0.2,
          scope: { plans: ['plus', 'pro'], windows: ['five_hour'] },
          schedulePrecision: 'datetime',
          scheduleBasis: 'explicit',
          scheduleWindow: {
            startAt: '2026-11-21T02:00:00.000Z',
            endAt: '2026-11-21T02:00:00.000Z',
          },
        },
        review: true,
        reasons: ['below REVIEW_BELOW', 'quote: "lands at 6pm PT"'],
      },
    },
  },
  {
    type: 'post_observed',
    at: '2026-11-20T12:00:01.000Z',
    actor: 'monitor',
    reason: null,
    payload: {
      post: {
        id: '2',
        handle: 'thsottiaux',
        createdAt: '2026-11-20T11:00:00.123456Z',
        text: 'odd: \u0000 \ud800 \udfff "quoted" \\ back \u2028 \t\n\r 𝕏',
        inReplyToId: '1',
        parentText: '',
      },
    },
  },
  checked('file:/tmp/posts.jsonl', 0, '2026-11-20T12:00:02.000Z'),
  {
    type: 'note',
    at: '2026-11-20T12:00:03.000Z',
    actor: 'ops@example.org',
    reason: `Ünïcödé reason ✓ 😀 ${'x'.repeat(1_900)}`,
    payload: {
      recordId: 'op_01HZX',
      kind: 'reset_completed',
      resetType: 'global_and_banked',
      announcedAt: '2026-11-20T12:00:03.000Z',
      effectiveAt: null,
      text: null,
      scope: null,
      schedulePrecision: null,
      scheduleBasis: null,
      scheduleWindow: null,
      post: null,
    },
  },
  dismiss('op_01HZX', 'alice', ''),
  {
    type: 'undo',
    at: '2026-11-20T12:00:05.000Z',
    actor: 'bob',
    reason: null,
    payload: { entryId: 6 },
  },
];

const INVALID: [string, unknown][] = [
  ['an actor with a space', { ...dismiss('1'), actor: 'alice smith' }],
  ['an empty actor', { ...dismiss('1'), actor: '' }],
  ['an impossible date', { ...dismiss('1'), at: '2026-02-30T00:00:00.000Z' }],
  ['a time without milliseconds', { ...dismiss('1'), at: '2026-11-20T12:00:00Z' }],
  ['a time with an offset', { ...dismiss('1'), at: '2026-11-20T12:00:00.000+01:00' }],
  ['a payload missing a field', { ...dismiss('1'), payload: {} }],
  ['a payload with an extra field', { ...dismiss('1'), payload: { recordId: '1', x: 1 } }],
  ['a post id that is not digits', observed('12a')],
  ['a reason over 2000 characters', { ...dismiss('1'), reason: 'r'.repeat(2_001) }],
  ['a reason with U+0000 (would be cut)', { ...dismiss('1'), reason: 'a\u0000b' }],
  ['a reason with a lone surrogate', { ...dismiss('1'), reason: 'a\ud800b' }],
  ['an unknown type', { ...dismiss('1'), type: 'delete' }],
  ['a type from Object.prototype', { ...dismiss('1'), type: 'toString' }],
];

export function ledgerContract(store: string, factory: LedgerFactory): void {
  describe(`${store} ledger contract`, () => {
    test('starts empty and appends entries that read back exactly, with ids 1, 2, 3…', async () => {
      await withLedger(factory, async ({ ledger }) => {
        assert.deepEqual(await ledger.entries(), []);
        const first = await append(ledger, VARIED.slice(0, 3));
        const second = await append(ledger, VARIED.slice(3));
        const expected = VARIED.map((entry, index) => ({ ...entry, id: index + 1 }));
        assert.deepStrictEqual(first.appended, expected.slice(0, 3));
        assert.deepStrictEqual(second.appended, expected.slice(3));
        const stored = await ledger.entries();
        assert.deepStrictEqual(stored, expected);
        // Byte for byte: the JSON of every payload, and the long text's exact length.
        assert.deepEqual(
          stored.map((entry) => JSON.stringify(entry.payload)),
          VARIED.map((entry) => JSON.stringify(entry.payload)),
        );
        const text = (entry: NewEntry | undefined) =>
          entry?.type === 'post_observed' ? entry.payload.post.text : '';
        assert.equal(text(stored[0]).length, text(VARIED[0]).length);
        assert.ok(text(stored[0]).length > 20_000);
      });
    });

    test('hands decide every entry in id order and returns its result', async () => {
      await withLedger(factory, async ({ ledger }) => {
        await append(ledger, [dismiss('a'), dismiss('b')]);
        const seen: number[][] = [];
        const { appended, result } = await ledger.transact((entries) => {
          seen.push(entries.map((entry) => entry.id));
          return { append: [], result: { count: entries.length } };
        });
        assert.deepEqual(seen, [[1, 2]]);
        assert.deepEqual(appended, []);
        assert.deepEqual(result, { count: 2 });
      });
    });

    test('a decide that throws appends nothing and its error comes back unchanged', async () => {
      await withLedger(factory, async ({ ledger }) => {
        await append(ledger, [dismiss('a')]);
        const thrown = Object.assign(new RangeError('no such record: 42'), { exitCode: 1 });
        await assert.rejects(
          ledger.transact(() => {
            throw thrown;
          }),
          (error) => error === thrown,
        );
        const notAnError = { refused: 'a thrown non-Error value' };
        await assert.rejects(
          ledger.transact(() => {
            throw notAnError;
          }),
          (error) => error === notAnError,
        );
        assert.deepStrictEqual(await ledger.entries(), [{ ...dismiss('a'), id: 1 }]);
      });
    });

    test('a decide that returns a promise is refused and appends nothing', async () => {
      await withLedger(factory, async ({ ledger }) => {
        const asyncDecide = (async () => ({ append: [dismiss('a')], result: 1 })) as never;
        await assert.rejects(ledger.transact(asyncDecide), /synchronously/);
        assert.deepEqual(await ledger.entries(), []);
      });
    });

    test('ids go up by one and are not skipped or reused after failed transactions', async () => {
      await withLedger(factory, async ({ ledger }) => {
        await append(ledger, [dismiss('a'), dismiss('b')]);
        await assert.rejects(
          ledger.transact(() => {
            throw new Error('refused');
          }),
        );
        // A valid entry followed by an invalid one in the same append: neither is written.
        await assert.rejects(append(ledger, [dismiss('c'), { ...dismiss('d'), actor: 'x y' }]));
        const { appended } = await append(ledger, [dismiss('e')]);
        assert.deepStrictEqual(appended, [{ ...dismiss('e'), id: 3 }]);
        assert.deepEqual(
          (await ledger.entries()).map((entry) => [entry.id, entry.payload]),
          [
            [1, { recordId: 'a' }],
            [2, { recordId: 'b' }],
            [3, { recordId: 'e' }],
          ],
        );
      });
    });

    test('a post_observed for a known post id is stored once, also twice in one append', async () => {
      await withLedger(factory, async ({ ledger }) => {
        const first = await append(ledger, [observed('7'), observed('7', 'again'), observed('8')]);
        assert.deepStrictEqual(first.appended, [
          { ...observed('7'), id: 1 },
          { ...observed('8'), id: 2 },
        ]);
        const second = await ledger.transact(() => ({
          append: [observed('8', 'later copy'), dismiss('7'), observed('9'), observed('7')],
          result: 'ok',
        }));
        assert.equal(second.result, 'ok');
        assert.deepStrictEqual(second.appended, [
          { ...dismiss('7'), id: 3 },
          { ...observed('9'), id: 4 },
        ]);
        const onlyKnown = await append(ledger, [observed('9')]);
        assert.deepStrictEqual(onlyKnown.appended, []);
        const next = await append(ledger, [dismiss('9')]);
        assert.deepStrictEqual(next.appended, [{ ...dismiss('9'), id: 5 }]);
        const stored = await ledger.entries();
        assert.deepEqual(
          stored.map((entry) => entry.id),
          [1, 2, 3, 4, 5],
        );
        assert.equal(stored[0]?.type === 'post_observed' && stored[0].payload.post.text, 'post 7');
      });
    });

    for (const [what, entry] of INVALID) {
      test(`refuses ${what} and writes nothing`, async () => {
        await withLedger(factory, async ({ ledger }) => {
          await append(ledger, [dismiss('a')]);
          await assert.rejects(append(ledger, [dismiss('b'), entry as NewEntry]));
          assert.deepStrictEqual(await ledger.entries(), [{ ...dismiss('a'), id: 1 }]);
        });
      });
    }

    test('entries survive closing and reopening', async (t) => {
      await withLedger(factory, async ({ ledger, reopen }) => {
        if (!reopen) return t.skip('the store cannot be reopened');
        await append(ledger, VARIED);
        await ledger.close();
        await assert.rejects(ledger.entries(), /closed/);
        const again = await reopen();
        try {
          assert.deepStrictEqual(
            await again.entries(),
            VARIED.map((entry, index) => ({ ...entry, id: index + 1 })),
          );
          const { appended } = await append(again, [observed('1893276543210987654'), dismiss('x')]);
          assert.deepStrictEqual(appended, [{ ...dismiss('x'), id: VARIED.length + 1 }]);
        } finally {
          await again.close();
        }
      });
    });

    test('a lease is taken, refused to others until it expires, renewed and released', async () => {
      await withLedger(factory, async ({ ledger }) => {
        assert.equal(await ledger.acquireLease('monitor', 'replica-a', 1_000, 2_000), true);
        assert.equal(await ledger.acquireLease('monitor', 'replica-b', 1_500, 2_500), false);
        assert.equal(await ledger.acquireLease('monitor', 'replica-b', 1_999, 2_999), false);
        // Renewed by its holder (also to an earlier end), before it expires.
        assert.equal(await ledger.acquireLease('monitor', 'replica-a', 1_900, 3_000), true);
        assert.equal(await ledger.acquireLease('monitor', 'replica-b', 2_500, 3_500), false);
        // Another lease name is independent.
        assert.equal(await ledger.acquireLease('build', 'replica-b', 2_500, 3_500), true);
        // Expired at its end: the next holder takes it.
        assert.equal(await ledger.acquireLease('monitor', 'replica-b', 3_000, 4_000), true);
        assert.equal(await ledger.acquireLease('monitor', 'replica-a', 3_100, 4_100), false);
        // Releasing someone else's lease does nothing; releasing one's own frees it.
        await ledger.releaseLease('monitor', 'replica-a');
        assert.equal(await ledger.acquireLease('monitor', 'replica-a', 3_200, 4_200), false);
        await ledger.releaseLease('monitor', 'replica-b');
        assert.equal(await ledger.acquireLease('monitor', 'replica-a', 3_300, 4_300), true);
        await ledger.releaseLease('monitor', 'nobody');
        await assert.rejects(ledger.acquireLease('monitor', 'a', 5_000, 5_000), RangeError);
        await assert.rejects(ledger.acquireLease('', 'a', 1, 2), TypeError);
        // Leases are not entries.
        assert.deepEqual(await ledger.entries(), []);
      });
    });

    test('leaseHolder names the holder until the lease expires', async () => {
      await withLedger(factory, async ({ ledger }) => {
        assert.equal(await ledger.leaseHolder('monitor', 1_000), null);
        await ledger.acquireLease('monitor', 'replica-a', 1_000, 2_000);
        assert.deepEqual(await ledger.leaseHolder('monitor', 1_999), {
          holder: 'replica-a',
          untilMs: 2_000,
        });
        assert.equal(await ledger.leaseHolder('monitor', 2_000), null);
        assert.equal(await ledger.leaseHolder('build', 1_500), null);
      });
    });

    test('delivery steps read back newest first, without the message, the last MAX_DELIVERIES kept', async () => {
      await withLedger(factory, async ({ ledger }) => {
        const step = (i: number): DeliveryRecord => ({
          messageId: `m-${i}`,
          event: 'post_held',
          channel: 'ntfy ntfy.example',
          outcome: i % 2 === 0 ? 'sent' : 'failed',
          attempts: i,
          at: '2026-11-26T18:00:00.000Z',
          problem: i % 2 === 0 ? null : 'HTTP 500 from ntfy.example ✗ “quoted”',
        });
        const withMessage = { ...step(0), outcome: 'queued' as const, message: undefined };
        await ledger.recordDelivery(withMessage);
        for (let i = 1; i <= MAX_DELIVERIES + 2; i++) await ledger.recordDelivery(step(i));
        const recent = await ledger.recentDeliveries(3);
        assert.deepEqual(recent, [
          step(MAX_DELIVERIES + 2),
          step(MAX_DELIVERIES + 1),
          step(MAX_DELIVERIES),
        ]);
        const all = await ledger.recentDeliveries(MAX_DELIVERIES + 10);
        assert.equal(all.length, MAX_DELIVERIES);
        assert.equal(all.at(-1)!.messageId, 'm-3');
        // Not entries of the journal.
        assert.deepEqual(await ledger.entries(), []);
      });
    });

    test('concurrent transacts in one process take turns', async () => {
      await withLedger(factory, async ({ ledger }) => {
        const results = await Promise.all(
          Array.from({ length: 20 }, (_, index) =>
            ledger.transact((entries) => ({
              append: [checked(`writer-${index}`, entries.length)],
              result: entries.length,
            })),
          ),
        );
        assert.deepEqual(
          results.map((r) => r.result).sort((a, b) => a - b),
          [...Array(20).keys()],
        );
        const stored = await ledger.entries();
        assert.deepEqual(
          stored.map((entry) => [
            entry.id,
            entry.type === 'source_checked' && entry.payload.newPosts,
          ]),
          stored.map((_, index) => [index + 1, index]),
        );
      });
    });

    test('property: entries() is every appended entry, ids 1..n, repeated posts dropped', async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.array(newEntry, { maxLength: 6 }), { maxLength: 6 }),
          async (batches) => {
            await withLedger(factory, async ({ ledger }) => {
              const expected = expectedLedger(batches);
              for (const [index, batch] of batches.entries()) {
                const { appended } = await append(ledger, batch);
                assert.deepStrictEqual(appended, expected[index]);
              }
              assert.deepStrictEqual(await ledger.entries(), expected.flat());
            });
          },
        ),
        { numRuns: 60 },
      );
    });

    test('refuses to work once closed', async () => {
      await withLedger(factory, async ({ ledger }) => {
        await ledger.close();
        await ledger.close();
        await assert.rejects(append(ledger, [dismiss('a')]), /closed/);
        await assert.rejects(ledger.acquireLease('m', 'h', 1, 2), /closed/);
      });
    });
  });
}
