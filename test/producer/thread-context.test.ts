import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Classification } from '../../src/producer/ledger/entry.ts';
import type { Post } from '../../src/producer/ledger/post.ts';
import { newPostEntries } from '../../src/producer/pipeline/ingest.ts';

/**
 * Ingest reads a reply with its parent (docs/classifier.md, "Threads"): when the source
 * gives no parent text or author (a JSON-lines file), they come from the same batch or
 * the ledger; what is stored is the post as the source gave it.
 */

const AT = '2026-10-07T19:30:00.000Z';
const PARENT: Post = {
  id: '2107913674593644711',
  handle: 'thsottiaux',
  createdAt: '2026-10-07T19:19:17.000Z',
  text: 'Loading a banked reset in everyone’s paid accounts.',
};
const REPLY: Post = {
  id: '2107913738791596286',
  handle: 'thsottiaux',
  createdAt: '2026-10-07T19:19:33.000Z',
  text: 'Will be there by EOD PST.',
  inReplyToId: PARENT.id,
};
const NONE: Classification = { classifier: 'spy', reset: null, review: false, reasons: [] };

function spy() {
  const seen: Post[] = [];
  return {
    seen,
    classify: (post: Post) => {
      seen.push(post);
      return NONE;
    },
  };
}

test('a reply is classified with its parent from the same batch; the stored post is as given', () => {
  const { seen, classify } = spy();
  const entries = newPostEntries(new Set(), [PARENT, REPLY], classify, AT);
  assert.deepEqual(seen, [
    PARENT,
    { ...REPLY, parentText: PARENT.text, parentHandle: 'thsottiaux' },
  ]);
  assert.deepEqual(entries[2]!.payload, { post: REPLY });
});

test('a reply is classified with its parent stored in the ledger; a parent unknown leaves it alone', () => {
  const { seen, classify } = spy();
  const stored = new Map([[PARENT.id, PARENT]]);
  newPostEntries(new Set(stored.keys()), [REPLY], classify, AT, (id) => stored.get(id));
  newPostEntries(new Set(), [REPLY], classify, AT);
  assert.deepEqual(seen, [
    { ...REPLY, parentText: PARENT.text, parentHandle: 'thsottiaux' },
    REPLY,
  ]);
});

test("what the source gave wins: X's parent text and author are kept", () => {
  const { seen, classify } = spy();
  const given = { ...REPLY, parentText: 'as X sent it', parentHandle: 'someone' };
  newPostEntries(new Set(), [PARENT, given], classify, AT);
  assert.deepEqual(seen[1], given);
});
