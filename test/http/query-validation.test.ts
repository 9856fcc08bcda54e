import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Response } from '../support/http.ts';
import { completion, DAY, iso, schedule, snapshotOf } from '../support/records.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

/**
 * Every invalid query form of decisions.md §3, sent byte for byte over real HTTP:
 * 422 `invalid_query`, the contract's error body and no other key, a detail that names
 * the parameter, and the rate-limit headers (the quota is checked before validation).
 */

const LIST = '/openapi/v1/records';
const LATEST = '/openapi/v1/records/latest';
const NOW = Date.now();

interface InvalidCase {
  readonly path: string;
  readonly query: string;
  /** The parameter name the detail must mention; null when no parameter can be named. */
  readonly names: string | null;
  readonly why: string;
}

const invalid = (path: string, query: string, names: string | null, why: string) => ({
  path,
  query,
  names,
  why,
});

const CASES: InvalidCase[] = [
  // Unknown and case-different names.
  invalid(LIST, 'foo=1', 'foo', 'an unknown name'),
  invalid(LIST, 'Kind=all', 'Kind', 'a name in another case'),
  invalid(LIST, 'PAGE=1', 'PAGE', 'an upper-case name'),
  invalid(LIST, 'pagesize=5', 'pagesize', 'a lower-case pageSize'),
  invalid(LIST, 'page_size=5', 'page_size', 'the snake_case name page_size'),
  invalid(LIST, 'kind=all&limit=5', 'limit', 'an unknown name after a valid one'),
  invalid(LATEST, 'foo=1', 'foo', 'an unknown name'),
  invalid(LATEST, 'page=1', 'page', 'page, which latest does not take'),
  invalid(LATEST, 'pageSize=1', 'pageSize', 'pageSize, which latest does not take'),
  invalid(LATEST, 'kind=all&page=1', 'page', 'page next to a valid kind'),
  // Duplicates, even with the same value, even when only the percent-encoding differs.
  invalid(LIST, 'kind=all&kind=all', 'kind', 'kind given twice with the same value'),
  invalid(LIST, 'page=1&page=2', 'page', 'page given twice'),
  invalid(LIST, 'pageSize=5&kind=all&pageSize=5', 'pageSize', 'pageSize given twice'),
  invalid(LIST, 'kind=all&%6Bind=all', 'kind', 'kind given twice, once percent-encoded'),
  invalid(LATEST, 'kind=all&kind=reset_scheduled', 'kind', 'kind given twice'),
  // No value, empty value.
  invalid(LIST, 'page', 'page', 'page without a value'),
  invalid(LIST, 'page=', 'page', 'page with an empty value'),
  invalid(LIST, 'pageSize=', 'pageSize', 'pageSize with an empty value'),
  invalid(LIST, 'kind', 'kind', 'kind without a value'),
  invalid(LATEST, 'kind=', 'kind', 'kind with an empty value'),
  // Non-canonical integers.
  invalid(LIST, 'page=01', 'page', 'a leading zero'),
  invalid(LIST, 'page=+1', 'page', 'a plus sign'),
  invalid(LIST, 'page=%2B1', 'page', 'a percent-encoded plus sign'),
  invalid(LIST, 'page=1.0', 'page', 'a decimal point'),
  invalid(LIST, 'page=1e1', 'page', 'an exponent'),
  invalid(LIST, 'page=%201', 'page', 'a leading space'),
  invalid(LIST, 'page=1%20', 'page', 'a trailing space'),
  invalid(LIST, 'page=0x1', 'page', 'a hexadecimal number'),
  invalid(LIST, 'page=one', 'page', 'a word'),
  invalid(LIST, 'pageSize=05', 'pageSize', 'a leading zero'),
  invalid(LIST, 'pageSize=+5', 'pageSize', 'a plus sign'),
  invalid(LIST, 'pageSize=5.0', 'pageSize', 'a decimal point'),
  invalid(LIST, 'pageSize=5e0', 'pageSize', 'an exponent'),
  invalid(LIST, 'pageSize=%205', 'pageSize', 'a leading space'),
  // Out of range.
  invalid(LIST, 'page=0', 'page', 'page 0'),
  invalid(LIST, 'page=-1', 'page', 'a negative page'),
  invalid(LIST, 'page=9007199254740992', 'page', 'page 2^53'),
  invalid(LIST, 'page=99999999999999999999', 'page', 'a page beyond any integer'),
  invalid(LIST, 'pageSize=0', 'pageSize', 'pageSize 0'),
  invalid(LIST, 'pageSize=11', 'pageSize', 'pageSize 11'),
  invalid(LIST, 'pageSize=100', 'pageSize', 'pageSize 100'),
  // Bad kind.
  invalid(LIST, 'kind=ALL', 'kind', 'kind in upper case'),
  invalid(LIST, 'kind=Reset_Scheduled', 'kind', 'kind in mixed case'),
  invalid(LIST, 'kind=completed', 'kind', 'an unknown kind'),
  invalid(LIST, 'kind=reset_scheduled%20', 'kind', 'a kind with a trailing space'),
  invalid(LATEST, 'kind=reset', 'kind', 'an unknown kind'),
  // Invalid percent-encoding.
  invalid(LIST, 'kind=%ZZ', 'kind', 'invalid percent-encoding in the kind value'),
  invalid(LIST, 'page=%E0%A4%A', 'page', 'a truncated percent-encoded sequence in page'),
  invalid(LATEST, 'kind=%', 'kind', 'a lone percent sign in kind'),
  invalid(LIST, '%ZZ=1', null, 'invalid percent-encoding in a name'),
];

const RATE_LIMIT_HEADERS = [
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'x-ratelimit-window',
  'x-ratelimit-reset',
];

function assertInvalidQuery(response: Response, names: string | null): void {
  assert.equal(response.status, 422, response.text);
  assert.equal(response.headers['content-type'], 'application/json; charset=utf-8');
  const body = response.json() as Record<string, unknown>;
  assert.deepEqual(Object.keys(body).sort(), ['detail', 'error', 'ok']);
  assert.equal(body.ok, false);
  assert.equal(body.error, 'invalid_query');
  assert.equal(typeof body.detail, 'string');
  assert.notEqual(body.detail, '');
  if (names !== null) {
    assert.ok(
      (body.detail as string).includes(names),
      `detail ${JSON.stringify(body.detail)} should name ${names}`,
    );
  }
  for (const name of RATE_LIMIT_HEADERS) {
    assert.notEqual(response.headers[name], undefined, `${name} on a 422`);
  }
  assert.equal(response.headers['retry-after'], undefined);
}

describe('query validation on the data endpoints', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({
      snapshot: snapshotOf(
        [
          schedule('100', 'pending', [NOW + DAY, NOW + DAY], { effectiveAt: iso(NOW + DAY) }),
          completion('200', { announcedAt: iso(NOW - DAY), effectiveAt: iso(NOW - DAY) }),
        ],
        NOW,
      ),
      env: { RATE_LIMIT_MAX: '1000' },
    });
  });
  after(() => server.close());

  for (const { path, query, names, why } of CASES) {
    const target = `${path}?${query}`;
    test(`refuses ${why} (${target}) with 422 invalid_query${names === null ? '' : ` naming "${names}"`}`, async () => {
      assertInvalidQuery(await server.get(target), names);
    });
  }

  test('counts each 422 against the quota', async () => {
    const first = await server.get(`${LIST}?page=0`);
    const second = await server.get(`${LATEST}?page=1`);
    assertInvalidQuery(first, 'page');
    assertInvalidQuery(second, 'page');
    assert.equal(first.headers['x-ratelimit-limit'], '1000');
    assert.equal(first.headers['x-ratelimit-window'], '3600');
    assert.equal(
      Number(second.headers['x-ratelimit-remaining']),
      Number(first.headers['x-ratelimit-remaining']) - 1,
    );
  });

  test('answers 422 with the same body whatever the method, HEAD without a body', async () => {
    const head = await server.get(`${LIST}?page=01`, { method: 'HEAD' });
    assert.equal(head.status, 422);
    assert.equal(head.text, '');
    assert.equal(head.headers['content-type'], 'application/json; charset=utf-8');
    assert.notEqual(head.headers['x-ratelimit-remaining'], undefined);
  });

  const same = async (encoded: string, plain: string) => {
    const a = await server.get(encoded);
    const b = await server.get(plain);
    assert.equal(a.status, 200, a.text);
    assert.equal(b.status, 200, b.text);
    assert.equal(a.text, b.text);
  };

  test('accepts a percent-encoded kind value as the decoded value', async () => {
    await same(`${LIST}?kind=reset%5Fscheduled`, `${LIST}?kind=reset_scheduled`);
    await same(`${LATEST}?kind=reset%5fcompleted`, `${LATEST}?kind=reset_completed`);
  });

  test('accepts percent-encoded digits for page and pageSize', async () => {
    await same(`${LIST}?page=%31&pageSize=%31`, `${LIST}?page=1&pageSize=1`);
    await same(`${LIST}?page=%32&pageSize=1`, `${LIST}?page=2&pageSize=1`);
  });

  test('accepts percent-encoded parameter names', async () => {
    await same(`${LIST}?%6Bind=all&page%53ize=1`, `${LIST}?kind=all&pageSize=1`);
  });

  test('accepts the boundary values page=9007199254740991, pageSize=1 and pageSize=10', async () => {
    for (const query of ['page=9007199254740991', 'pageSize=1', 'pageSize=10', 'page=1']) {
      const response = await server.get(`${LIST}?${query}`);
      assert.equal(response.status, 200, `${query}: ${response.text}`);
    }
  });
});
