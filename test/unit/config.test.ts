import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ConfigError, loadConfig } from '../../src/service/config.ts';
import { testVapidKeys } from '../support/vapid.ts';

const VAPID = testVapidKeys();

/** decisions.md §1: every setting from the environment, validated, frozen. */

/** Asserts that `env` is refused with a ConfigError one of whose problems names `variable`. */
function assertRefused(env: Record<string, string>, variable: string): void {
  assert.throws(
    () => loadConfig(env),
    (error: unknown) => {
      assert.ok(error instanceof ConfigError, `expected a ConfigError for ${JSON.stringify(env)}`);
      assert.ok(
        error.problems.some((problem) => problem.includes(variable)),
        `a problem should name ${variable}: ${JSON.stringify(error.problems)}`,
      );
      assert.ok(error.message.includes(variable), error.message);
      return true;
    },
  );
}

describe('loadConfig', () => {
  test('an empty environment gives the documented defaults', () => {
    assert.deepEqual(loadConfig({}), {
      host: '127.0.0.1',
      port: 8080,
      snapshotPath: undefined,
      redisUrl: undefined,
      snapshotRedisKey: undefined,
      redisKeyPrefix: 'reset-records:',
      rateLimit: {
        enabled: true,
        max: 20,
        windowSeconds: 3600,
        memoryMaxClients: 100_000,
        storeTimeoutMs: 250,
      },
      trustProxy: undefined,
      cacheMaxAgeSeconds: 30,
      siteName: 'OpenAI Codex usage-limit resets',
      publicBaseUrl: undefined,
      snapshotMaxBytes: 134_217_728,
      connections: { max: 10_000, maxPerClient: 64, maxUnanswered: 16 },
      metrics: { host: '127.0.0.1', port: 9464 },
      logLevel: 'info',
      follow: { push: undefined, broadcast: [], storeUrl: 'sqlite:./data/push.db' },
      mcp: { allowedOrigins: undefined, maxBodyBytes: 65_536 },
    });
  });

  test('every variable is read and parsed', () => {
    assert.deepEqual(
      loadConfig({
        HOST: '0.0.0.0',
        PORT: '9090',
        REDIS_URL: 'redis://127.0.0.1:6379/0',
        SNAPSHOT_REDIS_KEY: 'reset-records:snapshot',
        REDIS_KEY_PREFIX: 'rr:',
        RATE_LIMIT: 'off',
        RATE_LIMIT_MAX: '5',
        RATE_LIMIT_WINDOW_SECONDS: '60',
        RATE_LIMIT_MEMORY_MAX_CLIENTS: '1000',
        TRUST_PROXY: '10.0.0.1, 192.168.0.0/16,loopback,::1,2001:db8::/32',
        CACHE_MAX_AGE_SECONDS: '0',
        SITE_NAME: '  Claude Code resets ',
        PUBLIC_BASE_URL: 'https://resets.example.com/',
        SNAPSHOT_MAX_BYTES: '1048576',
        HTTP_MAX_CONNECTIONS: '500',
        HTTP_MAX_CONNECTIONS_PER_CLIENT: '8',
        METRICS_HOST: '::1',
        METRICS_PORT: '9100',
        LOG_LEVEL: 'debug',
        MCP_ALLOWED_ORIGINS: 'https://example.com, http://localhost:3000',
        VAPID_PUBLIC_KEY: VAPID.publicKey,
        VAPID_PRIVATE_KEY: VAPID.privateKey,
        VAPID_SUBJECT: 'mailto:ops@example.com',
        PUSH_STORE_URL: 'postgres://push@db/resets',
        PUSH_ALLOW_PRIVATE_ENDPOINTS: '1',
        PUSH_MAX_SUBSCRIPTIONS: '500',
        BROADCAST_NTFY_URL: 'https://ntfy.sh/codex_resets',
        BROADCAST_WEBHOOK_URL: 'https://example.com/hooks/resets',
      }),
      {
        host: '0.0.0.0',
        port: 9090,
        snapshotPath: undefined,
        redisUrl: 'redis://127.0.0.1:6379/0',
        snapshotRedisKey: 'reset-records:snapshot',
        redisKeyPrefix: 'rr:',
        rateLimit: {
          enabled: false,
          max: 5,
          windowSeconds: 60,
          memoryMaxClients: 1000,
          storeTimeoutMs: 250,
        },
        trustProxy: ['10.0.0.1', '192.168.0.0/16', 'loopback', '::1', '2001:db8::/32'],
        cacheMaxAgeSeconds: 0,
        siteName: 'Claude Code resets',
        publicBaseUrl: 'https://resets.example.com',
        snapshotMaxBytes: 1_048_576,
        connections: { max: 500, maxPerClient: 8, maxUnanswered: 16 },
        metrics: { host: '::1', port: 9100 },
        logLevel: 'debug',
        follow: {
          push: {
            vapid: {
              publicKey: VAPID.publicKey,
              privateKey: VAPID.privateKey,
              subject: 'mailto:ops@example.com',
            },
            allowPrivateEndpoints: true,
            maxSubscriptions: 500,
          },
          broadcast: [
            { kind: 'webhook', url: 'https://example.com/hooks/resets', secret: null },
            { kind: 'ntfy', topicUrl: 'https://ntfy.sh/codex_resets', token: null },
          ],
          storeUrl: 'postgres://push@db/resets',
        },
        mcp: {
          allowedOrigins: ['https://example.com', 'http://localhost:3000'],
          maxBodyBytes: 65_536,
        },
      },
    );
  });

  test('SNAPSHOT_PATH is taken as given', () => {
    const config = loadConfig({ SNAPSHOT_PATH: '/var/lib/reset-records/snapshot.json' });
    assert.equal(config.snapshotPath, '/var/lib/reset-records/snapshot.json');
    assert.equal(config.snapshotRedisKey, undefined);
  });

  test('RATE_LIMIT=on enables limiting and rediss:// is accepted', () => {
    const config = loadConfig({ RATE_LIMIT: 'on', REDIS_URL: 'rediss://cache.example:6380' });
    assert.equal(config.rateLimit.enabled, true);
    assert.equal(config.redisUrl, 'rediss://cache.example:6380');
  });

  test('PORT 0 (any free port) and 65535 are accepted', () => {
    assert.equal(loadConfig({ PORT: '0' }).port, 0);
    assert.equal(loadConfig({ PORT: '65535' }).port, 65535);
  });

  test('an empty variable counts as unset', () => {
    const config = loadConfig({ PORT: '', RATE_LIMIT: '', TRUST_PROXY: '', SNAPSHOT_PATH: '' });
    assert.equal(config.port, 8080);
    assert.equal(config.rateLimit.enabled, true);
    assert.equal(config.trustProxy, undefined);
    assert.equal(config.snapshotPath, undefined);
  });

  test('unrelated variables are ignored', () => {
    assert.equal(loadConfig({ PATH: '/usr/bin', HOME: '/root', NODE_ENV: 'test' }).port, 8080);
  });

  const refused: [Record<string, string>, string, string][] = [
    [{ PORT: 'abc' }, 'PORT', 'not a number'],
    [{ PORT: '65536' }, 'PORT', 'above 65535'],
    [{ PORT: '-1' }, 'PORT', 'negative'],
    [{ PORT: '80.5' }, 'PORT', 'fractional'],
    [{ PORT: ' 80' }, 'PORT', 'with a space'],
    [{ PORT: '99999999999999999999' }, 'PORT', 'beyond any integer'],
    [{ RATE_LIMIT: 'maybe' }, 'RATE_LIMIT', 'neither on nor off'],
    [{ RATE_LIMIT: 'ON' }, 'RATE_LIMIT', 'upper case'],
    [{ RATE_LIMIT: 'true' }, 'RATE_LIMIT', 'a boolean word'],
    [{ RATE_LIMIT_MAX: '0' }, 'RATE_LIMIT_MAX', 'zero'],
    [{ RATE_LIMIT_MAX: 'twenty' }, 'RATE_LIMIT_MAX', 'a word'],
    [{ RATE_LIMIT_MAX: '1e3' }, 'RATE_LIMIT_MAX', 'an exponent'],
    [{ RATE_LIMIT_WINDOW_SECONDS: '0' }, 'RATE_LIMIT_WINDOW_SECONDS', 'zero'],
    [{ RATE_LIMIT_WINDOW_SECONDS: '3600s' }, 'RATE_LIMIT_WINDOW_SECONDS', 'a unit suffix'],
    [{ RATE_LIMIT_MEMORY_MAX_CLIENTS: '0' }, 'RATE_LIMIT_MEMORY_MAX_CLIENTS', 'zero'],
    [{ CACHE_MAX_AGE_SECONDS: '86401' }, 'CACHE_MAX_AGE_SECONDS', 'above a day'],
    [{ SITE_NAME: 'x'.repeat(81) }, 'SITE_NAME', 'longer than 80 characters'],
    [{ SITE_NAME: 'Two\nlines' }, 'SITE_NAME', 'a line break'],
    [{ PUBLIC_BASE_URL: 'resets.example.com' }, 'PUBLIC_BASE_URL', 'without a scheme'],
    [{ PUBLIC_BASE_URL: 'https://u:p@resets.example.com' }, 'PUBLIC_BASE_URL', 'with credentials'],
    [{ PUBLIC_BASE_URL: 'javascript:alert(1)' }, 'PUBLIC_BASE_URL', 'not http(s)'],
    [
      { PUBLIC_BASE_URL: 'https://x.example/sub' },
      'PUBLIC_BASE_URL',
      'with a path (links are root-relative)',
    ],
    [{ TRUST_PROXY: 'not-an-ip' }, 'TRUST_PROXY', 'not an address'],
    [{ TRUST_PROXY: '10.0.0.1,proxy.local' }, 'TRUST_PROXY', 'a host name in the list'],
    [{ TRUST_PROXY: '10.0.0.0/33' }, 'TRUST_PROXY', 'a CIDR prefix too long'],
    [{ REDIS_URL: 'http://127.0.0.1:6379' }, 'REDIS_URL', 'not a redis URL'],
    [{ REDIS_URL: 'localhost:6379' }, 'REDIS_URL', 'no scheme'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL', 'not a pino level'],
    [{ SNAPSHOT_MAX_BYTES: '1023' }, 'SNAPSHOT_MAX_BYTES', 'below 1 KiB'],
    [{ SNAPSHOT_MAX_BYTES: '64MB' }, 'SNAPSHOT_MAX_BYTES', 'a unit suffix'],
    [{ HTTP_MAX_CONNECTIONS: '0' }, 'HTTP_MAX_CONNECTIONS', 'zero'],
    [{ HTTP_MAX_CONNECTIONS_PER_CLIENT: '0' }, 'HTTP_MAX_CONNECTIONS_PER_CLIENT', 'zero'],
    [{ METRICS_PORT: 'on' }, 'METRICS_PORT', 'neither a port nor off'],
    [{ METRICS_PORT: '70000' }, 'METRICS_PORT', 'above 65535'],
    [{ MCP_ALLOWED_ORIGINS: 'example.com' }, 'MCP_ALLOWED_ORIGINS', 'an origin without a scheme'],
    [
      { MCP_ALLOWED_ORIGINS: 'https://example.com/app' },
      'MCP_ALLOWED_ORIGINS',
      'a URL with a path',
    ],
    [{ VAPID_PUBLIC_KEY: VAPID.privateKey }, 'VAPID_PUBLIC_KEY', 'a private key'],
    [{ VAPID_PRIVATE_KEY: `${VAPID.privateKey}AA` }, 'VAPID_PRIVATE_KEY', 'too long'],
    [{ VAPID_SUBJECT: 'ops@example.com' }, 'VAPID_SUBJECT', 'neither mailto: nor https:'],
    [{ VAPID_SUBJECT: 'http://example.com' }, 'VAPID_SUBJECT', 'http, not https'],
    [
      { VAPID_PUBLIC_KEY: VAPID.publicKey, VAPID_PRIVATE_KEY: VAPID.privateKey },
      'VAPID_SUBJECT',
      'two of the three',
    ],
    [{ PUSH_ALLOW_PRIVATE_ENDPOINTS: 'yes' }, 'PUSH_ALLOW_PRIVATE_ENDPOINTS', 'not 0 or 1'],
    [{ PUSH_MAX_SUBSCRIPTIONS: '0' }, 'PUSH_MAX_SUBSCRIPTIONS', 'zero'],
    [{ PUSH_STORE_URL: 'mysql://db/push' }, 'PUSH_STORE_URL', 'a store it does not know'],
    [{ PUSH_STORE_URL: 'sqlite://x.db' }, 'PUSH_STORE_URL', 'sqlite:// (ambiguous)'],
    [{ BROADCAST_NTFY_TOKEN: 'tk_x' }, 'BROADCAST_NTFY_URL', 'half a channel'],
    [{ BROADCAST_NTFY_URL: 'https://ntfy.sh/' }, 'BROADCAST_NTFY_URL', 'no topic'],
  ];
  for (const [env, variable, why] of refused) {
    test(`${JSON.stringify(env)} is refused (${why}) with a ConfigError naming ${variable}`, () => {
      assertRefused(env, variable);
    });
  }

  test('METRICS_PORT=off serves no metrics listener', () => {
    assert.equal(loadConfig({ METRICS_PORT: 'off' }).metrics, undefined);
  });

  test('MCP_ALLOWED_ORIGINS=* allows any origin, like leaving it unset', () => {
    assert.equal(loadConfig({ MCP_ALLOWED_ORIGINS: '*' }).mcp.allowedOrigins, undefined);
  });

  test('every bad variable is listed, not only the first', () => {
    assert.throws(
      () => loadConfig({ PORT: 'abc', RATE_LIMIT: 'maybe', RATE_LIMIT_MAX: '0' }),
      (error: unknown) => {
        assert.ok(error instanceof ConfigError);
        for (const variable of ['PORT', 'RATE_LIMIT', 'RATE_LIMIT_MAX']) {
          assert.ok(
            error.problems.some((problem) => problem.startsWith(variable)),
            `${variable} in ${JSON.stringify(error.problems)}`,
          );
        }
        return true;
      },
    );
  });

  test('SNAPSHOT_REDIS_KEY needs REDIS_URL', () => {
    assertRefused({ SNAPSHOT_REDIS_KEY: 'snapshot' }, 'SNAPSHOT_REDIS_KEY');
    assertRefused({ SNAPSHOT_REDIS_KEY: 'snapshot' }, 'REDIS_URL');
  });

  test('SNAPSHOT_REDIS_KEY and SNAPSHOT_PATH exclude each other', () => {
    const env = {
      REDIS_URL: 'redis://127.0.0.1:6379',
      SNAPSHOT_REDIS_KEY: 'snapshot',
      SNAPSHOT_PATH: '/tmp/snapshot.json',
    };
    assertRefused(env, 'SNAPSHOT_REDIS_KEY');
    assertRefused(env, 'SNAPSHOT_PATH');
  });

  test('REDIS_URL alone keeps the file snapshot and moves only the quota', () => {
    const config = loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379/0' });
    assert.equal(config.redisUrl, 'redis://127.0.0.1:6379/0');
    assert.equal(config.snapshotRedisKey, undefined);
    assert.equal(config.snapshotPath, undefined);
  });

  test('the configuration is deeply frozen', () => {
    const config = loadConfig({ TRUST_PROXY: '10.0.0.1' });
    assert.ok(Object.isFrozen(config));
    assert.ok(Object.isFrozen(config.rateLimit));
    assert.ok(Object.isFrozen(config.trustProxy));
    assert.throws(() => {
      (config as { port: number }).port = 1;
    }, TypeError);
    assert.throws(() => {
      (config.rateLimit as { max: number }).max = 1_000;
    }, TypeError);
    assert.throws(() => {
      (config.trustProxy as string[]).push('0.0.0.0/0');
    }, TypeError);
    assert.equal(config.rateLimit.max, 20);
    assert.deepEqual(config.trustProxy, ['10.0.0.1']);
  });
});
