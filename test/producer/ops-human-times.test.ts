import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { A, dayLedger, NOW, ops, opsOk } from './support/ops-fixtures.ts';

/**
 * Times as the operator types them in `ops` (human-time.ts): read on the Pacific calendar,
 * echoed back in UTC before the entry is written, refused when ambiguous; a time in the
 * contract's form is taken as it is, without an echo.
 */

const lastPayload = async (ledger: ReturnType<typeof dayLedger>) =>
  (await ledger.entries()).at(-1)!.payload as Record<string, unknown>;

describe('human times in ops', () => {
  test('"6pm PT" in --set effectiveAt: echoed in UTC first, then written in UTC', async () => {
    const ledger = dayLedger();
    const ran = await opsOk(ledger, ['correct', A, '--set', 'effectiveAt=6pm PT']);
    assert.equal(
      ran.stdout[0],
      'effectiveAt "6pm PT" is 2026-11-21T02:00:00.000Z (Fri 20 Nov 2026 18:00:00 PST)',
    );
    assert.deepEqual((await lastPayload(ledger)).corrections, {
      effectiveAt: '2026-11-21T02:00:00.000Z',
    });
  });

  test("the contract's form is taken as typed, with no echo", async () => {
    const ledger = dayLedger();
    const ran = await opsOk(ledger, [
      'correct',
      A,
      '--set',
      'effectiveAt=2026-11-21T02:00:00.000Z',
    ]);
    assert.match(ran.stdout[0]!, /^Corrected /);
  });

  test('an offset, no milliseconds, "-2h", and a whole Pacific day as a window', async () => {
    const ledger = dayLedger();
    await opsOk(ledger, ['correct', A, '--set', 'effectiveAt=2026-11-20T10:00-08:00']);
    assert.deepEqual((await lastPayload(ledger)).corrections, {
      effectiveAt: '2026-11-20T18:00:00.000Z',
    });
    const done = await opsOk(ledger, ['complete', '--schedules', A, '--at=-2h']);
    assert.equal(
      done.stdout[0],
      '--at "-2h" is 2026-11-20T10:00:00.000Z (Fri 20 Nov 2026 02:00:00 PST)',
    );
    assert.equal((await lastPayload(ledger)).completedAt, new Date(NOW - 7_200_000).toISOString());
    const day = await opsOk(dayLedger(), ['correct', A, '--set', 'window=tomorrow']);
    assert.equal(
      day.stdout[0],
      'window "tomorrow" is 2026-11-21T08:00:00.000Z to 2026-11-22T07:59:59.999Z (the whole day) (Sat 21 Nov 2026 00:00:00 PST)',
    );
  });

  test('--json: the echo goes to stderr, stdout stays one JSON object', async () => {
    const ran = await opsOk(dayLedger(), ['correct', A, '--set', 'effectiveAt=6pm PT', '--json']);
    assert.equal(ran.stdout.length, 1);
    JSON.parse(ran.stdout[0]!);
    assert.deepEqual(ran.stderr, [
      'effectiveAt "6pm PT" is 2026-11-21T02:00:00.000Z (Fri 20 Nov 2026 18:00:00 PST)',
    ]);
  });

  test('a refused time writes nothing; a future completion stays refused', async () => {
    const ledger = dayLedger();
    const count = (await ledger.entries()).length;
    const ran = await ops(ledger, ['complete', '--schedules', A, '--at', '+1h']);
    assert.equal(ran.status, 1);
    assert.deepEqual(ran.stderr, ['Refused: --at is in the future: 2026-11-20T13:00:00.000Z']);
    assert.equal((await ledger.entries()).length, count);
  });
});
