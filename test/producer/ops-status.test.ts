import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { D, dayLedger, F, NOW, opsOk } from './support/ops-fixtures.ts';

/** `ops status`: what is published, the last check, the queue, the lease and the last alerts. */

const anonymous = { operator: undefined };

describe('ops status', () => {
  test('on a day of the ledger: counts, the last check, the queue, no monitor, no alert', async () => {
    const ledger = dayLedger();
    const count = (await ledger.entries()).length;
    const ran = await opsOk(ledger, ['status'], anonymous);
    assert.deepEqual(ran.stdout, [
      'Published (built from the ledger at 2026-11-20T12:00:00.000Z): 4 record(s), 1 completion(s), 3 schedule(s); last successful check 2026-11-20T11:59:00.000Z.',
      'Last check: 2026-11-20T11:59:00.000Z, ok; cursor 1990500000000000007.',
      `Review queue: 2 held (${D}, ${F}); see ops review.`,
      'Monitor: no monitor holds the lease (none running, or it stopped).',
      'Alerts: none sent (or no ALERT_* channel set).',
    ]);
    assert.equal((await ledger.entries()).length, count, 'nothing appended');
  });

  test('the lease holder, and each alert once with its last step, newest first', async () => {
    const ledger = dayLedger();
    await ledger.acquireLease('monitor', 'box-1:4242', NOW - 1_000, NOW + 14_000);
    const step = {
      event: 'post_held',
      channel: 'ntfy ntfy.example',
      at: '2026-11-20T11:59:30.000Z',
    };
    await ledger.recordDelivery({
      ...step,
      messageId: 'a',
      outcome: 'queued',
      attempts: 0,
      problem: null,
    });
    await ledger.recordDelivery({
      ...step,
      messageId: 'a',
      outcome: 'sent',
      attempts: 1,
      problem: null,
    });
    await ledger.recordDelivery({
      ...step,
      event: 'checks_failing',
      messageId: 'b',
      outcome: 'failed',
      attempts: 8,
      problem: 'HTTP 500 from ntfy.example',
    });
    const ran = await opsOk(ledger, ['status'], anonymous);
    assert.deepEqual(ran.stdout.slice(3), [
      'Monitor: box-1:4242 runs the rounds (lease until 2026-11-20T12:00:14.000Z).',
      'Alerts, newest first:',
      '  2026-11-20T11:59:30.000Z  checks_failing to ntfy ntfy.example: failed after 8 attempt(s): HTTP 500 from ntfy.example',
      '  2026-11-20T11:59:30.000Z  post_held to ntfy ntfy.example: sent after 1 attempt(s)',
    ]);
    const json = JSON.parse((await opsOk(ledger, ['status', '--json'], anonymous)).stdout[0]!);
    assert.deepEqual(Object.keys(json), [
      'now',
      'published',
      'lastCheck',
      'heldPosts',
      'lease',
      'alerts',
    ]);
    assert.deepEqual(json.lease, { holder: 'box-1:4242', until: '2026-11-20T12:00:14.000Z' });
    assert.equal(json.alerts.length, 2);
  });
});
