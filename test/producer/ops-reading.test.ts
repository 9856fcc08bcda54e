import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  A,
  C,
  D,
  dayEntries,
  dayLedger,
  F,
  NOW,
  ops,
  opsOk,
  post,
  schedule,
  tokens,
} from './support/ops-fixtures.ts';
import { OpsMemoryLedger } from './support/ops-memory-ledger.ts';

/** `ops review` and `ops log`: formatters over the entries; they append nothing and need no --by. */

const anonymous = { operator: undefined };
const MINUTE = 60_000;

describe('ops review', () => {
  test('lists each held post in full, what it would publish, and why it waits', async () => {
    const ledger = dayLedger();
    const count = (await ledger.entries()).length;
    const ran = await opsOk(ledger, ['review'], anonymous);
    assert.deepEqual(ran.stdout, [
      `${D}  @thsottiaux  2026-11-20T11:10:00.000Z  https://x.com/thsottiaux/status/${D}`,
      '  | Another one around noon PT?',
      '  proposed: reset_scheduled global, window 2026-11-20T20:00:00.000Z to ' +
        '2026-11-20T20:00:00.000Z (datetime, explicit), effectiveAt 2026-11-20T20:00:00.000Z, ' +
        'scope plans:all;windows:unknown, confidence 0.6',
      '  held because: confidence 0.6 is below 0.8 [rules-1.0.0]',
      '',
      `${F}  @thsottiaux  2026-11-20T11:20:00.000Z  https://x.com/thsottiaux/status/${F}`,
      '  | yes, that one',
      '  | soon',
      '  in reply to:',
      '    | Is the weekly reset coming?',
      '  proposed: no reset found (accepting it needs --set kind=… --set resetType=…)',
      '  held because: a reply: read with its parent [rules-1.0.0]',
      '',
      '2 held. Publish one with ops accept POST_ID [--set FIELD=VALUE …], reject one with ops dismiss POST_ID.',
    ]);
    assert.deepEqual(ran.stderr, []);
    assert.equal((await ledger.entries()).length, count, 'nothing appended');
  });

  test('--json: one object per held post, corrections made so far applied', async () => {
    const ledger = dayLedger();
    await opsOk(ledger, [
      'correct',
      D,
      '--set',
      'text=Reset at noon PT.',
      '--set',
      'confidence=0.7',
    ]);
    const ran = await opsOk(ledger, ['review', '--json'], anonymous);
    assert.deepEqual(
      ran.stdout.map((line) => JSON.parse(line)),
      [
        {
          postId: D,
          handle: 'thsottiaux',
          postedAt: '2026-11-20T11:10:00.000Z',
          url: `https://x.com/thsottiaux/status/${D}`,
          text: 'Another one around noon PT?',
          parentText: null,
          quotedText: null,
          classifier: 'rules-1.0.0',
          reasons: ['confidence 0.6 is below 0.8'],
          proposed: {
            id: D,
            kind: 'reset_scheduled',
            resetType: 'global',
            effectiveAt: '2026-11-20T20:00:00.000Z',
            confidence: 0.7,
            scope: { plans: ['all'], windows: ['unknown'] },
            schedulePrecision: 'datetime',
            scheduleBasis: 'explicit',
            scheduleWindow: {
              startAt: '2026-11-20T20:00:00.000Z',
              endAt: '2026-11-20T20:00:00.000Z',
            },
            announcedAt: '2026-11-20T11:10:00.000Z',
            text: 'Reset at noon PT.',
            source: {
              origin: 'x',
              postId: D,
              handle: 'thsottiaux',
              url: `https://x.com/thsottiaux/status/${D}`,
            },
          },
        },
        {
          postId: F,
          handle: 'thsottiaux',
          postedAt: '2026-11-20T11:20:00.000Z',
          url: `https://x.com/thsottiaux/status/${F}`,
          text: 'yes, that one\nsoon',
          parentText: 'Is the weekly reset coming?',
          quotedText: null,
          classifier: 'rules-1.0.0',
          reasons: ['a reply: read with its parent'],
          proposed: null,
        },
      ],
    );
    const human = await opsOk(ledger, ['review'], anonymous);
    assert.ok(human.stdout[2]!.endsWith(', confidence 0.7, text corrected to "Reset at noon PT."'));
  });

  test('accepted and dismissed posts leave the queue; restore puts one back', async () => {
    const ledger = dayLedger();
    await opsOk(ledger, ['accept', D]);
    await opsOk(ledger, ['dismiss', F]);
    assert.deepEqual((await opsOk(ledger, ['review'], anonymous)).stdout, [
      'No posts held for review.',
    ]);
    await opsOk(ledger, ['restore', F]);
    const json = await opsOk(ledger, ['review', '--json'], anonymous);
    assert.deepEqual(
      json.stdout.map((line) => JSON.parse(line).postId),
      [F],
    );
  });
});

describe("ops review: a held post its author's published reply carries", () => {
  const TERSE = '1990500000000000010';
  const REPLY = '1990500000000000011';
  const EOD = schedule('2026-11-20T11:41:00.000Z', '2026-11-21T07:59:59.999Z');
  // "Day 6/ Reset", then 41 s later his reply "Global reset by EOD." (eval/new2.jsonl).
  const ledger = (replyAt = '2026-11-20T11:40:41.000Z', replyHeld = false) =>
    new OpsMemoryLedger([
      ...dayEntries(),
      ...post(TERSE, '2026-11-20T11:40:00.000Z', 'Day 6/ Reset', schedule(NOW_DAY, NOW_DAY_END), {
        held: true,
        reasons: ['no time is stated'],
      }),
      ...post(REPLY, replyAt, 'Global reset by EOD.', EOD, {
        held: replyHeld,
        inReplyToId: TERSE,
        parentText: 'Day 6/ Reset',
      }),
    ]);
  const NOW_DAY = '2026-11-20T08:00:00.000Z';
  const NOW_DAY_END = '2026-11-21T07:59:59.999Z';
  const CARRIED = `${TERSE} is held too, but its author's reply ${REPLY} carries the announcement and is published: nothing to decide (ops accept or ops dismiss still act on it).`;

  test('it leaves the queue, named under it; --json lists only the queue', async () => {
    const carried = ledger();
    const human = await opsOk(carried, ['review'], anonymous);
    assert.deepEqual(human.stdout.slice(-2), [
      '2 held. Publish one with ops accept POST_ID [--set FIELD=VALUE …], reject one with ops dismiss POST_ID.',
      CARRIED,
    ]);
    const json = await opsOk(carried, ['review', '--json'], anonymous);
    assert.deepEqual(
      json.stdout.map((line) => JSON.parse(line).postId),
      [D, F],
    );
    await opsOk(carried, ['accept', D]);
    await opsOk(carried, ['dismiss', F]);
    assert.deepEqual((await opsOk(carried, ['review'], anonymous)).stdout, [
      'No posts held for review.',
      CARRIED,
    ]);
  });

  test('dismissing the reply puts it back in the queue; so does a reply that is held, or late', async () => {
    const dismissed = ledger();
    await opsOk(dismissed, ['dismiss', REPLY]);
    for (const queue of [dismissed, ledger(undefined, true), ledger('2026-11-20T12:10:01.000Z')]) {
      const json = await opsOk(queue, ['review', '--json'], anonymous);
      assert.ok(
        json.stdout.map((line) => JSON.parse(line).postId).includes(TERSE),
        'the terse post is back in the queue',
      );
    }
  });

  test('accepting the held reply carries it again', async () => {
    const accepted = ledger(undefined, true);
    await opsOk(accepted, ['accept', REPLY]);
    const json = await opsOk(accepted, ['review', '--json'], anonymous);
    assert.deepEqual(
      json.stdout.map((line) => JSON.parse(line).postId),
      [D, F],
    );
  });

  test("the reply's record as corrected decides: corrected to banked, it no longer carries a global post", async () => {
    const corrected = ledger();
    await opsOk(corrected, ['correct', REPLY, '--set', 'resetType=banked']);
    const json = await opsOk(corrected, ['review', '--json'], anonymous);
    assert.deepEqual(
      json.stdout.map((line) => JSON.parse(line).postId),
      [D, F, TERSE],
    );
  });
});

describe('ops log', () => {
  async function day() {
    const ledger = dayLedger();
    const newId = tokens();
    await opsOk(ledger, ['dismiss', A, '--reason', 'duplicate'], { newId, now: NOW });
    await opsOk(
      ledger,
      ['note', '--kind', 'reset_completed', '--reset-type', 'global', '--by', 'bob'],
      {
        newId,
        now: NOW + MINUTE,
      },
    );
    await opsOk(ledger, ['undo', '16', '--reason', 'not a duplicate'], {
      newId,
      now: NOW + 2 * MINUTE,
    });
    await opsOk(ledger, ['link', A, C], { newId, now: NOW + 3 * MINUTE });
    return ledger;
  }

  test('the operator entries, newest first: id, time, actor, action, what, reason, undone', async () => {
    const ledger = await day();
    const count = (await ledger.entries()).length;
    assert.deepEqual((await opsOk(ledger, ['log'], anonymous)).stdout, [
      `19  2026-11-20T12:03:00.000Z  ann  link ${A} to ${C}`,
      `18  2026-11-20T12:02:00.000Z  ann  undo entry 16: dismiss ${A}  reason: not a duplicate`,
      '17  2026-11-20T12:01:00.000Z  bob  note op_tok00000001: reset_completed global',
      `16  2026-11-20T12:00:00.000Z  ann  dismiss ${A}  [undone by entry 18]  reason: duplicate`,
    ]);
    assert.equal((await ledger.entries()).length, count, 'nothing appended');
  });

  test('--limit N keeps the newest N; --json gives one object per entry', async () => {
    const ledger = await day();
    const ran = await opsOk(ledger, ['log', '--limit', '2', '--json'], anonymous);
    assert.deepEqual(
      ran.stdout.map((line) => JSON.parse(line)),
      [
        {
          entryId: 19,
          at: '2026-11-20T12:03:00.000Z',
          actor: 'ann',
          action: 'link',
          summary: `link ${A} to ${C}`,
          reason: null,
          recordIds: [A, C],
          undoneBy: null,
          payload: { scheduleId: A, completionId: C },
        },
        {
          entryId: 18,
          at: '2026-11-20T12:02:00.000Z',
          actor: 'ann',
          action: 'undo',
          summary: `undo entry 16: dismiss ${A}`,
          reason: 'not a duplicate',
          recordIds: [A],
          undoneBy: null,
          payload: { entryId: 16 },
        },
      ],
    );
  });

  test('no operator entry yet', async () => {
    assert.deepEqual((await opsOk(dayLedger(), ['log'], anonymous)).stdout, [
      'No operator entries yet.',
    ]);
    assert.deepEqual((await opsOk(new OpsMemoryLedger(), ['log', '--json'], anonymous)).stdout, []);
  });

  test('the default limit is 50', async () => {
    const ledger = dayLedger();
    for (let i = 0; i < 26; i++) {
      await opsOk(ledger, ['dismiss', A]);
      await opsOk(ledger, ['restore', A]);
    }
    const ran = await ops(ledger, ['log'], anonymous);
    assert.equal(ran.stdout.length, 50);
    assert.ok(ran.stdout[0]!.startsWith('67  '));
  });
});
