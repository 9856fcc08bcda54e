import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { loadConfig } from '../../src/config.ts';
import { type RunningServer, startServer } from '../../src/server.ts';
import { request } from '../support/http.ts';

describe('the bundled demo snapshot (npm start without SNAPSHOT_PATH)', () => {
  let server: RunningServer;
  before(async () => {
    server = await startServer(loadConfig({ PORT: '0', LOG_LEVEL: 'silent' }));
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
    assert.equal(body.data.total, 9, 'all records but the two fulfilled schedules');
  });
});
