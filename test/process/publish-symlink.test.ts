import assert from 'node:assert/strict';
import {
  lstat,
  mkdir,
  mkdtemp,
  readFile,
  readlink,
  rm,
  symlink,
  writeFile,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { publishToFile } from '../../src/shared/snapshot/publish-file.ts';
import { cli } from '../support/process.ts';
import { completion, iso, snapshotOf } from '../support/records.ts';

/**
 * Issue 16, finding 15: a SNAPSHOT_PATH that is a symbolic link (a deployment switching
 * releases or volumes) stays one: what it points at is replaced, atomically, in its own
 * directory. `reset-records publish` as a process, publishToFile for the other shapes.
 */

let dir: string;
before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'reset-records-publish-symlink-'));
});
after(() => rm(dir, { recursive: true, force: true }));

const T = Date.parse('2026-11-20T12:00:00.000Z');

test('publish writes through a symlinked SNAPSHOT_PATH and leaves the link a link', async () => {
  const releases = join(dir, 'volume');
  await mkdir(releases);
  await writeFile(join(releases, 'snapshot.json'), '{}');
  const link = join(dir, 'snapshot.json');
  await symlink('volume/snapshot.json', link);
  const file = join(dir, 'new.json');
  const text = JSON.stringify(snapshotOf([completion('1001', { announcedAt: iso(T) })], T));
  await writeFile(file, text);
  const run = await cli(['publish', file], { SNAPSHOT_PATH: link });
  assert.equal(run.code, 0, run.stderr);
  assert.equal(run.stdout, `Published ${file} to ${link}\n`);
  assert.ok((await lstat(link)).isSymbolicLink(), 'still a link');
  assert.equal(await readlink(link), 'volume/snapshot.json');
  assert.equal(await readFile(join(releases, 'snapshot.json'), 'utf8'), text);
});

test('a chain of links, and a link to a file not there yet, are followed to the end', async () => {
  const target = join(dir, 'deep', 'real.json');
  await mkdir(join(dir, 'deep'));
  await symlink(join(dir, 'deep', 'real.json'), join(dir, 'second'));
  await symlink('second', join(dir, 'first'));
  await publishToFile(join(dir, 'first'), 'one\n');
  assert.equal(await readFile(target, 'utf8'), 'one\n');
  assert.ok((await lstat(join(dir, 'first'))).isSymbolicLink());
  assert.ok((await lstat(join(dir, 'second'))).isSymbolicLink());
  await publishToFile(join(dir, 'first'), 'two\n');
  assert.equal(await readFile(target, 'utf8'), 'two\n');
});

test('a loop of links is refused, and nothing is written', async () => {
  await symlink('loop-b', join(dir, 'loop-a'));
  await symlink('loop-a', join(dir, 'loop-b'));
  await assert.rejects(publishToFile(join(dir, 'loop-a'), 'x'), { code: 'ELOOP' });
  assert.ok((await lstat(join(dir, 'loop-a'))).isSymbolicLink());
});

test('a plain path is replaced as before', async () => {
  const plain = join(dir, 'plain.json');
  await publishToFile(plain, 'a\n');
  await publishToFile(plain, 'b\n');
  assert.equal(await readFile(plain, 'utf8'), 'b\n');
  assert.ok((await lstat(plain)).isFile());
});
