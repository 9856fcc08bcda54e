import { IANAZone } from 'luxon';
import { z } from 'zod';
import { channelSettingsFromEnv, deliveryEnvShape } from '../shared/config/delivery-env.ts';
import {
  ConfigError,
  commaSeparated,
  deepFreeze,
  integer,
  isHttpBaseUrl,
  parseEnv,
} from '../shared/config/env.ts';
import { loadPublishSettings, type PublishSettings } from '../shared/config/publish-settings.ts';
import type { ChannelSettings } from '../shared/delivery/channels/create-channel.ts';
import type { BuildSettings } from './build/settings.ts';
import type { ClassifierOptions } from './classify/rules-classifier.ts';
import { chatCompletionsEndpoint, type SecondOpinionSettings } from './second-opinion/settings.ts';

/**
 * The producer's settings (producer.md), read from the environment once, validated and
 * frozen, like the service's. Publishing uses the settings both programs share
 * (SNAPSHOT_PATH, REDIS_URL, SNAPSHOT_REDIS_KEY, SNAPSHOT_MAX_BYTES, LOG_LEVEL:
 * src/shared/config/publish-settings.ts).
 */

const hours = (name: string, max: number) =>
  z
    .string()
    .regex(/^\d+(\.\d+)?$/, `${name} must be a number of hours`)
    .transform(Number)
    .pipe(
      z.number().min(0, `${name} must be at least 0`).max(max, `${name} must be at most ${max}`),
    );

/** Seconds, a whole number within bounds. */
const seconds = integer;

/** An X handle without the @ (X's own rule for usernames). */
const HANDLE = /^[A-Za-z0-9_]{1,15}$/;

/**
 * The bearer token goes into an Authorization header: printable ASCII without spaces. The
 * messages never quote the value (a config error is printed and may be logged).
 */
const bearerToken = z
  .string()
  .regex(
    /^[\x21-\x7E]+$/,
    'X_BEARER_TOKEN must be printable ASCII without spaces or line breaks (its value is not shown)',
  );

/** Comma-separated handles (spaces around them ignored), each once, in the order given. */
const handles = commaSeparated
  .refine((entries) => entries.length > 0 && entries.every((entry) => HANDLE.test(entry)), {
    message: 'X_HANDLES must be comma-separated X handles without @ (1 to 15 of A-Z a-z 0-9 _)',
  })
  .transform((entries) => {
    // X compares usernames without case: @OpenAIDevs and @openaidevs are one account.
    const seen = new Set<string>();
    return entries.filter((entry) => {
      const key = entry.toLowerCase();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  });

/** An http(s) base URL, without credentials, query or fragment; no trailing slash. */
const baseUrl = z
  .string()
  .refine((value) => isHttpBaseUrl(value), {
    message: 'X_API_BASE_URL must be an http:// or https:// URL without credentials, query or #',
  })
  .transform((value) => value.replace(/\/+$/, ''));

const ProducerEnv = z.object({
  LEDGER_URL: z.string().min(1).default('sqlite:./data/ledger.db'),
  OPERATOR: z
    .string()
    .regex(/^[A-Za-z0-9_.@-]{1,64}$/, 'OPERATOR must be 1 to 64 of A-Z a-z 0-9 _ . @ -')
    .optional(),
  MONITOR_SOURCE: z
    .string()
    .regex(/^file:.+/, 'MONITOR_SOURCE must be file:PATH (a JSON-lines file of posts)')
    .optional(),
  MONITOR_INTERVAL_SECONDS: seconds('MONITOR_INTERVAL_SECONDS', 1, 86_400).default(300),
  // serve --monitor: the monitor's process may hold this much JavaScript heap (V8's old space).
  MONITOR_HEAP_LIMIT_MB: integer('MONITOR_HEAP_LIMIT_MB', 64, 16_384).default(1_024),
  PUBLISH_HEARTBEAT_SECONDS: seconds('PUBLISH_HEARTBEAT_SECONDS', 1, 86_400).default(900),
  UNKNOWN_AFTER_HOURS: hours('UNKNOWN_AFTER_HOURS', 24 * 365).default(72),
  LATE_LINK_HOURS: hours('LATE_LINK_HOURS', 24 * 365).default(24),
  REVIEW_BELOW: z
    .string()
    .regex(/^(0(\.\d+)?|1(\.0+)?)$/, 'REVIEW_BELOW must be a number from 0 to 1, like 0.8')
    .transform(Number)
    .default(0.8),
  SCHEDULE_TIME_ZONE: z
    .string()
    // Area/Location names only: ICU also takes abbreviations such as "PST", whose meaning
    // (standard time all year) is not the announcer's.
    .refine(
      (zone) => /^(?:[A-Za-z_]+\/[A-Za-z0-9_/+-]+|UTC)$/.test(zone) && IANAZone.isValidZone(zone),
      {
        message: 'SCHEDULE_TIME_ZONE must be an IANA time zone, like America/Los_Angeles',
      },
    )
    .default('America/Los_Angeles'),
  X_BEARER_TOKEN: bearerToken.optional(),
  X_HANDLES: handles.default(['thsottiaux']),
  X_API_BASE_URL: baseUrl.default('https://api.x.com'),
  // The operator's alerts (docs/operating.md): a channel is on when its variables are set.
  ...deliveryEnvShape('ALERT'),
  ALERT_AFTER_FAILED_CHECKS: integer('ALERT_AFTER_FAILED_CHECKS', 1, 1_000).default(3),
  // A second opinion on held posts from a language model: off unless URL and model are set.
  SECOND_OPINION_URL: z
    .string()
    .refine((value) => isHttpBaseUrl(value), {
      message:
        'SECOND_OPINION_URL must be an http:// or https:// URL without credentials, query or #, like https://api.openai.com/v1',
    })
    .optional(),
  SECOND_OPINION_MODEL: z
    .string()
    .regex(/^[\x21-\x7E]{1,200}$/, 'SECOND_OPINION_MODEL must be a model name without spaces')
    .optional(),
  SECOND_OPINION_API_KEY: z
    .string()
    .regex(
      /^[\x21-\x7E]{1,1000}$/,
      'SECOND_OPINION_API_KEY must be printable ASCII without spaces or line breaks (its value is not shown)',
    )
    .optional(),
  SECOND_OPINION_TIMEOUT_SECONDS: seconds('SECOND_OPINION_TIMEOUT_SECONDS', 1, 600).default(60),
});

/** Every environment variable the producer reads (the README's table lists each one). */
export const PRODUCER_VARIABLES = Object.keys(ProducerEnv.shape);

/** The X source (producer.md §6). */
export interface XSettings {
  /** App-only bearer token: a secret, never logged nor put in a message. */
  readonly bearerToken: string;
  /** Handles without @, each once. */
  readonly handles: readonly string[];
  /** The API's origin (and path prefix, if any), without a trailing slash. */
  readonly baseUrl: string;
}

export interface ProducerConfig {
  readonly ledgerUrl: string;
  /** The actor of operator commands when `--by` is not given. */
  readonly operator: string | undefined;
  /** `file:PATH`: wins over the X source. */
  readonly monitorSource: string | undefined;
  /** The X source: present only when X_BEARER_TOKEN is set. */
  readonly x?: XSettings;
  readonly monitorIntervalSeconds: number;
  /** serve --monitor: the monitor process's heap limit (node --max-old-space-size), MiB. */
  readonly monitorHeapLimitMb: number;
  readonly publishHeartbeatSeconds: number;
  readonly build: BuildSettings;
  /** The rules classifier's settings (REVIEW_BELOW, SCHEDULE_TIME_ZONE). */
  readonly classifier: ClassifierOptions;
  /** Where snapshots are published, and the log level (shared with the service). */
  readonly publish: PublishSettings;
  /** The operator's alert channels (ALERT_*): present only when at least one is set. */
  readonly alerts?: readonly ChannelSettings[];
  /** Failed source checks in a row before the operator is alerted (ALERT_AFTER_FAILED_CHECKS). */
  readonly alertAfterFailedChecks: number;
  /** The second opinion (SECOND_OPINION_*): present only when its URL and model are set. */
  readonly secondOpinion?: SecondOpinionSettings;
}

export { ConfigError };

export function loadProducerConfig(
  env: Record<string, string | undefined> = process.env,
): ProducerConfig {
  const e = parseEnv(ProducerEnv, env);
  const alerts = channelSettingsFromEnv('ALERT', e);
  const secondOpinion = secondOpinionSettings(e);
  return deepFreeze({
    ledgerUrl: e.LEDGER_URL,
    operator: e.OPERATOR,
    monitorSource: e.MONITOR_SOURCE,
    monitorIntervalSeconds: e.MONITOR_INTERVAL_SECONDS,
    monitorHeapLimitMb: e.MONITOR_HEAP_LIMIT_MB,
    publishHeartbeatSeconds: e.PUBLISH_HEARTBEAT_SECONDS,
    build: Object.freeze({
      unknownAfterHours: e.UNKNOWN_AFTER_HOURS,
      lateLinkHours: e.LATE_LINK_HOURS,
    }),
    classifier: Object.freeze({ reviewBelow: e.REVIEW_BELOW, timeZone: e.SCHEDULE_TIME_ZONE }),
    publish: loadPublishSettings(env),
    alertAfterFailedChecks: e.ALERT_AFTER_FAILED_CHECKS,
    ...(e.X_BEARER_TOKEN === undefined
      ? {}
      : {
          x: Object.freeze({
            bearerToken: e.X_BEARER_TOKEN,
            handles: Object.freeze(e.X_HANDLES),
            baseUrl: e.X_API_BASE_URL,
          }),
        }),
    ...(alerts.length === 0 ? {} : { alerts }),
    ...(secondOpinion === undefined ? {} : { secondOpinion }),
  });
}

function secondOpinionSettings(e: z.infer<typeof ProducerEnv>): SecondOpinionSettings | undefined {
  const { SECOND_OPINION_URL: url, SECOND_OPINION_MODEL: model, SECOND_OPINION_API_KEY: key } = e;
  if (url === undefined && model === undefined) {
    if (key !== undefined)
      throw new ConfigError(['SECOND_OPINION_API_KEY is set but SECOND_OPINION_URL is not']);
    return undefined;
  }
  if (url === undefined || model === undefined) {
    throw new ConfigError([
      `${url === undefined ? 'SECOND_OPINION_MODEL' : 'SECOND_OPINION_URL'} is set but ${url === undefined ? 'SECOND_OPINION_URL' : 'SECOND_OPINION_MODEL'} is not: the second opinion needs both`,
    ]);
  }
  return {
    endpoint: chatCompletionsEndpoint(url),
    model,
    apiKey: key ?? null,
    timeoutMs: e.SECOND_OPINION_TIMEOUT_SECONDS * 1000,
  };
}
