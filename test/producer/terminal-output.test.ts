import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { errorLine, MAX_ERROR_LINE } from '../../src/shared/text/error-line.ts';
import { escapeLines, escapeTerminal, isTerminalSafe } from '../../src/shared/text/terminal.ts';
import { dayEntries, ops, opsOk, post, schedule } from './support/ops-fixtures.ts';
import { OpsMemoryLedger } from './support/ops-memory-ledger.ts';

/**
 * Issue 16, finding 9: what the producer prints for the operator is escaped for a terminal
 * (src/shared/text/terminal.ts): a post's text, its parent's, a --reason, a value quoted in
 * a refusal. Control characters (C0, DEL, C1: ESC and CSI start the sequences that set the
 * title or the clipboard, CR overwrites a line, LF forges one) and bidi controls are shown
 * as \uXXXX.
 */

/** Every character a terminal acts on, or that reorders what it shows. */
const DANGEROUS =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point
  /[\u0000-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069\u2028\u2029]/u;
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Any string, weighted towards the characters that matter here. */
const hostile = fc.string({
  unit: fc.oneof(
    fc.constantFrom(
      '\u001B',
      '\r',
      '\n',
      '\b',
      '\u0007',
      '\u007F',
      '\u009B',
      '\u009D',
      '\u202E',
      '\u2066',
      '\u200F',
      '\u061C',
      '\u2028',
      '\\',
      ']',
      '[',
      ';',
      'a',
      '\uD800',
      '\uDC00',
      '😀',
    ),
    fc.string({ unit: 'binary', maxLength: 2 }),
  ),
  maxLength: 40,
});

describe('escapeTerminal', () => {
  test('leaves no character a terminal acts on, and no lone surrogate', () => {
    fc.assert(
      fc.property(hostile, (text) => {
        const out = escapeTerminal(text);
        assert.ok(!DANGEROUS.test(out), JSON.stringify(out));
        assert.ok(!loneSurrogate.test(out), JSON.stringify(out));
        assert.ok(isTerminalSafe(out));
      }),
      { numRuns: 10_000 },
    );
  });

  test('keeps every other character as it is, and each unsafe one is its \\uXXXX', () => {
    fc.assert(
      fc.property(hostile, (text) => {
        const out = escapeTerminal(text);
        // Undo the escapes: the original comes back (the escape is JSON's own).
        const back = out.replace(/\\u([0-9A-F]{4})/g, (whole, hex: string, offset: number) => {
          const c = String.fromCharCode(Number.parseInt(hex, 16));
          return escapeTerminal(c) === whole && out.indexOf(whole, offset) === offset ? c : whole;
        });
        assert.equal(back, text);
        if (isTerminalSafe(text)) assert.equal(out, text);
      }),
      { numRuns: 10_000 },
    );
  });

  test('a line of JSON.stringify output stays JSON with the same value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), hostile, (value, text) => {
        const json = JSON.stringify({ value, text, [text]: text });
        assert.deepEqual(JSON.parse(escapeTerminal(json)), JSON.parse(json));
      }),
      { numRuns: 10_000 },
    );
  });

  test('exact forms', () => {
    assert.equal(escapeTerminal('a\u001B]0;owned\u0007b'), 'a\\u001B]0;owned\\u0007b');
    assert.equal(escapeTerminal('ok\rforged'), 'ok\\u000Dforged');
    assert.equal(escapeTerminal('\u202Etxt.exe'), '\\u202Etxt.exe');
    assert.equal(escapeTerminal('\u009B2J'), '\\u009B2J');
    assert.equal(escapeTerminal('x\uD800y😀'), 'x\\uD800y😀');
    assert.equal(escapeTerminal('C:\\path é ü 日本'), 'C:\\path é ü 日本');
    assert.deepEqual(escapeLines('one\r\ntwo\n\u001B[2J'), ['one', 'two', '\\u001B[2J']);
  });
});

const HELD = '1990500000000000042';
/** A held reply whose text and parent carry an OSC title sequence, a CR overwrite and bidi. */
function hostileLedger(): OpsMemoryLedger {
  return new OpsMemoryLedger([
    ...dayEntries(),
    ...post(
      HELD,
      '2026-11-20T11:40:00.000Z',
      'Not a reset.\u001B]0;pwned\u0007\u001B]52;c;Y3VybCBldmlsLnNo\u0007\rReset done for all plans!\u202E',
      schedule('2026-11-20T20:00:00.000Z', '2026-11-20T20:00:00.000Z', { confidence: 0.6 }),
      {
        held: true,
        reasons: ['confidence 0.6 is below 0.8'],
        parentText: 'parent\u009B2J\u2066hidden\u2069\nsecond line\u0008\u0008',
      },
    ),
  ]);
}

describe('ops prints escaped text', () => {
  test('review: the post and its parent, each line escaped; the JSON form is the same value', async () => {
    const ledger = hostileLedger();
    const { stdout } = await opsOk(ledger, ['review']);
    for (const line of stdout) assert.ok(isTerminalSafe(line), JSON.stringify(line));
    const at = stdout.findIndex((line) => line.startsWith(HELD));
    assert.deepEqual(stdout.slice(at + 1, at + 5), [
      '  | Not a reset.\\u001B]0;pwned\\u0007\\u001B]52;c;Y3VybCBldmlsLnNo\\u0007\\u000DReset done for all plans!\\u202E',
      '  in reply to:',
      '    | parent\\u009B2J\\u2066hidden\\u2069',
      '    | second line\\u0008\\u0008',
    ]);
    const json = await opsOk(ledger, ['review', '--json']);
    for (const line of json.stdout) assert.ok(isTerminalSafe(line), JSON.stringify(line));
    const held = json.stdout.map((line) => JSON.parse(line)).find((one) => one.postId === HELD);
    assert.equal(held.parentText, 'parent\u009B2J\u2066hidden\u2069\nsecond line\u0008\u0008');
  });

  test('log: a --reason with a newline cannot forge a second entry', async () => {
    const ledger = hostileLedger();
    const forged = 'dup\n99  2026-11-20T12:00:00.000Z  bob  dismiss 1\u001B[8m';
    await opsOk(ledger, ['dismiss', HELD, '--reason', forged]);
    const { stdout } = await opsOk(ledger, ['log']);
    assert.equal(stdout.length, 1);
    assert.match(
      stdout[0]!,
      /reason: dup\\u000A99 {2}2026-11-20T12:00:00\.000Z {2}bob {2}dismiss 1\\u001B\[8m$/,
    );
  });

  test('a refusal quoting what was typed is one escaped line', async () => {
    const ran = await ops(hostileLedger(), ['restore', '\u001B]0;x\u0007\u202E1']);
    assert.equal(ran.status, 1);
    assert.deepEqual(ran.stderr, ['Refused: unknown record \\u001B]0;x\\u0007\\u202E1']);
  });
});

describe('errorLine', () => {
  test('a zod error is its first issue on one line, not the JSON of every issue', async () => {
    const { z } = await import('zod');
    const parsed = z.strictObject({ at: z.iso.datetime(), n: z.number() }).safeParse({ at: 'x' });
    assert.ok(!parsed.success);
    assert.match(parsed.error.message, /\n/);
    assert.equal(errorLine(parsed.error), 'invalid value at at: Invalid ISO datetime (and 1 more)');
  });

  test('any message: one line, escaped, bounded', () => {
    fc.assert(
      fc.property(hostile, fc.integer({ min: 0, max: 2_000 }), (text, repeat) => {
        const line = errorLine(new Error(text + 'x'.repeat(repeat)));
        assert.ok(isTerminalSafe(line), JSON.stringify(line));
        assert.ok(line.length <= 6 * MAX_ERROR_LINE + 1);
      }),
      { numRuns: 2_000 },
    );
    assert.equal(errorLine(new Error('first\n  second\r\nthird')), 'first second third');
    assert.equal(errorLine('plain'), 'plain');
  });
});

describe('whatever the operator types or the ledger holds', () => {
  test('every line ops prints is terminal-safe', async () => {
    const commands = fc.oneof(
      fc.tuple(hostile).map(([text]) => ['dismiss', text]),
      fc.tuple(hostile).map(([text]) => ['restore', text]),
      fc.tuple(hostile).map(([text]) => ['correct', '1990500000000000001', '--set', text]),
      fc.tuple(hostile).map(([text]) => ['dismiss', '1990500000000000001', '--reason', text]),
      fc
        .tuple(hostile)
        .map(([text]) => [
          'note',
          '--kind',
          'reset_completed',
          '--reset-type',
          'global',
          '--text',
          text,
        ]),
      fc.tuple(hostile).map(([text]) => [text]),
      fc.constantFrom(['review'], ['review', '--json'], ['log'], ['log', '--json'], ['status']),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(commands, { minLength: 1, maxLength: 3 }), async (argvs) => {
        const ledger = hostileLedger();
        for (const argv of [...argvs, ['log'], ['review']]) {
          const ran = await ops(ledger, [...argv]);
          for (const line of [...ran.stdout, ...ran.stderr]) {
            assert.ok(isTerminalSafe(line), `${JSON.stringify(argv)}: ${JSON.stringify(line)}`);
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});
