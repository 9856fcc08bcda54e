import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { build } from '../../src/producer/build/build.ts';
import {
  checkNewEntry,
  type Entry,
  type NewEntry,
  OPERATOR_TYPES,
} from '../../src/producer/ledger/entry.ts';
import type { Post } from '../../src/producer/ledger/post.ts';
import { runOps } from '../../src/producer/ops/run-ops.ts';
import { parsePostLines } from '../../src/producer/sources/post-lines.ts';
import { validateSnapshot } from '../../src/shared/snapshot/validate.ts';
import {
  A,
  B,
  C,
  D,
  dayEntries,
  E,
  F,
  G,
  NOW,
  ops,
  SETTINGS,
} from '../producer/support/ops-fixtures.ts';
import { OpsMemoryLedger } from '../producer/support/ops-memory-ledger.ts';

/**
 * The producer's two inputs from outside, generated: a JSON-lines file of posts
 * (producer.md §5) and the command line of `reset-records ops` (§4). Neither may throw on
 * any input; each must report what it refuses exactly once, and take in nothing else; what
 * it does take in must build into a snapshot the service accepts.
 *
 * (a) Files of up to 15 lines: valid posts (padded with spaces or not), valid posts with one
 *     field given a bad value, removed, or an unknown field added, non-objects, broken JSON,
 *     arbitrary text (binary, graphemes, JSON punctuation), blank lines, lines either side
 *     of the 200,000-character limit; LF or CRLF; some good lines repeated (first wins).
 * (b) One or two command lines on a ledger with every kind of record: well-formed ones,
 *     ones with a word dropped, replaced or added, and random words; record ids that exist
 *     and don't, entry ids, timestamps valid, future and malformed, `--set` junk, huge
 *     strings, unicode, line breaks, object-property names.
 */

const RUNS = 10_000;

// ---------------------------------------------------------------------------------------
// (a) Post JSON lines
// ---------------------------------------------------------------------------------------

/** Longest line parsePostLines parses (post-lines.ts); longer ones are problems unread. */
const MAX_LINE_CHARS = 200_000;

type Line =
  | { readonly kind: 'good'; readonly text: string; readonly post: Post }
  | { readonly kind: 'bad' | 'blank'; readonly text: string };

const digits = (max: number) => fc.stringMatching(new RegExp(`^[0-9]{1,${max}}$`));
const handle = fc.stringMatching(/^[A-Za-z0-9_]{1,15}$/);
const instant = fc.date({
  min: new Date('2000-01-01T00:00:00Z'),
  max: new Date('2099-12-31T23:59:59Z'),
  noInvalidDate: true,
});
/** ISO 8601 UTC: with milliseconds, without a fraction, or with 1 to 9 fraction digits. */
const createdAt = fc
  .tuple(instant, fc.integer({ min: -1, max: 9 }), fc.stringMatching(/^[0-9]{9}$/))
  .map(([date, digits, fraction]) => {
    const text = date.toISOString();
    if (digits === -1) return text;
    return `${text.slice(0, 19)}${digits === 0 ? '' : `.${fraction.slice(0, digits)}`}Z`;
  });
const anyText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.string({ unit: 'grapheme', maxLength: 60 }),
  fc.constantFrom('Limits reset at 6pm PT.\nMore soon.', '\u2028\u2029', '"\\', '\ud800', ''),
);

/** A post as §5 describes it, with the optional fields the Post schema also takes. */
const validPost: fc.Arbitrary<Post> = fc.record(
  {
    id: fc.oneof(digits(25), fc.bigInt({ min: 10n ** 18n, max: 10n ** 19n }).map(String)),
    handle,
    createdAt,
    text: anyText,
    inReplyToId: digits(25),
    quotedId: digits(25),
    conversationId: digits(25),
    parentText: anyText,
    quotedText: anyText,
  },
  { requiredKeys: ['id', 'handle', 'createdAt', 'text'], noNullPrototype: true },
);

/** A field given a value the Post schema refuses. */
const badValues: Record<string, readonly unknown[]> = {
  id: [1, '', '12a', ' 1', '1'.repeat(26), null, '١٢٣'],
  handle: ['', 'a'.repeat(16), 'a-b', '@thsottiaux', 7, null, 'é'],
  createdAt: [
    '2026-11-20 11:59:00',
    '2026-11-20T11:59:00+00:00',
    '2026-11-20T11:59:00',
    '2026-02-30T00:00:00Z',
    '2026-11-20T24:00:00Z',
    'yesterday',
    1_795_175_940_000,
    '',
  ],
  text: [5, null, ['a'], 'x'.repeat(25_001)],
  inReplyToId: ['abc', 12, null],
  quotedId: [''],
  conversationId: ['1.5'],
  parentText: [false, 'x'.repeat(25_001)],
};

const corrupted: fc.Arbitrary<string> = fc.oneof(
  // One field with a value of the wrong type or shape.
  fc
    .tuple(validPost, fc.constantFrom(...Object.keys(badValues)), fc.nat())
    .map(([post, field, pick]) => {
      const values = badValues[field]!;
      return JSON.stringify({ ...post, [field]: values[pick % values.length] });
    }),
  // A required field removed.
  fc.tuple(validPost, fc.constantFrom('id', 'handle', 'createdAt', 'text')).map(([post, field]) => {
    const { [field as keyof Post]: _removed, ...rest } = post;
    return JSON.stringify(rest);
  }),
  // A field the schema does not know (__proto__ included, as JSON.parse makes it an own key).
  fc
    .tuple(validPost, fc.constantFrom('retweets', 'ID', 'Text', '__proto__', 'constructor', ''))
    .map(([post, key]) => `{${JSON.stringify(key)}:{},${JSON.stringify(post).slice(1)}`),
  // Not an object, or not JSON at all.
  fc.constantFrom('[]', '"post"', '42', 'null', 'true', '{', '{"id":"1",}', "{'id':'1'}", '}{'),
  validPost.map((post) => JSON.stringify([post])),
  validPost.map((post) => JSON.stringify(post).slice(0, -1)),
);

/** Arbitrary text on one line (a newline would make it two). */
const oneLine = fc
  .oneof(
    fc.string({ unit: 'binary', maxLength: 100 }),
    fc.string({ unit: 'grapheme', maxLength: 100 }),
    fc.string({ unit: fc.constantFrom('{', '}', '"', ':', ',', ' ', '\r', '\t', 'a', '1', '\\') }),
  )
  .map((text) => text.replaceAll('\n', ' '));

/** Blank: nothing but whitespace (String.prototype.trim's, as the reader counts it). */
const isBlank = (text: string) => text.trim() === '';

const line: fc.Arbitrary<Line> = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.tuple(validPost, fc.constantFrom('', ' ', '\t', '  ')).map(([post, pad]) => ({
      kind: 'good' as const,
      text: pad + JSON.stringify(post) + pad,
      post,
    })),
  },
  { weight: 5, arbitrary: corrupted.map((text) => ({ kind: 'bad' as const, text })) },
  {
    weight: 3,
    arbitrary: oneLine.map((text) => ({
      kind: isBlank(text) ? ('blank' as const) : ('bad' as const),
      text,
    })),
  },
  {
    weight: 2,
    arbitrary: fc
      .constantFrom('', ' ', '\t', '\r', ' \t ', '\u00a0', '\u3000')
      .map((text) => ({ kind: 'blank' as const, text })),
  },
  {
    // Huge lines, either side of the limit: a post padded with spaces, and junk.
    weight: 1,
    arbitrary: fc
      .tuple(validPost, fc.constantFrom(-1, 0, 1), fc.boolean())
      .map(([post, over, junk]): Line => {
        const length = MAX_LINE_CHARS + over;
        if (junk) return { kind: 'bad', text: 'x'.repeat(length) };
        const json = JSON.stringify(post);
        const text = json + ' '.repeat(Math.max(0, length - json.length));
        return text.length > MAX_LINE_CHARS ? { kind: 'bad', text } : { kind: 'good', text, post };
      }),
  },
);

/** A post as ingest stores it (checked as a store checks it), classified a completion. */
function ingested(post: Post, index: number): Entry[] {
  const at = '2026-11-20T12:00:00.000Z';
  const monitor = { at, actor: 'monitor', reason: null } as const;
  const entries: NewEntry[] = [
    { ...monitor, type: 'post_observed', payload: { post } },
    {
      ...monitor,
      type: 'post_classified',
      payload: {
        postId: post.id,
        classification: {
          classifier: 'fuzz',
          reset: {
            kind: 'reset_completed',
            resetType: 'global',
            effectiveAt: null,
            confidence: null,
            scope: null,
            schedulePrecision: null,
            scheduleBasis: null,
            scheduleWindow: null,
          },
          review: false,
          reasons: [],
        },
      },
    },
  ];
  return entries.map((entry, j) => ({ ...checkNewEntry(entry), id: 2 * index + j + 1 }) as Entry);
}

/** A file: lines with LF or CRLF endings, the last one with or without; ids repeat at times. */
const postsFile = fc
  .tuple(
    fc.array(fc.tuple(line, fc.boolean()), { maxLength: 12 }),
    fc.boolean(),
    fc.array(fc.nat(), { maxLength: 3 }),
  )
  .map(([lines, finalNewline, repeats]) => {
    const all = lines.map(([l, crlf]) => ({ line: l, crlf }));
    // Repeat some good lines later in the file: the first occurrence wins.
    const goods = all.filter(({ line: l }) => l.kind === 'good');
    for (const pick of repeats) {
      if (goods.length > 0) all.push(goods[pick % goods.length]!);
    }
    const text = all
      .map(
        ({ line: l, crlf }, i) =>
          l.text + (i < all.length - 1 || finalNewline ? (crlf ? '\r\n' : '\n') : ''),
      )
      .join('');
    return { lines: all.map(({ line: l }) => l), text };
  });

describe('fuzz: post JSON lines (producer.md §5)', () => {
  test('parsePostLines never throws; one problem per bad line; every good post once, and buildable', (t) => {
    const tally = { files: 0, good: 0, bad: 0, blank: 0, duplicates: 0, huge: 0 };
    fc.assert(
      fc.property(postsFile, ({ lines, text }) => {
        tally.files += 1;
        const parsed = parsePostLines(text);
        const expectedPosts: Post[] = [];
        const expectedProblems: number[] = [];
        const seen = new Set<string>();
        let duplicates = 0;
        lines.forEach((l, index) => {
          tally[l.kind] += 1;
          if (l.text.length > MAX_LINE_CHARS) tally.huge += 1;
          if (l.kind === 'bad') expectedProblems.push(index + 1);
          if (l.kind !== 'good') return;
          if (seen.has(l.post.id)) {
            duplicates += 1;
            return;
          }
          seen.add(l.post.id);
          expectedPosts.push(l.post);
        });
        tally.duplicates += duplicates;
        assert.deepEqual(
          parsed.problems.map((problem) => problem.line),
          expectedProblems,
        );
        for (const problem of parsed.problems) {
          assert.equal(typeof problem.message, 'string');
          assert.ok(problem.message.length > 0 && problem.message.length < 500, problem.message);
        }
        assert.deepEqual(parsed.posts, expectedPosts);
        const nonBlank = lines.filter((l) => l.kind !== 'blank').length;
        assert.equal(parsed.posts.length + parsed.problems.length + duplicates, nonBlank);
        // What the reader takes in, the ledger stores and the build publishes.
        const entries = parsed.posts.flatMap((post, i) => ingested(post, i));
        const built = build(entries, NOW, SETTINGS);
        assert.deepEqual(built.omitted, []);
        assert.ok(validateSnapshot(JSON.parse(JSON.stringify(built.snapshot))).ok);
        assert.equal(built.snapshot.records.length, parsed.posts.length);
      }),
      { numRuns: RUNS },
    );
    t.diagnostic(
      `${tally.files} files: ${tally.good} good lines, ${tally.bad} bad, ${tally.blank} blank, ` +
        `${tally.duplicates} repeated ids, ${tally.huge} longer than ${MAX_LINE_CHARS}`,
    );
  });
});

// ---------------------------------------------------------------------------------------
// (b) The operator's command line
// ---------------------------------------------------------------------------------------

const HINT = 'Run "reset-records ops help" for the syntax.';
const OPERATOR = new Set<string>(OPERATOR_TYPES);

/**
 * The day of ops-fixtures.ts, and a few of the operator's entries over it (notes, a manual
 * completion, a link, dismissals and an undo), so that commands find every kind of record
 * and entry to act on: op_fx1 banked schedule fulfilled by manual:fx3, op_fx2 completion
 * linked to A, op_fx4 and op_fx5 pending schedules (op_fx5 dismissed). Made once, through
 * the commands themselves.
 */
async function fixture(): Promise<{ entries: NewEntry[]; recordIds: string[]; lastId: number }> {
  const ledger = new OpsMemoryLedger(dayEntries());
  let token = 0;
  const newId = () => `fx${++token}`;
  const run = async (argv: string[]) => {
    const ran = await ops(ledger, argv, { newId });
    assert.equal(ran.status, 0, `${argv.join(' ')}: ${ran.stderr.join('\n')}`);
  };
  const window = '2026-11-20T14:00:00.000Z,2026-11-20T16:00:00.000Z';
  await run([
    'note',
    '--kind',
    'reset_scheduled',
    '--reset-type',
    'banked',
    '--window',
    window,
    '--precision',
    'datetime',
  ]);
  await run([
    'note',
    '--kind',
    'reset_completed',
    '--reset-type',
    'global',
    '--post',
    G,
    '--announced-at',
    '2026-11-20T11:45:00.000Z',
  ]);
  await run(['complete', '--schedules', 'op_fx1', '--at', '2026-11-20T11:50:00.000Z']);
  await run(['link', A, 'op_fx2']);
  await run(['dismiss', E]);
  await run(['undo', '20']);
  await run(['note', '--kind', 'reset_scheduled', '--reset-type', 'global']);
  await run([
    'note',
    '--kind',
    'reset_scheduled',
    '--reset-type',
    'global',
    '--window',
    window,
    '--precision',
    'date',
  ]);
  await run(['dismiss', 'op_fx5']);
  const entries = await ledger.entries();
  return {
    entries: entries.map(({ id: _id, ...entry }) => entry as NewEntry),
    recordIds: [A, B, C, D, E, F, G, 'op_fx1', 'op_fx2', 'manual:fx3', 'op_fx4', 'op_fx5'],
    lastId: entries.length,
  };
}

const PAST = ['2026-11-20T11:00:00.000Z', '2026-11-19T00:00:00.000Z', '0000-01-01T00:00:00.000Z'];
const FUTURE = ['2026-11-20T12:00:00.001Z', '2026-11-21T18:00:00.000Z', '9999-12-31T23:59:59.999Z'];
const BAD_TIMES = [
  '2026-11-20T11:00:00Z',
  '2026-11-20 11:00',
  '2026-02-30T00:00:00.000Z',
  'now',
  '',
  '1795175940000',
  '2026-11-20T11:00:00.000+01:00',
];

/** Strings to put anywhere: junk, unicode, huge, and lookalikes of the real thing. */
const junk = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.constantFrom(
    '',
    ' ',
    '-',
    '--',
    '-1',
    '0',
    'null',
    'constructor',
    '__proto__',
    'toString',
    'hasOwnProperty',
    '\u0000',
    '\n',
    'line\nbreak',
    '\ud800',
    '１２３',
    'ü',
    'x'.repeat(100_000),
  ),
);

/** The fixture's records by what they are, so that commands mostly name the right kind. */
const POOLS = {
  schedules: [A, B, E, 'op_fx1', 'op_fx4', 'op_fx5'],
  completions: [C, 'op_fx2', 'manual:fx3'],
  held: [D, F],
  posts: [A, B, C, D, E, F, G],
} as const;

const VALID_SETS = [
  'kind=reset_scheduled',
  'kind=reset_completed',
  'resetType=banked',
  'resetType=global_and_banked',
  'text=Corrected text.',
  'text=null',
  'confidence=0.5',
  'confidence=null',
  'window=2026-11-20T14:00:00.000Z,2026-11-20T15:00:00.000Z',
  'window=2026-11-21T08:00:00.000Z,2026-11-22T07:59:59.999Z',
  'window=null',
  'precision=date',
  'basis=contextual_inference',
  'scope=plans:plus,pro;windows:weekly',
  'scope=null',
  'effectiveAt=2026-11-20T18:00:00.000Z',
  'effectiveAt=null',
];

function values(recordIds: readonly string[], lastId: number) {
  const record = (pool: readonly string[]) =>
    fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom(...pool) },
      { weight: 3, arbitrary: recordId },
    );
  const recordId = fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...recordIds) },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        '999',
        '1990500000000000099',
        'op_nope',
        'manual:nope',
        `${A} `,
        A.slice(1),
      ),
    },
    { weight: 1, arbitrary: junk },
  );
  const entryId = fc.oneof(
    fc.integer({ min: 1, max: lastId + 3 }).map(String),
    fc.constantFrom('0', '-1', '1.5', '1e3', '99999999999999999999', '999999999999999', ' 3', '03'),
    junk,
  );
  const time = fc.oneof(fc.constantFrom(...PAST, ...FUTURE, ...BAD_TIMES), junk);
  const window = fc.oneof(
    fc
      .tuple(fc.constantFrom(...PAST, ...FUTURE), fc.constantFrom(...PAST, ...FUTURE))
      .map(([a, b]) => `${a},${b}`),
    fc.tuple(time, time).map(([a, b]) => `${a},${b}`),
    time,
  );
  const scope = fc.oneof(
    fc.constantFrom(
      'plans:plus,pro;windows:weekly',
      'plans:all',
      'windows:five_hour',
      '{"plans":["plus"],"windows":["weekly"]}',
      '{"plans":["plus"],"windows":["weekly"],"__proto__":{"x":1}}',
      '{"plans":[],"windows":[]}',
      'plans:;windows:',
      'plans:PLUS',
      'plans:plus;plans:pro',
      '{',
      'null',
      '[]',
    ),
    junk,
  );
  const field = fc.constantFrom(
    'kind',
    'resetType',
    'scope',
    'effectiveAt',
    'window',
    'precision',
    'basis',
    'text',
    'confidence',
  );
  const fieldValue = fc.oneof(
    fc.constantFrom(
      'reset_scheduled',
      'reset_completed',
      'global',
      'banked',
      'global_and_banked',
      'date',
      'datetime',
      'explicit',
      'contextual_inference',
      'null',
      '0',
      '1',
      '0.5',
      '1.5',
      '.5',
      '5.',
      '1e-1',
      'NaN',
      '-0',
    ),
    time,
    window,
    scope,
    junk,
  );
  const set = fc.oneof(
    { weight: 5, arbitrary: fc.tuple(field, fieldValue).map(([f, v]) => `${f}=${v}`) },
    { weight: 1, arbitrary: fc.tuple(junk, fieldValue).map(([f, v]) => `${f}=${v}`) },
    { weight: 1, arbitrary: junk },
  );
  const validSet = fc.constantFrom(...VALID_SETS);
  return { recordId, record, entryId, time, window, scope, set, validSet };
}

/** An option and its value, as separate words or as `--name=value`. */
const option = (name: string, value: fc.Arbitrary<string>) =>
  fc
    .tuple(value, fc.nat(9))
    .map(([v, form]) => (form === 0 ? [`--${name}=${v}`] : [`--${name}`, v]));

/** Mostly one of the well-formed values, sometimes junk. */
const mostly = (good: fc.Arbitrary<string>, bad: fc.Arbitrary<string> = junk) =>
  fc.oneof({ weight: 8, arbitrary: good }, { weight: 1, arbitrary: bad });

function argvs(recordIds: readonly string[], lastId: number): fc.Arbitrary<string[]> {
  const v = values(recordIds, lastId);
  const common = fc.array(
    fc.oneof(
      {
        weight: 3,
        arbitrary: option(
          'by',
          mostly(
            fc.constantFrom('ann', 'bob.smith', 'ops@example'),
            fc.oneof(fc.constantFrom('monitor', 'ann smith', '', 'x'.repeat(65)), junk),
          ),
        ),
      },
      {
        weight: 3,
        arbitrary: option(
          'reason',
          mostly(
            fc.constantFrom('duplicate', 'wrong post', 'x'.repeat(2000), ''),
            fc.oneof(fc.constant('x'.repeat(2001)), junk),
          ),
        ),
      },
      { weight: 3, arbitrary: fc.constant(['--json']) },
      {
        weight: 1,
        arbitrary: fc.constantFrom(['--help'], ['-h'], ['--json=1'], ['--force'], ['-x'], ['--']),
      },
    ),
    { maxLength: 2 },
  );
  const kind = mostly(fc.constantFrom('reset_scheduled', 'reset_completed'));
  const resetType = mostly(fc.constantFrom('global', 'banked', 'global_and_banked'));
  /** Present or not: `freq` 1 in freq is absent. */
  const some = <T>(arbitrary: fc.Arbitrary<T>, freq = 2) =>
    fc.option(arbitrary, { nil: undefined, freq });
  const words = (...parts: (string | string[] | undefined)[]) =>
    parts.flatMap((part) => (part === undefined ? [] : Array.isArray(part) ? part : [part]));
  const sets = fc.array(option('set', mostly(v.validSet, v.set)), { maxLength: 3 });
  const past = fc.constantFrom(...PAST);
  const inOrder = fc
    .tuple(fc.constantFrom(...PAST, ...FUTURE), fc.constantFrom(...PAST, ...FUTURE))
    .map(([a, b]) => (a <= b ? `${a},${b}` : `${b},${a}`));
  /** A note as an operator would write it: a window (with its precision) only on a schedule. */
  const wellFormedNote = fc
    .tuple(
      fc.constantFrom('reset_scheduled', 'reset_completed'),
      fc.constantFrom('global', 'banked', 'global_and_banked'),
      fc.option(fc.tuple(inOrder, fc.constantFrom('date', 'datetime')), { nil: undefined }),
      some(option('basis', fc.constantFrom('explicit', 'contextual_inference'))),
      some(option('scope', fc.constantFrom('plans:plus,pro;windows:weekly', 'plans:all'))),
      some(option('effective-at', fc.constantFrom(...PAST, ...FUTURE))),
      some(option('text', fc.constantFrom('A second reset in that post.', 'x'.repeat(30_000)))),
      some(option('post', fc.constantFrom(...POOLS.posts))),
      some(option('announced-at', past)),
    )
    .map(([k, type, window, basis, ...rest]) =>
      words(
        'note',
        '--kind',
        k,
        '--reset-type',
        type,
        ...(k === 'reset_scheduled' && window !== undefined
          ? ['--window', window[0], '--precision', window[1], ...(basis ?? [])]
          : []),
        ...rest.flat(),
      ),
    );

  const templates: fc.Arbitrary<string[]>[] = [
    fc.tuple(v.recordId, sets).map(([id, set]) => ['accept', id, ...set.flat()]),
    fc
      .tuple(
        v.recordId,
        sets.filter((set) => set.length > 0),
      )
      .map(([id, set]) => ['correct', id, ...set.flat()]),
    wellFormedNote,
    fc
      .tuple(
        some(option('kind', kind), 12),
        some(option('reset-type', resetType), 12),
        fc.option(
          fc.tuple(
            option('window', v.window),
            some(option('precision', mostly(fc.constantFrom('date', 'datetime'))), 8),
            some(option('basis', mostly(fc.constantFrom('explicit', 'contextual_inference')))),
          ),
          { nil: undefined },
        ),
        some(option('scope', v.scope)),
        some(option('effective-at', v.time)),
        some(option('text', mostly(fc.constantFrom('A note.', 'x'.repeat(30_000))))),
        some(option('post', v.recordId)),
        some(option('announced-at', v.time)),
      )
      .map(([k, type, window, ...rest]) =>
        words('note', k, type, ...(window ?? []).flat(), ...rest.flat()),
      ),
    fc
      .tuple(
        fc.array(v.record(POOLS.schedules), { minLength: 1, maxLength: 3 }),
        fc.nat(9),
        some(option('at', mostly(past, v.time))),
        some(option('reset-type', resetType)),
      )
      .map(([ids, given, at, type]) =>
        words('complete', given > 0 ? ['--schedules', ids.join(',')] : undefined, at, type),
      ),
    fc
      .tuple(v.record(POOLS.schedules), v.record(POOLS.completions))
      .map(([s, c]) => ['link', s, c]),
    v.record(POOLS.schedules).map((id) => ['unlink', id]),
    v.recordId.map((id) => ['dismiss', id]),
    v.recordId.map((id) => ['restore', id]),
    v.entryId.map((id) => ['undo', id]),
    fc.constantFrom(
      ['review'],
      ['review', '--json'],
      ['log'],
      ['log', '--json'],
      ['help'],
      ['--help'],
    ),
    option('limit', v.entryId).map((limit) => ['log', ...limit]),
  ];

  const templated = fc
    .tuple(fc.oneof(...templates), common)
    .map(([argv, extra]) => [...argv, ...extra.flat()]);
  // One word of a well-formed command line dropped, replaced or added.
  const mutated = fc
    .tuple(templated, fc.nat(), fc.constantFrom('drop', 'replace', 'insert'), junk)
    .map(([argv, at, how, word]) => {
      const i = at % (argv.length + 1);
      const copy = [...argv];
      if (how === 'drop') copy.splice(i, 1);
      else if (how === 'replace') copy.splice(i, 1, word);
      else copy.splice(i, 0, word);
      return copy;
    });
  const name = fc.oneof(
    fc.constantFrom(
      'accept',
      'correct',
      'note',
      'complete',
      'link',
      'unlink',
      'dismiss',
      'restore',
      'undo',
      'review',
      'log',
      'help',
      'reclassify',
      'Dismiss',
    ),
    junk,
  );
  const random = fc.oneof(
    fc
      .tuple(
        name,
        fc.array(
          fc.oneof(
            junk,
            v.recordId,
            v.entryId,
            fc.constantFrom('--set', '--by', '--json', '--at', '--kind'),
          ),
          { maxLength: 5 },
        ),
      )
      .map(([command, rest]) => [command, ...rest]),
    fc.constant<string[]>([]),
  );
  return fc.oneof(
    { weight: 16, arbitrary: templated },
    { weight: 4, arbitrary: mutated },
    { weight: 2, arbitrary: random },
  );
}

interface Ran {
  readonly argv: readonly string[];
  readonly status: number;
  readonly stdout: readonly string[];
  readonly stderr: readonly string[];
  readonly before: readonly Entry[];
  readonly after: readonly Entry[];
}

/** Runs the commands in turn on a fresh copy of the fixture, failing if runOps throws. */
async function runAll(
  base: Awaited<ReturnType<typeof fixture>>,
  commands: readonly (readonly [string[], number])[],
): Promise<Ran[]> {
  const ledger = new OpsMemoryLedger(base.entries);
  let token = 0;
  const newId = () => `fz${++token}`;
  const runs: Ran[] = [];
  for (const [argv, withOperator] of commands) {
    const before = await ledger.entries();
    const stdout: string[] = [];
    const stderr: string[] = [];
    let status: number;
    try {
      status = await runOps(argv, {
        ledger,
        now: () => NOW,
        operator: withOperator > 0 ? 'ann' : undefined, // mostly OPERATOR=ann
        settings: SETTINGS,
        stdout: (text) => stdout.push(text),
        stderr: (text) => stderr.push(text),
        newId,
      });
    } catch (error) {
      assert.fail(`ops ${JSON.stringify(argv)} threw ${(error as Error).stack}`);
    }
    runs.push({ argv, status, stdout, stderr, before, after: await ledger.entries() });
  }
  return runs;
}

const commandLines = (base: Awaited<ReturnType<typeof fixture>>) =>
  fc.array(fc.tuple(argvs(base.recordIds, base.lastId), fc.nat(9)), {
    minLength: 1,
    maxLength: 2,
  });

describe('fuzz: the ops command line (producer.md §4)', () => {
  test('runOps never throws on input; 0 appends at most one entry, 1 and 2 none and say why once', async (t) => {
    const base = await fixture();
    const tally = { cases: 0, commands: 0, done: 0, appended: 0, refused: 0, usage: 0, breaks: 0 };
    const byType = new Map<string, number>();
    await fc.assert(
      fc.asyncProperty(commandLines(base), async (commands) => {
        tally.cases += 1;
        for (const ran of await runAll(base, commands)) {
          tally.commands += 1;
          const { argv, status, stdout, stderr, before, after } = ran;
          const said = `ops ${JSON.stringify(argv).slice(0, 300)} → ${status}: ${stderr.join(' | ').slice(0, 300)}`;
          assert.ok([0, 1, 2].includes(status), said);
          assert.deepEqual(after.slice(0, before.length), before, 'nothing stored is changed');
          if (stderr.some((text) => /[\r\n]/.test(text))) tally.breaks += 1;
          if (status === 0) {
            tally.done += 1;
            // With --json, a time typed otherwise than in UTC is echoed on stderr, and nothing else.
            assert.ok(
              stderr.every((line) =>
                /^\S+(?: start| end)? ".*" is \d{4}-\d{2}-\d{2}T[\d:.]+Z /.test(line),
              ),
              said,
            );
            assert.ok(after.length - before.length <= 1, said);
            if (after.length > before.length) {
              tally.appended += 1;
              const entry = after.at(-1)!;
              byType.set(entry.type, (byType.get(entry.type) ?? 0) + 1);
              assert.ok(OPERATOR.has(entry.type), said);
              assert.notEqual(entry.actor, 'monitor');
              if (argv.includes('--json')) {
                assert.equal(stdout.length, 1, said);
                const printed = JSON.parse(stdout[0]!);
                assert.equal(printed.entryId, entry.id);
                assert.equal(printed.action, entry.type);
                assert.ok(Array.isArray(printed.recordIds) && printed.recordIds.length > 0, said);
              }
            }
            const built = build(after, NOW, SETTINGS);
            assert.deepEqual(built.omitted, [], said);
            assert.ok(validateSnapshot(JSON.parse(JSON.stringify(built.snapshot))).ok, said);
          } else {
            assert.equal(after.length, before.length, `${said}: nothing appended`);
            assert.deepEqual(stdout, [], said);
            if (status === 1) {
              tally.refused += 1;
              assert.equal(stderr.length, 1, said);
              assert.match(stderr[0]!, /^Refused: ./, said);
            } else {
              tally.usage += 1;
              assert.equal(stderr.length, 2, said);
              assert.match(stderr[0]!, /^Usage error: ./, said);
              assert.equal(stderr[1], HINT);
            }
          }
        }
      }),
      { numRuns: RUNS },
    );
    t.diagnostic(
      `${tally.cases} cases, ${tally.commands} commands: ${tally.done} exit 0 ` +
        `(${tally.appended} appended: ${[...byType].map(([type, n]) => `${type} ${n}`).join(', ')}), ` +
        `${tally.refused} refused, ${tally.usage} usage errors; ` +
        `${tally.breaks} messages broken over several lines by the input they quote`,
    );
  });

  test('a refusal or usage error is one line, whatever the input', async () => {
    const examples = [
      ['log', '--limit', '-1'], // parseArgs: "argument is ambiguous", 3 lines
      ['dismiss', A, '--by', '-x'],
      ['note', '--kind', 'reset\nscheduled', '--reset-type', 'global'],
      ['dismiss', `${A}\n`],
      ['bo\ngus'],
    ];
    const broken = [];
    for (const argv of examples) {
      const { stderr } = await ops(new OpsMemoryLedger(dayEntries()), argv);
      if (/[\r\n]/.test(stderr[0]!)) broken.push({ argv, stderr: stderr[0] });
    }
    assert.deepEqual(broken, []);
  });

  test('a refusal or usage error is one line, whatever the input (generated)', async () => {
    const base = await fixture();
    await fc.assert(
      fc.asyncProperty(commandLines(base), async (commands) => {
        for (const { argv, stderr } of await runAll(base, commands)) {
          for (const text of stderr) {
            assert.doesNotMatch(text, /[\r\n]/, `ops ${JSON.stringify(argv).slice(0, 200)}`);
          }
        }
      }),
      { numRuns: 2_000 },
    );
  });
});
