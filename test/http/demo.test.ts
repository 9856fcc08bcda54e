import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sampleSnapshot } from '../../src/producer/demo/sample-ledger.ts';
import { loadConfig } from '../../src/service/config.ts';
import exampleSnapshot from '../../src/service/openapi/example-snapshot.json' with { type: 'json' };
import { EXAMPLE_AT } from '../../src/service/openapi/examples.ts';
import { type RunningServer, startServer } from '../../src/service/server.ts';
import { request } from '../support/http.ts';

describe('the bundled demo snapshot (npm start without SNAPSHOT_PATH)', () => {
  let server: RunningServer;
  before(async () => {
    server = await startServer(loadConfig({ PORT: '0', METRICS_PORT: '0', LOG_LEVEL: 'silent' }), {
      demo: sampleSnapshot(Date.now()),
    });
  });
  after(() => server.close());

  test('pins the in-progress date schedule, then the future one, then the open one without a window', async () => {
    const response = await request(server.origin, '/openapi/v1/records?pageSize=3');
    assert.equal(response.status, 200);
    const body = response.json() as { data: { items: { id: string }[]; total: number } };
    assert.deepEqual(
      body.data.items.map((item) => item.id),
      ['1990900000000000077', '1991000000000000101', 'op_next_maintenance'],
    );
    assert.equal(body.data.total, 10, 'all records but the three fulfilled schedules');
  });

  test('shows every schedule state and fulfilment origin, built from the sample ledger', async () => {
    const response = await request(server.origin, '/openapi/v1/records?kind=reset_scheduled');
    const items = (
      response.json() as {
        data: { items: { scheduleState: string; fulfillmentOrigin: string | null }[] };
      }
    ).data.items;
    assert.deepEqual(
      new Set(items.map((item) => item.scheduleState)),
      new Set(['pending', 'elapsed', 'fulfilled', 'unknown']),
    );
    assert.deepEqual(
      new Set(items.map((item) => item.fulfillmentOrigin).filter((origin) => origin !== null)),
      new Set(['auto', 'link', 'manual']),
    );
  });
});

describe('the OpenAPI examples', () => {
  test('come from the sample ledger built at their instant (src/service/openapi/example-snapshot.json is not stale)', () => {
    assert.deepEqual(exampleSnapshot, sampleSnapshot(EXAMPLE_AT));
  });
});
