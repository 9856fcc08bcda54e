import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { sampleSnapshot as buildDemoSnapshot } from '../../src/producer/demo/sample-ledger.ts';
import { ResetRecord } from '../../src/shared/domain/record.ts';
import type { Response } from '../support/http.ts';
import { completion, DAY, HOUR, iso, schedule, snapshotOf } from '../support/records.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

/**
 * The OpenAPI 3.1.0 document (service.md § Versioning, decisions.md §1): valid for a real
 * OpenAPI validator, generated from the same schemas as the code, and describing what the
 * running server actually answers.
 */

type Doc = {
  openapi: string;
  info: { version: string };
  paths: Record<
    string,
    { get: { parameters: { $ref: string }[]; responses: Record<string, unknown> } }
  >;
  components: {
    schemas: Record<string, unknown>;
    parameters: Record<string, { name: string; schema: Record<string, unknown> }>;
    responses: Record<string, { headers?: Record<string, unknown> }>;
  };
};

const NOW = Date.parse('2026-11-20T12:00:00.000Z');
const SNAPSHOT = snapshotOf(
  [
    schedule('101', 'pending', [NOW + HOUR, NOW + HOUR], { announcedAt: iso(NOW - HOUR) }),
    schedule('102', 'fulfilled', [NOW - DAY, NOW - DAY], { announcedAt: iso(NOW - 2 * DAY) }),
    completion('103', { announcedAt: iso(NOW - DAY), effectiveAt: iso(NOW - DAY) }),
    completion('manual:1', { completedAt: iso(NOW - 3 * DAY), relatedRecordIds: ['102'] }),
  ],
  NOW,
);

describe('the OpenAPI document', () => {
  let service: TestServer;
  let doc: Doc;
  let validateAgainst: (schemaName: string, body: unknown) => string[];

  before(async () => {
    service = await startTestServer({
      snapshot: SNAPSHOT,
      clock: () => NOW,
      env: { RATE_LIMIT_MAX: '12' },
    });
    const response = await service.get('/openapi/v1/openapi.json');
    assert.equal(response.status, 200);
    doc = response.json() as Doc;
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    validateAgainst = (schemaName, body) => {
      const validate = ajv.compile({
        $ref: `#/components/schemas/${schemaName}`,
        components: doc.components,
      });
      return validate(body)
        ? []
        : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
    };
  });
  after(() => service.close());

  test('is served as JSON, CORS-readable, and not counted against the quota', async () => {
    const before = await service.get('/openapi/v1/records/latest');
    const spec = await service.get('/openapi/v1/openapi.json');
    const after = await service.get('/openapi/v1/records/latest');
    assert.equal(spec.headers['content-type'], 'application/json; charset=utf-8');
    assert.equal(spec.headers['access-control-allow-origin'], '*');
    assert.equal(spec.headers['x-ratelimit-remaining'], undefined);
    assert.equal(
      Number(after.headers['x-ratelimit-remaining']),
      Number(before.headers['x-ratelimit-remaining']) - 1,
    );
  });

  test('is a valid OpenAPI 3.1.0 document with info.version 1.0.0', async () => {
    assert.equal(doc.openapi, '3.1.0');
    assert.equal(doc.info.version, '1.0.0');
    const result = await new Validator().validate(structuredClone(doc) as never);
    assert.equal(result.valid, true, JSON.stringify(result.errors, null, 2));
  });

  test('describes both data endpoints with every parameter and its bounds', () => {
    assert.deepEqual(Object.keys(doc.paths).sort(), ['/records', '/records/latest']);
    const names = (path: string) =>
      doc.paths[path]!.get.parameters.map(
        (p) => doc.components.parameters[p.$ref.split('/').at(-1)!]!.name,
      );
    assert.deepEqual(names('/records/latest'), ['kind']);
    assert.deepEqual(names('/records'), ['kind', 'page', 'pageSize']);
    const { kind, page, pageSize } = doc.components.parameters;
    assert.deepEqual(kind!.schema.enum, ['all', 'reset_scheduled', 'reset_completed']);
    assert.deepEqual(
      [page!.schema.type, page!.schema.minimum, page!.schema.maximum],
      ['integer', 1, 2 ** 53 - 1],
    );
    assert.deepEqual(
      [pageSize!.schema.type, pageSize!.schema.minimum, pageSize!.schema.maximum],
      ['integer', 1, 10],
    );
  });

  test('lists every response status of both endpoints, with the rate-limit headers', () => {
    for (const path of ['/records', '/records/latest']) {
      assert.deepEqual(Object.keys(doc.paths[path]!.get.responses).sort(), [
        '200',
        '304',
        '422',
        '429',
        '500',
        '503',
      ]);
    }
    const rateLimited = doc.components.responses.RateLimited!;
    assert.deepEqual(Object.keys(rateLimited.headers ?? {}).sort(), [
      'Retry-After',
      'X-RateLimit-Limit',
      'X-RateLimit-Remaining',
      'X-RateLimit-Reset',
      'X-RateLimit-Window',
    ]);
  });

  test('its record schema accepts and refuses exactly what the code validator does (one source of truth)', () => {
    const good = buildDemoSnapshot(NOW).records;
    const bad: unknown[] = [
      ...good.map(({ text: _text, ...rest }) => rest), // a field missing
      ...good.map((record) => ({ ...record, extra: 1 })), // a field too many
      ...good.map((record) => ({ ...record, kind: 'reset_maybe' })), // not an enum value
      ...good.map((record) => ({ ...record, confidence: '0.5' })), // a string for a number
      ...good.map((record) => ({ ...record, relatedRecordIds: null })), // null for an array
    ];
    for (const record of good) {
      assert.equal(ResetRecord.safeParse(record).success, true);
      assert.deepEqual(validateAgainst('ResetRecord', record), [], record.id);
    }
    for (const record of bad) {
      assert.equal(ResetRecord.safeParse(record).success, false);
      assert.notDeepEqual(
        validateAgainst('ResetRecord', record),
        [],
        JSON.stringify(record).slice(0, 120),
      );
    }
  });

  const check = (response: Response, schemaName: string) => {
    const problems = validateAgainst(schemaName, response.json());
    assert.deepEqual(problems, [], `${schemaName}: ${response.text.slice(0, 300)}`);
  };

  test('real 200 answers of the running server validate against the documented schemas', async () => {
    for (const kind of ['all', 'reset_scheduled', 'reset_completed']) {
      check(await service.get(`/openapi/v1/records?kind=${kind}&pageSize=2`), 'ListEnvelope');
      check(await service.get(`/openapi/v1/records/latest?kind=${kind}`), 'LatestEnvelope');
    }
    check(await service.get('/openapi/v1/records?page=99'), 'ListEnvelope');
  });

  test('real error answers (422, 429, 503) validate against the error schema', async () => {
    const invalid = await service.get('/openapi/v1/records?pageSize=11');
    assert.equal(invalid.status, 422);
    check(invalid, 'ErrorBody');
    let limited: Response | undefined;
    for (let i = 0; i < 15 && limited === undefined; i++) {
      const response = await service.get('/openapi/v1/records/latest');
      if (response.status === 429) limited = response;
    }
    assert.ok(limited, 'the quota of 12 was reached');
    check(limited, 'ErrorBody');

    const empty = await startTestServer({ snapshot: null });
    try {
      const unavailable = await empty.get('/openapi/v1/records');
      assert.equal(unavailable.status, 503);
      check(unavailable, 'ErrorBody');
    } finally {
      await empty.close();
    }
  });

  test('rejects what the server never sends (the schemas are not vacuous)', () => {
    assert.notDeepEqual(validateAgainst('ListEnvelope', { ok: true }), []);
    assert.notDeepEqual(
      validateAgainst('ErrorBody', { ok: false, error: 'teapot', detail: 'x' }),
      [],
    );
    assert.notDeepEqual(validateAgainst('ResetRecord', { id: '1' }), []);
  });
});
