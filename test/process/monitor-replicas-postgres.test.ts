import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { appendFile, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { createDatabase, sql } from '../producer/support/postgres.ts';
import {
  createLedger,
  jsonLines,
  LongRunning,
  type PostLine,
  tempDir,
  until,
} from './support-producer/processes.ts';

/**
 * producer.md §1 "Storage" and §5 `monitor`: with `LEDGER_URL=postgres://…`, several monitor
 * replicas (real `reset-records monitor` processes, not --once) share one ledger. The lease
 * in the database makes one replica do each check; a post id is stored once however many
 * replicas saw it; a crashed replica's lease expires (15 s, src/producer/cli/monitor-command.ts)
 * and the other takes over; a replica stopped with SIGTERM releases the lease at once.
 *
 * The ledger's entries all carry the actor `monitor`, so the replicas are told apart by
 * what each one did: a round either logs "another monitor holds the lease; skipping this
 * round" (round.ts) or runs, and a replica's first round that runs publishes to its own
 * SNAPSHOT_PATH (nothing published yet), so a replica with no snapshot file never ran one.
 */

const SKIP = 'another monitor holds the lease; skipping this round';
/** MONITOR_LEASE_MS of monitor-command.ts. */
const LEASE_MS = 15_000;
const INTERVAL_MS = 1_000;

interface LogLine {
  readonly msg: string;
  readonly time: string;
  readonly level: number;
}

/** A replica's pino lines (JSON on stdout); a line cut by the read is left out. */
function logOf(replica: LongRunning): LogLine[] {
  return replica.stdout.split('\n').flatMap((line) => {
    try {
      return [JSON.parse(line) as LogLine];
    } catch {
      return [];
    }
  });
}

const skipsOf = (replica: LongRunning) => logOf(replica).filter((line) => line.msg === SKIP);
const tail = (replica: LongRunning) => `${replica.stdout.slice(-1500)}${replica.stderr}`;

interface Check {
  readonly id: number;
  readonly at: string;
  readonly ok: boolean;
  readonly newPosts: number;
  readonly error: string | null;
}

describe('monitor replicas sharing one PostgreSQL ledger', { concurrency: false }, () => {
  const started: LongRunning[] = [];
  const cleanups: (() => Promise<void>)[] = [];
  after(async () => {
    for (const child of started) child.kill();
    // Dead before the database goes (DROP … WITH FORCE would cut them off anyway).
    await Promise.all(started.map((child) => child.exited));
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  /** A fresh database, a posts file and two replica starters for one test. */
  async function sandbox(label: string, initial: readonly PostLine[]) {
    const database = await createDatabase(`replicas_${label}`);
    cleanups.push(database.drop);
    const temp = await tempDir(`replicas-${label}`);
    cleanups.push(temp.remove);
    const posts = join(temp.dir, 'posts.jsonl');
    await writeFile(posts, jsonLines(initial));
    const url = database.url;
    await createLedger(url);

    const replica = (name: string) => {
      const snapshotPath = join(temp.dir, `snapshot-${name}.json`);
      const child = new LongRunning(['monitor'], {
        LEDGER_URL: url,
        MONITOR_SOURCE: `file:${posts}`,
        MONITOR_INTERVAL_SECONDS: String(INTERVAL_MS / 1000),
        SNAPSHOT_PATH: snapshotPath,
        LOG_LEVEL: 'info',
      });
      started.push(child);
      return Object.assign(child, { snapshotPath, label: name });
    };

    const checks = async (): Promise<Check[]> => {
      const { rows } = await sql(
        url,
        `SELECT id::int AS id, at, payload::text AS payload FROM entries
         WHERE type = 'source_checked' ORDER BY id`,
      );
      return rows.map((row: { id: number; at: string; payload: string }) => {
        const payload = JSON.parse(row.payload) as {
          ok: boolean;
          newPosts: number;
          error: string | null;
        };
        return {
          id: row.id,
          at: row.at,
          ok: payload.ok,
          newPosts: payload.newPosts,
          error: payload.error,
        };
      });
    };

    /** post id → how many post_observed (and post_classified) entries the ledger holds. */
    const stored = async (type: 'post_observed' | 'post_classified') => {
      const path = type === 'post_observed' ? '{post,id}' : '{postId}';
      const { rows } = await sql(
        url,
        `SELECT payload::jsonb #>> '${path}' AS post_id, count(*)::int AS n FROM entries
         WHERE type = $1 GROUP BY 1 ORDER BY 1`,
        [type],
      );
      return new Map(rows.map((row: { post_id: string; n: number }) => [row.post_id, row.n]));
    };

    const lease = async (): Promise<{ holder: string; untilMs: number } | undefined> => {
      const { rows } = await sql(
        url,
        `SELECT holder, until_ms::text AS until_ms FROM leases WHERE name = 'monitor'`,
      );
      const row = rows[0] as { holder: string; until_ms: string } | undefined;
      return row && { holder: row.holder, untilMs: Number(row.until_ms) };
    };

    return { posts, url, replica, checks, stored, lease };
  }

  type Replica = ReturnType<Awaited<ReturnType<typeof sandbox>>['replica']>;

  /**
   * Both started together: waits until the rounds have begun and tells which replica runs
   * them (it never skips) from the one that skips them. Both skipping would be a failure.
   */
  async function roles(a: Replica, b: Replica, checks: () => Promise<Check[]>) {
    const { value } = await until(
      'one replica runs the rounds, the other skips them',
      async () => {
        for (const replica of [a, b]) {
          if (!replica.running) throw new Error(`replica ${replica.label} ended: ${tail(replica)}`);
        }
        const [skipsA, skipsB] = [skipsOf(a).length, skipsOf(b).length];
        assert.ok(skipsA === 0 || skipsB === 0, `both replicas skip rounds: ${skipsA}, ${skipsB}`);
        if (skipsA + skipsB < 2 || (await checks()).length < 2) return undefined;
        return skipsA === 0 ? { active: a, passive: b } : { active: b, passive: a };
      },
      15_000,
      () => `a: ${tail(a)}\nb: ${tail(b)}`,
    );
    return value;
  }

  const holderOf = (replica: Replica) => `${hostname()}:${replica.child.pid}`;

  /** Asserts every listed post is stored once and classified once, and nothing else is stored. */
  async function assertStoredOnce(
    box: Awaited<ReturnType<typeof sandbox>>,
    posts: readonly PostLine[],
  ) {
    const expected = new Map(posts.map((post) => [post.id, 1]));
    assert.deepEqual(await box.stored('post_observed'), expected, 'one post_observed per post id');
    assert.deepEqual(await box.stored('post_classified'), expected, 'classified once per post');
    const checks = await box.checks();
    // The replica stopped at the end may be stopped in the middle of a check: that last check
    // is recorded as stopped (a failed check, as producer.md says), and stores nothing.
    assert.ok(
      checks.every(
        (check, index) =>
          check.ok ||
          (index === checks.length - 1 &&
            check.newPosts === 0 &&
            /\bstopped\b/.test(check.error ?? '')),
      ),
      `every check succeeded: ${JSON.stringify(checks)}`,
    );
    assert.equal(
      checks.reduce((sum, check) => sum + check.newPosts, 0),
      posts.length,
      'the checks counted each new post once',
    );
  }

  /** The ledger holds every listed post (an observation of it, by any replica). */
  const allStored = (box: Awaited<ReturnType<typeof sandbox>>, posts: readonly PostLine[]) =>
    until(
      `the ${posts.length} posts are stored`,
      async () => {
        const stored = await box.stored('post_observed');
        return posts.every((post) => stored.has(post.id)) ? true : undefined;
      },
      5_000,
    );

  test('two replicas started together: one does every check, the other skips every round, each post is stored once', {
    timeout: 40_000,
  }, async () => {
    const initial = [1, 2, 3].map((n) => post('10', n));
    const box = await sandbox('together', initial);
    const a = box.replica('a');
    const b = box.replica('b');
    const { active, passive } = await roles(a, b, box.checks);

    // The posts file grows while both run: a line every 600 ms for 6 s.
    const appended: PostLine[] = [];
    for (let n = 4; n <= 13; n++) {
      await sleep(600);
      const line = post('10', n);
      await appendFile(box.posts, jsonLines([line]));
      appended.push(line);
    }
    const everyPost = [...initial, ...appended];
    await allStored(box, everyPost);
    await sleep(1_500); // a round or two with nothing new

    // What the ledger and the logs say while both replicas live.
    assert.ok(a.running && b.running, `both replicas still run:\na: ${tail(a)}\nb: ${tail(b)}`);
    const checks = await box.checks();
    const passiveSkips = skipsOf(passive);
    const activeLog = logOf(active);

    await Promise.all([a.terminate('replica a'), b.terminate('replica b')]);

    // One replica ran every round it tried (none skipped) and the other ran none: each of
    // its rounds logged the skip, and it never published (its first run would have).
    assert.equal(skipsOf(active).length, 0, `the active replica skipped a round: ${tail(active)}`);
    assert.ok(passiveSkips.length >= 8, `the passive replica's rounds: ${passiveSkips.length}`);
    assert.equal(existsSync(passive.snapshotPath), false, 'the passive replica published');
    assert.ok(
      !logOf(passive).some((line) => line.msg === 'snapshot published'),
      `the passive replica published: ${tail(passive)}`,
    );
    assert.ok(existsSync(active.snapshotPath), 'the active replica published its snapshot');
    assert.ok(activeLog.some((line) => line.msg === 'snapshot published'));
    for (const replica of [a, b]) {
      const errors = logOf(replica).filter((line) => line.level >= 50);
      assert.deepEqual(errors, [], `replica ${replica.label} logged errors`);
    }

    // One check per round of one replica: as many as the passive replica's skipped rounds
    // (both tick each second; ±2 for the first rounds at start and the sampling), not twice.
    assert.ok(
      Math.abs(checks.length - passiveSkips.length) <= 2,
      `${checks.length} checks for ${passiveSkips.length} skipped rounds`,
    );
    // A check's time is when its round recorded it, not its tick: under load one round can
    // record late and the next on time, so the span can be short by up to an interval
    // (CI on Node 24: 11 checks in 8,983 ms). Two replicas would make twice as many.
    const spanMs = Date.parse(checks.at(-1)!.at) - Date.parse(checks[0]!.at);
    assert.ok(
      checks.length <= spanMs / INTERVAL_MS + 3,
      `${checks.length} checks in ${spanMs} ms: more than one per interval`,
    );
    // The checks never overlap: in ledger order their times increase, and apart from the
    // round made at once on start (croner's first tick can follow it closely), they are
    // a round apart, never two at the same tick (two replicas would check within a few ms).
    for (let i = 1; i < checks.length; i++) {
      const gap = Date.parse(checks[i]!.at) - Date.parse(checks[i - 1]!.at);
      assert.ok(gap > 0, `check ${checks[i]!.id} is not after the previous one`);
      if (i >= 2) {
        assert.ok(
          gap >= INTERVAL_MS / 2,
          `checks ${checks[i - 1]!.id}, ${checks[i]!.id}: ${gap} ms`,
        );
      }
    }

    await assertStoredOnce(box, everyPost);
  });

  test('fail-over: after SIGKILL of the replica doing the checks, the other takes over once the lease expires', {
    timeout: 45_000,
  }, async () => {
    const initial = [1, 2].map((n) => post('20', n));
    const box = await sandbox('failover', initial);
    const a = box.replica('a');
    const b = box.replica('b');
    const { active, passive } = await roles(a, b, box.checks);

    const killedAt = Date.now();
    active.child.kill('SIGKILL');
    await active.exited;
    // The dead replica's lease stays, renewed at its last round: at most 15 s from now.
    const dead = await box.lease();
    assert.ok(dead, 'a lease row');
    assert.equal(dead.holder, holderOf(active), 'the lease is still the killed replica’s');
    assert.ok(
      dead.untilMs <= killedAt + LEASE_MS && dead.untilMs > killedAt + LEASE_MS - 5_000,
      `lease until ${dead.untilMs - killedAt} ms after the kill`,
    );
    await sleep(200); // a commit the killed process had sent is in by now
    const before = (await box.checks()).at(-1)!.id;

    // Posts that arrive after the crash.
    const later = [3, 4, 5].map((n) => post('20', n));
    await appendFile(box.posts, jsonLines(later));

    const { value: takeover } = await until(
      'a check by the surviving replica',
      async () => {
        if (!passive.running) throw new Error(`the survivor ended: ${tail(passive)}`);
        return (await box.checks()).find((check) => check.id > before);
      },
      LEASE_MS + INTERVAL_MS + 4_000,
      () => tail(passive),
    );
    const latency = Date.parse(takeover.at) - killedAt;
    // Not while the dead lease held, and within the lease plus one interval.
    assert.ok(
      Date.parse(takeover.at) >= dead.untilMs,
      `a check ${dead.untilMs - Date.parse(takeover.at)} ms before the dead lease expired`,
    );
    assert.ok(latency <= LEASE_MS + INTERVAL_MS + 1_500, `took over ${latency} ms after the kill`);
    // One interval to see the lease free, then the round itself (its check is stamped when
    // it ends): up to 2 s on a loaded two-core box running the whole suite.
    const afterExpiry = Date.parse(takeover.at) - dead.untilMs;
    assert.ok(afterExpiry <= INTERVAL_MS + 2_000, `took over ${afterExpiry} ms after the expiry`);
    assert.equal(takeover.newPosts, later.length, 'the first check after the crash stores them');
    await allStored(box, [...initial, ...later]);
    assert.equal((await box.lease())?.holder, holderOf(passive), 'the survivor holds the lease');

    // The survivor skipped while the dead lease held, then ran the rounds and published.
    await until(
      'the survivor publishes its snapshot',
      async () => (existsSync(passive.snapshotPath) ? true : undefined),
      3_000,
    );
    const skips = skipsOf(passive);
    assert.ok(skips.length >= 10, `the survivor's skipped rounds: ${skips.length}`);
    assert.ok(
      skips.every((line) => Date.parse(line.time) < Date.parse(takeover.at)),
      'the survivor skipped a round after taking over',
    );
    await sleep(1_500); // another round or two: nothing stored twice
    await passive.terminate('the surviving replica');
    await assertStoredOnce(box, [...initial, ...later]);
    console.log(
      `fail-over: the survivor's first check ${latency} ms after SIGKILL, ${afterExpiry} ms after the dead lease expired`,
    );
  });

  test('SIGTERM: the stopping replica releases the lease, and the other takes over at its next round', {
    timeout: 30_000,
  }, async () => {
    const initial = [1, 2].map((n) => post('30', n));
    const box = await sandbox('sigterm', initial);
    const a = box.replica('a');
    const b = box.replica('b');
    const { active, passive } = await roles(a, b, box.checks);

    const stoppedAt = Date.now();
    await active.terminate('the replica doing the checks');
    // Released on the way out: not its lease any more (free, or already the other's).
    assert.notEqual((await box.lease())?.holder, holderOf(active), 'the lease was not released');
    const before = (await box.checks()).at(-1)!.id;
    const later = [3, 4].map((n) => post('30', n));
    await appendFile(box.posts, jsonLines(later));

    // Read after the exit, so every later check is the other replica's.
    const { value: takeover } = await until(
      'a check by the other replica',
      async () => {
        if (!passive.running) throw new Error(`the other replica ended: ${tail(passive)}`);
        return (await box.checks()).find((check) => check.id > before);
      },
      8_000,
      () => tail(passive),
    );
    // At most its next round after the release (a check made between the release and the
    // read above is not seen, so this may be one interval late): far below the 15 s lease.
    const latency = Date.parse(takeover.at) - stoppedAt;
    assert.ok(latency <= 2 * INTERVAL_MS + 1_500, `took over ${latency} ms after SIGTERM`);
    assert.ok(
      skipsOf(passive).every((line) => Date.parse(line.time) < Date.parse(takeover.at)),
      'the other replica skipped a round after taking over',
    );
    await allStored(box, [...initial, ...later]);
    assert.equal((await box.lease())?.holder, holderOf(passive), 'the other replica holds it');
    await until(
      'the other replica publishes its snapshot',
      async () => (existsSync(passive.snapshotPath) ? true : undefined),
      3_000,
    );
    await sleep(1_500);
    await passive.terminate('the other replica');
    await assertStoredOnce(box, [...initial, ...later]);
    console.log(`SIGTERM: the other replica's first check ${latency} ms after the signal`);
  });
});

/** A post line with no "reset" in its text: the classifier's choice does not matter here. */
function post(series: string, n: number): PostLine {
  return {
    id: `19000000000${series}${String(n).padStart(6, '0')}`,
    handle: 'thsottiaux',
    createdAt: new Date(Date.UTC(2026, 10, 20, 10, n)).toISOString(),
    text: `Shipping a small dashboard fix, note ${series}-${n}.`,
  };
}
