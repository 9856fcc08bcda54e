import { z } from 'zod';
import { RESET_TYPES } from '../../shared/domain/record.ts';
import { Timestamp } from '../../shared/domain/timestamp.ts';

/**
 * The shape of `GET /status.json` (answer.md §2) as a zod schema: the tests check every
 * body against it, and its OpenAPI document (status-openapi.ts) is generated from it. It
 * is kept out of the domain's global registry (no `id`), so the contract's OpenAPI
 * document stays exactly the contract's API.
 */

const scope = {
  resetType: z.enum(RESET_TYPES),
  plans: z
    .array(z.string())
    .describe('Plan ids as the record gives them: `all`, `unknown` or a list.'),
  windows: z
    .array(z.string())
    .describe('Quota windows, e.g. `five_hour`, `weekly`; `unknown` if unspecified.'),
};

export const StatusReset = z
  .strictObject({
    recordId: z.string(),
    at: Timestamp.describe('When the reset happened: completedAt ?? effectiveAt ?? announcedAt.'),
    ...scope,
  })
  .describe('A completed reset.');

export const StatusSchedule = z
  .strictObject({
    recordId: z.string(),
    ...scope,
    precision: z.enum(['date', 'datetime']).nullable(),
    startAt: Timestamp.nullable().describe('Window start; null for a schedule without a window.'),
    endAt: Timestamp.nullable().describe(
      'Window end (equal to startAt for an exact time); null without a window.',
    ),
    inProgress: z.boolean().describe('The window has started and not ended.'),
  })
  .describe('An open schedule: pending, its window not ended (or no window).');

export const StatusAnswer = z
  .strictObject({
    generatedAt: Timestamp.describe('When the published snapshot was generated.'),
    lastSuccessfulCheckAt: Timestamp.nullable().describe(
      'The last successful check of the source.',
    ),
    stale: z
      .boolean()
      .describe(
        'No successful check for more than 30 hours (or none): the answer may be missing resets.',
      ),
    lastReset: StatusReset.nullable().describe('The completion with the latest reset time.'),
    lastGlobalReset: StatusReset.nullable().describe(
      'The same among global resets (`global`, `global_and_banked`).',
    ),
    next: StatusSchedule.nullable().describe('`open[0]`: the next reset, or null.'),
    open: z
      .array(StatusSchedule)
      .describe(
        'Every open schedule: earliest window start first (then end, then id); no window last.',
      ),
    links: z.strictObject({ api: z.string(), feed: z.string(), calendar: z.string() }),
  })
  .describe("The status page's own answer, for widgets, bots and agents: one uncounted call.");

export type StatusAnswer = z.infer<typeof StatusAnswer>;
