import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import {
  authorContext,
  authorContexts,
  CONTEXT_LIMIT,
} from '../../src/producer/classify/author-context.ts';
import {
  classifyPost,
  createRulesClassifier,
  DEFAULT_CLASSIFIER_OPTIONS,
  RULES_CLASSIFIER,
} from '../../src/producer/classify/rules-classifier.ts';
import type { Classification } from '../../src/producer/ledger/entry.ts';
import { openLedger } from '../../src/producer/ledger/open-ledger.ts';
import type { Post } from '../../src/producer/ledger/post.ts';
import { ingest, newPostEntries } from '../../src/producer/pipeline/ingest.ts';

/**
 * rules-2.3.0: a bare completion ("It's done.") read with the author's recent posts
 * (docs/classifier.md, "The author's recent posts"). Sentences written for these tests,
 * none of the sets'. Times: 2026-07-09T16:00Z is Thursday 9 July, 09:00 PDT.
 */

const HOUR = 3_600_000;
const BASE = Date.parse('2026-07-09T16:00:00.000Z');
let serial = 0;
const at = (hours: number) => new Date(BASE + hours * HOUR).toISOString();
const post = (text: string, hours: number, extra: Partial<Post> = {}): Post => ({
  id: String(2_000_000_000_000_000_100n + BigInt(++serial)),
  handle: 'thsottiaux',
  createdAt: at(hours),
  text,
  ...extra,
});
const read = (target: Post, context?: readonly Post[]) =>
  classifyPost(target, DEFAULT_CLASSIFIER_OPTIONS, context);

/** What the test looks at: kind, type, scope, held or not, confidence. */
const outcome = (c: Classification) => ({
  kind: c.reset?.kind,
  resetType: c.reset?.resetType,
  scope: c.reset?.scope,
  review: c.review,
  confidence: c.reset?.confidence,
});
const ALONE = {
  kind: 'reset_completed',
  resetType: 'global',
  scope: { plans: ['unknown'], windows: ['unknown'] },
  review: true,
  confidence: 0.4,
};

describe('a bare done with the author context', () => {
  const announcement = post('Adding a banked reset to every paid account now.', 0);
  const selfReply = post('Should be there within 2 hours.', 0.01, {
    inReplyToId: announcement.id,
  });
  const done = post("It's done.", 3);

  test('after a firm banked announcement (and its self-reply, one announcement) it takes banked and is published', () => {
    const c = read(done, [selfReply, announcement]);
    assert.deepEqual(outcome(c), {
      kind: 'reset_completed',
      resetType: 'banked',
      scope: { plans: ['all'], windows: ['unknown'] },
      review: false,
      confidence: 0.85,
    });
    assert.equal(c.classifier, RULES_CLASSIFIER);
    assert.deepEqual(c.reasons, [
      `a bare "done" after the author's announcement ${selfReply.id} (${selfReply.createdAt}): "Should be there within 2 hours.", published by itself: the reset it announced has landed`,
    ]);
    // The same post and context give the same classification; order and extras do not count.
    const later = post('Lunch was good.', 4);
    const other = post('Adding a global reset for Plus users now.', 1, { handle: 'someoneelse' });
    assert.deepEqual(read(done, [announcement, later, other, selfReply]), c);
  });

  test('its plans and windows come from the announcement', () => {
    const weekly = post('Resetting weekly limits for Plus users later today.', 0);
    assert.deepEqual(outcome(read(post('All done!', 6), [weekly])), {
      kind: 'reset_completed',
      resetType: 'global',
      scope: { plans: ['plus'], windows: ['weekly'] },
      review: false,
      confidence: 0.85,
    });
  });

  test('without context, or with none of his posts in the 12 hours before, it stays as alone', () => {
    assert.deepEqual(outcome(read(done)), ALONE);
    assert.deepEqual(outcome(read(done, [])), ALONE);
    const old = post('Adding a banked reset to every paid account now.', 3 - 12.01);
    assert.deepEqual(outcome(read(done, [old])), ALONE);
    const bySomeoneElse = { ...announcement, handle: 'someoneelse' };
    assert.deepEqual(outcome(read(done, [bySomeoneElse])), ALONE);
    assert.deepEqual(outcome(read(done, [post('Adding a banked reset now.', 3.5)])), ALONE);
  });

  test('two candidate announcements: which one is done? It stays as alone', () => {
    const second = post('Resetting weekly limits for Plus users later today.', 1);
    assert.deepEqual(outcome(read(done, [second, selfReply, announcement])), ALONE);
  });

  test('an announcement already completed by an earlier post stays as alone', () => {
    const first = post('Landed.', 1);
    assert.deepEqual(outcome(read(done, [first, selfReply, announcement])), ALONE);
    const doneTense = post('We have added the banked reset to every paid account.', 2);
    assert.deepEqual(outcome(read(done, [doneTense, announcement])), ALONE);
  });

  test('a post that names its own type is read alone', () => {
    assert.deepEqual(outcome(read(post('Banked landed.', 3), [announcement])), ALONE);
  });

  test('a teaser announces nothing: the done stays held as alone', () => {
    assert.deepEqual(outcome(read(done, [post('Resets.', 1)])), ALONE);
  });

  test('after a held announcement (a day item, a reset on a condition) it takes its type and is held', () => {
    const dayItem = read(done, [post('Day 4/ Reset', 1)]);
    assert.deepEqual(outcome(dayItem), ALONE);
    assert.match(
      dayItem.reasons[0]!,
      /that announcement was held for review, so this is held too$/,
    );
    const awaited = post('A banked reset is coming once the fix lands.', 1);
    assert.deepEqual(outcome(read(done, [awaited])), {
      ...ALONE,
      resetType: 'banked',
    });
  });

  test('a reply is not a standalone post: the rule does not apply', () => {
    const reply = post("It's done.", 3, {
      inReplyToId: '1999999999999999999',
      parentText: 'When is the next reset?',
      parentHandle: 'someoneelse',
    });
    assert.deepEqual(read(reply, [announcement]), read(reply));
  });
});

describe('the author context window', () => {
  const target = post('x', 0);
  const mine = Array.from({ length: 25 }, (_, i) => post(`mine ${i}`, -0.25 * (i + 1)));
  const candidates = [
    post('after', 0.5),
    { ...target },
    post('someone else', -1, { handle: 'someoneelse' }),
    post('too old', -12.5),
    post('same handle, other case', -0.1, { handle: 'THSottiaux' }),
    ...mine,
  ];

  test('his posts of the 12 hours before, newest first, at most 20; the indexed form agrees', () => {
    const context = authorContext(target, candidates);
    assert.equal(context.length, CONTEXT_LIMIT);
    assert.deepEqual(
      context.map((p) => p.text),
      ['same handle, other case', ...mine.slice(0, 19).map((p) => p.text)],
    );
    assert.deepEqual(authorContexts(candidates)(target), context);
    assert.deepEqual(authorContexts([...candidates].reverse())(target), context);
  });

  test('posts of the same instant: the later id first', () => {
    const a = post('a', -1);
    const b = { ...post('b', -1), createdAt: a.createdAt };
    assert.deepEqual(
      authorContext(target, [a, b]).map((p) => p.text),
      ['b', 'a'],
    );
  });
});

describe('ingest gives the classifier the author context', () => {
  const root = mkdtempSync(join(tmpdir(), 'author-context-'));
  after(() => rmSync(root, { recursive: true, force: true }));
  const NOW = Date.parse('2026-07-09T20:00:00.000Z');

  test('the stored posts and the earlier posts of the same batch, before the post only', () => {
    const seen: { id: string; context: string[] }[] = [];
    const spy = (p: Post, context?: readonly Post[]): Classification => {
      seen.push({ id: p.id, context: (context ?? []).map((c) => c.id) });
      return { classifier: 'spy', reset: null, review: false, reasons: [] };
    };
    const stored = post('stored', -1);
    const first = post('first', 1);
    const second = post('second', 2);
    const future = { ...post('future', 1.5), createdAt: '2026-07-10T00:00:00.000Z' };
    newPostEntries(
      new Set([stored.id]),
      [second, future, first],
      spy,
      new Date(NOW).toISOString(),
      () => undefined,
      () => {},
      () => [stored],
    );
    assert.deepEqual(seen, [
      { id: second.id, context: [first.id, stored.id] },
      { id: first.id, context: [stored.id] },
    ]);
  });

  test('a bare done ingested after his announcement (real SQLite ledger) is published as banked', async () => {
    const ledger = await openLedger(`sqlite:${join(root, 'ledger.db')}`, { create: true });
    try {
      const classify = createRulesClassifier();
      const announcement = post('Adding a banked reset to every paid account now.', 0);
      await ingest(ledger, [announcement], classify, NOW);
      const done = post("It's done.", 3);
      const { appended } = await ingest(ledger, [done], classify, NOW);
      const { classification } = appended[1]!.payload as { classification: Classification };
      assert.deepEqual(outcome(classification), {
        kind: 'reset_completed',
        resetType: 'banked',
        scope: { plans: ['all'], windows: ['unknown'] },
        review: false,
        confidence: 0.85,
      });
    } finally {
      await ledger.close();
    }
  });
});
