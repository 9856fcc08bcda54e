import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Response } from '../support/http.ts';
import { completion, DAY, iso, schedule, snapshotOf } from '../support/records.ts';
import { startTestServer, type TestServer, waitFor } from '../support/server.ts';

/** Liveness, readiness and metrics (decisions.md §1); none of them counts against the quota. */

const LIST = '/openapi/v1/records';
const LATEST = '/openapi/v1/records/latest';
const NOW = Date.now();
const GENERATED_AT = NOW - 90_000;

const RECORDS = [
  schedule('100', 'pending', [NOW + DAY, NOW + DAY], { effectiveAt: iso(NOW + DAY) }),
  schedule('101', 'fulfilled', [NOW - DAY, NOW - DAY], { effectiveAt: iso(NOW - DAY) }),
  completion('200', { announcedAt: iso(NOW - DAY), effectiveAt: iso(NOW - DAY) }),
  completion('manual:101', { effectiveAt: iso(NOW - DAY), relatedRecordIds: ['101'] }),
];

interface Sample {
  readonly name: string;
  readonly labels: Readonly<Record<string, string>>;
  readonly value: number;
}

/** Parses the samples of a Prometheus text exposition (comments skipped). */
function parseMetrics(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)(?:\s+\d+)?$/.exec(line);
    assert.ok(match, `not a Prometheus sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const pair of (match[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) {
      labels[pair[1]!] = pair[2]!;
    }
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

function sampleValue(
  samples: readonly Sample[],
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  const found = samples.filter(
    (sample) =>
      sample.name === name &&
      Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  );
  if (found.length === 0) return undefined;
  return found.reduce((sum, sample) => sum + sample.value, 0);
}

const remaining = (response: Response) => {
  const value = response.headers['x-ratelimit-remaining'];
  assert.equal(typeof value, 'string', 'x-ratelimit-remaining present');
  return Number(value);
};

describe('operations endpoints with a snapshot loaded', () => {
  let server: TestServer;
  const scrape = async () => {
    const response = await server.metrics();
    assert.equal(response.status, 200);
    return parseMetrics(response.text);
  };

  before(async () => {
    server = await startTestServer({
      snapshot: snapshotOf(RECORDS, GENERATED_AT),
      env: { RATE_LIMIT_MAX: '50' },
      clock: () => NOW,
    });
  });
  after(() => server.close());

  test('answers /healthz with 200 and exactly {ok:true} as JSON', async () => {
    const response = await server.get('/healthz');
    assert.equal(response.status, 200);
    assert.match(String(response.headers['content-type']), /^application\/json/);
    assert.deepEqual(response.json(), { ok: true });
  });

  test('answers /readyz with 200 and ok true when the snapshot is loaded', async () => {
    const response = await server.get('/readyz');
    assert.equal(response.status, 200);
    assert.match(String(response.headers['content-type']), /^application\/json/);
    assert.equal((response.json() as { ok: unknown }).ok, true);
  });

  test('serves /metrics in the Prometheus text format on the metrics listener, on loopback', async () => {
    assert.match(String(server.server.metricsOrigin), /^http:\/\/127\.0\.0\.1:\d+$/);
    assert.notEqual(server.server.metricsOrigin, server.origin);
    const response = await server.metrics();
    assert.equal(response.status, 200);
    assert.match(String(response.headers['content-type']), /^text\/plain; version=0\.0\.4/);
    assert.match(response.text, /^# HELP http_requests_total /m);
    assert.match(response.text, /^# TYPE http_requests_total counter$/m);
  });

  test('counts requests in http_requests_total by route and status', async () => {
    const before = await scrape();
    const okBefore =
      sampleValue(before, 'http_requests_total', { route: LIST, status: '200' }) ?? 0;
    const invalidBefore =
      sampleValue(before, 'http_requests_total', { route: LIST, status: '422' }) ?? 0;
    const latestBefore =
      sampleValue(before, 'http_requests_total', { route: LATEST, status: '200' }) ?? 0;

    assert.equal((await server.get(LIST)).status, 200);
    assert.equal((await server.get(`${LIST}?kind=reset_completed`)).status, 200);
    assert.equal((await server.get(`${LIST}?page=0`)).status, 422);
    assert.equal((await server.get(LATEST)).status, 200);

    const afterwards = await scrape();
    assert.equal(
      sampleValue(afterwards, 'http_requests_total', { route: LIST, status: '200' }),
      okBefore + 2,
    );
    assert.equal(
      sampleValue(afterwards, 'http_requests_total', { route: LIST, status: '422' }),
      invalidBefore + 1,
    );
    assert.equal(
      sampleValue(afterwards, 'http_requests_total', { route: LATEST, status: '200' }),
      latestBefore + 1,
    );
  });

  test('reports snapshot_records as the number of records in the served snapshot', async () => {
    assert.equal(sampleValue(await scrape(), 'snapshot_records'), RECORDS.length);
  });

  test('reports snapshot_age_seconds as the time since the snapshot was generated', async () => {
    assert.equal(sampleValue(await scrape(), 'snapshot_age_seconds'), 90);
  });

  test('reports quota_rejections_total 0 while nobody was refused', async () => {
    assert.equal(sampleValue(await scrape(), 'quota_rejections_total'), 0);
  });

  test('does not serve /metrics on the public listener: it tells an attacker how an attack goes', async () => {
    const response = await server.get('/metrics');
    assert.equal(response.status, 404);
    assert.deepEqual(response.json(), {
      ok: false,
      error: 'not_found',
      detail: 'No resource at /metrics.',
    });
  });

  test('does not count /healthz or /readyz against the quota', async () => {
    const before = remaining(await server.get(LATEST));
    for (const path of ['/healthz', '/readyz', '/healthz', '/readyz']) {
      const response = await server.get(path);
      assert.equal(response.status, 200, path);
      assert.equal(response.headers['x-ratelimit-remaining'], undefined, path);
    }
    const afterwards = remaining(await server.get(LATEST));
    assert.equal(afterwards, before - 1);
  });

  test('reports snapshot_records of a newly published snapshot', async () => {
    await server.publish(snapshotOf(RECORDS.slice(0, 2), GENERATED_AT));
    await waitFor(async () => sampleValue(await scrape(), 'snapshot_records') === 2, 3000);
  });
});

describe('operations endpoints when the quota is exhausted (RATE_LIMIT_MAX=2)', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({
      snapshot: snapshotOf(RECORDS, GENERATED_AT),
      env: { RATE_LIMIT_MAX: '2' },
    });
  });
  after(() => server.close());

  test('counts a 429 in quota_rejections_total and keeps health, readiness and metrics answering', async () => {
    assert.equal((await server.get(LIST)).status, 200);
    assert.equal((await server.get(LATEST)).status, 200);
    assert.equal((await server.get(LIST)).status, 429);

    assert.equal((await server.get('/healthz')).status, 200);
    assert.equal((await server.get('/readyz')).status, 200);
    const metrics = await server.metrics();
    assert.equal(metrics.status, 200);
    const samples = parseMetrics(metrics.text);
    assert.equal(sampleValue(samples, 'quota_rejections_total'), 1);
    assert.equal(sampleValue(samples, 'http_requests_total', { route: LIST, status: '429' }), 1);

    assert.equal((await server.get(LATEST)).status, 429);
    const again = parseMetrics((await server.metrics()).text);
    assert.equal(sampleValue(again, 'quota_rejections_total'), 2);
  });
});

describe('operations endpoints without a snapshot file', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ snapshot: null });
  });
  after(() => server.close());

  test('answers /healthz with 200 {ok:true} even without data', async () => {
    const response = await server.get('/healthz');
    assert.equal(response.status, 200);
    assert.deepEqual(response.json(), { ok: true });
  });

  test('answers /readyz with 503 while no snapshot exists', async () => {
    const response = await server.get('/readyz');
    assert.equal(response.status, 503);
    assert.match(String(response.headers['content-type']), /^application\/json/);
    assert.equal((response.json() as { ok: unknown }).ok, false);
    assert.equal(response.headers['x-ratelimit-remaining'], undefined);
  });

  test('reports snapshot_records 0 while no snapshot exists', async () => {
    const samples = parseMetrics((await server.metrics()).text);
    assert.equal(sampleValue(samples, 'snapshot_records'), 0);
  });

  test('becomes ready without restart once a snapshot file is published', async () => {
    await server.publish(snapshotOf(RECORDS, GENERATED_AT));
    await waitFor(async () => (await server.get('/readyz')).status === 200, 3000);
    const samples = parseMetrics((await server.metrics()).text);
    assert.equal(sampleValue(samples, 'snapshot_records'), RECORDS.length);
  });
});
