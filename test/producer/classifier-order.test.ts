import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { BLIND_SET, BLIND_SET_2, BLIND_SET_3, WRITTEN_SET } from '../../eval/written.ts';
import {
  classifyPost,
  DEFAULT_CLASSIFIER_OPTIONS,
} from '../../src/producer/classify/rules-classifier.ts';
import type { Post } from '../../src/producer/ledger/post.ts';

/**
 * The same post reads the same whatever the process read before it (rules-2.13.5): wink-nlp
 * keeps a word it first met before a mark ("everyone's.") whole in its cache, and read it
 * whole from then on; the monitor classifies a stream, so an order-dependent reading would
 * make classify-once depend on what came first.
 */
const post = (text: string, extra: Partial<Post> = {}): Post => ({
  id: '2000000000000000001',
  handle: 'thsottiaux',
  createdAt: '2026-11-19T18:00:00.000Z',
  text,
  ...extra,
});
const classify = (text: string, extra: Partial<Post> = {}) =>
  classifyPost(post(text, extra), DEFAULT_CLASSIFIER_OPTIONS);

test('a word with an apostrophe met first before a full stop is read the same afterwards', () => {
  const texts = [
    "we just reset everyone's 🎉 enjoy",
    "we reset everyone's usage limits across all plans",
    "Codex limits: reset for everybody's workspace, all plans",
    "the team's reset of usage limits went out to everyone",
  ];
  const before = texts.map((text) => classify(text));
  for (const seen of ["just reset everyone's.", "done for everybody's.", "it's the team's!"])
    classify(seen);
  assert.deepEqual(
    texts.map((text) => classify(text)),
    before,
  );
  assert.equal(before[0]!.reset?.kind, 'reset_completed');
});

test('written and frozen posts read the same read forwards and backwards', () => {
  // Every frozen post and every sixth written one (about 3,830 of 22,976, each read twice:
  // a spot check, kept to a few seconds of npm test; all of them agreed when last run in full).
  const rows = [WRITTEN_SET, BLIND_SET, BLIND_SET_2, BLIND_SET_3].flatMap((path) =>
    readFileSync(path, 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '')
      .filter((_, at) => path !== WRITTEN_SET || at % 6 === 0)
      .map(
        (line) => JSON.parse(line) as { text: string; parentText?: string; parentHandle?: string },
      ),
  );
  const read = (row: (typeof rows)[number]) =>
    JSON.stringify(
      classify(
        row.text,
        row.parentText === undefined
          ? {}
          : {
              inReplyToId: '2000000000000000000',
              parentText: row.parentText,
              parentHandle: row.parentHandle,
            },
      ),
    );
  const forwards = rows.map(read);
  const backwards = [...rows].reverse().map(read).reverse();
  const differ = forwards.flatMap((reading, at) => (reading === backwards[at] ? [] : [at]));
  assert.deepEqual(differ, []);
});
