import { connect } from 'node:net';

/**
 * HTTP/1.1 over a raw TCP socket, for requests no HTTP client would send (missing Host,
 * CONNECT, asterisk-form, odd bytes) and a strict reading of what comes back: every byte
 * the server sends must parse as a response, or `exchange` reports it.
 */

export interface RawResponse {
  readonly statusLine: string;
  readonly status: number;
  /** Lower-case names, in arrival order, with every value of a repeated header. */
  readonly headers: ReadonlyMap<string, readonly string[]>;
  readonly body: Buffer;
  header(name: string): string | undefined;
  json(): unknown;
}

export interface Exchange {
  /** Every complete response, 1xx interim responses included, in arrival order. */
  readonly responses: readonly RawResponse[];
  /** Bytes received after the last complete response (a partial or malformed response). */
  readonly rest: Buffer;
  /** Why a response could not be parsed, if one could not. */
  readonly malformed: string | undefined;
  /** The server closed the connection. */
  readonly closed: boolean;
  /** Nothing final arrived and the server did not close within the time limit. */
  readonly timedOut: boolean;
  readonly ms: number;
}

export interface ExchangeOptions {
  /** The request's method: the response to HEAD has no body. */
  readonly method?: string;
  /** The hard limit for the whole exchange. */
  readonly timeoutMs?: number;
  /** After a final response, how long to wait for more bytes before hanging up. */
  readonly settleMs?: number;
}

const STATUS_LINE = /^HTTP\/1\.[01] ([1-5]\d\d) [^\r\n]*$/;
const HEADER_LINE = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+):[ \t]*(.*?)[ \t]*$/;

class Malformed extends Error {}

/** Sends `request` (bytes as written) on a new connection and reads what comes back. */
export function exchange(
  port: number,
  request: string | Buffer,
  options: ExchangeOptions = {},
): Promise<Exchange> {
  const { method = 'GET', timeoutMs = 5_000, settleMs = 30 } = options;
  const started = Date.now();
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let data = Buffer.alloc(0);
    const responses: RawResponse[] = [];
    let malformed: string | undefined;
    let closed = false;
    let settle: NodeJS.Timeout | undefined;
    let done = false;

    const finish = (timedOut: boolean) => {
      if (done) return;
      done = true;
      clearTimeout(hardLimit);
      clearTimeout(settle);
      socket.destroy();
      resolve({ responses, rest: data, malformed, closed, timedOut, ms: Date.now() - started });
    };
    const hardLimit = setTimeout(() => finish(!responses.some(isFinal)), timeoutMs);

    const parseAvailable = () => {
      while (malformed === undefined && data.length > 0) {
        try {
          const noBody = method === 'HEAD' && !responses.some(isFinal);
          const parsed = parseResponse(data, noBody, closed);
          if (parsed === undefined) return;
          responses.push(parsed.response);
          data = data.subarray(parsed.consumed);
        } catch (error) {
          if (!(error instanceof Malformed)) throw error;
          malformed = error.message;
        }
      }
    };

    socket.on('data', (chunk: Buffer) => {
      data = Buffer.concat([data, chunk]);
      parseAvailable();
      if (responses.some(isFinal)) {
        clearTimeout(settle);
        settle = setTimeout(() => finish(false), settleMs);
      }
    });
    socket.on('error', () => undefined); // a reset shows as `closed`
    socket.on('close', () => {
      closed = true;
      parseAvailable(); // a body delimited by the close is complete now
      finish(false);
    });
    socket.write(request);
  });
}

const isFinal = (response: RawResponse) => response.status >= 200;

/** One response at the start of `data`, or undefined while it is incomplete. */
function parseResponse(
  data: Buffer,
  noBody: boolean,
  closed: boolean,
): { response: RawResponse; consumed: number } | undefined {
  const headEnd = data.indexOf('\r\n\r\n');
  if (headEnd === -1) {
    if (closed) throw new Malformed(`incomplete head: ${JSON.stringify(data.toString('latin1'))}`);
    return undefined;
  }
  const [statusLine = '', ...lines] = data.subarray(0, headEnd).toString('latin1').split('\r\n');
  const status = STATUS_LINE.exec(statusLine);
  if (status === null) throw new Malformed(`bad status line: ${JSON.stringify(statusLine)}`);
  const headers = new Map<string, string[]>();
  for (const line of lines) {
    const match = HEADER_LINE.exec(line);
    if (match === null) throw new Malformed(`bad header line: ${JSON.stringify(line)}`);
    const name = match[1]!.toLowerCase();
    headers.set(name, [...(headers.get(name) ?? []), match[2]!]);
  }
  const code = Number(status[1]);
  const bodyStart = headEnd + 4;
  const framing = bodyFraming(data, bodyStart, code, noBody, headers, closed);
  if (framing === undefined) return undefined;
  const header = (name: string) => headers.get(name)?.join(', ');
  const body = framing.body;
  return {
    response: {
      statusLine,
      status: code,
      headers,
      body,
      header,
      json: () => JSON.parse(body.toString('utf8')),
    },
    consumed: framing.end,
  };
}

/** The body of a response per RFC 9112 §6.3, or undefined while it is incomplete. */
function bodyFraming(
  data: Buffer,
  start: number,
  status: number,
  noBody: boolean,
  headers: Map<string, string[]>,
  closed: boolean,
): { body: Buffer; end: number } | undefined {
  if (status < 200 || status === 204 || status === 304)
    return { body: Buffer.alloc(0), end: start };
  if (noBody) {
    // The answer to HEAD has no body, unless the server could not parse the request and so
    // never saw HEAD: a refusal like that closes the connection, so wait for the close.
    if (headers.get('connection')?.join(',').toLowerCase() !== 'close') {
      return { body: Buffer.alloc(0), end: start };
    }
    if (!closed) return undefined;
    if (data.length === start) return { body: Buffer.alloc(0), end: start };
  }
  const encoding = headers.get('transfer-encoding');
  if (encoding !== undefined) {
    if (encoding.join(',').trim().toLowerCase() !== 'chunked') {
      throw new Malformed(`unexpected transfer-encoding ${encoding.join(', ')}`);
    }
    return chunkedBody(data, start, closed);
  }
  const length = headers.get('content-length');
  if (length !== undefined) {
    if (length.length !== 1 || !/^\d+$/.test(length[0]!)) {
      throw new Malformed(`bad content-length ${length.join(', ')}`);
    }
    const end = start + Number(length[0]);
    if (data.length < end) {
      if (closed) throw new Malformed('body shorter than content-length');
      return undefined;
    }
    return { body: data.subarray(start, end), end };
  }
  return closed ? { body: data.subarray(start), end: data.length } : undefined;
}

function chunkedBody(
  data: Buffer,
  start: number,
  closed: boolean,
): { body: Buffer; end: number } | undefined {
  const chunks: Buffer[] = [];
  let at = start;
  for (;;) {
    const lineEnd = data.indexOf('\r\n', at);
    if (lineEnd === -1) break;
    const sizeText = data.subarray(at, lineEnd).toString('latin1').split(';', 1)[0]!;
    if (!/^[0-9a-fA-F]+$/.test(sizeText)) throw new Malformed(`bad chunk size ${sizeText}`);
    const size = Number.parseInt(sizeText, 16);
    if (size === 0) {
      const end = data.indexOf('\r\n\r\n', lineEnd);
      const noTrailers = data.subarray(lineEnd, lineEnd + 4).toString('latin1') === '\r\n\r\n';
      if (noTrailers) return { body: Buffer.concat(chunks), end: lineEnd + 4 };
      if (end === -1) break;
      return { body: Buffer.concat(chunks), end: end + 4 };
    }
    if (data.length < lineEnd + 2 + size + 2) break;
    chunks.push(data.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
  if (closed) throw new Malformed('chunked body cut short');
  return undefined;
}
