import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import fc from 'fast-check';
import { pino } from 'pino';
import { DEFAULT_BUILD_SETTINGS } from '../../src/producer/build/settings.ts';
import { createRulesClassifier } from '../../src/producer/classify/rules-classifier.ts';
import type { Classification, Entry, NewEntry } from '../../src/producer/ledger/entry.ts';
import type { Post } from '../../src/producer/ledger/post.ts';
import {
  advancedCursor,
  CURSOR_RESET_SOURCE,
  currentCursor,
  implausibleCursor,
} from '../../src/producer/monitor/cursor.ts';
import { startMonitor } from '../../src/producer/monitor/monitor.ts';
import type {
  CheckBounds,
  PostSource,
  SourceCheck,
} from '../../src/producer/monitor/post-source.ts';
import { type MonitorDeps, runRound } from '../../src/producer/monitor/round.ts';
import { ingest } from '../../src/producer/pipeline/ingest.ts';
import { OpsMemoryLedger } from './support/ops-memory-ledger.ts';

/**
 * What a monitor round does with hostile or broken input (issue 16): the cursor moves only
 * over posts stored, to plausible ids; one post that cannot be stored is reported and
 * skipped, the rest of the page goes on; posts from the future are refused; a check ends
 * at its deadline or when the monitor stops; a stuck round lets its lease go.
 */

const T0 = Date.parse('2026-11-20T12:00:00.000Z');
const ANNOUNCEMENT = 'We will reset usage limits for all plans tomorrow at 10am PT.';

const post = (id: string, text = 'Nice weather today.', createdAt = T0 - 3_600_000): Post => ({
  id,
  handle: 'thsottiaux',
  createdAt: new Date(createdAt).toISOString(),
  text,
});

/** A source giving `pages` one by one (then nothing), recording the cursor of each check. */
function scripted(pages: (readonly Post[])[]) {
  const asked: (string | null)[] = [];
  const source: PostSource = {
    name: 'test',
    async check(since) {
      asked.push(since);
      return { posts: pages.shift() ?? [], problems: [] };
    },
  };
  return { source, asked };
}

/** A source whose check never ends, and heeds no signal. */
const hanging: PostSource = { name: 'hanging', check: () => new Promise<SourceCheck>(() => {}) };

function deps(
  ledger: OpsMemoryLedger,
  source: PostSource,
  path: string,
  more: Partial<MonitorDeps> = {},
): MonitorDeps {
  return {
    ledger,
    source,
    classify: createRulesClassifier(),
    target: { kind: 'file', path, maxBytes: 1024 * 1024 },
    settings: DEFAULT_BUILD_SETTINGS,
    clock: () => T0,
    logger: pino({ level: 'silent' }),
    holder: 'test',
    leaseMs: 15_000,
    heartbeatMs: 60_000,
    ...more,
  };
}

const checks = async (ledger: OpsMemoryLedger) =>
  (await ledger.entries()).flatMap((entry) =>
    entry.type === 'source_checked' ? [entry.payload] : [],
  );
const storedIds = async (ledger: OpsMemoryLedger) =>
  (await ledger.entries()).flatMap((entry) =>
    entry.type === 'post_observed' ? [entry.payload.post.id] : [],
  );

describe('the cursor', () => {
  let dir: string;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'reset-records-guards-'));
  });
  after(() => rm(dir, { recursive: true, force: true }));

  test('a 25-digit id, an id beyond 64 bits and an id minted next year are stored but never become the cursor', async () => {
    const { source, asked } = scripted([
      [
        post('1900000000000000101'),
        post('9999999999999999999999999'),
        post('9999999999999999999'),
        post('2200000000000000000'), // a snowflake of 2027-06
      ],
      [post('1900000000000000102')],
    ]);
    const ledger = new OpsMemoryLedger();
    const d = deps(ledger, source, join(dir, 'a.json'));
    await runRound(d, null);
    await runRound(d, null);
    await runRound(d, null);
    assert.deepEqual(asked, [null, '1900000000000000101', '1900000000000000102']);
    assert.deepEqual(
      (await checks(ledger)).map((check) => [check.ok, check.cursor]),
      [
        [true, '1900000000000000101'],
        [true, '1900000000000000102'],
        [true, '1900000000000000102'],
      ],
    );
    assert.equal((await storedIds(ledger)).length, 5);
  });

  test('a post skipped or refused does not move the cursor; a later stored one does', async () => {
    const { source, asked } = scripted([
      [post('1900000000000000101')],
      [post('1900000000000000103', 'From the future.', T0 + 3_600_000)],
      [post('1900000000000000104')],
    ]);
    const ledger = new OpsMemoryLedger();
    const d = deps(ledger, source, join(dir, 'b.json'));
    for (let i = 0; i < 4; i++) await runRound(d, null);
    assert.deepEqual(asked, [
      null,
      '1900000000000000101',
      '1900000000000000101',
      '1900000000000000104',
    ]);
  });

  test('a ledger written before the check, whose last checks recorded a 25-digit cursor, reads again from the last plausible one', async () => {
    const check = (cursor: string | null): NewEntry => ({
      type: 'source_checked',
      at: '2026-11-20T11:00:00.000Z',
      actor: 'monitor',
      reason: null,
      payload: { source: 'x:thsottiaux', ok: true, cursor, error: null, newPosts: 0 },
    });
    const ledger = new OpsMemoryLedger([
      check('1900000000000000101'),
      check('9999999999999999999999999'),
      check('9999999999999999999999999'),
    ]);
    const { source, asked } = scripted([[post('1900000000000000102')]]);
    await runRound(deps(ledger, source, join(dir, 'c.json')), null);
    assert.deepEqual(asked, ['1900000000000000101']);
    assert.equal((await checks(ledger)).at(-1)?.cursor, '1900000000000000102');
  });

  test("an operator's reset wins over the checks before it, and a reset to none starts over", () => {
    const entry = (source: string, ok: boolean, cursor: string | null) => ({
      type: 'source_checked',
      payload: { source, ok, cursor },
    });
    const entries = [entry('x:a', true, '1900000000000000200')];
    assert.equal(currentCursor(entries, T0), '1900000000000000200');
    entries.push(entry(CURSOR_RESET_SOURCE, false, '1900000000000000100'));
    assert.equal(currentCursor(entries, T0), '1900000000000000100');
    entries.push(entry('x:a', false, '1900000000000000100'));
    assert.equal(
      currentCursor(entries, T0),
      '1900000000000000100',
      'a failed check changes nothing',
    );
    entries.push(entry(CURSOR_RESET_SOURCE, false, null));
    assert.equal(currentCursor(entries, T0), null);
  });

  test('plausible ids: 1 to 19 digits, positive, within int64, minted before now plus a day', () => {
    assert.equal(implausibleCursor('1', T0), null);
    assert.equal(implausibleCursor('1900000000000000101', T0), null);
    assert.equal(implausibleCursor('0', T0), 'zero');
    assert.equal(implausibleCursor('9223372036854775808', T0), 'beyond a 64-bit id');
    assert.equal(implausibleCursor('12345678901234567890', T0), 'not 1 to 19 decimal digits');
    assert.equal(implausibleCursor('+1', T0), 'not 1 to 19 decimal digits');
    assert.match(implausibleCursor('2200000000000000000', T0) ?? '', /^made at 2027-/);
    // The newest plausible id now: minted a day ahead at most.
    const ahead = ((BigInt(T0 + 24 * 3_600_000) - 1_288_834_974_657n) << 22n).toString();
    assert.equal(implausibleCursor(ahead, T0), null);
    assert.notEqual(implausibleCursor((BigInt(ahead) + (1n << 22n)).toString(), T0), null);
  });

  test('property: the cursor never decreases, and is always since or a plausible stored id', () => {
    const id = fc.oneof(
      fc.bigInt({ min: 1n, max: 2n ** 64n }).map(String),
      fc.stringMatching(/^\d{1,25}$/),
    );
    fc.assert(
      fc.property(
        fc.option(id.filter((i) => implausibleCursor(i, T0) === null)),
        fc.array(id),
        (since, ids) => {
          const cursor = advancedCursor(since, ids, T0);
          if (since !== null) {
            assert.ok(cursor !== null && (cursor === since || BigInt(cursor) > BigInt(since)));
          }
          if (cursor !== since) {
            assert.ok(ids.includes(cursor!));
            assert.equal(implausibleCursor(cursor!, T0), null);
          }
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('one post does not wedge a round', () => {
  let dir: string;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'reset-records-guards-'));
  });
  after(() => rm(dir, { recursive: true, force: true }));

  test('a post dated 9999-12-31 naming a time 4 h later (year 10000) is refused; the rest of the page is stored, the check ok, the snapshot published', async () => {
    // At the end of 9999 the post is not from the future: only the entry check refuses it.
    const now = Date.parse('9999-12-31T22:30:00.000Z');
    const wedge = post(
      '1900000000000000102',
      'We will reset usage limits for all plans in 4 hours.',
      Date.parse('9999-12-31T22:00:00.000Z'),
    );
    const { source } = scripted([
      [
        post('1900000000000000101', 'Usage limits have been reset for all plans.', now - 3_600_000),
        wedge,
        post('1900000000000000103', 'ok', now - 60_000),
      ],
    ]);
    const ledger = new OpsMemoryLedger();
    const lines: string[] = [];
    const path = join(dir, 'wedge.json');
    const outcome = await runRound(
      deps(ledger, source, path, {
        clock: () => now,
        logger: pino({ level: 'warn' }, { write: (line: string) => void lines.push(line) }),
      }),
      null,
    );
    assert.equal(outcome.checkOk, true);
    assert.equal(outcome.newPosts, 2);
    assert.deepEqual(await storedIds(ledger), ['1900000000000000101', '1900000000000000103']);
    assert.deepEqual(
      (await checks(ledger)).map((check) => [check.ok, check.cursor, check.newPosts]),
      [[true, '1900000000000000103', 2]],
    );
    assert.ok(JSON.parse(await readFile(path, 'utf8')).records.length >= 1, 'published');
    const refusal = lines
      .map((line) => JSON.parse(line))
      .find((line) => line.msg === 'post not stored');
    assert.equal(refusal?.postId, wedge.id);
    assert.equal(
      refusal?.problem,
      'cannot be stored: classification.reset.effectiveAt: must be a UTC timestamp like 2026-11-20T12:00:00.000Z',
    );
  });

  test('a classifier that throws on one post, or gives it an invalid classification, loses only that post', async () => {
    const base = createRulesClassifier();
    const classify = (p: Post): Classification => {
      if (p.id === '1900000000000000102') throw new Error('the classifier broke');
      if (p.id === '1900000000000000103') return { ...base(p), classifier: '' };
      return base(p);
    };
    const { source } = scripted([
      [
        post('1900000000000000101'),
        post('1900000000000000102'),
        post('1900000000000000103'),
        post('1900000000000000104'),
      ],
    ]);
    const ledger = new OpsMemoryLedger();
    const outcome = await runRound(
      deps(ledger, source, join(dir, 'throw.json'), { classify }),
      null,
    );
    assert.equal(outcome.checkOk, true);
    assert.deepEqual(await storedIds(ledger), ['1900000000000000101', '1900000000000000104']);
    // A later post was stored: the cursor passes it (the refused ones are not read again).
    assert.equal((await checks(ledger))[0]?.cursor, '1900000000000000104');
  });

  test('ingest of a file stores every post it can and reports the others', async () => {
    const ledger = new OpsMemoryLedger();
    const result = await ingest(
      ledger,
      [
        post('1900000000000000101', ANNOUNCEMENT),
        post('1900000000000000102', 'From 2999.', Date.parse('2999-01-01T00:00:00.000Z')),
        post('1900000000000000103'),
      ],
      createRulesClassifier(),
      T0,
    );
    const { appended, ...counts } = result;
    assert.deepEqual(
      appended.map((entry) => entry.type),
      ['post_observed', 'post_classified', 'post_observed', 'post_classified'],
    );
    assert.deepEqual(counts, {
      added: 2,
      known: 0,
      refused: [
        {
          postId: '1900000000000000102',
          problem: 'dated 2999-01-01T00:00:00.000Z, later than now (2026-11-20T12:00:00.000Z)',
        },
      ],
    });
    assert.deepEqual(await storedIds(ledger), ['1900000000000000101', '1900000000000000103']);
  });
});

describe('posts from the future', () => {
  test('refused beyond now plus 5 minutes, stored within; never latest', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'reset-records-guards-'));
    try {
      const { source } = scripted([
        [
          post('1900000000000000101', ANNOUNCEMENT),
          post('1900000000000000102', 'Usage limits have been reset.', T0 + 5 * 60_000),
          post('1900000000000000103', 'Usage limits have been reset.', T0 + 5 * 60_000 + 1),
          post(
            '1900000000000000104',
            'Usage limits have been reset for everyone.',
            Date.parse('2999-01-01T00:00:00.000Z'),
          ),
        ],
      ]);
      const ledger = new OpsMemoryLedger();
      const path = join(dir, 'future.json');
      await runRound(deps(ledger, source, path), null);
      assert.deepEqual(await storedIds(ledger), ['1900000000000000101', '1900000000000000102']);
      const snapshot = JSON.parse(await readFile(path, 'utf8'));
      const announced = snapshot.records.map((r: { announcedAt: string }) => r.announcedAt);
      assert.ok(
        announced.every((at: string) => Date.parse(at) <= T0 + 5 * 60_000),
        announced.join(),
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('deadlines and stops', () => {
  let dir: string;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'reset-records-guards-'));
  });
  after(() => rm(dir, { recursive: true, force: true }));

  test('a check that never ends (and ignores its signal) fails at the round deadline, recorded', async () => {
    const ledger = new OpsMemoryLedger();
    const started = Date.now();
    const outcome = await runRound(
      deps(ledger, hanging, join(dir, 'deadline.json'), { roundDeadlineMs: 300 }),
      null,
    );
    assert.ok(Date.now() - started < 1_500);
    assert.equal(outcome.checkOk, false);
    assert.deepEqual(
      (await checks(ledger)).map((check) => check.error),
      ['the check did not end within its deadline (0.3 s)'],
    );
  });

  test('the source is given the signal and the deadline', async () => {
    let given: CheckBounds | undefined;
    const source: PostSource = {
      name: 'test',
      async check(_since, bounds) {
        given = bounds;
        return { posts: [], problems: [] };
      },
    };
    await runRound(
      deps(new OpsMemoryLedger(), source, join(dir, 'bounds.json'), { roundDeadlineMs: 60_000 }),
      null,
    );
    const deadline = given?.deadline ?? 0;
    assert.ok(Math.abs(deadline - (Date.now() + 60_000)) < 1_000, 'a minute from now, real time');
    assert.equal(given?.signal?.aborted, false);
  });

  test('monitor.stop() during a check that never ends returns at once, records the stop, releases the lease', async () => {
    const ledger = new OpsMemoryLedger();
    const monitor = startMonitor(deps(ledger, hanging, join(dir, 'stop.json')), 3_600);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const started = Date.now();
    await monitor.stop();
    assert.ok(Date.now() - started < 1_000, `stop took ${Date.now() - started} ms`);
    assert.deepEqual(
      (await checks(ledger)).map((check) => [check.ok, check.error]),
      [[false, 'the monitor stopped during the check']],
    );
    assert.equal(await ledger.acquireLease('monitor', 'another', T0, T0 + 1), true);
  });

  test('a round stuck past its deadline (here in the ledger) stops renewing the lease, so a standby can take over', async () => {
    let release = () => {};
    const stuck = new Promise<void>((resolve) => {
      release = resolve;
    });
    const ledger = new OpsMemoryLedger();
    let renewals = 0;
    let stuckAfterCheck = true;
    const wrapped = Object.assign(Object.create(ledger) as OpsMemoryLedger, {
      entries: () => ledger.entries(),
      acquireLease: (name: string, holder: string, now: number, until: number) => {
        renewals++;
        return ledger.acquireLease(name, holder, now, until);
      },
      releaseLease: (name: string, holder: string) => ledger.releaseLease(name, holder),
      transact: async (decide: (entries: readonly Entry[]) => never) => {
        if (stuckAfterCheck) await stuck;
        return ledger.transact(decide);
      },
    });
    const { source } = scripted([[]]);
    const monitor = startMonitor(
      deps(wrapped, source, join(dir, 'stuck.json'), { leaseMs: 150, roundDeadlineMs: 300 }),
      3_600,
    );
    await new Promise((resolve) => setTimeout(resolve, 250));
    const early = renewals;
    assert.ok(early >= 3, `renewed ${early} times in the first 250 ms`);
    await new Promise((resolve) => setTimeout(resolve, 600));
    const late = renewals;
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.equal(renewals, late, 'no renewal once the round is past its deadline');
    stuckAfterCheck = false;
    release();
    await monitor.stop();
  });
});
