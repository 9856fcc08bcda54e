import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import {
  DEFAULT_QUERY,
  LATEST_PARAMS,
  LIST_PARAMS,
  type ListQuery,
  parseQuery,
} from '../../src/service/query/params.ts';
import { ApiError } from '../../src/shared/domain/errors.ts';

/** decisions.md §3: strict query-string parsing, every refusal is 422 `invalid_query`. */

const MAX_PAGE = 2 ** 53 - 1;

/** Asserts that parsing `raw` throws ApiError invalid_query whose detail contains `names` (e.g. `"page"`, quoted as in the detail). */
function assertRejected(
  raw: string,
  allowed: readonly ('kind' | 'page' | 'pageSize')[],
  names: string,
): void {
  assert.throws(
    () => parseQuery(raw, allowed),
    (error: unknown) => {
      assert.ok(error instanceof ApiError, `expected ApiError for ${JSON.stringify(raw)}`);
      assert.equal(error.code, 'invalid_query');
      assert.equal(error.status, 422);
      assert.ok(
        error.message.includes(names),
        `detail ${JSON.stringify(error.message)} should name ${JSON.stringify(names)} (query ${JSON.stringify(raw)})`,
      );
      return true;
    },
    `expected ${JSON.stringify(raw)} to be rejected`,
  );
}

describe('parseQuery accepts valid queries (decisions.md §3)', () => {
  test('an empty query gives the defaults kind=all, page=1, pageSize=10', () => {
    assert.deepEqual(parseQuery('', LIST_PARAMS), { kind: 'all', page: 1, pageSize: 10 });
    assert.deepEqual(parseQuery('', LATEST_PARAMS), { kind: 'all', page: 1, pageSize: 10 });
    assert.deepEqual({ ...DEFAULT_QUERY }, { kind: 'all', page: 1, pageSize: 10 });
  });

  const accepted: [string, ListQuery][] = [
    ['kind=all', { kind: 'all', page: 1, pageSize: 10 }],
    ['kind=reset_scheduled', { kind: 'reset_scheduled', page: 1, pageSize: 10 }],
    ['kind=reset_completed', { kind: 'reset_completed', page: 1, pageSize: 10 }],
    ['page=1', { kind: 'all', page: 1, pageSize: 10 }],
    ['page=42', { kind: 'all', page: 42, pageSize: 10 }],
    ['pageSize=1', { kind: 'all', page: 1, pageSize: 1 }],
    ['pageSize=10', { kind: 'all', page: 1, pageSize: 10 }],
    ['page=9007199254740991', { kind: 'all', page: MAX_PAGE, pageSize: 10 }],
    ['kind=reset_completed&page=3&pageSize=7', { kind: 'reset_completed', page: 3, pageSize: 7 }],
    ['pageSize=2&kind=all&page=5', { kind: 'all', page: 5, pageSize: 2 }],
    ['kind=reset%5Fscheduled', { kind: 'reset_scheduled', page: 1, pageSize: 10 }],
    [
      'kind=%72%65%73%65%74%5f%63%6f%6d%70%6c%65%74%65%64',
      { kind: 'reset_completed', page: 1, pageSize: 10 },
    ],
    ['%6Bind=all', { kind: 'all', page: 1, pageSize: 10 }],
    ['page%53ize=3', { kind: 'all', page: 1, pageSize: 3 }],
    ['page=%31%30', { kind: 'all', page: 10, pageSize: 10 }],
  ];
  for (const [raw, expected] of accepted) {
    test(`"${raw}" parses to ${JSON.stringify(expected)}`, () => {
      assert.deepEqual(parseQuery(raw, LIST_PARAMS), expected);
    });
  }

  test('the latest endpoint accepts kind alone', () => {
    assert.deepEqual(parseQuery('kind=reset_completed', LATEST_PARAMS), {
      kind: 'reset_completed',
      page: 1,
      pageSize: 10,
    });
  });
});

describe('parseQuery rejects every invalid form with invalid_query naming the parameter', () => {
  // [query, the name the detail must mention, why]
  const rejected: [string, string, string][] = [
    ['foo=1', 'foo', 'an unknown name'],
    ['Kind=all', 'Kind', 'names are case-sensitive'],
    ['PAGE=1', 'PAGE', 'names are case-sensitive'],
    ['page_size=3', 'page_size', 'the name is pageSize'],
    ['kind=all&kind=all', 'kind', 'a duplicate with the same value'],
    ['kind=all&kind=reset_scheduled', 'kind', 'a duplicate with another value'],
    ['page=1&pageSize=2&page=1', 'page', 'a duplicate later in the query'],
    ['kind=all&%6Bind=all', 'kind', 'a percent-encoded name is the same name'],
    ['page', 'page', 'a name without a value'],
    ['page=', 'page', 'a name with an empty value'],
    ['kind=', 'kind', 'kind with an empty value'],
    ['pageSize', 'pageSize', 'pageSize without a value'],
    ['kind=ALL', 'kind', 'kind values are case-sensitive'],
    ['kind=All', 'kind', 'kind values are case-sensitive'],
    ['kind=reset', 'kind', 'not one of the three values'],
    ['kind=all%20', 'kind', 'trailing space in the value'],
    ['page=01', 'page', 'a leading zero'],
    ['page=+1', 'page', 'a sign'],
    ['page=%2B1', 'page', 'an encoded sign'],
    ['page=-1', 'page', 'a negative number'],
    ['page=0', 'page', 'below the minimum'],
    ['page=1.0', 'page', 'a decimal point'],
    ['page=1e1', 'page', 'an exponent'],
    ['page=%201', 'page', 'a leading space'],
    ['page=1%20', 'page', 'a trailing space'],
    ['page=0x1', 'page', 'hexadecimal'],
    ['page=%EF%BC%91', 'page', 'a full-width digit'],
    ['page=9007199254740992', 'page', 'page 2^53 is beyond 2^53-1'],
    ['page=9007199254740993', 'page', 'page 2^53+1'],
    ['page=99999999999999999999', 'page', 'a far too large page'],
    ['pageSize=0', 'pageSize', 'pageSize below 1'],
    ['pageSize=11', 'pageSize', 'pageSize above 10'],
    ['pageSize=010', 'pageSize', 'pageSize with a leading zero'],
    ['pageSize=1.5', 'pageSize', 'a fractional pageSize'],
    ['page=%zz', 'page', 'invalid percent-encoding in the value of page'],
    ['kind=%E0%A4%A', 'kind', 'truncated percent-encoding in the value of kind'],
  ];
  for (const [raw, name, why] of rejected) {
    test(`"${raw}" is rejected (${why}) and the detail names "${name}"`, () => {
      assertRejected(raw, LIST_PARAMS, `"${name}"`);
    });
  }

  test('an empty segment between two parameters is rejected ("kind=all&&page=1")', () => {
    assertRejected('kind=all&&page=1', LIST_PARAMS, 'empty');
  });

  test('an empty segment after unknown names is rejected ("a&&b")', () => {
    assertRejected('a&&b', LIST_PARAMS, '"a"');
  });

  test('a trailing "&" is rejected', () => {
    assertRejected('kind=all&', LIST_PARAMS, 'empty');
  });

  test('a leading "&" is rejected', () => {
    assertRejected('&kind=all', LIST_PARAMS, 'empty');
  });

  test('a lone "&" is rejected', () => {
    assertRejected('&', LIST_PARAMS, 'empty');
  });

  test('invalid percent-encoding in a name is rejected', () => {
    assert.throws(
      () => parseQuery('%zz=1', LIST_PARAMS),
      (error: unknown) => error instanceof ApiError && error.code === 'invalid_query',
    );
  });

  test('page and pageSize are unknown parameters on the latest endpoint', () => {
    assertRejected('page=1', LATEST_PARAMS, '"page"');
    assertRejected('pageSize=1', LATEST_PARAMS, '"pageSize"');
    assertRejected('kind=all&page=2', LATEST_PARAMS, '"page"');
  });

  test('an over-long unknown name is still named (shortened) in the detail', () => {
    const name = `x${'a'.repeat(500)}`;
    assertRejected(`${name}=1`, LIST_PARAMS, 'xaaaaaaaaa');
  });
});

/** The canonical decimal form of an integer in [1, 2^53-1]. */
const isCanonicalPage = (s: string) => /^[1-9]\d*$/.test(s) && BigInt(s) <= BigInt(MAX_PAGE);

/** Strings that may go through encodeURIComponent: no lone surrogates. */
const wellFormed = (s: string) =>
  !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(s);

describe('parseQuery properties', () => {
  test('for every integer n in [1, 2^53-1], page=n parses to n', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.integer({ min: 1, max: 1000 }),
          fc.integer({ min: 1, max: MAX_PAGE }),
          fc.integer({ min: MAX_PAGE - 1000, max: MAX_PAGE }),
        ),
        (n) => {
          assert.deepEqual(parseQuery(`page=${n}`, LIST_PARAMS), {
            kind: 'all',
            page: n,
            pageSize: 10,
          });
        },
      ),
      { numRuns: 500 },
    );
  });

  test('every string that is not the canonical decimal form of an in-range integer is rejected as page', () => {
    const numberish = fc
      .array(fc.constantFrom(...'0123456789+-.eE x_,'.split('')), { maxLength: 20 })
      .map((chars) => chars.join(''));
    const nearBounds = fc.oneof(
      fc.bigInt({ min: 0n, max: 2n ** 64n }).map((n) => String(n)),
      fc.bigInt({ min: BigInt(MAX_PAGE) + 1n, max: 2n ** 80n }).map((n) => String(n)),
      fc.bigInt({ min: 1n, max: BigInt(MAX_PAGE) }).map((n) => `0${n}`),
      fc.bigInt({ min: 1n, max: BigInt(MAX_PAGE) }).map((n) => `${n}.0`),
      fc.bigInt({ min: -1000n, max: 0n }).map((n) => String(n)),
    );
    fc.assert(
      fc.property(
        fc
          .oneof(
            fc.string(),
            fc.string({ unit: 'grapheme' }),
            fc.string({ unit: 'binary' }).filter(wellFormed),
            numberish,
            nearBounds,
          )
          .filter((s) => !isCanonicalPage(s)),
        (s) => {
          assertRejected(`page=${encodeURIComponent(s)}`, LIST_PARAMS, '"page"');
        },
      ),
      { numRuns: 1000 },
    );
  });

  test('every permutation of a valid set of distinct parameters parses to the same result', () => {
    const kind = fc.constantFrom('all', 'reset_scheduled', 'reset_completed');
    const page = fc.oneof(fc.integer({ min: 1, max: 50 }), fc.integer({ min: 1, max: MAX_PAGE }));
    const pageSize = fc.integer({ min: 1, max: 10 });
    const present = fc.record({ kind, page, pageSize }, { requiredKeys: [] }) as fc.Arbitrary<
      Partial<ListQuery>
    >;
    const withOrders = present.chain((params) => {
      const pairs = Object.entries(params).map(([name, value]) => `${name}=${value}`);
      return fc.tuple(
        fc.constant(params),
        fc.shuffledSubarray(pairs, { minLength: pairs.length }),
        fc.shuffledSubarray(pairs, { minLength: pairs.length }),
      );
    });
    fc.assert(
      fc.property(withOrders, ([params, first, second]) => {
        const expected = { ...DEFAULT_QUERY, ...params };
        assert.deepEqual(parseQuery(first.join('&'), LIST_PARAMS), expected);
        assert.deepEqual(parseQuery(second.join('&'), LIST_PARAMS), expected);
      }),
      { numRuns: 300 },
    );
  });
});
