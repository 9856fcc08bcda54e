import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ConfigError, loadProducerConfig } from '../../src/producer/config.ts';

/** The producer's settings: read once, validated, frozen, every bad value named. */

describe('loadProducerConfig', () => {
  test('an empty environment gives the documented defaults', () => {
    assert.deepEqual(loadProducerConfig({}), {
      ledgerUrl: 'sqlite:./data/ledger.db',
      operator: undefined,
      monitorSource: undefined,
      monitorIntervalSeconds: 300,
      monitorHeapLimitMb: 1024,
      publishHeartbeatSeconds: 900,
      build: { unknownAfterHours: 72, lateLinkHours: 24 },
      classifier: { reviewBelow: 0.8, timeZone: 'America/Los_Angeles' },
      publish: { target: undefined, logLevel: 'info' },
      alertAfterFailedChecks: 3,
    });
  });

  test('every variable is read and parsed', () => {
    assert.deepEqual(
      loadProducerConfig({
        LEDGER_URL: 'postgres://reset@db/reset',
        OPERATOR: 'alice',
        MONITOR_SOURCE: 'file:/srv/posts.jsonl',
        MONITOR_INTERVAL_SECONDS: '60',
        MONITOR_HEAP_LIMIT_MB: '256',
        PUBLISH_HEARTBEAT_SECONDS: '600',
        UNKNOWN_AFTER_HOURS: '48',
        LATE_LINK_HOURS: '12.5',
        REVIEW_BELOW: '0.9',
        SCHEDULE_TIME_ZONE: 'America/New_York',
        SNAPSHOT_PATH: '/srv/snapshot.json',
        LOG_LEVEL: 'warn',
        ALERT_AFTER_FAILED_CHECKS: '5',
      }),
      {
        ledgerUrl: 'postgres://reset@db/reset',
        operator: 'alice',
        monitorSource: 'file:/srv/posts.jsonl',
        monitorIntervalSeconds: 60,
        monitorHeapLimitMb: 256,
        publishHeartbeatSeconds: 600,
        build: { unknownAfterHours: 48, lateLinkHours: 12.5 },
        classifier: { reviewBelow: 0.9, timeZone: 'America/New_York' },
        publish: {
          target: { kind: 'file', path: '/srv/snapshot.json', maxBytes: 128 * 1024 * 1024 },
          logLevel: 'warn',
        },
        alertAfterFailedChecks: 5,
      },
    );
  });

  for (const [env, variable] of [
    [{ OPERATOR: 'alice smith' }, 'OPERATOR'],
    [{ MONITOR_SOURCE: '/srv/posts.jsonl' }, 'MONITOR_SOURCE'],
    [{ MONITOR_INTERVAL_SECONDS: '0' }, 'MONITOR_INTERVAL_SECONDS'],
    [{ MONITOR_HEAP_LIMIT_MB: '32' }, 'MONITOR_HEAP_LIMIT_MB'],
    [{ MONITOR_HEAP_LIMIT_MB: '1g' }, 'MONITOR_HEAP_LIMIT_MB'],
    [{ PUBLISH_HEARTBEAT_SECONDS: '15m' }, 'PUBLISH_HEARTBEAT_SECONDS'],
    [{ UNKNOWN_AFTER_HOURS: '-1' }, 'UNKNOWN_AFTER_HOURS'],
    [{ LATE_LINK_HOURS: 'a day' }, 'LATE_LINK_HOURS'],
    [{ ALERT_AFTER_FAILED_CHECKS: '0' }, 'ALERT_AFTER_FAILED_CHECKS'],
    [{ REVIEW_BELOW: '1.5' }, 'REVIEW_BELOW'],
    [{ REVIEW_BELOW: 'high' }, 'REVIEW_BELOW'],
    [{ SCHEDULE_TIME_ZONE: 'PST' }, 'SCHEDULE_TIME_ZONE'],
    [{ SCHEDULE_TIME_ZONE: 'Mars/Olympus' }, 'SCHEDULE_TIME_ZONE'],
  ] as const) {
    test(`${JSON.stringify(env)} is refused, naming ${variable}`, () => {
      assert.throws(
        () => loadProducerConfig(env),
        (error: unknown) =>
          error instanceof ConfigError && error.problems.some((p) => p.includes(variable)),
      );
    });
  }

  test('the configuration is frozen', () => {
    const config = loadProducerConfig({});
    assert.ok(Object.isFrozen(config) && Object.isFrozen(config.build));
    assert.ok(Object.isFrozen(config.classifier));
  });
});
