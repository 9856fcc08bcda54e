import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import {
  type AlertState,
  INITIAL_ALERT_STATE,
  type RoundReport,
  roundAlerts,
} from '../../src/producer/alerts/round-alerts.ts';
import type { HeldPost } from '../../src/producer/ops/review.ts';
import { Message } from '../../src/shared/delivery/message.ts';

/**
 * The operator's alerts after each round (docs/operating.md#alerts): one message per held
 * post with the commands that decide it, and one alert per episode of failing checks, rate
 * limits, failed publishes and lease changes, never one a round.
 */

const OPTIONS = {
  failedRoundsBeforeAlert: 3,
  roundMs: 300_000,
  cli: 'npm run cli --',
  holder: 'box-1',
};
const T0 = Date.parse('2026-11-26T18:00:00.000Z');

const HELD: HeldPost = {
  postId: '2108040921044639779',
  handle: 'thsottiaux',
  postedAt: '2026-11-26T17:59:00.000Z',
  url: 'https://x.com/thsottiaux/status/2108040921044639779',
  text: 'Reset button pressed.',
  parentText: null,
  quotedText: null,
  classifier: 'rules-2.1.4',
  reasons: [
    'a reset of what? No limits, usage, plans or users are named near it',
    'confidence 0.75 is below 0.8',
  ],
  proposed: {
    id: '2108040921044639779',
    kind: 'reset_completed',
    resetType: 'global',
    announcedAt: '2026-11-26T17:59:00.000Z',
    effectiveAt: null,
    scheduleWindow: null,
    schedulePrecision: null,
    scheduleBasis: null,
    scope: { plans: ['unknown'], windows: ['unknown'] },
    sourceUrl: 'https://x.com/thsottiaux/status/2108040921044639779',
    text: 'Reset button pressed.',
    confidence: 0.75,
    origin: 'classified',
  } as unknown as HeldPost['proposed'],
};

const round = (at: number, partial: Partial<RoundReport> = {}): RoundReport => ({
  at,
  ran: true,
  check: { ok: true },
  held: [],
  publish: { ok: true },
  ...partial,
});

const failed = (problem = 'X answered 503 to GET /2/users/1/tweets'): RoundReport['check'] => ({
  ok: false,
  problem,
});

/** Runs rounds in order; returns every message's event, round by round. */
function run(reports: readonly RoundReport[], state: AlertState = INITIAL_ALERT_STATE) {
  const events: string[][] = [];
  for (const report of reports) {
    const result = roundAlerts(state, report, OPTIONS);
    state = result.state;
    for (const message of result.messages) assert.ok(Message.safeParse(message).success);
    events.push(result.messages.map((message) => message.event));
  }
  return { events, state };
}

describe('a held post', () => {
  test('is one post_held message with the post, the proposal, why, and the exact commands', () => {
    const { messages } = roundAlerts(INITIAL_ALERT_STATE, round(T0, { held: [HELD] }), OPTIONS);
    assert.equal(messages.length, 1);
    const message = Message.parse(messages[0]);
    assert.equal(message.event, 'post_held');
    assert.equal(
      message.title,
      'Held for review: @thsottiaux — reset_completed global (confidence 0.75)',
    );
    assert.equal(message.text, 'Reset button pressed.');
    assert.equal(message.url, HELD.url);
    assert.deepEqual(message.commands, [
      'npm run cli -- ops accept 2108040921044639779',
      'npm run cli -- ops accept 2108040921044639779 --set FIELD=VALUE   # to correct it as you accept it',
      'npm run cli -- ops dismiss 2108040921044639779 --reason "not an announcement"',
      'npm run cli -- ops review',
    ]);
    assert.deepEqual(Object.keys(message.data), [
      'postId',
      'url',
      'text',
      'parentText',
      'proposed',
      'reasons',
      'commands',
    ]);
    assert.deepEqual(message.data.reasons, HELD.reasons);
  });

  test('a reply carries its parent; a post with no reset found is accepted with --set kind and resetType', () => {
    const reply = { ...HELD, parentText: 'when reset?', proposed: null };
    const message = Message.parse(
      roundAlerts(INITIAL_ALERT_STATE, round(T0, { held: [reply] }), OPTIONS).messages[0],
    );
    assert.equal(message.text, 'Reset button pressed.\n\nIn reply to: when reset?');
    assert.equal(message.title, 'Held for review: @thsottiaux — no reset found');
    assert.equal(
      message.commands[0],
      'npm run cli -- ops accept 2108040921044639779 --set kind=reset_completed --set resetType=global',
    );
  });

  test('a post of 30,000 characters still makes a valid message', () => {
    const long = { ...HELD, text: 'reset '.repeat(5_000), parentText: 'x'.repeat(30_000) };
    const [message] = roundAlerts(
      INITIAL_ALERT_STATE,
      round(T0, { held: [long] }),
      OPTIONS,
    ).messages;
    assert.ok(Message.safeParse(message).success);
  });
});

describe('episodes, not rounds', () => {
  test('checks failing: one alert at the third failed round, one when a check works again', () => {
    const reports = [0, 1, 2, 3, 4].map((i) => round(T0 + i * 300_000, { check: failed() }));
    reports.push(round(T0 + 5 * 300_000));
    reports.push(round(T0 + 6 * 300_000));
    assert.deepEqual(run(reports).events, [
      [],
      [],
      ['checks_failing'],
      [],
      [],
      ['checks_recovered'],
      [],
    ]);
  });

  test('two failures and a success alert nothing', () => {
    const reports = [
      round(T0, { check: failed() }),
      round(T0 + 1, { check: failed() }),
      round(T0 + 2),
    ];
    assert.deepEqual(run(reports).events, [[], [], []]);
  });

  test('a rate limit longer than a round is alerted once, then its end', () => {
    const limited = failed(
      'X answered 429 to GET /2/users/1/tweets: the rate limit resets in 15 min',
    );
    const reports = [
      round(T0, { check: limited }),
      round(T0 + 300_000, { check: limited }),
      round(T0 + 600_000, { check: limited }),
      round(T0 + 900_000),
    ];
    assert.deepEqual(run(reports).events, [
      [],
      ['rate_limited'],
      ['checks_failing'],
      ['checks_recovered'],
    ]);
  });

  test('a failed publish is alerted once, and its recovery once; a round with nothing due says nothing', () => {
    const reports = [
      round(T0, { publish: { ok: false, problem: 'EACCES: permission denied' } }),
      round(T0 + 1, { publish: { ok: false, problem: 'EACCES: permission denied' } }),
      round(T0 + 2, { publish: null }),
      round(T0 + 3, { publish: { ok: true } }),
    ];
    assert.deepEqual(run(reports).events, [['publish_failed'], [], [], ['publish_recovered']]);
  });

  test('the lease: no alert at the first round, then each change of hands', () => {
    const standby = { ran: false, check: null, publish: null } as const;
    const reports = [
      round(T0, standby),
      round(T0 + 1, standby),
      round(T0 + 2),
      round(T0 + 3, standby),
    ];
    assert.deepEqual(run(reports).events, [[], [], ['lease_taken'], ['lease_lost']]);
  });

  test('property: one checks_failing per run of at least N failed checks, one recovery per alerted run that ends', () => {
    fc.assert(
      fc.property(fc.array(fc.boolean(), { maxLength: 60 }), (oks) => {
        const reports = oks.map((ok, i) => round(T0 + i * 1_000, ok ? {} : { check: failed() }));
        const events = run(reports).events.flat();
        const runs = oks
          .map((ok) => (ok ? '1' : '0'))
          .join('')
          .split('1');
        const alerted = runs.filter((r) => r.length >= OPTIONS.failedRoundsBeforeAlert);
        const ended = runs.slice(0, -1).filter((r) => r.length >= OPTIONS.failedRoundsBeforeAlert);
        assert.equal(events.filter((e) => e === 'checks_failing').length, alerted.length);
        assert.equal(events.filter((e) => e === 'checks_recovered').length, ended.length);
      }),
    );
  });

  test('property: publish alerts alternate, failed first', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('ok', 'failed', 'none'), { maxLength: 60 }),
        (outcomes) => {
          const reports = outcomes.map((outcome, i) =>
            round(T0 + i, {
              publish:
                outcome === 'none'
                  ? null
                  : outcome === 'ok'
                    ? { ok: true }
                    : { ok: false, problem: 'x' },
            }),
          );
          const events = run(reports)
            .events.flat()
            .filter((e) => e.startsWith('publish_'));
          for (const [i, event] of events.entries())
            assert.equal(event, i % 2 === 0 ? 'publish_failed' : 'publish_recovered');
        },
      ),
    );
  });
});
