import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { build } from '../../src/producer/build/build.ts';
import type { Ledger } from '../../src/producer/ledger/ledger.ts';
import type { ResetRecord } from '../../src/shared/domain/record.ts';
import type { SnapshotFile } from '../../src/shared/domain/snapshot.ts';
import { validateSnapshot } from '../../src/shared/snapshot/validate.ts';
import {
  A,
  B,
  C,
  D,
  dayLedger,
  E,
  F,
  NOW,
  ops,
  opsOk,
  SETTINGS,
  tokens,
} from './support/ops-fixtures.ts';

/** What the commands do to the published snapshot, through build() at NOW. */

async function snapshot(ledger: Ledger): Promise<SnapshotFile> {
  const built = build(await ledger.entries(), NOW, SETTINGS);
  assert.deepEqual(built.omitted, [], 'no record left out as invalid');
  assert.equal(validateSnapshot(built.snapshot).ok, true, 'the service accepts the snapshot');
  return built.snapshot;
}

async function record(ledger: Ledger, id: string): Promise<ResetRecord | undefined> {
  return (await snapshot(ledger)).records.find((r) => r.id === id);
}

const NOT_LINKED = {
  scheduleState: null,
  completedAt: null,
  completionRecordId: null,
  fulfillmentOrigin: null,
} as const;

describe('effects on the snapshot', () => {
  test('dismiss omits the record; restore brings back the same snapshot', async () => {
    const ledger = dayLedger();
    const before = await snapshot(ledger);
    assert.ok(before.records.some((r) => r.id === A));
    const dismissed = await opsOk(ledger, ['dismiss', A]);
    assert.deepEqual(dismissed.stdout, [
      `Dismissed ${A} (entry 16).`,
      `  ${A} is no longer published`,
    ]);
    assert.equal(await record(ledger, A), undefined);
    await opsOk(ledger, ['restore', A]);
    assert.deepEqual(await snapshot(ledger), before);
  });

  test('dismissing a completion linked to a schedule drops the link, and says so', async () => {
    const ledger = dayLedger();
    const human = await opsOk(dayLedger(), ['dismiss', C]);
    assert.deepEqual(human.stdout, [
      `Dismissed ${C} (entry 16).`,
      `  ${C} is no longer published`,
      `  ${E}: no longer fulfilled by ${C}, now elapsed`,
    ]);
    const json = await opsOk(ledger, ['dismiss', C, '--json']);
    const printed = JSON.parse(json.stdout[0]!);
    assert.equal(json.stdout.length, 1);
    assert.deepEqual(
      { action: printed.action, entryId: printed.entryId, recordIds: printed.recordIds },
      { action: 'dismiss', entryId: 16, recordIds: [C, E] },
    );
    assert.deepEqual(printed.changes, [
      { recordId: C, change: 'withdrawn' },
      {
        recordId: E,
        change: 'changed',
        fields: {
          scheduleState: { before: 'fulfilled', after: 'elapsed' },
          completedAt: { before: '2026-11-20T09:00:00.000Z', after: null },
          completionRecordId: { before: C, after: null },
          fulfillmentOrigin: { before: 'auto', after: null },
        },
      },
    ]);
    const e = await record(ledger, E);
    assert.deepEqual({ ...e, ...NOT_LINKED, scheduleState: e?.scheduleState }, e);
    assert.equal(e?.scheduleState, 'elapsed');
  });

  test('dismissing a held post takes it out of the review queue and publishes nothing', async () => {
    const ledger = dayLedger();
    const before = await snapshot(ledger);
    const ran = await opsOk(ledger, ['dismiss', D]);
    assert.deepEqual(ran.stdout, [
      `Dismissed ${D} (entry 16).`,
      '  No change to the published records.',
    ]);
    assert.deepEqual(await snapshot(ledger), before);
    assert.deepEqual(
      (await ops(ledger, ['review', '--json'])).stdout.map((line) => JSON.parse(line).postId),
      [F],
    );
  });

  test('link fulfils the schedule with origin link; the completion lists it', async () => {
    const ledger = dayLedger();
    const ran = await opsOk(ledger, ['link', A, C]);
    assert.deepEqual(ran.stdout, [
      `Linked ${A} to ${C} (entry 16).`,
      `  ${A}: now fulfilled by ${C} (link)`,
      `  ${C}: now lists ${A} as fulfilled by it`,
    ]);
    const a = await record(ledger, A);
    assert.deepEqual(
      {
        scheduleState: a?.scheduleState,
        completedAt: a?.completedAt,
        completionRecordId: a?.completionRecordId,
        fulfillmentOrigin: a?.fulfillmentOrigin,
      },
      {
        scheduleState: 'fulfilled',
        completedAt: '2026-11-20T09:00:00.000Z',
        completionRecordId: C,
        fulfillmentOrigin: 'link',
      },
    );
    assert.deepEqual((await record(ledger, C))?.relatedRecordIds, [A, E]);
  });

  test('link takes a schedule from the completion that fulfilled it automatically', async () => {
    const ledger = dayLedger();
    const newId = tokens();
    await opsOk(ledger, ['note', '--kind', 'reset_completed', '--reset-type', 'global'], { newId });
    const ran = await opsOk(ledger, ['link', E, 'op_tok00000001'], { newId });
    assert.deepEqual(ran.stdout, [
      `Linked ${E} to op_tok00000001 (entry 17).`,
      `  ${C}: no longer lists ${E}`,
      `  ${E}: now fulfilled by op_tok00000001 instead of ${C} (link)`,
      `  op_tok00000001: now lists ${E} as fulfilled by it`,
    ]);
    assert.equal((await record(ledger, E))?.completedAt, '2026-11-20T12:00:00.000Z');
  });

  test('complete makes a manual completion as service.md describes it', async () => {
    const ledger = dayLedger();
    const argv = ['complete', '--schedules', `${A},${B}`, '--reset-type', 'global_and_banked'];
    await opsOk(ledger, [...argv, '--at', '2026-11-20T11:45:00.000Z']);
    assert.deepEqual(await record(ledger, 'manual:tok00000001'), {
      id: 'manual:tok00000001',
      kind: 'reset_completed',
      resetType: 'global_and_banked',
      announcedAt: null,
      effectiveAt: '2026-11-20T11:45:00.000Z',
      text: null,
      confidence: null,
      scope: null,
      source: { origin: 'operator', postId: null, handle: null, url: null },
      schedulePrecision: null,
      scheduleBasis: null,
      scheduleWindow: null,
      scheduleState: null,
      completedAt: '2026-11-20T11:45:00.000Z',
      completionRecordId: null,
      fulfillmentOrigin: 'manual',
      relatedRecordIds: [A, B],
    });
    for (const id of [A, B]) {
      const schedule = await record(ledger, id);
      assert.deepEqual(
        [
          schedule?.scheduleState,
          schedule?.completedAt,
          schedule?.completionRecordId,
          schedule?.fulfillmentOrigin,
        ],
        ['fulfilled', '2026-11-20T11:45:00.000Z', 'manual:tok00000001', 'manual'],
      );
    }
  });

  test('unlink leaves the schedule unfulfilled, the automatic rule included', async () => {
    const ledger = dayLedger();
    const ran = await opsOk(ledger, ['unlink', E]);
    assert.deepEqual(ran.stdout, [
      `Unlinked ${E} (entry 16).`,
      `  ${C}: no longer lists ${E}`,
      `  ${E}: no longer fulfilled by ${C}, now elapsed`,
    ]);
    assert.deepEqual((await record(ledger, C))?.relatedRecordIds, []);
  });

  test('note makes an op_ record', async () => {
    const ledger = dayLedger();
    await opsOk(ledger, [
      'note',
      ...['--kind', 'reset_scheduled', '--reset-type', 'banked', '--precision', 'date'],
      ...['--window', '2026-11-21T08:00:00.000Z,2026-11-22T07:59:59.999Z', '--scope', 'plans:pro'],
      ...['--text', 'Banked too.', '--post', A, '--announced-at', '2026-11-20T10:00:00.000Z'],
    ]);
    assert.deepEqual(await record(ledger, 'op_tok00000001'), {
      id: 'op_tok00000001',
      kind: 'reset_scheduled',
      resetType: 'banked',
      announcedAt: '2026-11-20T10:00:00.000Z',
      effectiveAt: null,
      text: 'Banked too.',
      confidence: null,
      scope: { plans: ['pro'], windows: ['unknown'] },
      source: {
        origin: 'operator',
        postId: A,
        handle: null,
        url: `https://x.com/thsottiaux/status/${A}`,
      },
      schedulePrecision: 'date',
      scheduleBasis: 'explicit',
      scheduleWindow: { startAt: '2026-11-21T08:00:00.000Z', endAt: '2026-11-22T07:59:59.999Z' },
      scheduleState: 'pending',
      completedAt: null,
      completionRecordId: null,
      fulfillmentOrigin: null,
      relatedRecordIds: [],
    });
  });

  test('accept publishes a held post with its corrections', async () => {
    const ledger = dayLedger();
    await opsOk(ledger, ['accept', D, '--set', 'confidence=0.9']);
    const d = await record(ledger, D);
    assert.deepEqual(
      [d?.confidence, d?.scheduleState, d?.text],
      [0.9, 'pending', 'Another one around noon PT?'],
    );
  });

  test('accepting a completion can fulfil a schedule automatically; the output says so', async () => {
    const ledger = dayLedger();
    const ran = await opsOk(ledger, [
      'accept',
      F,
      '--set',
      'kind=reset_completed',
      '--set',
      'resetType=global',
    ]);
    assert.deepEqual(ran.stdout, [
      `Accepted ${F}, setting kind, resetType (entry 16).`,
      `  ${A}: now fulfilled by ${F} (auto)`,
      `  ${F} is now published`,
    ]);
  });

  test('correct overrides fields of a post record', async () => {
    const ledger = dayLedger();
    const ran = await opsOk(ledger, [
      'correct',
      A,
      '--set',
      'resetType=banked',
      '--set',
      'text=Fixed.',
    ]);
    assert.deepEqual(ran.stdout, [
      `Corrected ${A}: resetType, text (entry 16).`,
      `  ${A}: resetType "global" → "banked"; text "Reset lands at 10am PT." → "Fixed."`,
    ]);
  });
});

/** [commands run first, the command undone]; the first has effects on the day as it is. */
const UNDONE: [string, string[][], string[]][] = [
  ['accept', [], ['accept', D, '--set', 'confidence=0.9']],
  [
    'accept of a completion',
    [],
    ['accept', F, '--set', 'kind=reset_completed', '--set', 'resetType=global'],
  ],
  ['correct', [], ['correct', A, '--set', 'window=null', '--set', 'text=null']],
  ['note', [], ['note', '--kind', 'reset_completed', '--reset-type', 'global']],
  ['complete', [], ['complete', '--schedules', `${A},${B}`, '--reset-type', 'global_and_banked']],
  ['link', [], ['link', A, C]],
  ['unlink', [], ['unlink', E]],
  ['dismiss', [], ['dismiss', C]],
  ['restore', [['dismiss', C]], ['restore', C]],
  ['undo', [['dismiss', C]], ['undo', '16']],
  [
    'undo of an undo',
    [
      ['dismiss', C],
      ['undo', '16'],
    ],
    ['undo', '17'],
  ],
];

describe('undo gives back exactly the snapshot before the command', () => {
  for (const [name, before, argv] of UNDONE) {
    test(name, async () => {
      const ledger = dayLedger();
      const newId = tokens();
      for (const command of before) await opsOk(ledger, command, { newId });
      const was = await snapshot(ledger);
      await opsOk(ledger, argv, { newId });
      assert.notDeepEqual(await snapshot(ledger), was, 'the command changes the snapshot');
      const entryId = (await ledger.entries()).length;
      await opsOk(ledger, ['undo', String(entryId)], { newId });
      assert.deepEqual(await snapshot(ledger), was);
    });
  }
});

describe('any sequence of commands', () => {
  // Ids the commands may name, schedules and completions apart so that links and
  // completions are often possible; the op_ and manual: ids exist once notes and
  // completions made them (tokens are tok00000001, tok00000002, … in order).
  const schedule = fc.oneof(
    { arbitrary: fc.constantFrom(A, B, E), weight: 3 },
    { arbitrary: fc.constantFrom(D, 'op_tok00000001'), weight: 1 },
  );
  const completion = fc.oneof(
    { arbitrary: fc.constant(C), weight: 2 },
    { arbitrary: fc.constantFrom(F, 'op_tok00000002', 'manual:tok00000001'), weight: 1 },
  );
  const id = fc.oneof(schedule, completion);
  // Weighted towards the commands that most often find nothing to act on.
  const command = fc.oneof(
    id.map((x) => ['dismiss', x]),
    { arbitrary: id.map((x) => ['restore', x]), weight: 2 },
    schedule.map((x) => ['unlink', x]),
    { arbitrary: fc.tuple(schedule, completion).map(([x, y]) => ['link', x, y]), weight: 3 },
    {
      arbitrary: fc
        .uniqueArray(schedule, { minLength: 1, maxLength: 2 })
        .map((xs) => [
          'complete',
          '--schedules',
          xs.join(','),
          '--reset-type',
          'global_and_banked',
        ]),
      weight: 3,
    },
    { arbitrary: fc.integer({ min: 16, max: 22 }).map((n) => ['undo', String(n)]), weight: 3 },
    fc
      .constantFrom(D, F)
      .map((x) => ['accept', x, '--set', 'kind=reset_completed', '--set', 'resetType=global']),
    fc
      .tuple(id, fc.constantFrom('kind=reset_completed', 'text=Corrected.', 'window=null'))
      .map(([x, set]) => ['correct', x, '--set', set]),
    fc
      .constantFrom('reset_scheduled', 'reset_completed')
      .map((kind) => ['note', '--kind', kind, '--reset-type', 'global']),
  );

  test('keeps the snapshot valid, refuses without appending, and each undo gives back the snapshot before', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { maxLength: 12 }), async (commands) => {
        const ledger = dayLedger();
        const newId = tokens();
        for (const argv of commands) {
          const was = await snapshot(ledger);
          const count = (await ledger.entries()).length;
          const ran = await ops(ledger, argv, { newId });
          assert.ok(ran.status === 0 || ran.status === 1, ran.stderr.join('\n'));
          if (ran.status === 1) {
            assert.equal((await ledger.entries()).length, count);
            continue;
          }
          const is = await snapshot(ledger);
          const undone = await ops(ledger, ['undo', String(count + 1)], { newId });
          if (undone.status === 0) assert.deepEqual(await snapshot(ledger), was);
          const redone = await ops(ledger, ['undo', String(count + 2)], { newId });
          if (redone.status === 0) assert.deepEqual(await snapshot(ledger), is);
        }
      }),
      { numRuns: 80 },
    );
  });
});
