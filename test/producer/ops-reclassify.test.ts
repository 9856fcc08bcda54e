import assert from 'node:assert/strict';
import { test } from 'node:test';
import { build } from '../../src/producer/build/build.ts';
import { RULES_CLASSIFIER } from '../../src/producer/classify/rules-classifier.ts';
import type { NewEntry } from '../../src/producer/ledger/entry.ts';
import { NOW, ops, opsOk, SETTINGS } from './support/ops-fixtures.ts';
import { OpsMemoryLedger } from './support/ops-memory-ledger.ts';

/**
 * `ops reclassify POST_ID` (producer.md §1 "Classify once": a newer classifier changes
 * nothing already stored unless the operator asks). A post classified by part 1's
 * stand-in (held) is classified again by the rules, which publish it; asking twice is
 * refused; undo returns to the stored classification.
 */

const ID = '1990500000000000042';
const TEXT = 'Usage limits have been reset for all paid plans.';

function storedByStandIn(): NewEntry[] {
  const monitor = { at: '2026-11-20T11:00:00.000Z', actor: 'monitor', reason: null } as const;
  return [
    {
      ...monitor,
      type: 'post_observed',
      payload: { post: { id: ID, handle: 'thsottiaux', createdAt: monitor.at, text: TEXT } },
    },
    {
      ...monitor,
      type: 'post_classified',
      payload: {
        postId: ID,
        classification: {
          classifier: 'stand-in-0.1.0', // part 1's classifier, which held every reset
          reset: {
            kind: 'reset_completed',
            resetType: 'global',
            effectiveAt: null,
            confidence: 0.5,
            scope: null,
            schedulePrecision: null,
            scheduleBasis: null,
            scheduleWindow: null,
          },
          review: true,
          reasons: ['the stand-in classifier holds every reset for review'],
        },
      },
    },
  ];
}

const published = async (ledger: OpsMemoryLedger) =>
  build(await ledger.entries(), NOW, SETTINGS).snapshot.records.map((record) => ({
    id: record.id,
    confidence: record.confidence,
    scope: record.scope,
  }));

test("reclassify stores the rules' classification, which publishes the held post; twice is refused; undo goes back", async () => {
  const ledger = new OpsMemoryLedger(storedByStandIn());
  assert.deepEqual(await published(ledger), []);

  const ran = await opsOk(ledger, ['reclassify', ID, '--json', '--reason', 'rules classifier']);
  const out = JSON.parse(ran.stdout[0]!);
  assert.deepEqual(
    { action: out.action, entryId: out.entryId, recordIds: out.recordIds },
    { action: 'reclassify', entryId: 3, recordIds: [ID] },
  );
  const entry = (await ledger.entries())[2]!;
  assert.equal(entry.type, 'reclassify');
  assert.deepEqual(entry.payload, {
    postId: ID,
    classification: {
      classifier: RULES_CLASSIFIER,
      reset: {
        kind: 'reset_completed',
        resetType: 'global',
        confidence: 0.95,
        scope: { plans: ['all'], windows: ['unknown'] },
        effectiveAt: null,
        schedulePrecision: null,
        scheduleBasis: null,
        scheduleWindow: null,
      },
      review: false,
      reasons: ['done: "have been reset"'],
    },
  });
  assert.deepEqual(await published(ledger), [
    { id: ID, confidence: 0.95, scope: { plans: ['all'], windows: ['unknown'] } },
  ]);

  const again = await ops(ledger, ['reclassify', ID]);
  assert.deepEqual(again, {
    status: 1,
    stdout: [],
    stderr: [`Refused: post ${ID}: ${RULES_CLASSIFIER} classifies it as before; nothing to change`],
  });
  assert.equal((await ledger.entries()).length, 3);

  await opsOk(ledger, ['undo', '3']);
  assert.deepEqual(await published(ledger), []);
});

test('reclassify of an unknown post is refused', async () => {
  const ledger = new OpsMemoryLedger(storedByStandIn());
  assert.deepEqual(await ops(ledger, ['reclassify', '42']), {
    status: 1,
    stdout: [],
    stderr: ['Refused: unknown post 42'],
  });
});
