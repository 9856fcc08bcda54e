import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { build } from '../../src/producer/build/build.ts';
import type { Ledger } from '../../src/producer/ledger/ledger.ts';
import { openLedger } from '../../src/producer/ledger/open-ledger.ts';
import { runOps } from '../../src/producer/ops/run-ops.ts';
import { validateSnapshot } from '../../src/shared/snapshot/validate.ts';
import { A, D, dayEntries, F, NOW, SETTINGS } from './support/ops-fixtures.ts';

/**
 * An operator's day against a real SQLite ledger in a temporary directory, through
 * runOps as the CLI calls it (default ids, the clock a minute on at each command, from 12:01):
 * review → accept → note → complete → log → undo → log, then the file reopened.
 */

const ROOT = mkdtempSync(join(tmpdir(), 'ops-sqlite-day-'));
after(() => rmSync(ROOT, { recursive: true, force: true }));

const MINUTE = 60_000;

test('a day of operator commands on a SQLite ledger', async () => {
  const url = `sqlite:${join(ROOT, 'data', 'ledger.db')}`;
  let ledger: Ledger = await openLedger(url, { create: true });
  await ledger.transact(() => ({ append: dayEntries(), result: null }));
  let clock = NOW;
  const run = async (...argv: string[]) => {
    const stdout: string[] = [];
    const stderr: string[] = [];
    clock += MINUTE;
    const status = await runOps(argv, {
      ledger,
      now: () => clock,
      operator: 'ann',
      settings: SETTINGS,
      stdout: (line) => stdout.push(line),
      stderr: (line) => stderr.push(line),
    });
    return { status, stdout, stderr };
  };
  const snapshot = async (now: number) => {
    const built = build(await ledger.entries(), now, SETTINGS);
    assert.deepEqual(built.omitted, []);
    assert.equal(validateSnapshot(built.snapshot).ok, true);
    return built.snapshot;
  };

  try {
    const review = await run('review', '--json');
    assert.deepEqual(
      review.stdout.map((line) => JSON.parse(line).postId),
      [D, F],
    );

    const accepted = await run(
      'accept',
      D,
      '--set',
      'confidence=0.9',
      '--reason',
      'read the thread',
    );
    assert.deepEqual(accepted.stdout, [
      `Accepted ${D}, setting confidence (entry 16).`,
      `  ${D} is now published`,
    ]);

    const noted = await run(
      'note',
      ...['--kind', 'reset_scheduled', '--reset-type', 'global', '--precision', 'datetime'],
      ...['--window', '2026-11-20T22:00:00.000Z,2026-11-20T22:00:00.000Z', '--post', A, '--json'],
    );
    assert.equal(noted.status, 0, noted.stderr.join('\n'));
    const note = JSON.parse(noted.stdout[0]!);
    const noteId: string = note.recordIds[0];
    assert.match(noteId, /^op_[0-9a-hjkmnp-tv-z]{14}$/);
    assert.deepEqual([note.action, note.entryId, note.actor], ['note', 17, 'ann']);

    // Compared at one `now` after the day, so that only the ledger differs.
    const later = NOW + 60 * MINUTE;
    const beforeComplete = await snapshot(later);
    const completed = await run(
      'complete',
      '--schedules',
      `${A},${noteId}`,
      '--at',
      '2026-11-20T12:02:30.000Z',
      '--json',
    );
    const completion = JSON.parse(completed.stdout[0]!);
    const manualId: string = completion.recordIds[0];
    assert.match(manualId, /^manual:[0-9a-hjkmnp-tv-z]{14}$/);
    assert.deepEqual(completion.recordIds, [manualId, A, noteId]);
    assert.equal(completion.entryId, 18);
    const fulfilled = (await snapshot(clock)).records.filter(
      (r) => r.completionRecordId === manualId,
    );
    assert.deepEqual(
      fulfilled.map((r) => [r.id, r.fulfillmentOrigin]),
      [
        [A, 'manual'],
        [noteId, 'manual'],
      ],
    );

    const log = await run('log');
    assert.deepEqual(log.stdout, [
      `18  2026-11-20T12:04:00.000Z  ann  complete ${manualId}: fulfils ${A}, ${noteId} at 2026-11-20T12:02:30.000Z`,
      `17  2026-11-20T12:03:00.000Z  ann  note ${noteId}: reset_scheduled global about post ${A}`,
      `16  2026-11-20T12:02:00.000Z  ann  accept ${D}, setting confidence  reason: read the thread`,
    ]);

    const undone = await run('undo', '18', '--reason', 'wrong day');
    assert.equal(
      undone.stdout[0],
      `Undid entry 18: complete ${manualId}: fulfils ${A}, ${noteId} at 2026-11-20T12:02:30.000Z (entry 19).`,
    );
    assert.deepEqual(await snapshot(later), beforeComplete);

    // Reopened, as the next command would: everything was written.
    await ledger.close();
    ledger = await openLedger(url, { create: true });
    const again = await run('log', '--limit', '2');
    assert.deepEqual(again.stdout, [
      `19  2026-11-20T12:06:00.000Z  ann  undo entry 18: complete ${manualId}: fulfils ${A}, ${noteId} at 2026-11-20T12:02:30.000Z  reason: wrong day`,
      `18  2026-11-20T12:04:00.000Z  ann  complete ${manualId}: fulfils ${A}, ${noteId} at 2026-11-20T12:02:30.000Z  [undone by entry 19]`,
    ]);
    const refused = await run('undo', '18');
    assert.deepEqual(refused, {
      status: 1,
      stdout: [],
      stderr: ['Refused: entry 18 is already undone (by entry 19)'],
    });
    assert.equal((await ledger.entries()).length, 19);
  } finally {
    await ledger.close();
  }
});
