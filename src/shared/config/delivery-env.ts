import { z } from 'zod';
import type { ChannelSettings } from '../delivery/channels/create-channel.ts';
import { ConfigError, isHttpBaseUrl } from './env.ts';

/**
 * The variables of the delivery channels, under one prefix: `ALERT_…` for the operator's
 * alerts (the producer), and later another for public broadcasts (the service). A channel is
 * on when its variables are set; half a channel (a token without its URL…) stops start-up.
 * Messages name the variable, never its value: most of these are secrets.
 */

type Keys<P extends string> =
  | `${P}_WEBHOOK_URL`
  | `${P}_WEBHOOK_SECRET`
  | `${P}_NTFY_URL`
  | `${P}_NTFY_TOKEN`
  | `${P}_SLACK_WEBHOOK_URL`
  | `${P}_DISCORD_WEBHOOK_URL`
  | `${P}_TELEGRAM_BOT_TOKEN`
  | `${P}_TELEGRAM_CHAT_ID`
  | `${P}_TELEGRAM_API_URL`;

export type DeliveryEnv<P extends string> = Partial<Record<Keys<P>, string>>;

export const TELEGRAM_API_URL = 'https://api.telegram.org';

/** An http(s) URL without credentials or fragment, whose value a message never quotes. */
function postUrl(name: string, { query = true } = {}) {
  return z.string().refine(
    (value) => {
      try {
        const url = new URL(value);
        return (
          value.length <= 2_000 &&
          (url.protocol === 'https:' || url.protocol === 'http:') &&
          url.username === '' &&
          url.password === '' &&
          !value.includes('#') &&
          (query || !value.includes('?'))
        );
      } catch {
        return false;
      }
    },
    {
      message: `${name} must be an http:// or https:// URL without credentials${query ? '' : ', query'} or # (its value is not shown)`,
    },
  );
}

const token = (name: string) =>
  z
    .string()
    .regex(
      /^[\x21-\x7E]{1,512}$/,
      `${name} must be printable ASCII without spaces, at most 512 characters (its value is not shown)`,
    );

/** Standard Webhooks' symmetric secret: `whsec_` and the base64 of 24 to 64 random bytes. */
const webhookSecret = (name: string) =>
  z.string().refine(
    (value) => {
      const match = /^whsec_([A-Za-z0-9+/]+={0,2})$/.exec(value);
      if (match === null) return false;
      const bytes = Buffer.from(match[1]!, 'base64').length;
      return bytes >= 24 && bytes <= 64;
    },
    {
      message: `${name} must be whsec_ and the base64 of 24 to 64 random bytes, e.g. from: echo "whsec_$(openssl rand -base64 32)" (its value is not shown)`,
    },
  );

/** ntfy's topic names: letters, digits, _ and -, up to 64 (docs.ntfy.sh/publish). */
const ntfyTopicUrl = (name: string) =>
  postUrl(name, { query: false }).refine(
    (value) => /\/[-_A-Za-z0-9]{1,64}\/?$/.test(new URL(value).pathname),
    {
      message: `${name} must be a topic URL, like https://ntfy.sh/mytopic (its value is not shown)`,
    },
  );

export function deliveryEnvShape<P extends string>(
  prefix: P,
): Record<Keys<P>, z.ZodOptional<z.ZodType<string>>> {
  const name = (suffix: string) => `${prefix}_${suffix}`;
  return {
    [name('WEBHOOK_URL')]: postUrl(name('WEBHOOK_URL')).optional(),
    [name('WEBHOOK_SECRET')]: webhookSecret(name('WEBHOOK_SECRET')).optional(),
    [name('NTFY_URL')]: ntfyTopicUrl(name('NTFY_URL')).optional(),
    [name('NTFY_TOKEN')]: token(name('NTFY_TOKEN')).optional(),
    [name('SLACK_WEBHOOK_URL')]: postUrl(name('SLACK_WEBHOOK_URL')).optional(),
    [name('DISCORD_WEBHOOK_URL')]: postUrl(name('DISCORD_WEBHOOK_URL')).optional(),
    [name('TELEGRAM_BOT_TOKEN')]: z
      .string()
      .regex(
        /^\d{1,20}:[A-Za-z0-9_-]{20,200}$/,
        `${name('TELEGRAM_BOT_TOKEN')} must be a bot token as @BotFather gives it, like 123456789:AA… (its value is not shown)`,
      )
      .optional(),
    [name('TELEGRAM_CHAT_ID')]: z
      .string()
      .regex(
        /^(?:-?\d{1,20}|@[A-Za-z][A-Za-z0-9_]{3,31})$/,
        `${name('TELEGRAM_CHAT_ID')} must be a numeric chat id (e.g. -1001234567890) or @channelname`,
      )
      .optional(),
    [name('TELEGRAM_API_URL')]: z
      .string()
      .refine((value) => isHttpBaseUrl(value), {
        message: `${name('TELEGRAM_API_URL')} must be an http:// or https:// URL without credentials, query or #`,
      })
      .optional(),
  } as unknown as Record<Keys<P>, z.ZodOptional<z.ZodType<string>>>;
}

/** The channels the variables turn on, in a fixed order; a ConfigError for half a channel. */
export function channelSettingsFromEnv<P extends string>(
  prefix: P,
  env: DeliveryEnv<P>,
): ChannelSettings[] {
  const get = (suffix: string) =>
    (env as Record<string, string | undefined>)[`${prefix}_${suffix}`];
  const problems: string[] = [];
  const needs = (set: string, missing: string) => {
    if (get(set) !== undefined && get(missing) === undefined)
      problems.push(`${prefix}_${set} is set but ${prefix}_${missing} is not`);
  };
  needs('WEBHOOK_SECRET', 'WEBHOOK_URL');
  needs('NTFY_TOKEN', 'NTFY_URL');
  needs('TELEGRAM_BOT_TOKEN', 'TELEGRAM_CHAT_ID');
  needs('TELEGRAM_CHAT_ID', 'TELEGRAM_BOT_TOKEN');
  needs('TELEGRAM_API_URL', 'TELEGRAM_BOT_TOKEN');
  if (problems.length > 0) throw new ConfigError(problems);

  const channels: ChannelSettings[] = [];
  const webhook = get('WEBHOOK_URL');
  if (webhook !== undefined)
    channels.push({ kind: 'webhook', url: webhook, secret: get('WEBHOOK_SECRET') ?? null });
  const ntfy = get('NTFY_URL');
  if (ntfy !== undefined)
    channels.push({ kind: 'ntfy', topicUrl: ntfy, token: get('NTFY_TOKEN') ?? null });
  const slack = get('SLACK_WEBHOOK_URL');
  if (slack !== undefined) channels.push({ kind: 'slack', webhookUrl: slack });
  const discord = get('DISCORD_WEBHOOK_URL');
  if (discord !== undefined) channels.push({ kind: 'discord', webhookUrl: discord });
  const botToken = get('TELEGRAM_BOT_TOKEN');
  const chatId = get('TELEGRAM_CHAT_ID');
  if (botToken !== undefined && chatId !== undefined) {
    channels.push({
      kind: 'telegram',
      botToken,
      chatId,
      apiBaseUrl: (get('TELEGRAM_API_URL') ?? TELEGRAM_API_URL).replace(/\/+$/, ''),
    });
  }
  return channels;
}
