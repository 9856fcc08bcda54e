import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ConfigError, loadProducerConfig } from '../../src/producer/config.ts';

/** The alert channels (ALERT_*) and the second opinion (SECOND_OPINION_*): read, checked, never quoted. */

const SECRET = `whsec_${Buffer.alloc(32, 1).toString('base64')}`;
const BOT_TOKEN = '123456789:AAHfiqksKZ8WmR2zSjiQ7_v4TMAKdiHm9T0';

describe('alert channels and the second opinion', () => {
  test('off when nothing is set', () => {
    const config = loadProducerConfig({});
    assert.equal(config.alerts, undefined);
    assert.equal(config.secondOpinion, undefined);
  });

  test('each channel is on when its variables are set, in a fixed order', () => {
    const config = loadProducerConfig({
      ALERT_TELEGRAM_BOT_TOKEN: BOT_TOKEN,
      ALERT_TELEGRAM_CHAT_ID: '-1001234567890',
      ALERT_DISCORD_WEBHOOK_URL: 'https://discord.com/api/webhooks/1/tok',
      ALERT_SLACK_WEBHOOK_URL: 'https://hooks.slack.com/services/T/B/X',
      ALERT_NTFY_URL: 'https://ntfy.sh/reset_alerts',
      ALERT_NTFY_TOKEN: 'tk_abcdef',
      ALERT_WEBHOOK_URL: 'https://ops.example.com/hooks/reset?key=1',
      ALERT_WEBHOOK_SECRET: SECRET,
    });
    assert.deepEqual(config.alerts, [
      { kind: 'webhook', url: 'https://ops.example.com/hooks/reset?key=1', secret: SECRET },
      { kind: 'ntfy', topicUrl: 'https://ntfy.sh/reset_alerts', token: 'tk_abcdef' },
      { kind: 'slack', webhookUrl: 'https://hooks.slack.com/services/T/B/X' },
      { kind: 'discord', webhookUrl: 'https://discord.com/api/webhooks/1/tok' },
      {
        kind: 'telegram',
        botToken: BOT_TOKEN,
        chatId: '-1001234567890',
        apiBaseUrl: 'https://api.telegram.org',
      },
    ]);
    assert.ok(Object.isFrozen(config.alerts));
    assert.deepEqual(
      loadProducerConfig({
        ALERT_TELEGRAM_BOT_TOKEN: BOT_TOKEN,
        ALERT_TELEGRAM_CHAT_ID: '@reset_ops',
        ALERT_TELEGRAM_API_URL: 'http://127.0.0.1:8081/',
      }).alerts,
      [
        {
          kind: 'telegram',
          botToken: BOT_TOKEN,
          chatId: '@reset_ops',
          apiBaseUrl: 'http://127.0.0.1:8081',
        },
      ],
    );
  });

  test('the second opinion needs a URL and a model; a base URL gets /chat/completions', () => {
    assert.deepEqual(
      loadProducerConfig({
        SECOND_OPINION_URL: 'https://api.openai.com/v1',
        SECOND_OPINION_MODEL: 'gpt-4.1-mini',
        SECOND_OPINION_API_KEY: 'sk-abc',
      }).secondOpinion,
      {
        endpoint: 'https://api.openai.com/v1/chat/completions',
        model: 'gpt-4.1-mini',
        apiKey: 'sk-abc',
        timeoutMs: 60_000,
      },
    );
    assert.deepEqual(
      loadProducerConfig({
        SECOND_OPINION_URL: 'http://127.0.0.1:11434/v1/chat/completions/',
        SECOND_OPINION_MODEL: 'qwen2.5:7b',
        SECOND_OPINION_TIMEOUT_SECONDS: '120',
      }).secondOpinion,
      {
        endpoint: 'http://127.0.0.1:11434/v1/chat/completions',
        model: 'qwen2.5:7b',
        apiKey: null,
        timeoutMs: 120_000,
      },
    );
  });

  const refused: readonly (readonly [Record<string, string>, string])[] = [
    [
      { ALERT_WEBHOOK_URL: 'ftp://ops.example.com/hook' },
      'ALERT_WEBHOOK_URL must be an http:// or https:// URL',
    ],
    [
      { ALERT_WEBHOOK_URL: 'https://user:hunter2hunter2@ops.example.com/hook' },
      'ALERT_WEBHOOK_URL must be',
    ],
    [
      {
        ALERT_WEBHOOK_URL: 'https://ops.example.com/hook',
        ALERT_WEBHOOK_SECRET: 'hunter2hunter2hunter2',
      },
      'ALERT_WEBHOOK_SECRET must be whsec_',
    ],
    [
      {
        ALERT_WEBHOOK_URL: 'https://ops.example.com/hook',
        ALERT_WEBHOOK_SECRET: 'whsec_c2hvcnRzZWNyZXQ=',
      },
      'ALERT_WEBHOOK_SECRET must be whsec_',
    ],
    [{ ALERT_WEBHOOK_SECRET: SECRET }, 'ALERT_WEBHOOK_SECRET is set but ALERT_WEBHOOK_URL is not'],
    [{ ALERT_NTFY_URL: 'https://ntfy.sh/' }, 'ALERT_NTFY_URL must be a topic URL'],
    [
      { ALERT_NTFY_URL: 'https://ntfy.sh/alerts?auth=secretsecret' },
      'ALERT_NTFY_URL must be an http:// or https:// URL without credentials, query or #',
    ],
    [{ ALERT_NTFY_TOKEN: 'tk_abcdefabcdef' }, 'ALERT_NTFY_TOKEN is set but ALERT_NTFY_URL is not'],
    [
      { ALERT_NTFY_URL: 'https://ntfy.sh/a', ALERT_NTFY_TOKEN: 'tk with space' },
      'ALERT_NTFY_TOKEN must be printable ASCII',
    ],
    [
      { ALERT_SLACK_WEBHOOK_URL: 'hooks.slack.com/services/T/B/X' },
      'ALERT_SLACK_WEBHOOK_URL must be',
    ],
    [
      { ALERT_DISCORD_WEBHOOK_URL: 'https://discord.com/api/webhooks/1/tok#x' },
      'ALERT_DISCORD_WEBHOOK_URL must be',
    ],
    [
      { ALERT_TELEGRAM_BOT_TOKEN: 'AAHfiqksKZ8WmR2zSjiQ7', ALERT_TELEGRAM_CHAT_ID: '42' },
      'ALERT_TELEGRAM_BOT_TOKEN must be a bot token',
    ],
    [
      { ALERT_TELEGRAM_BOT_TOKEN: BOT_TOKEN, ALERT_TELEGRAM_CHAT_ID: 'my chat' },
      'ALERT_TELEGRAM_CHAT_ID must be a numeric chat id',
    ],
    [
      { ALERT_TELEGRAM_BOT_TOKEN: BOT_TOKEN },
      'ALERT_TELEGRAM_BOT_TOKEN is set but ALERT_TELEGRAM_CHAT_ID is not',
    ],
    [
      { ALERT_TELEGRAM_CHAT_ID: '42' },
      'ALERT_TELEGRAM_CHAT_ID is set but ALERT_TELEGRAM_BOT_TOKEN is not',
    ],
    [
      { ALERT_TELEGRAM_API_URL: 'http://127.0.0.1:8081' },
      'ALERT_TELEGRAM_API_URL is set but ALERT_TELEGRAM_BOT_TOKEN is not',
    ],
    [
      { SECOND_OPINION_URL: 'https://api.openai.com/v1' },
      'SECOND_OPINION_URL is set but SECOND_OPINION_MODEL is not',
    ],
    [
      { SECOND_OPINION_MODEL: 'gpt-4.1-mini' },
      'SECOND_OPINION_MODEL is set but SECOND_OPINION_URL is not',
    ],
    [
      { SECOND_OPINION_API_KEY: 'sk-abcdefabcdef' },
      'SECOND_OPINION_API_KEY is set but SECOND_OPINION_URL is not',
    ],
    [
      {
        SECOND_OPINION_URL: 'https://api.example.com/v1?key=sk-abcdefabcdef',
        SECOND_OPINION_MODEL: 'm',
      },
      'SECOND_OPINION_URL must be',
    ],
    [
      { SECOND_OPINION_URL: 'https://api.openai.com/v1', SECOND_OPINION_MODEL: 'my model' },
      'SECOND_OPINION_MODEL must be a model name',
    ],
    [
      {
        SECOND_OPINION_URL: 'https://api.openai.com/v1',
        SECOND_OPINION_MODEL: 'm',
        SECOND_OPINION_API_KEY: 'sk abc defabcdef',
      },
      'SECOND_OPINION_API_KEY must be printable ASCII',
    ],
    [
      {
        SECOND_OPINION_URL: 'https://api.openai.com/v1',
        SECOND_OPINION_MODEL: 'm',
        SECOND_OPINION_TIMEOUT_SECONDS: '0',
      },
      'SECOND_OPINION_TIMEOUT_SECONDS must be at least 1',
    ],
  ];
  for (const [env, message] of refused) {
    test(`refused, naming the variable but never its value: ${Object.keys(env).join(', ')} (${message.slice(0, 40)}…)`, () => {
      assert.throws(
        () => loadProducerConfig(env),
        (error: unknown) => {
          assert.ok(error instanceof ConfigError);
          assert.ok(
            error.problems.some((problem) => problem.startsWith(message)),
            error.message,
          );
          for (const value of Object.values(env)) {
            if (value.length >= 8 && !/^https:\/\/(ntfy\.sh|api\.openai\.com)/.test(value))
              assert.ok(!error.message.includes(value), `${error.message} quotes ${value}`);
          }
          return true;
        },
      );
    });
  }
});
