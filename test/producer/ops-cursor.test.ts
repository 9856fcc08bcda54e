import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import type { NewEntry } from '../../src/producer/ledger/entry.ts';
import {
  CURSOR_RESET_SOURCE,
  currentCursor,
  implausibleCursor,
} from '../../src/producer/monitor/cursor.ts';
import { dayLedger, NOW, ops, opsOk } from './support/ops-fixtures.ts';
import { OpsMemoryLedger } from './support/ops-memory-ledger.ts';

/** `ops cursor`: where the next check reads from, and the operator's reset of it. */

const check = (cursor: string | null, ok = true, at = '2026-11-20T11:00:00.000Z'): NewEntry => ({
  type: 'source_checked',
  at,
  actor: 'monitor',
  reason: null,
  payload: { source: 'x:thsottiaux', ok, cursor, error: ok ? null : 'X answered 503', newPosts: 0 },
});

describe('ops cursor', () => {
  test('shows the cursor and the check that set it', async () => {
    const ledger = new OpsMemoryLedger([
      check('1900000000000000101'),
      check('1900000000000000101', false),
    ]);
    assert.deepEqual((await opsOk(ledger, ['cursor'])).stdout, [
      'Cursor: 1900000000000000101',
      '  set by entry 1 (check of x:thsottiaux, 2026-11-20T11:00:00.000Z)',
    ]);
    assert.deepEqual((await opsOk(ledger, ['cursor', '--json'])).stdout, [
      JSON.stringify({
        cursor: '1900000000000000101',
        setBy: {
          entryId: 1,
          at: '2026-11-20T11:00:00.000Z',
          actor: 'monitor',
          source: 'x:thsottiaux',
        },
        skipped: [],
      }),
    ]);
  });

  test('an empty ledger: none', async () => {
    assert.deepEqual((await opsOk(new OpsMemoryLedger(), ['cursor'])).stdout, [
      'Cursor: none (the next check reads the newest pages of each handle)',
    ]);
  });

  test('a recorded 25-digit cursor (a ledger from before the check) is shown as skipped', async () => {
    const ledger = new OpsMemoryLedger([
      check('1900000000000000101'),
      check('9999999999999999999999999'),
    ]);
    assert.deepEqual((await opsOk(ledger, ['cursor'])).stdout, [
      'Cursor: 1900000000000000101',
      '  set by entry 1 (check of x:thsottiaux, 2026-11-20T11:00:00.000Z)',
      '  skipped: "9999999999999999999999999" of entry 2 (not 1 to 19 decimal digits)',
    ]);
  });

  test('--reset appends one entry by the operator, not a successful check; the monitor reads from none, or from --to', async () => {
    const ledger = new OpsMemoryLedger([check('1900000000000000101')]);
    const reset = await opsOk(ledger, ['cursor', '--reset', '--reason', 'X re-sent old posts']);
    assert.deepEqual(reset.stdout, [
      'Cursor reset to none (entry 2): the next check reads the newest pages again; posts already stored are not stored twice.',
    ]);
    const entries = await ledger.entries();
    assert.deepEqual(entries.at(-1), {
      id: 2,
      type: 'source_checked',
      at: new Date(NOW).toISOString(),
      actor: 'ann',
      reason: 'X re-sent old posts',
      payload: {
        source: 'ops:cursor-reset',
        ok: false,
        cursor: null,
        error: 'the cursor was reset by the operator',
        newPosts: 0,
      },
    });
    assert.equal(currentCursor(entries, NOW), null);
    assert.deepEqual((await opsOk(ledger, ['cursor'])).stdout, [
      'Cursor: none (the next check reads the newest pages of each handle)',
      `  set by entry 2 (reset by ann, ${new Date(NOW).toISOString()})`,
    ]);

    await opsOk(ledger, ['cursor', '--reset', '--to', '1900000000000000050', '--by', 'bob']);
    assert.equal(currentCursor(await ledger.entries(), NOW), '1900000000000000050');
  });

  test("ops status after a reset: the last check is still the monitor's, the cursor the one the next check reads from", async () => {
    const ledger = dayLedger();
    await opsOk(ledger, ['cursor', '--reset']);
    const status = await opsOk(ledger, ['status']);
    assert.equal(status.stdout[1], 'Last check: 2026-11-20T11:59:00.000Z, ok; cursor none.');
  });

  for (const [args, status, message] of [
    [
      ['--reset', '--to', '9999999999999999999999999'],
      1,
      'Refused: --to "9999999999999999999999999" is not 1 to 19 decimal digits',
    ],
    [
      ['--reset', '--to', '2200000000000000000'],
      1,
      'Refused: --to "2200000000000000000" is made at 2027-06-18T',
    ],
    [['--reset', '--by', 'monitor'], 2, 'Usage error: --by: "monitor" is the monitor\'s name'],
    [['--to', '1'], 2, 'Usage error: --to, --by and --reason go with --reset'],
    [['now'], 2, 'Usage error: cursor takes no arguments, only options'],
    [['--bogus'], 2, "Usage error: Unknown option '--bogus'"],
  ] as const) {
    test(`ops cursor ${args.join(' ')}: exit ${status}, nothing appended`, async () => {
      const ledger = new OpsMemoryLedger([check('1900000000000000101')]);
      const ran = await ops(ledger, ['cursor', ...args]);
      assert.equal(ran.status, status);
      assert.ok(ran.stderr[0]?.startsWith(message), ran.stderr.join('\n'));
      assert.equal((await ledger.entries()).length, 1);
    });
  }

  test('property: any arguments: exit 0, 1 or 2, never a throw; at most one reset appended, and the cursor stays plausible', async () => {
    const word = fc.oneof(
      fc.constantFrom(
        '--reset',
        '--to',
        '--by',
        '--reason',
        '--json',
        '--to=1',
        '-h',
        'monitor',
        'ann',
      ),
      fc.bigInt({ min: 0n, max: 2n ** 70n }).map(String),
      fc.string({ unit: 'binary', maxLength: 12 }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(word, { maxLength: 6 }), async (args) => {
        const ledger = new OpsMemoryLedger([check('1900000000000000101')]);
        const ran = await ops(ledger, ['cursor', ...args]);
        assert.ok([0, 1, 2].includes(ran.status), `${JSON.stringify(args)} → ${ran.status}`);
        const entries = await ledger.entries();
        if (ran.status !== 0) {
          assert.equal(entries.length, 1);
          assert.ok(ran.stderr.length >= 1 && !/[\r\n]/.test(ran.stderr[0]!));
          return;
        }
        assert.ok(entries.length <= 2);
        const added = entries[1];
        if (added !== undefined) {
          assert.equal(added.type, 'source_checked');
          assert.equal((added.payload as { source: string }).source, CURSOR_RESET_SOURCE);
        }
        const cursor = currentCursor(entries, NOW);
        assert.ok(cursor === null || implausibleCursor(cursor, NOW) === null, String(cursor));
      }),
      { numRuns: 1_000 },
    );
  });
});
