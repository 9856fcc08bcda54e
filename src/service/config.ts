import ipaddr from 'ipaddr.js';
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
import { PUBLISH_VARIABLES_SHAPE, withPublishRules } from '../shared/config/publish-settings.ts';
import type { ChannelSettings } from '../shared/delivery/channels/create-channel.ts';
import { storeUrlProblem } from './follow/store/store-url.ts';
import { DEFAULT_SITE_NAME } from './web/site.ts';

export { ConfigError };

/**
 * Every setting of the service, read from the environment once, validated, and frozen.
 * Nothing else in src/ reads process.env. A bad value stops start-up with a message that
 * names the variable: the service never starts on a configuration it did not understand.
 */

/** A comma-separated list, every entry passing `valid`. */
const list = (valid: (entry: string) => boolean, message: string) =>
  commaSeparated.refine((entries) => entries.every(valid), { message });

/** proxy-addr (behind Fastify's trustProxy) also understands these names. */
const PROXY_KEYWORDS = new Set(['loopback', 'linklocal', 'uniquelocal']);

const isAddressOrCidr = (entry: string) =>
  PROXY_KEYWORDS.has(entry) || ipaddr.isValid(entry) || isCidr(entry);

function isCidr(entry: string): boolean {
  try {
    ipaddr.parseCIDR(entry);
    return true;
  } catch {
    return false;
  }
}

function isOrigin(entry: string): boolean {
  try {
    return new URL(entry).origin === entry;
  } catch {
    return false;
  }
}

/** base64url (the form `web-push generate-vapid-keys` prints) of exactly `bytes` bytes. */
const vapidKey = (name: string, bytes: number, first?: number) =>
  z.string().refine(
    (value) => {
      if (!/^[A-Za-z0-9_-]+$/.test(value)) return false;
      const decoded = Buffer.from(value, 'base64url');
      return decoded.length === bytes && (first === undefined || decoded[0] === first);
    },
    {
      message: `${name} must be the base64url of a ${bytes}-byte P-256 ${bytes === 65 ? 'public' : 'private'} key, as \`npx web-push generate-vapid-keys\` prints it (its value is not shown)`,
    },
  );

const VAPID_SUBJECT = z
  .string()
  .refine(
    (value) =>
      /^mailto:[^\s@]+@[^\s@]+$/.test(value) ||
      (value.startsWith('https://') && isHttpBaseUrl(value, { origin: true })),
    {
      message:
        'VAPID_SUBJECT must be a mailto: address or an https:// origin where push services can reach you, e.g. mailto:ops@example.com',
    },
  );

const EnvShape = {
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: integer('PORT', 0, 65535).default(8080),
  ...PUBLISH_VARIABLES_SHAPE,
  REDIS_KEY_PREFIX: z.string().default('reset-records:'),
  RATE_LIMIT: z.enum(['on', 'off'], { error: 'RATE_LIMIT must be "on" or "off"' }).default('on'),
  RATE_LIMIT_MAX: integer('RATE_LIMIT_MAX', 1, 1_000_000).default(20),
  RATE_LIMIT_WINDOW_SECONDS: integer('RATE_LIMIT_WINDOW_SECONDS', 1, 31 * 24 * 3600).default(3600),
  RATE_LIMIT_MEMORY_MAX_CLIENTS: integer('RATE_LIMIT_MEMORY_MAX_CLIENTS', 1, 10_000_000).default(
    100_000,
  ),
  TRUST_PROXY: list(
    isAddressOrCidr,
    'TRUST_PROXY must be a comma-separated list of IP addresses or CIDR ranges',
  ).optional(),
  MCP_ALLOWED_ORIGINS: list(
    (entry) => entry === '*' || isOrigin(entry),
    'MCP_ALLOWED_ORIGINS must be * or a comma-separated list of origins such as https://example.com',
  ).optional(),
  PUBLIC_BASE_URL: z
    .string()
    .refine((value) => isHttpBaseUrl(value, { origin: true }), {
      message:
        'PUBLIC_BASE_URL must be an http:// or https:// origin (no path, credentials, query or #), such as https://resets.example.com',
    })
    .transform((value) => value.replace(/\/+$/, ''))
    .optional(),
  SITE_NAME: z
    .string()
    .trim()
    .max(80, 'SITE_NAME must be at most 80 characters')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing them is the point
    .refine((value) => !/[\u0000-\u001F\u007F-\u009F\u2028\u2029]/.test(value), {
      message: 'SITE_NAME must be one line of text, without control characters',
    })
    .default(DEFAULT_SITE_NAME),
  CACHE_MAX_AGE_SECONDS: integer('CACHE_MAX_AGE_SECONDS', 0, 86_400).default(30),
  HTTP_MAX_CONNECTIONS: integer('HTTP_MAX_CONNECTIONS', 1, 1_000_000).default(10_000),
  HTTP_MAX_CONNECTIONS_PER_CLIENT: integer('HTTP_MAX_CONNECTIONS_PER_CLIENT', 1, 1_000_000).default(
    64,
  ),
  VAPID_PUBLIC_KEY: vapidKey('VAPID_PUBLIC_KEY', 65, 0x04).optional(),
  VAPID_PRIVATE_KEY: vapidKey('VAPID_PRIVATE_KEY', 32).optional(),
  VAPID_SUBJECT: VAPID_SUBJECT.optional(),
  PUSH_STORE_URL: z
    .string()
    .min(1)
    .superRefine((value, ctx) => {
      const problem = storeUrlProblem(value);
      if (problem !== null) ctx.addIssue({ code: 'custom', message: problem });
    })
    .default('sqlite:./data/push.db'),
  PUSH_ALLOW_PRIVATE_ENDPOINTS: z
    .enum(['0', '1'], { error: 'PUSH_ALLOW_PRIVATE_ENDPOINTS must be 0 or 1 (1 for tests only)' })
    .default('0'),
  PUSH_MAX_SUBSCRIPTIONS: integer('PUSH_MAX_SUBSCRIPTIONS', 1, 10_000_000).default(100_000),
  ...deliveryEnvShape('BROADCAST'),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  METRICS_PORT: z
    .string()
    .refine((value) => value === 'off' || /^\d+$/.test(value), {
      message: 'METRICS_PORT must be a port number or "off"',
    })
    .pipe(z.literal('off').or(integer('METRICS_PORT', 0, 65535)))
    .default(9464),
};
const EnvSchema = withPublishRules(z.object(EnvShape));

/** Every environment variable the service reads (the README's table lists each one). */
export const SERVICE_VARIABLES = Object.keys(EnvShape);

export interface Config {
  readonly host: string;
  readonly port: number;
  /** The snapshot file to follow; undefined serves the bundled demo snapshot. */
  readonly snapshotPath: string | undefined;
  readonly redisUrl: string | undefined;
  readonly snapshotRedisKey: string | undefined;
  /** Prefix of the quota keys in Redis, so several deployments can share one Redis. */
  readonly redisKeyPrefix: string;
  readonly rateLimit: {
    readonly enabled: boolean;
    readonly max: number;
    readonly windowSeconds: number;
    readonly memoryMaxClients: number;
    /** A quota store slower than this is treated as unavailable (decisions.md §5). */
    readonly storeTimeoutMs: number;
  };
  /** Peers whose X-Forwarded-For is honoured; undefined trusts no one. */
  readonly trustProxy: readonly string[] | undefined;
  readonly cacheMaxAgeSeconds: number;
  /** SITE_NAME: the product's name in the pages' titles, the feed, the calendar and llms.txt. */
  readonly siteName: string;
  /**
   * The public address of the service (PUBLIC_BASE_URL, no trailing slash), for the guide,
   * the skill, llms.txt, the feed and the calendar; never taken from a request's Host.
   * Undefined: those show relative links, or a placeholder where an absolute URL is needed.
   */
  readonly publicBaseUrl: string | undefined;
  /** The one size limit of a snapshot: publish, validate and both watchers enforce it. */
  readonly snapshotMaxBytes: number;
  readonly connections: {
    /** Open connections in all; beyond it new ones are closed at once. */
    readonly max: number;
    /** Open connections per client address (IPv4, or IPv6 /64); trusted proxies are exempt. */
    readonly maxPerClient: number;
    /** Pipelined requests whose responses a client has not read; beyond it, cut. */
    readonly maxUnanswered: number;
  };
  /** The separate listener of /metrics; undefined when METRICS_PORT=off. */
  readonly metrics: { readonly host: string; readonly port: number } | undefined;
  readonly logLevel: string;
  /** Following the resets (docs/following.md): Web Push and the broadcast channels. */
  readonly follow: {
    /** Undefined without VAPID keys: no "Notify me", and /push/* answer 404. */
    readonly push:
      | {
          readonly vapid: {
            readonly publicKey: string;
            readonly privateKey: string;
            readonly subject: string;
          };
          readonly allowPrivateEndpoints: boolean;
          readonly maxSubscriptions: number;
        }
      | undefined;
    /** BROADCAST_*: the channels every event is announced on. */
    readonly broadcast: readonly ChannelSettings[];
    /** PUSH_STORE_URL: subscriptions and the claim of each event. */
    readonly storeUrl: string;
  };
  readonly mcp: {
    /** Browser origins allowed on /mcp; undefined allows any. */
    readonly allowedOrigins: readonly string[] | undefined;
    /** Larger MCP request bodies are answered 413. */
    readonly maxBodyBytes: number;
  };
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const e = parseEnv(EnvSchema, env);
  const vapid = [e.VAPID_PUBLIC_KEY, e.VAPID_PRIVATE_KEY, e.VAPID_SUBJECT];
  if (vapid.some((value) => value !== undefined) && vapid.some((value) => value === undefined)) {
    throw new ConfigError([
      'VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT are set together or not at all',
    ]);
  }
  return deepFreeze({
    host: e.HOST,
    port: e.PORT,
    snapshotPath: e.SNAPSHOT_PATH,
    redisUrl: e.REDIS_URL,
    snapshotRedisKey: e.SNAPSHOT_REDIS_KEY,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    rateLimit: {
      enabled: e.RATE_LIMIT === 'on',
      max: e.RATE_LIMIT_MAX,
      windowSeconds: e.RATE_LIMIT_WINDOW_SECONDS,
      memoryMaxClients: e.RATE_LIMIT_MEMORY_MAX_CLIENTS,
      storeTimeoutMs: 250,
    },
    trustProxy: e.TRUST_PROXY,
    cacheMaxAgeSeconds: e.CACHE_MAX_AGE_SECONDS,
    siteName: e.SITE_NAME === '' ? DEFAULT_SITE_NAME : e.SITE_NAME,
    publicBaseUrl: e.PUBLIC_BASE_URL,
    snapshotMaxBytes: e.SNAPSHOT_MAX_BYTES,
    connections: {
      max: e.HTTP_MAX_CONNECTIONS,
      maxPerClient: e.HTTP_MAX_CONNECTIONS_PER_CLIENT,
      maxUnanswered: 16,
    },
    metrics: e.METRICS_PORT === 'off' ? undefined : { host: e.METRICS_HOST, port: e.METRICS_PORT },
    logLevel: e.LOG_LEVEL,
    follow: {
      push:
        e.VAPID_PUBLIC_KEY === undefined
          ? undefined
          : {
              vapid: {
                publicKey: e.VAPID_PUBLIC_KEY,
                privateKey: e.VAPID_PRIVATE_KEY!,
                subject: e.VAPID_SUBJECT!,
              },
              allowPrivateEndpoints: e.PUSH_ALLOW_PRIVATE_ENDPOINTS === '1',
              maxSubscriptions: e.PUSH_MAX_SUBSCRIPTIONS,
            },
      broadcast: channelSettingsFromEnv('BROADCAST', e),
      storeUrl: e.PUSH_STORE_URL,
    },
    mcp: {
      allowedOrigins: e.MCP_ALLOWED_ORIGINS?.includes('*') ? undefined : e.MCP_ALLOWED_ORIGINS,
      maxBodyBytes: 64 * 1024,
    },
  });
}
