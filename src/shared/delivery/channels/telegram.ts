import { escapeHtml } from '../escape.ts';
import { jsonBody } from '../http-attempt.ts';
import { layoutMessage, type Markup } from '../layout.ts';
import type { Message } from '../message.ts';
import { secondsMs } from '../retry-after.ts';
import { type Channel, httpOutcome } from './channel.ts';

/**
 * A Telegram chat, through a bot (core.telegram.org/bots/api#sendmessage): `sendMessage` with
 * `parse_mode: "HTML"` (HTML rather than MarkdownV2: three characters to escape, `&`, `<`,
 * `>`, instead of eighteen), no link previews, at most 4,096 characters (counted here on
 * the HTML itself, longer than what Telegram counts). The bot token is in the URL's path:
 * it is a secret and logs name the chat only. A 429 says how long to wait in its body
 * (`parameters.retry_after`, seconds).
 */

export interface TelegramSettings {
  /** `123456789:AA…` from @BotFather. */
  readonly botToken: string;
  /** A chat's numeric id, or `@channelname`. */
  readonly chatId: string;
  /** `https://api.telegram.org`, or a local Bot API server. */
  readonly apiBaseUrl: string;
}

export const TELEGRAM_MAX_TEXT = 4_096;

/** Telegram's HTML: bold with `<b>`, commands in `<pre>`, the link as text (made a link by the apps). */
const TELEGRAM_MARKUP: Markup = {
  escape: escapeHtml,
  bold: ['<b>', '</b>'],
  code: ['<pre>', '</pre>'],
  escapeCode: escapeHtml,
  link: escapeHtml,
};

export const telegramText = (message: Message) =>
  layoutMessage(message, TELEGRAM_MAX_TEXT, TELEGRAM_MARKUP);

export function createTelegramChannel(settings: TelegramSettings): Channel {
  const base = settings.apiBaseUrl.replace(/\/+$/, '');
  return {
    kind: 'telegram',
    label: `telegram chat ${settings.chatId}`,
    secrets: [settings.botToken],
    request: (message) => ({
      url: `${base}/bot${settings.botToken}/sendMessage`,
      headers: {},
      body: JSON.stringify({
        chat_id: settings.chatId,
        text: telegramText(message),
        parse_mode: 'HTML',
        link_preview_options: { is_disabled: true },
      }),
    }),
    outcome(answer, nowMs) {
      const body = answer.status === 429 ? jsonBody(answer.body) : undefined;
      const parameters = (body as { parameters?: { retry_after?: unknown } } | undefined)
        ?.parameters;
      return httpOutcome(answer, nowMs, secondsMs(parameters?.retry_after));
    },
  };
}
