import assert from 'node:assert/strict';
import { readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import Database from 'libsql';
import {
  assertExit,
  jsonLines,
  LongRunning,
  ledgerEntries,
  ops,
  run,
  tempDir,
  until,
} from './support-producer/processes.ts';

/**
 * Issue 16, findings 7 and 8, with the CLI and the monitor as processes: a ledger is created
 * only by `ledger-init`; the first publish of a monitor is checked against the live snapshot;
 * a backup restored under a running monitor is noticed and read again.
 */

/** A completion the rules publish by themselves (docs/operating.md, "A real day"). */
const DONE = {
  id: '1990000000000000701',
  handle: 'thsottiaux',
  createdAt: new Date(Date.now() - 120_000).toISOString(),
  text: 'Reset all propagated. Enjoy.',
};
const DONE_TOO = {
  id: '1990000000000000702',
  handle: 'thsottiaux',
  createdAt: new Date(Date.now() - 60_000).toISOString(),
  text: 'Reset all propagated. Enjoy.',
};

const cleanups: (() => Promise<void>)[] = [];
after(async () => {
  for (const cleanup of cleanups) await cleanup();
});
async function sandbox(label: string) {
  const temp = await tempDir(label);
  cleanups.push(temp.remove);
  return temp.dir;
}

const recordIds = async (path: string) =>
  (JSON.parse(await readFile(path, 'utf8')) as { records: { id: string }[] }).records.map(
    (record) => record.id,
  );

describe('ledger-init, and a missing ledger', () => {
  test('every command but ledger-init refuses a missing ledger (exit 2, naming LEDGER_URL and ledger-init) and creates nothing', async () => {
    const dir = await sandbox('missing-ledger');
    const file = join(dir, 'data', 'ledger.db');
    const env = { LEDGER_URL: `sqlite:${file}`, OPERATOR: 'alice' };
    const posts = join(dir, 'posts.jsonl');
    await writeFile(posts, jsonLines([DONE]));
    const results = await Promise.all([
      run(['build'], env),
      run(['ingest', posts], env),
      run(['ops', 'review'], env),
      run(['monitor', '--once'], {
        ...env,
        MONITOR_SOURCE: `file:${posts}`,
        SNAPSHOT_PATH: join(dir, 'snapshot.json'),
      }),
      // Before it listens: no service without its monitor.
      run(['serve', '--monitor'], {
        ...env,
        MONITOR_SOURCE: `file:${posts}`,
        SNAPSHOT_PATH: join(dir, 'snapshot.json'),
        PORT: '0',
        METRICS_PORT: '0',
      }),
    ]);
    const refusal = `reset-records: no ledger at ${file} (LEDGER_URL=sqlite:${file}; a relative path is relative to the current directory): create it once with \`reset-records ledger-init\`, or set LEDGER_URL to the ledger in use\n`;
    for (const [i, result] of results.entries()) {
      assertExit(result, 2, 'a command on a missing ledger');
      assert.equal(result.stdout, '');
      // serve --monitor's monitor is a process of its own: the service says it did not start.
      assert.equal(
        result.stderr,
        i === 4
          ? `${refusal}reset-records: serve --monitor: the monitor did not start: exited with status 2\n`
          : refusal,
      );
    }
    await assert.rejects(stat(join(dir, 'data')), { code: 'ENOENT' });
    await assert.rejects(stat(join(dir, 'snapshot.json')), { code: 'ENOENT' });

    const created = await run(['ledger-init'], env);
    assertExit(created, 0, 'ledger-init');
    assert.equal(created.stdout, `Created the ledger at ${file}.\n`);
    const again = await run(['ledger-init'], env);
    assertExit(again, 0, 'ledger-init again');
    assert.equal(
      again.stdout,
      `The ledger at ${file} already exists (0 entries); nothing changed.\n`,
    );
    assertExit(await run(['ingest', posts], env), 0, 'ingest into the created ledger');
    assert.equal((await ledgerEntries(env.LEDGER_URL)).length, 2);
  });
});

describe("a monitor's first publish is checked against the live snapshot", {
  concurrency: false,
}, () => {
  let dir: string;
  let snapshotPath: string;
  let live: Record<string, string>;
  const monitorOnce = (env: Record<string, string>, posts: string, ...flags: string[]) =>
    run(['monitor', '--once', ...flags], {
      ...env,
      MONITOR_SOURCE: `file:${posts}`,
      SNAPSHOT_PATH: snapshotPath,
    });

  test('the live ledger publishes its record', async () => {
    dir = await sandbox('publish-guard');
    snapshotPath = join(dir, 'snapshot.json');
    live = { LEDGER_URL: `sqlite:${join(dir, 'live.db')}`, OPERATOR: 'alice' };
    await writeFile(join(dir, 'posts.jsonl'), jsonLines([DONE]));
    assertExit(await run(['ledger-init'], live), 0, 'ledger-init');
    assertExit(await monitorOnce(live, join(dir, 'posts.jsonl')), 0, 'monitor --once');
    assert.deepEqual(await recordIds(snapshotPath), [DONE.id]);
  });

  test('another ledger whose source check fails is refused, and --force publishes it', async () => {
    const other = { LEDGER_URL: `sqlite:${join(dir, 'other.db')}` };
    assertExit(await run(['ledger-init'], other), 0, 'ledger-init');
    const before = await readFile(snapshotPath, 'utf8');
    const refused = await monitorOnce(other, join(dir, 'missing.jsonl'));
    assertExit(refused, 1, 'monitor --once from a ledger that never checked successfully');
    assert.match(
      refused.stderr,
      /^reset-records: refused to publish over the live snapshot at .+snapshot\.json: this ledger has no successful source check \(the live one's last was .+\); is LEDGER_URL the ledger in use\? --force publishes anyway\n$/,
    );
    assert.equal(await readFile(snapshotPath, 'utf8'), before, 'the live snapshot is untouched');
  });

  test('another ledger that knows none of the live records is refused too', async () => {
    const other = { LEDGER_URL: `sqlite:${join(dir, 'third.db')}` };
    assertExit(await run(['ledger-init'], other), 0, 'ledger-init');
    await writeFile(join(dir, 'empty.jsonl'), '');
    const before = await readFile(snapshotPath, 'utf8');
    const refused = await monitorOnce(other, join(dir, 'empty.jsonl'));
    assertExit(refused, 1, 'monitor --once from an empty ledger');
    assert.match(
      refused.stderr,
      /it would drop all 1 live record\(s\), none of which this ledger knows; is LEDGER_URL the ledger in use\? --force publishes anyway\n$/,
    );
    assert.equal(await readFile(snapshotPath, 'utf8'), before);
    assertExit(await monitorOnce(other, join(dir, 'empty.jsonl'), '--force'), 0, '--force');
    assert.deepEqual(await recordIds(snapshotPath), []);
  });

  test('the live ledger dismissing its only record is published: the ledger knows it', async () => {
    assertExit(await monitorOnce(live, join(dir, 'posts.jsonl')), 0, 'monitor --once');
    assert.deepEqual(await recordIds(snapshotPath), [DONE.id]);
    await ops(['dismiss', DONE.id, '--reason', 'test'], live);
    assertExit(await monitorOnce(live, join(dir, 'posts.jsonl')), 0, 'monitor --once');
    assert.deepEqual(await recordIds(snapshotPath), []);
  });
});

/**
 * What `sqlite3 ledger.db ".restore backup.db"` does to a ledger under a running monitor,
 * done with libsql (the sqlite3 shell may not be installed): in one write transaction, the
 * entries and the id counter become the backup's.
 */
function restore(ledgerFile: string, backupFile: string): void {
  const db = new Database(ledgerFile, { timeout: 5_000 });
  try {
    db.exec(`ATTACH DATABASE '${backupFile.replaceAll("'", "''")}' AS backup`);
    db.exec('BEGIN IMMEDIATE');
    db.exec('DELETE FROM main.entries');
    db.exec('INSERT INTO main.entries SELECT * FROM backup.entries');
    db.exec('DELETE FROM main.sqlite_sequence');
    db.exec('INSERT INTO main.sqlite_sequence SELECT * FROM backup.sqlite_sequence');
    db.exec('COMMIT');
  } finally {
    db.close();
  }
}

describe('a backup restored under a running monitor', () => {
  test('the monitor notices the ledger went backwards, warns, and publishes what the ledger holds now', async () => {
    const dir = await sandbox('restore');
    const ledgerFile = join(dir, 'ledger.db');
    const backupFile = join(dir, 'backup.db');
    const snapshotPath = join(dir, 'snapshot.json');
    const posts = join(dir, 'posts.jsonl');
    const env = { LEDGER_URL: `sqlite:${ledgerFile}`, OPERATOR: 'alice' };
    await writeFile(posts, jsonLines([DONE, DONE_TOO]));
    assertExit(await run(['ledger-init'], env), 0, 'ledger-init');
    const monitor = new LongRunning(['monitor'], {
      ...env,
      MONITOR_SOURCE: `file:${posts}`,
      MONITOR_INTERVAL_SECONDS: '1',
      SNAPSHOT_PATH: snapshotPath,
      LOG_LEVEL: 'info',
    });
    cleanups.push(async () => monitor.kill());
    const published = (ids: string[]) => async () => {
      const now = await recordIds(snapshotPath).catch(() => null);
      return now !== null && now.sort().join() === ids.sort().join() ? true : undefined;
    };
    const log = () => monitor.stdout.slice(-2000) + monitor.stderr;
    await until('both records are published', published([DONE_TOO.id, DONE.id]), 30_000, log);

    // The backup (VACUUM INTO, as docs/operating.md says), then an operator's dismissal.
    const db = new Database(ledgerFile, { timeout: 5_000 });
    db.exec(`VACUUM INTO '${backupFile.replaceAll("'", "''")}'`);
    db.close();
    await ops(['dismiss', DONE.id, '--reason', 'mistake'], env);
    await until('the dismissal is published', published([DONE_TOO.id]), 10_000, log);

    // The backup comes back: the record is not dismissed in the ledger any more.
    restore(ledgerFile, backupFile);
    await until('the restored ledger is published', published([DONE_TOO.id, DONE.id]), 10_000, log);
    assert.match(
      monitor.stderr,
      /LedgerWentBackwards: the ledger went backwards: entry \d+ is gone/,
    );
    // And the operator can act on the restored ledger: restore is refused (not dismissed),
    // dismiss is published again.
    const refused = await run(['ops', 'restore', DONE.id], env);
    assertExit(refused, 1, 'ops restore of a record the ledger does not dismiss');
    await ops(['dismiss', DONE.id, '--reason', 'again'], env);
    await until('the second dismissal is published', published([DONE_TOO.id]), 10_000, log);
    await monitor.terminate('monitor');
  });
});
