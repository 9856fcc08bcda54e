import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import {
  CARRY_WITHIN_MS,
  type ClassifiedPost,
  carriedByReply,
} from '../../src/producer/classify/carried-by-reply.ts';
import type { ClassifiedReset } from '../../src/producer/ledger/entry.ts';

/** A held terse post and the author's reply that carries it (classify/carried-by-reply.ts). */

const T0 = Date.parse('2026-10-10T22:15:39.368Z');
const reset = (
  kind: ClassifiedReset['kind'],
  resetType: ClassifiedReset['resetType'],
): ClassifiedReset => ({
  kind,
  resetType,
  effectiveAt: null,
  confidence: 0.9,
  scope: null,
  schedulePrecision: null,
  scheduleBasis: null,
  scheduleWindow: null,
});
const SCHEDULED = reset('reset_scheduled', 'global');

function item(
  id: string,
  atMs: number,
  options: {
    handle?: string;
    replyTo?: string;
    said?: ClassifiedReset | null;
    review?: boolean;
    published?: boolean;
  } = {},
): Item {
  const said = options.said === undefined ? SCHEDULED : options.said;
  const review = options.review ?? false;
  return {
    post: {
      id,
      handle: options.handle ?? 'thsottiaux',
      createdAt: new Date(atMs).toISOString(),
      text: 'text',
      ...(options.replyTo === undefined ? {} : { inReplyToId: options.replyTo }),
    },
    said: said === null ? null : { kind: said.kind, resetType: said.resetType },
    review,
    published: options.published ?? (said !== null && !review),
  };
}
/** A post as carriedByReply takes it, and whether it waits for review. */
type Item = ClassifiedPost & { readonly review: boolean };
const heldIn = (posts: Item[]) => (id: string) => posts.some((p) => p.post.id === id && p.review);

describe('carriedByReply', () => {
  test('"Day 6/ Reset" held, then 41 s later his published reply "Global reset by EOD": carried', () => {
    const posts = [item('1', T0, { review: true }), item('2', T0 + 41_000, { replyTo: '1' })];
    assert.deepEqual([...carriedByReply(posts, heldIn(posts))], [['1', '2']]);
  });

  test('a held post with no reset found is carried by any published reset reply', () => {
    const posts = [
      item('1', T0, { review: true, said: null }),
      item('2', T0 + 60_000, { replyTo: '1', said: reset('reset_completed', 'banked') }),
    ];
    assert.deepEqual([...carriedByReply(posts, heldIn(posts))], [['1', '2']]);
  });

  const notCarried: [string, Item[]][] = [
    [
      'another author',
      [item('1', T0, { review: true }), item('2', T0 + 1, { replyTo: '1', handle: 'someone' })],
    ],
    [
      'a reply later than 30 min',
      [item('1', T0, { review: true }), item('2', T0 + CARRY_WITHIN_MS + 1, { replyTo: '1' })],
    ],
    [
      'a reply dated before its parent',
      [item('1', T0, { review: true }), item('2', T0 - 1, { replyTo: '1' })],
    ],
    [
      'a reply that is held',
      [item('1', T0, { review: true }), item('2', T0 + 1, { replyTo: '1', review: true })],
    ],
    [
      'a reply whose record is not published (dismissed)',
      [item('1', T0, { review: true }), item('2', T0 + 1, { replyTo: '1', published: false })],
    ],
    [
      'a reply that announces no reset',
      [
        item('1', T0, { review: true }),
        item('2', T0 + 1, { replyTo: '1', said: null, published: true }),
      ],
    ],
    [
      'another kind',
      [
        item('1', T0, { review: true }),
        item('2', T0 + 1, { replyTo: '1', said: reset('reset_completed', 'global') }),
      ],
    ],
    [
      'another type',
      [
        item('1', T0, { review: true }),
        item('2', T0 + 1, { replyTo: '1', said: reset('reset_scheduled', 'banked') }),
      ],
    ],
    ['a parent that is not held', [item('1', T0), item('2', T0 + 1, { replyTo: '1' })]],
    ['a reply to a post not at hand', [item('2', T0 + 1, { replyTo: '1' })]],
  ];
  for (const [what, posts] of notCarried) {
    test(`not carried: ${what}`, () => {
      assert.deepEqual([...carriedByReply(posts, heldIn(posts))], []);
    });
  }

  test('the same author under another case of the handle still carries (X handles are case-insensitive)', () => {
    const posts = [
      item('1', T0, { review: true }),
      item('2', T0 + 1, { replyTo: '1', handle: 'THSottiaux' }),
    ];
    assert.deepEqual([...carriedByReply(posts, heldIn(posts))], [['1', '2']]);
  });

  test('property: exactly the held posts with a qualifying reply are carried, each by one of them', () => {
    const kinds = ['reset_completed', 'reset_scheduled'] as const;
    const types = ['global', 'banked', 'global_and_banked'] as const;
    const arbitraryPost = fc.record({
      parent: fc.option(fc.integer({ min: 0, max: 7 }), { nil: undefined }),
      handle: fc.constantFrom('thsottiaux', 'THSOTTIAUX', 'other'),
      offsetMs: fc.integer({ min: -CARRY_WITHIN_MS, max: 2 * CARRY_WITHIN_MS }),
      said: fc.option(
        fc.record({ kind: fc.constantFrom(...kinds), resetType: fc.constantFrom(...types) }),
        {
          nil: null,
        },
      ),
      review: fc.boolean(),
      published: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(arbitraryPost, { maxLength: 8 }), (drawn) => {
        const posts = drawn.map((d, index) =>
          item(String(index), T0 + d.offsetMs, {
            handle: d.handle,
            ...(d.parent === undefined || d.parent === index ? {} : { replyTo: String(d.parent) }),
            said: d.said === null ? null : reset(d.said.kind, d.said.resetType),
            review: d.review,
            published: d.said !== null && d.published,
          }),
        );
        const carried = carriedByReply(posts, heldIn(posts));
        const qualifies = (parent: Item, reply: Item) => {
          const gap = Date.parse(reply.post.createdAt) - Date.parse(parent.post.createdAt);
          const own = parent.said;
          const said = reply.said;
          return (
            reply.post.inReplyToId === parent.post.id &&
            parent.review &&
            reply.published &&
            said !== null &&
            parent.post.handle.toLowerCase() === reply.post.handle.toLowerCase() &&
            gap >= 0 &&
            gap <= CARRY_WITHIN_MS &&
            (own === null || (own.kind === said.kind && own.resetType === said.resetType))
          );
        };
        for (const parent of posts) {
          const replies = posts.filter((reply) => qualifies(parent, reply));
          const by = carried.get(parent.post.id);
          if (replies.length === 0) assert.equal(by, undefined);
          else assert.ok(replies.some((reply) => reply.post.id === by));
        }
      }),
      { numRuns: 2_000 },
    );
  });
});
