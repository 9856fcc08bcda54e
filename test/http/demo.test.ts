import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { DateTime } from 'luxon';
import { sampleSnapshot } from '../../src/producer/demo/sample-ledger.ts';
import { computeAnswer } from '../../src/service/answer/answer.ts';
import { statusBodyOf } from '../../src/service/answer/status-body.ts';
import { createClock, verdictOf } from '../../src/service/answer/words.js';
import { loadConfig } from '../../src/service/config.ts';
import exampleSnapshot from '../../src/service/openapi/example-snapshot.json' with { type: 'json' };
import { EXAMPLE_AT } from '../../src/service/openapi/examples.ts';
import { PreparedSnapshot } from '../../src/service/query/prepared-snapshot.ts';
import { type RunningServer, startServer } from '../../src/service/server.ts';
import { request } from '../support/http.ts';

const HOUR = 3_600_000;
const PACIFIC = 'America/Los_Angeles';

describe('the bundled demo snapshot (npm start without SNAPSHOT_PATH)', () => {
  let server: RunningServer;
  before(async () => {
    server = await startServer(loadConfig({ PORT: '0', METRICS_PORT: '0', LOG_LEVEL: 'silent' }), {
      demo: sampleSnapshot(Date.now()),
    });
  });
  after(() => server.close());

  test('pins the whole Pacific day in progress, then the exact time five hours ahead', async () => {
    const response = await request(server.origin, '/openapi/v1/records?pageSize=3');
    assert.equal(response.status, 200);
    const body = response.json() as { data: { items: { id: string }[]; total: number } };
    assert.deepEqual(
      body.data.items.slice(0, 2).map((item) => item.id),
      ['1990900000000000077', '1991000000000000101'],
    );
    assert.equal(body.data.total, 10, 'all records but the four fulfilled schedules');
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

/** Starts at 00:30, 12:00 and 23:30 local time in three zones, across both clock changes. */
function starts(): { zone: string; start: number }[] {
  const found: { zone: string; start: number }[] = [];
  for (const zone of [PACIFIC, 'Asia/Tokyo', 'Pacific/Kiritimati']) {
    for (const day of ['2026-03-08', '2026-07-04', '2026-11-01', '2026-11-21']) {
      for (const time of ['00:30', '12:00', '23:30']) {
        found.push({ zone, start: DateTime.fromISO(`${day}T${time}`, { zone }).toMillis() });
      }
    }
  }
  return found;
}

describe('the demo says what its dates are, and shows the verdicts over its first day', () => {
  test('every weekday a text names is the Pacific weekday of its window, and "tomorrow" is the next Pacific day', () => {
    for (const { start } of starts()) {
      for (const record of sampleSnapshot(start).records) {
        if (record.text === null || record.scheduleWindow === null) continue;
        const window = DateTime.fromISO(record.scheduleWindow.startAt, { zone: PACIFIC });
        const named = /(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)/.exec(
          record.text,
        )?.[1];
        if (named !== undefined) assert.equal(window.toFormat('cccc'), named, record.text);
        if (/tomorrow/.test(record.text)) {
          const announced = DateTime.fromISO(record.announcedAt!, { zone: PACIFIC });
          assert.equal(window.toISODate(), announced.plus({ days: 1 }).toISODate(), record.text);
        }
        const clock = / at (\d{1,2}:\d\d [AP]M) PT/.exec(record.text)?.[1];
        if (clock !== undefined) assert.equal(window.toFormat('h:mm a'), clock, record.text);
        if (record.schedulePrecision === 'date') {
          assert.equal(window.toFormat('HH:mm:ss.SSS'), '00:00:00.000', record.id);
          const end = DateTime.fromISO(record.scheduleWindow.endAt, { zone: PACIFIC });
          assert.equal(end.toFormat('HH:mm:ss.SSS'), '23:59:59.999', record.id);
          assert.equal(end.toISODate(), window.toISODate(), record.id);
        }
      }
    }
  });

  test('green at the start in every zone and hour; then "no reset yet today", with resets scheduled and then none', () => {
    const seen = new Set<string>();
    for (const { zone, start } of starts()) {
      const snapshot = PreparedSnapshot.of(sampleSnapshot(start));
      const clock = createClock(zone, 'en-GB');
      const at = (now: number) => verdictOf(statusBodyOf(computeAnswer(snapshot, now)), now, clock);
      assert.equal(at(start).state, 'yes', `${zone} ${new Date(start).toISOString()}`);
      assert.equal(at(start).headline.startsWith('Yes, limits were reset today at'), true);
      for (let hour = 1; hour <= 24; hour++) seen.add(at(start + hour * HOUR).state);
    }
    assert.deepEqual([...seen].sort(), ['no', 'soon', 'yes']);
  });
});

describe('the OpenAPI examples', () => {
  test('come from the sample ledger built at their instant (src/service/openapi/example-snapshot.json is not stale)', () => {
    assert.deepEqual(exampleSnapshot, sampleSnapshot(EXAMPLE_AT));
  });
});
