import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { checkNewEntry, type Payload } from '../../src/producer/ledger/entry.ts';
import { heldPosts } from '../../src/producer/ops/review.ts';
import { completed, idsAt, LedgerBuilder, MINUTE, T0 } from './support/build-ledger.ts';

/**
 * A second opinion in the ledger (second_opinion entries): a held post the model agreed
 * with is published as if accepted, while the classification it agreed with is in effect;
 * a disagreement, a failed answer, a reclassify or a dismiss keep it out.
 */

const POST = '1990500000000000042';

function opinion(fields: Partial<Payload<'second_opinion'>> = {}): Payload<'second_opinion'> {
  return {
    postId: POST,
    classifier: 'rules-1.0.0',
    model: 'local-model',
    outcome: 'answered',
    proposal: {
      kind: 'reset_completed',
      resetType: 'global',
      effectiveAt: null,
      scope: null,
      schedulePrecision: null,
      scheduleBasis: null,
      scheduleWindow: null,
    },
    agrees: true,
    why: ['a reset of what?'],
    problem: null,
    ...fields,
  };
}

function heldLedger() {
  const ledger = new LedgerBuilder();
  ledger.post(POST, T0 - MINUTE, completed(), { held: true });
  return ledger;
}

describe('a second opinion in the build', () => {
  test('held: not published; agreed: published, and no longer in the review queue', () => {
    const ledger = heldLedger();
    assert.deepEqual(idsAt(ledger.entries, T0), []);
    assert.deepEqual(
      heldPosts(ledger.entries).map((post) => post.postId),
      [POST],
    );
    ledger.add('second_opinion', opinion(), T0, 'monitor');
    assert.deepEqual(idsAt(ledger.entries, T0), [POST]);
    assert.deepEqual(heldPosts(ledger.entries), []);
  });

  test('a disagreement or a failed answer publishes nothing and the post stays held', () => {
    for (const fields of [
      { agrees: false, why: ['kind: the rules say reset_completed, the model reset_scheduled'] },
      { outcome: 'late' as const, proposal: null, agrees: false, problem: 'no answer in 20 s' },
    ]) {
      const ledger = heldLedger();
      ledger.add('second_opinion', opinion(fields), T0, 'monitor');
      assert.deepEqual(idsAt(ledger.entries, T0), []);
      assert.equal(heldPosts(ledger.entries).length, 1);
    }
  });

  test('an agreement with another classification, or followed by a reclassify, counts for nothing', () => {
    const stale = heldLedger();
    stale.add('second_opinion', opinion({ classifier: 'rules-0.9.0' }), T0, 'monitor');
    assert.deepEqual(idsAt(stale.entries, T0), []);
    const reclassified = heldLedger();
    reclassified.add('second_opinion', opinion(), T0, 'monitor');
    reclassified.reclassify(POST, completed(), true);
    assert.deepEqual(idsAt(reclassified.entries, T0), []);
  });

  test('the operator can still dismiss a post published on agreement', () => {
    const ledger = heldLedger();
    ledger.add('second_opinion', opinion(), T0, 'monitor');
    ledger.dismiss(POST);
    assert.deepEqual(idsAt(ledger.entries, T0), []);
  });

  test('the entry is checked: a model name of 201 characters or 21 reasons are refused', () => {
    const entry = (payload: Payload<'second_opinion'>) =>
      checkNewEntry({
        type: 'second_opinion',
        at: '2026-11-20T12:00:00.000Z',
        actor: 'monitor',
        reason: null,
        payload,
      });
    assert.ok(entry(opinion()));
    assert.throws(() => entry(opinion({ model: 'm'.repeat(201) })));
    assert.throws(() => entry(opinion({ why: Array(21).fill('x') })));
  });
});
