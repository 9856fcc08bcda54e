import { Webhook } from 'standardwebhooks';
import { type Answer, json, type Protocol, type Recorded } from './stand-in.ts';

/**
 * The answers of the real services, for the stand-ins: each checks a request as the service
 * does (its path, its token, its limits, its markup) and answers with the service's own
 * shapes, success and refusal alike.
 */

const parse = (request: Recorded): Record<string, unknown> | undefined => {
  try {
    return JSON.parse(request.body) as Record<string, unknown>;
  } catch {
    return undefined;
  }
};

/** Telegram's Bot API: `POST /bot<token>/sendMessage`, HTML parse mode, 4,096 characters. */
export function telegramProtocol(token: string): Protocol {
  let nextId = 1;
  return (request) => {
    const match = /^\/bot([^/]+)\/sendMessage$/.exec(request.path);
    if (match === null) return json(404, { ok: false, error_code: 404, description: 'Not Found' });
    if (match[1] !== token)
      return json(401, { ok: false, error_code: 401, description: 'Unauthorized' });
    const body = parse(request);
    if (body === undefined || typeof body.text !== 'string' || body.chat_id === undefined)
      return json(400, {
        ok: false,
        error_code: 400,
        description: 'Bad Request: message text is empty',
      });
    const plain = body.parse_mode === 'HTML' ? telegramHtmlText(body.text) : body.text;
    if (plain === null) {
      return json(400, {
        ok: false,
        error_code: 400,
        description: "Bad Request: can't parse entities: unsupported start tag or unclosed tag",
      });
    }
    if (plain.length === 0 || plain.length > 4096)
      return json(400, {
        ok: false,
        error_code: 400,
        description: 'Bad Request: message is too long',
      });
    return json(200, {
      ok: true,
      result: {
        message_id: nextId++,
        date: 1_790_000_000,
        chat: { id: body.chat_id },
        text: plain,
      },
    });
  };
}

const TELEGRAM_TAGS = new Set([
  'b',
  'strong',
  'i',
  'em',
  'u',
  'ins',
  's',
  'strike',
  'del',
  'a',
  'code',
  'pre',
  'blockquote',
  'tg-spoiler',
]);

/** The text Telegram shows for `html` (entities decoded, tags removed), or null if it refuses it. */
export function telegramHtmlText(html: string): string | null {
  const open: string[] = [];
  let text = '';
  for (let i = 0; i < html.length; ) {
    const c = html[i]!;
    if (c === '<') {
      const end = html.indexOf('>', i);
      if (end < 0) return null;
      const tag = /^(\/?)([a-z-]+)(\s[^<>]*)?$/.exec(html.slice(i + 1, end));
      if (tag === null || !TELEGRAM_TAGS.has(tag[2]!)) return null;
      if (tag[1] === '/') {
        if (open.pop() !== tag[2]) return null;
      } else open.push(tag[2]!);
      i = end + 1;
    } else if (c === '&') {
      const entity = /^&(lt|gt|amp|quot|#\d{1,7}|#x[0-9a-f]{1,6});/i.exec(html.slice(i, i + 12));
      if (entity === null) return null;
      const name = entity[1]!.toLowerCase();
      text +=
        { lt: '<', gt: '>', amp: '&', quot: '"' }[name] ??
        String.fromCodePoint(
          name.startsWith('#x') ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1)),
        );
      i += entity[0].length;
    } else if (c === '>') {
      return null;
    } else {
      text += c;
      i++;
    }
  }
  return open.length === 0 ? text : null;
}

/** A Slack incoming webhook: `ok` as text, or the error's name (`invalid_blocks`…). */
export const slackProtocol: Protocol = (request) => {
  const body = parse(request);
  const text = (status: number, words: string): Answer => ({
    status,
    headers: { 'content-type': 'text/html' },
    body: words,
  });
  if (body === undefined) return text(400, 'invalid_payload');
  if (!slackBlocksValid(body)) return text(400, 'invalid_blocks');
  return text(200, 'ok');
};

/** Block Kit's limits for the blocks the sender uses. */
export function slackBlocksValid(body: Record<string, unknown>): boolean {
  if (typeof body.text !== 'string' || body.text.length > 40_000) return false;
  const blocks = body.blocks;
  if (!Array.isArray(blocks) || blocks.length > 50) return false;
  const textObject = (value: unknown, max: number, types = ['plain_text', 'mrkdwn']) => {
    const object = value as { type?: unknown; text?: unknown };
    return (
      types.includes(object?.type as string) &&
      typeof object.text === 'string' &&
      object.text.length >= 1 &&
      object.text.length <= max
    );
  };
  return blocks.every((block: Record<string, unknown>) => {
    if (block.type === 'header') return textObject(block.text, 150, ['plain_text']);
    if (block.type !== 'section') return false;
    if (block.fields !== undefined) {
      const fields = block.fields as unknown[];
      return (
        Array.isArray(fields) &&
        fields.length >= 1 &&
        fields.length <= 10 &&
        fields.every((field) => textObject(field, 2_000))
      );
    }
    return textObject(block.text, 3_000);
  });
}

/** A Discord webhook: `POST /api/webhooks/:id/:token?wait=true`, content up to 2,000. */
export function discordProtocol(id: string, token: string): Protocol {
  let nextId = 1;
  return (request) => {
    if (request.path !== `/api/webhooks/${id}/${token}`)
      return json(401, { message: 'Invalid Webhook Token', code: 50027 });
    const body = parse(request);
    const content = body?.content;
    if (typeof content !== 'string' || content.length === 0 || content.length > 2_000) {
      return json(400, {
        message: 'Invalid Form Body',
        code: 50035,
        errors: {
          content: {
            _errors: [
              { code: 'BASE_TYPE_MAX_LENGTH', message: 'Must be 2000 or fewer in length.' },
            ],
          },
        },
      });
    }
    if (request.query.wait !== 'true') return { status: 204 };
    return json(200, { id: String(nextId++), type: 0, content, channel_id: '1', webhook_id: id });
  };
}

/** ntfy's JSON publishing: `POST /` with the topic in the body; a token when the topic needs one. */
export function ntfyProtocol(topic: string, token: string | null): Protocol {
  let nextId = 1;
  return (request) => {
    if (request.path !== '/')
      return json(400, {
        code: 40010,
        http: 400,
        error: 'invalid request: JSON publishing goes to the root URL',
      });
    if (token !== null && request.headers.authorization !== `Bearer ${token}`)
      return json(401, { code: 40101, http: 401, error: 'unauthorized' });
    const body = parse(request);
    if (body?.topic !== topic)
      return json(400, { code: 40009, http: 400, error: 'invalid request: topic invalid' });
    return json(200, {
      id: `m${nextId++}`,
      time: 1_790_000_000,
      event: 'message',
      topic,
      title: body.title,
      message: body.message,
      priority: body.priority,
      ...(body.tags === undefined ? {} : { tags: body.tags }),
      ...(body.click === undefined ? {} : { click: body.click }),
    });
  };
}

/** A receiver that verifies Standard Webhooks signatures with the reference library. */
export function webhookProtocol(secret: string | null, verified: unknown[] = []): Protocol {
  return (request) => {
    if (secret === null) return { status: 204 };
    try {
      verified.push(
        new Webhook(secret).verify(request.body, request.headers as Record<string, string>),
      );
      return { status: 204 };
    } catch (error) {
      return { status: 401, body: String(error) };
    }
  };
}
