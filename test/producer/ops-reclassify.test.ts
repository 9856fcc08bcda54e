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

/** A post stored by the monitor with the stand-in's classification (held, or not a reset). */
function stored(id: string, text: string, held: boolean, extra: object = {}): NewEntry[] {
  const monitor = { at: '2026-11-20T11:00:00.000Z', actor: 'monitor', reason: null } as const;
  const classification = storedByStandIn()[1]!.payload as { classification: object };
  return [
    {
      ...monitor,
      type: 'post_observed',
      payload: { post: { id, handle: 'thsottiaux', createdAt: monitor.at, text, ...extra } },
    },
    {
      ...monitor,
      type: 'post_classified',
      payload: {
        postId: id,
        classification: held
          ? classification.classification
          : { classifier: 'stand-in-0.1.0', reset: null, review: false, reasons: ['none'] },
      },
    } as NewEntry,
  ];
}

const HELD_RESET = '1990500000000000043';
const HELD_CHAT = '1990500000000000044';
const NOT_HELD = '1990500000000000045';

test('reclassify --held --dry-run shows what every held post becomes and appends nothing; --held appends one entry each; again is refused', async () => {
  const ledger = new OpsMemoryLedger([
    ...stored(HELD_RESET, TEXT, true),
    ...stored(HELD_CHAT, 'I had french fries for lunch.', true),
    ...stored(NOT_HELD, 'Usage limits were reset for everyone.', false),
  ]);
  const dry = await opsOk(ledger, ['reclassify', '--held', '--dry-run']);
  assert.deepEqual(dry.stdout, [
    'Would reclassify 2 held post(s):',
    `  ${HELD_RESET}: reset_completed/global held (0.5), stand-in-0.1.0 → reset_completed/global published (0.95), ${RULES_CLASSIFIER}`,
    `  ${HELD_CHAT}: reset_completed/global held (0.5), stand-in-0.1.0 → no reset, ${RULES_CLASSIFIER}`,
    `  ${HELD_RESET} is now published`,
  ]);
  assert.equal((await ledger.entries()).length, 6);

  const ran = await opsOk(ledger, ['reclassify', '--held', '--json']);
  assert.deepEqual(
    ran.stdout.map((line) => {
      const { postId, entryId, after } = JSON.parse(line);
      return { postId, entryId, classifier: after.classifier };
    }),
    [
      { postId: HELD_RESET, entryId: 7, classifier: RULES_CLASSIFIER },
      { postId: HELD_CHAT, entryId: 8, classifier: RULES_CLASSIFIER },
    ],
  );
  const types = (await ledger.entries()).map((entry) => entry.type);
  assert.deepEqual(types.slice(6), ['reclassify', 'reclassify']);
  // The post the stand-in did not hold is left as it was: nothing published changes by itself.
  assert.deepEqual(
    (await published(ledger)).map((record) => record.id),
    [HELD_RESET],
  );
  assert.deepEqual(await ops(ledger, ['reclassify', '--held']), {
    status: 1,
    stdout: [],
    stderr: ['Refused: no held post is classified otherwise by this version; nothing to change'],
  });
});

test('reclassify --dry-run without --held is a usage error', async () => {
  const ledger = new OpsMemoryLedger(storedByStandIn());
  const result = await ops(ledger, ['reclassify', '--dry-run']);
  assert.equal(result.status, 2);
  assert.equal(result.stderr[0], 'Usage error: --dry-run goes with --held');
});

test('a stored reply is reclassified with its stored parent: in his own thread, it carries the record', async () => {
  const parent = '1990500000000000046';
  const reply = '1990500000000000047';
  const ledger = new OpsMemoryLedger([
    ...stored(parent, 'Loading a banked reset in everyone’s paid accounts.', false),
    ...stored(reply, 'Will be there by EOD PST.', true, { inReplyToId: parent }),
  ]);
  await opsOk(ledger, ['reclassify', reply]);
  const entry = (await ledger.entries()).at(-1)!;
  const { classification } = entry.payload as {
    classification: { reset: { kind: string; resetType: string }; review: boolean };
  };
  const { kind, resetType } = classification.reset;
  assert.deepEqual(
    { kind, resetType, review: classification.review },
    { kind: 'reset_scheduled', resetType: 'banked', review: false },
  );
});

test('a stored bare done is reclassified with his posts stored before its time (rules-2.3.0), not the ones after', async () => {
  const announcement = '1990500000000000048';
  const done = '1990500000000000049';
  const laterAnnouncement = '1990500000000000050';
  const ledger = new OpsMemoryLedger([
    ...stored(announcement, 'Adding a banked reset to every paid account now.', false, {
      createdAt: '2026-11-20T08:00:00.000Z',
    }),
    ...stored(done, 'It’s done.', true, { createdAt: '2026-11-20T10:00:00.000Z' }),
    // After the done: not its context (it would make two candidate announcements).
    ...stored(laterAnnouncement, 'Resetting weekly limits for Plus users later today.', false, {
      createdAt: '2026-11-20T10:30:00.000Z',
    }),
  ]);
  const dry = await opsOk(ledger, ['reclassify', '--held', '--dry-run']);
  assert.deepEqual(dry.stdout.slice(0, 2), [
    'Would reclassify 1 held post(s):',
    `  ${done}: reset_completed/global held (0.5), stand-in-0.1.0 → reset_completed/banked published (0.85), ${RULES_CLASSIFIER}`,
  ]);
  await opsOk(ledger, ['reclassify', done]);
  const entry = (await ledger.entries()).at(-1)!;
  const { classification } = entry.payload as {
    classification: { reset: { resetType: string; scope: object }; review: boolean };
  };
  assert.deepEqual(
    { ...classification.reset, review: classification.review },
    {
      kind: 'reset_completed',
      resetType: 'banked',
      confidence: 0.85,
      scope: { plans: ['all'], windows: ['unknown'] },
      effectiveAt: null,
      schedulePrecision: null,
      scheduleBasis: null,
      scheduleWindow: null,
      review: false,
    },
  );
});
