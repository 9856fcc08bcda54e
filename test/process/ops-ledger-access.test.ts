import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmod, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import Database from 'libsql';
import { openLedger } from '../../src/producer/ledger/open-ledger.ts';
import { A, B, C, dayEntries, E } from '../producer/support/ops-fixtures.ts';
import { ROOT } from '../support/process.ts';
import { assertExit, producerEnv, type Run, run, tempDir } from './support-producer/processes.ts';

/**
 * `ops` as the operator runs it, beside other writers (issue 16, finding 5): reading
 * commands need no write lock and read a ledger they may not write; writing commands
 * started together all succeed, one after the other.
 */

describe('ops and the ledger lock', { concurrency: true }, () => {
  const cleanups: (() => Promise<void>)[] = [];
  after(async () => {
    for (const cleanup of cleanups) await cleanup();
  });

  async function dayLedger(label: string) {
    const temp = await tempDir(label);
    cleanups.push(temp.remove);
    const path = join(temp.dir, 'ledger.db');
    const ledger = await openLedger(`sqlite:${path}`, { create: true });
    await ledger.transact(() => ({ append: dayEntries(), result: undefined }));
    await ledger.close();
    // Everything in the main file, the WAL emptied: its bytes are then the ledger's state.
    const db = new Database(path);
    db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
    db.close();
    return { dir: temp.dir, path, env: { LEDGER_URL: `sqlite:${path}` } };
  }

  const digest = async (path: string) =>
    createHash('sha256')
      .update(await readFile(path))
      .digest('hex');

  test('review and log answer while another process holds the write lock throughout', async () => {
    const { path, env } = await dayLedger('ops-read-locked');
    const holder = new Database(path);
    holder.exec('BEGIN IMMEDIATE');
    try {
      const [review, log] = await Promise.all([
        run(['ops', 'review', '--json'], env),
        run(['ops', 'log', '--limit', '3'], env),
      ]);
      assertExit(review, 0, 'ops review under a held write lock');
      assertExit(log, 0, 'ops log under a held write lock');
      assert.equal(review.stdout.trim().split('\n').length, 2, review.stdout); // D and F are held
    } finally {
      holder.exec('ROLLBACK');
      holder.close();
    }
  });

  test('a ledger this user may not write is read, left as it was, and a write says why', async () => {
    const { dir, path, env } = await dayLedger('ops-read-protected');
    const before = await digest(path);
    // As root, permissions do not stop a write: the commands run as nobody instead.
    const asRoot = process.getuid?.() === 0;
    // Readable by all, writable by its owner only (root, or this user after the chmod).
    await chmod(path, asRoot ? 0o644 : 0o444);
    await chmod(dir, asRoot ? 0o755 : 0o555);
    cleanups.unshift(() => chmod(dir, 0o755));
    const runAs = (args: string[]) => (asRoot ? runAsNobody(args, env) : run(args, env));
    const review = await runAs(['ops', 'review']);
    assertExit(review, 0, 'ops review of a write-protected ledger');
    assert.match(review.stdout, /^1990500000000000004 {2}@thsottiaux /m);
    const log = await runAs(['ops', 'log']);
    assertExit(log, 0, 'ops log of a write-protected ledger');
    const write = await runAs(['ops', 'dismiss', A, '--by', 'alice']);
    assert.equal(write.code, 1, `${write.stdout}\n${write.stderr}`);
    assert.match(
      write.stderr,
      /^reset-records: unexpected error: cannot open the SQLite ledger \S+: this user may not write it \(ops review and ops log can read it\)\n$/,
    );
    assert.doesNotMatch(write.stderr, /\n\s+at /);
    assert.equal(await digest(path), before);
  });

  test('four writing commands started at once all succeed, one after the other', async () => {
    const { path, env } = await dayLedger('ops-write-together');
    const before = (await openLedger(`sqlite:${path}`, { readOnly: true }).then(async (l) => {
      const n = (await l.entries()).length;
      await l.close();
      return n;
    })) as number;
    const results = await Promise.all(
      [A, B, C, E].map((id) => run(['ops', 'dismiss', id, '--by', 'alice', '--json'], env)),
    );
    for (const result of results) assertExit(result, 0, 'ops dismiss beside three others');
    const ids = results.map((result) => (JSON.parse(result.stdout) as { entryId: number }).entryId);
    assert.deepEqual(
      [...ids].sort((x, y) => x - y),
      [before + 1, before + 2, before + 3, before + 4],
    );
  });
});

/** The CLI as user nobody (uid 65534), for a root test run. */
function runAsNobody(args: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['bin/reset-records.js', ...args], {
      cwd: ROOT,
      env: producerEnv(env),
      stdio: ['ignore', 'pipe', 'pipe'],
      uid: 65534,
      gid: 65534,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}
