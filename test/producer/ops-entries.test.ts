import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Entry } from '../../src/producer/ledger/entry.ts';
import { A, B, C, D, dayLedger, E, F, NOW_ISO, opsOk, tokens } from './support/ops-fixtures.ts';

/**
 * The one entry each command appends, exactly (the day of ops-fixtures.ts holds 15
 * entries, so it is entry 16), as the operator `ann` at NOW unless told otherwise.
 */
async function appended(argv: string[], before: string[][] = []): Promise<Entry[]> {
  const ledger = dayLedger();
  const newId = tokens();
  for (const command of before) await opsOk(ledger, command, { newId });
  const start = (await ledger.entries()).length;
  await opsOk(ledger, argv, { newId });
  return (await ledger.entries()).slice(start);
}

const by = { at: NOW_ISO, actor: 'ann', reason: null } as const;
const WINDOW = { startAt: '2026-11-21T08:00:00.000Z', endAt: '2026-11-22T07:59:59.999Z' };
const W = `${WINDOW.startAt},${WINDOW.endAt}`;

describe('ops accept', () => {
  test('with corrections and a reason', async () => {
    const argv = [
      'accept',
      D,
      '--set',
      'confidence=0.9',
      '--set',
      'scope=plans:plus,pro;windows:weekly',
    ];
    assert.deepEqual(await appended([...argv, '--reason', 'read the thread']), [
      {
        id: 16,
        type: 'accept',
        ...by,
        reason: 'read the thread',
        payload: {
          postId: D,
          corrections: { confidence: 0.9, scope: { plans: ['plus', 'pro'], windows: ['weekly'] } },
        },
      },
    ]);
  });

  test('a held post with no reset found, given its kind and reset type', async () => {
    const argv = ['accept', F, '--set', 'kind=reset_completed', '--set', 'resetType=global'];
    assert.deepEqual(await appended(argv), [
      {
        id: 16,
        type: 'accept',
        ...by,
        payload: { postId: F, corrections: { kind: 'reset_completed', resetType: 'global' } },
      },
    ]);
  });

  test('without corrections, as another operator (--by)', async () => {
    assert.deepEqual(await appended(['accept', D, '--by', 'bob']), [
      { id: 16, type: 'accept', ...by, actor: 'bob', payload: { postId: D, corrections: {} } },
    ]);
  });
});

describe('ops correct', () => {
  test('every field', async () => {
    const argv = [
      'correct',
      A,
      ...['--set', 'kind=reset_scheduled', '--set', 'resetType=global_and_banked'],
      ...[
        '--set',
        'scope=windows:five_hour,weekly',
        '--set',
        'effectiveAt=2026-11-21T08:00:00.000Z',
      ],
      ...['--set', `window=${W}`, '--set', 'precision=date', '--set', 'basis=contextual_inference'],
      ...['--set', 'text=Reset lands tomorrow.', '--set', 'confidence=1'],
    ];
    assert.deepEqual(await appended(argv), [
      {
        id: 16,
        type: 'correct',
        ...by,
        payload: {
          recordId: A,
          corrections: {
            kind: 'reset_scheduled',
            resetType: 'global_and_banked',
            scope: { plans: ['unknown'], windows: ['five_hour', 'weekly'] },
            effectiveAt: '2026-11-21T08:00:00.000Z',
            scheduleWindow: WINDOW,
            schedulePrecision: 'date',
            scheduleBasis: 'contextual_inference',
            text: 'Reset lands tomorrow.',
            confidence: 1,
          },
        },
      },
    ]);
  });

  test('null clears every nullable field', async () => {
    const fields = ['scope', 'effectiveAt', 'window', 'precision', 'basis', 'text', 'confidence'];
    const argv = ['correct', A, ...fields.flatMap((field) => ['--set', `${field}=null`])];
    assert.deepEqual(await appended(argv), [
      {
        id: 16,
        type: 'correct',
        ...by,
        payload: {
          recordId: A,
          corrections: {
            scope: null,
            effectiveAt: null,
            scheduleWindow: null,
            schedulePrecision: null,
            scheduleBasis: null,
            text: null,
            confidence: null,
          },
        },
      },
    ]);
  });

  test('a scope as JSON, an id named twice kept once; a text with = in it', async () => {
    const argv = ['correct', A, '--set', 'scope={"plans":["pro","pro"],"windows":["weekly"]}'];
    assert.deepEqual(await appended([...argv, '--set', 'text=a=b']), [
      {
        id: 16,
        type: 'correct',
        ...by,
        payload: {
          recordId: A,
          corrections: { scope: { plans: ['pro'], windows: ['weekly'] }, text: 'a=b' },
        },
      },
    ]);
  });

  test('a held post, before it is accepted', async () => {
    assert.deepEqual(await appended(['correct', D, '--set', 'confidence=.7']), [
      {
        id: 16,
        type: 'correct',
        ...by,
        payload: { recordId: D, corrections: { confidence: 0.7 } },
      },
    ]);
  });
});

describe('ops note', () => {
  test('a schedule with every option', async () => {
    const argv = [
      'note',
      ...['--kind', 'reset_scheduled', '--reset-type', 'banked', '--window', W],
      ...['--precision', 'date', '--basis', 'contextual_inference', '--scope', 'plans:pro'],
      ...['--effective-at', '2026-11-21T17:00:00.000Z', '--text', 'Banked reset tomorrow too.'],
      ...['--post', A, '--announced-at', '2026-11-20T10:00:00.000Z'],
    ];
    assert.deepEqual(await appended(argv), [
      {
        id: 16,
        type: 'note',
        ...by,
        payload: {
          recordId: 'op_tok00000001',
          kind: 'reset_scheduled',
          resetType: 'banked',
          announcedAt: '2026-11-20T10:00:00.000Z',
          effectiveAt: '2026-11-21T17:00:00.000Z',
          text: 'Banked reset tomorrow too.',
          scope: { plans: ['pro'], windows: ['unknown'] },
          schedulePrecision: 'date',
          scheduleBasis: 'contextual_inference',
          scheduleWindow: WINDOW,
          post: { id: A, url: `https://x.com/thsottiaux/status/${A}` },
        },
      },
    ]);
  });

  test('a schedule with a window: basis explicit by default', async () => {
    const argv = ['note', '--kind', 'reset_scheduled', '--reset-type', 'global'];
    assert.deepEqual(await appended([...argv, '--window', W, '--precision', 'date']), [
      {
        id: 16,
        type: 'note',
        ...by,
        payload: {
          recordId: 'op_tok00000001',
          kind: 'reset_scheduled',
          resetType: 'global',
          announcedAt: NOW_ISO,
          effectiveAt: null,
          text: null,
          scope: null,
          schedulePrecision: 'date',
          scheduleBasis: 'explicit',
          scheduleWindow: WINDOW,
          post: null,
        },
      },
    ]);
  });

  test('a completion, announced now', async () => {
    assert.deepEqual(
      await appended(['note', '--kind', 'reset_completed', '--reset-type', 'global']),
      [
        {
          id: 16,
          type: 'note',
          ...by,
          payload: {
            recordId: 'op_tok00000001',
            kind: 'reset_completed',
            resetType: 'global',
            announcedAt: NOW_ISO,
            effectiveAt: null,
            text: null,
            scope: null,
            schedulePrecision: null,
            scheduleBasis: null,
            scheduleWindow: null,
            post: null,
          },
        },
      ],
    );
  });
});

describe('ops complete', () => {
  test('one schedule, at a given time', async () => {
    const argv = ['complete', '--schedules', A, '--at', '2026-11-20T11:45:00.000Z'];
    assert.deepEqual(await appended(argv), [
      {
        id: 16,
        type: 'complete',
        ...by,
        payload: {
          recordId: 'manual:tok00000001',
          scheduleIds: [A],
          completedAt: '2026-11-20T11:45:00.000Z',
          resetType: 'global',
        },
      },
    ]);
  });

  test('two schedules of different types, with a --reset-type covering both; now', async () => {
    const argv = ['complete', '--schedules', `${A},${B}`, '--reset-type', 'global_and_banked'];
    assert.deepEqual(await appended(argv), [
      {
        id: 16,
        type: 'complete',
        ...by,
        payload: {
          recordId: 'manual:tok00000001',
          scheduleIds: [A, B],
          completedAt: NOW_ISO,
          resetType: 'global_and_banked',
        },
      },
    ]);
  });

  test('a schedule whose link was taken back', async () => {
    assert.deepEqual(await appended(['complete', '--schedules', E], [['unlink', E]]), [
      {
        id: 17,
        type: 'complete',
        ...by,
        payload: {
          recordId: 'manual:tok00000001',
          scheduleIds: [E],
          completedAt: NOW_ISO,
          resetType: 'global',
        },
      },
    ]);
  });
});

describe('ops link, unlink, dismiss, restore, undo', () => {
  test('link', async () => {
    assert.deepEqual(await appended(['link', A, C]), [
      { id: 16, type: 'link', ...by, payload: { scheduleId: A, completionId: C } },
    ]);
  });

  test('unlink an automatic link', async () => {
    assert.deepEqual(await appended(['unlink', E]), [
      { id: 16, type: 'unlink', ...by, payload: { scheduleId: E } },
    ]);
  });

  test('dismiss, with an empty --reason (none)', async () => {
    assert.deepEqual(await appended(['dismiss', A, '--reason', '']), [
      { id: 16, type: 'dismiss', ...by, payload: { recordId: A } },
    ]);
  });

  test('dismiss a held post (rejects it)', async () => {
    assert.deepEqual(await appended(['dismiss', D]), [
      { id: 16, type: 'dismiss', ...by, payload: { recordId: D } },
    ]);
  });

  test('restore', async () => {
    assert.deepEqual(await appended(['restore', A], [['dismiss', A]]), [
      { id: 17, type: 'restore', ...by, payload: { recordId: A } },
    ]);
  });

  test('undo', async () => {
    assert.deepEqual(await appended(['undo', '16'], [['dismiss', A]]), [
      { id: 17, type: 'undo', ...by, payload: { entryId: 16 } },
    ]);
  });

  test('undo an undo', async () => {
    assert.deepEqual(
      await appended(
        ['undo', '17'],
        [
          ['dismiss', A],
          ['undo', '16'],
        ],
      ),
      [{ id: 18, type: 'undo', ...by, payload: { entryId: 17 } }],
    );
  });
});
