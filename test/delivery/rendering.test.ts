import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { discordContent } from '../../src/shared/delivery/channels/discord.ts';
import { renderNtfy } from '../../src/shared/delivery/channels/ntfy.ts';
import { renderSlack } from '../../src/shared/delivery/channels/slack.ts';
import { telegramText } from '../../src/shared/delivery/channels/telegram.ts';
import {
  DISCORD_SPECIAL,
  ELLIPSIS,
  escapeDiscord,
  escapeHtml,
  escapeSlack,
  fit,
  utf8Bytes,
} from '../../src/shared/delivery/escape.ts';
import { Message } from '../../src/shared/delivery/message.ts';
import { slackBlocksValid, telegramHtmlText } from './support/protocols.ts';

/**
 * Escaping and truncation, for any text: what each markup reads is escaped, escaping is
 * undone exactly by the service's reading, a cut never splits an escape or a character, and
 * every rendered message stays within its channel's limits with the commands kept whole.
 */

/** Text rich in what the markups read, plus any Unicode (astral characters included). */
const nasty = fc.oneof(
  fc.string({ unit: fc.constantFrom(...'&<>"\'\\*_~`|#-[]()@:.!+=/ \n'), maxLength: 60 }),
  fc.string({ unit: 'grapheme', maxLength: 60 }),
  fc.string({
    unit: fc.oneof(fc.constantFrom(...'<&*_`'), fc.constantFrom('😀', '𝕏', 'é')),
    maxLength: 3_000,
  }),
);

const unescapeHtml = (text: string) =>
  text.replace(
    /&(lt|gt|amp|quot);/g,
    (_, name: string) => ({ lt: '<', gt: '>', amp: '&', quot: '"' })[name]!,
  );
/** No lone surrogate: a cut never splits an astral character. */
const wellFormed = (text: string) =>
  !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(text);
const unescapeDiscord = (text: string) => text.replace(/\\([^0-9A-Za-z\s])/g, '$1');

describe('escapers', () => {
  test('HTML: no raw < or >, every & starts an entity, and Telegram reads back the text', () => {
    fc.assert(
      fc.property(nasty, (text) => {
        const escaped = escapeHtml(text);
        assert.ok(!/[<>]/.test(escaped));
        assert.ok(!/&(?!(?:lt|gt|amp|quot);)/.test(escaped));
        assert.equal(telegramHtmlText(escaped), text);
        assert.equal(unescapeHtml(escaped), text);
      }),
    );
  });

  test("Slack: no raw < or >, every & starts one of Slack's three entities", () => {
    fc.assert(
      fc.property(nasty, (text) => {
        const escaped = escapeSlack(text);
        assert.ok(!/[<>]/.test(escaped));
        assert.ok(!/&(?!(?:lt|gt|amp);)/.test(escaped));
        assert.equal(unescapeHtml(escaped), text);
      }),
    );
  });

  test('Discord: every character its markdown reads follows an escaping backslash', () => {
    fc.assert(
      fc.property(nasty, (text) => {
        const escaped = escapeDiscord(text);
        assert.equal(unescapeDiscord(escaped), text);
        // Read left to right: a backslash escapes the next character; no special one is left bare.
        for (let i = 0; i < escaped.length; i++) {
          if (escaped[i] === '\\') i++;
          else
            assert.ok(
              !new RegExp(DISCORD_SPECIAL.source).test(escaped[i]!),
              `bare ${escaped[i]} in ${escaped}`,
            );
        }
      }),
    );
  });
});

describe('fit', () => {
  const escapers = [
    ['none', (t: string) => t, (t: string) => t],
    ['HTML', escapeHtml, unescapeHtml],
    ['Discord', escapeDiscord, unescapeDiscord],
  ] as const;
  for (const [name, escapeIt, unescapeIt] of escapers) {
    test(`${name}: within the limit, whole when it fits, else an escaped prefix ended by …, never a split character`, () => {
      fc.assert(
        fc.property(nasty, fc.integer({ min: 0, max: 200 }), (text, max) => {
          const fitted = fit(text, max, escapeIt);
          assert.ok(fitted.length <= max);
          assert.ok(wellFormed(fitted));
          if (escapeIt(text).length <= max) return assert.equal(fitted, escapeIt(text));
          if (fitted === '') return assert.equal(max, 0);
          assert.ok(fitted.endsWith(ELLIPSIS));
          assert.ok(text.startsWith(unescapeIt(fitted.slice(0, -ELLIPSIS.length))));
        }),
      );
    });
  }

  test('in UTF-8 bytes (ntfy): within the limit and never a split character', () => {
    fc.assert(
      fc.property(nasty, fc.integer({ min: 1, max: 300 }), (text, max) => {
        const fitted = fit(text, max, undefined, utf8Bytes);
        assert.ok(utf8Bytes(fitted) <= max);
        assert.ok(wellFormed(fitted));
      }),
    );
  });
});

/** Any message the model allows, long parts included. */
const messages = fc
  .record({
    event: fc.constantFrom('post_held', 'checks_failing'),
    title: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 200 }),
    text: fc.oneof(nasty, fc.string({ unit: 'grapheme', maxLength: 30_000 })),
    url: fc.constantFrom(
      null,
      'https://x.com/thsottiaux/status/2106131810921136451',
      'https://example.com/a?b=1&c=<2>|3',
    ),
    fields: fc.array(
      fc.record({
        name: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 100 }),
        value: fc.string({ unit: 'grapheme', maxLength: 1_000 }),
      }),
      { maxLength: 10 },
    ),
    commands: fc.array(
      fc.string({
        unit: fc.constantFrom(...'abc `<&>*_-0123456789'),
        minLength: 1,
        maxLength: 500,
      }),
      { maxLength: 6 },
    ),
  })
  .map((input) => Message.parse(input));

describe('rendered messages', () => {
  test('Discord: at most 2,000 characters, the title first, the commands whole when they are short', () => {
    fc.assert(
      fc.property(messages, (message) => {
        const content = discordContent(message);
        assert.ok(content.length <= 2_000);
        assert.ok(content.startsWith('**'));
        const commands = message.commands.join('\n').replace(/`/g, 'ˋ');
        if (message.commands.length > 0 && commands.length <= 500)
          assert.ok(content.includes(`\`\`\`\n${commands}\n\`\`\``));
      }),
      { numRuns: 200 },
    );
  });

  test('Telegram: at most 4,096 characters of HTML that the Bot API parses, the commands whole when they are short', () => {
    fc.assert(
      fc.property(messages, (message) => {
        const html = telegramText(message);
        assert.ok(html.length <= 4_096);
        const shown = telegramHtmlText(html);
        assert.notEqual(shown, null, html);
        if (message.commands.length > 0 && message.commands.join('\n').length <= 500)
          assert.ok(shown!.includes(message.commands.join('\n')));
      }),
      { numRuns: 200 },
    );
  });

  test("Slack: blocks within Block Kit's limits", () => {
    fc.assert(
      fc.property(messages, (message) => {
        assert.ok(slackBlocksValid(renderSlack(message)));
      }),
      { numRuns: 200 },
    );
  });

  test('ntfy: a message of at most 4,000 bytes, the fields and commands kept before the text', () => {
    fc.assert(
      fc.property(messages, (message) => {
        const body = renderNtfy(message, 'topic');
        assert.ok(utf8Bytes(body.message as string) <= 4_000);
        const tail = [
          ...message.fields.map((f) => `${f.name}: ${f.value}`),
          ...message.commands,
        ].join('\n');
        if (tail !== '' && utf8Bytes(tail) <= 4_000)
          assert.ok((body.message as string).endsWith(tail));
      }),
      { numRuns: 200 },
    );
  });
});
