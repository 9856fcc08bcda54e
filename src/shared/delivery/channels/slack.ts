import { escapeSlack, fit, withoutBackticks } from '../escape.ts';
import type { Message } from '../message.ts';
import { urlLabel, urlSecrets } from '../redact.ts';
import { type Channel, httpOutcome } from './channel.ts';

/**
 * A Slack incoming webhook (docs.slack.dev/messaging/sending-messages-using-incoming-webhooks):
 * `{text, blocks}` POSTed to the webhook URL, which is itself the secret. Text from outside
 * (the post, field values) goes in plain_text objects, which Slack shows as typed; only what
 * this module writes is mrkdwn (the link, the commands' code block), escaped (`&`, `<`, `>`).
 * Block Kit's limits: a header's text 150 characters, a section's 3,000, at most 10 fields of
 * 2,000 each, 50 blocks; the top-level `text` is the notification's fallback.
 */

export interface SlackSettings {
  readonly webhookUrl: string;
}

const HEADER_MAX = 150;
const SECTION_MAX = 3_000;
const FIELD_MAX = 2_000;
const FALLBACK_MAX = 3_000;

const plain = (text: string) => ({ type: 'plain_text', text, emoji: false });

/** A URL inside `<…>`: `|` and `>` would end it; `&` is escaped as everywhere in mrkdwn. */
const slackLink = (url: string) =>
  escapeSlack(new URL(url).href.replace(/\|/g, '%7C').replace(/>/g, '%3E'));

export function renderSlack(message: Message): Record<string, unknown> {
  const blocks: Record<string, unknown>[] = [
    { type: 'header', text: plain(fit(message.title, HEADER_MAX)) },
  ];
  if (message.text.trim() !== '') {
    blocks.push({ type: 'section', text: plain(fit(message.text, SECTION_MAX)) });
  }
  if (message.fields.length > 0) {
    blocks.push({
      type: 'section',
      fields: message.fields
        .slice(0, 10)
        .map((field) => plain(fit(`${field.name}: ${field.value}`, FIELD_MAX))),
    });
  }
  if (message.url !== null) {
    blocks.push({ type: 'section', text: { type: 'mrkdwn', text: `<${slackLink(message.url)}>` } });
  }
  if (message.commands.length > 0) {
    const code = fit(message.commands.join('\n'), SECTION_MAX - 6, (text) =>
      escapeSlack(withoutBackticks(text)),
    );
    blocks.push({ type: 'section', text: { type: 'mrkdwn', text: `\`\`\`${code}\`\`\`` } });
  }
  const fallback = fit(`${message.title}\n${message.text}`.trim(), FALLBACK_MAX, escapeSlack);
  return { text: fallback, blocks };
}

export function createSlackChannel(settings: SlackSettings): Channel {
  return {
    kind: 'slack',
    label: `slack ${urlLabel(settings.webhookUrl)}`,
    secrets: urlSecrets(settings.webhookUrl),
    request: (message) => ({
      url: settings.webhookUrl,
      headers: {},
      body: JSON.stringify(renderSlack(message)),
    }),
    outcome: (answer, nowMs) => httpOutcome(answer, nowMs),
  };
}
