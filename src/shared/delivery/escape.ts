/**
 * Escaping and truncation for the channels' markups. Each escaper works one code point at
 * a time, so `fit` can cut an escaped text without ever splitting an escape sequence
 * (`&amp;`, `\*`) or a surrogate pair.
 */

/** Telegram's HTML parse mode (and any HTML): the three characters it parses, and `"`. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => HTML_ENTITIES[c]!);
}
const HTML_ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
};

/**
 * Slack's mrkdwn: `&`, `<` and `>` are its control characters (links, mentions such as
 * `<!channel>`); Slack documents no escape for `*`, `_` or `~`, so text from outside is
 * sent in plain_text objects wherever a block allows (see slack.ts).
 */
export function escapeSlack(text: string): string {
  return text.replace(/[&<>]/g, (c) => SLACK_ENTITIES[c]!);
}
const SLACK_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };

/**
 * Discord's markdown: a backslash before any ASCII punctuation shows it as itself. These are
 * the characters its markdown reads: emphasis, code, spoilers, quotes, headings, lists,
 * masked links, mentions (`<@…>`, `@everyone`: allowed_mentions also stops any ping),
 * emoji (`:name:`) and timestamps (`<t:…>`).
 */
export function escapeDiscord(text: string): string {
  return text.replace(DISCORD_SPECIAL, '\\$&');
}
export const DISCORD_SPECIAL = /[\\*_~`|<>#\-[\]()@:.!+=]/g;

/** Inside a code block nothing is read but the fence: a backtick is shown as a look-alike. */
export const withoutBackticks = (text: string) => text.replace(/`/g, 'ˋ');

export const ELLIPSIS = '…';

/**
 * `text`, escaped, in at most `max` units of `measure` (UTF-16 code units unless told, or
 * bytes for ntfy): whole when it fits, else cut at a code point and ended with "…".
 */
export function fit(
  text: string,
  max: number,
  escapeText: (text: string) => string = (t) => t,
  measure: (text: string) => number = (t) => t.length,
): string {
  const whole = escapeText(text);
  if (measure(whole) <= max) return whole;
  const budget = max - measure(ELLIPSIS);
  if (budget < 0) return '';
  let out = '';
  let used = 0;
  for (const codePoint of text) {
    const piece = escapeText(codePoint);
    const size = measure(piece);
    if (used + size > budget) break;
    out += piece;
    used += size;
  }
  return out + ELLIPSIS;
}

export const utf8Bytes = (text: string) => Buffer.byteLength(text, 'utf8');

/**
 * Parts of a message that share one length limit, filled in order of importance: each part
 * renders itself within what the more important ones left (or renders nothing), and the
 * parts are then joined in the order they are shown.
 */
export interface Part {
  /** Lower is shown first. */
  readonly order: number;
  /** At most `budget` units; '' to leave the part out. */
  readonly render: (budget: number) => string;
}

export function allocate(
  max: number,
  partsByImportance: readonly Part[],
  measure: (text: string) => number = (t) => t.length,
): string {
  let left = max;
  const rendered: { order: number; text: string }[] = [];
  for (const part of partsByImportance) {
    const text = part.render(left);
    const size = measure(text);
    if (text === '' || size > left) continue;
    left -= size;
    rendered.push({ order: part.order, text });
  }
  return rendered
    .sort((a, b) => a.order - b.order)
    .map((part) => part.text)
    .join('')
    .trimEnd();
}
