import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { cli } from '../support/process.ts';
import { completion, HOUR, iso, schedule, snapshotOf } from '../support/records.ts';

/** The real CLI (`bin/reset-records.js`) as an operator runs it (decisions.md §1). */

const T = Date.parse('2026-11-20T12:00:00.000Z');

const VALID = snapshotOf(
  [
    schedule('1001', 'pending', [T + HOUR, T + HOUR], { announcedAt: iso(T - HOUR) }),
    completion('1000', { announcedAt: iso(T - 2 * HOUR), effectiveAt: iso(T - 2 * HOUR) }),
    completion('manual:2026-11-19', { completedAt: iso(T - 24 * HOUR) }),
  ],
  T,
);
const OTHER_VALID = snapshotOf([completion('op_only_note', { text: 'A note.' })], T + HOUR);

/** Three distinct problems, in three records, each on its own field. */
const INVALID = {
  ...VALID,
  records: [
    { ...schedule('4001', 'pending', [T, T]), resetType: 'weekly' },
    completion('op_too_sure', { confidence: 1.5 }),
    completion('4003', { announcedAt: '2026-11-20 12:00:00' }),
  ],
};

describe('the reset-records CLI', () => {
  let dir: string;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'reset-records-cli-'));
    await writeFile(join(dir, 'valid.json'), JSON.stringify(VALID, null, 2));
    await writeFile(join(dir, 'other.json'), `${JSON.stringify(OTHER_VALID)}\n`);
    await writeFile(join(dir, 'invalid.json'), JSON.stringify(INVALID, null, 2));
  });
  after(() => rm(dir, { recursive: true, force: true }));

  test('--help exits 0 and lists the serve, validate and publish commands', async () => {
    const run = await cli(['--help']);
    assert.equal(run.code, 0, run.stderr);
    for (const command of ['serve', 'validate', 'publish']) {
      assert.match(run.stdout, new RegExp(`\\b${command}\\b`), command);
    }
  });

  test('validate exits 0 on a valid snapshot file', async () => {
    const run = await cli(['validate', join(dir, 'valid.json')]);
    assert.equal(run.code, 0, run.stderr);
  });

  test('validate exits 1 on an invalid file and lists every problem with its record id and field', async () => {
    const run = await cli(['validate', join(dir, 'invalid.json')]);
    assert.equal(run.code, 1);
    const lines = `${run.stdout}\n${run.stderr}`.split('\n');
    for (const [id, field] of [
      ['4001', 'resetType'],
      ['op_too_sure', 'confidence'],
      ['4003', 'announcedAt'],
    ] as const) {
      assert.ok(
        lines.some((line) => line.includes(id) && line.includes(field)),
        `a line naming record ${id} and field ${field} in:\n${run.stderr}`,
      );
    }
  });

  test('validate exits 1 on a file that is not JSON', async () => {
    const path = join(dir, 'broken.json');
    await writeFile(path, '{"generatedAt": "2026-11-20T12:00:00.000Z", "records": [');
    const run = await cli(['validate', path]);
    assert.equal(run.code, 1);
    assert.notEqual(run.stderr.trim(), '');
  });

  test('publish FILE with SNAPSHOT_PATH set writes the target atomically with the exact bytes and exits 0', async () => {
    const target = join(dir, 'published', 'snapshot.json');
    await rm(join(dir, 'published'), { recursive: true, force: true });
    await mkdir(join(dir, 'published'));
    await writeFile(target, JSON.stringify(OTHER_VALID));
    const inodeBefore = (await stat(target)).ino;

    const run = await cli(['publish', join(dir, 'valid.json')], { SNAPSHOT_PATH: target });
    assert.equal(run.code, 0, run.stderr);
    assert.deepEqual(await readFile(target), await readFile(join(dir, 'valid.json')));
    assert.deepEqual(await readdir(join(dir, 'published')), ['snapshot.json'], 'no temp file left');
    assert.notEqual(
      (await stat(target)).ino,
      inodeBefore,
      'replaced by rename, not rewritten in place',
    );
  });

  test('publish creates the target when it does not exist yet', async () => {
    const target = join(dir, 'fresh-target.json');
    const run = await cli(['publish', join(dir, 'other.json')], { SNAPSHOT_PATH: target });
    assert.equal(run.code, 0, run.stderr);
    assert.equal(await readFile(target, 'utf8'), `${JSON.stringify(OTHER_VALID)}\n`);
  });

  test('publish of an invalid file exits 1, lists the problems and leaves the target byte-identical', async () => {
    const target = join(dir, 'kept', 'snapshot.json');
    await mkdir(join(dir, 'kept'), { recursive: true });
    const before = Buffer.from(`${JSON.stringify(VALID, null, 4)}\n`);
    await writeFile(target, before);

    const run = await cli(['publish', join(dir, 'invalid.json')], { SNAPSHOT_PATH: target });
    assert.equal(run.code, 1);
    for (const [id, field] of [
      ['4001', 'resetType'],
      ['op_too_sure', 'confidence'],
      ['4003', 'announcedAt'],
    ] as const) {
      assert.ok(
        run.stderr.split('\n').some((line) => line.includes(id) && line.includes(field)),
        `a line naming record ${id} and field ${field}`,
      );
    }
    assert.deepEqual(await readFile(target), before);
    assert.deepEqual(await readdir(join(dir, 'kept')), ['snapshot.json'], 'no temp file left');
  });

  test('publish without SNAPSHOT_PATH exits 2 with a message naming SNAPSHOT_PATH', async () => {
    const run = await cli(['publish', join(dir, 'valid.json')]);
    assert.equal(run.code, 2);
    assert.match(run.stderr, /SNAPSHOT_PATH/);
  });

  test('an unknown command exits 2', async () => {
    const run = await cli(['frobnicate']);
    assert.equal(run.code, 2);
    assert.match(run.stderr, /frobnicate/);
  });

  test('serve with a bad environment value (PORT=abc) exits 2 naming PORT', async () => {
    const run = await cli(['serve'], { PORT: 'abc' });
    assert.equal(run.code, 2);
    assert.match(run.stderr, /PORT/);
  });

  test('serve on a port another program holds exits 2 naming PORT (METRICS_PORT alike), instead of running on', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const taken = String((blocker.address() as AddressInfo).port);
    try {
      // A process still running after the limit is killed (exit null): exiting is the test.
      // A snapshot file that does not exist yet: no demo to build before listening.
      const env = { SNAPSHOT_PATH: join(dir, 'not-published-yet.json'), LOG_LEVEL: 'error' };
      const [port, metrics] = await Promise.all([
        cli(['serve'], { ...env, PORT: taken }, 60_000),
        cli(['serve'], { ...env, PORT: '0', METRICS_PORT: taken }, 60_000),
      ]);
      for (const [run, variable] of [
        [port, 'PORT'],
        [metrics, 'METRICS_PORT'],
      ] as const) {
        assert.equal(run.code, 2, `${variable}: ${run.stderr}`);
        assert.equal(
          run.stderr,
          `reset-records: Invalid configuration:\n  - ${variable}=${taken}: 127.0.0.1:${taken} is already in use (another reset-records, or another program, listens there); stop it or choose another ${variable} (${variable === 'PORT' ? '0 picks a free one' : '0 picks a free one, off serves no metrics'})\n`,
        );
      }
    } finally {
      await new Promise<void>((resolve) => blocker.close(() => resolve()));
    }
  });
});
