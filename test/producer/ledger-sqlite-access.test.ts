import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import Database from 'libsql';
import type { Entry, NewEntry } from '../../src/producer/ledger/entry.ts';
import type { Ledger } from '../../src/producer/ledger/ledger.ts';
import { openLedger } from '../../src/producer/ledger/open-ledger.ts';
import { SqliteLedger } from '../../src/producer/ledger/sqlite-ledger.ts';
import { transactAfterReading } from '../../src/producer/ledger/transact-after-reading.ts';
import { inOperatorTurn } from '../../src/producer/ops/operator-turn.ts';
import { runOps } from '../../src/producer/ops/run-ops.ts';
import { checked, dismiss } from './support/entries.ts';
import { A, dayEntries, NOW, SETTINGS, tokens } from './support/ops-fixtures.ts';

/**
 * Who waits for whom on a SQLite ledger (issue 16, finding 5): a reading command takes no
 * write lock (and reads a ledger it may not write); a writing command decides outside the
 * lock and holds it only to append.
 */

let dir: string;
before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'reset-records-ledger-access-'));
});
after(async () => {
  await rm(dir, { recursive: true, force: true });
});

let files = 0;
async function ledgerWith(entries: readonly NewEntry[]) {
  const path = join(dir, `ledger-${++files}.db`);
  const ledger = await openLedger(`sqlite:${path}`, { create: true });
  if (entries.length > 0) await ledger.transact(() => ({ append: entries, result: undefined }));
  return { path, ledger };
}

/** Another process's connection holding the write lock (BEGIN IMMEDIATE) until released. */
function holdWriteLock(path: string) {
  const db = new Database(path);
  db.exec('BEGIN IMMEDIATE');
  return () => {
    db.exec('ROLLBACK');
    db.close();
  };
}

/** Whether another connection can take the write lock at once (no wait). */
function writeLockFree(path: string): boolean {
  const db = new Database(path, { timeout: 0 });
  try {
    db.exec('BEGIN IMMEDIATE');
    db.exec('ROLLBACK');
    return true;
  } catch {
    return false;
  } finally {
    db.close();
  }
}

describe('opening for reading', () => {
  test('opens and reads while another process holds the write lock, without waiting for it', async () => {
    const { path, ledger } = await ledgerWith([checked('x', 0), checked('x', 1)]);
    await ledger.close();
    const release = holdWriteLock(path);
    try {
      const started = Date.now();
      const reader = await openLedger(`sqlite:${path}`, { readOnly: true });
      assert.deepEqual(
        (await reader.entries()).map((entry) => entry.id),
        [1, 2],
      );
      // Well under the busy timeout (5 s), which a write lock would have waited for.
      assert.ok(Date.now() - started < 2_500, `${Date.now() - started} ms`);
      await reader.close();
    } finally {
      release();
    }
  });

  test('a reader refuses to write, and creates no file where there is none', async () => {
    const { path, ledger } = await ledgerWith([]);
    await ledger.close();
    const reader = await openLedger(`sqlite:${path}`, { readOnly: true });
    await assert.rejects(
      reader.transact(() => ({ append: [checked('x', 0)], result: undefined })),
      /^Error: the ledger is open for reading only$/,
    );
    await assert.rejects(reader.acquireLease('monitor', 'me', 1, 2), /open for reading only/);
    await reader.close();

    const missing = join(dir, 'missing', 'ledger.db');
    await assert.rejects(
      openLedger(`sqlite:${missing}`, { readOnly: true }),
      (error: Error) => error.name === 'LedgerMissingError',
    );
    assert.throws(
      () => SqliteLedger.open(missing, { readOnly: true }),
      (error: Error) =>
        error.message ===
        `cannot open the SQLite ledger ${missing}: no such file (a reading command creates none)`,
    );
    assert.equal(existsSync(join(dir, 'missing')), false);
  });

  test('a file that is not a ledger is refused by name', async () => {
    const path = join(dir, 'empty.db');
    new Database(path).close();
    await assert.rejects(
      openLedger(`sqlite:${path}`, { readOnly: true }),
      /cannot open the SQLite ledger .*empty\.db: it holds no ledger \(no schema\)$/,
    );
  });
});

describe('transactAfterReading', () => {
  test('decides outside the write lock, then appends the decision', async () => {
    const { path, ledger } = await ledgerWith([checked('x', 0)]);
    let free: boolean | undefined;
    const { appended, result } = await transactAfterReading(ledger, (entries) => {
      free = writeLockFree(path);
      return { append: [dismiss(A)], result: entries.length };
    });
    assert.equal(free, true);
    assert.equal(result, 1);
    assert.deepEqual(
      appended.map((entry) => [entry.id, entry.type]),
      [[2, 'dismiss']],
    );
    await ledger.close();
  });

  test('an entry appended meanwhile by another writer: decides again over it', async () => {
    const { path, ledger } = await ledgerWith([checked('x', 0)]);
    const other = await openLedger(`sqlite:${path}`);
    const seen: number[] = [];
    const { appended, result } = await transactAfterReading(ledger, (entries) => {
      seen.push(entries.length);
      if (seen.length === 1) {
        // Synchronously, as another process would between the read and the lock.
        const db = new Database(path);
        db.prepare(
          `INSERT INTO entries (at, actor, type, reason, payload) VALUES (?, 'monitor', 'source_checked', NULL, ?)`,
        ).run('2026-11-20T12:00:00.000Z', JSON.stringify(checked('x', 1).payload));
        db.close();
      }
      return { append: [dismiss(A)], result: entries.length };
    });
    assert.deepEqual(seen, [1, 2]);
    assert.equal(result, 2);
    assert.deepEqual(
      appended.map((entry) => entry.id),
      [3],
    );
    assert.deepEqual(
      (await other.entries()).map((entry) => entry.type),
      ['source_checked', 'source_checked', 'dismiss'],
    );
    await other.close();
    await ledger.close();
  });

  test('entries appended meanwhile that cannot change the decision (a monitor check) leave it standing', async () => {
    const { path, ledger } = await ledgerWith([checked('x', 0)]);
    const other = await openLedger(`sqlite:${path}`);
    let decisions = 0;
    const { appended } = await transactAfterReading(
      ledger,
      () => {
        decisions++;
        return { append: [dismiss(A)], result: undefined };
      },
      (entry) => entry.type === 'source_checked',
    ).then(async (first) => {
      assert.equal(decisions, 1);
      return first;
    });
    assert.equal(appended[0]!.id, 2);
    // Now with a check appended between the read and the lock.
    let n = 0;
    const racing: Ledger = {
      entries: async () => {
        const entries = await ledger.entries();
        await other.transact(() => ({ append: [checked('y', ++n)], result: undefined }));
        return entries;
      },
      transact: (decide) => ledger.transact(decide),
      acquireLease: (...args) => ledger.acquireLease(...args),
      releaseLease: (...args) => ledger.releaseLease(...args),
      leaseHolder: (...args) => ledger.leaseHolder(...args),
      recordDelivery: (...args) => ledger.recordDelivery(...args),
      recentDeliveries: (...args) => ledger.recentDeliveries(...args),
      close: () => ledger.close(),
    };
    decisions = 0;
    const again = await transactAfterReading(
      racing,
      () => {
        decisions++;
        return { append: [dismiss(A)], result: undefined };
      },
      (entry) => entry.type === 'source_checked',
    );
    assert.equal(decisions, 1);
    assert.equal(again.appended[0]!.id, 4);
    await other.close();
    await ledger.close();
  });

  test('a race on every attempt: after five, it decides under the lock (bounded)', async () => {
    const { path, ledger } = await ledgerWith([checked('x', 0)]);
    const other = await openLedger(`sqlite:${path}`);
    let n = 0;
    // Each read is followed by another writer's append, before the lock.
    const racing: Ledger = {
      entries: async () => {
        const entries = await ledger.entries();
        await other.transact(() => ({ append: [checked('y', ++n)], result: undefined }));
        return entries;
      },
      transact: (decide) => ledger.transact(decide),
      acquireLease: (...args) => ledger.acquireLease(...args),
      releaseLease: (...args) => ledger.releaseLease(...args),
      leaseHolder: (...args) => ledger.leaseHolder(...args),
      recordDelivery: (...args) => ledger.recordDelivery(...args),
      recentDeliveries: (...args) => ledger.recentDeliveries(...args),
      close: () => ledger.close(),
    };
    const locked: boolean[] = [];
    const { appended } = await transactAfterReading(racing, (entries: readonly Entry[]) => {
      locked.push(!writeLockFree(path));
      return { append: [dismiss(A)], result: entries.length };
    });
    assert.deepEqual(locked, [false, false, false, false, false, true]);
    assert.equal(appended[0]!.id, 1 + 5 + 1);
    await other.close();
    await ledger.close();
  });

  test('a refusal outside the lock is thrown as it is, and nothing is appended', async () => {
    const { ledger } = await ledgerWith([checked('x', 0)]);
    await assert.rejects(
      transactAfterReading(ledger, () => {
        throw new RangeError('refused');
      }),
      /^RangeError: refused$/,
    );
    assert.equal((await ledger.entries()).length, 1);
    await ledger.close();
  });
});

test('a writing ops command does its builds outside the write lock: under it, it reads one entry', async () => {
  const { ledger } = await ledgerWith(dayEntries());
  const all = (await ledger.entries()).length;
  let readUnderLock = 0;
  // What `decide` reads of the entries under the lock, counted element by element.
  const counting: Ledger = {
    entries: () => ledger.entries(),
    transact: (decide) =>
      ledger.transact((entries) =>
        decide(
          new Proxy(entries as Entry[], {
            get(target, key, receiver) {
              if (typeof key === 'string' && /^\d+$/.test(key)) readUnderLock++;
              return Reflect.get(target, key, receiver);
            },
          }),
        ),
      ),
    acquireLease: (...args) => ledger.acquireLease(...args),
    releaseLease: (...args) => ledger.releaseLease(...args),
    leaseHolder: (...args) => ledger.leaseHolder(...args),
    recordDelivery: (...args) => ledger.recordDelivery(...args),
    recentDeliveries: (...args) => ledger.recentDeliveries(...args),
    close: () => ledger.close(),
  };
  const out: string[] = [];
  const code = await runOps(['dismiss', A, '--by', 'alice'], {
    ledger: counting,
    now: () => NOW,
    operator: undefined,
    settings: SETTINGS,
    newId: tokens(),
    stdout: (line) => out.push(line),
    stderr: (line) => out.push(line),
  });
  assert.equal(code, 0, out.join('\n'));
  assert.ok(all > 10);
  assert.equal(readUnderLock, 1);
  assert.equal((await ledger.entries()).at(-1)!.type, 'dismiss');
  await ledger.close();
});

describe('writing commands take turns (the ops lease)', () => {
  test('two commands at once: the second works only after the first is done', async () => {
    const { path, ledger } = await ledgerWith([]);
    const other = await openLedger(`sqlite:${path}`);
    const spans: [string, number, number][] = [];
    const work = (name: string) => async () => {
      const start = performance.now();
      await new Promise((resolve) => setTimeout(resolve, 200));
      spans.push([name, start, performance.now()]);
    };
    await Promise.all([
      inOperatorTurn(ledger, 'one', work('one')),
      inOperatorTurn(other, 'two', work('two')),
    ]);
    spans.sort((a, b) => a[1] - b[1]);
    assert.equal(spans.length, 2);
    assert.ok(spans[1]![1] >= spans[0]![2], JSON.stringify(spans));
    // Released: a third takes it at once.
    assert.equal(await ledger.acquireLease('ops', 'three', Date.now(), Date.now() + 1_000), true);
    await other.close();
    await ledger.close();
  });

  test('a turn left by a dead command ends when its lease expires; the lease is released after a failure too', async () => {
    const { ledger } = await ledgerWith([]);
    const now = Date.now();
    assert.equal(await ledger.acquireLease('ops', 'dead', now, now + 600), true);
    const started = Date.now();
    await assert.rejects(
      inOperatorTurn(ledger, 'next', async () => {
        throw new Error('refused');
      }),
      /^Error: refused$/,
    );
    assert.ok(Date.now() - started >= 500, `${Date.now() - started} ms`);
    assert.equal(await ledger.acquireLease('ops', 'after', Date.now(), Date.now() + 1_000), true);
    await ledger.close();
  });
});
