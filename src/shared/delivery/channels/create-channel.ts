import type { Channel } from './channel.ts';
import { createDiscordChannel, type DiscordSettings } from './discord.ts';
import { createNtfyChannel, type NtfySettings } from './ntfy.ts';
import { createSlackChannel, type SlackSettings } from './slack.ts';
import { createTelegramChannel, type TelegramSettings } from './telegram.ts';
import { createWebhookChannel, type WebhookSettings } from './webhook.ts';

/** A channel's settings, as the configuration reads them (src/shared/config/delivery-env.ts). */
export type ChannelSettings =
  | ({ readonly kind: 'webhook' } & WebhookSettings)
  | ({ readonly kind: 'ntfy' } & NtfySettings)
  | ({ readonly kind: 'slack' } & SlackSettings)
  | ({ readonly kind: 'discord' } & DiscordSettings)
  | ({ readonly kind: 'telegram' } & TelegramSettings);

export function createChannel(settings: ChannelSettings): Channel {
  switch (settings.kind) {
    case 'webhook':
      return createWebhookChannel(settings);
    case 'ntfy':
      return createNtfyChannel(settings);
    case 'slack':
      return createSlackChannel(settings);
    case 'discord':
      return createDiscordChannel(settings);
    case 'telegram':
      return createTelegramChannel(settings);
  }
}
