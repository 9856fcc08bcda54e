import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { pino } from 'pino';
import { build } from '../../src/producer/build/build.ts';
import { DEFAULT_BUILD_SETTINGS } from '../../src/producer/build/settings.ts';
import { createRulesClassifier } from '../../src/producer/classify/rules-classifier.ts';
import type { Post } from '../../src/producer/ledger/post.ts';
import type { PostSource } from '../../src/producer/monitor/post-source.ts';
import { type MonitorDeps, runRound } from '../../src/producer/monitor/round.ts';
import { newPostEntries, storedPostIds } from '../../src/producer/pipeline/ingest.ts';
import { OpsMemoryLedger } from './support/ops-memory-ledger.ts';

/** One monitor round (producer.md §5): what it records and when it publishes. */

const T0 = Date.parse('2026-11-20T12:00:00.000Z');

/** A monitor on `ledger` and `source` publishing to the file `path`; heartbeat every minute. */
const roundDeps = (
  ledger: OpsMemoryLedger,
  source: PostSource,
  path: string,
  clock: () => number,
): MonitorDeps => ({
  ledger,
  source,
  classify: createRulesClassifier(),
  target: { kind: 'file', path, maxBytes: 1024 * 1024 },
  settings: DEFAULT_BUILD_SETTINGS,
  clock,
  logger: pino({ level: 'silent' }),
  holder: 'test',
  leaseMs: 15_000,
  heartbeatMs: 60_000,
});

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
        return { posts: [], problems: [] };
      },
    };
    const path = join(dir, 'snapshot.json');
    const ledger = new OpsMemoryLedger();
    const deps = roundDeps(ledger, source, path, () => now);

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

  test('a round with nothing new reuses the last build; anything new, or a state change, builds again; what it publishes is what a build would', async () => {
    let now = T0;
    const post = (id: string, text: string): Post => ({
      id,
      handle: 'thsottiaux',
      createdAt: new Date(T0 - 3_600_000).toISOString(),
      text,
    });
    let posts: Post[] = [
      post('2000000000000000001', 'We will reset usage limits for all plans tomorrow at 10am PT.'),
    ];
    const source: PostSource = {
      name: 'test',
      async check() {
        const found = posts;
        posts = [];
        return { posts: found, problems: [] };
      },
    };
    const path = join(dir, 'reuse.json');
    const ledger = new OpsMemoryLedger();
    const deps = roundDeps(ledger, source, path, () => now);
    const { classify } = deps;
    const asBuilt = async () =>
      JSON.parse(
        JSON.stringify(build(await ledger.entries(), now, DEFAULT_BUILD_SETTINGS).snapshot),
      );
    const publishedFile = async () => JSON.parse(await readFile(path, 'utf8'));

    const first = await runRound(deps, null);
    assert.equal(first.built?.snapshot.records.length, 1);
    assert.ok(first.nextChangeAt !== null && first.nextChangeAt > T0);

    now = T0 + 120_000; // nothing new; the heartbeat is due
    const second = await runRound(deps, first.published, first.built);
    assert.equal(second.built?.snapshot.records, first.built?.snapshot.records, 'no build');
    assert.equal(second.published?.at, now, 'the heartbeat is published');
    assert.deepEqual(await publishedFile(), await asBuilt());

    now = T0 + 150_000; // another writer stored a post meanwhile: built again
    await ledger.transact((stored) => ({
      append: newPostEntries(
        storedPostIds(stored),
        [post('2000000000000000002', 'Usage limits have been reset for all plans.')],
        classify,
        new Date(now).toISOString(),
      ),
      result: null,
    }));
    const third = await runRound(deps, second.published, second.built);
    assert.notEqual(third.built?.snapshot.records, second.built?.snapshot.records);
    assert.equal(third.built?.snapshot.records.length, 2);
    assert.deepEqual(await publishedFile(), await asBuilt(), 'the changed records are published');

    now = third.nextChangeAt!; // a schedule changes state: built again
    const fourth = await runRound(deps, third.published, third.built);
    assert.notEqual(fourth.built?.snapshot.records, third.built?.snapshot.records);
    assert.deepEqual(fourth.built?.snapshot, await asBuilt());
  });
});
