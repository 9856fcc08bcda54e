import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createChannel } from '../../src/shared/delivery/channels/create-channel.ts';
import {
  createSender,
  type DeliveryRecord,
  type SenderLimits,
} from '../../src/shared/delivery/sender.ts';
import { slackProtocol, telegramProtocol, webhookProtocol } from './support/protocols.ts';
import { StandIn } from './support/stand-in.ts';

/**
 * The sender's bounds against failing, slow and hanging receivers: `send` returns at once
 * whatever the receivers do, retries back off and stop, every wait and queue has its limit,
 * one channel's trouble never holds another, and no secret reaches a record or a log line.
 */

/** Short waits; the attempt timeout is generous (the machine is shared) unless a test is about it. */
const FAST: Partial<SenderLimits> = {
  backOff: { baseMs: 40, maxMs: 80 },
  maxAttempts: 4,
  attemptTimeoutMs: 5_000,
  maxDeliveryMs: 20_000,
};
const TOKEN = '123456789:AAHfiqksKZ8WmR2zSjiQ7_v4TMAKdiHm9T0';
const message = (n: number) => ({ event: 'test', title: `message ${n}`, text: `text ${n}` });

interface Logged {
  readonly details: object;
  readonly message: string;
}

function harness(channels: Parameters<typeof createSender>[0]['channels'], limits = FAST) {
  const records: DeliveryRecord[] = [];
  const logged: Logged[] = [];
  const log = (details: object, message: string) => void logged.push({ details, message });
  const sender = createSender({
    channels,
    limits,
    record: (record) => void records.push(record),
    logger: { info: log, warn: log },
  });
  return { sender, records, logged };
}

/** A webhook channel to a fresh receiver, closed after `fn`. */
async function withReceiver(
  fn: (receiver: StandIn, url: string) => Promise<void>,
  protocol = webhookProtocol(null),
) {
  const receiver = await StandIn.start(protocol);
  try {
    await fn(receiver, `${receiver.origin}/hook/abcdef`);
  } finally {
    await receiver.close();
  }
}
const webhookTo = (url: string) => createChannel({ kind: 'webhook', url, secret: null });
const outcomes = (records: DeliveryRecord[]) => records.map((r) => [r.outcome, r.attempts]);

describe('retries', () => {
  test('a receiver that always answers 500 is tried maxAttempts times with growing waits, then the delivery fails', () =>
    withReceiver(async (receiver, url) => {
      receiver.script(...Array.from({ length: 4 }, () => ({ status: 500, body: 'boom' })));
      const { sender, records } = harness([webhookTo(url)]);
      sender.send(message(1));
      assert.equal(await sender.idle(10_000), true);
      const times = receiver.requests.map((request) => request.at);
      assert.equal(times.length, 4);
      // Equal jitter: waits of at least 20, 40, 40 ms (half of 40, 80, 80).
      for (const [i, floor] of [20, 40, 40].entries())
        assert.ok(
          times[i + 1]! - times[i]! >= floor - 2,
          `wait ${i + 1}: ${times[i + 1]! - times[i]!} ms`,
        );
      assert.deepEqual(outcomes(records), [
        ['queued', 0],
        ['failed', 4],
      ]);
      assert.match(records[1]!.problem!, /answered 500: boom; gave up after 4 attempts$/);
      assert.deepEqual(sender.stats(), {
        queued: 0,
        inFlight: 0,
        sent: 0,
        failed: 1,
        dropped: 0,
        recordsDropped: 0,
      });
      await sender.close();
    }));

  test('a closed connection and a 503 are tried again; the second try succeeds', () =>
    withReceiver(async (receiver, url) => {
      receiver.script('close', { status: 503 });
      const { sender, records } = harness([webhookTo(url)]);
      sender.send(message(1));
      assert.equal(await sender.idle(5_000), true);
      assert.equal(receiver.requests.length, 3);
      assert.deepEqual(outcomes(records), [
        ['queued', 0],
        ['sent', 3],
      ]);
      await sender.close();
    }));

  test('a delivery whose retry comes due past maxDeliveryMs (its timer fired late) fails, and idle() hears of it', () =>
    withReceiver(async (receiver, url) => {
      receiver.script({ status: 503 });
      // The clock jumps past the deadline once the first attempt has failed and its retry
      // is planned, as when a busy event loop fires the retry's timer late.
      let late = 0;
      const records: DeliveryRecord[] = [];
      const sender = createSender({
        channels: [webhookTo(url)],
        limits: FAST,
        clock: () => Date.now() + late,
        record: (record) => void records.push(record),
        logger: {
          info: (_details, text) => {
            // Once the lane is paused for the retry (its timer set), before the timer fires.
            if (text === 'delivery attempt failed; trying again')
              setImmediate(() => {
                late = 60_000;
              });
          },
          warn: () => undefined,
        },
      });
      sender.send(message(1));
      assert.equal(await sender.idle(2_000), true);
      assert.deepEqual(outcomes(records), [
        ['queued', 0],
        ['failed', 1],
      ]);
      assert.match(records.at(-1)!.problem!, /not delivered within 20 s$/);
      assert.equal(receiver.requests.length, 1);
      await sender.close();
    }));

  test('a 429 with Retry-After (seconds) is waited out; one beyond maxDeliveryMs fails at once', () =>
    withReceiver(async (receiver, url) => {
      receiver.script({ status: 429, headers: { 'retry-after': '1' } });
      const { sender, records } = harness([webhookTo(url)]);
      sender.send(message(1));
      assert.equal(await sender.idle(5_000), true);
      const [limited, retried] = receiver.requests;
      assert.ok(retried!.at - limited!.at >= 990, `waited ${retried!.at - limited!.at} ms`);
      assert.deepEqual(outcomes(records), [
        ['queued', 0],
        ['sent', 2],
      ]);

      receiver.script({ status: 429, headers: { 'retry-after': '3600' } });
      const started = performance.now();
      sender.send(message(2));
      assert.equal(await sender.idle(5_000), true);
      assert.ok(performance.now() - started < 3_000);
      assert.equal(records.at(-1)!.outcome, 'failed');
      assert.match(
        records.at(-1)!.problem!,
        /answered 429; the next attempt \(in 3600 s\) would be past the 20 s bound$/,
      );
      await sender.close();
    }));

  test('a redirect is not followed (the URL may hold a token): the delivery fails and the target hears nothing', () =>
    withReceiver(async (target) => {
      await withReceiver(async (receiver, url) => {
        receiver.script({ status: 307, headers: { location: `${target.origin}/stolen` } });
        const { sender, records } = harness([webhookTo(url)]);
        sender.send(message(1));
        assert.equal(await sender.idle(5_000), true);
        assert.deepEqual(outcomes(records), [
          ['queued', 0],
          ['failed', 1],
        ]);
        assert.match(records[1]!.problem!, /answered 307 \(a redirect: not followed\)$/);
        assert.equal(target.requests.length, 0);
        await sender.close();
      });
    }));
});

describe('bounds', () => {
  test('a hanging receiver: send returns at once, each attempt is cut at attemptTimeoutMs, and the delivery ends by maxDeliveryMs', () =>
    withReceiver(async (receiver, url) => {
      receiver.script(...Array.from({ length: 20 }, () => 'hang' as const));
      const { sender, records } = harness([webhookTo(url)], {
        ...FAST,
        attemptTimeoutMs: 300,
        maxAttempts: 50,
        maxDeliveryMs: 1_500,
      });
      const started = performance.now();
      const result = sender.send(message(1));
      const took = performance.now() - started;
      assert.equal(result.accepted, true);
      assert.ok(took < 250, `send took ${took} ms`);
      assert.equal(sender.stats().inFlight, 1);
      assert.equal(await sender.idle(5_000), true);
      const elapsed = performance.now() - started;
      assert.ok(elapsed < 1_500 + 3_000, `the delivery ended after ${elapsed} ms`);
      const failed = records.at(-1)!;
      assert.equal(failed.outcome, 'failed');
      assert.ok(failed.attempts >= 2, `${failed.attempts} attempts`);
      assert.match(
        failed.problem!,
        /no answer within \d+ ms|not delivered within 1\.5 s|past the 1\.5 s bound/,
      );
      await sender.close();
    }));

  test('a slow receiver within the attempt timeout is waited for', () =>
    withReceiver(async (receiver, url) => {
      receiver.script({ delayMs: 200, answer: { status: 204 } });
      const { sender, records } = harness([webhookTo(url)], { ...FAST, attemptTimeoutMs: 2_000 });
      sender.send(message(1));
      assert.equal(await sender.idle(5_000), true);
      assert.deepEqual(outcomes(records), [
        ['queued', 0],
        ['sent', 1],
      ]);
      await sender.close();
    }));

  test('an endless answer body is read only up to maxResponseBytes', () =>
    withReceiver(async (receiver, url) => {
      receiver.script('endless');
      const { sender, records } = harness([webhookTo(url)], { ...FAST, attemptTimeoutMs: 5_000 });
      const started = performance.now();
      sender.send(message(1));
      assert.equal(await sender.idle(5_000), true);
      assert.ok(performance.now() - started < 5_000);
      assert.ok(
        receiver.endlessChunks < 64,
        `${receiver.endlessChunks} of 128 chunks were written`,
      );
      assert.deepEqual(outcomes(records), [
        ['queued', 0],
        ['sent', 1],
      ]);
      await sender.close();
    }));

  test('a full queue drops its oldest waiting delivery, counts it, and records it', () =>
    withReceiver(async (receiver, url) => {
      receiver.script(...Array.from({ length: 10 }, () => 'hang' as const));
      const { sender, records } = harness([webhookTo(url)], {
        ...FAST,
        attemptTimeoutMs: 5_000,
        maxQueuedPerChannel: 3,
      });
      for (let n = 1; n <= 10; n++) assert.equal(sender.send(message(n)).accepted, true);
      // 1 in flight, 3 waiting (8, 9, 10), 6 dropped (2 to 7: the oldest waiting each time).
      assert.deepEqual(sender.stats(), {
        queued: 3,
        inFlight: 1,
        sent: 0,
        failed: 0,
        dropped: 6,
        recordsDropped: 0,
      });
      const dropped = records.filter((r) => r.outcome === 'dropped');
      const titles = new Map(
        records.filter((r) => r.outcome === 'queued').map((r) => [r.messageId, r.message!.title]),
      );
      assert.deepEqual(
        dropped.map((r) => titles.get(r.messageId)),
        [2, 3, 4, 5, 6, 7].map((n) => `message ${n}`),
      );
      assert.match(dropped[0]!.problem!, /the queue was full \(3\)$/);
      await receiver.received(1);
      await sender.close();
      assert.equal(receiver.requests.length, 1);
    }));

  test('at most maxConcurrent channels send at once; each channel sends one request at a time, in order', () =>
    withReceiver(async (receiver) => {
      receiver.script(
        ...Array.from({ length: 4 }, () => ({ delayMs: 150, answer: { status: 204 } })),
      );
      const channels = [1, 2, 3, 4].map((n) => webhookTo(`${receiver.origin}/channel/${n}/token`));
      const { sender, records } = harness(channels, {
        ...FAST,
        maxConcurrent: 2,
        attemptTimeoutMs: 2_000,
      });
      for (let n = 1; n <= 3; n++) sender.send(message(n));
      assert.equal(sender.stats().inFlight, 2);
      assert.equal(await sender.idle(10_000), true);
      assert.equal(receiver.maxOpen, 2);
      assert.equal(records.filter((r) => r.outcome === 'sent').length, 12);
      for (const n of [1, 2, 3, 4]) {
        const seen = receiver.requests
          .filter((request) => request.path === `/channel/${n}/token`)
          .map((request) => JSON.parse(request.body).title);
        assert.deepEqual(seen, ['message 1', 'message 2', 'message 3']);
      }
      await sender.close();
    }));

  test('channels take turns for the slots: a channel with a queue does not keep them', () =>
    withReceiver(async (receiver) => {
      receiver.script(
        ...Array.from({ length: 6 }, () => ({ delayMs: 30, answer: { status: 204 } })),
      );
      const channels = ['a', 'b'].map((name) => webhookTo(`${receiver.origin}/${name}/token`));
      const { sender } = harness(channels, { ...FAST, maxConcurrent: 1, attemptTimeoutMs: 2_000 });
      for (let n = 1; n <= 3; n++) sender.send(message(n));
      assert.equal(await sender.idle(5_000), true);
      assert.deepEqual(
        receiver.requests.map((request) => request.path),
        ['/a/token', '/b/token', '/a/token', '/b/token', '/a/token', '/b/token'],
      );
      await sender.close();
    }));

  test("a hanging channel does not hold another channel's deliveries", () =>
    withReceiver(async (hanging, url) => {
      hanging.script(...Array.from({ length: 10 }, () => 'hang' as const));
      await withReceiver(async (slack) => {
        const { sender, records } = harness(
          [
            webhookTo(url),
            createChannel({ kind: 'slack', webhookUrl: `${slack.origin}/services/T/B/X` }),
          ],
          { ...FAST, attemptTimeoutMs: 5_000 },
        );
        const started = performance.now();
        sender.send(message(1));
        await slack.received(1, 5_000);
        assert.ok(performance.now() - started < 5_000);
        await new Promise((resolve) => setTimeout(resolve, 50));
        assert.equal(records.find((r) => r.outcome === 'sent')?.channel, `slack ${slack.origin}`);
        assert.equal(sender.stats().inFlight, 1);
        await sender.close();
      }, slackProtocol);
    }));

  test('close aborts the request in flight at once and leaves the queued deliveries without an outcome', () =>
    withReceiver(async (receiver, url) => {
      receiver.script('hang', 'hang');
      const { sender, records } = harness([webhookTo(url)], { ...FAST, attemptTimeoutMs: 10_000 });
      sender.send(message(1));
      sender.send(message(2));
      await receiver.received(1);
      const started = performance.now();
      await sender.close();
      assert.ok(performance.now() - started < 2_000);
      assert.deepEqual(outcomes(records), [
        ['queued', 0],
        ['queued', 0],
      ]);
      assert.deepEqual(sender.send(message(3)), {
        accepted: false,
        problem: 'the sender is closed',
      });
    }));
});

describe('records and logs', () => {
  test('a record callback that never settles cannot hold deliveries: past maxPendingRecords, records are counted and left out', () =>
    withReceiver(async (receiver, url) => {
      const sender = createSender({
        channels: [webhookTo(url)],
        limits: { ...FAST, maxPendingRecords: 5 },
        record: () => new Promise(() => {}),
      });
      for (let n = 1; n <= 10; n++) sender.send(message(n));
      assert.equal(await sender.idle(5_000), true);
      assert.equal(receiver.requests.length, 10);
      assert.deepEqual(sender.stats(), {
        queued: 0,
        inFlight: 0,
        sent: 10,
        failed: 0,
        dropped: 0,
        recordsDropped: 15,
      });
      const started = performance.now();
      await sender.close(100);
      assert.ok(performance.now() - started < 2_000);
    }));

  test('a record callback that throws is logged, and delivery goes on', () =>
    withReceiver(async (receiver, url) => {
      const warnings: object[] = [];
      const sender = createSender({
        channels: [webhookTo(url)],
        limits: FAST,
        record: () => {
          throw new Error(`ledger down at ${url}`);
        },
        logger: { info: () => {}, warn: (details) => void warnings.push(details) },
      });
      sender.send(message(1));
      assert.equal(await sender.idle(5_000), true);
      await sender.close();
      assert.equal(receiver.requests.length, 1);
      assert.ok(warnings.length >= 1);
      assert.ok(!JSON.stringify(warnings).includes('/hook/abcdef'), 'the secret URL is not logged');
    }));

  test('a secret never reaches a record, a log line, or a message: the bot token is redacted everywhere', async () => {
    const telegram = await StandIn.start(telegramProtocol(TOKEN));
    const down = await StandIn.start(webhookProtocol(null));
    const downOrigin = down.origin;
    await down.close(); // nothing listens there now: every attempt is a network error
    try {
      const { sender, records, logged } = harness([
        createChannel({
          kind: 'telegram',
          botToken: TOKEN,
          chatId: '42',
          apiBaseUrl: telegram.origin,
        }),
        createChannel({ kind: 'telegram', botToken: TOKEN, chatId: '43', apiBaseUrl: downOrigin }),
      ]);
      sender.send({
        event: 'test',
        title: `token ${TOKEN}`,
        text: `in the text ${TOKEN}, encoded ${encodeURIComponent(TOKEN)}`,
        fields: [{ name: 'token', value: TOKEN }],
        commands: [`curl ${telegram.origin}/bot${TOKEN}/getMe`],
        data: { nested: [{ token: TOKEN }] },
      });
      assert.equal(await sender.idle(10_000), true);
      const everything = JSON.stringify({ records, logged, body: telegram.requests[0]!.body });
      assert.ok(!everything.includes(TOKEN));
      assert.ok(!everything.includes(encodeURIComponent(TOKEN)));
      assert.deepEqual(
        JSON.parse(telegram.requests[0]!.body).text.split('\n')[0],
        '<b>token ***</b>',
      );
      assert.equal(
        records.find((r) => r.channel === 'telegram chat 43' && r.outcome === 'failed')?.attempts,
        4,
      );
      assert.match(
        records.find((r) => r.outcome === 'failed')!.problem!,
        /^telegram chat 43: network error \(ECONNREFUSED\); gave up after 4 attempts$/,
      );
      await sender.close();
    } finally {
      await telegram.close();
    }
  });

  test('an invalid message is refused with the reason, never thrown', () => {
    const { sender } = harness([webhookTo('http://127.0.0.1:9/hook')]);
    assert.deepEqual(sender.send({ event: 'Not An Event', title: '' }), {
      accepted: false,
      problem:
        'message refused: event event is 1 to 64 of a-z 0-9 _ .; title Too small: expected string to have >=1 characters',
    });
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    const refused = sender.send({ event: 'test', title: 't', data: cyclic });
    assert.equal(refused.accepted, false);
    assert.equal(
      sender.send({ event: 'test', title: 't', url: 'javascript:alert(1)' }).accepted,
      false,
    );
    assert.equal(sender.stats().queued, 0);
    void sender.close();
  });
});
