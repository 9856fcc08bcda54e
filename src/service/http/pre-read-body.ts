import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';

/**
 * A request body the fast path read (fast-path.ts: a POST /mcp it then found it does not
 * answer itself), handed on to Fastify with the request: the stream is spent, so the
 * route's preParsing hook (mcp-route.ts) replays these bytes in its place.
 */
const bodies = new WeakMap<IncomingMessage, Buffer>();

export function keepPreReadBody(request: IncomingMessage, body: Buffer): void {
  bodies.set(request, body);
}

/** The stream Fastify reads the body from: the pre-read bytes, or the request itself. */
export function bodyStream(request: IncomingMessage): Readable | undefined {
  const body = bodies.get(request);
  if (body === undefined) return undefined;
  bodies.delete(request);
  return Readable.from([body], { objectMode: false });
}
