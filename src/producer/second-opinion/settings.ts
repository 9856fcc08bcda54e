/**
 * The second opinion's settings (SECOND_OPINION_*, src/producer/config.ts): an
 * OpenAI-compatible chat-completions endpoint, the model to ask, an optional key.
 */
export interface SecondOpinionSettings {
  /** The full `…/chat/completions` URL. */
  readonly endpoint: string;
  readonly model: string;
  /** Sent only as `Authorization: Bearer …` to `endpoint`; null for a local server. */
  readonly apiKey: string | null;
  /** The most one question may take, the fallback request included. */
  readonly timeoutMs: number;
}

/** A base URL (`https://api.openai.com/v1`) gets `/chat/completions`; a full one is kept. */
export function chatCompletionsEndpoint(url: string): string {
  const trimmed = url.replace(/\/+$/, '');
  return /\/chat\/completions$/.test(trimmed) ? trimmed : `${trimmed}/chat/completions`;
}
