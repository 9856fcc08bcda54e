import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Ledger } from '../../src/producer/ledger/ledger.ts';
import {
  A,
  B,
  C,
  completion,
  D,
  dayEntries,
  dayLedger,
  E,
  F,
  G,
  ops,
  opsOk,
  post,
  tokens,
} from './support/ops-fixtures.ts';
import { OpsMemoryLedger } from './support/ops-memory-ledger.ts';

/**
 * Every refusal of the operator's commands (producer.md §4): exit status 1, the exact
 * message on stderr, nothing appended. `before` runs first (and must succeed), on the
 * day of ops-fixtures.ts (15 entries: the next entry is 16).
 */
interface Case {
  readonly argv: string[];
  readonly message: string;
  readonly before?: string[][];
  readonly ledger?: () => Ledger;
}

const FIELDS =
  'fields: kind, resetType, scope, effectiveAt, window, precision, basis, text, confidence';
const NOTE = ['note', '--kind', 'reset_scheduled', '--reset-type', 'global'];
const NOTE_DONE = ['note', '--kind', 'reset_completed', '--reset-type', 'global'];
const WINDOW = '2026-11-21T00:00:00.000Z,2026-11-21T01:00:00.000Z';

const CASES: Record<string, Record<string, Case>> = {
  'unknown ids': {
    'accept: unknown post': { argv: ['accept', '42'], message: 'unknown post 42' },
    'correct: unknown record': {
      argv: ['correct', '42', '--set', 'kind=reset_completed'],
      message: 'unknown record 42',
    },
    'correct: unknown op_ record': {
      argv: ['correct', 'op_nothing', '--set', 'text=x'],
      message: 'unknown record op_nothing',
    },
    'note: unknown --post': { argv: [...NOTE, '--post', '42'], message: 'unknown post 42' },
    'complete: unknown schedule': {
      argv: ['complete', '--schedules', `${A},42`],
      message: 'unknown record 42',
    },
    'link: unknown schedule': { argv: ['link', '42', C], message: 'unknown record 42' },
    'link: unknown completion': {
      argv: ['link', A, 'manual:nothing'],
      message: 'unknown record manual:nothing',
    },
    'unlink: unknown schedule': { argv: ['unlink', '42'], message: 'unknown record 42' },
    'dismiss: unknown record': { argv: ['dismiss', '42'], message: 'unknown record 42' },
    'restore: unknown record': { argv: ['restore', 'op_x'], message: 'unknown record op_x' },
    'undo: unknown entry': { argv: ['undo', '999'], message: 'unknown entry 999' },
    'dismiss: a post that publishes no record': {
      argv: ['dismiss', G],
      message: `post ${G} publishes no record: its classification found no reset`,
    },
    'complete: a post held for review': {
      argv: ['complete', '--schedules', D],
      message: `post ${D} is held for review: accept it first (ops accept ${D})`,
    },
    'link: a post held for review': {
      argv: ['link', D, C],
      message: `post ${D} is held for review: accept it first (ops accept ${D})`,
    },
  },
  accept: {
    'a post not held for review': {
      argv: ['accept', A],
      message: `post ${A} is not held for review: change its record with ops correct ${A}`,
    },
    'a post not a reset and not held': {
      argv: ['accept', G],
      message: `post ${G} was read as no announcement, so it has no record: publish what it announces with ops note --kind K --reset-type T --post ${G}`,
    },
    'a post already accepted': {
      before: [['accept', D]],
      argv: ['accept', D],
      message: `post ${D} is already accepted (entry 16)`,
    },
    'a held post the operator dismissed': {
      before: [['dismiss', D]],
      argv: ['accept', D],
      message: `post ${D} is dismissed: restore it first (ops restore ${D})`,
    },
    'no reset found and no --set': {
      argv: ['accept', F],
      message: `post ${F}: its classification found no reset; give --set kind=… --set resetType=…`,
    },
    'no reset found and --set kind only': {
      argv: ['accept', F, '--set', 'kind=reset_completed'],
      message: `post ${F}: its classification found no reset; give --set kind=… --set resetType=…`,
    },
    'a bad --set value': {
      argv: ['accept', D, '--set', 'confidence=2'],
      message: 'confidence must be a number from 0 to 1, not "2"',
    },
  },
  correct: {
    'an operator note': {
      before: [NOTE],
      argv: ['correct', 'op_tok00000001', '--set', 'text=x'],
      message:
        "op_tok00000001 is not a post's record: records made by ops note are not corrected; " +
        'undo it (ops undo 16) and make a new one',
    },
    'a manual completion': {
      before: [['complete', '--schedules', A]],
      argv: ['correct', 'manual:tok00000001', '--set', 'text=x'],
      message:
        "manual:tok00000001 is not a post's record: records made by ops complete are not " +
        'corrected; undo it (ops undo 16) and make a new one',
    },
    'a post with no record': {
      argv: ['correct', G, '--set', 'text=x'],
      message:
        `post ${G} has no record to correct: its classification found no reset; ` +
        'give --set kind=… --set resetType=… to make one',
    },
    'an unknown field': {
      argv: ['correct', A, '--set', 'foo=1'],
      message: `unknown field "foo" (${FIELDS})`,
    },
    'an inherited property name': {
      argv: ['correct', A, '--set', 'constructor=1'],
      message: `unknown field "constructor" (${FIELDS})`,
    },
    'no =': {
      argv: ['correct', A, '--set', 'kind'],
      message: '--set takes FIELD=VALUE, not "kind"',
    },
    'no field name': {
      argv: ['correct', A, '--set', '=1'],
      message: '--set takes FIELD=VALUE, not "=1"',
    },
    'a field set twice': {
      argv: ['correct', A, '--set', 'text=a', '--set', 'text=b'],
      message: 'field text is set twice',
    },
    'kind outside its enum': {
      argv: ['correct', A, '--set', 'kind=reset'],
      message: 'kind must be one of reset_scheduled, reset_completed, not "reset"',
    },
    'kind cleared': {
      argv: ['correct', A, '--set', 'kind=null'],
      message: 'kind must be one of reset_scheduled, reset_completed, not "null"',
    },
    'resetType outside its enum': {
      argv: ['correct', A, '--set', 'resetType=weekly'],
      message: 'resetType must be one of global, banked, global_and_banked, not "weekly"',
    },
    'precision outside its enum': {
      argv: ['correct', A, '--set', 'precision=hour'],
      message: 'precision must be one of date, datetime, not "hour"',
    },
    'basis outside its enum': {
      argv: ['correct', A, '--set', 'basis=guess'],
      message: 'basis must be one of explicit, contextual_inference, not "guess"',
    },
    'a time without a zone': {
      argv: ['correct', A, '--set', 'effectiveAt=18:00'],
      message:
        'effectiveAt "18:00" has no time zone: add one, like "18:00 PT" (America/Los_Angeles) or "18:00 UTC"',
    },
    'a day that does not exist': {
      argv: ['correct', A, '--set', 'effectiveAt=2026-02-30T10:00:00.000Z'],
      message: 'effectiveAt "2026-02-30T10:00:00.000Z" is not a real date and time',
    },
    'a window that ends before it starts': {
      argv: ['correct', A, '--set', 'window=2026-11-21T01:00:00.000Z,2026-11-21T00:00:00.000Z'],
      message:
        'window ends before it starts: 2026-11-21T01:00:00.000Z is after 2026-11-21T00:00:00.000Z',
    },
    'a window of one time': {
      argv: ['correct', A, '--set', 'window=2026-11-21T01:00:00.000Z'],
      message:
        'window must be START,END (two times) or one date (a whole day), not "2026-11-21T01:00:00.000Z"',
    },
    'a window with a day for its end': {
      argv: ['correct', A, '--set', 'window=2026-11-21T01:00:00.000Z,tomorrow'],
      message: 'window end "tomorrow" is a date without a time: add one, like "6pm PT tomorrow"',
    },
    'a window on a completion (it would change nothing)': {
      argv: ['correct', C, '--set', 'window=2026-11-20T08:00:00.000Z,2026-11-20T09:00:00.000Z'],
      message: `${C} is a completion, which has no window (only a schedule has); set effectiveAt for when it happened, or add --set kind=reset_scheduled to make it a schedule`,
    },
    'a precision and a basis on a completion': {
      argv: ['correct', C, '--set', 'precision=date', '--set', 'basis=explicit'],
      message: `${C} is a completion, which has no precision, basis (only a schedule has); set effectiveAt for when it happened, or add --set kind=reset_scheduled to make it a schedule`,
    },
    'a schedule made a completion, with a window': {
      argv: [
        'correct',
        A,
        '--set',
        'kind=reset_completed',
        '--set',
        'window=2026-11-20T08:00:00.000Z,2026-11-20T09:00:00.000Z',
      ],
      message: `${A} is a completion, which has no window (only a schedule has); set effectiveAt for when it happened, or add --set kind=reset_scheduled to make it a schedule`,
    },
    'confidence above 1': {
      argv: ['correct', A, '--set', 'confidence=1.5'],
      message: 'confidence must be a number from 0 to 1, not "1.5"',
    },
    'confidence below 0': {
      argv: ['correct', A, '--set', 'confidence=-0.1'],
      message: 'confidence must be a number from 0 to 1, not "-0.1"',
    },
    'confidence not a number': {
      argv: ['correct', A, '--set', 'confidence=high'],
      message: 'confidence must be a number from 0 to 1, not "high"',
    },
    'scope with an unknown plan': {
      argv: ['correct', A, '--set', 'scope=plans:plus,team'],
      message:
        'scope: unknown plan "team" (plans: all, free, go, plus, pro, business, enterprise, edu, unknown)',
    },
    'scope with an unknown window': {
      argv: ['correct', A, '--set', 'scope=windows:daily'],
      message: 'scope: unknown window "daily" (windows: five_hour, weekly, unknown)',
    },
    'scope with an empty list': {
      argv: ['correct', A, '--set', 'scope=plans:'],
      message: 'scope: empty plan list or plan id',
    },
    'scope in neither syntax': {
      argv: ['correct', A, '--set', 'scope=weekly'],
      message:
        'scope must be plans:LIST;windows:LIST, e.g. plans:plus,pro;windows:weekly, not "weekly"',
    },
    'scope with a part twice': {
      argv: ['correct', A, '--set', 'scope=plans:pro;plans:plus'],
      message:
        'scope must be plans:LIST;windows:LIST, e.g. plans:plus,pro;windows:weekly, not "plans:pro;plans:plus"',
    },
    'scope as JSON without windows': {
      argv: ['correct', A, '--set', 'scope={"plans":["pro"]}'],
      message:
        'scope as JSON must be {"plans":[…],"windows":[…]} (lists of strings), not {"plans":["pro"]}',
    },
    'a correction the service would reject': {
      // A completion whose classification kept a backwards window (nulled on a completion):
      // turning it into a schedule would publish that window.
      ledger: () =>
        new OpsMemoryLedger([
          ...dayEntries(),
          ...post(
            '1990500000000000009',
            '2026-11-20T11:40:00.000Z',
            'Reset done.',
            completion({
              scheduleWindow: {
                startAt: '2026-11-20T12:00:00.000Z',
                endAt: '2026-11-20T11:00:00.000Z',
              },
            }),
          ),
        ]),
      argv: ['correct', '1990500000000000009', '--set', 'kind=reset_scheduled'],
      message:
        'record 1990500000000000009 would not be valid: must not be before scheduleWindow.startAt',
    },
  },
  note: {
    'a bad kind': {
      argv: ['note', '--kind', 'reset', '--reset-type', 'global'],
      message: '--kind must be one of reset_scheduled, reset_completed, not "reset"',
    },
    'a bad reset type': {
      argv: ['note', '--kind', 'reset_scheduled', '--reset-type', 'all'],
      message: '--reset-type must be one of global, banked, global_and_banked, not "all"',
    },
    'a window on a completion': {
      argv: [...NOTE_DONE, '--window', WINDOW, '--precision', 'datetime'],
      message:
        'a completion has no schedule window: --window, --precision and --basis go with --kind reset_scheduled',
    },
    'a precision on a completion': {
      argv: [...NOTE_DONE, '--precision', 'date'],
      message:
        'a completion has no schedule window: --window, --precision and --basis go with --kind reset_scheduled',
    },
    'a window without a precision': {
      argv: [...NOTE, '--window', WINDOW],
      message: '--window needs --precision date or datetime',
    },
    'a precision without a window': {
      argv: [...NOTE, '--precision', 'date'],
      message: '--precision and --basis describe a window: give --window START,END too',
    },
    'a basis without a window': {
      argv: [...NOTE, '--basis', 'explicit'],
      message: '--precision and --basis describe a window: give --window START,END too',
    },
    'a bad window': {
      argv: [...NOTE, '--window', '2026-11-21T00:00:00.000Z,', '--precision', 'datetime'],
      message:
        '--window end "" is empty: give a time, like 2026-11-26T18:00:00.000Z or "6pm PT today"',
    },
    'a window that ends before it starts': {
      argv: [
        ...NOTE,
        '--window',
        '2026-11-21T01:00:00.000Z,2026-11-21T00:59:59.999Z',
        '--precision',
        'datetime',
      ],
      message:
        '--window ends before it starts: 2026-11-21T01:00:00.000Z is after 2026-11-21T00:59:59.999Z',
    },
    'a bad precision': {
      argv: [...NOTE, '--window', WINDOW, '--precision', 'hour'],
      message: '--precision must be one of date, datetime, not "hour"',
    },
    'a bad basis': {
      argv: [...NOTE, '--window', WINDOW, '--precision', 'datetime', '--basis', 'guess'],
      message: '--basis must be one of explicit, contextual_inference, not "guess"',
    },
    'a malformed --effective-at': {
      argv: [...NOTE, '--effective-at', '2026-11-21'],
      message:
        '--effective-at "2026-11-21" is a date without a time: add one, like "2026-11-21 18:00 PT"',
    },
    'an --announced-at in the future': {
      argv: [...NOTE, '--announced-at', '2026-11-20T12:00:00.001Z'],
      message: '--announced-at is in the future: 2026-11-20T12:00:00.001Z',
    },
    'a bad --scope': {
      argv: [...NOTE, '--scope', 'plans:team'],
      message:
        '--scope: unknown plan "team" (plans: all, free, go, plus, pro, business, enterprise, edu, unknown)',
    },
  },
  complete: {
    'a completion': {
      argv: ['complete', '--schedules', C],
      message: `${C} is a completion, not a schedule`,
    },
    'a dismissed schedule': {
      before: [['dismiss', A]],
      argv: ['complete', '--schedules', A],
      message: `record ${A} is dismissed: restore it first (ops restore ${A})`,
    },
    'a schedule fulfilled automatically': {
      argv: ['complete', '--schedules', E],
      message: `schedule ${E} is already fulfilled by ${C} (auto): unlink it first (ops unlink ${E})`,
    },
    'a schedule fulfilled by a link': {
      before: [['link', A, C]],
      argv: ['complete', '--schedules', A],
      message: `schedule ${A} is already fulfilled by ${C} (link): unlink it first (ops unlink ${A})`,
    },
    'a schedule fulfilled by a manual completion': {
      before: [['complete', '--schedules', A]],
      argv: ['complete', '--schedules', A],
      message: `schedule ${A} is already fulfilled by manual:tok00000001 (manual): unlink it first (ops unlink ${A})`,
    },
    'the same schedule twice': {
      argv: ['complete', '--schedules', `${A},${A}`],
      message: `schedule ${A} is named twice`,
    },
    '--at in the future': {
      argv: ['complete', '--schedules', A, '--at', '2026-11-20T12:00:01.000Z'],
      message: '--at is in the future: 2026-11-20T12:00:01.000Z',
    },
    'a malformed --at': {
      argv: ['complete', '--schedules', A, '--at', 'noon-ish'],
      message:
        '--at "noon-ish" is not a time this command reads: use 2026-11-26T18:00:00.000Z, now, -2h, "6pm PT today", "18:00 PT tomorrow" or "2026-11-26 18:00 America/Los_Angeles"',
    },
    'schedules of different reset types': {
      argv: ['complete', '--schedules', `${A},${B}`],
      message: `the schedules' reset types differ (${A} global, ${B} banked): give --reset-type`,
    },
    'a --reset-type that does not match a schedule': {
      argv: ['complete', '--schedules', A, '--reset-type', 'banked'],
      message: `--reset-type banked does not match schedule ${A} (global)`,
    },
    'a bad --reset-type': {
      argv: ['complete', '--schedules', A, '--reset-type', 'weekly'],
      message: '--reset-type must be one of global, banked, global_and_banked, not "weekly"',
    },
  },
  link: {
    'a completion to a completion': {
      before: [NOTE_DONE],
      argv: ['link', C, 'op_tok00000001'],
      message: `${C} is a completion, not a schedule: ops link SCHEDULE_ID COMPLETION_ID`,
    },
    'a schedule to a schedule': {
      argv: ['link', A, B],
      message: `${B} is a schedule, not a completion: ops link SCHEDULE_ID COMPLETION_ID`,
    },
    'a dismissed schedule': {
      before: [['dismiss', A]],
      argv: ['link', A, C],
      message: `record ${A} is dismissed: restore it first (ops restore ${A})`,
    },
    'a dismissed completion': {
      before: [['dismiss', C]],
      argv: ['link', A, C],
      message: `record ${C} is dismissed: restore it first (ops restore ${C})`,
    },
    'reset types that differ': {
      argv: ['link', B, C],
      message: `reset types differ: schedule ${B} is banked, completion ${C} is global`,
    },
    'a schedule already linked to that completion by the automatic rule': {
      argv: ['link', E, C],
      message: `schedule ${E} is already fulfilled by ${C} (auto)`,
    },
    'a schedule already linked to that completion by the operator': {
      before: [['link', A, C]],
      argv: ['link', A, C],
      message: `schedule ${A} is already fulfilled by ${C} (link)`,
    },
  },
  unlink: {
    'a schedule with no link in effect': {
      argv: ['unlink', A],
      message: `schedule ${A} is not fulfilled: there is no link to take back`,
    },
    'a schedule already unlinked': {
      before: [['unlink', E]],
      argv: ['unlink', E],
      message: `schedule ${E} is not fulfilled: there is no link to take back`,
    },
    'a schedule whose completion was dismissed': {
      before: [['dismiss', C]],
      argv: ['unlink', E],
      message: `schedule ${E} is not fulfilled: there is no link to take back`,
    },
    'a completion': {
      argv: ['unlink', C],
      message: `${C} is a completion, not a schedule: ops unlink SCHEDULE_ID`,
    },
    'a dismissed schedule': {
      before: [['dismiss', E]],
      argv: ['unlink', E],
      message: `record ${E} is dismissed: restore it first (ops restore ${E})`,
    },
  },
  'dismiss and restore': {
    'dismiss: already dismissed': {
      before: [['dismiss', A]],
      argv: ['dismiss', A],
      message: `record ${A} is already dismissed`,
    },
    'restore: not dismissed': { argv: ['restore', A], message: `record ${A} is not dismissed` },
    'restore: a held post not dismissed': {
      argv: ['restore', D],
      message: `record ${D} is not dismissed`,
    },
    'restore: restored already': {
      before: [
        ['dismiss', A],
        ['restore', A],
      ],
      argv: ['restore', A],
      message: `record ${A} is not dismissed`,
    },
  },
  undo: {
    'a monitor entry': {
      argv: ['undo', '1'],
      message:
        'entry 1 (post_observed) is not an operator entry: only operator entries can be undone',
    },
    'a source check': {
      argv: ['undo', '15'],
      message:
        'entry 15 (source_checked) is not an operator entry: only operator entries can be undone',
    },
    'an entry undone already': {
      before: [
        ['dismiss', A],
        ['undo', '16'],
      ],
      argv: ['undo', '16'],
      message: 'entry 16 is already undone (by entry 17)',
    },
    'an undo undone already': {
      before: [
        ['dismiss', A],
        ['undo', '16'],
        ['undo', '17'],
      ],
      argv: ['undo', '17'],
      message: 'entry 17 is already undone (by entry 18)',
    },
    'an undo of an undo whose target has since been undone again': {
      // 16 dismiss A; 17 undo 16; 18 undo 17 (A dismissed again); 19 undo 16 (A back).
      // Undoing 18 would bring 17 back, which undoes 16: already undone by 19.
      before: [
        ['dismiss', A],
        ['undo', '16'],
        ['undo', '17'],
        ['undo', '16'],
      ],
      argv: ['undo', '18'],
      message: 'undoing entry 18 would change nothing: entry 16 is undone by entry 19 anyway',
    },
  },
};

for (const [group, cases] of Object.entries(CASES)) {
  describe(`refused: ${group}`, () => {
    for (const [name, { argv, message, before = [], ledger = dayLedger }] of Object.entries(
      cases,
    )) {
      test(name, async () => {
        const store = ledger();
        const newId = tokens();
        for (const command of before) await opsOk(store, command, { newId });
        const entries = await store.entries();
        const ran = await ops(store, argv, { newId });
        assert.deepEqual(ran, { status: 1, stdout: [], stderr: [`Refused: ${message}`] });
        assert.deepEqual(await store.entries(), entries, 'nothing appended');
      });
    }
  });
}
