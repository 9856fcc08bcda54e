/**
 * One HTTP POST of JSON (to a channel, or to a model's endpoint), bounded: a deadline for the whole exchange (connecting,
 * sending, the answer's headers and body), a cap on the answer's body (the rest is not
 * read), redirects not followed (a URL that holds a token must not be sent elsewhere).
 * Never throws: a failure is an answer of status 0 with the reason.
 */

export interface HttpRequest {
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

export interface HttpAnswer {
  /** 0 when no answer came (refused, reset, too late). */
  readonly status: number;
  readonly headers: Headers;
  /** The first `maxBodyBytes` of the body, as text. */
  readonly body: string;
  /** True when the body was longer than `maxBodyBytes` (the rest was not read). */
  readonly truncated: boolean;
  /** Why no answer came, when status is 0. */
  readonly failure: string | null;
  /** True when the deadline passed (the request may still have been received). */
  readonly timedOut: boolean;
}

export interface AttemptBounds {
  readonly timeoutMs: number;
  readonly maxBodyBytes: number;
  /** Aborts at once (the sender closing). */
  readonly signal?: AbortSignal;
}

export async function postJson(request: HttpRequest, bounds: AttemptBounds): Promise<HttpAnswer> {
  const deadline = AbortSignal.timeout(bounds.timeoutMs);
  const signal =
    bounds.signal === undefined ? deadline : AbortSignal.any([deadline, bounds.signal]);
  try {
    const response = await fetch(request.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...request.headers },
      body: request.body,
      redirect: 'manual',
      signal,
    });
    const { body, truncated } = await readBounded(response, bounds.maxBodyBytes);
    return {
      status: response.status,
      headers: response.headers,
      body,
      truncated,
      failure: null,
      timedOut: false,
    };
  } catch (error) {
    const timedOut = deadline.aborted;
    const failure = timedOut
      ? `no answer within ${bounds.timeoutMs} ms`
      : bounds.signal?.aborted
        ? 'stopped'
        : causeOf(error);
    return { status: 0, headers: new Headers(), body: '', truncated: false, failure, timedOut };
  }
}

/** The body's first `maxBytes` bytes; the rest is left unread and the stream cancelled. */
async function readBounded(
  response: Response,
  maxBytes: number,
): Promise<{ body: string; truncated: boolean }> {
  if (response.body === null) return { body: '', truncated: false };
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let truncated = false;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (size + value.byteLength > maxBytes) {
      chunks.push(value.subarray(0, maxBytes - size));
      truncated = true;
      await reader.cancel().catch(() => {});
      break;
    }
    chunks.push(value);
    size += value.byteLength;
  }
  return { body: Buffer.concat(chunks).toString('utf8'), truncated };
}

/** undici says "fetch failed" and puts the reason (ECONNREFUSED…) in `cause`. */
function causeOf(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown; message?: unknown } })?.cause;
  if (typeof cause?.code === 'string') return `network error (${cause.code})`;
  if (typeof cause?.message === 'string') return `network error (${cause.message})`;
  return error instanceof Error ? `network error (${error.message})` : 'network error';
}

/** An answer's body as JSON, or undefined when it is not JSON. */
export function jsonBody(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

/** The start of an error body for a message (Slack says `channel_is_archived`…), or ''. */
export function bodyExcerpt(body: string): string {
  const text = body.trim();
  if (text === '') return '';
  return `: ${text.length <= 160 ? text : `${text.slice(0, 159)}…`}`;
}
