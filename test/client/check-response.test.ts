import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import {
  checkLatestEnvelope,
  checkListEnvelope,
  checkStatusAnswer,
  errorBodyOf,
} from '../../packages/client/src/check-response.ts';
import { ResetRecordsError } from '../../packages/client/src/errors.ts';
import { EtagCache } from '../../packages/client/src/etag-cache.ts';
import { ListEnvelope } from '../../src/shared/domain/envelope.ts';
import { completion, iso, schedule } from '../support/records.ts';

/**
 * The client's checks of what the service sends: any JSON value is either accepted as the
 * contract's shape or refused with invalid_response (never a TypeError or a crash), and
 * what they accept the service's own schema accepts; and the ETag cache keeps its bound.
 */

const NOW = Date.parse('2026-11-21T10:00:00.000Z');

const refusesCleanly = (check: (value: unknown) => unknown, value: unknown) => {
  try {
    check(value);
    return true;
  } catch (error) {
    assert.ok(error instanceof ResetRecordsError, String(error));
    assert.equal(error.code, 'invalid_response');
    return false;
  }
};

/** A valid list envelope with one field of one record replaced by an arbitrary value. */
const mutatedList = fc
  .record({
    field: fc.constantFrom(
      'id',
      'kind',
      'resetType',
      'announcedAt',
      'scheduleWindow',
      'scheduleState',
      'scope',
      'source',
      'confidence',
      'relatedRecordIds',
    ),
    value: fc.oneof(fc.jsonValue(), fc.constant(undefined)),
  })
  .map(({ field, value }) => {
    const record: Record<string, unknown> = {
      ...schedule('op_1', 'pending', [NOW, NOW + 3_600_000]),
    };
    if (value === undefined) delete record[field];
    else record[field] = value;
    return {
      ok: true,
      data: {
        items: [record, completion('op_2', { announcedAt: iso(NOW) })],
        page: 1,
        pageSize: 10,
        total: 2,
        totalPages: 1,
        hasNext: false,
      },
      meta: { generatedAt: iso(NOW), lastSuccessfulCheckAt: null },
    };
  });

describe('the checks of responses', () => {
  test('any JSON value: accepted or refused with invalid_response, for every check', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        for (const check of [checkListEnvelope, checkLatestEnvelope, checkStatusAnswer]) {
          refusesCleanly(check, value);
        }
        errorBodyOf(value);
      }),
      { numRuns: 3000 },
    );
  });

  test("a record with one field changed: what the client accepts, the service's schema accepts (field types)", () => {
    fc.assert(
      fc.property(mutatedList, (body) => {
        if (refusesCleanly(checkListEnvelope, body)) {
          const parsed = ListEnvelope.safeParse(body);
          // The client checks types and enums, not the cross-field rules of the producer.
          const typeIssues = parsed.success
            ? []
            : parsed.error.issues.filter((issue) => issue.code !== 'custom');
          assert.deepEqual(typeIssues, []);
        }
      }),
      { numRuns: 3000 },
    );
  });
});

describe('the ETag cache', () => {
  test('keeps at most maxChars of bodies, least recently used out first; a body over the bound is not kept', () => {
    const cache = new EtagCache(100);
    cache.set('a', '"1"', 'x'.repeat(40));
    cache.set('b', '"2"', 'x'.repeat(40));
    cache.get('a'); // a is now the most recently used
    cache.set('c', '"3"', 'x'.repeat(40));
    assert.deepEqual(
      [cache.get('a')?.etag, cache.get('b'), cache.get('c')?.etag],
      ['"1"', undefined, '"3"'],
    );
    assert.equal(cache.chars, 80);
    cache.set('d', '"4"', 'x'.repeat(101));
    assert.equal(cache.get('d'), undefined);
    cache.set('a', '"5"', 'y');
    assert.deepEqual([cache.get('a')?.etag, cache.chars, cache.size], ['"5"', 41, 2]);
  });

  test('property: the bound holds over any sequence of bodies', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom('a', 'b', 'c', 'd', 'e'), fc.nat({ max: 300 })), {
          maxLength: 60,
        }),
        (writes) => {
          const cache = new EtagCache(256);
          for (const [url, size] of writes) {
            cache.set(url, '"e"', 'z'.repeat(size));
            assert.ok(cache.chars <= 256);
          }
        },
      ),
    );
  });
});
