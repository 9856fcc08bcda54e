import { z } from 'zod';
import { deepFreeze, integer, parseEnv } from './env.ts';

/**
 * The settings both programs read: where snapshots are published (the producer, and
 * `reset-records publish`) and read from (the service), their size limit, and the log level.
 */
export const PUBLISH_VARIABLES_SHAPE = {
  SNAPSHOT_PATH: z.string().min(1).optional(),
  REDIS_URL: z
    .url({ protocol: /^rediss?$/, error: 'REDIS_URL must be a redis:// or rediss:// URL' })
    .optional(),
  SNAPSHOT_REDIS_KEY: z.string().min(1).optional(),
  SNAPSHOT_MAX_BYTES: integer('SNAPSHOT_MAX_BYTES', 1024, 1024 * 1024 * 1024).default(
    128 * 1024 * 1024,
  ),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
};

type PublishVariables = {
  SNAPSHOT_PATH?: string | undefined;
  SNAPSHOT_REDIS_KEY?: string | undefined;
  REDIS_URL?: string | undefined;
};

/** The rules between the publishing variables, added to a schema that has them. */
export function withPublishRules<T extends z.ZodType<PublishVariables>>(schema: T) {
  return schema
    .refine((env) => !(env.SNAPSHOT_REDIS_KEY && env.SNAPSHOT_PATH), {
      message: 'SNAPSHOT_REDIS_KEY and SNAPSHOT_PATH exclude each other',
    })
    .refine((env) => !env.SNAPSHOT_REDIS_KEY || env.REDIS_URL, {
      message: 'SNAPSHOT_REDIS_KEY needs REDIS_URL',
    });
}

const PublishEnv = withPublishRules(z.object(PUBLISH_VARIABLES_SHAPE));

/** Where snapshots go: SNAPSHOT_PATH, or REDIS_URL + SNAPSHOT_REDIS_KEY. */
export type PublishTarget =
  | { readonly kind: 'file'; readonly path: string; readonly maxBytes: number }
  | {
      readonly kind: 'redis';
      readonly url: string;
      readonly key: string;
      readonly maxBytes: number;
    };

export interface PublishSettings {
  /** Undefined when neither SNAPSHOT_PATH nor SNAPSHOT_REDIS_KEY is set. */
  readonly target: PublishTarget | undefined;
  readonly logLevel: string;
}

/** The publishing settings from the parsed variables. */
export function publishTargetOf(e: {
  readonly SNAPSHOT_PATH?: string | undefined;
  readonly REDIS_URL?: string | undefined;
  readonly SNAPSHOT_REDIS_KEY?: string | undefined;
  readonly SNAPSHOT_MAX_BYTES: number;
}): PublishTarget | undefined {
  if (e.SNAPSHOT_REDIS_KEY !== undefined && e.REDIS_URL !== undefined) {
    return {
      kind: 'redis',
      url: e.REDIS_URL,
      key: e.SNAPSHOT_REDIS_KEY,
      maxBytes: e.SNAPSHOT_MAX_BYTES,
    };
  }
  if (e.SNAPSHOT_PATH !== undefined)
    return { kind: 'file', path: e.SNAPSHOT_PATH, maxBytes: e.SNAPSHOT_MAX_BYTES };
  return undefined;
}

export function loadPublishSettings(
  env: Record<string, string | undefined> = process.env,
): PublishSettings {
  const e = parseEnv(PublishEnv, env);
  return deepFreeze({ target: publishTargetOf(e), logLevel: e.LOG_LEVEL });
}

export const describeTarget = (target: PublishTarget) =>
  target.kind === 'file' ? target.path : `Redis key ${target.key}`;
