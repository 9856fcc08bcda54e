import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { build } from '../../src/producer/build/build.ts';
import { nextStateChange } from '../../src/producer/build/next-change.ts';
import type { ResetRecord } from '../../src/shared/domain/record.ts';
import {
  completed,
  fulfilledBy,
  HOUR,
  iso,
  LedgerBuilder,
  postRecord,
  recordAt,
  SETTINGS,
  scheduled,
  snapshotAt,
  T0,
  xSource,
} from './support/build-ledger.ts';

/**
 * The build's rules (producer.md §3, §4, §7), one example per rule, each with the exact
 * record the service would serve (service.md § Resources). Ledgers are written entry by
 * entry (support/build-ledger.ts); every snapshot is checked by the service's validation.
 * T0 is 2026-11-20T12:00:00.000Z; post ids are numeric strings, as on X.
 */

const S = '1990500000000000001';
const C = '1990500000000000002';

const pending = { scheduleState: 'pending' } as const;
const elapsed = { scheduleState: 'elapsed' } as const;
const unknown = { scheduleState: 'unknown' } as const;

describe('§3 pending while the window has not ended (now <= scheduleWindow.endAt)', () => {
  test('an exact time: pending up to and at endAt, elapsed 1 ms later', () => {
    const b = new LedgerBuilder();
    const reset = scheduled([T0 + 6 * HOUR], { effectiveAt: iso(T0 + 6 * HOUR) });
    b.post(S, T0, reset, { text: 'Reset lands at 10am PT.' });
    const expected: ResetRecord = {
      id: S,
      kind: 'reset_scheduled',
      resetType: 'global',
      announcedAt: '2026-11-20T12:00:00.000Z',
      effectiveAt: '2026-11-20T18:00:00.000Z',
      text: 'Reset lands at 10am PT.',
      confidence: 0.9,
      scope: { plans: ['all'], windows: ['unknown'] },
      source: {
        origin: 'x',
        postId: S,
        handle: 'thsottiaux',
        url: `https://x.com/thsottiaux/status/${S}`,
      },
      schedulePrecision: 'datetime',
      scheduleBasis: 'explicit',
      scheduleWindow: { startAt: '2026-11-20T18:00:00.000Z', endAt: '2026-11-20T18:00:00.000Z' },
      scheduleState: 'pending',
      completedAt: null,
      completionRecordId: null,
      fulfillmentOrigin: null,
      relatedRecordIds: [],
    };
    assert.deepEqual(recordAt(b.entries, T0, S), expected);
    assert.deepEqual(recordAt(b.entries, '2026-11-20T18:00:00.000Z', S), expected);
    assert.deepEqual(recordAt(b.entries, '2026-11-20T18:00:00.001Z', S), {
      ...expected,
      scheduleState: 'elapsed',
    });
  });

  test('a date window (a Pacific day in UTC): pending until its last millisecond', () => {
    const b = new LedgerBuilder();
    const reset = scheduled(['2026-11-21T08:00:00.000Z', '2026-11-22T07:59:59.999Z'], {
      schedulePrecision: 'date',
    });
    b.post(S, T0, reset);
    for (const now of [T0, '2026-11-21T12:00:00.000Z', '2026-11-22T07:59:59.999Z']) {
      assert.deepEqual(recordAt(b.entries, now, S), postRecord(S, T0, reset, pending), String(now));
    }
    assert.deepEqual(
      recordAt(b.entries, '2026-11-22T08:00:00.000Z', S),
      postRecord(S, T0, reset, elapsed),
    );
  });
});

describe('§3 no window: pending for UNKNOWN_AFTER_HOURS after announcedAt, then unknown', () => {
  test('pending at announcedAt + 72 h, unknown 1 ms later', () => {
    const b = new LedgerBuilder();
    const reset = scheduled(null);
    b.post(S, T0, reset);
    assert.deepEqual(recordAt(b.entries, T0 + 72 * HOUR, S), postRecord(S, T0, reset, pending));
    assert.deepEqual(recordAt(b.entries, T0 + 72 * HOUR + 1, S), postRecord(S, T0, reset, unknown));
  });

  test('UNKNOWN_AFTER_HOURS is a setting', () => {
    const b = new LedgerBuilder();
    const reset = scheduled(null);
    b.post(S, T0, reset);
    const settings = { ...SETTINGS, unknownAfterHours: 1 };
    assert.equal(recordAt(b.entries, T0 + HOUR, S, settings)?.scheduleState, 'pending');
    assert.equal(recordAt(b.entries, T0 + HOUR + 1, S, settings)?.scheduleState, 'unknown');
  });

  test('a schedule with a window is elapsed, never unknown, however long ago', () => {
    const b = new LedgerBuilder();
    b.post(S, T0, scheduled([T0 + HOUR]));
    assert.equal(recordAt(b.entries, T0 + 400 * 24 * HOUR, S)?.scheduleState, 'elapsed');
  });
});

describe('§3 fulfilled, automatically (auto)', () => {
  const window = scheduled([T0 + 2 * HOUR, T0 + 4 * HOUR]);

  test('a completion post inside the window fulfils the schedule; each names the other', () => {
    const b = new LedgerBuilder();
    b.post(S, T0, window);
    b.post(C, T0 + 3 * HOUR, completed(), { text: 'Limits are reset.' });
    const snapshot = snapshotAt(b.entries, T0 + 5 * HOUR);
    assert.deepEqual(snapshot.records, [
      postRecord(S, T0, window, fulfilledBy(C, T0 + 3 * HOUR, 'auto')),
      postRecord(C, T0 + 3 * HOUR, completed(), {
        text: 'Limits are reset.',
        relatedRecordIds: [S],
      }),
    ]);
  });

  test('an elapsed schedule becomes fulfilled when its late completion arrives', () => {
    const b = new LedgerBuilder();
    b.post(S, T0, window);
    assert.deepEqual(recordAt(b.entries, T0 + 6 * HOUR, S), postRecord(S, T0, window, elapsed));
    b.post(C, T0 + 10 * HOUR, completed());
    assert.deepEqual(
      recordAt(b.entries, T0 + 11 * HOUR, S),
      postRecord(S, T0, window, fulfilledBy(C, T0 + 10 * HOUR, 'auto')),
    );
  });

  test('late by at most LATE_LINK_HOURS after the window ends: linked; 1 ms more: not', () => {
    const end = T0 + 4 * HOUR;
    const onTime = new LedgerBuilder();
    onTime.post(S, T0, window);
    onTime.post(C, end + 24 * HOUR, completed());
    const now = end + 48 * HOUR;
    assert.deepEqual(snapshotAt(onTime.entries, now).records, [
      postRecord(S, T0, window, fulfilledBy(C, end + 24 * HOUR, 'auto')),
      postRecord(C, end + 24 * HOUR, completed(), { relatedRecordIds: [S] }),
    ]);

    const tooLate = new LedgerBuilder();
    tooLate.post(S, T0, window);
    tooLate.post(C, end + 24 * HOUR + 1, completed());
    assert.deepEqual(snapshotAt(tooLate.entries, now).records, [
      postRecord(S, T0, window, elapsed),
      postRecord(C, end + 24 * HOUR + 1, completed()),
    ]);
  });

  test('LATE_LINK_HOURS is a setting', () => {
    const b = new LedgerBuilder();
    b.post(S, T0, window);
    b.post(C, T0 + 4 * HOUR + HOUR + 1, completed());
    const settings = { ...SETTINGS, lateLinkHours: 1 };
    assert.equal(recordAt(b.entries, T0 + 9 * HOUR, S, settings)?.scheduleState, 'elapsed');
    assert.equal(recordAt(b.entries, T0 + 9 * HOUR, S)?.scheduleState, 'fulfilled');
  });

  test('a schedule announced after the completion (or at the same instant) is not linked', () => {
    for (const announced of [T0 + HOUR, T0 + HOUR + 1]) {
      const b = new LedgerBuilder();
      b.post(C, T0 + HOUR, completed());
      const reset = scheduled([T0, T0 + 4 * HOUR]); // the window holds the completion
      b.post(S, announced, reset);
      assert.deepEqual(snapshotAt(b.entries, T0 + 2 * HOUR).records, [
        postRecord(S, announced, reset, pending),
        postRecord(C, T0 + HOUR, completed()),
      ]);
    }
  });

  test('reset types: global_and_banked covers both, either way round; otherwise equal', () => {
    const types = ['global', 'banked', 'global_and_banked'] as const;
    for (const scheduleType of types) {
      for (const completionType of types) {
        const b = new LedgerBuilder();
        const reset = scheduled([T0 + 2 * HOUR, T0 + 4 * HOUR], { resetType: scheduleType });
        b.post(S, T0, reset);
        const done = completed({ resetType: completionType });
        b.post(C, T0 + 3 * HOUR, done);
        const compatible =
          scheduleType === completionType ||
          scheduleType === 'global_and_banked' ||
          completionType === 'global_and_banked';
        const label = `${scheduleType} schedule, ${completionType} completion`;
        assert.deepEqual(
          snapshotAt(b.entries, T0 + 5 * HOUR).records,
          [
            postRecord(S, T0, reset, compatible ? fulfilledBy(C, T0 + 3 * HOUR, 'auto') : elapsed),
            postRecord(C, T0 + 3 * HOUR, done, { relatedRecordIds: compatible ? [S] : [] }),
          ],
          label,
        );
      }
    }
  });

  test('a completion more than LATE_LINK_HOURS before the window starts is not linked', () => {
    const start = T0 + 30 * HOUR;
    const reset = scheduled([start, start + HOUR]);
    const early = new LedgerBuilder();
    early.post(S, T0, reset);
    early.post(C, start - 24 * HOUR - 1, completed());
    assert.equal(recordAt(early.entries, start + 2 * HOUR, S)?.scheduleState, 'elapsed');
    // …and exactly LATE_LINK_HOURS early is linked (schedule-rules.ts: "sometimes a little early").
    const b = new LedgerBuilder();
    b.post(S, T0, reset);
    b.post(C, start - 24 * HOUR, completed());
    assert.deepEqual(
      recordAt(b.entries, start + 2 * HOUR, S),
      postRecord(S, T0, reset, fulfilledBy(C, start - 24 * HOUR, 'auto')),
    );
  });

  test('the earliest qualifying completion wins (by time, then by id as integers)', () => {
    const b = new LedgerBuilder();
    b.post(S, T0, window);
    b.post('400', T0 + 3 * HOUR, completed()); // later
    b.post('5000', T0 + 2.5 * HOUR, completed()); // earlier, larger id: wins
    b.post('60', T0 + 2.25 * HOUR, completed({ resetType: 'banked' })); // earliest, wrong type
    b.post('70', T0 + 2 * HOUR, completed(), { held: true }); // earliest, held: not published
    const records = snapshotAt(b.entries, T0 + 5 * HOUR).records;
    assert.deepEqual(
      records.find((r) => r.id === S),
      postRecord(S, T0, window, fulfilledBy('5000', T0 + 2.5 * HOUR, 'auto')),
    );
    assert.deepEqual(
      records.map((r) => [r.id, r.relatedRecordIds]),
      [
        ['60', []],
        ['400', []],
        ['5000', [S]],
        [S, []],
      ],
    );

    // Two completions at the same instant: the smaller id as an integer ("90" before "100").
    const tie = new LedgerBuilder();
    tie.post(S, T0, window);
    tie.post('100', T0 + 3 * HOUR, completed());
    tie.post('90', T0 + 3 * HOUR, completed());
    assert.equal(recordAt(tie.entries, T0 + 5 * HOUR, S)?.completionRecordId, '90');
  });

  test('one completion fulfils several schedules and lists them sorted (ids as integers)', () => {
    const b = new LedgerBuilder(T0 - HOUR);
    const resets = {
      '100': scheduled([T0 + 2 * HOUR]),
      '9': scheduled([T0 + 3 * HOUR], { resetType: 'global_and_banked' }),
      '10': scheduled(null),
    };
    for (const [id, reset] of Object.entries(resets)) b.post(id, T0, reset);
    b.note('op_a', {
      scheduleWindow: { startAt: iso(T0 + HOUR), endAt: iso(T0 + 5 * HOUR) },
      schedulePrecision: 'datetime',
      scheduleBasis: 'contextual_inference',
    });
    b.post(C, T0 + 4 * HOUR, completed());
    const records = snapshotAt(b.entries, T0 + 6 * HOUR).records;
    assert.deepEqual(
      records.map((r) => r.id),
      ['9', '10', '100', C, 'op_a'],
    );
    for (const [id, reset] of Object.entries(resets)) {
      assert.deepEqual(
        records.find((r) => r.id === id),
        postRecord(id, T0, reset, fulfilledBy(C, T0 + 4 * HOUR, 'auto')),
      );
    }
    assert.deepEqual(records.find((r) => r.id === 'op_a')?.completionRecordId, C);
    assert.deepEqual(records.find((r) => r.id === C)?.relatedRecordIds, ['9', '10', '100', 'op_a']);
  });

  test('no window: linked while the schedule is pending (UNKNOWN_AFTER_HOURS), not after', () => {
    const reset = scheduled(null);
    const inTime = new LedgerBuilder();
    inTime.post(S, T0, reset);
    inTime.post(C, T0 + 72 * HOUR, completed());
    assert.deepEqual(
      recordAt(inTime.entries, T0 + 100 * HOUR, S),
      postRecord(S, T0, reset, fulfilledBy(C, T0 + 72 * HOUR, 'auto')),
    );
    const late = new LedgerBuilder();
    late.post(S, T0, reset);
    late.post(C, T0 + 72 * HOUR + 1, completed());
    assert.deepEqual(recordAt(late.entries, T0 + 100 * HOUR, S), postRecord(S, T0, reset, unknown));
  });

  test('only completion posts link by themselves: not an op_ note, not a held post', () => {
    const b = new LedgerBuilder(T0 + 3 * HOUR);
    b.post(S, T0, window);
    b.note('op_done', { kind: 'reset_completed', announcedAt: iso(T0 + 3 * HOUR) });
    b.post(C, T0 + 3 * HOUR, completed(), { held: true });
    assert.deepEqual(recordAt(b.entries, T0 + 5 * HOUR, S), postRecord(S, T0, window, elapsed));
    b.accept(C);
    assert.deepEqual(
      recordAt(b.entries, T0 + 5 * HOUR, S),
      postRecord(S, T0, window, fulfilledBy(C, T0 + 3 * HOUR, 'auto')),
    );
  });
});

describe('§3/§4 fulfilled by the operator’s link (link)', () => {
  const window = scheduled([T0 + 2 * HOUR, T0 + 4 * HOUR]);
  const OTHER = '1990500000000000003';

  test('an operator link wins over the automatic one', () => {
    const b = new LedgerBuilder(T0 + 12 * HOUR);
    b.post(S, T0, window);
    b.post(C, T0 + 3 * HOUR, completed()); // auto would pick this one
    b.post(OTHER, T0 + 10 * HOUR, completed());
    b.link(S, OTHER);
    assert.deepEqual(snapshotAt(b.entries, T0 + 12 * HOUR).records, [
      postRecord(S, T0, window, fulfilledBy(OTHER, T0 + 10 * HOUR, 'link')),
      postRecord(C, T0 + 3 * HOUR, completed()),
      postRecord(OTHER, T0 + 10 * HOUR, completed(), { relatedRecordIds: [S] }),
    ]);
  });

  test('a link to a completion the automatic rule would never pick (posted before the schedule)', () => {
    const b = new LedgerBuilder(T0 + 5 * HOUR);
    b.post(C, T0 - HOUR, completed());
    b.post(S, T0, window);
    b.link(S, C);
    assert.deepEqual(
      recordAt(b.entries, T0 + 5 * HOUR, S),
      postRecord(S, T0, window, fulfilledBy(C, T0 - HOUR, 'link')),
    );
  });

  test('a link to a note completion: completedAt is the note’s announcedAt', () => {
    const b = new LedgerBuilder(T0 + 5 * HOUR);
    b.post(S, T0, window);
    b.note('op_n1', { kind: 'reset_completed', announcedAt: iso(T0 + 3 * HOUR) });
    b.link(S, 'op_n1');
    const records = snapshotAt(b.entries, T0 + 5 * HOUR).records;
    assert.deepEqual(
      records.find((r) => r.id === S),
      postRecord(S, T0, window, fulfilledBy('op_n1', T0 + 3 * HOUR, 'link')),
    );
    assert.deepEqual(records.find((r) => r.id === 'op_n1')?.relatedRecordIds, [S]);
  });

  test('a link to a dismissed completion is ignored and the automatic rule applies', () => {
    const b = new LedgerBuilder(T0 + 12 * HOUR);
    b.post(S, T0, window);
    b.post(C, T0 + 3 * HOUR, completed());
    b.post(OTHER, T0 + 10 * HOUR, completed());
    b.link(S, OTHER);
    b.dismiss(OTHER);
    assert.deepEqual(snapshotAt(b.entries, T0 + 12 * HOUR).records, [
      postRecord(S, T0, window, fulfilledBy(C, T0 + 3 * HOUR, 'auto')),
      postRecord(C, T0 + 3 * HOUR, completed(), { relatedRecordIds: [S] }),
    ]);
    b.restore(OTHER); // the link counts again
    assert.deepEqual(
      recordAt(b.entries, T0 + 12 * HOUR, S),
      postRecord(S, T0, window, fulfilledBy(OTHER, T0 + 10 * HOUR, 'link')),
    );
  });

  test('a link to an unknown id or to a schedule is ignored (only a command refuses it)', () => {
    const b = new LedgerBuilder(T0 + 12 * HOUR);
    b.post(S, T0, window);
    b.post(OTHER, T0 + HOUR, scheduled(null));
    b.post(C, T0 + 3 * HOUR, completed());
    b.link(S, '42');
    b.link(OTHER, S);
    assert.equal(recordAt(b.entries, T0 + 5 * HOUR, S)?.fulfillmentOrigin, 'auto');
    assert.equal(recordAt(b.entries, T0 + 5 * HOUR, OTHER)?.fulfillmentOrigin, 'auto');
  });
});

describe('§3/§4 fulfilled by a manual completion (manual)', () => {
  const MANUAL = 'manual:01jd0000000000';

  test('the manual: record is as service.md § Manual completion record; its schedules are fulfilled at the given time', () => {
    const b = new LedgerBuilder(T0 + 8 * HOUR);
    const s1 = scheduled([T0 + 2 * HOUR]);
    const s2 = scheduled(null, { resetType: 'global_and_banked' });
    b.post('20', T0, s1);
    b.post('3', T0, s2);
    b.post(C, T0 + 2 * HOUR, completed()); // auto would link both
    b.complete(MANUAL, ['20', '3'], T0 + 5 * HOUR, 'global');
    assert.deepEqual(snapshotAt(b.entries, T0 + 8 * HOUR).records, [
      postRecord('3', T0, s2, fulfilledBy(MANUAL, T0 + 5 * HOUR, 'manual')),
      postRecord('20', T0, s1, fulfilledBy(MANUAL, T0 + 5 * HOUR, 'manual')),
      postRecord(C, T0 + 2 * HOUR, completed()),
      {
        id: MANUAL,
        kind: 'reset_completed',
        resetType: 'global',
        announcedAt: null,
        effectiveAt: iso(T0 + 5 * HOUR),
        text: null,
        confidence: null,
        scope: null,
        source: { origin: 'operator', postId: null, handle: null, url: null },
        schedulePrecision: null,
        scheduleBasis: null,
        scheduleWindow: null,
        scheduleState: null,
        completedAt: iso(T0 + 5 * HOUR),
        completionRecordId: null,
        fulfillmentOrigin: 'manual',
        relatedRecordIds: ['3', '20'],
      },
    ]);
  });

  test('without a given time, the completion is dated by its entry', () => {
    const b = new LedgerBuilder(T0 + 7 * HOUR);
    const reset = scheduled([T0 + 2 * HOUR]);
    b.post(S, T0, reset);
    b.complete(MANUAL, [S], null);
    assert.deepEqual(
      recordAt(b.entries, T0 + 8 * HOUR, S),
      postRecord(S, T0, reset, fulfilledBy(MANUAL, T0 + 7 * HOUR, 'manual')),
    );
    assert.equal(recordAt(b.entries, T0 + 8 * HOUR, MANUAL)?.completedAt, iso(T0 + 7 * HOUR));
  });

  test('a dismissed manual completion fulfils nothing; the automatic rule applies again', () => {
    const b = new LedgerBuilder(T0 + 7 * HOUR);
    const reset = scheduled([T0 + 2 * HOUR]);
    b.post(S, T0, reset);
    b.post(C, T0 + 3 * HOUR, completed());
    b.complete(MANUAL, [S], T0 + 6 * HOUR);
    b.dismiss(MANUAL);
    assert.deepEqual(
      recordAt(b.entries, T0 + 8 * HOUR, S),
      postRecord(S, T0, reset, fulfilledBy(C, T0 + 3 * HOUR, 'auto')),
    );
  });
});

describe('§4 unlink leaves a schedule unfulfilled, even where the automatic rule would link', () => {
  const window = scheduled([T0 + 2 * HOUR, T0 + 4 * HOUR]);

  test('an auto link taken back: the state comes from the time again', () => {
    const b = new LedgerBuilder(T0 + 5 * HOUR);
    b.post(S, T0, window);
    b.post(C, T0 + 3 * HOUR, completed());
    b.unlink(S);
    assert.deepEqual(snapshotAt(b.entries, T0 + 3.5 * HOUR).records, [
      postRecord(S, T0, window, pending),
      postRecord(C, T0 + 3 * HOUR, completed()),
    ]);
    assert.deepEqual(recordAt(b.entries, T0 + 5 * HOUR, S), postRecord(S, T0, window, elapsed));
    // A later link fulfils it again.
    b.link(S, C);
    assert.deepEqual(
      recordAt(b.entries, T0 + 5 * HOUR, S),
      postRecord(S, T0, window, fulfilledBy(C, T0 + 3 * HOUR, 'link')),
    );
  });

  test('a manual completion taken back stays published, listing nothing', () => {
    const b = new LedgerBuilder(T0 + 5 * HOUR);
    b.post(S, T0, window);
    b.post(C, T0 + 3 * HOUR, completed());
    b.complete('manual:m1', [S], T0 + 5 * HOUR);
    b.unlink(S);
    const records = snapshotAt(b.entries, T0 + 6 * HOUR).records;
    assert.deepEqual(
      records.find((r) => r.id === S),
      postRecord(S, T0, window, elapsed),
    );
    assert.deepEqual(records.find((r) => r.id === 'manual:m1')?.relatedRecordIds, []);
    assert.deepEqual(records.find((r) => r.id === C)?.relatedRecordIds, []);
  });
});

describe('§3 a completion’s own fields', () => {
  test('from a post: no schedule fields, completedAt = announcedAt, no state, no origin', () => {
    const b = new LedgerBuilder();
    // A classifier that wrongly filled schedule fields on a completion: they are not published.
    const reset = completed({
      effectiveAt: iso(T0 - HOUR),
      schedulePrecision: 'datetime',
      scheduleBasis: 'explicit',
      scheduleWindow: { startAt: iso(T0 - HOUR), endAt: iso(T0 - HOUR) },
    });
    b.post(C, T0, reset, { text: 'Limits have been reset.' });
    assert.deepEqual(recordAt(b.entries, T0 + HOUR, C), {
      id: C,
      kind: 'reset_completed',
      resetType: 'global',
      announcedAt: iso(T0),
      effectiveAt: iso(T0 - HOUR),
      text: 'Limits have been reset.',
      confidence: 0.95,
      scope: { plans: ['all'], windows: ['unknown'] },
      source: xSource(C),
      schedulePrecision: null,
      scheduleBasis: null,
      scheduleWindow: null,
      scheduleState: null,
      completedAt: iso(T0),
      completionRecordId: null,
      fulfillmentOrigin: null,
      relatedRecordIds: [],
    });
  });

  test('effectiveAt is never filled from announcedAt', () => {
    const b = new LedgerBuilder();
    b.post(C, T0, completed());
    b.post(S, T0, scheduled(null));
    for (const record of snapshotAt(b.entries, T0).records) assert.equal(record.effectiveAt, null);
  });
});

describe('§4 dismiss omits a record and drops links to it; restore brings it back', () => {
  const window = scheduled([T0 + 2 * HOUR, T0 + 4 * HOUR]);
  const ledger = () => {
    const b = new LedgerBuilder(T0 + 5 * HOUR);
    b.post(S, T0, window);
    b.post(C, T0 + 3 * HOUR, completed());
    return b;
  };

  test('a dismissed completion: its schedule is no longer fulfilled', () => {
    const b = ledger();
    const before = snapshotAt(b.entries, T0 + 5 * HOUR);
    b.dismiss(C);
    assert.deepEqual(snapshotAt(b.entries, T0 + 5 * HOUR).records, [
      postRecord(S, T0, window, elapsed),
    ]);
    b.restore(C);
    assert.deepEqual(snapshotAt(b.entries, T0 + 5 * HOUR), before);
  });

  test('a dismissed schedule: its completion no longer lists it', () => {
    const b = ledger();
    const before = snapshotAt(b.entries, T0 + 5 * HOUR);
    b.dismiss(S);
    assert.deepEqual(snapshotAt(b.entries, T0 + 5 * HOUR).records, [
      postRecord(C, T0 + 3 * HOUR, completed()),
    ]);
    b.restore(S);
    assert.deepEqual(snapshotAt(b.entries, T0 + 5 * HOUR), before);
  });

  test('notes and manual completions are dismissed the same way; the newest of dismiss/restore holds', () => {
    const b = ledger();
    b.note('op_n', { kind: 'reset_completed' });
    b.complete('manual:m', [S], T0 + 5 * HOUR);
    b.dismiss('op_n');
    b.dismiss('manual:m');
    b.dismiss(S);
    b.restore(S);
    b.dismiss(S);
    assert.deepEqual(
      snapshotAt(b.entries, T0 + 5 * HOUR).records.map((r) => r.id),
      [C],
    );
  });
});

describe('§4 undo reverts an entry as if it had not been made; an undo of an undo brings it back', () => {
  const window = scheduled([T0 + 2 * HOUR, T0 + 4 * HOUR]);

  test('undo, undo of the undo, and undo of that', () => {
    const b = new LedgerBuilder(T0 + 5 * HOUR);
    b.post(S, T0, window);
    b.post(C, T0 + 3 * HOUR, completed());
    const before = snapshotAt(b.entries, T0 + 5 * HOUR);
    const dismissal = b.dismiss(C);
    const dismissed = snapshotAt(b.entries, T0 + 5 * HOUR);
    assert.deepEqual(
      dismissed.records.map((r) => r.id),
      [S],
    );
    const first = b.undo(dismissal);
    assert.deepEqual(snapshotAt(b.entries, T0 + 5 * HOUR), before);
    const second = b.undo(first);
    assert.deepEqual(snapshotAt(b.entries, T0 + 5 * HOUR), dismissed);
    b.undo(second);
    assert.deepEqual(snapshotAt(b.entries, T0 + 5 * HOUR), before);
  });

  test('undoing a manual completion removes it and its links; the automatic rule applies again', () => {
    const b = new LedgerBuilder(T0 + 5 * HOUR);
    b.post(S, T0, window);
    b.post(C, T0 + 3 * HOUR, completed());
    const before = snapshotAt(b.entries, T0 + 5 * HOUR);
    b.undo(b.complete('manual:m', [S], T0 + 5 * HOUR));
    assert.deepEqual(snapshotAt(b.entries, T0 + 5 * HOUR), before);
  });

  test('undoing an unlink restores the link it took back; undoing a link, the one before it', () => {
    const b = new LedgerBuilder(T0 + 5 * HOUR);
    b.post(S, T0, window);
    b.post(C, T0 + 3 * HOUR, completed());
    b.note('op_c', { kind: 'reset_completed', announcedAt: iso(T0 + 4 * HOUR) });
    const manual = b.complete('manual:m', [S], T0 + 5 * HOUR);
    const link = b.link(S, 'op_c');
    const unlink = b.unlink(S);
    assert.equal(recordAt(b.entries, T0 + 6 * HOUR, S)?.scheduleState, 'elapsed');
    b.undo(unlink);
    assert.equal(recordAt(b.entries, T0 + 6 * HOUR, S)?.completionRecordId, 'op_c');
    b.undo(link);
    assert.equal(recordAt(b.entries, T0 + 6 * HOUR, S)?.completionRecordId, 'manual:m');
    b.undo(manual);
    assert.deepEqual(
      recordAt(b.entries, T0 + 6 * HOUR, S),
      postRecord(S, T0, window, fulfilledBy(C, T0 + 3 * HOUR, 'auto')),
    );
  });

  test('an undo naming a monitor entry changes nothing', () => {
    const b = new LedgerBuilder(T0 + 5 * HOUR);
    const classified = b.post(S, T0, window);
    const check = b.check(true, T0 + HOUR);
    const before = snapshotAt(b.entries, T0 + 5 * HOUR);
    b.undo(classified);
    b.undo(classified - 1); // post_observed
    b.undo(check);
    assert.deepEqual(snapshotAt(b.entries, T0 + 5 * HOUR), before);
  });
});

describe('§2/§4 review: a held post is not published until accepted', () => {
  const window = scheduled([T0 + 2 * HOUR]);

  test('held, then accepted', () => {
    const b = new LedgerBuilder(T0 + HOUR);
    b.post(S, T0, window, { held: true });
    assert.deepEqual(snapshotAt(b.entries, T0 + HOUR).records, []);
    b.accept(S);
    assert.deepEqual(snapshotAt(b.entries, T0 + HOUR).records, [
      postRecord(S, T0, window, pending),
    ]);
  });

  test('accept with corrections publishes the corrected record', () => {
    const b = new LedgerBuilder(T0 + HOUR);
    b.post(S, T0, window, { held: true });
    b.accept(S, { resetType: 'banked', text: 'Banked reset at 10am PT.', confidence: 1 });
    assert.deepEqual(
      recordAt(b.entries, T0 + HOUR, S),
      postRecord(S, T0, window, {
        ...pending,
        resetType: 'banked',
        text: 'Banked reset at 10am PT.',
        confidence: 1,
      }),
    );
  });

  test('a held post with no reset found is published once accepted with kind and resetType', () => {
    const b = new LedgerBuilder(T0 + HOUR);
    b.post(S, T0, null, { held: true, text: 'yes, that one' });
    b.accept(S, { kind: 'reset_completed', resetType: 'global' });
    assert.deepEqual(recordAt(b.entries, T0 + HOUR, S), {
      id: S,
      kind: 'reset_completed',
      resetType: 'global',
      announcedAt: iso(T0),
      effectiveAt: null,
      text: 'yes, that one',
      confidence: null,
      scope: null,
      source: xSource(S),
      schedulePrecision: null,
      scheduleBasis: null,
      scheduleWindow: null,
      scheduleState: null,
      completedAt: iso(T0),
      completionRecordId: null,
      fulfillmentOrigin: null,
      relatedRecordIds: [],
    });
  });

  test('undoing the accept holds the post again', () => {
    const b = new LedgerBuilder(T0 + HOUR);
    b.post(S, T0, window, { held: true });
    b.undo(b.accept(S, { text: 'x' }));
    assert.deepEqual(snapshotAt(b.entries, T0 + HOUR).records, []);
  });
});

describe('§4 correct overrides fields of a post’s record', () => {
  const window = scheduled([T0 + 2 * HOUR]);

  test('every correctable field, merged in order, the newest winning', () => {
    const b = new LedgerBuilder(T0 + HOUR);
    b.post(S, T0, window);
    b.correct(S, { text: 'first', resetType: 'banked' });
    b.correct(S, {
      text: 'second',
      scope: { plans: ['plus', 'pro'], windows: ['weekly'] },
      effectiveAt: iso(T0 + 9 * HOUR),
      scheduleWindow: { startAt: iso(T0 + 8 * HOUR), endAt: iso(T0 + 10 * HOUR) },
      schedulePrecision: 'datetime',
      scheduleBasis: 'contextual_inference',
      confidence: 0.5,
    });
    assert.deepEqual(
      recordAt(b.entries, T0 + HOUR, S),
      postRecord(S, T0, window, {
        ...pending,
        text: 'second',
        resetType: 'banked',
        scope: { plans: ['plus', 'pro'], windows: ['weekly'] },
        effectiveAt: iso(T0 + 9 * HOUR),
        scheduleWindow: { startAt: iso(T0 + 8 * HOUR), endAt: iso(T0 + 10 * HOUR) },
        scheduleBasis: 'contextual_inference',
        confidence: 0.5,
      }),
    );
  });

  test('null clears a field (text included)', () => {
    const b = new LedgerBuilder(T0 + HOUR);
    b.post(S, T0, window);
    b.correct(S, { text: null, scope: null, scheduleWindow: null, schedulePrecision: null });
    assert.deepEqual(
      recordAt(b.entries, T0 + HOUR, S),
      postRecord(S, T0, window, {
        ...pending,
        text: null,
        scope: null,
        scheduleWindow: null,
        schedulePrecision: null,
      }),
    );
  });

  test('kind corrected to a completion: schedule fields go, and it links by itself', () => {
    const b = new LedgerBuilder(T0 + 5 * HOUR);
    const other = scheduled([T0 + 3 * HOUR]);
    b.post('7', T0 - HOUR, other);
    b.post(S, T0 + 3 * HOUR, window);
    b.correct(S, { kind: 'reset_completed' });
    assert.deepEqual(snapshotAt(b.entries, T0 + 5 * HOUR).records, [
      postRecord('7', T0 - HOUR, other, fulfilledBy(S, T0 + 3 * HOUR, 'auto')),
      postRecord(
        S,
        T0 + 3 * HOUR,
        { ...window, kind: 'reset_completed' },
        {
          relatedRecordIds: ['7'],
        },
      ),
    ]);
  });

  test('a post with no reset found gets a record once corrected with kind and resetType', () => {
    const b = new LedgerBuilder(T0 + HOUR);
    b.post(S, T0, null);
    b.correct(S, { text: 'only text' });
    assert.deepEqual(snapshotAt(b.entries, T0 + HOUR).records, []);
    b.correct(S, { kind: 'reset_scheduled', resetType: 'banked' });
    assert.deepEqual(
      recordAt(b.entries, T0 + HOUR, S),
      postRecord(S, T0, scheduled(null, { resetType: 'banked', confidence: null, scope: null }), {
        ...pending,
        text: 'only text',
      }),
    );
  });
});

describe('§1 reclassify changes the published record (a stored classification is never redone by itself)', () => {
  test('a new classification replaces the old one; to no reset or held withdraws it', () => {
    const b = new LedgerBuilder(T0 + HOUR);
    const first = scheduled([T0 + 2 * HOUR]);
    b.post(S, T0, first);
    assert.deepEqual(recordAt(b.entries, T0 + HOUR, S), postRecord(S, T0, first, pending));
    const second = scheduled([T0 + 5 * HOUR, T0 + 6 * HOUR], {
      resetType: 'global_and_banked',
      confidence: 0.99,
    });
    b.reclassify(S, second);
    assert.deepEqual(recordAt(b.entries, T0 + HOUR, S), postRecord(S, T0, second, pending));
    b.reclassify(S, second, true);
    assert.deepEqual(snapshotAt(b.entries, T0 + HOUR).records, []);
    b.reclassify(S, null);
    assert.deepEqual(snapshotAt(b.entries, T0 + HOUR).records, []);
  });
});

describe('§2 a post classified with reset null publishes nothing', () => {
  test('held or not', () => {
    const b = new LedgerBuilder();
    b.post('1', T0, null);
    b.post('2', T0, null, { held: true });
    b.post('3', T0, completed());
    assert.deepEqual(
      snapshotAt(b.entries, T0).records.map((r) => r.id),
      ['3'],
    );
  });
});

describe('§4 notes: op_ records', () => {
  test('about a post: source origin operator, handle null, postId and url from the post', () => {
    const b = new LedgerBuilder(T0 + HOUR);
    b.post(S, T0, null, { held: true });
    b.note('op_01jd00000000001', {
      resetType: 'banked',
      announcedAt: iso(T0),
      effectiveAt: iso(T0 + 3 * HOUR),
      text: 'The second reset in that post.',
      scope: { plans: ['pro'], windows: ['five_hour'] },
      scheduleWindow: { startAt: iso(T0 + 3 * HOUR), endAt: iso(T0 + 3 * HOUR) },
      schedulePrecision: 'datetime',
      scheduleBasis: 'explicit',
      post: { id: S, url: `https://x.com/thsottiaux/status/${S}` },
    });
    assert.deepEqual(snapshotAt(b.entries, T0 + HOUR).records, [
      {
        id: 'op_01jd00000000001',
        kind: 'reset_scheduled',
        resetType: 'banked',
        announcedAt: iso(T0),
        effectiveAt: iso(T0 + 3 * HOUR),
        text: 'The second reset in that post.',
        confidence: null,
        scope: { plans: ['pro'], windows: ['five_hour'] },
        source: {
          origin: 'operator',
          postId: S,
          handle: null,
          url: `https://x.com/thsottiaux/status/${S}`,
        },
        schedulePrecision: 'datetime',
        scheduleBasis: 'explicit',
        scheduleWindow: { startAt: iso(T0 + 3 * HOUR), endAt: iso(T0 + 3 * HOUR) },
        scheduleState: 'pending',
        completedAt: null,
        completionRecordId: null,
        fulfillmentOrigin: null,
        relatedRecordIds: [],
      },
    ]);
  });

  test('without a post: postId and url null; a completion note is dated by its announcedAt', () => {
    const b = new LedgerBuilder(T0 + HOUR);
    b.note('op_x', { kind: 'reset_completed', announcedAt: iso(T0), text: 'Reset seen live.' });
    assert.deepEqual(snapshotAt(b.entries, T0 + HOUR).records, [
      {
        id: 'op_x',
        kind: 'reset_completed',
        resetType: 'global',
        announcedAt: iso(T0),
        effectiveAt: null,
        text: 'Reset seen live.',
        confidence: null,
        scope: null,
        source: { origin: 'operator', postId: null, handle: null, url: null },
        schedulePrecision: null,
        scheduleBasis: null,
        scheduleWindow: null,
        scheduleState: null,
        completedAt: iso(T0),
        completionRecordId: null,
        fulfillmentOrigin: null,
        relatedRecordIds: [],
      },
    ]);
  });
});

describe('§7 meta', () => {
  test('lastSuccessfulCheckAt is the time of the newest successful check; failed checks do not move it', () => {
    const b = new LedgerBuilder();
    assert.equal(snapshotAt(b.entries, T0).lastSuccessfulCheckAt, null);
    b.check(false, T0 - 3 * HOUR);
    assert.equal(snapshotAt(b.entries, T0).lastSuccessfulCheckAt, null);
    b.check(true, T0 - 2 * HOUR);
    assert.equal(snapshotAt(b.entries, T0).lastSuccessfulCheckAt, iso(T0 - 2 * HOUR));
    b.check(false, T0 - HOUR);
    assert.equal(snapshotAt(b.entries, T0).lastSuccessfulCheckAt, iso(T0 - 2 * HOUR));
    b.check(true, T0 - 1);
    assert.deepEqual(snapshotAt(b.entries, T0), {
      generatedAt: iso(T0),
      lastSuccessfulCheckAt: iso(T0 - 1),
      records: [],
    });
  });
});

describe('records are sorted by id (numeric ids as integers)', () => {
  test('posts by their integer value, then operator ids in string order', () => {
    const b = new LedgerBuilder();
    for (const id of ['1990500000000000001', '100', '9', '10', '99999999999999999999']) {
      b.post(id, T0, completed());
    }
    b.note('op_b', { kind: 'reset_completed' });
    b.note('op_a', { kind: 'reset_completed' });
    b.post('11', T0, scheduled(null));
    b.complete('manual:z', ['11'], T0);
    assert.deepEqual(
      snapshotAt(b.entries, T0).records.map((r) => r.id),
      [
        '9',
        '10',
        '11',
        '100',
        '1990500000000000001',
        '99999999999999999999',
        'manual:z',
        'op_a',
        'op_b',
      ],
    );
  });
});

describe('nextStateChange: the next instant a build would change a state by itself', () => {
  test('the end of the earliest pending window + 1 ms, or announcedAt + UNKNOWN_AFTER_HOURS + 1 ms', () => {
    const b = new LedgerBuilder(T0);
    b.post('1', T0 - 70 * HOUR, scheduled(null)); // unknown after T0 + 2 h
    b.post('2', T0, scheduled([T0 + 5 * HOUR, T0 + 6 * HOUR])); // elapsed after T0 + 6 h
    b.post('3', T0, scheduled([T0 + HOUR])); // fulfilled: no change to come
    b.post('4', T0 + HOUR, completed({ resetType: 'banked' }));
    b.link('3', '4');
    b.post('5', T0 - 100 * HOUR, scheduled([T0 - 90 * HOUR])); // elapsed already

    const at = (now: number) => nextStateChange(snapshotAt(b.entries, now), now, SETTINGS);
    const states = (now: number) =>
      snapshotAt(b.entries, now).records.map((record) => record.scheduleState);

    assert.equal(at(T0), T0 + 2 * HOUR + 1);
    assert.deepEqual(states(T0), ['pending', 'pending', 'fulfilled', null, 'elapsed']);
    assert.deepEqual(states(T0 + 2 * HOUR), ['pending', 'pending', 'fulfilled', null, 'elapsed']);
    assert.deepEqual(states(T0 + 2 * HOUR + 1), [
      'unknown',
      'pending',
      'fulfilled',
      null,
      'elapsed',
    ]);
    assert.equal(at(T0 + 2 * HOUR + 1), T0 + 6 * HOUR + 1);
    assert.deepEqual(states(T0 + 6 * HOUR + 1), [
      'unknown',
      'elapsed',
      'fulfilled',
      null,
      'elapsed',
    ]);
    assert.equal(at(T0 + 6 * HOUR + 1), null);
  });
});

describe('bugs found by these tests, fixed', () => {
  test('a schedule left out as invalid is not listed by the completion it would link to', () => {
    // A classification whose window ends before it starts (the entry schema lets it
    // through): the build leaves the schedule out, and its completion still names it.
    const b = new LedgerBuilder();
    b.post(S, T0, scheduled([T0 + 3 * HOUR, T0 + 2 * HOUR]));
    b.post(C, T0 + 2.5 * HOUR, completed());
    const built = build(b.entries, T0 + 5 * HOUR, SETTINGS);
    assert.deepEqual(built.omitted, [
      { id: S, problem: 'must not be before scheduleWindow.startAt' },
    ]);
    const ids = new Set(built.snapshot.records.map((record) => record.id));
    for (const record of built.snapshot.records) {
      for (const related of record.relatedRecordIds) {
        assert.ok(ids.has(related), `${record.id} lists ${related}, which is not published`);
      }
    }
  });
});
