import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { PreparedSnapshot } from '../../src/service/query/prepared-snapshot.ts';
import { latestRecord, listRecords } from '../../src/service/query/query-service.ts';
import { KIND_FILTERS, type KindFilter } from '../../src/shared/domain/envelope.ts';
import type { ResetRecord } from '../../src/shared/domain/record.ts';
import type { SnapshotFile } from '../../src/shared/domain/snapshot.ts';
import { validateSnapshot } from '../../src/shared/snapshot/validate.ts';
import { completion, DAY, HOUR, iso, schedule, snapshotOf } from '../support/records.ts';

/**
 * The query engine against a reference written straight from decisions.md §4:
 * filter, then one plain comparison sort. No caching, no pre-sorted views, no merging.
 */

// ---------------------------------------------------------------------------------------
// Reference implementation of decisions.md §4
// ---------------------------------------------------------------------------------------

const ms = (timestamp: string | null): number | null =>
  timestamp === null ? null : Date.parse(timestamp);

const isSchedule = (r: ResetRecord) => r.kind === 'reset_scheduled';

/** open: pending and (no window, or window.endAt >= now). */
function refOpen(r: ResetRecord, now: number): boolean {
  if (!isSchedule(r) || r.scheduleState !== 'pending') return false;
  return r.scheduleWindow === null || Date.parse(r.scheduleWindow.endAt) >= now;
}

/** in progress: open, with a window, and window.startAt <= now. */
function refInProgress(r: ResetRecord, now: number): boolean {
  return (
    refOpen(r, now) && r.scheduleWindow !== null && Date.parse(r.scheduleWindow.startAt) <= now
  );
}

/** Ids compare as integers when both are all digits; otherwise by UTF-16 code units. */
function refCompareIds(a: string, b: string): number {
  if (/^\d+$/.test(a) && /^\d+$/.test(b)) {
    const x = BigInt(a);
    const y = BigInt(b);
    return x < y ? -1 : x > y ? 1 : 0;
  }
  // Explicit code-unit loop rather than `<`, so the reference does not depend on it.
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const d = a.charCodeAt(i) - b.charCodeAt(i);
    if (d !== 0) return d;
  }
  return a.length - b.length;
}

/** One step of a comparison where a null sorts after every value. */
function step(a: number | null, b: number | null, direction: 'asc' | 'desc'): number {
  if (a === null && b === null) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return direction === 'asc' ? a - b : b - a;
}

function refFilter(records: readonly ResetRecord[], kind: KindFilter, now: number) {
  switch (kind) {
    case 'all':
      return records.filter((r) => !(isSchedule(r) && r.scheduleState === 'fulfilled'));
    case 'reset_scheduled':
      return records.filter(isSchedule);
    case 'reset_completed':
      return records.filter((r) => !isSchedule(r) || refInProgress(r, now));
  }
}

function refCompare(kind: KindFilter, now: number) {
  if (kind === 'reset_scheduled') {
    return (a: ResetRecord, b: ResetRecord) =>
      step(
        ms(a.effectiveAt ?? a.scheduleWindow?.startAt ?? null),
        ms(b.effectiveAt ?? b.scheduleWindow?.startAt ?? null),
        'desc',
      ) ||
      step(ms(a.announcedAt), ms(b.announcedAt), 'desc') ||
      -refCompareIds(a.id, b.id);
  }
  return (a: ResetRecord, b: ResetRecord) => {
    const pa = refOpen(a, now);
    const pb = refOpen(b, now);
    if (pa !== pb) return pa ? -1 : 1;
    if (pa && pb) {
      return (
        step(ms(a.scheduleWindow?.startAt ?? null), ms(b.scheduleWindow?.startAt ?? null), 'asc') ||
        step(ms(a.scheduleWindow?.endAt ?? null), ms(b.scheduleWindow?.endAt ?? null), 'asc') ||
        refCompareIds(a.id, b.id)
      );
    }
    return (
      step(
        ms(a.announcedAt ?? a.completedAt ?? a.effectiveAt),
        ms(b.announcedAt ?? b.completedAt ?? b.effectiveAt),
        'desc',
      ) ||
      step(ms(a.completedAt), ms(b.completedAt), 'desc') ||
      step(ms(a.effectiveAt), ms(b.effectiveAt), 'desc') ||
      -refCompareIds(a.id, b.id)
    );
  };
}

/** The expected rows of `kind` at `now`, in order. */
function reference(records: readonly ResetRecord[], kind: KindFilter, now: number): ResetRecord[] {
  return [...refFilter(records, kind, now)].sort(refCompare(kind, now));
}

// ---------------------------------------------------------------------------------------
// Helpers around the engine
// ---------------------------------------------------------------------------------------

function prepare(snapshot: SnapshotFile): PreparedSnapshot {
  const validation = validateSnapshot(snapshot);
  assert.ok(
    validation.ok,
    `generated snapshot must be valid: ${JSON.stringify(validation.ok ? null : validation.problems)}`,
  );
  return PreparedSnapshot.of(validation.snapshot);
}

const idsOf = (records: readonly ResetRecord[]) => records.map((r) => r.id);

function listIds(
  prepared: PreparedSnapshot,
  kind: KindFilter,
  now: number,
  page = 1,
  pageSize = 10,
): string[] {
  return idsOf(listRecords(prepared, { kind, page, pageSize }, now).envelope().data.items);
}

/** Every row of `kind`, read page by page with pageSize 10. */
function allIds(prepared: PreparedSnapshot, kind: KindFilter, now: number): string[] {
  const out: string[] = [];
  for (let page = 1; ; page++) {
    const data = listRecords(prepared, { kind, page, pageSize: 10 }, now).envelope().data;
    out.push(...idsOf(data.items));
    if (!data.hasNext) return out;
  }
}

/** Checks every page of every pageSize of `kind` at `now` against the expected rows. */
function checkPagination(
  prepared: PreparedSnapshot,
  kind: KindFilter,
  now: number,
  expected: readonly ResetRecord[],
  pageSizes: readonly number[],
): void {
  const total = expected.length;
  for (const pageSize of pageSizes) {
    const totalPages = Math.ceil(total / pageSize);
    for (let page = 1; page <= totalPages + 1; page++) {
      const answer = listRecords(prepared, { kind, page, pageSize }, now);
      const data = answer.envelope().data;
      const context = `kind=${kind} now=${iso(now)} page=${page} pageSize=${pageSize}`;
      assert.deepEqual(
        idsOf(data.items),
        idsOf(expected.slice((page - 1) * pageSize, page * pageSize)),
        context,
      );
      assert.equal(data.page, page, context);
      assert.equal(data.pageSize, pageSize, context);
      assert.equal(data.total, total, context);
      assert.equal(data.totalPages, totalPages, context);
      assert.equal(data.hasNext, page < totalPages, context);
    }
  }
}

// ---------------------------------------------------------------------------------------
// Generators of valid snapshots
// ---------------------------------------------------------------------------------------

const T0 = Date.parse('2026-11-20T12:00:00.000Z');

/** Instants on a coarse grid (many ties) or anywhere near T0. */
const instant = fc.oneof(
  { weight: 3, arbitrary: fc.integer({ min: -8, max: 8 }).map((h) => T0 + h * HOUR) },
  { weight: 1, arbitrary: fc.integer({ min: -2 * DAY, max: 2 * DAY }).map((d) => T0 + d) },
);
const timestamp = instant.map(iso);
const nullableTimestamp = fc.option(timestamp, { nil: null, freq: 3 });

/** A window [start, end], end >= start: exact, short, an hour, a civil day, or odd lengths. */
const windowArb = fc
  .tuple(instant, fc.constantFrom(0, 1, HOUR, 2 * HOUR, DAY - 1, 3 * HOUR + 17))
  .map(([start, length]): [number, number] => [start, start + length]);

/** Id tails with characters that order differently by code unit, code point and locale. */
const tail = fc
  .array(fc.constantFrom('a', 'B', 'z', '_', '0', '9', 'é', '\uFFFD', '😀', '-'), {
    minLength: 1,
    maxLength: 4,
  })
  .map((chars) => chars.join(''));

/** Numeric post ids of different lengths, never with a leading zero. */
const numericId = fc.oneof(
  fc.integer({ min: 1, max: 120 }).map(String),
  fc.bigInt({ min: 1n, max: 10n ** 20n }).map(String),
  fc.bigInt({ min: 10n ** 18n, max: 10n ** 18n + 50n }).map(String),
);
const scheduleId = fc.oneof(
  numericId,
  tail.map((t) => `op_${t}`),
);
const completionId = fc.oneof(
  numericId,
  tail.map((t) => `op_${t}`),
  tail.map((t) => `manual:${t}`),
);

const scheduleArb: fc.Arbitrary<ResetRecord> = fc
  .record({
    id: scheduleId,
    state: fc.constantFrom('pending', 'pending', 'elapsed', 'fulfilled', 'unknown'),
    window: fc.option(windowArb, { nil: null, freq: 4 }),
    announcedAt: nullableTimestamp,
    effectiveAt: nullableTimestamp,
    completedAt: timestamp,
    precision: fc.constantFrom('date', 'datetime'),
    origin: fc.constantFrom('auto', 'link', 'manual'),
  })
  .map((s) =>
    schedule(s.id, s.state as NonNullable<ResetRecord['scheduleState']>, s.window, {
      announcedAt: s.announcedAt,
      effectiveAt: s.effectiveAt,
      schedulePrecision: s.precision as 'date' | 'datetime',
      ...(s.state === 'fulfilled'
        ? {
            completedAt: s.completedAt,
            fulfillmentOrigin: s.origin as 'auto' | 'link' | 'manual',
          }
        : {}),
    }),
  );

const completionArb: fc.Arbitrary<ResetRecord> = fc
  .record({
    id: completionId,
    announcedAt: nullableTimestamp,
    effectiveAt: nullableTimestamp,
    completedAt: nullableTimestamp,
  })
  .map((c) =>
    completion(c.id, {
      announcedAt: c.id.startsWith('manual:') ? null : c.announcedAt,
      effectiveAt: c.effectiveAt,
      completedAt: c.completedAt,
    }),
  );

const recordsArb = fc.uniqueArray(
  fc.oneof({ weight: 3, arbitrary: scheduleArb }, { weight: 2, arbitrary: completionArb }),
  { selector: (r) => r.id, maxLength: 30, size: 'medium' },
);

/** Request times around every window edge of the records, plus a few anywhere. */
function edgeInstants(records: readonly ResetRecord[]): number[] {
  const out = new Set<number>([T0]);
  for (const r of records) {
    if (r.scheduleWindow === null) continue;
    const start = Date.parse(r.scheduleWindow.startAt);
    const end = Date.parse(r.scheduleWindow.endAt);
    for (const t of [start - 1, start, start + 1, end - 1, end, end + 1]) out.add(t);
  }
  return [...out];
}

/** A snapshot with its request times, in a random (non-monotonic) order. */
const scenario = recordsArb.chain((records) => {
  const edges = edgeInstants(records);
  return fc.record({
    records: fc.constant(records),
    nows: fc
      .tuple(
        fc.shuffledSubarray(edges, { minLength: edges.length }),
        fc.array(instant, { maxLength: 4 }),
      )
      .chain(([e, extra]) =>
        fc.shuffledSubarray([...e, ...extra], { minLength: e.length + extra.length }),
      ),
  });
});

// ---------------------------------------------------------------------------------------
// Properties
// ---------------------------------------------------------------------------------------

describe('the query engine agrees with the reference ordering of decisions.md §4', () => {
  test('the reference itself is a strict total order on every generated snapshot (sanity)', () => {
    fc.assert(
      fc.property(recordsArb, instant, (records, now) => {
        for (const kind of KIND_FILTERS) {
          const compare = refCompare(kind, now);
          for (const a of records) {
            for (const b of records) {
              if (a !== b) assert.notEqual(compare(a, b), 0, `${a.id} vs ${b.id}`);
            }
          }
        }
      }),
      { numRuns: 100 },
    );
  });

  test('every kind at every request time lists exactly the reference rows in order, and latest is the first row', () => {
    fc.assert(
      fc.property(scenario, ({ records, nows }) => {
        const prepared = prepare(snapshotOf(records, T0));
        nows.forEach((now, index) => {
          for (const kind of KIND_FILTERS) {
            const expected = reference(records, kind, now);
            const context = `kind=${kind} now=${iso(now)}`;
            assert.deepEqual(allIds(prepared, kind, now), idsOf(expected), context);
            const latest = latestRecord(prepared, kind, now).envelope().data;
            assert.equal(latest?.id ?? null, expected[0]?.id ?? null, `latest ${context}`);
            assert.deepEqual(latest, expected[0] ?? null, `latest record ${context}`);
            // Full pagination for every pageSize at a few of the times; pageSize 3 at all.
            checkPagination(
              prepared,
              kind,
              now,
              expected,
              index < 2 ? [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] : [3],
            );
          }
        });
      }),
      { numRuns: 150 },
    );
  });

  test('the JSON of an answer is exactly the serialized envelope', () => {
    fc.assert(
      fc.property(scenario, ({ records, nows }) => {
        const prepared = prepare(snapshotOf(records, T0));
        for (const now of nows.slice(0, 3)) {
          for (const kind of KIND_FILTERS) {
            const list = listRecords(prepared, { kind, page: 1, pageSize: 4 }, now);
            assert.deepEqual(JSON.parse(list.json), list.envelope());
            const latest = latestRecord(prepared, kind, now);
            assert.deepEqual(JSON.parse(latest.json), latest.envelope());
          }
        }
      }),
      { numRuns: 50 },
    );
  });

  test('one prepared snapshot queried at times in random order answers like a fresh one at each time (epoch cache)', () => {
    fc.assert(
      fc.property(scenario, ({ records, nows }) => {
        const snapshot = snapshotOf(records, T0);
        const shared = prepare(snapshot);
        for (const now of nows) {
          const fresh = prepare(snapshot);
          for (const kind of KIND_FILTERS) {
            const a = listRecords(shared, { kind, page: 1, pageSize: 10 }, now);
            const b = listRecords(fresh, { kind, page: 1, pageSize: 10 }, now);
            assert.equal(a.json, b.json, `kind=${kind} now=${iso(now)}`);
            assert.equal(a.tag, b.tag);
            assert.equal(a.validUntil, b.validUntil);
            assert.deepEqual(allIds(shared, kind, now), idsOf(reference(records, kind, now)));
            const la = latestRecord(shared, kind, now);
            const lb = latestRecord(fresh, kind, now);
            assert.equal(la.json, lb.json);
            assert.equal(la.tag, lb.tag);
          }
        }
      }),
      { numRuns: 150 },
    );
  });

  test('an answer does not change before its validUntil instant', () => {
    fc.assert(
      fc.property(scenario, ({ records, nows }) => {
        const prepared = prepare(snapshotOf(records, T0));
        for (const now of nows) {
          for (const kind of KIND_FILTERS) {
            const answer = listRecords(prepared, { kind, page: 1, pageSize: 10 }, now);
            const until = answer.validUntil;
            if (until === null) {
              // Never changes again: the same rows far in the future.
              assert.deepEqual(
                idsOf(reference(records, kind, now)),
                idsOf(reference(records, kind, now + 365 * DAY)),
              );
              continue;
            }
            assert.ok(until > now, 'validUntil lies after the request time');
            assert.deepEqual(
              idsOf(reference(records, kind, until - 1)),
              idsOf(reference(records, kind, now)),
              `kind=${kind} now=${iso(now)} until=${iso(until)}`,
            );
          }
        }
      }),
      { numRuns: 100 },
    );
  });
});

// ---------------------------------------------------------------------------------------
// Hand-written examples with explicit expected orders
// ---------------------------------------------------------------------------------------

const NOW = T0;
const at = (hours: number) => iso(NOW + hours * HOUR);
const win = (startHours: number, endHours: number): [number, number] => [
  NOW + startHours * HOUR,
  NOW + endHours * HOUR,
];

describe('ordering examples (decisions.md §4)', () => {
  test('a stale pending schedule is sorted among the other rows by announcedAt, after the pinned block', () => {
    const prepared = prepare(
      snapshotOf(
        [
          schedule('100', 'pending', win(-5, -4), { announcedAt: at(-6) }), // stale
          completion('200', { announcedAt: at(-3), effectiveAt: at(-3) }),
          schedule('300', 'elapsed', win(-9, -8), { announcedAt: at(-10) }),
          schedule('400', 'pending', win(2, 3), { announcedAt: at(-20) }), // open, future
          completion('manual:x', { completedAt: at(-7) }),
        ],
        NOW,
      ),
    );
    assert.deepEqual(listIds(prepared, 'all', NOW), ['400', '200', '100', 'manual:x', '300']);
  });

  test('open schedules are pinned by startAt, then endAt, with a null window last, then id', () => {
    const prepared = prepare(
      snapshotOf(
        [
          schedule('1', 'pending', null, { announcedAt: at(5) }),
          schedule('2', 'pending', win(1, 3)),
          schedule('3', 'pending', win(1, 2)),
          schedule('4', 'pending', win(-1, 1)), // in progress
          schedule('op_b', 'pending', null),
          schedule('op_a', 'pending', null),
          completion('99', { announcedAt: at(10) }),
        ],
        NOW,
      ),
    );
    assert.deepEqual(listIds(prepared, 'all', NOW), ['4', '3', '2', '1', 'op_a', 'op_b', '99']);
    assert.equal(latestRecord(prepared, 'all', NOW).envelope().data?.id, '4');
  });

  test('reset_completed holds completions and in-progress schedules only, the in-progress date window pinned first', () => {
    const dayStart = Date.parse('2026-11-20T00:00:00.000Z');
    const prepared = prepare(
      snapshotOf(
        [
          schedule('10', 'pending', [dayStart, dayStart + DAY - 1], {
            schedulePrecision: 'date',
            announcedAt: at(-30),
          }), // in progress today
          schedule('11', 'pending', win(1, 2), { announcedAt: at(-1) }), // future
          schedule('12', 'elapsed', win(-3, -2), { announcedAt: at(-1) }),
          schedule('13', 'unknown', win(-1, 1), { announcedAt: at(-1) }),
          schedule('14', 'pending', win(-3, -2), { announcedAt: at(-1) }), // stale
          schedule('15', 'fulfilled', win(-1, 1), { announcedAt: at(-1) }),
          schedule('16', 'pending', null, { announcedAt: at(-1) }), // open, no window
          completion('20', { announcedAt: at(-2) }),
          completion('manual:y', { completedAt: at(-1) }),
          completion('op_c', { effectiveAt: at(-4) }),
        ],
        NOW,
      ),
    );
    assert.deepEqual(listIds(prepared, 'reset_completed', NOW), ['10', 'manual:y', '20', 'op_c']);
    const data = listRecords(
      prepared,
      { kind: 'reset_completed', page: 1, pageSize: 10 },
      NOW,
    ).envelope().data;
    assert.equal(data.total, 4);
    assert.equal(latestRecord(prepared, 'reset_completed', NOW).envelope().data?.id, '10');
  });

  test('a pending window is in progress from exactly startAt and open until exactly endAt, stale 1 ms later', () => {
    const [start, end] = win(1, 2);
    const prepared = prepare(
      snapshotOf(
        [
          schedule('7', 'pending', [start, end], { announcedAt: at(-10) }),
          completion('8', { announcedAt: at(-5) }),
        ],
        NOW,
      ),
    );
    assert.deepEqual(listIds(prepared, 'reset_completed', start - 1), ['8']);
    assert.deepEqual(listIds(prepared, 'reset_completed', start), ['7', '8']);
    assert.deepEqual(listIds(prepared, 'reset_completed', end), ['7', '8']);
    assert.deepEqual(listIds(prepared, 'reset_completed', end + 1), ['8']);
    assert.deepEqual(listIds(prepared, 'all', end), ['7', '8']);
    assert.deepEqual(listIds(prepared, 'all', end + 1), ['8', '7']);
    // Back in time again, on the same prepared snapshot.
    assert.deepEqual(listIds(prepared, 'all', start - 1), ['7', '8']);
    assert.deepEqual(listIds(prepared, 'reset_completed', start - 1), ['8']);
  });

  test('an exact-time window (endAt = startAt) is in progress at that instant only', () => {
    const t = NOW + HOUR;
    const prepared = prepare(snapshotOf([schedule('5', 'pending', [t, t])], NOW));
    assert.deepEqual(listIds(prepared, 'reset_completed', t - 1), []);
    assert.deepEqual(listIds(prepared, 'reset_completed', t), ['5']);
    assert.deepEqual(listIds(prepared, 'reset_completed', t + 1), []);
  });

  test('the rest is ordered by announcedAt ?? completedAt ?? effectiveAt, then completedAt, then effectiveAt, then id, descending', () => {
    const prepared = prepare(
      snapshotOf(
        [
          completion('1', { announcedAt: at(-1), completedAt: at(-3) }),
          completion('2', { announcedAt: at(-1), completedAt: at(-2) }),
          completion('3', { announcedAt: at(-1), completedAt: null, effectiveAt: at(-1) }),
          completion('manual:a', { completedAt: at(-1), effectiveAt: at(-9) }),
          completion('manual:b', { completedAt: at(-1), effectiveAt: at(-8) }),
          completion('op_e', { effectiveAt: at(-1) }),
          completion('op_f', { effectiveAt: at(0) }),
          completion('op_null', {}),
          completion('manual:null', {}),
        ],
        NOW,
      ),
    );
    // op_f has the latest primary instant (0h). Every other dated row has primary -1h; among
    // them completedAt descending (nulls last), then effectiveAt, then id ('op_e' > '3' by
    // code units). Rows without any instant come last, by id descending.
    assert.deepEqual(listIds(prepared, 'all', NOW), [
      'op_f',
      'manual:b',
      'manual:a',
      '2',
      '1',
      'op_e',
      '3',
      'op_null',
      'manual:null',
    ]);
  });

  test('ids compare as integers when both are digits, otherwise by UTF-16 code units', () => {
    const records = ['9', '10', '100', 'op_a', 'op_B', 'op_\uFFFD', 'op_😀', 'op_é'].map((id) =>
      completion(id, { announcedAt: at(-1) }),
    );
    const prepared = prepare(snapshotOf(records, NOW));
    // Descending in the rest: code units 'o' > digits, 'é' (U+00E9) > 'a' > 'B',
    // U+FFFD > U+D83D (the high surrogate of 😀).
    assert.deepEqual(listIds(prepared, 'all', NOW), [
      'op_\uFFFD',
      'op_😀',
      'op_é',
      'op_a',
      'op_B',
      '100',
      '10',
      '9',
    ]);
    const pinned = prepare(
      snapshotOf(
        ['9', '10', '100', 'op_a', 'op_B'].map((id) => schedule(id, 'pending', win(1, 2))),
        NOW,
      ),
    );
    assert.deepEqual(listIds(pinned, 'all', NOW), ['9', '10', '100', 'op_B', 'op_a']);
  });

  test('very long numeric ids compare as integers, not as floating-point numbers', () => {
    const records = ['12345678901234567891', '12345678901234567890', '9999999999999999999'].map(
      (id) => completion(id, { announcedAt: at(-1) }),
    );
    const prepared = prepare(snapshotOf(records, NOW));
    assert.deepEqual(listIds(prepared, 'all', NOW), [
      '12345678901234567891',
      '12345678901234567890',
      '9999999999999999999',
    ]);
  });

  test('reset_scheduled lists every schedule, fulfilled included, by effectiveAt ?? startAt, then announcedAt, then id, descending, without a pinned block', () => {
    const prepared = prepare(
      snapshotOf(
        [
          schedule('1', 'pending', win(5, 6)), // key +5h
          schedule('2', 'fulfilled', win(-2, -1), { effectiveAt: at(-2) }), // key -2h
          schedule('3', 'elapsed', win(-8, -7), { effectiveAt: at(1) }), // key +1h
          schedule('4', 'unknown', null, { effectiveAt: at(1), announcedAt: at(-1) }), // +1h
          schedule('5', 'pending', null), // no key at all
          schedule('6', 'pending', null, { announcedAt: at(-3) }), // no key
          schedule('7', 'pending', win(1, 2)), // key +1h, no announcedAt
          completion('8', { announcedAt: at(9) }),
        ],
        NOW,
      ),
    );
    assert.deepEqual(listIds(prepared, 'reset_scheduled', NOW), [
      '1',
      '4',
      '7',
      '3',
      '2',
      '6',
      '5',
    ]);
    assert.equal(latestRecord(prepared, 'reset_scheduled', NOW).envelope().data?.id, '1');
  });

  test('all omits fulfilled schedules and keeps elapsed and unknown ones', () => {
    const prepared = prepare(
      snapshotOf(
        [
          schedule('1', 'fulfilled', win(-2, -1), { announcedAt: at(-3) }),
          schedule('2', 'elapsed', win(-2, -1), { announcedAt: at(-4) }),
          schedule('3', 'unknown', win(-2, -1), { announcedAt: at(-5) }),
        ],
        NOW,
      ),
    );
    assert.deepEqual(listIds(prepared, 'all', NOW), ['2', '3']);
  });

  test('pagination: total counts every matching row, a page past the end is empty and echoes its number', () => {
    const records = Array.from({ length: 7 }, (_, i) =>
      completion(String(i + 1), { announcedAt: at(-i) }),
    );
    const prepared = prepare(snapshotOf(records, NOW));
    const page = (p: number, size: number) =>
      listRecords(prepared, { kind: 'all', page: p, pageSize: size }, NOW).envelope().data;
    assert.deepEqual(page(1, 3), {
      items: records.slice(0, 3),
      page: 1,
      pageSize: 3,
      total: 7,
      totalPages: 3,
      hasNext: true,
    });
    assert.deepEqual(idsOf(page(3, 3).items), ['7']);
    assert.equal(page(3, 3).hasNext, false);
    assert.deepEqual(page(4, 3), {
      items: [],
      page: 4,
      pageSize: 3,
      total: 7,
      totalPages: 3,
      hasNext: false,
    });
    assert.deepEqual(page(Number.MAX_SAFE_INTEGER, 10), {
      items: [],
      page: Number.MAX_SAFE_INTEGER,
      pageSize: 10,
      total: 7,
      totalPages: 1,
      hasNext: false,
    });
  });

  test('no matching rows: total 0, totalPages 0, hasNext false, latest null', () => {
    const prepared = prepare(snapshotOf([schedule('1', 'pending', win(1, 2))], NOW));
    const data = listRecords(
      prepared,
      { kind: 'reset_completed', page: 1, pageSize: 10 },
      NOW,
    ).envelope().data;
    assert.deepEqual(data, {
      items: [],
      page: 1,
      pageSize: 10,
      total: 0,
      totalPages: 0,
      hasNext: false,
    });
    assert.equal(latestRecord(prepared, 'reset_completed', NOW).envelope().data, null);
    assert.equal(
      latestRecord(prepared, 'reset_completed', NOW).json,
      `{"ok":true,"data":null,"meta":{"generatedAt":"${iso(NOW)}","lastSuccessfulCheckAt":"${iso(NOW - 60_000)}"}}`,
    );
  });

  test('meta comes from the snapshot, not from the request time', () => {
    const prepared = prepare(snapshotOf([completion('1')], NOW));
    const envelope = listRecords(
      prepared,
      { kind: 'all', page: 1, pageSize: 10 },
      NOW + DAY,
    ).envelope();
    assert.deepEqual(envelope.meta, {
      generatedAt: iso(NOW),
      lastSuccessfulCheckAt: iso(NOW - 60_000),
    });
  });
});
