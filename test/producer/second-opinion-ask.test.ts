import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  classifyPost,
  DEFAULT_CLASSIFIER_OPTIONS,
  RULES_CLASSIFIER,
} from '../../src/producer/classify/rules-classifier.ts';
import type { Entry } from '../../src/producer/ledger/entry.ts';
import type { Post } from '../../src/producer/ledger/post.ts';
import { askHeldPosts, MAX_ASKED_PER_ROUND } from '../../src/producer/second-opinion/ask-held.ts';
import type {
  SecondOpinion,
  SecondOpinionClient,
} from '../../src/producer/second-opinion/client.ts';

/**
 * Which held posts a round asks the model about, and the entries it makes of the answers:
 * each held post with a proposal once, at most MAX_ASKED_PER_ROUND a round. The client
 * itself is tested against a stand-in endpoint in second-opinion.test.ts.
 */

const AT = '2026-11-26T18:00:00.000Z';

function ledgerOf(texts: readonly string[]): Entry[] {
  const entries: Entry[] = [];
  texts.forEach((text, i) => {
    const post: Post = {
      id: `21080409210446397${String(i).padStart(2, '0')}`,
      handle: 'thsottiaux',
      createdAt: '2026-11-26T17:00:00.000Z',
      text,
    };
    const classification = classifyPost(post, DEFAULT_CLASSIFIER_OPTIONS);
    const base = { at: AT, actor: 'monitor', reason: null } as const;
    entries.push({ ...base, id: entries.length + 1, type: 'post_observed', payload: { post } });
    entries.push({
      ...base,
      id: entries.length + 1,
      type: 'post_classified',
      payload: { postId: post.id, classification },
    });
  });
  return entries;
}

/** A model that reads every post as the rules do, and counts what it is asked. */
function echoModel(entries: readonly Entry[]) {
  const asked: string[] = [];
  const client: SecondOpinionClient = {
    model: 'echo',
    async ask(post): Promise<SecondOpinion> {
      asked.push(post.text);
      const classified = entries.find(
        (e) =>
          e.type === 'post_classified' &&
          entries.some(
            (o) =>
              o.type === 'post_observed' &&
              o.payload.post.text === post.text &&
              o.payload.post.id === e.payload.postId,
          ),
      ) as Extract<Entry, { type: 'post_classified' }>;
      const reset = classified.payload.classification.reset!;
      return {
        outcome: 'answered',
        model: 'echo',
        proposal: {} as never,
        format: 'json_schema',
        reset: { ...reset, scope: reset.scope ?? { plans: ['unknown'], windows: ['unknown'] } },
      };
    },
  };
  return { client, asked };
}

describe('askHeldPosts', () => {
  test('asks about the held post with a proposal only, and makes one agreeing entry', async () => {
    const entries = ledgerOf([
      'Reset button pressed.', // held: "a reset of what?"
      'We have reset usage limits for all users.', // published: not asked
      'Lunch was great today.', // no reset: not asked
    ]);
    const { client, asked } = echoModel(entries);
    const made = await askHeldPosts(entries, client, AT);
    assert.deepEqual(asked, ['Reset button pressed.']);
    assert.equal(made.length, 1);
    const entry = made[0]!;
    assert.equal(entry.type, 'second_opinion');
    assert.deepEqual(
      { ...(entry.payload as object), proposal: undefined },
      {
        postId: '2108040921044639700',
        classifier: RULES_CLASSIFIER,
        model: 'echo',
        outcome: 'answered',
        proposal: undefined,
        agrees: true,
        why: ['a reset of what?'],
        problem: null,
      },
    );
  });

  test('never asks twice, and at most MAX_ASKED_PER_ROUND a round', async () => {
    const entries = ledgerOf(
      Array.from({ length: 7 }, () => 'Reset button pressed.').map((t, i) => `${t} ${i}`),
    );
    const { client, asked } = echoModel(entries);
    const first = await askHeldPosts(entries, client, AT);
    assert.equal(first.length, MAX_ASKED_PER_ROUND);
    const stored = [
      ...entries,
      ...first.map((e, i) => ({ ...e, id: entries.length + i + 1 }) as Entry),
    ];
    const second = await askHeldPosts(stored, client, AT);
    assert.equal(second.length, 2);
    assert.equal(new Set(asked).size, 7);
  });

  test('a failed answer is one entry too (never asked again), with its problem and no proposal', async () => {
    const entries = ledgerOf(['Reset button pressed.']);
    const client: SecondOpinionClient = {
      model: 'slow',
      ask: async () => ({ outcome: 'late', model: 'slow', problem: 'no answer within 20 s' }),
    };
    const [entry] = await askHeldPosts(entries, client, AT);
    assert.deepEqual(
      { ...(entry!.payload as object) },
      {
        postId: '2108040921044639700',
        classifier: RULES_CLASSIFIER,
        model: 'slow',
        outcome: 'late',
        proposal: null,
        agrees: false,
        why: [],
        problem: 'no answer within 20 s',
      },
    );
  });
});
