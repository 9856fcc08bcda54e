import { allocate, fit } from './escape.ts';
import type { Message } from './message.ts';

/**
 * One text for the channels that take a single marked-up text under one length limit
 * (Discord's markdown, Telegram's HTML): title, text, fields, link, commands, in that order.
 * When it is too long the parts give way in this order: the text first (cut with "…"),
 * then fields (whole lines), the link (never cut: left out), the commands (cut), the title.
 */
export interface Markup {
  /** Escapes text from outside for this markup. */
  readonly escape: (text: string) => string;
  /** Before and after the (escaped) title, a field's name, and the code block. */
  readonly bold: readonly [string, string];
  readonly code: readonly [string, string];
  /** Makes text safe inside the code block. */
  readonly escapeCode: (text: string) => string;
  /** The line that shows a link (the URL is already normalised by `new URL`). */
  readonly link: (href: string) => string;
}

export function layoutMessage(message: Message, max: number, markup: Markup): string {
  const [boldOpen, boldClose] = markup.bold;
  const [codeOpen, codeClose] = markup.code;
  const fieldLines = message.fields.map(
    (field) =>
      `${boldOpen}${markup.escape(`${field.name}:`)}${boldClose} ${markup.escape(field.value)}\n`,
  );
  const text = message.text.trim();
  return allocate(max, [
    {
      order: 0,
      render: (budget) => {
        const room = budget - boldOpen.length - boldClose.length - 1;
        return `${boldOpen}${fit(message.title, room, markup.escape)}${boldClose}\n`;
      },
    },
    {
      order: 4,
      render: (budget) => {
        const room = budget - codeOpen.length - codeClose.length - 1;
        if (message.commands.length === 0 || room < 10) return '';
        return `${codeOpen}${fit(message.commands.join('\n'), room, markup.escapeCode)}${codeClose}\n`;
      },
    },
    {
      order: 3,
      render: (budget) => {
        if (message.url === null) return '';
        const line = `${markup.link(new URL(message.url).href)}\n`;
        return line.length <= budget ? line : '';
      },
    },
    { order: 2, render: (budget) => wholeLines(fieldLines, budget) },
    {
      order: 1,
      render: (budget) =>
        text === '' || budget < 2 ? '' : `${fit(text, budget - 1, markup.escape)}\n`,
    },
  ]);
}

/** As many of `lines` as fit in `budget`, whole, in order. */
function wholeLines(lines: readonly string[], budget: number): string {
  let out = '';
  for (const line of lines) {
    if (out.length + line.length > budget) break;
    out += line;
  }
  return out;
}
