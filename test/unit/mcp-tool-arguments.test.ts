import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { parseToolArguments } from '../../src/service/mcp/tool-arguments.ts';
import {
  LATEST_PARAMS,
  LIST_PARAMS,
  type ListQuery,
  type ParamName,
} from '../../src/service/query/params.ts';
import { ApiError } from '../../src/shared/domain/errors.ts';

/**
 * service.md § MCP argument rules and decisions.md §7: no coercion. Wrong types, extra
 * keys (such as `page_size`), out-of-range values, `true`, `"2"`, `1.5` and, where the raw
 * JSON showed it, integral float literals are refused with `invalid_query` naming the argument.
 */

const MAX_PAGE = 2 ** 53 - 1;
const DEFAULTS: ListQuery = { kind: 'all', page: 1, pageSize: 10 };

/** Asserts an invalid_query ApiError (status 422) whose detail contains `mention`. */
function assertRefused(
  args: unknown,
  allowed: readonly ParamName[],
  mention: string,
  floats?: ReadonlySet<string>,
): void {
  assert.throws(
    () => parseToolArguments(args, allowed, floats),
    (error: unknown) => {
      assert.ok(error instanceof ApiError, `expected ApiError for ${JSON.stringify(args)}`);
      assert.equal(error.code, 'invalid_query');
      assert.equal(error.status, 422);
      assert.ok(
        error.message.includes(mention),
        `detail ${JSON.stringify(error.message)} should mention ${JSON.stringify(mention)} (arguments ${JSON.stringify(args)})`,
      );
      return true;
    },
    `expected ${JSON.stringify(args)} to be refused`,
  );
}

describe('parseToolArguments defaults', () => {
  for (const [label, args] of [
    ['undefined (absent)', undefined],
    ['{}', {}],
  ] as const) {
    test(`arguments ${label} give kind=all, page=1, pageSize=10 for both tools`, () => {
      assert.deepEqual(parseToolArguments(args, LIST_PARAMS), DEFAULTS);
      assert.deepEqual(parseToolArguments(args, LATEST_PARAMS), DEFAULTS);
    });
  }

  test('the returned query is a fresh object each time (defaults are not shared)', () => {
    const first = parseToolArguments({}, LIST_PARAMS);
    first.page = 99;
    assert.deepEqual(parseToolArguments({}, LIST_PARAMS), DEFAULTS);
  });
});

describe('parseToolArguments accepts valid arguments', () => {
  const accepted: [Record<string, unknown>, ListQuery][] = [
    [{ kind: 'all' }, { kind: 'all', page: 1, pageSize: 10 }],
    [{ kind: 'reset_scheduled' }, { kind: 'reset_scheduled', page: 1, pageSize: 10 }],
    [{ kind: 'reset_completed' }, { kind: 'reset_completed', page: 1, pageSize: 10 }],
    [{ page: 1 }, { kind: 'all', page: 1, pageSize: 10 }],
    [{ page: 7 }, { kind: 'all', page: 7, pageSize: 10 }],
    [{ page: MAX_PAGE }, { kind: 'all', page: MAX_PAGE, pageSize: 10 }],
    [{ pageSize: 1 }, { kind: 'all', page: 1, pageSize: 1 }],
    [{ pageSize: 10 }, { kind: 'all', page: 1, pageSize: 10 }],
    [
      { pageSize: 3, kind: 'reset_completed', page: 2 },
      { kind: 'reset_completed', page: 2, pageSize: 3 },
    ],
  ];
  for (const [args, expected] of accepted) {
    test(`list_reset_records: ${JSON.stringify(args)} parses to ${JSON.stringify(expected)}`, () => {
      assert.deepEqual(parseToolArguments(args, LIST_PARAMS), expected);
    });
  }

  test('get_latest_reset_record accepts kind alone', () => {
    assert.deepEqual(parseToolArguments({ kind: 'reset_scheduled' }, LATEST_PARAMS), {
      kind: 'reset_scheduled',
      page: 1,
      pageSize: 10,
    });
  });

  test('an integer value whose name is not among the float literals is accepted', () => {
    assert.deepEqual(
      parseToolArguments({ page: 2, pageSize: 5 }, LIST_PARAMS, new Set(['page_size'])),
      {
        kind: 'all',
        page: 2,
        pageSize: 5,
      },
    );
  });
});

describe('parseToolArguments refusals name the argument (invalid_query)', () => {
  const wrongValues: [string, unknown][] = [
    ['the string "2"', '2'],
    ['the string "1"', '1'],
    ['true', true],
    ['false', false],
    ['null', null],
    ['1.5', 1.5],
    ['0.999', 0.999],
    ['an array [2]', [2]],
    ['an object {"value":2}', { value: 2 }],
    ['0', 0],
    ['-1', -1],
    ['-0', -0],
    ['Infinity', Number.POSITIVE_INFINITY],
  ];
  for (const name of ['page', 'pageSize'] as const) {
    for (const [label, value] of wrongValues) {
      test(`list_reset_records refuses ${name} = ${label}`, () => {
        assertRefused({ [name]: value }, LIST_PARAMS, `"${name}"`);
      });
    }
  }

  test('pageSize 11 (above the maximum of 10) is refused', () => {
    assertRefused({ pageSize: 11 }, LIST_PARAMS, '"pageSize"');
  });

  test('pageSize 100 is refused, not clamped', () => {
    assertRefused({ pageSize: 100 }, LIST_PARAMS, '"pageSize"');
  });

  test('page 2^53 (beyond the safe-integer range) is refused', () => {
    assertRefused({ page: 2 ** 53 }, LIST_PARAMS, '"page"');
    assertRefused({ page: 1e300 }, LIST_PARAMS, '"page"');
  });

  test('the pageSize refusal states the allowed range 1 to 10', () => {
    assertRefused({ pageSize: 0 }, LIST_PARAMS, '1 to 10');
  });

  for (const kind of [
    'ALL',
    'All',
    'Reset_Completed',
    'completed',
    'reset-scheduled',
    '',
    ' all',
    'all ',
  ]) {
    test(`kind ${JSON.stringify(kind)} (case or spelling) is refused`, () => {
      assertRefused({ kind }, LIST_PARAMS, '"kind"');
      assertRefused({ kind }, LATEST_PARAMS, '"kind"');
    });
  }

  for (const [label, kind] of [
    ['null', null],
    ['1', 1],
    ['true', true],
    ['an array', ['all']],
    ['an object', { kind: 'all' }],
  ] as const) {
    test(`kind given as ${label} is refused`, () => {
      assertRefused({ kind }, LIST_PARAMS, '"kind"');
      assertRefused({ kind }, LATEST_PARAMS, '"kind"');
    });
  }

  for (const extra of [
    'page_size',
    'pagesize',
    'PageSize',
    'limit',
    'offset',
    'Kind',
    'cursor',
    '',
    '__proto__',
    'constructor',
    'toString',
  ]) {
    test(`extra key ${JSON.stringify(extra)} is refused and named`, () => {
      // JSON.parse makes "__proto__" an own property, exactly as a tool call would.
      const args = JSON.parse(`{${JSON.stringify(extra)}: 2}`) as unknown;
      assertRefused(args, LIST_PARAMS, JSON.stringify(extra));
      assertRefused(args, LATEST_PARAMS, JSON.stringify(extra));
    });
  }

  test('an extra key is refused even beside valid arguments', () => {
    assertRefused({ kind: 'all', page: 1, pageSize: 5, page_size: 5 }, LIST_PARAMS, '"page_size"');
  });

  for (const name of ['page', 'pageSize'] as const) {
    test(`get_latest_reset_record refuses ${name}, even with a valid value`, () => {
      assertRefused({ [name]: 1 }, LATEST_PARAMS, `"${name}"`);
      assertRefused({ kind: 'all', [name]: 10 }, LATEST_PARAMS, `"${name}"`);
    });
  }

  test('a very long unknown key is refused with a bounded detail', () => {
    const name = 'x'.repeat(10_000);
    assert.throws(
      () => parseToolArguments({ [name]: 1 }, LIST_PARAMS),
      (error: unknown) => {
        assert.ok(error instanceof ApiError);
        assert.equal(error.code, 'invalid_query');
        assert.ok(error.message.length < 300, `detail is ${error.message.length} characters`);
        assert.ok(error.message.includes('xxxxxxxx'));
        return true;
      },
    );
  });

  for (const [label, args] of [
    ['an array', [1, 2]],
    ['an empty array', []],
    ['a string', '{"page":1}'],
    ['a number', 1],
    ['true', true],
    // Only absent arguments mean "all defaults"; an explicit null is not an object.
    ['null', null],
  ] as const) {
    test(`arguments given as ${label} are refused as not a JSON object`, () => {
      assertRefused(args, LIST_PARAMS, 'arguments');
      assertRefused(args, LIST_PARAMS, 'object');
      assertRefused(args, LATEST_PARAMS, 'object');
    });
  }
});

describe('parseToolArguments refuses float literals seen in the raw JSON', () => {
  for (const name of ['page', 'pageSize'] as const) {
    for (const value of [1, 2, 10]) {
      test(`${name} = ${value} written as a float literal is refused`, () => {
        assertRefused({ [name]: value }, LIST_PARAMS, `"${name}"`, new Set([name]));
      });
    }
  }

  test('a float literal on one argument refuses even when the other is fine', () => {
    assertRefused({ page: 2, pageSize: 5 }, LIST_PARAMS, '"pageSize"', new Set(['pageSize']));
    assertRefused({ page: 2, pageSize: 5 }, LIST_PARAMS, '"page"', new Set(['page']));
  });

  test('a float-literal name that is absent from the arguments refuses nothing', () => {
    assert.deepEqual(
      parseToolArguments({ kind: 'reset_completed' }, LIST_PARAMS, new Set(['page', 'pageSize'])),
      {
        kind: 'reset_completed',
        page: 1,
        pageSize: 10,
      },
    );
  });
});

// ---------------------------------------------------------------------------------------
// Properties
// ---------------------------------------------------------------------------------------

const validValue: Record<ParamName, fc.Arbitrary<unknown>> = {
  kind: fc.constantFrom('all', 'reset_scheduled', 'reset_completed'),
  page: fc.oneof(
    fc.integer({ min: 1, max: 1000 }),
    fc.constantFrom(1, MAX_PAGE),
    fc.integer({ min: 1, max: MAX_PAGE }),
  ),
  pageSize: fc.integer({ min: 1, max: 10 }),
};

/** A shuffled subset of `allowed` with a valid value for each. */
const validArgs = (allowed: readonly ParamName[]) =>
  fc
    .tuple(
      fc.shuffledSubarray([...allowed]),
      fc.record({ kind: validValue.kind, page: validValue.page, pageSize: validValue.pageSize }),
    )
    .map(([names, values]) => names.map((name): [string, unknown] => [name, values[name]]));

const TOOLS = [
  ['list_reset_records', LIST_PARAMS],
  ['get_latest_reset_record', LATEST_PARAMS],
] as const;

describe('parseToolArguments properties', () => {
  for (const [tool, allowed] of TOOLS) {
    test(`${tool}: any object of allowed keys with valid values parses to exactly those values, defaults elsewhere`, () => {
      fc.assert(
        fc.property(validArgs(allowed), (entries) => {
          const args = Object.fromEntries(entries);
          const expected = { ...DEFAULTS, ...args };
          assert.deepEqual(parseToolArguments(args, allowed), expected);
          // The same through JSON, as a tool call would deliver it.
          assert.deepEqual(parseToolArguments(JSON.parse(JSON.stringify(args)), allowed), expected);
        }),
        { numRuns: 300 },
      );
    });

    test(`${tool}: adding any key outside the allowed set is refused with invalid_query naming it`, () => {
      const extraKey = fc
        .oneof(
          fc.string({ maxLength: 40 }),
          fc.constantFrom(
            'page_size',
            'pagesize',
            'PAGE',
            'Kind',
            '__proto__',
            'constructor',
            'page ',
            ' kind',
          ),
          fc.constantFrom(...LIST_PARAMS),
        )
        .filter((key) => !(allowed as readonly string[]).includes(key));
      fc.assert(
        fc.property(
          validArgs(allowed),
          extraKey,
          fc.jsonValue({ maxDepth: 1 }),
          fc.nat(),
          (entries, key, value, at) => {
            const withExtra = [...entries];
            withExtra.splice(at % (withExtra.length + 1), 0, [key, value]);
            const args = Object.fromEntries(withExtra);
            assertRefused(args, allowed, JSON.stringify(key));
          },
        ),
        { numRuns: 300 },
      );
    });
  }

  test('list_reset_records: any integer outside the range of page or pageSize is refused naming it', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.record({
            name: fc.constant('page' as const),
            value: fc.oneof(fc.integer({ max: 0 }), fc.constant(2 ** 53), fc.constant(2 ** 60)),
          }),
          fc.record({
            name: fc.constant('pageSize' as const),
            value: fc.oneof(fc.integer({ max: 0 }), fc.integer({ min: 11 })),
          }),
        ),
        ({ name, value }) => assertRefused({ [name]: value }, LIST_PARAMS, `"${name}"`),
      ),
    );
  });

  test('list_reset_records: any non-integer number for page or pageSize is refused naming it', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('page' as const, 'pageSize' as const),
        fc.double({ min: -20, max: 20, noNaN: true }).filter((n) => !Number.isInteger(n)),
        (name, value) => assertRefused({ [name]: value }, LIST_PARAMS, `"${name}"`),
      ),
    );
  });
});
