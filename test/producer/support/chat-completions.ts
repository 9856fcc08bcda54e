import { json, type Protocol } from '../../delivery/support/stand-in.ts';

/**
 * A local stand-in of an OpenAI-compatible chat-completions endpoint
 * (`POST /v1/chat/completions`): it checks the bearer key, reads the request as OpenAI does
 * (model, messages, an optional `response_format`), and answers with a chat completion
 * whose content `model` writes from the request. Without structured outputs it refuses a
 * `json_schema` response format with OpenAI's 400, as servers without them do.
 */

export interface ChatRequest {
  readonly model: string;
  readonly messages: readonly { readonly role: string; readonly content: string }[];
  readonly response_format?: unknown;
  readonly temperature?: number;
}

export interface ModelAnswer {
  readonly content: string | null;
  readonly refusal?: string;
  readonly finishReason?: string;
}

export function chatCompletionsProtocol(options: {
  readonly key: string | null;
  readonly model: (request: ChatRequest) => ModelAnswer;
  readonly structuredOutputs?: boolean;
}): Protocol {
  let nextId = 1;
  return (request) => {
    if (request.path !== '/v1/chat/completions')
      return json(404, { error: { message: 'Not found', type: 'invalid_request_error' } });
    if (options.key !== null && request.headers.authorization !== `Bearer ${options.key}`) {
      return json(401, {
        error: {
          message: 'Incorrect API key provided.',
          type: 'invalid_request_error',
          code: 'invalid_api_key',
        },
      });
    }
    let body: ChatRequest;
    try {
      body = JSON.parse(request.body) as ChatRequest;
    } catch {
      return json(400, {
        error: {
          message: 'We could not parse the JSON body of your request.',
          type: 'invalid_request_error',
        },
      });
    }
    if (body.response_format !== undefined && options.structuredOutputs === false) {
      return json(400, {
        error: {
          message:
            "Invalid parameter: 'response_format' of type 'json_schema' is not supported with this model.",
          type: 'invalid_request_error',
          param: 'response_format',
          code: null,
        },
      });
    }
    const answer = options.model(body);
    return json(200, {
      id: `chatcmpl-${nextId++}`,
      object: 'chat.completion',
      created: 1_790_000_000,
      model: body.model,
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content: answer.content, refusal: answer.refusal ?? null },
          finish_reason: answer.finishReason ?? 'stop',
        },
      ],
      usage: { prompt_tokens: 900, completion_tokens: 80, total_tokens: 980 },
    });
  };
}
