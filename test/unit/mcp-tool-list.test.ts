import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { Ajv } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { TOOL_LIST, TOOLS } from '../../src/service/mcp/tools/index.ts';
import { DEFAULT_QUERY, LATEST_PARAMS, LIST_PARAMS } from '../../src/service/query/params.ts';
import { PreparedSnapshot } from '../../src/service/query/prepared-snapshot.ts';
import { latestRecord, listRecords } from '../../src/service/query/query-service.ts';
import { KIND_FILTERS } from '../../src/shared/domain/envelope.ts';
import { ApiError, ERROR_CODES } from '../../src/shared/domain/errors.ts';
import { validateSnapshot } from '../../src/shared/snapshot/validate.ts';
import { completion, DAY, HOUR, iso, schedule, snapshotOf } from '../support/records.ts';

/**
 * The `tools/list` result (service.md § MCP, decisions.md §7): two tools, strict input
 * schemas, an object-rooted output schema that accepts both the success envelope and the
 * error body, read-only annotations, and descriptions that tell an agent about the quota
 * and pagination.
 */

type Schema = Record<string, unknown>;
type Properties = Record<string, Schema>;

const LATEST = 'get_latest_reset_record';
const LIST = 'list_reset_records';

const toolNamed = (name: string) => {
  const tool = TOOL_LIST.tools.find((t) => t.name === name);
  assert.ok(tool, `tool ${name} is listed`);
  return tool;
};
const inputOf = (name: string) => toolNamed(name).inputSchema as unknown as Schema;
const outputOf = (name: string) => {
  const schema = toolNamed(name).outputSchema as unknown as Schema | undefined;
  assert.ok(schema, `tool ${name} has an outputSchema`);
  return schema;
};

/** A strict draft 2020-12 validator (the dialect the schemas declare). */
const ajv2020 = new Ajv2020({ strict: true, allErrors: true });
/** The configuration SDK 1.x clients use by default: draft-07 engine, formats, lenient. */
const sdkAjv = new Ajv({
  strict: false,
  validateFormats: true,
  validateSchema: false,
  allErrors: true,
});
addFormats.default(sdkAjv);
const VALIDATORS = [
  ['Ajv2020 (strict)', ajv2020],
  ['Ajv as configured by MCP SDK clients', sdkAjv],
] as const;

// ---------------------------------------------------------------------------------------
// Real answers of the query service, on a snapshot with every kind of record
// ---------------------------------------------------------------------------------------

const NOW = Date.parse('2026-11-20T12:00:00.000Z');

function prepared(records: Parameters<typeof snapshotOf>[0]): PreparedSnapshot {
  const validation = validateSnapshot(snapshotOf(records, NOW - HOUR));
  assert.ok(validation.ok, `test snapshot is valid: ${JSON.stringify(validation)}`);
  return PreparedSnapshot.of(validation.snapshot);
}

const FULL = prepared([
  schedule('1001', 'pending', [NOW + DAY, NOW + DAY + HOUR], { announcedAt: iso(NOW - DAY) }),
  schedule('1002', 'pending', [NOW - HOUR, NOW + HOUR]),
  schedule('1003', 'fulfilled', [NOW - 3 * DAY, NOW - 3 * DAY + HOUR]),
  schedule('1004', 'elapsed', [NOW - 5 * DAY, NOW - 5 * DAY + HOUR]),
  schedule('1005', 'pending', null),
  completion('1006', { effectiveAt: iso(NOW - 2 * DAY), confidence: 0.9, text: 'Reset done.' }),
  completion('manual:2026-11-01', { effectiveAt: iso(NOW - 19 * DAY) }),
]);
const EMPTY = prepared([]);

/** Success envelopes as the server produces them: the object and the serialised JSON. */
function listEnvelopes(): { label: string; body: unknown }[] {
  const out: { label: string; body: unknown }[] = [];
  for (const [name, snapshot] of [
    ['full', FULL],
    ['empty', EMPTY],
  ] as const) {
    for (const kind of KIND_FILTERS) {
      for (const [page, pageSize] of [
        [1, 10],
        [1, 2],
        [2, 2],
        [99, 1],
      ] as const) {
        const answer = listRecords(snapshot, { kind, page, pageSize }, NOW);
        const label = `${name} kind=${kind} page=${page} pageSize=${pageSize}`;
        out.push({ label: `${label} (object)`, body: answer.envelope() });
        out.push({ label: `${label} (json)`, body: JSON.parse(answer.json) });
      }
    }
  }
  return out;
}

function latestEnvelopes(): { label: string; body: unknown }[] {
  const out: { label: string; body: unknown }[] = [];
  for (const [name, snapshot] of [
    ['full', FULL],
    ['empty', EMPTY],
  ] as const) {
    for (const kind of KIND_FILTERS) {
      const answer = latestRecord(snapshot, kind, NOW);
      out.push({ label: `${name} kind=${kind} (object)`, body: answer.envelope() });
      out.push({ label: `${name} kind=${kind} (json)`, body: JSON.parse(answer.json) });
    }
  }
  return out;
}

const ERROR_BODIES: { label: string; body: unknown }[] = [
  { label: 'rate_limited with retryAfter 3', body: new ApiError('rate_limited', 'x', 3).toBody() },
  ...ERROR_CODES.map((code) => ({ label: `${code} default`, body: new ApiError(code).toBody() })),
  { label: 'an error body without ok', body: { error: 'invalid_query', detail: 'x' } },
];

describe('tools/list names exactly two tools', () => {
  test('the tools are get_latest_reset_record and list_reset_records, in that order', () => {
    assert.deepEqual(
      TOOL_LIST.tools.map((tool) => tool.name),
      [LATEST, LIST],
    );
  });

  test('the TOOLS map holds the same two tools', () => {
    assert.deepEqual([...TOOLS.keys()].sort(), [LATEST, LIST]);
  });

  test('each tool has a non-empty title and description', () => {
    for (const tool of TOOL_LIST.tools) {
      assert.equal(typeof tool.title, 'string');
      assert.ok((tool.title ?? '').length > 0);
      assert.ok((tool.description ?? '').length > 0);
    }
  });
});

describe('input schemas are strict (decisions.md §7)', () => {
  const expectedKeys: [string, string[]][] = [
    [LATEST, ['kind']],
    [LIST, ['kind', 'page', 'pageSize']],
  ];
  for (const [name, keys] of expectedKeys) {
    test(`${name}: type object, additionalProperties false, properties exactly ${keys.join(', ')}, no required`, () => {
      const schema = inputOf(name);
      assert.equal(schema.type, 'object');
      assert.equal(schema.additionalProperties, false);
      assert.deepEqual(Object.keys(schema.properties as Properties).sort(), [...keys].sort());
      assert.equal('required' in schema, false, 'every argument is optional');
    });

    test(`${name}: properties match the argument names the parser allows`, () => {
      const allowed = name === LIST ? LIST_PARAMS : LATEST_PARAMS;
      assert.deepEqual(
        Object.keys(inputOf(name).properties as Properties).sort(),
        [...allowed].sort(),
      );
      assert.deepEqual([...TOOLS.get(name)!.argumentNames].sort(), [...allowed].sort());
    });

    test(`${name}: kind is a string enum of all, reset_scheduled, reset_completed defaulting to all`, () => {
      const kind = (inputOf(name).properties as Properties).kind!;
      assert.equal(kind.type, 'string');
      assert.deepEqual(kind.enum, ['all', 'reset_scheduled', 'reset_completed']);
      assert.equal(kind.default, DEFAULT_QUERY.kind);
    });
  }

  test('list_reset_records: page is an integer with minimum 1 (default 1, max 2^53-1)', () => {
    const page = (inputOf(LIST).properties as Properties).page!;
    assert.equal(page.type, 'integer');
    assert.equal(page.minimum, 1);
    assert.equal(page.maximum, Number.MAX_SAFE_INTEGER);
    assert.equal('exclusiveMinimum' in page, false);
    assert.equal(page.default, DEFAULT_QUERY.page);
  });

  test('list_reset_records: pageSize is an integer from 1 to 10 (default 10)', () => {
    const pageSize = (inputOf(LIST).properties as Properties).pageSize!;
    assert.equal(pageSize.type, 'integer');
    assert.equal(pageSize.minimum, 1);
    assert.equal(pageSize.maximum, 10);
    assert.equal(pageSize.default, 10);
    assert.equal(DEFAULT_QUERY.pageSize, 10);
  });

  test('a JSON Schema validator applies the input schemas as the argument rules say', () => {
    const list = ajv2020.compile(inputOf(LIST));
    const latest = ajv2020.compile(inputOf(LATEST));
    for (const ok of [
      {},
      { kind: 'reset_completed' },
      { page: 3, pageSize: 10 },
      { page: 1, pageSize: 1 },
    ]) {
      assert.equal(list(ok), true, JSON.stringify(ok));
    }
    for (const bad of [
      { page: 0 },
      { page: 1.5 },
      { page: '2' },
      { page: true },
      { pageSize: 11 },
      { pageSize: 0 },
      { page_size: 5 },
      { kind: 'ALL' },
      { kind: null },
    ]) {
      assert.equal(list(bad), false, JSON.stringify(bad));
    }
    assert.equal(latest({ kind: 'all' }), true);
    assert.equal(latest({ page: 1 }), false);
    assert.equal(latest({ pageSize: 1 }), false);
  });
});

describe('output schemas accept both the success envelope and the error body', () => {
  for (const name of [LATEST, LIST]) {
    test(`${name}: the output schema has an object root`, () => {
      assert.equal(outputOf(name).type, 'object');
    });
  }

  for (const [validatorName, ajv] of VALIDATORS) {
    test(`${validatorName}: list_reset_records output schema accepts real list envelopes`, () => {
      const validate = ajv.compile(outputOf(LIST));
      const envelopes = listEnvelopes();
      assert.ok(
        envelopes.some(
          ({ body }) => (body as { data: { items: unknown[] } }).data.items.length === 2,
        ),
      );
      for (const { label, body } of envelopes) {
        assert.equal(validate(body), true, `${label}: ${JSON.stringify(validate.errors)}`);
      }
    });

    test(`${validatorName}: get_latest_reset_record output schema accepts real latest envelopes, data null included`, () => {
      const validate = ajv.compile(outputOf(LATEST));
      const envelopes = latestEnvelopes();
      assert.ok(envelopes.some(({ body }) => (body as { data: unknown }).data === null));
      assert.ok(envelopes.some(({ body }) => (body as { data: unknown }).data !== null));
      for (const { label, body } of envelopes) {
        assert.equal(validate(body), true, `${label}: ${JSON.stringify(validate.errors)}`);
      }
    });

    for (const name of [LATEST, LIST]) {
      test(`${validatorName}: ${name} output schema accepts every error body`, () => {
        const validate = ajv.compile(outputOf(name));
        for (const { label, body } of ERROR_BODIES) {
          assert.equal(validate(body), true, `${label}: ${JSON.stringify(validate.errors)}`);
        }
      });

      test(`${validatorName}: ${name} output schema rejects incomplete or foreign bodies`, () => {
        const validate = ajv.compile(outputOf(name));
        const meta = { generatedAt: iso(NOW), lastSuccessfulCheckAt: null };
        const rejected: [string, unknown][] = [
          ['{ok: true} alone', { ok: true }],
          ['an empty object', {}],
          ['ok true without meta', { ok: true, data: null }],
          ['ok false with a success shape', { ok: false, data: null, meta }],
          ['an unknown error code', { ok: false, error: 'nope', detail: 'x' }],
          ['an error body without detail', { ok: false, error: 'rate_limited' }],
          [
            'an error body with an extra field',
            { ok: false, error: 'internal_error', detail: 'x', stack: 'y' },
          ],
          ['retryAfter 0', { ok: false, error: 'rate_limited', detail: 'x', retryAfter: 0 }],
          ['retryAfter 1.5', { ok: false, error: 'rate_limited', detail: 'x', retryAfter: 1.5 }],
          ['a success envelope with an extra field', { ok: true, data: null, meta, extra: 1 }],
          ['a bare array', []],
        ];
        for (const [label, body] of rejected) {
          assert.equal(validate(body), false, `${name} should reject ${label}`);
        }
      });
    }

    test(`${validatorName}: each tool's output schema rejects the other tool's success envelope`, () => {
      const list = ajv.compile(outputOf(LIST));
      const latest = ajv.compile(outputOf(LATEST));
      const aList = listRecords(FULL, { kind: 'all', page: 1, pageSize: 10 }, NOW).envelope();
      const aLatest = latestRecord(FULL, 'all', NOW).envelope();
      assert.notEqual(aLatest.data, null);
      assert.equal(latest(aList), false, 'latest schema rejects a list page');
      assert.equal(list(aLatest), false, 'list schema rejects a single record');
    });
  }
});

describe('annotations and descriptions', () => {
  for (const name of [LATEST, LIST]) {
    test(`${name}: annotations are exactly read-only, non-destructive, idempotent, closed-world`, () => {
      assert.deepEqual(toolNamed(name).annotations, {
        readOnlyHint: true,
        destructiveHint: false,
        idempotentHint: true,
        openWorldHint: false,
      });
    });

    test(`${name}: the description mentions the quota of 20 calls and rate_limited`, () => {
      const description = toolNamed(name).description ?? '';
      assert.match(description, /quota/i);
      assert.match(description, /\b20\b/);
      assert.match(description, /rate_limited/);
      assert.match(description, /retryAfter/);
    });
  }

  test('list_reset_records: the description explains pagination with hasNext', () => {
    const description = toolNamed(LIST).description ?? '';
    assert.match(description, /paginat/i);
    // One instruction ties the two together: while hasNext is true, ask for page + 1.
    assert.match(description, /hasNext[^.]*page \+ 1/);
    assert.match(description, /deduplicate by id/i);
  });
});
