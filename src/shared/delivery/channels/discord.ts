import { escapeDiscord, withoutBackticks } from '../escape.ts';
import { jsonBody } from '../http-attempt.ts';
import { layoutMessage, type Markup } from '../layout.ts';
import type { Message } from '../message.ts';
import { urlLabel, urlSecrets } from '../redact.ts';
import { secondsMs } from '../retry-after.ts';
import { type Channel, httpOutcome } from './channel.ts';

/**
 * A Discord webhook (discord.com/developers/docs/resources/webhook#execute-webhook): the
 * message as markdown `content` (at most 2,000 characters), every character Discord's
 * markdown reads escaped, no mention allowed to ping (`allowed_mentions: {parse: []}`), no
 * link previews (flag SUPPRESS_EMBEDS), and `?wait=true` so a refusal comes back as an
 * error. A 429 says how long to wait in its body (`retry_after`, seconds): the channel
 * waits that long before its next request. The webhook URL holds the token.
 */

export interface DiscordSettings {
  readonly webhookUrl: string;
}

export const DISCORD_MAX_CONTENT = 2_000;
/** Message flag SUPPRESS_EMBEDS (1 << 2): no previews of the links. */
const SUPPRESS_EMBEDS = 4;

/** Discord's markdown: bold with `**`, commands in a fenced block, the link in `<…>`. */
const DISCORD_MARKUP: Markup = {
  escape: escapeDiscord,
  bold: ['**', '**'],
  code: ['```\n', '\n```'],
  escapeCode: withoutBackticks,
  link: (href) => `<${href}>`,
};

export const discordContent = (message: Message) =>
  layoutMessage(message, DISCORD_MAX_CONTENT, DISCORD_MARKUP);

export function createDiscordChannel(settings: DiscordSettings): Channel {
  const url = new URL(settings.webhookUrl);
  url.searchParams.set('wait', 'true');
  const target = url.toString();
  return {
    kind: 'discord',
    label: `discord ${urlLabel(settings.webhookUrl)}`,
    secrets: [...urlSecrets(settings.webhookUrl), target],
    request: (message) => ({
      url: target,
      headers: {},
      body: JSON.stringify({
        content: discordContent(message),
        allowed_mentions: { parse: [] },
        flags: SUPPRESS_EMBEDS,
      }),
    }),
    outcome(answer, nowMs) {
      const body = answer.status === 429 ? jsonBody(answer.body) : undefined;
      const retryAfter = secondsMs((body as { retry_after?: unknown } | undefined)?.retry_after);
      return httpOutcome(answer, nowMs, retryAfter);
    },
  };
}
