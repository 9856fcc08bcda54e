import { ResetRecordsError } from './errors.ts';

/**
 * Reads a response body as UTF-8 text, never more than `maxBytes`: a Content-Length over
 * the bound is refused before reading, and a body without one (chunked, or a server that
 * lies) is cut as soon as it passes the bound. `fetch` alone would buffer any size.
 */
export async function readBoundedText(response: Response, maxBytes: number): Promise<string> {
  const declared = response.headers.get('content-length');
  if (declared !== null && /^\d+$/.test(declared) && Number(declared) > maxBytes) {
    await response.body?.cancel().catch(() => {});
    throw tooLarge(maxBytes);
  }
  if (response.body === null) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      throw tooLarge(maxBytes);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new ResetRecordsError('invalid_response', 'response body is not UTF-8', response.status);
  }
}

const tooLarge = (maxBytes: number) =>
  new ResetRecordsError('body_too_large', `response body over ${maxBytes} bytes`);
