import { DEFAULT_BUILD_SETTINGS } from '../../../src/producer/build/settings.ts';
import type { ClassifiedReset, NewEntry } from '../../../src/producer/ledger/entry.ts';
import type { Ledger } from '../../../src/producer/ledger/ledger.ts';
import { runOps } from '../../../src/producer/ops/run-ops.ts';
import { OpsMemoryLedger } from './ops-memory-ledger.ts';

/**
 * One day of the ledger for the operator's commands, at NOW = 2026-11-20T12:00:00.000Z:
 *
 * | post | at    | what                                                     | published      |
 * | ---- | ----- | -------------------------------------------------------- | -------------- |
 * | E    | 05:00 | schedule, global, 06:00                                  | fulfilled by C (auto) |
 * | C    | 09:00 | completion, global                                       | yes            |
 * | A    | 10:00 | schedule, global, 18:00                                  | pending        |
 * | B    | 11:00 | schedule, banked, 21 Nov (Pacific day)                   | pending        |
 * | D    | 11:10 | schedule, global, 20:00, confidence 0.6: held            | no             |
 * | F    | 11:20 | held, no reset found (a reply without its parent)        | no             |
 * | G    | 11:30 | not a reset                                              | no             |
 *
 * C was posted before A and B, so it fulfils only E (§3: announced before it).
 */

export const NOW_ISO = '2026-11-20T12:00:00.000Z';
export const NOW = Date.parse(NOW_ISO);
export const SETTINGS = DEFAULT_BUILD_SETTINGS;

export const A = '1990500000000000001';
export const B = '1990500000000000002';
export const C = '1990500000000000003';
export const D = '1990500000000000004';
export const F = '1990500000000000006';
export const G = '1990500000000000007';
export const E = '1990500000000000005';

const HANDLE = 'thsottiaux';

export const schedule = (
  startAt: string,
  endAt: string,
  fields: Partial<ClassifiedReset> = {},
): ClassifiedReset => ({
  kind: 'reset_scheduled',
  resetType: 'global',
  effectiveAt: startAt === endAt ? startAt : null,
  confidence: 0.95,
  scope: { plans: ['all'], windows: ['unknown'] },
  schedulePrecision: startAt === endAt ? 'datetime' : 'date',
  scheduleBasis: 'explicit',
  scheduleWindow: { startAt, endAt },
  ...fields,
});

export const completion = (fields: Partial<ClassifiedReset> = {}): ClassifiedReset => ({
  kind: 'reset_completed',
  resetType: 'global',
  effectiveAt: null,
  confidence: 0.9,
  scope: { plans: ['all'], windows: ['unknown'] },
  schedulePrecision: null,
  scheduleBasis: null,
  scheduleWindow: null,
  ...fields,
});

/** A post as the monitor records it: observed, then classified once. */
export function post(
  id: string,
  createdAt: string,
  text: string,
  reset: ClassifiedReset | null,
  review: { held: boolean; reasons?: string[]; parentText?: string; inReplyToId?: string } = {
    held: false,
  },
): NewEntry[] {
  const monitor = { at: createdAt, actor: 'monitor', reason: null } as const;
  return [
    {
      ...monitor,
      type: 'post_observed',
      payload: {
        post: {
          id,
          handle: HANDLE,
          createdAt,
          text,
          ...(review.parentText === undefined ? {} : { parentText: review.parentText }),
          ...(review.inReplyToId === undefined ? {} : { inReplyToId: review.inReplyToId }),
        },
      },
    },
    {
      ...monitor,
      type: 'post_classified',
      payload: {
        postId: id,
        classification: {
          classifier: 'rules-1.0.0',
          reset,
          review: review.held,
          reasons: review.reasons ?? [],
        },
      },
    },
  ];
}

export function dayEntries(): NewEntry[] {
  return [
    ...post(
      E,
      '2026-11-20T05:00:00.000Z',
      'Resetting at 6am UTC.',
      schedule('2026-11-20T06:00:00.000Z', '2026-11-20T06:00:00.000Z'),
    ),
    ...post(C, '2026-11-20T09:00:00.000Z', 'Limits are reset.', completion()),
    ...post(
      A,
      '2026-11-20T10:00:00.000Z',
      'Reset lands at 10am PT.',
      schedule('2026-11-20T18:00:00.000Z', '2026-11-20T18:00:00.000Z'),
    ),
    ...post(
      B,
      '2026-11-20T11:00:00.000Z',
      'Banked limits reset tomorrow.',
      schedule('2026-11-21T08:00:00.000Z', '2026-11-22T07:59:59.999Z', { resetType: 'banked' }),
    ),
    ...post(
      D,
      '2026-11-20T11:10:00.000Z',
      'Another one around noon PT?',
      schedule('2026-11-20T20:00:00.000Z', '2026-11-20T20:00:00.000Z', { confidence: 0.6 }),
      { held: true, reasons: ['confidence 0.6 is below 0.8'] },
    ),
    ...post(F, '2026-11-20T11:20:00.000Z', 'yes, that one\nsoon', null, {
      held: true,
      reasons: ['a reply: read with its parent'],
      parentText: 'Is the weekly reset coming?',
    }),
    ...post(G, '2026-11-20T11:30:00.000Z', 'Nice weather today.', null),
    {
      type: 'source_checked',
      at: '2026-11-20T11:59:00.000Z',
      actor: 'monitor',
      reason: null,
      payload: { source: 'file:posts.jsonl', ok: true, cursor: G, error: null, newPosts: 7 },
    },
  ];
}

/** Tokens tok00000001, tok00000002, … for new record ids: predictable in expected values. */
export function tokens(): () => string {
  let next = 0;
  return () => `tok${String(++next).padStart(8, '0')}`;
}

export interface Ran {
  readonly status: number;
  readonly stdout: string[];
  readonly stderr: string[];
}

export interface RunOptions {
  readonly now?: number;
  readonly operator?: string | undefined;
  readonly newId?: () => string;
}

/** Runs `ops …` against `ledger` as the operator `ann` (unless told otherwise), at NOW. */
export async function ops(ledger: Ledger, argv: string[], options: RunOptions = {}): Promise<Ran> {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const status = await runOps(argv, {
    ledger,
    now: () => options.now ?? NOW,
    operator: 'operator' in options ? options.operator : 'ann',
    settings: SETTINGS,
    stdout: (line) => stdout.push(line),
    stderr: (line) => stderr.push(line),
    newId: options.newId ?? tokens(),
  });
  return { status, stdout, stderr };
}

/** A ledger holding the day above. */
export const dayLedger = () => new OpsMemoryLedger(dayEntries());

/** Runs a command that must succeed, failing the test with its output otherwise. */
export async function opsOk(
  ledger: Ledger,
  argv: string[],
  options: RunOptions = {},
): Promise<Ran> {
  const ran = await ops(ledger, argv, options);
  if (ran.status !== 0) {
    throw new Error(`ops ${argv.join(' ')} exited ${ran.status}: ${ran.stderr.join('\n')}`);
  }
  return ran;
}
