import { fit, utf8Bytes } from '../escape.ts';
import type { Message } from '../message.ts';
import { urlLabel, urlSecrets } from '../redact.ts';
import { type Channel, httpOutcome } from './channel.ts';

/**
 * ntfy (docs.ntfy.sh/publish): the message published as JSON, which ntfy takes at its root
 * URL with the topic in the body (`{topic, title, message, priority, tags, click}`): JSON
 * carries any text, where a `Title` header would need RFC 2047 for non-ASCII. An access
 * token goes in `Authorization: Bearer`. The topic URL is a secret (anyone who knows it can
 * read the topic), so logs show only the host.
 */

export interface NtfySettings {
  /** `https://ntfy.sh/mytopic`, or a topic on the operator's own server. */
  readonly topicUrl: string;
  /** An access token (`tk_…`), or null for an open topic. */
  readonly token: string | null;
}

/** ntfy turns a longer message into an attachment (its default `message-size-limit`, 4,096 bytes). */
export const NTFY_MAX_MESSAGE_BYTES = 4_000;
const NTFY_MAX_TITLE_CHARS = 250;

const NO_HEADERS: Readonly<Record<string, string>> = {};

/** ntfy's priorities: 1 (min) to 5 (max). */
const PRIORITY: Record<Message['priority'], number> = { low: 2, default: 3, high: 4, urgent: 5 };

/** The topic URL split into the root URL to POST to and the topic's name. */
export function ntfyTarget(topicUrl: string): { rootUrl: string; topic: string } {
  const url = new URL(topicUrl);
  const segments = url.pathname.replace(/\/+$/, '').split('/');
  const topic = segments.pop() ?? '';
  url.pathname = `${segments.join('/')}/`;
  return { rootUrl: url.toString(), topic };
}

export function renderNtfy(message: Message, topic: string): Record<string, unknown> {
  // The fields and commands are what the operator acts on: the text gives way first.
  const tail = fit(
    [...message.fields.map((field) => `${field.name}: ${field.value}`), ...message.commands].join(
      '\n',
    ),
    NTFY_MAX_MESSAGE_BYTES,
    undefined,
    utf8Bytes,
  );
  const room = NTFY_MAX_MESSAGE_BYTES - utf8Bytes(tail) - (tail === '' ? 0 : 1);
  const text = room <= 0 ? '' : fit(message.text.trim(), room, undefined, utf8Bytes);
  return {
    topic,
    title: fit(message.title, NTFY_MAX_TITLE_CHARS),
    // ntfy needs a message: the title stands in when there is nothing else.
    message: [text, tail].filter(Boolean).join('\n') || message.title,
    priority: PRIORITY[message.priority],
    ...(message.tags.length > 0 ? { tags: message.tags } : {}),
    ...(message.url === null ? {} : { click: message.url }),
  };
}

export function createNtfyChannel(settings: NtfySettings): Channel {
  const { rootUrl, topic } = ntfyTarget(settings.topicUrl);
  return {
    kind: 'ntfy',
    label: `ntfy ${urlLabel(settings.topicUrl)}`,
    secrets: [
      ...urlSecrets(settings.topicUrl),
      ...(settings.token === null ? [] : [settings.token]),
    ],
    request: (message) => ({
      url: rootUrl,
      headers: settings.token === null ? NO_HEADERS : { authorization: `Bearer ${settings.token}` },
      body: JSON.stringify(renderNtfy(message, topic)),
    }),
    outcome: (answer, nowMs) => httpOutcome(answer, nowMs),
  };
}
