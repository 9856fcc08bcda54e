import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { cli, freePort } from '../support/process.ts';
import { completion, snapshotOf } from '../support/records.ts';

/**
 * The CLI facing bad input and bad surroundings: bounded work and output, the same size
 * limit as the service, usage errors exit 2, and no secret or stack trace in what it says.
 */

const T = Date.parse('2026-11-20T12:00:00.000Z');
const NO_STACK = /\n\s+at /;

describe('the CLI with hostile input', () => {
  let dir: string;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'reset-records-cli-hostile-'));
    const empties = Array(300_000).fill('{}').join(',');
    await writeFile(
      join(dir, 'empties.json'),
      `{"generatedAt":"2026-11-20T12:00:00.000Z","lastSuccessfulCheckAt":null,"records":[${empties}]}`,
    );
    const records = Array.from({ length: 20 }, (_, i) =>
      completion(String(7_000 + i), { text: 'y'.repeat(200) }),
    );
    await writeFile(join(dir, 'large.json'), JSON.stringify(snapshotOf(records, T)));
  });
  after(() => rm(dir, { recursive: true, force: true }));

  test('validate stops after 100 problems of 300,000 bad records, quickly', async () => {
    const started = performance.now();
    const run = await cli(['validate', join(dir, 'empties.json')]);
    const ms = performance.now() - started;
    assert.equal(run.code, 1);
    const lines = run.stderr.trim().split('\n');
    assert.equal(lines.length, 102, 'a heading, 100 problems and a last line');
    assert.equal(lines[0], `${join(dir, 'empties.json')}: invalid snapshot, 100 problem(s):`);
    assert.equal(lines.at(-1), '  (stopped after the first 100 problems)');
    assert.ok(ms < 5_000, `${ms.toFixed(0)} ms`);
  });

  test('publish and validate refuse a file over SNAPSHOT_MAX_BYTES with the limit named, and publish nothing', async () => {
    const target = join(dir, 'target.json');
    const file = join(dir, 'large.json');
    const env = { SNAPSHOT_MAX_BYTES: '4096', SNAPSHOT_PATH: target };
    for (const command of ['validate', 'publish']) {
      const run = await cli([command, file], env);
      assert.equal(run.code, 1, command);
      assert.match(
        run.stderr,
        /large\.json: \d+ bytes, over the snapshot size limit of 4096 bytes \(SNAPSHOT_MAX_BYTES\)/,
      );
      assert.doesNotMatch(run.stderr, NO_STACK);
    }
    await assert.rejects(import('node:fs/promises').then((fs) => fs.stat(target)));
  });

  test('validate refuses something that is not a regular file', async () => {
    const run = await cli(['validate', '/dev/null']);
    assert.equal(run.code, 1);
    assert.equal(run.stderr.trim(), 'reset-records: /dev/null: not a regular file');
  });

  test('an unknown option is a usage error: exit 2 with the usage hint', async () => {
    const run = await cli(['validate', '--frobnicate', 'x.json']);
    assert.equal(run.code, 2);
    assert.match(run.stderr, /^reset-records: Unknown option '--frobnicate'/);
    assert.match(run.stderr, /Run `reset-records --help` for usage\./);
    assert.doesNotMatch(run.stderr, NO_STACK);
  });

  test('publish to an unreachable Redis never prints the password from REDIS_URL', async () => {
    const port = await freePort(); // nothing listens there
    const run = await cli(['publish', join(dir, 'large.json')], {
      REDIS_URL: `redis://admin:s3cret-pass@127.0.0.1:${port}/0`,
      SNAPSHOT_REDIS_KEY: 'reset-records:snapshot',
    });
    assert.equal(run.code, 1);
    assert.doesNotMatch(`${run.stdout}${run.stderr}`, /s3cret-pass|admin/);
    assert.match(
      run.stderr,
      new RegExp(`Redis at redis://\\*\\*\\*:\\*\\*\\*@127\\.0\\.0\\.1:${port}/0 is unreachable`),
    );
  });
});
