import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Ledger } from '../../src/producer/ledger/ledger.ts';
import { runOps } from '../../src/producer/ops/run-ops.ts';
import { OPS_USAGE } from '../../src/producer/ops/usage.ts';
import { A, B, dayLedger, NOW, NOW_ISO, ops, opsOk, SETTINGS } from './support/ops-fixtures.ts';

/** The command line of `reset-records ops`: parsing, who acts, exit statuses, output forms. */

const HINT = 'Run "reset-records ops help" for the syntax.';

describe('usage errors: exit status 2, nothing appended', () => {
  const cases: [string, string[], string, { operator?: string | undefined }?][] = [
    ['no command', [], 'missing command'],
    ['an unknown command', ['bogus'], 'unknown command "bogus"'],
    ['a command named like an object property', ['constructor'], 'unknown command "constructor"'],
    [
      'no actor',
      ['dismiss', A],
      'who is acting? pass --by NAME or set OPERATOR',
      { operator: undefined },
    ],
    [
      'an actor with a space',
      ['dismiss', A, '--by', 'ann smith'],
      '--by: an actor is 1 to 64 of A-Z a-z 0-9 _ . @ -',
    ],
    [
      'the monitor as actor',
      ['dismiss', A, '--by', 'monitor'],
      '--by: "monitor" is the monitor\'s name',
    ],
    ['a missing argument', ['link', A], 'link takes SCHEDULE_ID COMPLETION_ID'],
    ['an extra argument', ['dismiss', A, B], 'dismiss takes RECORD_ID'],
    [
      'an argument to note',
      ['note', A, '--kind', 'reset_completed', '--reset-type', 'global'],
      'note takes no arguments, only options',
    ],
    ['correct without --set', ['correct', A], 'correct needs --set FIELD=VALUE'],
    ['note without --kind', ['note', '--reset-type', 'global'], '--kind is required'],
    [
      'note without --reset-type',
      ['note', '--kind', 'reset_completed'],
      '--reset-type is required',
    ],
    ['complete without --schedules', ['complete'], '--schedules is required'],
    [
      'an empty id in --schedules',
      ['complete', '--schedules', `${A},,${B}`],
      '--schedules takes ID[,ID…]',
    ],
    ['an empty --schedules', ['complete', '--schedules', ''], '--schedules takes ID[,ID…]'],
    ['undo of a word', ['undo', 'last'], 'ENTRY_ID must be a whole number from 1, not "last"'],
    ['undo of 0', ['undo', '0'], 'ENTRY_ID must be a whole number from 1, not "0"'],
    ['log --limit 0', ['log', '--limit', '0'], '--limit must be a whole number from 1, not "0"'],
    [
      'a --reason too long',
      ['dismiss', A, '--reason', 'x'.repeat(2001)],
      '--reason is longer than 2000 characters',
    ],
  ];
  for (const [name, argv, message, options = {}] of cases) {
    test(name, async () => {
      const ledger = dayLedger();
      const entries = await ledger.entries();
      const ran = await ops(ledger, argv, options);
      assert.deepEqual(ran, { status: 2, stdout: [], stderr: [`Usage error: ${message}`, HINT] });
      assert.deepEqual(await ledger.entries(), entries);
    });
  }

  const parseErrors: [string, string[], string][] = [
    ['an unknown option', ['dismiss', A, '--force'], "Unknown option '--force'"],
    ['an option of another command', ['dismiss', A, '--set', 'text=x'], "Unknown option '--set'"],
    ['--by on a reading command', ['review', '--by', 'ann'], "Unknown option '--by'"],
    [
      'an option without its value',
      ['dismiss', A, '--by'],
      "Option '--by <value>' argument missing",
    ],
  ];
  for (const [name, argv, start] of parseErrors) {
    test(`${name} (node:util parseArgs's message)`, async () => {
      const ran = await ops(dayLedger(), argv);
      assert.equal(ran.status, 2);
      assert.ok(ran.stderr[0]!.startsWith(`Usage error: ${start}`), ran.stderr[0]);
      assert.equal(ran.stderr[1], HINT);
    });
  }
});

describe('help', () => {
  for (const argv of [['help'], ['--help'], ['-h'], ['dismiss', '--help'], ['log', '-h']]) {
    test(argv.join(' '), async () => {
      assert.deepEqual(await ops(dayLedger(), argv), {
        status: 0,
        stdout: OPS_USAGE.split('\n'),
        stderr: [],
      });
    });
  }
});

describe('who acts', () => {
  const actorOf = async (argv: string[], operator: string | undefined) => {
    const ledger = dayLedger();
    await opsOk(ledger, argv, { operator });
    return (await ledger.entries()).at(-1)?.actor;
  };
  test('OPERATOR when there is no --by', async () => {
    assert.equal(await actorOf(['dismiss', A], 'carol'), 'carol');
  });
  test('--by over OPERATOR', async () => {
    assert.equal(await actorOf(['dismiss', A, '--by', 'dave@example'], 'carol'), 'dave@example');
  });
  test('reading commands need no one', async () => {
    assert.equal((await ops(dayLedger(), ['review'], { operator: undefined })).status, 0);
    assert.equal((await ops(dayLedger(), ['log'], { operator: undefined })).status, 0);
  });
});

describe('output', () => {
  test('--json: one object with action, entryId, at, actor, recordIds and changes', async () => {
    const ran = await opsOk(dayLedger(), [
      'note',
      '--kind',
      'reset_completed',
      '--reset-type',
      'global',
      '--json',
    ]);
    assert.deepEqual(
      ran.stdout.map((line) => JSON.parse(line)),
      [
        {
          action: 'note',
          entryId: 16,
          at: NOW_ISO,
          actor: 'ann',
          recordIds: ['op_tok00000001'],
          changes: [{ recordId: 'op_tok00000001', change: 'published' }],
        },
      ],
    );
  });

  test('a refusal prints one line on stderr, with --json too', async () => {
    assert.deepEqual(await ops(dayLedger(), ['restore', A, '--json']), {
      status: 1,
      stdout: [],
      stderr: [`Refused: record ${A} is not dismissed`],
    });
  });

  test('new ids by default: op_ and 14 characters of time-ordered Crockford base32', async () => {
    const ledger = dayLedger();
    const io = {
      ledger,
      now: () => NOW,
      operator: 'ann',
      settings: SETTINGS,
      stdout: () => {},
      stderr: () => {},
    };
    assert.equal(
      await runOps(['note', '--kind', 'reset_completed', '--reset-type', 'global'], io),
      0,
    );
    const entry = (await ledger.entries()).at(-1)!;
    assert.equal(entry.type, 'note');
    const id = entry.type === 'note' ? entry.payload.recordId : '';
    // NOW in base32 (JavaScript's digits 0-9a-v, spelled in Crockford's), then 4 random.
    const crockford = '0123456789abcdefghjkmnpqrstvwxyz';
    const time = [...NOW.toString(32)].map((digit) => crockford[Number.parseInt(digit, 32)]);
    assert.equal(id.slice(0, 13), `op_${time.join('').padStart(10, '0')}`);
    assert.match(id.slice(13), /^[0-9a-hjkmnp-tv-z]{4}$/);
  });

  test('an error of the store is not a refusal: it is thrown, for the caller to report', async () => {
    const day = dayLedger();
    const broken: Ledger = {
      // Read as usual (the command checks its request on them), then the write fails.
      entries: () => day.entries(),
      transact: async () => {
        throw new Error('database is locked');
      },
      acquireLease: async () => false,
      releaseLease: async () => {},
      leaseHolder: async () => null,
      recordDelivery: async () => {},
      recentDeliveries: async () => [],
      close: async () => {},
    };
    await assert.rejects(ops(broken, ['dismiss', A]), /database is locked/);
  });
});
