import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { ResetRecord } from '../../src/shared/domain/record.ts';
import {
  discordProtocol,
  ntfyProtocol,
  slackProtocol,
  telegramProtocol,
  webhookProtocol,
} from '../delivery/support/protocols.ts';
import { StandIn } from '../delivery/support/stand-in.ts';
import {
  deleteKeys,
  openTestClient,
  SHARED_REDIS_URL,
  sleep,
  uniquePrefix,
} from '../redis/redis-support.ts';
import { completion, HOUR, iso, schedule, snapshotOf } from '../support/records.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

/**
 * The operator's broadcast channels (BROADCAST_*): the real service, configured the way an
 * operator does, announces each event of the snapshots it loads to local receivers speaking
 * each service's protocol (ntfy, Discord, Slack, Telegram, a Standard Webhooks receiver that
 * verifies the signature), once, and once across two instances sharing a store.
 */

const SECRET = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;
const BOT = '123456789:AAbbccddeeffgghhiijjkkllmmnnooppqq';

const NOW = Date.now();
const OLD = completion('1900000000000000001', {
  completedAt: iso(NOW - 3 * HOUR),
  scope: { plans: ['all'], windows: ['five_hour'] },
  text: 'Reset done for everyone.',
});
const NEW = completion('1900000000000000002', {
  completedAt: iso(NOW - 60_000),
  scope: { plans: ['all'], windows: ['five_hour', 'weekly'] },
  text: 'We just reset rate limits for all plans.',
});
const SCHEDULED: ResetRecord = schedule(
  '1900000000000000003',
  'pending',
  [NOW + 5 * HOUR, NOW + 5 * HOUR],
  {
    announcedAt: iso(NOW - 30_000),
    scope: { plans: ['pro'], windows: ['weekly'] },
  },
);

describe('broadcast channels', () => {
  const verified: { event: string; data: { record: ResetRecord; event: { id: string } } }[] = [];
  let receivers: Record<'webhook' | 'ntfy' | 'slack' | 'discord' | 'telegram', StandIn>;
  let dir: string;
  const servers: TestServer[] = [];

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'broadcast-'));
    receivers = {
      webhook: await StandIn.start(webhookProtocol(SECRET, verified as unknown[])),
      ntfy: await StandIn.start(ntfyProtocol('resets', null)),
      slack: await StandIn.start(slackProtocol),
      discord: await StandIn.start(discordProtocol('42', 'tok')),
      telegram: await StandIn.start(telegramProtocol(BOT)),
    };
  });
  after(async () => {
    for (const server of servers) await server.close();
    for (const receiver of Object.values(receivers)) await receiver.close();
    await rm(dir, { recursive: true, force: true });
  });

  const env = (store: string) => ({
    PUSH_STORE_URL: store,
    PUBLIC_BASE_URL: 'https://resets.example.com',
    BROADCAST_WEBHOOK_URL: `${receivers.webhook.origin}/hooks/resets`,
    BROADCAST_WEBHOOK_SECRET: SECRET,
    BROADCAST_NTFY_URL: `${receivers.ntfy.origin}/resets`,
    BROADCAST_SLACK_WEBHOOK_URL: `${receivers.slack.origin}/services/T0/B0/x`,
    BROADCAST_DISCORD_WEBHOOK_URL: `${receivers.discord.origin}/api/webhooks/42/tok`,
    BROADCAST_TELEGRAM_BOT_TOKEN: BOT,
    BROADCAST_TELEGRAM_CHAT_ID: '@codexresets',
    BROADCAST_TELEGRAM_API_URL: receivers.telegram.origin,
  });
  const counts = () => Object.values(receivers).map((receiver) => receiver.requests.length);

  test('a new snapshot is announced on every channel once; what was there before is not', async () => {
    const server = await startTestServer({
      snapshot: snapshotOf([OLD], NOW),
      env: env(`sqlite:${join(dir, 'push.db')}`),
    });
    servers.push(server);
    await sleep(300);
    assert.deepEqual(counts(), [0, 0, 0, 0, 0], 'the past is not news');

    await server.publish(snapshotOf([OLD, NEW, SCHEDULED], NOW));
    await Promise.all(Object.values(receivers).map((receiver) => receiver.received(2)));
    await sleep(300);
    assert.deepEqual(counts(), [2, 2, 2, 2, 2]);
    assert.match((await server.metrics()).text, /^broadcast_messages_total\{outcome="sent"\} 10$/m);

    // The webhook: signed, the record in `data`, as the API gives it.
    assert.equal(verified.length, 2);
    const byEvent = new Map(verified.map((body) => [body.event, body]));
    assert.deepEqual(byEvent.get('reset_completed')?.data.record, NEW);
    assert.deepEqual(byEvent.get('reset_scheduled')?.data.record, SCHEDULED);
    assert.equal(byEvent.get('reset_completed')?.data.event.id, `reset_completed:${NEW.id}`);

    // ntfy: the words of the status page, the record's page as the click.
    const ntfy = receivers.ntfy.requests.map((request) => JSON.parse(request.body));
    const reset = ntfy.find((body) => body.title.endsWith('Usage limits were reset'));
    assert.equal(reset.title, 'OpenAI Codex usage-limit resets: Usage limits were reset');
    assert.match(
      reset.message,
      /^Global limits, all plans, five-hour and weekly windows, (just now|1 min ago) \(today \d\d:\d\d UTC\)\./,
    );
    assert.equal(reset.click, `https://resets.example.com/records/${NEW.id}`);
    assert.equal(reset.priority, 4);
    const scheduled = ntfy.find((body) => body.title.endsWith('A reset is scheduled'));
    assert.match(scheduled.message, /^Global limits, Pro, weekly window: /);

    // Telegram and Discord carry the text and the link.
    for (const receiver of [receivers.telegram, receivers.discord]) {
      const text = receiver.requests.map((request) => request.body).join('\n');
      assert.match(text, /Usage limits were reset/);
      assert.match(text, /A reset is scheduled/);
      assert.ok(text.includes(`https://resets.example.com/records/${NEW.id}`));
    }

    // The same snapshot again, and a restart on the same store: nothing more.
    await server.publish(snapshotOf([OLD, NEW, SCHEDULED], NOW + 1000));
    const again = await startTestServer({
      snapshot: snapshotOf([OLD, NEW, SCHEDULED], NOW),
      env: env(`sqlite:${join(dir, 'push.db')}`),
    });
    servers.push(again);
    await sleep(500);
    assert.deepEqual(counts(), [2, 2, 2, 2, 2]);
  });

  test('two instances sharing Redis announce each event once', async () => {
    const prefix = uniquePrefix('broadcast');
    const redis = await openTestClient(SHARED_REDIS_URL);
    try {
      const start = () =>
        startTestServer({
          snapshot: snapshotOf([OLD, NEW, SCHEDULED], NOW),
          env: { ...env(SHARED_REDIS_URL), REDIS_URL: SHARED_REDIS_URL, REDIS_KEY_PREFIX: prefix },
        });
      const [a, b] = await Promise.all([start(), start()]);
      servers.push(a, b);
      await sleep(300);
      const before = counts();
      const moved = schedule(SCHEDULED.id, 'pending', [NOW + 6 * HOUR, NOW + 6 * HOUR], {
        announcedAt: SCHEDULED.announcedAt,
        scope: SCHEDULED.scope,
      });
      const next = snapshotOf([OLD, NEW, moved], NOW + 2000);
      await Promise.all([a.publish(next), b.publish(next)]);
      await Promise.all(
        Object.values(receivers).map((receiver, i) => receiver.received(before[i]! + 1)),
      );
      await sleep(500);
      assert.deepEqual(
        counts(),
        before.map((count) => count + 1),
        'once across both instances',
      );
      const last = JSON.parse(receivers.ntfy.requests.at(-1)!.body);
      assert.equal(last.title, 'OpenAI Codex usage-limit resets: A scheduled reset moved');
    } finally {
      await deleteKeys(redis, prefix);
      await redis.close();
    }
  });
});
