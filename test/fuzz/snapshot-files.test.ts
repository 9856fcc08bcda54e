import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import fc from 'fast-check';
import { loadSnapshot } from '../../src/service/snapshot/load-snapshot.ts';
import { SnapshotFile } from '../../src/shared/domain/snapshot.ts';
import { MAX_PROBLEMS, validateSnapshotText } from '../../src/shared/snapshot/validate.ts';
import { completion, DAY, HOUR, iso, schedule, snapshotOf } from '../support/records.ts';

/**
 * Snapshot files, generated: valid snapshots, valid ones with one field corrupted, random
 * JSON, random text. The bounded validator (which stops after MAX_PROBLEMS problems) must
 * agree with the whole-file schema on every input, never throw, and never report more than
 * MAX_PROBLEMS problems; loading a file never throws whatever its bytes.
 */

const RUNS = 10_000;
const T0 = Date.parse('2026-11-20T12:00:00.000Z');

const validRecord = fc.oneof(
  fc
    .tuple(
      fc.bigInt({ min: 1n, max: 10n ** 19n }),
      fc.constantFrom('pending', 'elapsed', 'unknown') as fc.Arbitrary<
        'pending' | 'elapsed' | 'unknown'
      >,
      fc.integer({ min: -30, max: 30 }),
    )
    .map(([id, state, hours]) =>
      schedule(String(id), state, [T0 + hours * HOUR, T0 + (hours + 1) * HOUR], {
        announcedAt: iso(T0 + (hours - 2) * HOUR),
      }),
    ),
  fc
    .tuple(fc.bigInt({ min: 1n, max: 10n ** 19n }), fc.integer({ min: 0, max: 90 }))
    .map(([id, days]) => completion(String(id), { announcedAt: iso(T0 - days * DAY) })),
  fc
    .stringMatching(/^[a-z0-9]{1,12}$/)
    .map((token) => completion(`op_${token}`, { text: 'A note.' })),
  fc
    .stringMatching(/^[a-z0-9]{1,12}$/)
    .map((token) => completion(`manual:${token}`, { completedAt: iso(T0) })),
);

const validSnapshot = fc
  .array(validRecord, { maxLength: 12 })
  .map((records) => snapshotOf(records, T0));

/** A JSON value to put where a field was, of any type. */
const anyValue = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.double(),
  fc.integer(),
  fc.string(),
  fc.constantFrom(
    '2026-11-20T12:00:00.000Z',
    '2026-11-20 12:00',
    '',
    'reset_scheduled',
    'x',
    'op_1',
  ),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.string(), { maxKeys: 3 }),
);

/** A valid snapshot with one field (of the file or of a record) replaced, removed or added. */
const corruptedSnapshot = fc
  .tuple(validSnapshot, fc.nat(), fc.nat(), anyValue, fc.constantFrom('replace', 'delete', 'add'))
  .map(([snapshot, recordPick, fieldPick, value, how]) => {
    const copy = structuredClone(snapshot) as unknown as Record<string, unknown>;
    const records = copy.records as Record<string, unknown>[];
    const target =
      records.length > 0 && recordPick % 3 !== 0 ? records[recordPick % records.length]! : copy;
    const keys = Object.keys(target);
    const key = how === 'add' ? `extra${fieldPick % 3}` : keys[fieldPick % keys.length]!;
    if (how === 'delete') delete target[key];
    else target[key] = value;
    return JSON.stringify(copy);
  });

/** Texts of every sort a file can hold. */
const snapshotText = fc.oneof(
  validSnapshot.map((snapshot) => JSON.stringify(snapshot)),
  corruptedSnapshot,
  fc.json(),
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc
    .integer({ min: 0, max: 400 })
    .map(
      (count) =>
        `{"generatedAt":"${iso(T0)}","lastSuccessfulCheckAt":null,"records":[${Array(count).fill('{}').join(',')}]}`,
    ),
  fc.integer({ min: 0, max: 100 }).map((depth) => `${'['.repeat(depth)}${']'.repeat(depth)}`),
);

/** What the whole-file schema says, the reference the bounded validator must agree with. */
function reference(text: string): boolean {
  try {
    return SnapshotFile.safeParse(JSON.parse(text)).success;
  } catch {
    return false;
  }
}

describe('fuzzing snapshot files', () => {
  let dir: string;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'reset-records-fuzz-snapshot-'));
  });
  after(() => rm(dir, { recursive: true, force: true }));

  test(`the bounded validator agrees with the schema on ${RUNS} generated files and never exceeds its bound`, (t) => {
    let valid = 0;
    fc.assert(
      fc.property(snapshotText, (text) => {
        const result = validateSnapshotText(text);
        const deep = /^\[{33}/.test(text); // refused for nesting before the schema is asked
        assert.equal(result.ok, deep ? false : reference(text), text.slice(0, 200));
        if (result.ok) {
          valid++;
          assert.deepEqual(result.snapshot, JSON.parse(text));
        } else {
          assert.ok(result.problems.length >= 1 && result.problems.length <= MAX_PROBLEMS);
          for (const problem of result.problems) {
            assert.equal(typeof problem.field, 'string');
            assert.equal(typeof problem.message, 'string');
          }
        }
      }),
      { numRuns: RUNS },
    );
    t.diagnostic(`${RUNS} snapshot texts, ${valid} valid`);
  });

  test('loading any bytes from a file never throws and always says why it refused', async (t) => {
    const path = join(dir, 'snapshot.json');
    const runs = 1_000; // through the file system: fewer, each a real write and read
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(snapshotText, fc.uint8Array({ maxLength: 300 })),
        async (content) => {
          await writeFile(path, content);
          const outcome = await loadSnapshot({
            path,
            bytes: content.length,
            maxBytes: 1024 * 1024,
          });
          if (!outcome.ok) assert.ok(outcome.problems.length >= 1);
          else
            assert.equal(
              outcome.data.rows.length,
              (JSON.parse(String(content)) as SnapshotFile).records.length,
            );
        },
      ),
      { numRuns: runs },
    );
    t.diagnostic(`${runs} files loaded`);
  });
});
