import { z } from 'zod';
import { exceedsDepth } from '../snapshot/json-depth.ts';

/**
 * The one message model every channel renders (src/shared/delivery/channels/): what
 * happened, in words for a person (title, text, fields, a link, the commands to run) and,
 * for the generic webhook, in data for a program. Checked once, when it is sent: every
 * length has a bound, so no channel ever renders an unbounded body.
 */

/** A link a channel may show: http(s) only (never `javascript:`), no credentials. */
const Link = z
  .string()
  .max(1_000)
  .refine(
    (value) => {
      try {
        const url = new URL(value);
        return (
          (url.protocol === 'https:' || url.protocol === 'http:') &&
          url.username === '' &&
          url.password === ''
        );
      } catch {
        return false;
      }
    },
    { message: 'must be an http(s) URL without credentials' },
  );

/** The most the generic webhook's `data` may hold, as JSON text. */
export const MAX_DATA_CHARS = 64 * 1024;

/** How deep `data` may nest: a record and its parts are a few levels. */
export const MAX_DATA_DEPTH = 16;

const Data = z.record(z.string(), z.unknown()).refine(
  (data) => {
    try {
      const json = JSON.stringify(data);
      return (
        json !== undefined && json.length <= MAX_DATA_CHARS && !exceedsDepth(json, MAX_DATA_DEPTH)
      );
    } catch {
      return false; // cycles, BigInt, nesting deeper than the stack
    }
  },
  {
    message: `must be JSON of at most ${MAX_DATA_CHARS} characters, nested at most ${MAX_DATA_DEPTH} deep`,
  },
);

export const PRIORITIES = ['low', 'default', 'high', 'urgent'] as const;

export const Message = z.strictObject({
  /** What happened, for programs: `post_held`, `checks_failing`… */
  event: z.string().regex(/^[a-z][a-z0-9_.]{0,63}$/, 'event is 1 to 64 of a-z 0-9 _ .'),
  title: z.string().min(1).max(200),
  text: z.string().max(30_000).default(''),
  url: Link.nullable().default(null),
  fields: z
    .array(z.strictObject({ name: z.string().min(1).max(100), value: z.string().max(1_000) }))
    .max(10)
    .default([]),
  /** Commands to copy, shown as code, one a line. */
  commands: z.array(z.string().min(1).max(500)).max(6).default([]),
  priority: z.enum(PRIORITIES).default('default'),
  /** ntfy's tags (emoji short codes such as `warning`); other channels leave them out. */
  tags: z
    .array(z.string().regex(/^[a-z0-9_+-]{1,32}$/))
    .max(5)
    .default([]),
  /** The event's details for programs: the generic webhook's `data`. */
  data: Data.default({}),
});

/** A message as callers write it (defaults may be left out). */
export type MessageInput = z.input<typeof Message>;
/** A checked message, every default filled in. */
export type Message = z.output<typeof Message>;
