import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { pino } from 'pino';
import { DEFAULT_BUILD_SETTINGS } from '../../src/producer/build/settings.ts';
import { classifyStandIn } from '../../src/producer/classify/stand-in-classifier.ts';
import type { PostSource } from '../../src/producer/monitor/post-source.ts';
import { type MonitorDeps, runRound } from '../../src/producer/monitor/round.ts';
import { OpsMemoryLedger } from './support/ops-memory-ledger.ts';

/** One monitor round (producer.md §5): what it records and when it publishes. */

const T0 = Date.parse('2026-11-20T12:00:00.000Z');

describe('a monitor round', () => {
  let dir: string;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'reset-records-round-'));
  });
  after(() => rm(dir, { recursive: true, force: true }));

  test('publishes the heartbeat only while checks succeed; a failed check is recorded and publishes nothing', async () => {
    let now = T0;
    let failing = false;
    const source: PostSource = {
      name: 'test',
      async check() {
        if (failing) throw new Error('the source is down');
        return { posts: [], cursor: null, problems: [] };
      },
    };
    const path = join(dir, 'snapshot.json');
    const ledger = new OpsMemoryLedger();
    const deps: MonitorDeps = {
      ledger,
      source,
      classify: classifyStandIn,
      target: { kind: 'file', path, maxBytes: 1024 * 1024 },
      settings: DEFAULT_BUILD_SETTINGS,
      clock: () => now,
      logger: pino({ level: 'silent' }),
      holder: 'test',
      leaseMs: 15_000,
      heartbeatMs: 60_000,
    };

    const first = await runRound(deps, null);
    assert.deepEqual(first.published?.at, T0, 'the first round publishes');
    const published = await readFile(path, 'utf8');

    now = T0 + 120_000; // the heartbeat is due, but the check fails
    failing = true;
    const second = await runRound(deps, first.published);
    assert.equal(second.checkOk, false);
    assert.equal(second.published, first.published, 'no heartbeat after a failed check');
    assert.equal(await readFile(path, 'utf8'), published);
    const checks = (await ledger.entries()).filter((entry) => entry.type === 'source_checked');
    assert.deepEqual(
      checks.map((entry) => (entry.payload as { ok: boolean; error: string | null }).error),
      [null, 'the source is down'],
    );

    now = T0 + 180_000; // the check succeeds again: the heartbeat is published
    failing = false;
    const third = await runRound(deps, second.published);
    assert.equal(third.published?.at, now);
    assert.ok((await stat(path)).size > 0);
  });
});
