import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { sampleSnapshot as buildDemoSnapshot } from '../../src/producer/demo/sample-ledger.ts';
import type { ResetRecord } from '../../src/shared/domain/record.ts';
import type { SnapshotFile } from '../../src/shared/domain/snapshot.ts';
import {
  formatProblem,
  validateSnapshot,
  validateSnapshotText,
} from '../../src/shared/snapshot/validate.ts';
import { completion, DAY, HOUR, iso, schedule, snapshotOf } from '../support/records.ts';

/** decisions.md §2 and the cross-field rules of src/shared/domain/record.ts. */

const T0 = Date.parse('2026-11-20T12:00:00.000Z');

// biome-ignore lint/suspicious/noExplicitAny: tests corrupt the snapshot on purpose
type Loose = any;

/** A valid snapshot with one record of each shape: x schedule, op_ note, manual completion, x completion. */
function validSnapshot(): Loose {
  return structuredClone(
    snapshotOf(
      [
        schedule('100', 'pending', [T0, T0 + HOUR], {
          announcedAt: iso(T0 - HOUR),
          effectiveAt: iso(T0),
          text: 'Limits reset at noon.',
          confidence: 0.9,
          scope: { plans: ['all'], windows: ['five_hour'] },
        }),
        schedule('op_note', 'unknown', null, { scheduleBasis: 'contextual_inference' }),
        schedule('200', 'fulfilled', [T0 - DAY, T0 - DAY], {
          completionRecordId: '300',
          fulfillmentOrigin: 'link',
        }),
        completion('300', { announcedAt: iso(T0 - DAY), relatedRecordIds: ['200'] }),
        completion('manual:2026-11-19', {
          completedAt: iso(T0 - DAY),
          relatedRecordIds: ['200'],
        }),
      ],
      T0,
    ),
  );
}

const INDEX = { schedule: 0, note: 1, fulfilled: 2, completion: 3, manual: 4 } as const;

/** The (record, field) pairs of every problem, or 'valid'. */
function problemsOf(input: unknown): { record: string | null; field: string }[] | 'valid' {
  const result = validateSnapshot(input);
  if (result.ok) return 'valid';
  return result.problems.map(({ record, field }) => ({ record, field }));
}

/** Applies `mutate` to a fresh valid snapshot and asserts exactly one problem at record/field. */
function assertSingleProblem(
  mutate: (snapshot: Loose) => void,
  record: string | null,
  field: string,
): void {
  const snapshot = validSnapshot();
  mutate(snapshot);
  assert.deepEqual(problemsOf(snapshot), [{ record, field }]);
}

describe('validateSnapshot accepts valid snapshots', () => {
  test('the fixture snapshot with every record shape is valid and returned unchanged', () => {
    const snapshot = validSnapshot();
    const result = validateSnapshot(snapshot);
    assert.ok(result.ok);
    assert.deepEqual(result.snapshot, snapshot);
  });

  test('the bundled demo snapshot is valid, whatever the time it is built for', () => {
    for (const now of [
      Date.now(),
      T0,
      Date.parse('2026-11-20T00:00:00.000Z'),
      Date.parse('2026-11-20T23:59:59.999Z'),
      Date.parse('2028-02-29T00:00:30.000Z'),
    ]) {
      const demo = buildDemoSnapshot(now);
      assert.deepEqual(problemsOf(demo), 'valid', `demo at ${iso(now)}`);
      assert.equal(validateSnapshotText(JSON.stringify(demo)).ok, true);
    }
  });

  test('an empty record list and a null lastSuccessfulCheckAt are valid', () => {
    assert.equal(
      problemsOf({ generatedAt: iso(T0), lastSuccessfulCheckAt: null, records: [] }),
      'valid',
    );
  });

  test('confidence 0 and 1 are within bounds', () => {
    for (const confidence of [0, 1]) {
      const snapshot = validSnapshot();
      snapshot.records[INDEX.schedule].confidence = confidence;
      assert.equal(problemsOf(snapshot), 'valid');
    }
  });

  test('a window with endAt equal to startAt is valid', () => {
    const snapshot = validSnapshot();
    snapshot.records[INDEX.schedule].scheduleWindow = { startAt: iso(T0), endAt: iso(T0) };
    assert.equal(problemsOf(snapshot), 'valid');
  });

  test('a manual completion with every optional field null is valid', () => {
    const manual: ResetRecord = completion('manual:bare');
    assert.equal(manual.fulfillmentOrigin, 'manual');
    assert.equal(problemsOf(snapshotOf([manual], T0)), 'valid');
  });
});

describe('validateSnapshot names the record and field of each problem', () => {
  test('a missing field is reported on that field', () => {
    assertSingleProblem((s) => delete s.records[INDEX.schedule].text, '100', 'text');
    assertSingleProblem(
      (s) => delete s.records[INDEX.completion].relatedRecordIds,
      '300',
      'relatedRecordIds',
    );
    assertSingleProblem((s) => delete s.records[INDEX.note].source.url, 'op_note', 'source.url');
    assertSingleProblem(
      (s) => delete s.records[INDEX.schedule].scheduleWindow.endAt,
      '100',
      'scheduleWindow.endAt',
    );
  });

  test('a field set to undefined-like null where a value is required is reported', () => {
    assertSingleProblem((s) => (s.records[INDEX.schedule].kind = null), '100', 'kind');
    assertSingleProblem(
      (s) => (s.records[INDEX.schedule].relatedRecordIds = null),
      '100',
      'relatedRecordIds',
    );
  });

  test('an extra field is reported by its name, also inside nested objects', () => {
    assertSingleProblem((s) => (s.records[INDEX.schedule].foo = 1), '100', 'foo');
    assertSingleProblem(
      (s) => (s.records[INDEX.schedule].source.extra = 'x'),
      '100',
      'source.extra',
    );
    assertSingleProblem(
      (s) => (s.records[INDEX.schedule].scope.regions = []),
      '100',
      'scope.regions',
    );
  });

  test('a value outside an enum is reported', () => {
    assertSingleProblem((s) => (s.records[INDEX.schedule].kind = 'reset_maybe'), '100', 'kind');
    assertSingleProblem(
      (s) => (s.records[INDEX.schedule].resetType = 'partial'),
      '100',
      'resetType',
    );
    assertSingleProblem(
      (s) => (s.records[INDEX.schedule].scheduleState = 'done'),
      '100',
      'scheduleState',
    );
    assertSingleProblem(
      (s) => (s.records[INDEX.schedule].schedulePrecision = 'hour'),
      '100',
      'schedulePrecision',
    );
    assertSingleProblem(
      (s) => (s.records[INDEX.schedule].source.origin = 'mastodon'),
      '100',
      'source.origin',
    );
    assertSingleProblem(
      (s) => (s.records[INDEX.fulfilled].fulfillmentOrigin = 'magic'),
      '200',
      'fulfillmentOrigin',
    );
  });

  const badTimestamps: [string, string][] = [
    ['2026-11-20T12:00:00Z', 'without milliseconds'],
    ['2026-11-20T12:00:00.000+00:00', 'with an offset'],
    ['2026-11-20T13:00:00.000+01:00', 'with a non-zero offset'],
    ['2026-02-30T00:00:00.000Z', 'an impossible date'],
    ['2026-11-20T24:00:00.000Z', 'hour 24'],
    ['2026-11-20 12:00:00.000Z', 'a space instead of T'],
    ['2026-11-20T12:00:00.000z', 'a lower-case z'],
    ['2026-11-20T12:00:00.0000Z', 'four fraction digits'],
    ['2026-11-20', 'a date only'],
    ['1763640000000', 'epoch milliseconds as a string'],
  ];
  for (const [value, why] of badTimestamps) {
    test(`a timestamp ${why} (${value}) is refused on the field that holds it`, () => {
      assertSingleProblem(
        (s) => (s.records[INDEX.schedule].announcedAt = value),
        '100',
        'announcedAt',
      );
      assertSingleProblem(
        (s) => {
          s.records[INDEX.schedule].scheduleWindow.startAt = value;
          s.records[INDEX.schedule].scheduleWindow.endAt = '9999-12-31T23:59:59.999Z';
        },
        '100',
        'scheduleWindow.startAt',
      );
      assertSingleProblem((s) => (s.generatedAt = value), null, 'generatedAt');
    });
  }

  test('a timestamp given as a number is refused', () => {
    assertSingleProblem(
      (s) => (s.records[INDEX.completion].completedAt = T0),
      '300',
      'completedAt',
    );
  });

  test('a duplicate id is reported on the second record with that id', () => {
    const snapshot = validSnapshot();
    snapshot.records.push({ ...snapshot.records[INDEX.completion], announcedAt: null });
    assert.deepEqual(problemsOf(snapshot), [{ record: '300', field: 'id' }]);
    const result = validateSnapshot(snapshot);
    assert.ok(!result.ok);
    assert.match(result.problems[0]!.message, /duplicate/);
  });

  test('a record with source.origin "x" needs an id of digits only', () => {
    for (const id of ['100a', 'op_100', ' 100', '１００', '-1']) {
      assertSingleProblem((s) => (s.records[INDEX.schedule].id = id), id, 'id');
    }
  });

  test('a record with source.origin "operator" needs an id starting op_ or manual:', () => {
    for (const id of ['note_1', '12345', 'OP_note', 'manual-x', 'op-note']) {
      assertSingleProblem((s) => (s.records[INDEX.note].id = id), id, 'id');
    }
  });

  test('source.handle is set on x records and null on operator records', () => {
    assertSingleProblem(
      (s) => (s.records[INDEX.schedule].source.handle = null),
      '100',
      'source.handle',
    );
    assertSingleProblem(
      (s) => (s.records[INDEX.note].source.handle = 'someone'),
      'op_note',
      'source.handle',
    );
  });

  test('a manual completion has source postId, handle and url null', () => {
    for (const field of ['postId', 'url'] as const) {
      assertSingleProblem(
        (s) => (s.records[INDEX.manual].source[field] = 'x'),
        'manual:2026-11-19',
        `source.${field}`,
      );
    }
    const snapshot = validSnapshot();
    snapshot.records[INDEX.manual].source.handle = 'resetwatch';
    // The handle breaks two rules at once: operator records and manual completions.
    assert.deepEqual(problemsOf(snapshot), [
      { record: 'manual:2026-11-19', field: 'source.handle' },
      { record: 'manual:2026-11-19', field: 'source.handle' },
    ]);
  });

  test('a manual completion has completionRecordId null and fulfillmentOrigin "manual"', () => {
    assertSingleProblem(
      (s) => (s.records[INDEX.manual].completionRecordId = '100'),
      'manual:2026-11-19',
      'completionRecordId',
    );
    for (const origin of ['auto', 'link', null]) {
      assertSingleProblem(
        (s) => (s.records[INDEX.manual].fulfillmentOrigin = origin),
        'manual:2026-11-19',
        'fulfillmentOrigin',
      );
    }
  });

  test('a manual completion has kind reset_completed', () => {
    const snapshot = validSnapshot();
    snapshot.records[INDEX.manual].kind = 'reset_scheduled';
    const problems = problemsOf(snapshot);
    assert.notEqual(problems, 'valid');
    assert.deepEqual((problems as { field: string }[])[0], {
      record: 'manual:2026-11-19',
      field: 'kind',
    });
  });

  test('a manual: id on an x record is refused, with every manual-completion rule it breaks', () => {
    const snapshot = validSnapshot();
    snapshot.records[INDEX.completion].id = 'manual:1';
    assert.deepEqual(
      problemsOf(snapshot),
      ['id', 'source.postId', 'source.handle', 'source.url', 'fulfillmentOrigin'].map((field) => ({
        record: 'manual:1',
        field,
      })),
    );
  });

  test('confidence outside [0, 1] or not a number is refused', () => {
    for (const confidence of [1.5, -0.1, 1.0000001, '0.5', true]) {
      assertSingleProblem(
        (s) => (s.records[INDEX.schedule].confidence = confidence),
        '100',
        'confidence',
      );
    }
  });

  test('a window whose endAt is before its startAt is refused on scheduleWindow.endAt', () => {
    assertSingleProblem(
      (s) => (s.records[INDEX.schedule].scheduleWindow.endAt = iso(T0 - 1)),
      '100',
      'scheduleWindow.endAt',
    );
  });

  test('schedule-only fields set on a completion are refused, each on its field', () => {
    const values: Record<string, unknown> = {
      schedulePrecision: 'date',
      scheduleBasis: 'explicit',
      scheduleWindow: { startAt: iso(T0), endAt: iso(T0) },
      scheduleState: 'elapsed',
    };
    for (const [field, value] of Object.entries(values)) {
      assertSingleProblem((s) => (s.records[INDEX.completion][field] = value), '300', field);
      assertSingleProblem(
        (s) => (s.records[INDEX.manual][field] = value),
        'manual:2026-11-19',
        field,
      );
    }
  });

  test('a schedule needs a scheduleState', () => {
    assertSingleProblem(
      (s) => (s.records[INDEX.schedule].scheduleState = null),
      '100',
      'scheduleState',
    );
  });

  test('a fulfilled schedule needs completedAt and fulfillmentOrigin', () => {
    assertSingleProblem(
      (s) => (s.records[INDEX.fulfilled].completedAt = null),
      '200',
      'completedAt',
    );
    assertSingleProblem(
      (s) => (s.records[INDEX.fulfilled].fulfillmentOrigin = null),
      '200',
      'fulfillmentOrigin',
    );
  });

  test('a record without a usable id is named by its index', () => {
    assertSingleProblem((s) => (s.records[INDEX.note].id = 7), '#1', 'id');
    const snapshot = validSnapshot();
    snapshot.records[INDEX.note].id = '';
    // Empty, and so also without the operator prefix: two problems on the id.
    assert.deepEqual(problemsOf(snapshot), [
      { record: '#1', field: 'id' },
      { record: '#1', field: 'id' },
    ]);
  });

  test('a record that is not an object is named by its index', () => {
    assertSingleProblem((s) => (s.records[INDEX.note] = 'nope'), '#1', '(root)');
  });

  test('the snapshot’s own fields are reported with record null', () => {
    assertSingleProblem((s) => (s.version = 2), null, 'version');
    assertSingleProblem((s) => delete s.records, null, 'records');
    assertSingleProblem((s) => delete s.lastSuccessfulCheckAt, null, 'lastSuccessfulCheckAt');
    assertSingleProblem((s) => (s.generatedAt = null), null, 'generatedAt');
  });

  test('one bad record rejects the whole snapshot, and every problem is listed', () => {
    const snapshot = validSnapshot();
    delete snapshot.records[INDEX.schedule].text;
    snapshot.records[INDEX.completion].confidence = 2;
    snapshot.records[INDEX.manual].extra = true;
    const result = validateSnapshot(snapshot);
    assert.equal(result.ok, false);
    assert.ok(!('snapshot' in result));
    assert.deepEqual(problemsOf(snapshot), [
      { record: '100', field: 'text' },
      { record: '300', field: 'confidence' },
      { record: 'manual:2026-11-19', field: 'extra' },
    ]);
  });
});

describe('validateSnapshotText and formatProblem', () => {
  test('invalid JSON is one problem on the file', () => {
    for (const text of ['{', '', '{"generatedAt": }', "{'a':1}"]) {
      const result = validateSnapshotText(text);
      assert.ok(!result.ok, text);
      assert.equal(result.problems.length, 1);
      assert.equal(result.problems[0]!.record, null);
      assert.equal(result.problems[0]!.field, '(file)');
      assert.match(result.problems[0]!.message, /^not valid JSON/);
    }
  });

  test('JSON that is not an object is a problem at the root', () => {
    for (const text of ['[]', 'null', '42', '"snapshot"']) {
      const result = validateSnapshotText(text);
      assert.ok(!result.ok, text);
      assert.deepEqual(
        result.problems.map(({ record, field }) => ({ record, field })),
        [{ record: null, field: '(root)' }],
      );
    }
  });

  test('valid text gives the parsed snapshot', () => {
    const snapshot: SnapshotFile = validSnapshot();
    const result = validateSnapshotText(JSON.stringify(snapshot));
    assert.ok(result.ok);
    assert.deepEqual(result.snapshot, snapshot);
  });

  test('formatProblem names the record and the field', () => {
    assert.equal(
      formatProblem({ record: '100', field: 'confidence', message: 'too big' }),
      'record 100: confidence: too big',
    );
    assert.equal(
      formatProblem({ record: null, field: 'generatedAt', message: 'bad' }),
      'snapshot: generatedAt: bad',
    );
    const snapshot = validSnapshot();
    snapshot.records[INDEX.schedule].scheduleWindow.endAt = iso(T0 - 1);
    const result = validateSnapshot(snapshot);
    assert.ok(!result.ok);
    assert.equal(
      formatProblem(result.problems[0]!),
      'record 100: scheduleWindow.endAt: must not be before scheduleWindow.startAt',
    );
  });
});
