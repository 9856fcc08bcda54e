import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';
import { cli } from '../support/process.ts';

/** docs/deployment.md shows `reset-records --help` as it is: the block is the CLI's own output. */
test('the --help block of docs/deployment.md is exactly what `reset-records --help` prints', async () => {
  const readme = await readFile(new URL('../../docs/deployment.md', import.meta.url), 'utf8');
  const marker = '```\n$ node bin/reset-records.js --help\n';
  const start = readme.indexOf(marker);
  assert.ok(start >= 0, 'docs/deployment.md shows the --help output');
  const block = readme.slice(start + marker.length, readme.indexOf('```\n', start + marker.length));
  const run = await cli(['--help']);
  assert.equal(run.code, 0);
  assert.equal(block, run.stdout);
});
