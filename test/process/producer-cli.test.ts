import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Entry } from '../../src/producer/ledger/entry.ts';
import { createDatabase, type TestDatabase } from '../producer/support/postgres.ts';
import { ROOT } from '../support/process.ts';
import {
  assertExit,
  createLedger,
  jsonLines,
  ledgerEntries,
  type OpsResult,
  ops,
  type PostLine,
  type Run,
  run,
  tempDir,
} from './support-producer/processes.ts';

/**
 * The producer's command line as an operator and a script drive it (producer.md §4, §5):
 * each command a real `node bin/reset-records.js` process, each test on its own ledger
 * (LEDGER_URL=sqlite:<temp dir>/ledger.db, PostgreSQL for the one sequence run on both).
 *
 * Times are in 2025, in the past of any clock the tests run on: `ops` refuses a completion
 * time or an announcement time in the future.
 */

const HANDLE = 'resetwatch';
const url = (id: string) => `https://x.com/${HANDLE}/status/${id}`;

/** A schedule for "tomorrow", a post with no reset, and a completion of banked usage. */
const S1: PostLine = {
  id: '1900000000000000001',
  handle: HANDLE,
  createdAt: '2025-03-10T10:00:00Z',
  text: 'Weekly limits reset for everyone tomorrow.',
};
const N2: PostLine = {
  id: '1900000000000000002',
  handle: HANDLE,
  createdAt: '2025-03-10T10:30:00Z',
  text: 'Nice weather today.',
};
const C3: PostLine = {
  id: '1900000000000000003',
  handle: HANDLE,
  createdAt: '2025-03-11T18:00:00Z',
  text: 'Banked usage has been reset.',
};

/** Every snapshot of the sequence is built at T: S1's window (its Pacific day) is in progress. */
const T = '2025-03-11T20:00:00.000Z';
const S1_WINDOW = { startAt: '2025-03-11T07:00:00.000Z', endAt: '2025-03-12T06:59:59.999Z' };
const NOTE_AT = '2025-03-11T02:00:00.000Z';
const COMPLETED_AT = '2025-03-11T19:30:00.000Z';

/** What the rules classifier (rules-2.1) says of S1 and C3. */
const S1_REASONS = [
  'coming: "weekly limits reset for everyone tomorrow"',
  'window from "tomorrow" (date, explicit)',
];
const C3_REASONS = [
  'banked words appear, but no banked reset was read: global or banked?',
  'confidence 0.75 is below 0.8',
  'done: "has been reset"',
];

/** What `classify` proposes for S1 and C3: the records they would publish when announced. */
const S1_CLASSIFIED = {
  id: S1.id,
  kind: 'reset_scheduled',
  resetType: 'global',
  announcedAt: '2025-03-10T10:00:00.000Z',
  effectiveAt: null,
  text: S1.text,
  confidence: 0.9,
  scope: { plans: ['all'], windows: ['weekly'] },
  source: { origin: 'x', postId: S1.id, handle: HANDLE, url: url(S1.id) },
  schedulePrecision: 'date',
  scheduleBasis: 'explicit',
  scheduleWindow: S1_WINDOW,
  scheduleState: 'pending',
  completedAt: null,
  completionRecordId: null,
  fulfillmentOrigin: null,
  relatedRecordIds: [] as string[],
};
const C3_CLASSIFIED = {
  id: C3.id,
  kind: 'reset_completed',
  resetType: 'global',
  announcedAt: '2025-03-11T18:00:00.000Z',
  effectiveAt: null,
  text: C3.text,
  confidence: 0.75,
  scope: { plans: ['unknown'], windows: ['unknown'] },
  source: { origin: 'x', postId: C3.id, handle: HANDLE, url: url(C3.id) },
  schedulePrecision: null,
  scheduleBasis: null,
  scheduleWindow: null,
  scheduleState: null,
  completedAt: '2025-03-11T18:00:00.000Z',
  completionRecordId: null,
  fulfillmentOrigin: null,
  relatedRecordIds: [] as string[],
};

/** C3 as the operator accepts it: banked, as it says ("global or banked?" was the doubt). */
const C3_RECORD = { ...C3_CLASSIFIED, resetType: 'banked' };

/** S1 as the operator accepts it, with the plans corrected. */
const S1_ACCEPTED = { ...S1_CLASSIFIED, scope: { plans: ['plus', 'pro'], windows: ['weekly'] } };
const ACCEPT_S1 = [
  'ops',
  'accept',
  S1.id,
  '--set',
  'scope=plans:plus,pro;windows:weekly',
  '--by',
  'alice',
  '--reason',
  'only Plus and Pro, says the reply below it',
];

/** The snapshot `build --now T` prints: pretty JSON, one final newline. */
const snapshotText = (records: readonly object[]) =>
  `${JSON.stringify({ generatedAt: T, lastSuccessfulCheckAt: null, records }, null, 2)}\n`;

const classifyLine = (postId: string, record: object | null, review: boolean, reasons: string[]) =>
  JSON.stringify({ postId, record, review, reasons });

const refused = (result: Run, message: string, what: string) => {
  assertExit(result, 1, what);
  assert.equal(result.stdout, '', `${what} prints nothing on stdout`);
  assert.equal(result.stderr, `Refused: ${message}\n`, what);
};

describe('the producer command line', { concurrency: true }, () => {
  const cleanups: (() => Promise<void>)[] = [];
  after(async () => {
    for (const cleanup of cleanups) await cleanup();
  });
  async function sandbox(label: string) {
    const temp = await tempDir(label);
    cleanups.push(temp.remove);
    return {
      dir: temp.dir,
      env: { LEDGER_URL: `sqlite:${join(temp.dir, 'ledger.db')}` },
    };
  }

  test('classify FILE prints one JSON line per post in input order, {postId, record, review, reasons}, reports each malformed line by number and exits 1', async () => {
    const { dir, env } = await sandbox('classify');
    const file = join(dir, 'posts.jsonl');
    await writeFile(
      file,
      jsonLines([
        S1,
        N2,
        '{"id": 1900000000000000004, "handle": "resetwatch"}',
        '',
        C3,
        'not json',
      ]),
    );
    const result = await run(['classify', file], env);
    assertExit(result, 1, 'classify with malformed lines');
    assert.equal(
      result.stdout,
      [
        classifyLine(S1.id, S1_CLASSIFIED, false, S1_REASONS),
        classifyLine(N2.id, null, false, ['no reset mentioned']),
        classifyLine(C3.id, C3_CLASSIFIED, true, C3_REASONS),
        '',
      ].join('\n'),
    );
    const problems = result.stderr.trimEnd().split('\n');
    assert.equal(problems.length, 2, result.stderr);
    assert.match(problems[0]!, new RegExp(`^${escapeRegExp(file)}:3: id: .+ \\(skipped\\)$`));
    assert.equal(problems[1], `${file}:6: not valid JSON (skipped)`);
    // Touches no ledger: the file LEDGER_URL names is never created.
    await assert.rejects(readFile(join(dir, 'ledger.db')), { code: 'ENOENT' });
  });

  test('classify reads standard input when no FILE is given, and exits 0 when every line is a post', async () => {
    const { env } = await sandbox('classify-stdin');
    const result = await run(['classify'], env, jsonLines([C3, N2]));
    assertExit(result, 0, 'classify from stdin');
    assert.equal(result.stderr, '');
    assert.equal(
      result.stdout,
      `${classifyLine(C3.id, C3_CLASSIFIED, true, C3_REASONS)}\n${classifyLine(N2.id, null, false, ['no reset mentioned'])}\n`,
    );
  });

  describe('a day of the operator on one SQLite ledger', { concurrency: false }, () => {
    let dir: string;
    let env: Record<string, string>;
    let posts: string;
    /** What the sequence made, for the later steps. */
    let opId = '';
    let manualId = '';
    const entries: Record<string, OpsResult> = {};
    const build = async (what: string) => {
      const result = await run(['build', '--now', T], env);
      assertExit(result, 0, `build after ${what}`);
      assert.equal(result.stderr, '', `build after ${what}: nothing left out`);
      return result.stdout;
    };

    before(async () => {
      ({ dir, env } = await sandbox('sequence'));
      await createLedger(env.LEDGER_URL!);
      // REVIEW_BELOW=1 holds every post (no confidence reaches 1): the day goes through review.
      env = { ...env, REVIEW_BELOW: '1' };
      posts = join(dir, 'posts.jsonl');
      await writeFile(
        posts,
        jsonLines([
          S1,
          N2,
          '{"id":"1900000000000000004","handle":"resetwatch","createdAt":"yesterday","text":"reset"}',
          C3,
        ]),
      );
    });

    test('ingest FILE stores the good lines, reports the malformed one with its number and exits 1; a second run stores nothing new', async () => {
      const first = await run(['ingest', posts], env);
      assertExit(first, 1, 'ingest with a malformed line');
      assert.equal(
        first.stdout,
        '3 new post(s) stored and classified, 0 already in the ledger, 1 line(s) skipped.\n' +
          '  1900000000000000001: held for review (reset_scheduled global): confidence 0.9 is below 1; coming: "weekly limits reset for everyone tomorrow"; see ops review\n' +
          '  1900000000000000002: not a reset\n' +
          '  1900000000000000003: held for review (reset_completed global): banked words appear, but no banked reset was read: global or banked?; confidence 0.75 is below 1; see ops review\n',
      );
      assert.match(
        first.stderr,
        new RegExp(`^${escapeRegExp(posts)}:3: createdAt: .+ \\(skipped\\)\\n$`),
      );

      const again = await run(['ingest', posts], env);
      assertExit(again, 1, 'the same ingest again');
      assert.equal(
        again.stdout,
        '0 new post(s) stored and classified, 3 already in the ledger, 1 line(s) skipped.\n',
      );

      // Each good post stored once, verbatim, with its one classification; nothing else.
      const stored = await ledgerEntries(env.LEDGER_URL!);
      assert.deepEqual(
        stored.map((entry) => [entry.id, entry.type, entry.actor]),
        [
          [1, 'post_observed', 'monitor'],
          [2, 'post_classified', 'monitor'],
          [3, 'post_observed', 'monitor'],
          [4, 'post_classified', 'monitor'],
          [5, 'post_observed', 'monitor'],
          [6, 'post_classified', 'monitor'],
        ],
      );
      assert.deepEqual(
        stored.filter(isType('post_observed')).map((entry) => entry.payload.post),
        [S1, N2, C3],
      );
    });

    test('after ops accept of the held schedule (with corrections), build --now T prints the exact snapshot', async () => {
      const accepted = await run([...ACCEPT_S1, '--json'], env);
      assertExit(accepted, 0, 'ops accept');
      entries['acceptS1'] = JSON.parse(accepted.stdout) as OpsResult;
      assert.deepEqual(
        { ...entries['acceptS1'], at: '' },
        {
          action: 'accept',
          entryId: 7,
          at: '',
          actor: 'alice',
          recordIds: [S1.id],
          changes: [{ recordId: S1.id, change: 'published' }],
        },
      );
      assert.equal(await build('accept S1'), snapshotText([S1_ACCEPTED]));
    });

    test('ops accept of the held completion; build --now T --out FILE writes the exact snapshot', async () => {
      entries['acceptC3'] = await ops(
        ['accept', C3.id, '--set', 'resetType=banked', '--by', 'bob'],
        env,
      );
      assert.deepEqual(entries['acceptC3'].recordIds, [C3.id]);
      const out = join(dir, 'built.json');
      const result = await run(['build', '--now', T, '--out', out], env);
      assertExit(result, 0, 'build --out');
      assert.equal(result.stdout, '', 'nothing printed with --out');
      // A banked completion does not fulfil a global schedule.
      assert.equal(await readFile(out, 'utf8'), snapshotText([S1_ACCEPTED, C3_RECORD]));
    });

    test('ops note: an op_ record about S1, which the banked completion fulfils automatically', async () => {
      const noted = await ops(
        [
          'note',
          '--kind',
          'reset_scheduled',
          '--reset-type',
          'banked',
          '--window',
          `${NOTE_AT},${NOTE_AT}`,
          '--precision',
          'datetime',
          '--scope',
          'plans:pro',
          '--text',
          'Banked usage resets too, at 7pm PT tonight.',
          '--post',
          S1.id,
          '--announced-at',
          '2025-03-10T10:00:00.000Z',
          '--by',
          'bob',
          '--reason',
          'the post announces a second reset',
        ],
        env,
      );
      entries['note'] = noted;
      opId = noted.recordIds[0]!;
      assert.match(opId, /^op_[0-9a-z]+$/);
      assert.deepEqual(noted.recordIds, [opId, C3.id]);
      assert.equal(
        await build('note'),
        snapshotText([
          S1_ACCEPTED,
          { ...C3_RECORD, relatedRecordIds: [opId] },
          noteRecord(opId, {
            scheduleState: 'fulfilled',
            completedAt: C3_RECORD.completedAt,
            completionRecordId: C3.id,
            fulfillmentOrigin: 'auto',
          }),
        ]),
      );
    });

    test('ops complete: a manual: completion fulfils S1 with origin manual', async () => {
      const completed = await ops(
        [
          'complete',
          '--schedules',
          S1.id,
          '--at',
          COMPLETED_AT,
          '--by',
          'alice',
          '--reason',
          'confirmed in the product',
        ],
        env,
      );
      entries['complete'] = completed;
      manualId = completed.recordIds[0]!;
      assert.match(manualId, /^manual:[0-9a-z]+$/);
      assert.deepEqual(completed.recordIds, [manualId, S1.id]);
      assert.equal(await build('complete'), snapshotText(afterComplete()));
    });

    test('ops dismiss of the note omits it (its completion lists it no more); completing the dismissed note is refused', async () => {
      entries['dismiss'] = await ops(
        ['dismiss', opId, '--by', 'bob', '--reason', 'a misreading: one reset only'],
        env,
      );
      assert.deepEqual(entries['dismiss'].recordIds, [opId, C3.id]);
      const [snapshot, refusal] = await Promise.all([
        build('dismiss'),
        run(['ops', 'complete', '--schedules', opId, '--by', 'bob'], env),
      ]);
      assert.equal(
        snapshot,
        snapshotText([
          { ...S1_ACCEPTED, ...fulfilledByManual() },
          C3_RECORD,
          manualRecord(manualId),
        ]),
      );
      refused(
        refusal,
        `record ${opId} is dismissed: restore it first (ops restore ${opId})`,
        'complete a dismissed record',
      );
    });

    let logBefore = '';
    let logAfter = { json: '', text: '' };
    test('ops undo of the dismiss brings the note back, as it was', async () => {
      entries['undo'] = await ops(
        ['undo', String(entries['dismiss']!.entryId), '--by', 'alice', '--reason', 'too hasty'],
        env,
      );
      assert.deepEqual(entries['undo'].recordIds, [opId, C3.id]);
      const [snapshot, log] = await Promise.all([
        build('undo'),
        run(['ops', 'log', '--json'], env),
      ]);
      assert.equal(snapshot, snapshotText(afterComplete()));
      assertExit(log, 0, 'ops log --json');
      logBefore = log.stdout;
    });

    test('refused commands exit 1 with "Refused: …" and usage errors exit 2; neither appends anything', async () => {
      const dismissId = entries['dismiss']!.entryId;
      const [unknown, twice, completionToCompletion, undoTwice, noPostId, nobody] =
        await Promise.all([
          run(['ops', 'accept', '1900000000000000999', '--by', 'alice'], env),
          run(['ops', 'accept', S1.id, '--by', 'alice'], env),
          run(['ops', 'link', C3.id, manualId, '--by', 'alice'], env),
          run(['ops', 'undo', String(dismissId), '--by', 'alice'], env),
          run(['ops', 'accept', '--by', 'alice'], env),
          run(['ops', 'restore', opId], env), // no --by, no OPERATOR
        ]);
      refused(unknown, 'unknown post 1900000000000000999', 'accept an unknown post');
      refused(
        twice,
        `post ${S1.id} is already accepted (entry ${entries['acceptS1']!.entryId})`,
        'accept twice',
      );
      refused(
        completionToCompletion,
        `${C3.id} is a completion, not a schedule: ops link SCHEDULE_ID COMPLETION_ID`,
        'link a completion to a completion',
      );
      refused(
        undoTwice,
        `entry ${dismissId} is already undone (by entry ${entries['undo']!.entryId})`,
        'undo twice',
      );
      assertExit(noPostId, 2, 'ops accept without POST_ID');
      assert.equal(
        noPostId.stderr,
        'Usage error: accept takes POST_ID\nRun "reset-records ops help" for the syntax.\n',
      );
      assertExit(nobody, 2, 'ops without --by or OPERATOR');
      assert.match(nobody.stderr, /^Usage error: who is acting\? pass --by NAME or set OPERATOR\n/);

      const [log, text] = await Promise.all([
        run(['ops', 'log', '--json'], env),
        run(['ops', 'log'], env),
      ]);
      assertExit(log, 0, 'ops log --json');
      assertExit(text, 0, 'ops log');
      assert.equal(log.stdout, logBefore, 'nothing appended');
      logAfter = { json: log.stdout, text: text.stdout };
    });

    test('ops log shows, newest first, who did what and why, and which entry undid which', async () => {
      assert.notEqual(logAfter.json, '', 'the previous test ran');
      const rows = logAfter.json
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      const e = (name: string) => entries[name]!;
      const expected = [
        [
          e('undo'),
          'alice',
          'undo',
          `undo entry ${e('dismiss').entryId}: dismiss ${opId}`,
          'too hasty',
          [opId],
          null,
        ],
        [
          e('dismiss'),
          'bob',
          'dismiss',
          `dismiss ${opId}`,
          'a misreading: one reset only',
          [opId],
          e('undo').entryId,
        ],
        [
          e('complete'),
          'alice',
          'complete',
          `complete ${manualId}: fulfils ${S1.id} at ${COMPLETED_AT}`,
          'confirmed in the product',
          [manualId, S1.id],
          null,
        ],
        [
          e('note'),
          'bob',
          'note',
          `note ${opId}: reset_scheduled banked about post ${S1.id}`,
          'the post announces a second reset',
          [opId],
          null,
        ],
        [e('acceptC3'), 'bob', 'accept', `accept ${C3.id}, setting resetType`, null, [C3.id], null],
        [
          e('acceptS1'),
          'alice',
          'accept',
          `accept ${S1.id}, setting scope`,
          'only Plus and Pro, says the reply below it',
          [S1.id],
          null,
        ],
      ] as const;
      assert.deepEqual(
        rows.map(({ payload: _payload, ...row }) => row),
        expected.map(([entry, actor, action, summary, reason, recordIds, undoneBy]) => ({
          entryId: entry.entryId,
          at: entry.at,
          actor,
          action,
          summary,
          reason,
          recordIds,
          undoneBy,
        })),
      );
      assert.deepEqual(
        rows.map((row) => row['entryId']),
        [12, 11, 10, 9, 8, 7],
      );
      assert.equal(
        logAfter.text,
        expected
          .map(
            ([entry, actor, , summary, reason, , undoneBy]) =>
              `${entry.entryId}  ${entry.at}  ${actor}  ${summary}` +
              (undoneBy === null ? '' : `  [undone by entry ${undoneBy}]`) +
              (reason === null ? '' : `  reason: ${reason}`) +
              '\n',
          )
          .join(''),
      );
    });

    /** After `ops complete`: S1 fulfilled by the manual completion, the note by C3. */
    function afterComplete() {
      return [
        { ...S1_ACCEPTED, ...fulfilledByManual() },
        { ...C3_RECORD, relatedRecordIds: [opId] },
        manualRecord(manualId),
        noteRecord(opId, {
          scheduleState: 'fulfilled',
          completedAt: C3_RECORD.completedAt,
          completionRecordId: C3.id,
          fulfillmentOrigin: 'auto',
        }),
      ];
    }
    function fulfilledByManual() {
      return {
        scheduleState: 'fulfilled',
        completedAt: COMPLETED_AT,
        completionRecordId: manualId,
        fulfillmentOrigin: 'manual',
      };
    }
  });

  describe('the same sequence on PostgreSQL', { concurrency: false }, () => {
    let database: TestDatabase | undefined;
    before(async () => {
      database = await createDatabase('producer_cli');
    });
    after(() => database?.drop());

    test('ingest, accept, accept, build: the same snapshot bytes as the SQLite ledger gave', async () => {
      const { dir } = await sandbox('postgres');
      const posts = join(dir, 'posts.jsonl');
      await writeFile(posts, jsonLines([S1, N2, C3]));
      const env = { LEDGER_URL: database!.url, REVIEW_BELOW: '1' };
      await createLedger(env.LEDGER_URL);
      const ingested = await run(['ingest', posts], env);
      assertExit(ingested, 0, 'ingest');
      assert.equal(
        ingested.stdout,
        '3 new post(s) stored and classified, 0 already in the ledger, 0 line(s) skipped.\n' +
          '  1900000000000000001: held for review (reset_scheduled global): confidence 0.9 is below 1; coming: "weekly limits reset for everyone tomorrow"; see ops review\n' +
          '  1900000000000000002: not a reset\n' +
          '  1900000000000000003: held for review (reset_completed global): banked words appear, but no banked reset was read: global or banked?; confidence 0.75 is below 1; see ops review\n',
      );
      await ops(ACCEPT_S1.slice(1), env);
      await ops(['accept', C3.id, '--set', 'resetType=banked', '--by', 'bob'], env);
      const built = await run(['build', '--now', T], env);
      assertExit(built, 0, 'build');
      // Byte for byte what `build --out` wrote from SQLite after the same two accepts.
      assert.equal(built.stdout, snapshotText([S1_ACCEPTED, C3_RECORD]));
    });
  });

  test('demo --now T prints the sample snapshot: src/service/openapi/example-snapshot.json for 2026-11-20T12:00:00.000Z', async () => {
    const { env } = await sandbox('demo');
    const result = await run(['demo', '--now', '2026-11-20T12:00:00.000Z'], env);
    assertExit(result, 0, 'demo');
    const example = await readFile(join(ROOT, 'src/service/openapi/example-snapshot.json'), 'utf8');
    // The same values in the same order (the example file is formatted by biome).
    assert.equal(JSON.stringify(JSON.parse(result.stdout)), JSON.stringify(JSON.parse(example)));
  });

  describe('monitor --once with a file source', { concurrency: false }, () => {
    let dir: string;
    let env: Record<string, string>;
    let snapshotPath: string;
    let firstCheckAt: string | null = null;
    before(async () => {
      ({ dir, env } = await sandbox('monitor'));
      await createLedger(env.LEDGER_URL!);
      snapshotPath = join(dir, 'snapshot.json');
      await writeFile(join(dir, 'posts.jsonl'), jsonLines([S1, N2, C3]));
    });

    test('exits 0, records a successful check and writes a snapshot that reset-records validate accepts', async () => {
      const result = await run(['monitor', '--once'], {
        ...env,
        MONITOR_SOURCE: `file:${join(dir, 'posts.jsonl')}`,
        SNAPSHOT_PATH: snapshotPath,
      });
      assertExit(result, 0, 'monitor --once');
      const snapshot = JSON.parse(await readFile(snapshotPath, 'utf8')) as {
        lastSuccessfulCheckAt: string | null;
        records: unknown[];
      };
      assert.deepEqual(
        (snapshot.records as { id: string }[]).map((record) => record.id),
        [S1.id],
        'S1 is published by itself; C3 waits in the review queue',
      );
      const checks = (await ledgerEntries(env.LEDGER_URL!)).filter(isType('source_checked'));
      assert.equal(checks.length, 1);
      assert.deepEqual(checks[0]!.payload, {
        source: `file:${join(dir, 'posts.jsonl')}`,
        ok: true,
        cursor: C3.id,
        error: null,
        newPosts: 3,
      });
      firstCheckAt = checks[0]!.at;
      assert.equal(snapshot.lastSuccessfulCheckAt, firstCheckAt);

      const validated = await run(['validate', snapshotPath], env);
      assertExit(validated, 0, 'validate');
      assert.equal(validated.stdout, `${snapshotPath}: valid snapshot\n`);
    });

    test('with a missing posts file: exits 1 and records a failed check, which leaves lastSuccessfulCheckAt as it was', async () => {
      assert.notEqual(firstCheckAt, null, 'the previous test ran');
      const missing = join(dir, 'missing.jsonl');
      const result = await run(['monitor', '--once'], {
        ...env,
        MONITOR_SOURCE: `file:${missing}`,
        SNAPSHOT_PATH: snapshotPath,
      });
      assertExit(result, 1, 'monitor --once without its posts file');
      const checks = (await ledgerEntries(env.LEDGER_URL!)).filter(isType('source_checked'));
      assert.equal(checks.length, 2);
      const failed = checks[1]!.payload;
      assert.equal(failed.ok, false);
      assert.equal(failed.source, `file:${missing}`);
      assert.equal(failed.cursor, C3.id, 'the cursor of the last good check is kept');
      assert.match(failed.error ?? '', /ENOENT/);

      const built = await run(['build'], env);
      assertExit(built, 0, 'build');
      const snapshot = JSON.parse(built.stdout) as { lastSuccessfulCheckAt: string | null };
      assert.equal(snapshot.lastSuccessfulCheckAt, firstCheckAt);
      const published = JSON.parse(await readFile(snapshotPath, 'utf8')) as typeof snapshot;
      assert.equal(published.lastSuccessfulCheckAt, firstCheckAt);
    });
  });

  test('usage and configuration errors of the producer commands exit 2 with a message', async () => {
    const { dir, env } = await sandbox('usage');
    const [badNow, option, noSource] = await Promise.all([
      run(['build', '--now', 'yesterday'], env),
      run(['ingest', '--dry-run'], env),
      run(['monitor', '--once'], { ...env, SNAPSHOT_PATH: join(dir, 'snapshot.json') }),
    ]);
    for (const [result, what] of [
      [badNow, 'build --now yesterday'],
      [option, 'ingest --dry-run'],
      [noSource, 'monitor without MONITOR_SOURCE'],
    ] as const) {
      assertExit(result, 2, what);
      assert.equal(result.stdout, '', what);
      assert.doesNotMatch(result.stderr, /unexpected error/, what);
    }
    assert.match(badNow.stderr, /^reset-records: --now must be a UTC time like /);
    assert.match(option.stderr, /^reset-records: Unknown option '--dry-run'/);
    assert.match(
      noSource.stderr,
      /^reset-records: monitor needs a source: MONITOR_SOURCE=file:PATH/,
    );
    // None of them touched the ledger.
    await assert.rejects(readFile(join(dir, 'ledger.db')), { code: 'ENOENT' });
  });
});

/** The op_ note of the sequence: a banked schedule at 7pm PT, about S1, with `state`. */
function noteRecord(id: string, state: object) {
  return {
    id,
    kind: 'reset_scheduled',
    resetType: 'banked',
    announcedAt: '2025-03-10T10:00:00.000Z',
    effectiveAt: null,
    text: 'Banked usage resets too, at 7pm PT tonight.',
    confidence: null,
    scope: { plans: ['pro'], windows: ['unknown'] },
    source: { origin: 'operator', postId: S1.id, handle: null, url: url(S1.id) },
    schedulePrecision: 'datetime',
    scheduleBasis: 'explicit',
    scheduleWindow: { startAt: NOTE_AT, endAt: NOTE_AT },
    scheduleState: null,
    completedAt: null,
    completionRecordId: null,
    fulfillmentOrigin: null,
    relatedRecordIds: [],
    ...state,
  };
}

/** The manual completion of the sequence (service.md § Manual completion record). */
function manualRecord(id: string) {
  return {
    id,
    kind: 'reset_completed',
    resetType: 'global',
    announcedAt: null,
    effectiveAt: COMPLETED_AT,
    text: null,
    confidence: null,
    scope: null,
    source: { origin: 'operator', postId: null, handle: null, url: null },
    schedulePrecision: null,
    scheduleBasis: null,
    scheduleWindow: null,
    scheduleState: null,
    completedAt: COMPLETED_AT,
    completionRecordId: null,
    fulfillmentOrigin: 'manual',
    relatedRecordIds: [S1.id],
  };
}

function isType<T extends Entry['type']>(type: T) {
  return (entry: Entry): entry is Extract<Entry, { type: T }> => entry.type === type;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
