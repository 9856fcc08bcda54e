import { z } from 'zod';
import {
  bodyExcerpt,
  type HttpAnswer,
  jsonBody,
  postJson,
} from '../../shared/delivery/http-attempt.ts';
import { problemLine } from '../../shared/delivery/redact.ts';
import { type HeldPost, instructions, postContent } from './prompt.ts';
import { PROPOSAL_JSON_SCHEMA, Proposal, type ProposedReset, proposedReset } from './proposal.ts';
import type { SecondOpinionSettings } from './settings.ts';

/**
 * The second opinion: one question to an OpenAI-compatible chat-completions endpoint per held
 * post, asking for a proposal in a JSON schema (`response_format: json_schema`, strict). A
 * server that refuses the schema (400 or 422 naming `response_format`) is asked once more
 * without it, the instructions asking for JSON in the content. Never throws: every answer is
 * an outcome, and every failure has its name:
 *
 * - `late`: no answer within the timeout (both requests together);
 * - `refused`: the server said no (429, 5xx, another 4xx) or the model refused;
 * - `oversized`: an answer longer than MAX_ANSWER_BYTES (the rest is not read);
 * - `malformed`: not JSON, not the schema, or fields that contradict each other;
 * - `unreachable`: no connection.
 *
 * The key goes only in the Authorization header of requests to the endpoint (redirects are
 * not followed), and no message or problem ever quotes it.
 */

export type SecondOpinion =
  | {
      readonly outcome: 'answered';
      readonly model: string;
      readonly proposal: Proposal;
      /** What it means for the record; null: not an announcement. */
      readonly reset: ProposedReset | null;
      /** How the answer came: in the schema, or as JSON in the content (the fallback). */
      readonly format: 'json_schema' | 'json_content';
    }
  | {
      readonly outcome: 'late' | 'refused' | 'oversized' | 'malformed' | 'unreachable';
      readonly model: string;
      /** One line, no secret. */
      readonly problem: string;
    };

export interface SecondOpinionClient {
  readonly model: string;
  ask(post: HeldPost): Promise<SecondOpinion>;
}

/** A chat completion is a few hundred bytes here: anything past this is not read. */
export const MAX_ANSWER_BYTES = 64 * 1024;

/** The parts of a chat completion read here (OpenAI's shape, which compatible servers share). */
const Completion = z.object({
  choices: z
    .array(
      z.object({
        finish_reason: z.string().nullish(),
        message: z.object({
          content: z.string().nullish(),
          refusal: z.string().nullish(),
        }),
      }),
    )
    .min(1),
});

export function createSecondOpinionClient(
  settings: SecondOpinionSettings,
  timeZone: string,
): SecondOpinionClient {
  const { model } = settings;
  const secrets = settings.apiKey === null ? [] : [settings.apiKey];
  const line = (text: string) => problemLine(text, secrets);
  const headers: Record<string, string> =
    settings.apiKey === null ? {} : { authorization: `Bearer ${settings.apiKey}` };

  const request = (post: HeldPost, withSchema: boolean) => ({
    url: settings.endpoint,
    headers,
    body: JSON.stringify({
      model,
      temperature: 0,
      messages: [
        { role: 'system', content: instructions(timeZone) },
        { role: 'user', content: postContent(post) },
      ],
      ...(withSchema
        ? {
            response_format: {
              type: 'json_schema',
              json_schema: { name: 'reset_proposal', strict: true, schema: PROPOSAL_JSON_SCHEMA },
            },
          }
        : {}),
    }),
  });

  return {
    model,
    async ask(post) {
      const deadline = Date.now() + settings.timeoutMs;
      const send = (withSchema: boolean) =>
        postJson(request(post, withSchema), {
          timeoutMs: Math.max(1, deadline - Date.now()),
          maxBodyBytes: MAX_ANSWER_BYTES,
        });
      let answer = await send(true);
      let format: 'json_schema' | 'json_content' = 'json_schema';
      if (refusesSchema(answer)) {
        answer = await send(false);
        format = 'json_content';
      }
      const failed = (outcome: Exclude<SecondOpinion['outcome'], 'answered'>, problem: string) =>
        ({ outcome, model, problem: line(problem) }) as const;

      if (answer.status === 0) {
        if (answer.timedOut) return failed('late', `no answer within ${settings.timeoutMs} ms`);
        return failed('unreachable', answer.failure ?? 'no answer');
      }
      if (answer.status < 200 || answer.status >= 300)
        return failed(
          'refused',
          `the endpoint answered ${answer.status}${bodyExcerpt(answer.body)}`,
        );
      if (answer.truncated)
        return failed('oversized', `the answer is longer than ${MAX_ANSWER_BYTES} bytes`);
      const completion = Completion.safeParse(jsonBody(answer.body));
      if (!completion.success) return failed('malformed', 'not a chat completion');
      const choice = completion.data.choices[0]!;
      if (typeof choice.message.refusal === 'string' && choice.message.refusal !== '')
        return failed('refused', `the model refused: ${choice.message.refusal}`);
      if (choice.finish_reason === 'length')
        return failed('malformed', 'the answer was cut off (finish_reason "length")');
      const content = choice.message.content;
      if (typeof content !== 'string' || content.trim() === '')
        return failed('malformed', 'the answer has no content');
      const proposal = Proposal.safeParse(jsonBody(withoutFences(content)));
      if (!proposal.success) {
        const issue = proposal.error.issues[0]!;
        return failed(
          'malformed',
          `the answer is not a proposal: ${issue.path.join('.') || 'the content'} ${issue.message}`,
        );
      }
      const reset = proposedReset(proposal.data);
      if ('problem' in reset)
        return failed('malformed', `the proposal contradicts itself: ${reset.problem}`);
      return { outcome: 'answered', model, proposal: proposal.data, reset: reset.reset, format };
    },
  };
}

/** A 400 or 422 that names the response format: a server without structured outputs. */
function refusesSchema(answer: HttpAnswer): boolean {
  return (
    (answer.status === 400 || answer.status === 422) &&
    /response_format|json_schema/i.test(answer.body)
  );
}

/** Models without structured outputs often wrap JSON in a ```json fence. */
function withoutFences(content: string): string {
  const fenced = /^\s*```(?:json)?\s*\n([\s\S]*?)\n\s*```\s*$/.exec(content);
  return fenced === null ? content : fenced[1]!;
}
