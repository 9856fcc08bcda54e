import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Channel } from '../../src/shared/delivery/channels/channel.ts';
import { createChannel } from '../../src/shared/delivery/channels/create-channel.ts';
import type { MessageInput } from '../../src/shared/delivery/message.ts';
import { createSender, type DeliveryRecord } from '../../src/shared/delivery/sender.ts';
import {
  discordProtocol,
  ntfyProtocol,
  slackProtocol,
  telegramProtocol,
  webhookProtocol,
} from './support/protocols.ts';
import { json, StandIn } from './support/stand-in.ts';

/**
 * Each channel against a local stand-in of its service that checks the request as the
 * service does: the exact request each one receives for one message full of characters
 * their markups read, and how each reads its service's refusals.
 */

const POST_ID = '2106131810921136451';
const MESSAGE: MessageInput = {
  event: 'post_held',
  title: 'Held: a reset <b>&</b> *maybe*',
  text: 'Reset all propagated. Enjoy. @everyone <!channel> 1. _x_',
  url: `https://x.com/thsottiaux/status/${POST_ID}`,
  fields: [{ name: 'proposed', value: 'reset_completed global' }],
  commands: [`reset-records ops accept ${POST_ID}`, `reset-records ops dismiss ${POST_ID}`],
  priority: 'high',
  tags: ['warning'],
  data: { postId: POST_ID, reasons: ['a reset of what?'] },
};
const COMMANDS = `reset-records ops accept ${POST_ID}\nreset-records ops dismiss ${POST_ID}`;

const TELEGRAM_TOKEN = '123456789:AAHfiqksKZ8WmR2zSjiQ7_v4TMAKdiHm9T0';
const DISCORD_TOKEN = 'x7Q0vKk9kWb4Hq0_zNHbD2pTq4Qk8ZPjWm1Yd5vR3sLcE6uF';
const NTFY_TOKEN = 'tk_AgQdq7mVBoFD37zQVN29RhuMzNIz2';
const SECRET = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;

/** Sends MESSAGE through `channel` and waits until the sender has nothing left to do. */
async function deliver(channel: Channel, message: MessageInput = MESSAGE) {
  const records: DeliveryRecord[] = [];
  const sender = createSender({
    channels: [channel],
    record: (record) => void records.push(record),
    limits: { backOff: { baseMs: 20, maxMs: 50 }, maxAttempts: 3, attemptTimeoutMs: 10_000 },
  });
  const sent = sender.send(message);
  assert.equal(sent.accepted, true);
  assert.equal(await sender.idle(10_000), true);
  await sender.close();
  return { records, stats: sender.stats(), messageId: sent.accepted ? sent.messageId : '' };
}

const outcomes = (records: DeliveryRecord[]) => records.map((r) => [r.outcome, r.attempts]);

describe('the generic webhook', () => {
  const verified: unknown[] = [];
  let standIn: StandIn;
  before(async () => {
    standIn = await StandIn.start(webhookProtocol(SECRET, verified));
  });
  after(() => standIn.close());

  test('POSTs the message as JSON with a Standard Webhooks signature the reference library verifies', async () => {
    const url = `${standIn.origin}/hooks/reset?key=abc`;
    const { records, messageId } = await deliver(
      createChannel({ kind: 'webhook', url, secret: SECRET }),
    );
    const expected = {
      id: messageId,
      event: 'post_held',
      title: MESSAGE.title,
      text: MESSAGE.text,
      url: MESSAGE.url,
      fields: MESSAGE.fields,
      commands: MESSAGE.commands,
      priority: 'high',
      data: MESSAGE.data,
    };
    assert.deepEqual(verified, [expected]);
    const [request] = standIn.requests;
    assert.equal(request!.path, '/hooks/reset');
    assert.deepEqual(request!.query, { key: 'abc' });
    assert.equal(request!.headers['content-type'], 'application/json');
    assert.equal(request!.headers['webhook-id'], messageId);
    assert.match(messageId, /^msg_[0-9a-f]{32}$/);
    const timestamp = Number(request!.headers['webhook-timestamp']);
    assert.ok(Math.abs(timestamp - Date.now() / 1000) < 60);
    assert.match(String(request!.headers['webhook-signature']), /^v1,[A-Za-z0-9+/]{43}=$/);
    assert.equal(request!.body, JSON.stringify(expected));
    assert.deepEqual(outcomes(records), [
      ['queued', 0],
      ['sent', 1],
    ]);
  });

  test('a receiver with another secret refuses the signature (401), and the delivery fails at once', async () => {
    const other = await StandIn.start(
      webhookProtocol(`whsec_${Buffer.alloc(32, 9).toString('base64')}`),
    );
    try {
      const { records } = await deliver(
        createChannel({ kind: 'webhook', url: other.origin, secret: SECRET }),
      );
      assert.equal(other.requests.length, 1);
      assert.deepEqual(outcomes(records), [
        ['queued', 0],
        ['failed', 1],
      ]);
      assert.match(records[1]!.problem!, /^webhook http:\/\/127\.0\.0\.1:\d+: answered 401: /);
    } finally {
      await other.close();
    }
  });

  test('without a secret the body is sent unsigned, with its webhook-id', async () => {
    const plain = await StandIn.start(webhookProtocol(null));
    try {
      const { messageId } = await deliver(
        createChannel({ kind: 'webhook', url: plain.origin, secret: null }),
      );
      assert.equal(plain.requests[0]!.headers['webhook-id'], messageId);
      assert.equal(plain.requests[0]!.headers['webhook-signature'], undefined);
    } finally {
      await plain.close();
    }
  });
});

describe('ntfy', () => {
  test('publishes the message as JSON at the root URL, with the topic, title, priority, tags, click and token', async () => {
    const standIn = await StandIn.start(ntfyProtocol('reset_alerts', NTFY_TOKEN));
    try {
      const channel = createChannel({
        kind: 'ntfy',
        topicUrl: `${standIn.origin}/reset_alerts`,
        token: NTFY_TOKEN,
      });
      const { records } = await deliver(channel);
      const [request] = standIn.requests;
      assert.equal(request!.path, '/');
      assert.equal(request!.headers.authorization, `Bearer ${NTFY_TOKEN}`);
      assert.deepEqual(JSON.parse(request!.body), {
        topic: 'reset_alerts',
        title: 'Held: a reset <b>&</b> *maybe*',
        message: `Reset all propagated. Enjoy. @everyone <!channel> 1. _x_\nproposed: reset_completed global\n${COMMANDS}`,
        priority: 4,
        tags: ['warning'],
        click: MESSAGE.url,
      });
      assert.deepEqual(outcomes(records), [
        ['queued', 0],
        ['sent', 1],
      ]);
      assert.equal(channel.label, `ntfy ${standIn.origin}`);
    } finally {
      await standIn.close();
    }
  });

  test('a topic that needs a token refuses a wrong one (401): failed, and the token is in no record', async () => {
    const standIn = await StandIn.start(ntfyProtocol('reset_alerts', NTFY_TOKEN));
    try {
      const channel = createChannel({
        kind: 'ntfy',
        topicUrl: `${standIn.origin}/reset_alerts`,
        token: 'tk_wrongwrongwrong',
      });
      const { records } = await deliver(channel);
      assert.deepEqual(outcomes(records), [
        ['queued', 0],
        ['failed', 1],
      ]);
      assert.match(records[1]!.problem!, /answered 401: \{"code":40101/);
      assert.ok(!JSON.stringify(records).includes('tk_wrongwrongwrong'));
    } finally {
      await standIn.close();
    }
  });
});

describe('Slack', () => {
  test('posts text and blocks within Block Kit limits: outside text as plain_text, the link and commands as escaped mrkdwn', async () => {
    const standIn = await StandIn.start(slackProtocol);
    try {
      const webhookUrl = `${standIn.origin}/services/T000/B000/XXXXXXXXXXXXXXXX`;
      const channel = createChannel({ kind: 'slack', webhookUrl });
      const { records } = await deliver(channel);
      const plain = (text: string) => ({ type: 'plain_text', text, emoji: false });
      assert.deepEqual(JSON.parse(standIn.requests[0]!.body), {
        text: 'Held: a reset &lt;b&gt;&amp;&lt;/b&gt; *maybe*\nReset all propagated. Enjoy. @everyone &lt;!channel&gt; 1. _x_',
        blocks: [
          { type: 'header', text: plain('Held: a reset <b>&</b> *maybe*') },
          {
            type: 'section',
            text: plain('Reset all propagated. Enjoy. @everyone <!channel> 1. _x_'),
          },
          { type: 'section', fields: [plain('proposed: reset_completed global')] },
          { type: 'section', text: { type: 'mrkdwn', text: `<${MESSAGE.url}>` } },
          { type: 'section', text: { type: 'mrkdwn', text: `\`\`\`${COMMANDS}\`\`\`` } },
        ],
      });
      assert.deepEqual(outcomes(records), [
        ['queued', 0],
        ['sent', 1],
      ]);
      assert.equal(channel.label, `slack ${standIn.origin}`);
    } finally {
      await standIn.close();
    }
  });

  test('an archived channel (410 channel_is_archived) fails at once, the error named, the URL not', async () => {
    const standIn = await StandIn.start(slackProtocol);
    try {
      standIn.script({ status: 410, body: 'channel_is_archived' });
      const webhookUrl = `${standIn.origin}/services/T000/B000/SECRETSECRETSECRET`;
      const { records } = await deliver(createChannel({ kind: 'slack', webhookUrl }));
      assert.deepEqual(outcomes(records), [
        ['queued', 0],
        ['failed', 1],
      ]);
      assert.equal(
        records[1]!.problem,
        `slack ${standIn.origin}: answered 410: channel_is_archived`,
      );
    } finally {
      await standIn.close();
    }
  });
});

describe('Discord', () => {
  let standIn: StandIn;
  before(async () => {
    standIn = await StandIn.start(discordProtocol('1400000000000000001', DISCORD_TOKEN));
  });
  after(() => standIn.close());
  const webhookUrl = () => `${standIn.origin}/api/webhooks/1400000000000000001/${DISCORD_TOKEN}`;

  test('executes the webhook with escaped markdown content, no mentions, no embeds, and wait=true', async () => {
    const { records } = await deliver(createChannel({ kind: 'discord', webhookUrl: webhookUrl() }));
    const request = standIn.requests.at(-1)!;
    assert.deepEqual(request.query, { wait: 'true' });
    assert.deepEqual(JSON.parse(request.body), {
      content: [
        '**Held\\: a reset \\<b\\>&\\</b\\> \\*maybe\\***',
        'Reset all propagated\\. Enjoy\\. \\@everyone \\<\\!channel\\> 1\\. \\_x\\_',
        '**proposed\\:** reset\\_completed global',
        `<${MESSAGE.url}>`,
        '```',
        COMMANDS,
        '```',
      ].join('\n'),
      allowed_mentions: { parse: [] },
      flags: 4,
    });
    assert.deepEqual(outcomes(records), [
      ['queued', 0],
      ['sent', 1],
    ]);
  });

  test("a 429 is waited out for its body's retry_after before the next request", async () => {
    const before = standIn.requests.length;
    standIn.script(
      json(
        429,
        { message: 'You are being rate limited.', retry_after: 0.4, global: false },
        { 'retry-after': '1' },
      ),
    );
    const { records } = await deliver(createChannel({ kind: 'discord', webhookUrl: webhookUrl() }));
    const [limited, retried] = standIn.requests.slice(before);
    assert.ok(retried!.at - limited!.at >= 390, `waited ${retried!.at - limited!.at} ms`);
    assert.deepEqual(outcomes(records), [
      ['queued', 0],
      ['sent', 2],
    ]);
  });
});

describe('Telegram', () => {
  let standIn: StandIn;
  before(async () => {
    standIn = await StandIn.start(telegramProtocol(TELEGRAM_TOKEN));
  });
  after(() => standIn.close());
  const channel = (botToken = TELEGRAM_TOKEN) =>
    createChannel({
      kind: 'telegram',
      botToken,
      chatId: '-1001234567890',
      apiBaseUrl: standIn.origin,
    });

  test('calls sendMessage with escaped HTML the Bot API parses, and no link preview', async () => {
    const { records } = await deliver(channel());
    const request = standIn.requests.at(-1)!;
    assert.equal(request.path, `/bot${TELEGRAM_TOKEN}/sendMessage`);
    assert.deepEqual(JSON.parse(request.body), {
      chat_id: '-1001234567890',
      text: [
        '<b>Held: a reset &lt;b&gt;&amp;&lt;/b&gt; *maybe*</b>',
        'Reset all propagated. Enjoy. @everyone &lt;!channel&gt; 1. _x_',
        '<b>proposed:</b> reset_completed global',
        MESSAGE.url,
        `<pre>${COMMANDS}</pre>`,
      ].join('\n'),
      parse_mode: 'HTML',
      link_preview_options: { is_disabled: true },
    });
    assert.deepEqual(outcomes(records), [
      ['queued', 0],
      ['sent', 1],
    ]);
    assert.equal(channel().label, 'telegram chat -1001234567890');
  });

  test('a wrong token (401) fails at once, and the token (in the URL path) shows nowhere', async () => {
    const wrong = '987654321:AAwrongwrongwrongwrongwrongwrong00';
    const { records } = await deliver(channel(wrong));
    assert.deepEqual(outcomes(records), [
      ['queued', 0],
      ['failed', 1],
    ]);
    assert.equal(
      records[1]!.problem,
      'telegram chat -1001234567890: answered 401: {"ok":false,"error_code":401,"description":"Unauthorized"}',
    );
    assert.ok(!JSON.stringify(records).includes(wrong));
  });

  test('a 429 is waited out for its parameters.retry_after', async () => {
    const before = standIn.requests.length;
    standIn.script(
      json(429, {
        ok: false,
        error_code: 429,
        description: 'Too Many Requests: retry after 1',
        parameters: { retry_after: 1 },
      }),
    );
    const { records } = await deliver(channel());
    const [limited, retried] = standIn.requests.slice(before);
    assert.ok(retried!.at - limited!.at >= 990, `waited ${retried!.at - limited!.at} ms`);
    assert.deepEqual(outcomes(records), [
      ['queued', 0],
      ['sent', 2],
    ]);
  });
});
